package dnd5e

import (
	"reflect"
	"testing"
	"time"
)

func TestShortRest(t *testing.T) {
	for _, tc := range []struct {
		name      string
		con       int
		hp        int
		dice      int
		faces     []int
		notations []string
		rolled    int
		hpAfter   int
		hdAfter   int
	}{
		// B8: a level-3 fighter with d10 Hit Dice and CON 14 spends 2 → 2d10+4.
		{"digest example", 14, 5, 2, []int{6, 9}, []string{"2d10+4"}, 19, 24, 1},
		{"capped at max", 14, 20, 2, []int{6, 9}, []string{"2d10+4"}, 19, 28, 1},
		{"CON 10", 10, 5, 1, []int{7}, []string{"1d10"}, 7, 12, 2},
		// G-B3: max(0, roll + CON mod) per die: CON 6 (−2), faces 1 and 8 → 0 + 6.
		{"negative CON per die", 6, 5, 2, []int{1, 8}, []string{"1d10-2", "1d10-2"}, 6, 11, 1},
		{"no dice", 14, 5, 0, nil, nil, 0, 5, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fighter3(t)
			c.Scores.Con = tc.con
			c.MaxHP = 28
			c.HP = tc.hp
			res, err := c.ShortRest(tc.dice, forced(tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res.Notations, tc.notations) || res.Rolled != tc.rolled || c.HP != tc.hpAfter || c.HitDice != tc.hdAfter {
				t.Errorf("got %v rolled %d HP %d HD %d; want %v %d %d %d", res.Notations, res.Rolled, c.HP, c.HitDice,
					tc.notations, tc.rolled, tc.hpAfter, tc.hdAfter)
			}
			if len(res.Rolls) != len(tc.notations) || res.HP.Applied != tc.hpAfter-tc.hp || res.HitDiceSpent != tc.dice ||
				res.HitDiceBefore != 3 || res.HitDiceAfter != tc.hdAfter || res.Long {
				t.Errorf("report %+v", res)
			}
		})
	}
	c := fighter3(t)
	_, err := c.ShortRest(4, forced(1, 1, 1, 1))
	wantCode(t, err, ErrNotEnoughHitDice)
	_, err = c.ShortRest(-1, forced())
	wantCode(t, err, ErrBadAmount)
	c.HitDice = 0
	_, err = c.ShortRest(1, forced(5))
	wantCode(t, err, ErrNotEnoughHitDice)
	// Dying: refused. Stable: allowed, and healing wakes.
	d := dying(t)
	_, err = d.ShortRest(1, forced(5))
	wantCode(t, err, ErrRestWhileDying)
	d.State = Stable
	res, err := d.ShortRest(1, forced(5))
	if err != nil {
		t.Fatal(err)
	}
	if d.State != Conscious || d.HP != 5 || !reflect.DeepEqual(res.Removed, []Condition{Unconscious}) || res.HP.StateBefore != Stable {
		t.Errorf("stable short rest %+v %+v", d, res)
	}
	d.HP, d.State = 0, Dead
	_, err = d.ShortRest(0, forced())
	wantCode(t, err, ErrIsDead)
}

func TestLongRest(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	c, err := New("Sage", "wizard", 8, Scores{8, 14, 12, 16, 12, 10})
	if err != nil {
		t.Fatal(err)
	}
	c.HitDice = 0
	c.HP = 3
	c.TempHP = 4
	c.Exhaustion = 2
	c.SpellSlots[0] = SpellSlot{Max: 4, Used: 3}
	c.SpellSlots[3] = SpellSlot{Max: 2, Used: 2}
	res, err := c.LongRest(t0)
	if err != nil {
		t.Fatal(err)
	}
	// 8 Hit Dice → 4 regained.
	if c.HitDice != 4 || res.HitDiceRegain != 4 {
		t.Errorf("hit dice %d (+%d), want 4", c.HitDice, res.HitDiceRegain)
	}
	if c.HP != c.MaxHP || res.HP.Applied != c.MaxHP-3 {
		t.Errorf("HP %d/%d applied %d", c.HP, c.MaxHP, res.HP.Applied)
	}
	if c.TempHP != 0 || res.TempHPLost != 4 {
		t.Errorf("temp HP %d lost %d", c.TempHP, res.TempHPLost)
	}
	if c.Exhaustion != 1 || res.ExhaustionBefore != 2 || res.ExhaustionAfter != 1 {
		t.Errorf("exhaustion %d", c.Exhaustion)
	}
	if c.SpellSlots[0].Used != 0 || c.SpellSlots[3].Used != 0 || res.SlotsRestored != 5 {
		t.Errorf("slots %+v restored %d", c.SpellSlots, res.SlotsRestored)
	}
	if !c.LastLongRest.Equal(t0) || !res.NextLongRest.Equal(t0.Add(24*time.Hour)) {
		t.Errorf("last %v next %v", c.LastLongRest, res.NextLongRest)
	}
	// Refused within 24 h, with the time left.
	_, err = c.LongRest(t0.Add(20*time.Hour + 30*time.Minute))
	wantCode(t, err, ErrLongRestTooSoon)
	if e := err.(*Error); e.Args["Hours"] != 3 || e.Args["Minutes"] != 30 {
		t.Errorf("time left %v", e.Args)
	}
	_, err = c.LongRest(t0.Add(23*time.Hour + 59*time.Minute + 30*time.Second))
	if e := err.(*Error); e.Args["Hours"] != 0 || e.Args["Minutes"] != 1 {
		t.Errorf("time left rounds up: %v", e.Args)
	}
	if _, err := c.LongRest(t0.Add(24 * time.Hour)); err != nil {
		t.Errorf("24 h later: %v", err)
	}
}

func TestLongRestHitDice(t *testing.T) {
	for _, tc := range []struct{ level, spent, after int }{
		{8, 8, 4}, // digest: 8 HD → 4
		{1, 1, 1}, // minimum 1
		{3, 3, 1}, // half of 3 rounds down to 1
		{5, 1, 5}, // never above the total
		{20, 20, 10},
	} {
		c, err := New("L", "fighter", tc.level, Scores{10, 10, 10, 10, 10, 10})
		if err != nil {
			t.Fatal(err)
		}
		c.HitDice = tc.level - tc.spent
		if _, err := c.LongRest(time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		if c.HitDice != tc.after {
			t.Errorf("level %d spent %d: %d hit dice, want %d", tc.level, tc.spent, c.HitDice, tc.after)
		}
	}
}

func TestLongRestRefusals(t *testing.T) {
	d := dying(t)
	_, err := d.LongRest(time.Now())
	wantCode(t, err, ErrLongRestNeedsHP)
	d.State = Stable
	_, err = d.LongRest(time.Now())
	wantCode(t, err, ErrLongRestNeedsHP)
	d.State = Dead
	_, err = d.LongRest(time.Now())
	wantCode(t, err, ErrIsDead)
}

func TestLongRestLeavesExhaustion4(t *testing.T) {
	c := sheet12(t, 12)
	c.SetExhaustion(4)
	if c.HP != 6 {
		t.Fatalf("HP %d at exhaustion 4", c.HP)
	}
	c.DeathSaves = DeathSaves{}
	res, err := c.LongRest(time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if c.Exhaustion != 3 || c.HP != 12 || res.HP.MaxBefore != 6 || res.HP.MaxAfter != 12 {
		t.Errorf("exhaustion %d HP %d report %+v", c.Exhaustion, c.HP, res.HP)
	}
}

// TestLongRestCooldown: a guild's long_rest_cooldown replaces the 24 hours; 0 (a GM's forced rest) waits for nothing.
func TestLongRestCooldown(t *testing.T) {
	now := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name  string
		every time.Duration
		after time.Duration
		ok    bool
	}{
		{"24 h, 8 h later", 24 * time.Hour, 8 * time.Hour, false},
		{"8 h, 8 h later", 8 * time.Hour, 8 * time.Hour, true},
		{"8 h, 7 h 59 min later", 8 * time.Hour, 8*time.Hour - time.Minute, false},
		{"none, a minute later", 0, time.Minute, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := fighter3(t)
			if _, err := c.LongRestCooldown(now, tt.every); err != nil {
				t.Fatal(err)
			}
			_, err := c.LongRestCooldown(now.Add(tt.after), tt.every)
			if (err == nil) != tt.ok {
				t.Errorf("second rest: %v", err)
			}
		})
	}
}
