package coc

import (
	"testing"
)

func investigator(t *testing.T) *Character {
	t.Helper()
	c := must(New("Harvey Walters", 42, Scores{STR: 55, CON: 60, SIZ: 65, DEX: 70, APP: 50, INT: 85, POW: 60, EDU: 80}, 40))
	for _, s := range []struct {
		id    Skill
		value int
	}{{"library_use", 60}, {"spot_hidden", 45}, {FightingBrawl, 50}, {Dodge, 40}, {"firearms_handgun", 45},
		{FirstAidSkill, 50}, {MedicineSkill, 40}, {"persuade", 50}} {
		if err := c.SetSkill(s.id, "", s.value); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// §5.4 E5.13: Library Use 60 rolls 71; the push rolls 44 → regular success. A failed push carries the consequence
// and cannot be pushed again.
func TestPushE5_13(t *testing.T) {
	c := investigator(t)
	first := must(c.Check(rolls(71), CheckOptions{Subject: SkillSubject("library_use")}))
	if first.Success || first.Level != Failure {
		t.Fatalf("first: %+v", first)
	}
	pushed := must(c.Push(rolls(44), first))
	if !pushed.Success || pushed.Level != Regular || !pushed.Pushed || pushed.Consequence || !pushed.Mark {
		t.Errorf("pushed: %+v", pushed)
	}
	if !c.Skills[c.entry("library_use", "")].Mark {
		t.Error("library use not marked")
	}
	failed := must(Push(rolls(88), first))
	if failed.Success || !failed.Consequence {
		t.Errorf("failed push: %+v", failed)
	}
	_, err := Push(rolls(10), failed)
	wantCode(t, err, ErrPushTwice)
}

func TestPushRefusals(t *testing.T) {
	ok := must(Check(rolls(10), CheckInput{Value: 50}))
	_, err := Push(rolls(10), ok)
	wantCode(t, err, ErrPushSucceeded)
	fumble := must(Check(rolls(100), CheckInput{Value: 50}))
	_, err = Push(rolls(10), fumble)
	wantCode(t, err, ErrPushFumble)
	lucky := must(SpendLuck(must(Check(rolls(58), CheckInput{Value: 50})), 3))
	_, err = Push(rolls(10), lucky)
	wantCode(t, err, ErrPushAfterLuck)
	for _, s := range []Subject{SkillSubject(FightingBrawl), SkillSubject("firearms_handgun"), SkillSubject(Dodge),
		SkillSubject(CthulhuMythos), CharSubject(Luck), {San: true}} {
		failed := must(Check(rolls(90), CheckInput{Subject: s, Value: 20}))
		_, err := Push(rolls(10), failed)
		wantCode(t, err, ErrNoPush)
	}
	thrown := must(Check(rolls(90), CheckInput{Subject: SkillSubject(Throw), Value: 20, Combat: true}))
	_, err = Push(rolls(10), thrown)
	wantCode(t, err, ErrNoPush)
	// Throw outside combat (a rope to a friend) may be pushed.
	rope := must(Check(rolls(90), CheckInput{Subject: SkillSubject(Throw), Value: 20}))
	if _, err := Push(rolls(10), rope); err != nil {
		t.Error(err)
	}
}

// §5.5 E5.14: skill 50, roll 58, Luck 40 → spend 8 → regular, Luck 32, no mark; hard would cost 33; fumbles are
// never bought off.
func TestLuckE5_14(t *testing.T) {
	c := investigator(t)
	res := must(c.Check(rolls(58), CheckOptions{Subject: SkillSubject("persuade")}))
	if cost, ok := res.LuckCost(Hard); !ok || cost != 33 {
		t.Errorf("hard costs %d %v", cost, ok)
	}
	if need, ok := res.LuckNeeded(); !ok || need != 8 {
		t.Errorf("needed %d %v", need, ok)
	}
	bought := must(c.SpendLuck(res, 8))
	if bought.Final != 50 || bought.Level != Regular || !bought.Success || bought.Mark || bought.RolledLevel != Failure ||
		bought.LuckSpent != 8 {
		t.Errorf("bought: %+v", bought)
	}
	if c.Luck != 32 {
		t.Errorf("luck %d", c.Luck)
	}
	if c.entry("persuade", "") >= 0 && c.Skills[c.entry("persuade", "")].Mark {
		t.Error("a success bought with Luck marked the skill")
	}
	fumble := must(Check(rolls(100), CheckInput{Value: 50}))
	_, err := SpendLuck(fumble, 10)
	wantCode(t, err, ErrLuckFumble)
	if _, ok := fumble.LuckNeeded(); ok {
		t.Error("a fumble can be bought off")
	}
	low := must(Check(rolls(97), CheckInput{Value: 40}))
	_, err = SpendLuck(low, 60)
	wantCode(t, err, ErrLuckFumble)
}

// Luck through CheckOptions.Luck: spent only when it turns the failure into a success and the budget allows.
func TestCheckLuckBudget(t *testing.T) {
	c := investigator(t)
	res := must(c.Check(rolls(58), CheckOptions{Subject: SkillSubject("persuade"), Luck: 10}))
	if !res.Success || res.LuckSpent != 8 || c.Luck != 32 {
		t.Errorf("budget 10: %+v luck %d", res, c.Luck)
	}
	res = must(c.Check(rolls(58), CheckOptions{Subject: SkillSubject("persuade"), Luck: 7}))
	if res.Success || res.LuckSpent != 0 || c.Luck != 32 {
		t.Errorf("budget 7: %+v luck %d", res, c.Luck)
	}
	res = must(c.Check(rolls(90), CheckOptions{Subject: SkillSubject("persuade"), Luck: 99}))
	if res.Success || c.Luck != 32 {
		t.Errorf("not enough luck: %+v luck %d", res, c.Luck)
	}
}

func TestLuckRefusals(t *testing.T) {
	for _, s := range []Subject{CharSubject(Luck), {San: true}} {
		res := must(Check(rolls(60), CheckInput{Subject: s, Value: 50}))
		_, err := SpendLuck(res, 15)
		wantCode(t, err, ErrNoLuck)
	}
	pushed := must(Check(rolls(60), CheckInput{Value: 50, Pushed: true}))
	_, err := SpendLuck(pushed, 15)
	wantCode(t, err, ErrLuckPushed)
	jammed := must(Check(rolls(99), CheckInput{Value: 60, Malfunction: 99}))
	_, err = SpendLuck(jammed, 50)
	wantCode(t, err, ErrLuckMalfunction)
	crit := must(Check(rolls(1), CheckInput{Value: 60}))
	_, err = SpendLuck(crit, 1)
	wantCode(t, err, ErrLuckUseless)
	// G5: never down to 01
	res := must(Check(rolls(30), CheckInput{Value: 20}))
	_, err = SpendLuck(res, 29)
	wantCode(t, err, ErrLuckTooMuch)
	if _, err := SpendLuck(res, 28); err != nil {
		t.Error(err)
	}
	_, err = SpendLuck(res, 0)
	wantCode(t, err, ErrBadAmount)
	c := investigator(t)
	_, err = c.SpendLuck(res, 41)
	wantCode(t, err, ErrLuckNotEnough)
	// extreme cannot be reached with Luck when ⌊v/5⌋ < 2 (it would need 01)
	small := must(Check(rolls(8), CheckInput{Value: 9}))
	if _, ok := small.LuckCost(Extreme); ok {
		t.Error("extreme on 9 bought")
	}
}

// Luck spent on a success to reach a better level keeps the mark the success earned.
func TestLuckAfterSuccessKeepsMark(t *testing.T) {
	res := must(Check(rolls(40), CheckInput{Subject: SkillSubject("persuade"), Value: 50}))
	better := must(SpendLuck(res, 15))
	if better.Level != Hard || !better.Mark {
		t.Errorf("got %+v", better)
	}
}

func TestCheckValidation(t *testing.T) {
	for _, tc := range []struct {
		in   CheckInput
		code string
	}{
		{CheckInput{Value: -1}, ErrBadValue},
		{CheckInput{Value: MaxValue + 1}, ErrBadValue},
		{CheckInput{Value: 50, Difficulty: "heroic"}, ErrBadDifficulty},
		{CheckInput{Subject: SkillSubject("astrology"), Value: 50}, ErrUnknownSkill},
		{CheckInput{Subject: CharSubject("cha"), Value: 50}, ErrUnknownChar},
		{CheckInput{Subject: Subject{Skill: "spot_hidden", Spec: "cars"}, Value: 50}, ErrBadSpec},
		{CheckInput{Subject: Subject{Spec: "Latin"}, Value: 50}, ErrBadSpec},
		{CheckInput{Subject: Subject{Skill: "listen", Char: STR}, Value: 50}, ErrUnknownSkill},
		{CheckInput{Subject: Subject{San: true}, Value: 50, Bonus: 1}, ErrBadDice},
		{CheckInput{Value: 50, Malfunction: 101}, ErrBadMalfunction},
		{CheckInput{Subject: SkillSubject(Dodge), Value: 50, Pushed: true}, ErrNoPush},
	} {
		_, err := Check(rolls(50), tc.in)
		wantCode(t, err, tc.code)
	}
}

// A jam: the roll reaches the malfunction number, the shot fails whatever the level.
func TestMalfunction(t *testing.T) {
	res := must(Check(rolls(99), CheckInput{Subject: SkillSubject("firearms_handgun"), Value: 99, Malfunction: 99}))
	if !res.Jammed || res.Success || res.Level != Regular || res.Mark {
		t.Errorf("got %+v", res)
	}
}

// Characteristic and Luck rolls against the sheet; Idea = INT.
func TestCharacterValues(t *testing.T) {
	c := investigator(t)
	for s, want := range map[Subject]int{CharSubject(INT): 85, CharSubject(Luck): 40, {San: true}: 60,
		SkillSubject(Dodge): 40, SkillSubject("climb"): 20, SkillSubject(LanguageOwn): 80,
		{Skill: LanguageOther, Spec: "Latin"}: 1} {
		if got := must(c.Value(s)); got != want {
			t.Errorf("%v: %d, want %d", s, got, want)
		}
	}
	res := must(c.Check(rolls(17), CheckOptions{Subject: CharSubject(INT)}))
	if res.Level != Extreme || res.Mark {
		t.Errorf("idea: %+v", res)
	}
}

// §5.6 E5.15 and E5.16.
func TestOpposedE5_15_16(t *testing.T) {
	res := must(Opposed(rolls(40, 33), CheckInput{Subject: SkillSubject("charm"), Value: 62},
		CheckInput{Subject: SkillSubject("psychology"), Value: 70}))
	if res.A.Level != Regular || res.B.Level != Hard || res.Outcome != OpposedLose || res.ByValue {
		t.Errorf("E5.15: %+v / %+v %s", res.A, res.B, res.Outcome)
	}
	res = must(Opposed(rolls(50, 44), CheckInput{Subject: CharSubject(STR), Value: 70},
		CheckInput{Subject: CharSubject(STR), Value: 60}))
	if res.A.Level != Regular || res.B.Level != Regular || res.Outcome != OpposedWin || !res.ByValue {
		t.Errorf("E5.16: %+v", res)
	}
	res = must(Opposed(rolls(50, 44), CheckInput{Value: 60}, CheckInput{Value: 60}))
	if res.Outcome != OpposedTie {
		t.Errorf("equal values: %s", res.Outcome)
	}
	res = must(Opposed(rolls(90, 100), CheckInput{Value: 60}, CheckInput{Value: 60}))
	if res.Outcome != OpposedNone {
		t.Errorf("both fail: %s", res.Outcome)
	}
	_, err := Opposed(rolls(1, 1), CheckInput{Value: 60, Pushed: true}, CheckInput{Value: 60})
	wantCode(t, err, ErrNoPush)
	_, err = Opposed(rolls(1, 1), CheckInput{Value: 60}, CheckInput{Value: 60, Difficulty: DifficultyHard})
	wantCode(t, err, ErrBadDifficulty)
}

// §5.7 E5.17: 38 against Stealth 40 and Throw 30 → any succeeds, all fails (partial).
func TestCombinedE5_17(t *testing.T) {
	parts := []CombinedPart{{SkillSubject("stealth"), 40}, {SkillSubject(Throw), 30}}
	anyRes := must(Combined(rolls(38), CombinedInput{Parts: parts, Mode: CombinedAny}))
	if !anyRes.Success || anyRes.Outcome != CombinedPartial || anyRes.Parts[0].Level != Regular ||
		anyRes.Parts[1].Level != Failure || !anyRes.Parts[0].Mark {
		t.Errorf("any: %+v", anyRes)
	}
	all := must(Combined(rolls(38), CombinedInput{Parts: parts, Mode: CombinedAll}))
	if all.Success || all.Outcome != CombinedPartial {
		t.Errorf("all: %+v", all)
	}
	both := must(Combined(rolls(20), CombinedInput{Parts: parts, Mode: CombinedAll}))
	if !both.Success || both.Outcome != CombinedSuccess {
		t.Errorf("both: %+v", both)
	}
	_, err := Combined(rolls(20), CombinedInput{Parts: parts[:1], Mode: CombinedAll})
	wantCode(t, err, ErrBadCombined)
	_, err = Combined(rolls(20), CombinedInput{Parts: parts, Mode: "most"})
	wantCode(t, err, ErrBadCombinedMode)
}

func TestDeadDoNotRoll(t *testing.T) {
	c := investigator(t)
	c.HP = 0
	c.add(Dead)
	_, err := c.Check(rolls(10), CheckOptions{Subject: SkillSubject("listen")})
	wantCode(t, err, ErrIsDead)
}
