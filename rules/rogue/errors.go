package rogue

import (
	"rulekeeper/rules/coded"
)

// Error is every error this package returns itself: a catalog key (Code) and its template data (Args).
type Error = coded.Error

// Error codes (= catalog keys). The template arguments follow each code.
const (
	ErrBadVersion        = "rogue.err.bad_version"         // Version
	ErrBadSheet          = "rogue.err.bad_sheet"           // (none): stored JSON unreadable
	ErrBadName           = "rogue.err.bad_name"            // Max
	ErrUnknownAttribute  = "rogue.err.unknown_attribute"   // Attribute
	ErrUnknownRace       = "rogue.err.unknown_race"        // Race
	ErrUnknownSex        = "rogue.err.unknown_sex"         // Sex
	ErrUnknownSize       = "rogue.err.unknown_size"        // Size
	ErrUnknownTalent     = "rogue.err.unknown_talent"      // Talent
	ErrUnknownSpell      = "rogue.err.unknown_spell"       // Spell
	ErrUnknownEffect     = "rogue.err.unknown_effect"      // Kind, ID
	ErrUnknownDamageType = "rogue.err.unknown_damage_type" // Type
	ErrUnknownOption     = "rogue.err.unknown_option"      // Option, Value
	ErrBadLevel          = "rogue.err.bad_level"           // Level, Min, Max
	ErrBadScore          = "rogue.err.bad_score"           // Attribute, Score, Min, Max
	ErrBadEnhancement    = "rogue.err.bad_enhancement"     // Attribute, Value, Max
	ErrBadAbilityDamage  = "rogue.err.bad_ability_damage"  // Attribute, Value, Max
	ErrRuleOfThree       = "rogue.err.rule_of_three"       // Gap, Limit
	ErrRuleOfThree20     = "rogue.err.rule_of_three_20"    // Gap
	ErrBadMaxHP          = "rogue.err.bad_max_hp"          // MaxHP, Max
	ErrBadHP             = "rogue.err.bad_hp"              // HP, Max
	ErrBadMaxEnergy      = "rogue.err.bad_max_energy"      // MaxEnergy, Max
	ErrBadEnergy         = "rogue.err.bad_energy"          // Energy, Max
	ErrNotResistible     = "rogue.err.not_resistible"      // Type
	ErrBadResistance     = "rogue.err.bad_resistance"      // Type, Value, Max
	ErrBadAura           = "rogue.err.bad_aura"            // Type
	ErrBadCounter        = "rogue.err.bad_counter"         // Value, Min, Max
	ErrDuplicate         = "rogue.err.duplicate"           // Name
	ErrTalentPrereq      = "rogue.err.talent_prereq"       // Talent, Needs
	ErrTooManyTalents    = "rogue.err.too_many_talents"    // Count, Max, Level
	ErrSpellLiteracy     = "rogue.err.spell_literacy"      // Spell, Talent
	ErrBadCap            = "rogue.err.bad_cap"             // Value, Max
	ErrBadShield         = "rogue.err.bad_shield"          // MinBlock, MaxBlock, Max
	ErrShieldAndParry    = "rogue.err.shield_and_parry"    // (none)
	ErrBadCount          = "rogue.err.bad_count"           // Value, Max (cursed items, modifiers)
	ErrBadPower          = "rogue.err.bad_power"           // Power, Max
	ErrBadTurns          = "rogue.err.bad_turns"           // Turns, Max
	ErrTooManyEffects    = "rogue.err.too_many_effects"    // Max
	ErrBadModifier       = "rogue.err.bad_modifier"        // Value, Max
	ErrBadDifficulty     = "rogue.err.bad_difficulty"      // Difficulty, Min, Max
	ErrBadAmount         = "rogue.err.bad_amount"          // Amount, Max
	ErrBadDistance       = "rogue.err.bad_distance"        // Max
	ErrBadHand           = "rogue.err.bad_hand"            // Hand, Size
	ErrBadDamage         = "rogue.err.bad_damage"          // Notation
	ErrNoEnergy          = "rogue.err.no_energy"           // Name
	ErrTalentUnknownToMe = "rogue.err.talent_not_known"    // Name, Talent
	ErrTalentAttack      = "rogue.err.talent_attack"       // Talent, Kind
	ErrTalentWeapon      = "rogue.err.talent_weapon"       // Talent
	ErrTalentSlowWeapon  = "rogue.err.talent_slow_weapon"  // Talent
	ErrNeedsShield       = "rogue.err.needs_shield"        // Talent
	ErrSpellNotKnown     = "rogue.err.spell_not_known"     // Name, Spell
	ErrSilenced          = "rogue.err.silenced"            // Name
	ErrScrollLiteracy    = "rogue.err.scroll_literacy"     // Name
	ErrSelfOnly          = "rogue.err.self_only"           // Spell
	ErrWrongTarget       = "rogue.err.wrong_target"        // Spell, Need
	ErrOutOfReach        = "rogue.err.out_of_reach"        // Spell
	ErrDead              = "rogue.err.dead"                // Name
	ErrHelpless          = "rogue.err.helpless"            // Name, State
	ErrEffectAbsent      = "rogue.err.effect_absent"       // Name, Kind
	ErrFormTalent        = "rogue.err.form_talent"         // Talent, Level
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{
		ErrBadVersion, ErrBadSheet, ErrBadName, ErrUnknownAttribute, ErrUnknownRace, ErrUnknownSex,
		ErrUnknownSize, ErrUnknownTalent, ErrUnknownSpell, ErrUnknownEffect, ErrUnknownDamageType,
		ErrUnknownOption, ErrBadLevel, ErrBadScore, ErrBadEnhancement, ErrBadAbilityDamage,
		ErrRuleOfThree, ErrRuleOfThree20, ErrBadMaxHP, ErrBadHP, ErrBadMaxEnergy, ErrBadEnergy,
		ErrNotResistible, ErrBadResistance, ErrBadAura, ErrBadCounter, ErrDuplicate, ErrTalentPrereq,
		ErrTooManyTalents, ErrSpellLiteracy, ErrBadCap, ErrBadShield, ErrShieldAndParry, ErrBadCount,
		ErrBadPower, ErrBadTurns, ErrTooManyEffects, ErrBadModifier, ErrBadDifficulty, ErrBadAmount,
		ErrBadDistance, ErrBadHand, ErrBadDamage, ErrNoEnergy, ErrTalentUnknownToMe, ErrTalentAttack,
		ErrTalentWeapon, ErrTalentSlowWeapon, ErrNeedsShield, ErrSpellNotKnown, ErrSilenced,
		ErrScrollLiteracy, ErrSelfOnly, ErrWrongTarget, ErrOutOfReach, ErrDead, ErrHelpless,
		ErrEffectAbsent, ErrFormTalent,
		ErrNoExtraTargets, ErrTooManyTargets, ErrSelfTarget, ErrNotNextToTarget, ErrNotNextToAttacker, // extra.go
	}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
