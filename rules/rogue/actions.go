package rogue

import "rulekeeper/rules/dice"

// CheckKind names the checks some talents re-roll.
type CheckKind string

// Check kinds.
const (
	CheckPlain  CheckKind = ""       // any ability check
	CheckMental CheckKind = "mental" // STA by default; Strong Will re-rolls a failure
	CheckReflex CheckKind = "reflex" // AGI by default; Sixth Sense re-rolls a failure
	CheckSearch CheckKind = "search" // STA by default; Keen Eye re-rolls a failure
)

// Key is the catalog key of the check kind's name ("rogue.check.plain" for CheckPlain).
func (k CheckKind) Key() string {
	switch k {
	case CheckPlain:
		return "rogue.check.plain"
	case CheckMental:
		return "rogue.check.mental"
	case CheckReflex:
		return "rogue.check.reflex"
	case CheckSearch:
		return "rogue.check.search"
	}
	return ""
}

// ParseCheckKind accepts "", plain, mental, reflex, search.
func ParseCheckKind(s string) (CheckKind, error) {
	k := CheckKind(norm(s))
	if k == "plain" {
		k = CheckPlain
	}
	if k.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "kind", "Value", s)
	}
	return k, nil
}

// CheckOptions describe an ability check by a creature.
type CheckOptions struct {
	Attr       Attribute // "" = the kind's default (mental, search: STA; reflex: AGI); required for plain checks
	Kind       CheckKind
	Difficulty int  // 0 = 7
	Bonus      int  // situational modifier (before the cap)
	NoCrit     bool // the action cannot succeed critically
}

// Check rolls an ability check (A3): 2D6 + attribute modifier + hunger/thirst
// penalty + bonus (capped at +5) ≥ difficulty, with the creature's fumble
// and crit modifiers, and the re-roll of Keen Eye / Sixth Sense / Strong Will.
func (c *Character) Check(o CheckOptions, r dice.Roller) (*CheckResult, error) {
	if c.Dead() {
		return nil, newError(ErrDead, "Name", c.Name)
	}
	kind, err := ParseCheckKind(string(o.Kind))
	if err != nil {
		return nil, err
	}
	a := o.Attr
	if a == "" {
		switch kind {
		case CheckMental, CheckSearch:
			a = Sta
		case CheckReflex:
			a = Agi
		}
	}
	if !a.Valid() {
		return nil, newError(ErrUnknownAttribute, "Attribute", string(a))
	}
	if o.Bonus < -MaxModifier || o.Bonus > MaxModifier {
		return nil, newError(ErrBadModifier, "Value", o.Bonus, "Max", MaxModifier)
	}
	mods := c.checkMods(a)
	if o.Bonus != 0 {
		mods = append(mods, Mod{SrcBonus, o.Bonus})
	}
	cfm, _ := c.FumbleMod()
	csm, _ := c.CritMod()
	ck := Check{Mods: mods, Difficulty: o.Difficulty, FumbleMod: cfm, CritMod: csm, NoCrit: o.NoCrit}
	switch {
	case kind == CheckMental && c.HasTalent(StrongWill):
		ck.RerollFailure = StrongWill.Key()
	case kind == CheckReflex && c.HasTalent(SixthSense):
		ck.RerollFailure = SixthSense.Key()
	case kind == CheckSearch && c.HasTalent(KeenEye):
		ck.RerollFailure = KeenEye.Key()
	}
	return Roll(ck, r)
}

// useTalent checks and pays for an active talent used as an action.
func (c *Character) useTalent(t Talent) error {
	if c.Dead() {
		return newError(ErrDead, "Name", c.Name)
	}
	if s, ok := c.Helpless(); ok {
		return newError(ErrHelpless, "Name", c.Name, "State", string(s))
	}
	if !c.HasTalent(t) {
		return newError(ErrTalentUnknownToMe, "Name", c.Name, "Talent", string(t))
	}
	if c.Energy < 1 {
		return newError(ErrNoEnergy, "Name", c.Name)
	}
	c.Energy--
	return nil
}

// SilentMove is the Silent Move action (A21): it costs 1 energy and hides
// the creature in plain sight until it attacks (Attack reveals it).
func (c *Character) SilentMove() error {
	if err := c.useTalent(SilentMove); err != nil {
		return err
	}
	_, err := c.AddState(Hidden, 0)
	return err
}

// Shapeshift turns the creature into a wolf or bear (A21: 1 energy; the form's
// Ferocious Bite replaces every weapon and the form's talents by level replace
// the creature's). Revert with Shapeshift(FormNone), which is free.
func (c *Character) Shapeshift(f Form) error {
	switch f {
	case FormNone:
		c.Form = FormNone
		return nil
	case Wolf, Bear:
	default:
		return newError(ErrUnknownOption, "Option", "form", "Value", string(f))
	}
	t := ShapeshiftWolf
	if f == Bear {
		t = ShapeshiftBear
	}
	cp := c.Clone()
	cp.Form = FormNone // the talent is used from the natural form (or to switch forms)
	if err := cp.useTalent(t); err != nil {
		return err
	}
	cp.Form = f
	*c = *cp
	return nil
}
