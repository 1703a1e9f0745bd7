package coc

import "testing"

// §9 E9.1: Spot Hidden 45 marked: 72 → +1D10; 45 → no change (must be greater); 30 → no change.
func TestDevelopE9_1(t *testing.T) {
	for _, tc := range []struct {
		roll, gain, after int
		improved          bool
	}{{72, 6, 51, true}, {45, 0, 45, false}, {30, 0, 45, false}} {
		c := investigator(t)
		must(c.Mark("spot_hidden", ""))
		f := d100faces(tc.roll)
		if tc.gain > 0 {
			f = append(f, tc.gain)
		}
		d := must(c.Develop(forced(f...)))
		imp := d.Improvements[0]
		if imp.Improved != tc.improved || imp.After != tc.after || must(c.SkillValue("spot_hidden", "")) != tc.after {
			t.Errorf("roll %d: %+v", tc.roll, imp)
		}
		if c.Skills[c.entry("spot_hidden", "")].Mark {
			t.Error("mark not cleared")
		}
	}
}

// §9 E9.2: skill 97 rolls 98 → improves (+3 → 100); skill 99 rolls 96 → improves.
func TestDevelopE9_2(t *testing.T) {
	if !Improves(98, 97) || !Improves(96, 99) || Improves(95, 99) || Improves(45, 45) || !Improves(46, 45) {
		t.Error("Improves")
	}
	c := investigator(t)
	must(0, c.SetSkill("occult", "", 97))
	must(c.Mark("occult", ""))
	d := must(c.Develop(faces(d100faces(98), []int{3})))
	if d.Improvements[0].After != 100 || d.Improvements[0].Mastery {
		t.Errorf("got %+v", d.Improvements[0])
	}
}

// §9 E9.3: skill 85 rolls 90 → +7 → 92: crossed 90 → +2D6 SAN (G6: on crossing only).
func TestDevelopE9_3(t *testing.T) {
	c := investigator(t)
	c.SAN = 50
	must(0, c.SetSkill("occult", "", 85))
	must(c.Mark("occult", ""))
	must(c.Mark("listen", "")) // base 20: roll 10 → no change
	d := must(c.Develop(faces(d100faces(90), []int{7}, []int{4, 5}, d100faces(10))))
	imp := d.Improvements[0]
	if imp.After != 92 || !imp.Mastery || imp.SAN.Total != 9 || c.SAN != 59 || d.SANBefore != 50 || d.SANAfter != 59 {
		t.Errorf("got %+v SAN %d", imp, c.SAN)
	}
	if len(d.Improvements) != 2 || d.Improvements[1].Skill != "listen" || d.Improvements[1].Improved {
		t.Errorf("listen %+v", d.Improvements)
	}
	// already 90+: no SAN again
	must(c.Mark("occult", ""))
	d = must(c.Develop(faces(d100faces(97), []int{2})))
	if d.Improvements[0].Mastery || d.Improvements[0].After != 94 {
		t.Errorf("again: %+v", d.Improvements[0])
	}
}

func TestDevelopNoMarks(t *testing.T) {
	c := investigator(t)
	_, err := c.Develop(rolls(10))
	wantCode(t, err, ErrNoMarks)
}

// Credit Rating and Cthulhu Mythos never take marks (§9); a success marks a skill once.
func TestMarks(t *testing.T) {
	c := investigator(t)
	if ok := must(c.Mark(CreditRating, "")); ok {
		t.Error("credit rating marked")
	}
	res := must(c.Check(rolls(10), CheckOptions{Subject: SkillSubject(CthulhuMythos)}))
	if res.Mark {
		t.Error("mythos marked")
	}
	res = must(c.Check(rolls(10), CheckOptions{Subject: Subject{Skill: LanguageOther, Spec: "Latin"}}))
	if res.Success || res.Mark {
		t.Errorf("latin 1: %+v", res)
	}
	res = must(c.Check(rolls(1), CheckOptions{Subject: Subject{Skill: LanguageOther, Spec: "Latin"}}))
	if !res.Mark || !c.Skills[c.entry(LanguageOther, "latin")].Mark || c.Skills[c.entry(LanguageOther, "Latin")].Value != 1 {
		t.Errorf("latin crit: %+v %+v", res, c.Skills)
	}
	c.Skills = append(c.Skills, SkillEntry{ID: CreditRating, Value: 30, Mark: true})
	wantCode(t, c.Validate(), ErrBadMark)
}

// §5.5 Luck recovery: d100 over Luck adds 1D10, at most 99.
func TestRecoverLuck(t *testing.T) {
	c := investigator(t) // Luck 40
	res := must(c.RecoverLuck(faces(d100faces(72), []int{5})))
	if !res.Improved || res.After != 45 || c.Luck != 45 {
		t.Errorf("got %+v", res)
	}
	res = must(c.RecoverLuck(rolls(45)))
	if res.Improved || c.Luck != 45 {
		t.Errorf("equal: %+v", res)
	}
	c.Luck = 95
	res = must(c.RecoverLuck(faces(d100faces(100), []int{10})))
	if c.Luck != 99 || res.After != 99 {
		t.Errorf("capped: %+v", res)
	}
}
