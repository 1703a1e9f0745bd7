package dnd5e

import "testing"

// TestActionEffects: issue 14, 5e 9 — each tracked action's effect on the rolls it changes, with forced dice
// (digest B2: advantage rolls two d20 and keeps the higher).
func TestActionEffects(t *testing.T) {
	dodge, err := ActionEffect(ActionDodge, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	c := withEffects(t, fighter3(t), dodge)
	save, err := c.Save(Dex, forced(4, 15), RollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if save.Mode != Advantage || save.Natural != 15 {
		t.Errorf("dodging DEX save: mode %s natural %d, want advantage 15", save.Mode, save.Natural)
	}
	str, err := c.Save(Str, forced(4, 15), RollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if str.Mode != Normal || str.Natural != 4 {
		t.Errorf("dodging STR save: mode %s natural %d, want normal 4", str.Mode, str.Natural)
	}
	if dodge.Duration.Kind != UntilTurnStart || dodge.Duration.Turn != "" {
		t.Errorf("dodge lasts %+v, want until the start of the bearer's turn", dodge.Duration)
	}

	help, err := ActionEffect(ActionHelp, "Aria", 0)
	if err != nil {
		t.Fatal(err)
	}
	c = withEffects(t, fighter3(t), help)
	chk, err := c.SkillCheck("athletics", forced(3, 17), RollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if chk.Mode != Advantage || chk.Natural != 17 || len(chk.Applied) != 1 || !chk.Applied[0].Spent {
		t.Errorf("helped check: mode %s natural %d applied %+v, want advantage 17, help spent", chk.Mode, chk.Natural, chk.Applied)
	}
	if help.Duration.Turn != "Aria" || help.Uses != 1 {
		t.Errorf("help: %+v, want until Aria's turn, one use", help)
	}

	hide, err := ActionEffect(ActionHide, "", 17)
	if err != nil {
		t.Fatal(err)
	}
	if hide.Uses != 1 || hide.Mods[1].Kind != ModNote || hide.Mods[1].Value != 17 {
		t.Errorf("hide: %+v, want one use and the Stealth 17 noted", hide)
	}
	for _, a := range []Action{ActionDash, ActionDisengage} {
		e, err := ActionEffect(a, "", 0)
		if err != nil || e.ID != string(a) || e.Source.Key() != "action."+string(a) {
			t.Errorf("%s: %+v %v", a, e, err)
		}
	}
	if _, err := ActionEffect("sprint", "", 0); err == nil {
		t.Error("an unknown action is refused")
	}
	if _, err := ActionEffect(ActionHide, "", MaxNote+1); err == nil {
		t.Error("a Stealth total above MaxNote is refused")
	}
}
