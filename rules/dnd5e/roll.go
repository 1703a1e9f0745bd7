package dnd5e

import (
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// RollKind says what a RollResult is.
type RollKind string

// Roll kinds.
const (
	KindAbilityCheck RollKind = "ability_check"
	KindSkillCheck   RollKind = "skill_check"
	KindSave         RollKind = "save"
)

// Outcome is the verdict of a roll against a DC or an AC.
type Outcome string

// Outcomes. OutcomeNone means no DC/AC was given.
const (
	OutcomeNone    Outcome = ""
	OutcomeSuccess Outcome = "success"
	OutcomeFailure Outcome = "failure"
	OutcomeHit     Outcome = "hit"
	OutcomeCrit    Outcome = "crit" // a critical hit (which is also a hit)
	OutcomeMiss    Outcome = "miss"
)

// Key is the catalog key of the outcome ("dnd5e.outcome.success"), "" for OutcomeNone.
func (o Outcome) Key() string {
	switch o {
	case OutcomeSuccess:
		return "dnd5e.outcome.success"
	case OutcomeFailure:
		return "dnd5e.outcome.failure"
	case OutcomeHit:
		return "dnd5e.outcome.hit"
	case OutcomeCrit:
		return "dnd5e.outcome.crit"
	case OutcomeMiss:
		return "dnd5e.outcome.miss"
	}
	return ""
}

// RollOptions are the caller's choices for a check or a save.
type RollOptions struct {
	Mode  Mode   // the user's adv/dis; conditions add their own sources and everything cancels per B2
	Bonus string // extra notation added to the roll, e.g. "1d4" (bless) or "-1d4" (bane); "" for none
	DC    int    // 0 = no DC (Outcome stays OutcomeNone); 1–100 otherwise
	// Cover adds its bonus to a DEX saving throw (SRD "Cover"); total cover is refused (the effect cannot
	// target the creature).
	Cover Cover
}

func (o RollOptions) validate() error {
	if err := o.Mode.validate(); err != nil {
		return err
	}
	if o.DC < 0 || o.DC > MaxDC {
		return newError(ErrBadDC, "DC", o.DC, "Max", MaxDC)
	}
	if err := o.Cover.Targetable(); err != nil {
		return err
	}
	return validateBonus(o.Bonus)
}

// RollResult is a check or a saving throw.
type RollResult struct {
	Kind        RollKind     `json:"kind"`
	Ability     Ability      `json:"ability"`
	Skill       Skill        `json:"skill,omitempty"`
	Modifier    int          `json:"modifier"`              // flat modifier: ability mod + proficiency part
	Proficiency int          `json:"proficiency,omitempty"` // proficiency part of Modifier (doubled with expertise)
	Expertise   bool         `json:"expertise,omitempty"`
	Bonus       string       `json:"bonus,omitempty"` // the extra notation as given
	Mode        Mode         `json:"mode"`            // final mode after every source
	Cancelled   bool         `json:"cancelled,omitempty"`
	Effects     []Effect     `json:"effects,omitempty"` // every source that changed the roll, the option first
	Notation    string       `json:"notation,omitempty"`
	Roll        *dice.Result `json:"roll,omitempty"` // nil when AutoFail
	Natural     int          `json:"natural"`        // the kept d20 face (0 when AutoFail)
	Total       int          `json:"total"`
	DC          int          `json:"dc,omitempty"`
	AutoFail    bool         `json:"auto_fail,omitempty"` // failed without a roll (paralyzed, stunned, …)
	Outcome     Outcome      `json:"outcome,omitempty"`   // success/failure when DC > 0; failure when AutoFail
	// Effects at work: what each active effect added (Applied), the notation
	// they added to the roll, labelled ("+1d4[bless]"), and the lowest d20
	// face that counts (reliable talent: 10; 0 = none).
	Applied     []Applied `json:"applied,omitempty"`
	EffectBonus string    `json:"effect_bonus,omitempty"`
	MinD20      int       `json:"min_d20,omitempty"`
	// CoverBonus is the part of Modifier a DEX save's cover gave (Cover).
	Cover      Cover `json:"cover,omitempty"`
	CoverBonus int   `json:"cover_bonus,omitempty"`
}

// d20Notation builds "1d20+5", "2d20kh1-1+1d4", ….
func d20Notation(mode Mode, modifier int, bonus string) string {
	var b strings.Builder
	switch mode {
	case Advantage:
		b.WriteString("2d20kh1")
	case Disadvantage:
		b.WriteString("2d20kl1")
	default:
		b.WriteString("1d20")
	}
	b.WriteString(signed(modifier))
	b.WriteString(bonusSuffix(bonus))
	return b.String()
}

// signed renders a flat modifier as "+3", "-1", or "" for 0.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return strconv.Itoa(n)
	}
	return ""
}

func bonusSuffix(bonus string) string {
	bonus = strings.TrimSpace(bonus)
	if bonus == "" {
		return ""
	}
	if bonus[0] == '+' || bonus[0] == '-' {
		return bonus
	}
	return "+" + bonus
}

func validateBonus(bonus string) error {
	b := strings.TrimSpace(bonus)
	if b == "" {
		return nil
	}
	b = strings.TrimPrefix(b, "+")
	_, err := dice.Parse(b)
	return err
}

// rollD20 rolls a check or save with the given flat modifier, condition
// effects and active effects (fxList, matched against q).
func rollD20(res *RollResult, effects []Effect, fxList []ActiveEffect, q rollQuery, o RollOptions, r dice.Roller) (*RollResult, error) {
	fx := gatherD20(fxList, q, false)
	res.Bonus = strings.TrimSpace(o.Bonus)
	res.DC = o.DC
	res.Effects = append(optionEffects(o.Mode), effects...)
	res.Effects = append(res.Effects, fx.modes...)
	res.Applied = fx.applied
	res.Mode, res.Cancelled = ResolveMode(res.Effects)
	for _, e := range res.Effects {
		if e.Effect == EffectAutoFail {
			res.AutoFail = true
			res.Outcome = OutcomeFailure
			return res, nil
		}
	}
	res.EffectBonus = fx.notation
	res.MinD20 = fx.minD20
	res.Notation = d20TermMin(res.Mode, fx.minD20) + signed(res.Modifier) + bonusSuffix(o.Bonus) + fx.notation
	roll, err := dice.Roll(res.Notation, r)
	if err != nil {
		return nil, err
	}
	res.Roll = roll
	res.Natural = roll.Natural
	res.Total = roll.Total
	fillApplied(res.Applied, roll)
	if o.DC > 0 {
		// G-B8: natural 20 and 1 are not automatic on checks and saves.
		if res.Total >= o.DC {
			res.Outcome = OutcomeSuccess
		} else {
			res.Outcome = OutcomeFailure
		}
	}
	return res, nil
}

// SkillCheck rolls d20 + ability mod + proficiency (doubled with expertise).
// Poisoned, frightened and exhaustion 1+ give disadvantage.
func (c *Character) SkillCheck(s Skill, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !s.Valid() {
		return nil, newError(ErrUnknownSkill, "Skill", string(s))
	}
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	res := &RollResult{
		Kind: KindSkillCheck, Ability: s.Ability(), Skill: s,
		Modifier: c.SkillBonus(s), Proficiency: c.SkillProficiency(s), Expertise: c.HasExpertise(s),
	}
	t := c.AsTarget()
	q := rollQuery{scope: ScopeCheck, ability: s.Ability(), skill: s, prof: res.Proficiency > 0}
	return rollD20(res, t.checkEffects(), t.Effects, q, o, r)
}

// AbilityCheck rolls d20 + ability mod (initiative is AbilityCheck(Dex)).
func (c *Character) AbilityCheck(a Ability, r dice.Roller, o RollOptions) (*RollResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	return c.AsTarget().AbilityCheck(a, c.Mod(a), r, o)
}

// Save rolls a saving throw: d20 + ability mod + proficiency if proficient.
// Paralyzed, petrified, stunned and unconscious fail STR and DEX saves with no
// roll; restrained gives disadvantage on DEX saves; exhaustion 3+ on all saves.
func (c *Character) Save(a Ability, r dice.Roller, o RollOptions) (*RollResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	res, err := c.AsTarget().Save(a, c.SaveBonus(a), r, o)
	if res != nil && c.SaveProficient(a) {
		res.Proficiency = c.Proficiency()
	}
	return res, err
}

// AbilityCheck rolls an ability check for a creature without a sheet (an NPC):
// modifier is its whole check modifier; its conditions apply as for a character.
func (t Target) AbilityCheck(a Ability, modifier int, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !a.Valid() {
		return nil, newError(ErrUnknownAbility, "Ability", string(a))
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	res := &RollResult{Kind: KindAbilityCheck, Ability: a, Modifier: modifier}
	return rollD20(res, t.checkEffects(), t.Effects, rollQuery{scope: ScopeCheck, ability: a}, o, r)
}

// Save rolls a saving throw for a creature without a sheet (an NPC):
// modifier is its whole save modifier; its conditions apply as for a character.
func (t Target) Save(a Ability, modifier int, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !a.Valid() {
		return nil, newError(ErrUnknownAbility, "Ability", string(a))
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	res := &RollResult{Kind: KindSave, Ability: a, Modifier: modifier}
	if a == Dex && o.Cover != CoverNone {
		res.Cover, res.CoverBonus = o.Cover, o.Cover.Bonus()
		res.Modifier += res.CoverBonus
	}
	return rollD20(res, t.saveEffects(a), t.Effects, rollQuery{scope: ScopeSave, ability: a}, o, r)
}

// canAct refuses rolls for a dead character.
func (c *Character) canAct() error {
	if c.State == Dead {
		return newError(ErrIsDead, "Name", c.Name)
	}
	return nil
}

// Initiative rolls the character's initiative: a DEX check (B4) to which
// initiative-only effects (feral instinct's advantage) add.
func (c *Character) Initiative(r dice.Roller, o RollOptions) (*RollResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	t := c.AsTarget()
	res := &RollResult{Kind: KindAbilityCheck, Ability: Dex, Modifier: c.Mod(Dex)}
	return rollD20(res, t.checkEffects(), t.Effects, rollQuery{scope: ScopeInitiative, ability: Dex}, o, r)
}
