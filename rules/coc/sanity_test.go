package coc

import (
	"testing"

	"rulekeeper/rules/dice"
)

func sanChar(t *testing.T, san, intl int) *Character {
	t.Helper()
	c := must(New("Ada", 30, Scores{STR: 50, CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: intl, POW: san, EDU: 60}, 50))
	c.SAN = san
	return c
}

// faces joins forced faces of d100 rolls (given as values) and plain dice faces.
func faces(parts ...[]int) dice.Roller {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return dice.NewScripted(out)
}

func TestParseLoss(t *testing.T) {
	for _, s := range []string{"0/1d6", "1/1D4+1", "1D10/1D100", " 0 ／ 1d6 "} {
		if _, err := ParseLoss(s); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	for _, s := range []string{"", "1d6", "0/", "/1d6", "0/1d6/2", "0/1d6>3", "0/1d6 scary"} {
		if _, err := ParseLoss(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if l := must(ParseLoss("0/1D6")); l.String() != "0/1D6" {
		t.Errorf("got %s", l)
	}
}

// §6.1 E6.1: SAN 55, loss 1/1D6+1: a roll of 40 loses 1; a roll of 80 loses 1D6+1.
func TestSanityE6_1(t *testing.T) {
	c := sanChar(t, 55, 70)
	res := must(c.Sanity(rolls(40), SanityInput{Loss: "1/1D6+1", Day: 1}))
	if !res.Check.Success || res.Lost != 1 || res.After != 54 || res.Notation != "1" {
		t.Errorf("success: %+v", res)
	}
	res = must(c.Sanity(faces(d100faces(80), []int{3}), SanityInput{Loss: "1/1D6+1", Day: 1}))
	if res.Check.Success || res.Lost != 4 || res.After != 50 || res.Notation != "1D6+1" || res.INT != nil {
		t.Errorf("failure: %+v", res)
	}
	if c.SanDay != (SanDay{Day: 1, Start: 55, Lost: 5}) {
		t.Errorf("day %+v", c.SanDay)
	}
}

// §6.1 E6.2: SAN 45, loss 0/1D6+1, roll 97 → fumble (SAN below 50) → lose the maximum, 7; no loss dice rolled.
func TestSanityE6_2(t *testing.T) {
	c := sanChar(t, 45, 40)
	res := must(c.Sanity(faces(d100faces(97), d100faces(90)), SanityInput{Loss: "0/1D6+1", Day: 1}))
	if res.Check.Level != Fumble || !res.MaxLoss || res.Lost != 7 || res.After != 38 {
		t.Errorf("got %+v", res)
	}
	// 7 ≥ 5: the INT roll came from the next faces (90 fails against INT 40)
	if res.INT == nil || res.INT.Final != 90 || res.Temporary {
		t.Errorf("INT roll: %+v", res.INT)
	}
}

// §6.2–6.3 E6.3: SAN 60 loses 6 → INT 70 rolls 35 → temporarily insane for 1d10 hours; first Mythos insanity:
// Cthulhu Mythos 0 → 5, max SAN 94.
func TestSanityE6_3(t *testing.T) {
	c := sanChar(t, 60, 70)
	res := must(c.Sanity(faces(d100faces(80), []int{6}, d100faces(35), []int{4}),
		SanityInput{Loss: "1/1d10", Day: 3, Mythos: true}))
	if res.Lost != 6 || res.INT == nil || !res.INT.Success || !res.Temporary || !res.Bout || res.Hours.Total != 4 {
		t.Fatalf("got %+v", res)
	}
	if res.Mythos != 5 || c.Mythos() != 5 || c.MaxSAN() != 94 || res.MaxSAN != 94 {
		t.Errorf("mythos %d, CM %d, max SAN %d", res.Mythos, c.Mythos(), c.MaxSAN())
	}
	got := c.Conditions[0]
	if got != (ActiveCondition{ID: InsanityTemporary, Day: 3, Hours: 4}) {
		t.Errorf("condition %+v", got)
	}
	// a further loss while insane: a bout, no INT roll; a second Mythos insanity adds only 1 (here none: no new insanity)
	res = must(c.Sanity(faces(d100faces(80), []int{2}), SanityInput{Loss: "0/1d3", Day: 3, Mythos: true}))
	if !res.Bout || res.INT != nil || res.Mythos != 0 {
		t.Errorf("while insane: %+v", res)
	}
}

// The second Mythos insanity adds 1 Cthulhu Mythos; SAN above the new maximum comes down.
func TestSanitySecondMythosInsanity(t *testing.T) {
	c := sanChar(t, 99, 70)
	c.MythosInsanities = 1
	must(0, c.SetSkill(CthulhuMythos, "", 3))
	if c.SAN != 96 {
		t.Fatalf("SAN %d above max", c.SAN)
	}
	res := must(c.Sanity(faces(d100faces(99), []int{5}, d100faces(10), []int{1}), SanityInput{Loss: "0/1d6", Day: 1, Mythos: true}))
	if !res.Temporary || res.Mythos != 1 || c.Mythos() != 4 || c.SAN != 91 || c.MaxSAN() != 95 {
		t.Errorf("got %+v CM %d SAN %d", res, c.Mythos(), c.SAN)
	}
}

// §6.3 E6.4: start of day 60 → limit 12; losses 5, 4, 3 → indefinitely insane at the third. Start 52 → limit 10.
func TestSanityE6_4(t *testing.T) {
	c := sanChar(t, 60, 50)
	r := faces(d100faces(90), []int{5}, d100faces(80), // lose 5: INT roll 80 fails
		d100faces(90), []int{4}, d100faces(90), []int{3})
	var res *SanityResult
	for i := range 3 {
		res = must(c.Sanity(r, SanityInput{Loss: "0/1d6", Day: 7}))
		if res.DayLimit != 12 {
			t.Fatalf("limit %d", res.DayLimit)
		}
		if i < 2 && res.Indefinite {
			t.Fatalf("loss %d: indefinite too early (%+v)", i+1, res.Day)
		}
	}
	if !res.Indefinite || !res.Bout || res.Day.Lost != 12 || !c.Has(InsanityIndefinite) {
		t.Errorf("third loss: %+v", res)
	}
	// a new day starts a new tally
	res = must(c.Sanity(faces(d100faces(90), []int{1}), SanityInput{Loss: "0/1d6", Day: 8}))
	if res.Day != (SanDay{Day: 8, Start: 48, Lost: 1}) || res.DayLimit != 9 || res.Indefinite {
		t.Errorf("next day: %+v", res)
	}
	c2 := sanChar(t, 52, 50)
	res = must(c2.Sanity(faces(d100faces(90), []int{4}), SanityInput{Loss: "0/1d6", Day: 1}))
	if res.DayLimit != 10 {
		t.Errorf("start 52: limit %d", res.DayLimit)
	}
}

// SAN 0 is permanent insanity; the loss never takes SAN below 0.
func TestSanityPermanent(t *testing.T) {
	c := sanChar(t, 3, 50)
	res := must(c.Sanity(faces(d100faces(90), []int{6}), SanityInput{Loss: "1/1d6", Day: 1}))
	if res.Lost != 3 || res.After != 0 || !res.Permanent || !c.Has(InsanityPermanent) {
		t.Errorf("got %+v", res)
	}
}

func TestSanityErrors(t *testing.T) {
	c := sanChar(t, 50, 50)
	_, err := c.Sanity(rolls(10), SanityInput{Loss: "bad"})
	wantCode(t, err, ErrBadLoss)
	_, err = c.Sanity(rolls(10), SanityInput{Loss: "0/1d6", Day: -1})
	wantCode(t, err, ErrBadDay)
	c.HP = 0
	c.add(Dead)
	_, err = c.Sanity(rolls(10), SanityInput{Loss: "0/1d6"})
	wantCode(t, err, ErrIsDead)
}

func TestGainSanity(t *testing.T) {
	c := sanChar(t, 90, 50)
	must(0, c.SetSkill(CthulhuMythos, "", 5))
	if got := must(c.GainSanity(10)); got != 4 || c.SAN != 94 {
		t.Errorf("gained %d, SAN %d", got, c.SAN)
	}
	_, err := c.GainSanity(-1)
	wantCode(t, err, ErrBadAmount)
}

func TestRollBout(t *testing.T) {
	b := must(RollBout(forced(7, 3), BoutRealtime))
	if b.Duration.Total != 7 || b.Entry.Total != 3 {
		t.Errorf("got %+v", b)
	}
	_, err := RollBout(forced(1, 1), "forever")
	wantCode(t, err, ErrBadBoutMode)
}
