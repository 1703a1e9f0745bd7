package rogue

import "testing"

func TestCharacterCheck(t *testing.T) {
	c := human(t, "C", Attributes{8, 9, 10, 8}, withLevel(9), withTalents(KeenEye, SixthSense, StrongWill))
	tests := []struct {
		o       CheckOptions
		dice    []int
		mod     int
		reroll  string
		success bool
	}{
		{CheckOptions{Attr: Str}, []int{3, 3}, 1, "", true},
		{CheckOptions{Kind: CheckSearch}, []int{1, 2, 2, 2}, 3, KeenEye.Key(), true},
		{CheckOptions{Kind: CheckReflex}, []int{1, 2, 1, 1}, 2, SixthSense.Key(), false},
		{CheckOptions{Kind: CheckMental, Difficulty: 12}, []int{2, 3, 6, 3}, 3, StrongWill.Key(), true},
		{CheckOptions{Attr: Cha, Bonus: 6, Difficulty: 12}, []int{3, 3}, 5, "", false}, // 1 + 6 capped at 5
	}
	for i, tt := range tests {
		res, err := c.Check(tt.o, faces(tt.dice...))
		if err != nil {
			t.Fatal(err)
		}
		if res.Modifier != tt.mod || res.Reroll != tt.reroll || res.Success != tt.success {
			t.Errorf("%d: mod %d reroll %q success %v", i, res.Modifier, res.Reroll, res.Success)
		}
	}
	if _, err := c.Check(CheckOptions{}, faces(3, 4)); err == nil {
		t.Error("a plain check needs an attribute")
	}
	if _, err := c.Check(CheckOptions{Attr: Str, Kind: "luck"}, faces(3, 4)); err == nil {
		t.Error("unknown kind accepted")
	}
}

// A14: cursed items raise the fumble modifier by 1 each while equipped; the Symbol of Luck lowers it (min 0) and raises the crit modifier.
func TestCursedItemsAndLuck(t *testing.T) {
	c := human(t, "C", avg, func(c *Character) { c.Equip.Cursed = 2 })
	if n, mods := c.FumbleMod(); n != 2 || len(mods) != 1 || mods[0].Source != SrcCursed {
		t.Errorf("cursed: %d %+v", n, mods)
	}
	res, _ := c.Check(CheckOptions{Attr: Sta, Bonus: 5}, faces(2, 2))
	if res.FumbleAt != 4 || res.Outcome != OutcomeFumble {
		t.Errorf("fumble range: %+v", res)
	}
	att, _ := Attack(c, human(t, "D", avg), AttackOptions{Weapon: Weapon{Damage: "1d6"}, Bonus: 5}, faces(1, 3))
	if att.Bands.FumbleAt != 4 || att.Outcome != OutcomeFumble || att.Odds.Fumble != 6 {
		t.Errorf("attack fumble range: %+v %+v", att.Bands, att.Odds)
	}
	c.Equip.Luck = true
	if n, _ := c.FumbleMod(); n != 1 {
		t.Errorf("luck: %d", n)
	}
	if n, _ := c.CritMod(); n != 1 {
		t.Errorf("luck crit: %d", n)
	}
	c.Equip.Cursed = 0
	if n, _ := c.FumbleMod(); n != 0 {
		t.Errorf("luck at 0: %d", n)
	}
}

func TestActiveTalents(t *testing.T) {
	q := human(t, "Q", Attributes{7, 9, 8, 8}, withLevel(6), withTalents(AimedShot, QuickShot))
	res, err := Attack(q, human(t, "D", avg), AttackOptions{Kind: Ranged, Talent: QuickShot, Weapon: Weapon{Damage: "1d6"}, Rules: noCE}, faces(3, 4, 2))
	if err != nil || res.EnergySpent != 1 || q.Energy != q.MaxEnergy-1 || res.Damage.Notation != "1d6+2" {
		t.Errorf("quick shot: %v %+v", err, res)
	}
	if err := human(t, "N", avg).SilentMove(); err == nil {
		t.Error("silent move without the talent")
	}
	b := human(t, "B", avg, withLevel(3), withTalents(ShapeshiftBear))
	b.Energy = 0
	wantCode(t, b.Shapeshift(Bear), ErrNoEnergy)
	if b.Form != FormNone {
		t.Error("a failed shapeshift changed the form")
	}
}
