package dnd5e

import (
	"strings"

	"rulekeeper/rules/dice"
)

// What spells do beyond damage, healing and conditions (issue 13): the
// effects they put on creatures, the choices their casters make, and the
// other outcomes Cast reports for the caller to apply (stabilize, revive,
// cure, summon, drain).

// TurnCaster in a SpellEffect's Duration.Turn stands for the caster's name,
// filled in when the effect is made ("until the end of your next turn").
const TurnCaster = "@caster"

// SpellEffect is an effect a spell puts on each creature it lands on (or on
// its caster): the mods, how long, how many rolls, and how they scale.
type SpellEffect struct {
	Caster bool   `json:"caster,omitempty"` // on the caster instead of each target
	Choice string `json:"choice,omitempty"` // only when the caster picks this option ("" = always)
	Mods   []Mod  `json:"mods"`
	// Duration; Turn TurnCaster is the caster. Concentration spells link
	// their effects to the caster's concentration on top of it.
	Duration Duration `json:"duration,omitzero"`
	Uses     int      `json:"uses,omitempty"`
	// Scaling with the slot: every Every levels above the spell's (0 = 1),
	// value mods (bonus, damage, ac, max_hp, temp_hp) gain PerSlot and dice
	// mods gain DicePerSlot.
	PerSlot     int    `json:"per_slot,omitempty"`
	DicePerSlot string `json:"dice_per_slot,omitempty"`
	Every       int    `json:"every,omitempty"`
	// CasterMod: temp_hp and bonus mods take the caster's spellcasting
	// modifier as their Value (heroism); left out when it is below 1.
	CasterMod bool `json:"caster_mod,omitempty"`
	// Rolled: dice rolled once per cast, whose total is the Value of the
	// temp_hp and max_hp mods (enhance ability's 2d6, heroes' feast's 2d10).
	Rolled string `json:"rolled,omitempty"`
	// SpellDamage: damage mods without dice take the spell's own damage at
	// the cast level (smites, divine favor, hunter's mark).
	SpellDamage bool `json:"spell_damage,omitempty"`
	// MarkTarget: the mods are narrowed to the spell's (first) target by name
	// (hunter's mark); weapon_ability and weapon_die mods name it as the
	// weapon (shillelagh: the sheet attack named as the target).
	MarkTarget bool `json:"mark_target,omitempty"`
	// MarkCaster: the mods are narrowed to the caster by name (bestow curse:
	// disadvantage on attacks against the caster).
	MarkCaster bool `json:"mark_caster,omitempty"`
}

// SpellCure is what a spell ends on a creature it lands on.
type SpellCure struct {
	Conditions []Condition `json:"conditions,omitempty"`
	// One: the caster ends one of Conditions (lesser restoration), not all.
	One        bool     `json:"one,omitempty"`
	Exhaustion int      `json:"exhaustion,omitempty"` // exhaustion levels removed
	Effects    []string `json:"effects,omitempty"`    // effect ids ended (remove curse: bestow_curse)
}

// SpellSummon is what a spell brings into the encounter (or turns a creature
// into): creatures the caller takes from the SRD monsters.
type SpellSummon struct {
	// Kind: the creature type ("beast", "fey", "elemental", "celestial",
	// "undead", "fiend", "construct"), "object" (animate objects' table),
	// "copy" (simulacrum), or any of Creatures.
	Kind string `json:"kind"`
	// Creatures the spell names (SRD monster names in snake case: "warhorse").
	Creatures []string `json:"creatures,omitempty"`
	// MaxCR is the highest challenge rating ("2", "1/4"); "" when Creatures
	// names them or the GM chooses.
	MaxCR string `json:"max_cr,omitempty"`
	// Count is how many (at the spell's level); 0 = by the spell's table of
	// challenge ratings or the GM.
	Count int `json:"count,omitempty"`
	// Transform: the target takes the creature's statistics instead of a
	// new creature appearing (polymorph, shapechange).
	Transform bool `json:"transform,omitempty"`
}

// SpellTier is an outcome by hit points (divine word): a target with at most
// MaxHP hit points (the lowest tier that fits) gets Conditions, or dies.
type SpellTier struct {
	MaxHP      int              `json:"max_hp"`
	Conditions []SpellCondition `json:"conditions,omitempty"`
	Kills      bool             `json:"kills,omitempty"`
}

// EffectCast is the cast an effect comes from, to make it.
type EffectCast struct {
	Caster    string // the caster's name (concentration link, TurnCaster durations)
	CasterMod int    // spellcasting ability modifier
	Level     int    // slot level it was cast at (cantrips: 0)
	Target    string // the first target's name (MarkTarget)
	Choice    string // the caster's option (Spell.Choices), "" = the first
}

// choiceOf is the option that applies: choice, or the spell's first one.
func (s Spell) choiceOf(choice string) string {
	if choice == "" && len(s.Choices) > 0 {
		return s.Choices[0]
	}
	return choice
}

// validChoice checks a CastOptions.Choice against the spell's options.
func (s Spell) validChoice(choice string) error {
	if choice == "" {
		return nil
	}
	for _, c := range s.Choices {
		if c == choice {
			return nil
		}
	}
	return newError(ErrBadChoice, "Spell", s.Name, "Choice", choice)
}

// SpellEffects makes the effect the spell puts on each target (caster
// false) or on its caster (caster true) for cast ec, or ok false when it puts
// none. Its mods are those of every SpellEffect of that side whose Choice is
// ec.Choice's (or none), scaled with the slot; concentration spells link it to
// ec.Caster's concentration. r rolls the Rolled dice (nil when none); the
// roll is returned.
func (s Spell) SpellEffects(ec EffectCast, caster bool, r dice.Roller) (e ActiveEffect, roll *dice.Result, ok bool, err error) {
	choice := s.choiceOf(ec.Choice)
	var first *SpellEffect
	var mods []Mod
	for i := range s.Effects {
		t := &s.Effects[i]
		if t.Caster != caster || (t.Choice != "" && t.Choice != choice) {
			continue
		}
		if first == nil {
			first = t
		}
		value := 0
		if t.Rolled != "" && roll == nil {
			if roll, err = dice.Roll(t.Rolled, r); err != nil {
				return ActiveEffect{}, nil, false, err
			}
		}
		if roll != nil {
			value = max(1, roll.Total)
		}
		for _, m := range t.Mods {
			if m, keep := s.scaleMod(m, t, ec, value); keep {
				mods = append(mods, m)
			}
		}
	}
	if first == nil || len(mods) == 0 {
		return ActiveEffect{}, roll, false, nil
	}
	e = NewEffect(EffectSource{Kind: SourceSpell, ID: s.ID}, first.Duration, mods...)
	if e.Duration.Turn == TurnCaster {
		e.Duration.Turn = ec.Caster
	}
	e.Uses = first.Uses
	if s.Concentration && strings.TrimSpace(ec.Caster) != "" {
		e.Conc = &ConcLink{Caster: ec.Caster, Spell: s.ID}
	}
	return e, roll, true, e.Validate()
}

// scaleMod fills one template mod for a cast; keep false drops it (a caster
// modifier below 1).
func (s Spell) scaleMod(m Mod, t *SpellEffect, ec EffectCast, rolled int) (Mod, bool) {
	m.VsTypes = append([]string(nil), m.VsTypes...)
	every := max(1, t.Every)
	steps := 0
	if !s.Cantrip() && ec.Level > s.Level {
		steps = (ec.Level - s.Level) / every
	}
	if t.SpellDamage && m.Kind == ModDamage && m.Dice == "" {
		ts := parseTerms(s.ScaledDice(ec.Level, 0, 0).Damage)
		for i := range ts {
			if m.Type == "" && ts[i].label != "" {
				m.Type = DamageType(ts[i].label)
			}
			ts[i].label = ""
		}
		m.Dice = ts.String()
	}
	if t.CasterMod && (m.Kind == ModTempHP || m.Kind == ModBonus) {
		if ec.CasterMod < 1 {
			return m, false
		}
		m.Value = ec.CasterMod
	}
	if rolled > 0 && (m.Kind == ModTempHP || m.Kind == ModMaxHP) && m.Value == 0 {
		m.Value = rolled
	}
	if steps > 0 && t.PerSlot != 0 && m.Value != 0 {
		m.Value += t.PerSlot * steps
	}
	if steps > 0 && t.DicePerSlot != "" && m.Dice != "" {
		m.Dice = parseTerms(m.Dice).plus(parseTerms(t.DicePerSlot), steps).String()
	}
	switch {
	case t.MarkTarget && (m.Kind == ModWeaponAbility || m.Kind == ModWeaponDie):
		m.Weapon = ec.Target
	case t.MarkTarget:
		m.Vs = ec.Target
	case t.MarkCaster:
		m.Vs = ec.Caster
	}
	return m, true
}

// retype replaces every damage-type label of a table notation with typ.
func retype(notation string, typ DamageType) string {
	ts := parseTerms(notation)
	for i := range ts {
		if DamageType(ts[i].label).Valid() {
			ts[i].label = string(typ)
		}
	}
	return ts.String()
}
