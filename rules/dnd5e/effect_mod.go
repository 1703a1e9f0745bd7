package dnd5e

import (
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/dice"
)

// ModKind is what one mod of an effect changes.
type ModKind string

// Mod kinds. The fields each one reads are listed after it.
const (
	ModBonus         ModKind = "bonus"             // Roll; Value and/or Dice added to the roll (bless 1d4, bane -1d4)
	ModAdvantage     ModKind = "advantage"         // Roll: the roll has advantage (Roll attacked: attacks against the bearer)
	ModDisadvantage  ModKind = "disadvantage"      // Roll: the roll has disadvantage
	ModMinD20        ModKind = "min_d20"           // Roll: a d20 below Value counts as Value (reliable talent)
	ModCritRange     ModKind = "crit_range"        // attacks score a critical hit on a d20 of Value or more (improved critical: 19)
	ModCritDice      ModKind = "crit_dice"         // on a critical hit, Value more weapon damage dice (brutal critical)
	ModAC            ModKind = "ac"                // Value added to AC (shield +5, shield of faith +2)
	ModACBase        ModKind = "ac_base"           // AC is at least Value + DEX modifier (mage armor 13)
	ModACMin         ModKind = "ac_min"            // AC is at least Value (barkskin 16)
	ModDamage        ModKind = "damage"            // Value and/or Dice of Type added to the bearer's hits (rage, hunter's mark)
	ModResist        ModKind = "resist"            // resistance to Type
	ModImmune        ModKind = "immune"            // immunity to Type
	ModVuln          ModKind = "vuln"              // vulnerability to Type
	ModSpeed         ModKind = "speed"             // Value feet added to speed (longstrider +10)
	ModSpeedFactor   ModKind = "speed_factor"      // speed times Value percent (haste 200, slow 50), after ModSpeed
	ModMaxHP         ModKind = "max_hp"            // Value added to the hit point maximum, and as many hit points when it starts (aid)
	ModTempHP        ModKind = "temp_hp"           // Value temporary hit points when it starts, or at the start of each of the bearer's turns with EachTurn (heroism)
	ModExtraAttacks  ModKind = "extra_attacks"     // Value more attacks with the Attack action (extra attack)
	ModCondImmune    ModKind = "condition_immune"  // Condition cannot be added (heroism: frightened)
	ModEvasion       ModKind = "evasion"           // DEX saves for half damage: none on a success, half on a failure
	ModSaveAutoFail  ModKind = "save_auto_fail"    // Roll save: saves of Ability fail with no roll
	ModMaxHeal       ModKind = "max_heal"          // healing the bearer receives is not rolled: dice at their maximum (beacon of hope)
	ModNoReactions   ModKind = "no_reactions"      // the bearer can take no reactions (shocking grasp); shown, not enforced
	ModHealBonus     ModKind = "heal_bonus"        // healing spells the bearer casts restore Value + the slot level more (disciple of life)
	ModSaveProfAll   ModKind = "save_prof_all"     // proficiency in every saving throw (diamond soul)
	ModWeaponAbility ModKind = "weapon_ability"    // the Weapon's attack and damage use Ability (shillelagh: the spellcasting ability)
	ModWeaponDie     ModKind = "weapon_die"        // the Weapon's damage die becomes a dValue (shillelagh: d8)
	ModHalfDamage    ModKind = "half_damage_dealt" // the bearer's hits (narrowed like damage mods) deal half damage (ray of enfeeblement)
	ModSeeInvisible  ModKind = "see_invisible"     // the bearer sees invisible creatures: invisibility gives no advantage or disadvantage against it
	ModDuplicates    ModKind = "duplicates"        // illusory duplicates (mirror image: the effect's Uses), each attack may hit one instead
	ModDeathWard     ModKind = "death_ward"        // the first time the bearer would drop to 0 hit points it drops to 1 instead, and the effect ends
	ModSpellImmunity ModKind = "spell_immunity"    // spells cast at Value or lower level do not affect the bearer (globe of invulnerability)
	ModRegen         ModKind = "regeneration"      // Value hit points regained at the start of each of the bearer's turns (regenerate)
	ModNoHealing     ModKind = "no_healing"        // the bearer cannot regain hit points (chill touch)
	ModNote          ModKind = "note"              // the effect is tracked and shown (its duration, its concentration); Value a number noted (Hide's Stealth total), 0 for none
)

// ModKinds lists every mod kind.
func ModKinds() []ModKind {
	return []ModKind{ModBonus, ModAdvantage, ModDisadvantage, ModMinD20, ModCritRange, ModCritDice, ModAC, ModACBase,
		ModACMin, ModDamage, ModResist, ModImmune, ModVuln, ModSpeed, ModSpeedFactor, ModMaxHP, ModTempHP,
		ModExtraAttacks, ModCondImmune, ModEvasion, ModSaveAutoFail, ModMaxHeal, ModNoReactions,
		ModHealBonus, ModSaveProfAll, ModWeaponAbility, ModWeaponDie, ModHalfDamage, ModSeeInvisible, ModDuplicates,
		ModDeathWard, ModSpellImmunity, ModRegen, ModNoHealing, ModNote}
}

// Key is the catalog key of the kind ("effect.mod.bonus"), or "".
func (k ModKind) Key() string {
	switch k {
	case ModBonus:
		return "effect.mod.bonus"
	case ModAdvantage:
		return "effect.mod.advantage"
	case ModDisadvantage:
		return "effect.mod.disadvantage"
	case ModMinD20:
		return "effect.mod.min_d20"
	case ModCritRange:
		return "effect.mod.crit_range"
	case ModCritDice:
		return "effect.mod.crit_dice"
	case ModAC:
		return "effect.mod.ac"
	case ModACBase:
		return "effect.mod.ac_base"
	case ModACMin:
		return "effect.mod.ac_min"
	case ModDamage:
		return "effect.mod.damage"
	case ModResist:
		return "effect.mod.resist"
	case ModImmune:
		return "effect.mod.immune"
	case ModVuln:
		return "effect.mod.vuln"
	case ModSpeed:
		return "effect.mod.speed"
	case ModSpeedFactor:
		return "effect.mod.speed_factor"
	case ModMaxHP:
		return "effect.mod.max_hp"
	case ModTempHP:
		return "effect.mod.temp_hp"
	case ModExtraAttacks:
		return "effect.mod.extra_attacks"
	case ModCondImmune:
		return "effect.mod.condition_immune"
	case ModEvasion:
		return "effect.mod.evasion"
	case ModSaveAutoFail:
		return "effect.mod.save_auto_fail"
	case ModMaxHeal:
		return "effect.mod.max_heal"
	case ModNoReactions:
		return "effect.mod.no_reactions"
	case ModHealBonus:
		return "effect.mod.heal_bonus"
	case ModSaveProfAll:
		return "effect.mod.save_prof_all"
	case ModWeaponAbility:
		return "effect.mod.weapon_ability"
	case ModWeaponDie:
		return "effect.mod.weapon_die"
	case ModHalfDamage:
		return "effect.mod.half_damage_dealt"
	case ModSeeInvisible:
		return "effect.mod.see_invisible"
	case ModDuplicates:
		return "effect.mod.duplicates"
	case ModDeathWard:
		return "effect.mod.death_ward"
	case ModSpellImmunity:
		return "effect.mod.spell_immunity"
	case ModRegen:
		return "effect.mod.regeneration"
	case ModNoHealing:
		return "effect.mod.no_healing"
	case ModNote:
		return "effect.mod.note"
	}
	return ""
}

// RollScope is the kind of roll a bonus, advantage, disadvantage or minimum applies to.
type RollScope string

// Roll scopes.
const (
	ScopeAttack     RollScope = "attack"     // the bearer's attack rolls
	ScopeSave       RollScope = "save"       // the bearer's saving throws (death saves too when no Ability is set)
	ScopeCheck      RollScope = "check"      // the bearer's ability checks (skill checks and initiative included)
	ScopeInitiative RollScope = "initiative" // the bearer's initiative only
	ScopeDeathSave  RollScope = "death_save" // the bearer's death saving throws only
	ScopeAttacked   RollScope = "attacked"   // attack rolls against the bearer
)

// RollScopes lists every scope.
func RollScopes() []RollScope {
	return []RollScope{ScopeAttack, ScopeSave, ScopeCheck, ScopeInitiative, ScopeDeathSave, ScopeAttacked}
}

// Key is the catalog key of the scope ("effect.roll.attack"), or "".
func (s RollScope) Key() string {
	switch s {
	case ScopeAttack:
		return "effect.roll.attack"
	case ScopeSave:
		return "effect.roll.save"
	case ScopeCheck:
		return "effect.roll.check"
	case ScopeInitiative:
		return "effect.roll.initiative"
	case ScopeDeathSave:
		return "effect.roll.death_save"
	case ScopeAttacked:
		return "effect.roll.attacked"
	}
	return ""
}

// AttackFilter narrows an attack mod to some attacks.
type AttackFilter string

// Attack filters. The zero value matches every attack.
const (
	AnyAttack    AttackFilter = ""
	WeaponAttack AttackFilter = "weapon"       // weapon attacks (melee or ranged), not spell attacks
	MeleeWeapon  AttackFilter = "melee_weapon" // melee weapon attacks
	RangedWeapon AttackFilter = "ranged_weapon"
	SpellAttacks AttackFilter = "spell" // spell attacks
	MeleeAttack  AttackFilter = "melee" // melee attacks, weapon or spell
	RangedAttack AttackFilter = "ranged"
)

// AttackFilters lists the filters (the zero one first).
func AttackFilters() []AttackFilter {
	return []AttackFilter{AnyAttack, WeaponAttack, MeleeWeapon, RangedWeapon, SpellAttacks, MeleeAttack, RangedAttack}
}

// Key is the catalog key of the filter ("effect.attack.weapon"; AnyAttack is "effect.attack.any").
func (f AttackFilter) Key() string {
	switch f {
	case AnyAttack:
		return "effect.attack.any"
	case WeaponAttack:
		return "effect.attack.weapon"
	case MeleeWeapon:
		return "effect.attack.melee_weapon"
	case RangedWeapon:
		return "effect.attack.ranged_weapon"
	case SpellAttacks:
		return "effect.attack.spell"
	case MeleeAttack:
		return "effect.attack.melee"
	case RangedAttack:
		return "effect.attack.ranged"
	}
	return ""
}

// ProfFilter narrows a check mod to rolls with or without proficiency.
type ProfFilter string

// Proficiency filters.
const (
	AnyProf      ProfFilter = ""
	Proficient   ProfFilter = "proficient"   // only rolls that add the proficiency bonus (reliable talent)
	Unproficient ProfFilter = "unproficient" // only rolls that do not (jack of all trades)
)

// Key is the catalog key of the filter ("effect.prof.proficient"), or "" for AnyProf.
func (f ProfFilter) Key() string {
	switch f {
	case Proficient:
		return "effect.prof.proficient"
	case Unproficient:
		return "effect.prof.unproficient"
	}
	return ""
}

// Mod is one thing an effect changes. Kind says what; the other fields give
// the amount and narrow where it applies (empty = everywhere).
type Mod struct {
	Kind    ModKind    `json:"kind"`
	Roll    RollScope  `json:"roll,omitempty"`    // bonus, advantage, disadvantage, min_d20, save_auto_fail
	Value   int        `json:"value,omitempty"`   // the flat amount (see the kind)
	Dice    string     `json:"dice,omitempty"`    // dice added: "1d4", "-1d4", "2d6" (bonus, damage)
	Type    DamageType `json:"type,omitempty"`    // damage type (damage, resist, immune, vuln)
	Ability Ability    `json:"ability,omitempty"` // only rolls of this ability (checks, saves; attacks made with it)
	Skill   Skill      `json:"skill,omitempty"`   // checks: only this skill
	Prof    ProfFilter `json:"prof,omitempty"`    // checks: only with (or without) proficiency
	// Attack narrows attack, attacked, damage and crit mods to some attacks.
	Attack AttackFilter `json:"attack,omitempty"`
	// Vs: only against this creature (by name): hunter's mark, hex, true strike.
	Vs string `json:"vs,omitempty"`
	// VsTypes: only against (or, for attacked mods, from) creatures of these
	// types ("undead", "fiend"): protection from evil and good.
	VsTypes   []string  `json:"vs_types,omitempty"`
	Condition Condition `json:"condition,omitempty"` // condition_immune
	// OncePerTurn: a damage mod that applies to one hit per turn (sneak attack, divine strike).
	OncePerTurn bool `json:"once_per_turn,omitempty"`
	// EachTurn: a temp_hp mod granted at the start of each of the bearer's turns instead of once.
	EachTurn bool `json:"each_turn,omitempty"`
	// Weapon: weapon_ability and weapon_die mods apply to the sheet attack of this name (any case).
	Weapon string `json:"weapon,omitempty"`
}

// validate checks the mod's kind and the fields that kind reads.
func (m Mod) validate(effect string) error {
	bad := func(field string) error {
		return newError(ErrBadMod, "Effect", effect, "Kind", string(m.Kind), "Field", field)
	}
	if m.Kind.Key() == "" {
		return bad("kind")
	}
	if m.Roll != "" && m.Roll.Key() == "" {
		return bad("roll")
	}
	switch m.Kind {
	case ModBonus, ModAdvantage, ModDisadvantage, ModMinD20, ModSaveAutoFail:
		if m.Roll == "" {
			return bad("roll")
		}
	}
	if m.Kind == ModSaveAutoFail && (m.Roll != ScopeSave || m.Ability == "") {
		return bad("ability")
	}
	if m.Ability != "" && !m.Ability.Valid() {
		return bad("ability")
	}
	if m.Skill != "" && !m.Skill.Valid() {
		return bad("skill")
	}
	if m.Prof != AnyProf && m.Prof.Key() == "" {
		return bad("prof")
	}
	if m.Attack.Key() == "" {
		return bad("attack")
	}
	if m.Type != "" && !m.Type.Valid() {
		return bad("type")
	}
	if utf8.RuneCountInString(m.Vs) > MaxNameLen {
		return bad("vs")
	}
	if utf8.RuneCountInString(m.Weapon) > MaxNameLen {
		return bad("weapon")
	}
	if len(m.VsTypes) > maxVsTypes {
		return bad("vs_types")
	}
	for _, t := range m.VsTypes {
		if t == "" || len(t) > maxTypeLen || t != strings.ToLower(strings.TrimSpace(t)) {
			return bad("vs_types")
		}
	}
	if m.Dice != "" {
		if err := validModDice(m.Dice); err != nil {
			return bad("dice")
		}
	}
	if lo, hi, ok := modValueRange(m.Kind); ok && (m.Value < lo || m.Value > hi) {
		return newError(ErrBadModValue, "Effect", effect, "Kind", string(m.Kind), "Value", m.Value, "Min", lo, "Max", hi)
	}
	switch m.Kind {
	case ModResist, ModImmune, ModVuln:
		if m.Type == "" {
			return bad("type")
		}
	case ModCondImmune:
		if !m.Condition.Valid() || m.Condition == Exhaustion {
			return bad("condition")
		}
	case ModWeaponAbility:
		if m.Ability == "" {
			return bad("ability")
		}
	case ModBonus, ModDamage:
		if m.Value == 0 && m.Dice == "" {
			return bad("value")
		}
	}
	return nil
}

// modValueRange is the range of Value for a kind (ok false: Value unused, must be 0).
func modValueRange(k ModKind) (lo, hi int, ok bool) {
	switch k {
	case ModBonus, ModAC, ModDamage, ModHealBonus:
		return -MaxModValue, MaxModValue, true
	case ModMinD20:
		return 2, 20, true
	case ModCritRange:
		return 2, 20, true
	case ModCritDice:
		return 1, 10, true
	case ModACBase, ModACMin:
		return MinAC, MaxAC, true
	case ModSpeed:
		return -MaxSpeed, MaxSpeed, true
	case ModSpeedFactor:
		return 0, maxSpeedFactor, true
	case ModMaxHP:
		return -MaxHPLimit, MaxHPLimit, true
	case ModTempHP:
		return 1, MaxHPLimit, true
	case ModExtraAttacks:
		return 1, MaxExtraAttack, true
	case ModWeaponDie:
		return 4, 12, true
	case ModSpellImmunity:
		return 1, 9, true
	case ModRegen:
		return 1, MaxHPLimit, true
	case ModNote:
		return -MaxModValue, MaxNote, true
	}
	return 0, 0, true
}

// validModDice accepts a short sum of dice and numbers with labels: "1d4", "-1d4", "2d6[fire]".
func validModDice(s string) error {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxDiceLen || strings.ContainsAny(s, "<>=!,") {
		return newError(ErrBadAmount, "Amount", 0, "Max", 0)
	}
	e, err := dice.Parse(strings.TrimPrefix(s, "+"))
	if err != nil {
		return err
	}
	if e.Comment() != "" {
		return newError(ErrBadAmount, "Amount", 0, "Max", 0)
	}
	return nil
}
