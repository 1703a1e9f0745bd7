package dnd5e

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// sheet12 is a character with max HP 12 (B7.1's example).
func sheet12(t *testing.T, hp int) *Character {
	t.Helper()
	c, err := New("Pip", "rogue", 2, Scores{10, 14, 10, 10, 10, 10})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetMaxHP(12); err != nil {
		t.Fatal(err)
	}
	c.HP = hp
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDamage(t *testing.T) {
	for _, tc := range []struct {
		name       string
		hp, temp   int
		state      State
		failures   int
		conds      []Condition
		resist     []DamageType
		amount     int
		typ        DamageType
		crit       bool
		hpAfter    int
		tempAfter  int
		stateAfter State
		instant    bool
		failsAdded int
		failsAfter int
		added      []Condition
		applied    int
	}{
		{name: "plain", hp: 12, amount: 5, hpAfter: 7, stateAfter: Conscious, applied: 5},
		{name: "temp absorbs first", hp: 12, temp: 4, amount: 6, hpAfter: 10, stateAfter: Conscious, applied: 2},
		{name: "temp absorbs all", hp: 12, temp: 8, amount: 6, hpAfter: 12, tempAfter: 2, stateAfter: Conscious},
		{name: "drop to 0: dying", hp: 6, amount: 10, hpAfter: 0, stateAfter: Dying, added: []Condition{Unconscious, Prone}, applied: 6},
		// B7.1: max 12, current 6, take 18 → 12 left over → dead.
		{name: "massive damage", hp: 6, amount: 18, hpAfter: 0, stateAfter: Dead, instant: true, applied: 6},
		{name: "one short of massive", hp: 6, amount: 17, hpAfter: 0, stateAfter: Dying, added: []Condition{Unconscious, Prone}, applied: 6},
		{name: "temp HP count before massive", hp: 6, temp: 5, amount: 22, hpAfter: 0, stateAfter: Dying, added: []Condition{Unconscious, Prone}, applied: 6},
		{name: "at 0: one failure", hp: 0, state: Dying, conds: []Condition{Unconscious}, amount: 3, stateAfter: Dying, failsAdded: 1, failsAfter: 1},
		{name: "at 0: crit two failures", hp: 0, state: Dying, conds: []Condition{Unconscious}, failures: 0, amount: 3, crit: true, stateAfter: Dying, failsAdded: 2, failsAfter: 2},
		{name: "at 0: third failure kills", hp: 0, state: Dying, failures: 2, amount: 1, stateAfter: Dead, failsAdded: 1, failsAfter: 3},
		{name: "at 0: damage ≥ max kills", hp: 0, state: Dying, amount: 12, stateAfter: Dead, instant: true},
		{name: "stable starts dying again", hp: 0, state: Stable, conds: []Condition{Unconscious}, amount: 2, stateAfter: Dying, failsAdded: 1, failsAfter: 1},
		{name: "at 0: temp HP absorbing all is no failure", hp: 0, temp: 5, state: Dying, amount: 3, tempAfter: 2, stateAfter: Dying},
		{name: "dead: no effect", hp: 0, state: Dead, amount: 50, stateAfter: Dead},
		{name: "typed resisted", hp: 12, resist: []DamageType{"fire"}, amount: 9, typ: "fire", hpAfter: 8, stateAfter: Conscious, applied: 4},
		{name: "untyped ignores resistance", hp: 12, resist: []DamageType{"fire"}, amount: 9, hpAfter: 3, stateAfter: Conscious, applied: 9},
		{name: "petrified halves untyped", hp: 12, conds: []Condition{Petrified}, amount: 9, hpAfter: 8, stateAfter: Conscious, applied: 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := sheet12(t, 12)
			c.HP, c.TempHP = tc.hp, tc.temp
			if tc.state != "" {
				c.State = tc.state
			}
			c.DeathSaves.Failures = tc.failures
			c.Conditions = conds(tc.conds...)
			c.Resist = tc.resist
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			ch, err := c.Damage(tc.amount, tc.typ, tc.crit)
			if err != nil {
				t.Fatal(err)
			}
			if c.HP != tc.hpAfter || c.TempHP != tc.tempAfter || c.State != tc.stateAfter || ch.InstantDeath != tc.instant ||
				ch.FailuresAdded != tc.failsAdded || c.DeathSaves.Failures != tc.failsAfter || ch.Applied != tc.applied {
				t.Errorf("HP %d temp %d %s instant %v +%d fails=%d applied %d; want %d %d %s %v +%d %d %d",
					c.HP, c.TempHP, c.State, ch.InstantDeath, ch.FailuresAdded, c.DeathSaves.Failures, ch.Applied,
					tc.hpAfter, tc.tempAfter, tc.stateAfter, tc.instant, tc.failsAdded, tc.failsAfter, tc.applied)
			}
			if !reflect.DeepEqual(ch.Added, tc.added) {
				t.Errorf("added %v, want %v", ch.Added, tc.added)
			}
			if ch.HPBefore != tc.hp || ch.HPAfter != c.HP || ch.StateAfter != c.State || ch.TempAfter != c.TempHP {
				t.Errorf("report %+v", ch)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("sheet invalid after damage: %v", err)
			}
		})
	}
	c := sheet12(t, 12)
	_, err := c.Damage(-1, "", false)
	wantCode(t, err, ErrBadAmount)
	_, err = c.Damage(1, "holy", false)
	wantCode(t, err, ErrUnknownDamageType)
}

func TestDamageFromAttack(t *testing.T) {
	// The attack resolves the target's resistance; the sheet applies the total untyped.
	c := sheet12(t, 12)
	c.Resist = []DamageType{"slashing"}
	res, err := RollAttack(Target{}, c.AsTarget(), 5, "1d8[slashing]+3", forced(15, 6), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Damage.Total != 4 {
		t.Fatalf("resolved damage %d", res.Damage.Total)
	}
	ch, err := c.Damage(res.Damage.Total, "", res.Crit)
	if err != nil || ch.HPAfter != 8 {
		t.Errorf("%+v %v", ch, err)
	}
}

func TestHeal(t *testing.T) {
	c := sheet12(t, 5)
	ch, err := c.Heal(4)
	if err != nil || c.HP != 9 || ch.Applied != 4 {
		t.Errorf("heal: %+v %v", ch, err)
	}
	ch, _ = c.Heal(10)
	if c.HP != 12 || ch.Applied != 3 {
		t.Errorf("capped heal: HP %d applied %d", c.HP, ch.Applied)
	}
	ch, _ = c.Heal(1)
	if !ch.NoEffect {
		t.Errorf("heal at full: %+v", ch)
	}
	// At 0 HP: wakes, tallies reset, unconscious removed, prone stays.
	if _, err := c.Damage(12, "", false); err != nil {
		t.Fatal(err)
	}
	c.DeathSaves = DeathSaves{Successes: 1, Failures: 2}
	ch, err = c.Heal(3)
	if err != nil {
		t.Fatal(err)
	}
	if c.HP != 3 || c.State != Conscious || c.DeathSaves != (DeathSaves{}) || c.HasCondition(Unconscious) || !c.HasCondition(Prone) {
		t.Errorf("woke: %+v", c)
	}
	if !reflect.DeepEqual(ch.Removed, []Condition{Unconscious}) || ch.StateBefore != Dying || ch.StateAfter != Conscious {
		t.Errorf("heal report %+v", ch)
	}
	// Exhaustion 4 caps healing at half.
	c.Exhaustion = 4
	c.Heal(20)
	if c.HP != 6 {
		t.Errorf("heal at exhaustion 4: HP %d, want 6", c.HP)
	}
	c.HP, c.State = 0, Dead
	_, err = c.Heal(5)
	wantCode(t, err, ErrIsDead)
	if c.HP != 0 {
		t.Error("healed the dead")
	}
	_, err = sheet12(t, 5).Heal(-3)
	wantCode(t, err, ErrBadAmount)
}

func TestTempHP(t *testing.T) {
	c := sheet12(t, 12)
	ch, _ := c.SetTempHP(5)
	if c.TempHP != 5 || ch.Applied != 5 {
		t.Errorf("temp %d", c.TempHP)
	}
	// Never stacks: the larger pool stays.
	ch, _ = c.SetTempHP(3)
	if c.TempHP != 5 || !ch.NoEffect {
		t.Errorf("smaller pool replaced: %d %+v", c.TempHP, ch)
	}
	c.SetTempHP(8)
	if c.TempHP != 8 {
		t.Errorf("larger pool not taken: %d", c.TempHP)
	}
	// Temp HP do not wake a creature at 0 HP.
	c.Damage(20, "", false)
	c.SetTempHP(5)
	if c.State != Dying || c.TempHP != 5 || c.HP != 0 {
		t.Errorf("temp HP at 0: %+v", c)
	}
	c.ClearTempHP()
	if c.TempHP != 0 {
		t.Error("ClearTempHP")
	}
	_, err := c.SetTempHP(-1)
	wantCode(t, err, ErrBadAmount)
}

func TestSetMaxHP(t *testing.T) {
	c := sheet12(t, 12)
	ch, err := c.SetMaxHP(8)
	if err != nil || c.HP != 8 || ch.MaxAfter != 8 {
		t.Errorf("%+v %v", ch, err)
	}
	c.SetMaxHP(20)
	if c.HP != 8 || c.MaxHP != 20 {
		t.Errorf("raising max changed HP: %d", c.HP)
	}
	_, err = c.SetMaxHP(0)
	wantCode(t, err, ErrBadMaxHP)
}

func dying(t *testing.T) *Character {
	t.Helper()
	c := sheet12(t, 12)
	if _, err := c.Damage(12, "", false); err != nil || c.State != Dying {
		t.Fatalf("not dying: %v %+v", err, c)
	}
	return c
}

func TestDeathSave(t *testing.T) {
	for _, tc := range []struct {
		name     string
		before   DeathSaves
		exhaust  int
		opts     RollOptions
		faces    []int
		notation string
		outcome  DeathOutcome
		after    DeathSaves
		state    State
		hp       int
		removed  []Condition
	}{
		{name: "10 succeeds", faces: []int{10}, notation: "1d20", outcome: DeathSuccess, after: DeathSaves{1, 0}, state: Dying},
		{name: "9 fails", faces: []int{9}, notation: "1d20", outcome: DeathFailure, after: DeathSaves{0, 1}, state: Dying},
		{name: "natural 1: two failures", faces: []int{1}, notation: "1d20", outcome: DeathDoubleFailure, after: DeathSaves{0, 2}, state: Dying},
		{name: "natural 1 at two failures: dead", before: DeathSaves{2, 2}, faces: []int{1}, notation: "1d20", outcome: DeathDoubleFailure,
			after: DeathSaves{2, 3}, state: Dead},
		{name: "natural 20: 1 HP, conscious", before: DeathSaves{1, 2}, faces: []int{20}, notation: "1d20", outcome: DeathRevived,
			after: DeathSaves{}, state: Conscious, hp: 1, removed: []Condition{Unconscious}},
		{name: "third success: stable", before: DeathSaves{2, 1}, faces: []int{15}, notation: "1d20", outcome: DeathSuccess,
			after: DeathSaves{}, state: Stable},
		{name: "third failure: dead", before: DeathSaves{2, 2}, faces: []int{5}, notation: "1d20", outcome: DeathFailure,
			after: DeathSaves{2, 3}, state: Dead},
		{name: "bless", opts: RollOptions{Bonus: "1d4"}, faces: []int{8, 2}, notation: "1d20+1d4", outcome: DeathSuccess,
			after: DeathSaves{1, 0}, state: Dying},
		{name: "natural 1 with bless is still two failures", opts: RollOptions{Bonus: "1d4"}, faces: []int{1, 4}, notation: "1d20+1d4",
			outcome: DeathDoubleFailure, after: DeathSaves{0, 2}, state: Dying},
		{name: "exhaustion 3: disadvantage", exhaust: 3, faces: []int{20, 4}, notation: "2d20kl1", outcome: DeathFailure,
			after: DeathSaves{0, 1}, state: Dying},
		{name: "DC ignored", opts: RollOptions{DC: 20}, faces: []int{12}, notation: "1d20", outcome: DeathSuccess,
			after: DeathSaves{1, 0}, state: Dying},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := dying(t)
			c.DeathSaves = tc.before
			c.Exhaustion = tc.exhaust
			res, err := c.DeathSave(forced(tc.faces...), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || res.Outcome != tc.outcome || c.DeathSaves != tc.after || c.State != tc.state || c.HP != tc.hp {
				t.Errorf("got %q %s %+v %s HP %d; want %q %s %+v %s %d", res.Notation, res.Outcome, c.DeathSaves, c.State, c.HP,
					tc.notation, tc.outcome, tc.after, tc.state, tc.hp)
			}
			if res.DeathSaves != c.DeathSaves || res.StateAfter != c.State || res.StateBefore != Dying || res.HP != c.HP || res.Roll == nil {
				t.Errorf("report %+v", res)
			}
			if !reflect.DeepEqual(res.Removed, tc.removed) {
				t.Errorf("removed %v, want %v", res.Removed, tc.removed)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("invalid after death save: %v", err)
			}
		})
	}
	// Refusals.
	c := sheet12(t, 5)
	_, err := c.DeathSave(forced(10), RollOptions{})
	wantCode(t, err, ErrNotDying)
	c = dying(t)
	c.State = Stable
	_, err = c.DeathSave(forced(10), RollOptions{})
	wantCode(t, err, ErrAlreadyStable)
	c.State = Dead
	_, err = c.DeathSave(forced(10), RollOptions{})
	wantCode(t, err, ErrIsDead)
}

func TestStabilize(t *testing.T) {
	// Healer's kit: no roll.
	c := dying(t)
	c.DeathSaves = DeathSaves{1, 2}
	res, err := c.Stabilize(forced(), StabilizeOptions{Kit: true})
	if err != nil || !res.Success || res.Check != nil || c.State != Stable || c.DeathSaves != (DeathSaves{}) || !c.HasCondition(Unconscious) {
		t.Errorf("kit: %+v %v %+v", res, err, c)
	}
	// A bare Medicine bonus: DC 10.
	for _, tc := range []struct {
		bonus int
		face  int
		ok    bool
	}{{2, 8, true}, {2, 7, false}, {-1, 11, true}} {
		c := dying(t)
		res, err := c.Stabilize(forced(tc.face), StabilizeOptions{MedicineBonus: tc.bonus})
		if err != nil {
			t.Fatal(err)
		}
		if res.Success != tc.ok || res.Check.DC != 10 || res.Check.Skill != Medicine || (c.State == Stable) != tc.ok {
			t.Errorf("bonus %d face %d: %+v %+v", tc.bonus, tc.face, res, res.Check)
		}
	}
	// A healer with a sheet rolls its own Medicine (WIS 13 → +1, not proficient) with its conditions.
	healer := fighter3(t)
	healer.Conditions = conds(Poisoned)
	c = dying(t)
	res, err = c.Stabilize(forced(18, 9), StabilizeOptions{Healer: healer})
	if err != nil {
		t.Fatal(err)
	}
	// 2d20kl1 of 18, 9 = 9, +1 = 10: meets DC 10.
	if !res.Success || res.Check.Notation != "2d20kl1+1" || res.Check.Total != 10 || c.State != Stable {
		t.Errorf("healer check %+v %+v", res, res.Check)
	}
	// Refusals.
	_, err = sheet12(t, 5).Stabilize(forced(), StabilizeOptions{Kit: true})
	wantCode(t, err, ErrNotDying)
	c = dying(t)
	c.State = Stable
	_, err = c.Stabilize(forced(), StabilizeOptions{Kit: true})
	wantCode(t, err, ErrAlreadyStable)
}

// TestResultsMarshal: every result the bot may print with --json marshals,
// dice rolls included.
func TestResultsMarshal(t *testing.T) {
	c := fighter3(t)
	atk, err := c.Attack("Longsword", Target{AC: 10}, forced(20, 3, 4), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	chk, _ := c.SkillCheck("athletics", forced(5), RollOptions{DC: 10})
	dmg, _ := c.Damage(30, "fire", true)
	ds, _ := c.DeathSave(forced(12), RollOptions{})
	rest, _ := fighter3(t).ShortRest(2, forced(3, 4))
	for _, v := range []any{atk, chk, dmg, ds, rest} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		if len(b) < 10 {
			t.Errorf("%T marshals to %s", v, b)
		}
	}
	b, _ := json.Marshal(atk)
	if !strings.Contains(string(b), `"roll"`) || !strings.Contains(string(b), `"outcome":"crit"`) {
		t.Errorf("attack JSON %s", b)
	}
}

// TestDamageResolved: an attack's total already holds petrified's resistance, so it is not halved again.
func TestDamageResolved(t *testing.T) {
	for _, resolved := range []bool{false, true} {
		c, err := New("Stone", Class("fighter"), 1, Scores{Str: 10, Dex: 10, Con: 10, Int: 10, Wis: 10, Cha: 10})
		if err != nil {
			t.Fatal(err)
		}
		c.MaxHP, c.HP = 20, 20
		if _, err := c.AddCondition(Petrified, ConditionOptions{}); err != nil {
			t.Fatal(err)
		}
		var ch *HPChange
		if resolved {
			ch, err = c.DamageResolved(8, false)
		} else {
			ch, err = c.Damage(8, "", false)
		}
		want := map[bool]int{false: 16, true: 12}[resolved]
		if err != nil || c.HP != want {
			t.Errorf("resolved=%v: HP %d (%+v, %v), want %d", resolved, c.HP, ch, err, want)
		}
	}
}
