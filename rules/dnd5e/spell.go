package dnd5e

import (
	"strconv"
	"strings"
)

// Spells (digest B6, B10, B12; Part C G-B1, G-B5). The table in
// spell_table.go holds every SRD 5.1 spell, authored for this project; a test
// cross-checks it against the SRD data when that is present. A spell's name in
// every language is the catalog key Spell.Key() ("spell.fireball") in
// locales/catalog/spells.*.toml; the other spell words are the Key() of
// School, SpellAttack, SaveEffect, AreaShape, RangeKind and HealKind, and the
// error codes below (SpellKeys lists them all).
//
// Decisions where the rules or the brief leave a choice:
//   - Cast checks the class spell list unless CastOptions.AnyClass (subclass,
//     domain and patron spells, items, feats); a multiclass sheet is not modelled.
//   - Slot level 0 means the lowest slot left at or above the spell's level,
//     so a warlock casts at its pact level. Cantrips ignore the slot level and
//     scale with the character level (5th, 11th, 17th).
//   - Damage without an attack roll is rolled once for every target (one roll
//     for one effect); each spell attack (ray, beam) rolls its own; magic
//     missile rolls one "Nd4+N" per target for the N darts it gets.
//   - Half damage on a save halves each damage type (rounded down) before
//     resistance and vulnerability. SaveOther: the damage is dealt anyway.
//   - A spell with both an attack and a save (contagion, plane shift, ray of
//     enfeeblement) rolls only the attack; the result carries the DC for the save.
//   - An invalid target gets no roll and no effect; it appears to have saved
//     when a success would avoid the effect (B10), and the slot is spent (G-B5).
//   - Healing is rolled once for all targets and is not applied (the caller
//     applies Heal with Character.Heal / SetTempHP / SetMaxHP); mass heal's 700
//     is a pool for the caller to divide.
//   - Cast resolves a spell's listed damage at once for the targets given. For
//     damage that comes later (moonbeam, spirit guardians, a later turn of
//     spiritual weapon) call Cast again with CastOptions.Repeat. Rider spells
//     (divine favor, branding smite, hunter's mark) roll nothing at the cast:
//     they put an effect on the caster whose damage joins its weapon hits
//     (fire shield's retaliation is for the caller to deal).
//   - Where the caster chooses (CastOptions.Choice, Spell.Choices: enlarge or
//     reduce, a damage type, a curse, a glyph), the first option is the
//     default. Not modelled: flame strike's upcast die is always fire,
//     prismatic spray's colours, acid arrow's later damage and half damage on
//     a miss; spell_coverage_test.go lists every spell with what it does.
//   - Effects (spell_mech.go): a spell's effects go to each target it lands on
//     (CastTarget.Effects) or its caster (CastResult.CasterEffects), tied to
//     the caster's concentration when the spell needs it; the caller applies
//     them (Character.AddEffect, or a creature's effect list). A Willing target
//     makes no save. Area spells that act on the creatures inside (silence,
//     darkness, fog cloud, plant growth, antimagic field) act on the targets
//     the caller names.
//   - Conditions: a spell's Conditions are reported on each target that fails
//     its save, is hit, or (no save, no attack) is affected; the caller applies
//     them (Character.AddCondition, or the encounter's). Where the spell lets
//     the caster choose, the table takes the first listed option that is a
//     condition (blindness/deafness: blinded; eyebite: unconscious), and a
//     spell whose condition depends on a later roll or a choice among mostly
//     non-condition effects has none (command, bestow curse, contagion, divine
//     word, prismatic spray, symbol); spell_cond_test.go lists every decision.
//   - Sleep and color spray spend their rolled pool on the valid targets in
//     ascending order of current hit points, skipping those at 0 HP, those
//     unconscious and those that already have the spell's condition (color
//     spray: a blinded creature cannot see); a target the pool cannot cover is
//     unaffected. Power word stun and kill affect only a target within HPLimit.
//   - Concentration is a separate value (Concentration) the bot stores beside
//     the sheet; the Character type is unchanged.

// School is one of the eight schools of magic.
type School string

// The eight schools.
const (
	Abjuration    School = "abjuration"
	Conjuration   School = "conjuration"
	Divination    School = "divination"
	Enchantment   School = "enchantment"
	Evocation     School = "evocation"
	Illusion      School = "illusion"
	Necromancy    School = "necromancy"
	Transmutation School = "transmutation"
)

var schoolTable = []struct {
	id  School
	key string
}{
	{Abjuration, "spell.school.abjuration"},
	{Conjuration, "spell.school.conjuration"},
	{Divination, "spell.school.divination"},
	{Enchantment, "spell.school.enchantment"},
	{Evocation, "spell.school.evocation"},
	{Illusion, "spell.school.illusion"},
	{Necromancy, "spell.school.necromancy"},
	{Transmutation, "spell.school.transmutation"},
}

// Schools returns the eight schools in alphabetical id order.
func Schools() []School {
	out := make([]School, len(schoolTable))
	for i, s := range schoolTable {
		out[i] = s.id
	}
	return out
}

// Key is the catalog key of the school's name ("spell.school.evocation"), or "".
func (s School) Key() string {
	for _, e := range schoolTable {
		if e.id == s {
			return e.key
		}
	}
	return ""
}

// SpellAttack is the kind of spell attack a spell makes: melee or ranged ("" = none).
type SpellAttack string

// The two spell attacks.
const (
	MeleeSpellAttack  SpellAttack = "melee"
	RangedSpellAttack SpellAttack = "ranged"
)

// Key is the catalog key ("spell.attack.melee"), or "" for none.
func (a SpellAttack) Key() string {
	switch a {
	case MeleeSpellAttack:
		return "spell.attack.melee"
	case RangedSpellAttack:
		return "spell.attack.ranged"
	}
	return ""
}

// SaveEffect is what a successful saving throw does to the spell's damage (or effect).
type SaveEffect string

// Save effects (the SRD data's dc_success).
const (
	SaveHalf  SaveEffect = "half"  // half damage (rounded down) on a success
	SaveNone  SaveEffect = "none"  // a success avoids the damage and the effect
	SaveOther SaveEffect = "other" // the save decides another effect; the damage, if any, is dealt in full
)

// Key is the catalog key ("spell.on_save.half"), or "".
func (e SaveEffect) Key() string {
	switch e {
	case SaveHalf:
		return "spell.on_save.half"
	case SaveNone:
		return "spell.on_save.none"
	case SaveOther:
		return "spell.on_save.other"
	}
	return ""
}

// AreaShape is an SRD area-of-effect shape (digest B11). The ids are those of rules/area.
type AreaShape string

// The five shapes. Size is the radius (sphere, cylinder), the side (cube) or the length (cone, line).
const (
	ShapeSphere   AreaShape = "sphere"
	ShapeCylinder AreaShape = "cylinder"
	ShapeCube     AreaShape = "cube"
	ShapeCone     AreaShape = "cone"
	ShapeLine     AreaShape = "line"
)

// AreaShapes lists the five shapes.
func AreaShapes() []AreaShape {
	return []AreaShape{ShapeSphere, ShapeCylinder, ShapeCube, ShapeCone, ShapeLine}
}

// Key is the catalog key ("spell.shape.sphere"), or "".
func (s AreaShape) Key() string {
	switch s {
	case ShapeSphere:
		return "spell.shape.sphere"
	case ShapeCylinder:
		return "spell.shape.cylinder"
	case ShapeCube:
		return "spell.shape.cube"
	case ShapeCone:
		return "spell.shape.cone"
	case ShapeLine:
		return "spell.shape.line"
	}
	return ""
}

// SpellArea is a spell's area of effect; the zero value means none.
type SpellArea struct {
	Shape AreaShape `json:"shape"`
	Size  int       `json:"size"` // feet
}

// RangeKind is the kind of a spell's range.
type RangeKind string

// Range kinds. Feet and miles carry a distance.
const (
	RangeSelf      RangeKind = "self"
	RangeTouch     RangeKind = "touch"
	RangeFeet      RangeKind = "feet"
	RangeMiles     RangeKind = "miles"
	RangeSight     RangeKind = "sight"
	RangeUnlimited RangeKind = "unlimited"
	RangeSpecial   RangeKind = "special"
)

// Key is the catalog key ("spell.range.feet", whose template takes {{.Dist}}), or "".
func (k RangeKind) Key() string {
	switch k {
	case RangeSelf:
		return "spell.range.self"
	case RangeTouch:
		return "spell.range.touch"
	case RangeFeet:
		return "spell.range.feet"
	case RangeMiles:
		return "spell.range.miles"
	case RangeSight:
		return "spell.range.sight"
	case RangeUnlimited:
		return "spell.range.unlimited"
	case RangeSpecial:
		return "spell.range.special"
	}
	return ""
}

// RangeKinds lists every range kind.
func RangeKinds() []RangeKind {
	return []RangeKind{RangeSelf, RangeTouch, RangeFeet, RangeMiles, RangeSight, RangeUnlimited, RangeSpecial}
}

// SpellRange is a spell's range: a kind, and the distance for feet and miles.
type SpellRange struct {
	Kind RangeKind `json:"kind"`
	Dist int       `json:"dist,omitempty"`
}

// String is the English range as in the SRD data ("150 feet", "Touch").
func (r SpellRange) String() string {
	switch r.Kind {
	case RangeFeet:
		return strconv.Itoa(r.Dist) + " feet"
	case RangeMiles:
		if r.Dist == 1 {
			return "1 mile"
		}
		return strconv.Itoa(r.Dist) + " miles"
	}
	s := string(r.Kind)
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// HealKind says what a spell's Heal restores.
type HealKind string

// Heal kinds.
const (
	HealHP     HealKind = "hp"      // hit points regained (Character.Heal)
	HealTempHP HealKind = "temp_hp" // temporary hit points (Character.SetTempHP): false life
	HealMaxHP  HealKind = "max_hp"  // hit point maximum and current HP raised (aid)
)

// Key is the catalog key ("spell.heal.hp"), or "".
func (k HealKind) Key() string {
	switch k {
	case HealHP:
		return "spell.heal.hp"
	case HealTempHP:
		return "spell.heal.temp_hp"
	case HealMaxHP:
		return "spell.heal.max_hp"
	}
	return ""
}

// Spell is one row of the spell table. Dice notations are written as terms
// joined by "+": "NdS[type]" or a whole number ("10d6[force]+40"); ScaledDice
// turns them into the notation rolled at a slot level.
type Spell struct {
	ID         string      `json:"id"`   // snake_case English name: "fireball"
	Name       string      `json:"name"` // English name
	Level      int         `json:"level"`
	School     School      `json:"school"`
	Classes    []Class     `json:"classes"`    // class spell lists (SRD), alphabetical
	Components string      `json:"components"` // letters of V, S, M
	Range      SpellRange  `json:"range"`
	Attack     SpellAttack `json:"attack,omitempty"` // the spell attack it makes, if any
	Save       Ability     `json:"save,omitempty"`   // the saving throw its targets make, if any
	OnSave     SaveEffect  `json:"on_save,omitempty"`
	// Damage at the spell's level (cantrips: before the 5th/11th/17th-level
	// increases), per dart/ray/beam when Instances > 0.
	Damage   string   `json:"damage,omitempty"`
	Heal     string   `json:"heal,omitempty"` // healing at the spell's level
	HealKind HealKind `json:"heal_kind,omitempty"`
	// Pool is a rolled hit-point pool the spell affects (sleep, color spray).
	Pool string `json:"pool,omitempty"`
	// Upcast is added to Damage, Heal or Pool for every UpcastEvery slot levels above Level.
	Upcast      string `json:"upcast,omitempty"`
	UpcastEvery int    `json:"upcast_every,omitempty"` // 0 means 1
	// AddMod adds the caster's spellcasting ability modifier to Damage or Heal.
	AddMod bool `json:"add_mod,omitempty"`
	// Instances is the number of darts, rays or beams: each is its own attack
	// (or, with no attack, hits automatically) and deals Damage. Leveled spells
	// add one per slot level above Level; cantrips multiply by the tier.
	Instances int `json:"instances,omitempty"`
	// Rider: the damage is added to weapon hits or dealt on a trigger (smites,
	// hunter's mark, fire shield) rather than when the spell is cast.
	Rider         bool      `json:"rider,omitempty"`
	Area          SpellArea `json:"area,omitzero"`
	Concentration bool      `json:"concentration,omitempty"`
	Ritual        bool      `json:"ritual,omitempty"`
	// Conditions the spell imposes on a target that fails its save, is hit by
	// its attack, or (no save, no attack) is affected; the first is the main one.
	Conditions []SpellCondition `json:"conditions,omitempty"`
	// HPLimit: only a target with at most this many hit points is affected
	// (power word stun 150, power word kill 100); 0 = no limit.
	HPLimit int `json:"hp_limit,omitempty"`
	// Kills: an affected target dies (power word kill).
	Kills bool `json:"kills,omitempty"`

	// What else it does (spell_mech.go; the caller applies each outcome Cast reports).

	// Effects it puts on the creatures it lands on, or on its caster.
	Effects []SpellEffect `json:"effects,omitempty"`
	// Choices the caster picks one of (CastOptions.Choice; the first is the
	// default): enlarge or reduce, a damage type, a curse.
	Choices []string `json:"choices,omitempty"`
	// ChoiceSaves: the save ability when the caster picks that option (symbol).
	ChoiceSaves map[string]Ability `json:"choice_saves,omitempty"`
	// DamageTypes: the damage type is the caster's choice among these (the
	// choice names it); the table's type is the default.
	DamageTypes []DamageType `json:"damage_types,omitempty"`
	// Tiers: outcomes by the target's hit points (divine word).
	Tiers []SpellTier `json:"tiers,omitempty"`
	// Stabilizes a dying target (spare the dying).
	Stabilizes bool `json:"stabilizes,omitempty"`
	// Revive brings a dead target back with this many hit points (-1: all of them).
	Revive int `json:"revive,omitempty"`
	// Cure: conditions, exhaustion and effects it ends.
	Cure *SpellCure `json:"cure,omitempty"`
	// Summon: the creatures it conjures or turns a target into.
	Summon *SpellSummon `json:"summon,omitempty"`
	// Dispels: it ends a spell, with a check above its slot level (DispelCheck).
	Dispels bool `json:"dispels,omitempty"`
	// Drain: the caster regains half the damage it deals (vampiric touch).
	Drain bool `json:"drain,omitempty"`
	// ReduceMaxHP: a target that fails its save loses as much hit point
	// maximum as the damage it took, for an hour (harm).
	ReduceMaxHP bool `json:"reduce_max_hp,omitempty"`
	// RepeatSave: a creature it landed on makes a save of this ability at the end of each of its turns, the
	// spell ending on it with a success (hold person; repeat.go).
	RepeatSave Ability `json:"repeat_save,omitempty"`
}

// SpellCondition is a condition a spell imposes, and for how long.
type SpellCondition struct {
	ID Condition `json:"id"`
	// Rounds is its duration in rounds when the spell text fixes one (1 minute
	// = 10; "until the end of your next turn" = 1); 0 = until removed.
	Rounds int `json:"rounds,omitempty"`
	// Fixed: its duration does not depend on the spell, so the spell ending
	// (its caster losing concentration) does not end it: a creature knocked
	// prone stays prone until it stands up; sunbeam's blindness lasts its round.
	Fixed bool `json:"fixed,omitempty"`
	// Choice: imposed only when the caster picks this option ("" = always).
	Choice string `json:"choice,omitempty"`
}

// Key is the catalog key of the spell's name ("spell.fireball").
func (s Spell) Key() string { return "spell." + s.ID }

// Cantrip reports whether the spell is a cantrip (level 0).
func (s Spell) Cantrip() bool { return s.Level == 0 }

// HasClass reports whether class c has the spell on its list.
func (s Spell) HasClass(c Class) bool {
	for _, x := range s.Classes {
		if x == c {
			return true
		}
	}
	return false
}

// Perceptible reports whether its casting can be noticed (B10): only with a
// verbal, somatic or material component, and not when a feature such as the
// sorcerer's Subtle Spell (subtle = true) removes them. Every SRD spell has one.
func (s Spell) Perceptible(subtle bool) bool { return !subtle && s.Components != "" }

// IdentifyDC is the DC to identify the spell (B10): 15 + spell level.
func (s Spell) IdentifyDC() int { return 15 + s.Level }

// clone returns a copy that shares no slice with the table.
func (s Spell) clone() Spell {
	s.Classes = append([]Class(nil), s.Classes...)
	s.Conditions = append([]SpellCondition(nil), s.Conditions...)
	if s.Effects != nil {
		fx := make([]SpellEffect, len(s.Effects))
		for i, e := range s.Effects {
			e.Mods = append([]Mod(nil), e.Mods...)
			fx[i] = e
		}
		s.Effects = fx
	}
	s.Choices = append([]string(nil), s.Choices...)
	if s.ChoiceSaves != nil {
		m := make(map[string]Ability, len(s.ChoiceSaves))
		for k, v := range s.ChoiceSaves {
			m[k] = v
		}
		s.ChoiceSaves = m
	}
	s.DamageTypes = append([]DamageType(nil), s.DamageTypes...)
	if s.Tiers != nil {
		tiers := make([]SpellTier, len(s.Tiers))
		for i, t := range s.Tiers {
			t.Conditions = append([]SpellCondition(nil), t.Conditions...)
			tiers[i] = t
		}
		s.Tiers = tiers
	}
	if s.Cure != nil {
		c := *s.Cure
		c.Conditions = append([]Condition(nil), c.Conditions...)
		c.Effects = append([]string(nil), c.Effects...)
		s.Cure = &c
	}
	if s.Summon != nil {
		m := *s.Summon
		m.Creatures = append([]string(nil), m.Creatures...)
		s.Summon = &m
	}
	return s
}

var (
	spellIndex map[string]int // id → index in spellTable
)

func init() {
	spellIndex = make(map[string]int, len(spellTable))
	for i, s := range spellTable {
		spellIndex[s.ID] = i
	}
	addSpellMechanics()
	addRepeatSaves()
}

// Spells returns every spell, by level then table order (alphabetical within a level).
func Spells() []Spell {
	out := make([]Spell, len(spellTable))
	for i, s := range spellTable {
		out[i] = s.clone()
	}
	return out
}

// ClassSpells returns class c's spells of the given level (-1 = every level).
func ClassSpells(c Class, level int) []Spell {
	var out []Spell
	for _, s := range spellTable {
		if s.HasClass(c) && (level < 0 || s.Level == level) {
			out = append(out, s.clone())
		}
	}
	return out
}

// LookupSpell finds a spell by its id ("fireball").
func LookupSpell(id string) (Spell, bool) {
	i, ok := spellIndex[id]
	if !ok {
		return Spell{}, false
	}
	return spellTable[i].clone(), true
}

// ParseSpell accepts a spell id or English name in any case, with spaces,
// dashes or slashes for underscores and apostrophes dropped ("Hunter's Mark",
// "blindness/deafness", "magic-missile"), or its catalog key ("spell.fireball").
func ParseSpell(s string) (Spell, error) {
	if sp, ok := LookupSpell(SpellID(s)); ok {
		return sp, nil
	}
	return Spell{}, newError(ErrUnknownSpell, "Spell", s)
}

// SpellID normalises a name into the id form: "Hunter's Mark" → "hunters_mark".
// It does not check that the spell exists.
func SpellID(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(s, "spell.")
	var b strings.Builder
	under := false
	for _, r := range s {
		switch {
		case r == '\'' || r == '’':
			continue
		case r == ' ' || r == '-' || r == '/' || r == '_' || r == '\t':
			under = b.Len() > 0
			continue
		}
		if under {
			b.WriteByte('_')
			under = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Spell error codes (= catalog keys in locales/catalog/spells.*.toml). The
// template arguments are listed after each.
const (
	ErrUnknownSpell     = "spell.err.unknown_spell"     // Spell
	ErrNotACaster       = "spell.err.not_a_caster"      // Name
	ErrClassCantCast    = "spell.err.class_cant_cast"   // Name, Class, Spell
	ErrBadSlotLevel     = "spell.err.bad_slot_level"    // Slot, Max
	ErrSlotTooLow       = "spell.err.slot_too_low"      // Spell, Level, Slot
	ErrNoSlots          = "spell.err.no_slots"          // Name, Slot
	ErrNoSlotLeft       = "spell.err.no_slot_left"      // Name, Slot, Max
	ErrNoSlotAvailable  = "spell.err.no_slot_available" // Name, Level
	ErrNotRitual        = "spell.err.not_ritual"        // Spell
	ErrCasterIncapable  = "spell.err.incapacitated"     // Name
	ErrBadInstances     = "spell.err.bad_instances"     // Want, Have
	ErrBadSaveMod       = "spell.err.bad_save_mod"      // Modifier, Max
	ErrNotConcentrating = "spell.err.not_concentrating" // Name
	ErrBadChoice        = "spell.err.bad_choice"        // Spell, Choice
	ErrNotDead          = "spell.err.not_dead"          // Name
	// ErrIdentifyIncapable: identifying a spell takes a reaction or an action (Xanathar's), which an
	// incapacitated creature cannot take.
	ErrIdentifyIncapable = "spell.err.identify_incapacitated" // Name
)

// SpellErrorCodes lists every spell error code above.
func SpellErrorCodes() []string {
	return []string{
		ErrUnknownSpell, ErrNotACaster, ErrClassCantCast, ErrBadSlotLevel, ErrSlotTooLow, ErrNoSlots,
		ErrNoSlotLeft, ErrNoSlotAvailable, ErrNotRitual, ErrCasterIncapable, ErrBadInstances, ErrBadSaveMod,
		ErrNotConcentrating, ErrBadChoice, ErrNotDead, ErrIdentifyIncapable,
	}
}

// SpellKeys lists every catalog key of the spells area: the spell names,
// schools, attacks, save effects, shapes, range kinds, heal kinds and error codes.
func SpellKeys() []string {
	var keys []string
	for _, s := range spellTable {
		keys = append(keys, s.Key())
	}
	for _, s := range Schools() {
		keys = append(keys, s.Key())
	}
	keys = append(keys, MeleeSpellAttack.Key(), RangedSpellAttack.Key())
	keys = append(keys, SaveHalf.Key(), SaveNone.Key(), SaveOther.Key())
	for _, s := range AreaShapes() {
		keys = append(keys, s.Key())
	}
	for _, k := range RangeKinds() {
		keys = append(keys, k.Key())
	}
	keys = append(keys, HealHP.Key(), HealTempHP.Key(), HealMaxHP.Key())
	return append(keys, SpellErrorCodes()...)
}
