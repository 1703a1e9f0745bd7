package dnd5e

import (
	"rulekeeper/rules/coded"
)

// Error is every error this package returns itself: a catalog key (Code) and its template data (Args).
type Error = coded.Error

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrBadVersion         = "dnd5e.err.bad_version"          // Version
	ErrBadSheet           = "dnd5e.err.bad_sheet"            // (none): stored JSON unreadable
	ErrBadName            = "dnd5e.err.bad_name"             // Max
	ErrUnknownAbility     = "dnd5e.err.unknown_ability"      // Ability
	ErrUnknownSkill       = "dnd5e.err.unknown_skill"        // Skill
	ErrUnknownClass       = "dnd5e.err.unknown_class"        // Class
	ErrUnknownCondition   = "dnd5e.err.unknown_condition"    // Condition
	ErrUnknownDamageType  = "dnd5e.err.unknown_damage_type"  // Type
	ErrBadLevel           = "dnd5e.err.bad_level"            // Level, Min, Max
	ErrBadScore           = "dnd5e.err.bad_score"            // Ability, Score, Min, Max
	ErrBadAC              = "dnd5e.err.bad_ac"               // AC, Min, Max
	ErrBadMaxHP           = "dnd5e.err.bad_max_hp"           // MaxHP, Min, Max
	ErrBadHP              = "dnd5e.err.bad_hp"               // HP, Max
	ErrBadTempHP          = "dnd5e.err.bad_temp_hp"          // TempHP, Max
	ErrBadSpeed           = "dnd5e.err.bad_speed"            // Speed, Max
	ErrBadHitDice         = "dnd5e.err.bad_hit_dice"         // HitDice, Max
	ErrBadExhaustion      = "dnd5e.err.bad_exhaustion"       // Level, Max
	ErrBadDeathSaves      = "dnd5e.err.bad_death_saves"      // Successes, Failures
	ErrBadState           = "dnd5e.err.bad_state"            // State, HP
	ErrExpertiseNeedsProf = "dnd5e.err.expertise_needs_prof" // Skill
	ErrDuplicate          = "dnd5e.err.duplicate"            // Name
	ErrTooManyAttacks     = "dnd5e.err.too_many_attacks"     // Max
	ErrBadAttackName      = "dnd5e.err.bad_attack_name"      // Max
	ErrAttackAbility      = "dnd5e.err.attack_ability"       // Attack, Ability
	ErrBadAttackBonus     = "dnd5e.err.bad_attack_bonus"     // Attack, Bonus, Max
	ErrUnknownAttack      = "dnd5e.err.unknown_attack"       // Attack
	ErrSpellAbility       = "dnd5e.err.spell_ability"        // Ability
	ErrBadSpellSlots      = "dnd5e.err.bad_spell_slots"      // Level, Max, Used
	ErrBadRounds          = "dnd5e.err.bad_rounds"           // Rounds, Max
	ErrBadAmount          = "dnd5e.err.bad_amount"           // Amount, Max
	ErrBadMode            = "dnd5e.err.bad_mode"             // Mode
	ErrBadCritRule        = "dnd5e.err.bad_crit_rule"        // Rule
	ErrBadDC              = "dnd5e.err.bad_dc"               // DC, Max
	ErrBadToHit           = "dnd5e.err.bad_to_hit"           // ToHit, Max
	ErrNoDamage           = "dnd5e.err.no_damage"            // (none)
	ErrIsDead             = "dnd5e.err.dead"                 // Name
	ErrNotDying           = "dnd5e.err.not_dying"            // Name, HP
	ErrAlreadyStable      = "dnd5e.err.already_stable"       // Name
	ErrRestWhileDying     = "dnd5e.err.rest_while_dying"     // Name
	ErrLongRestNeedsHP    = "dnd5e.err.long_rest_needs_hp"   // Name
	ErrLongRestTooSoon    = "dnd5e.err.long_rest_too_soon"   // Hours, Minutes (left, rounded up), Until (time.Time), Every (hours between rests)
	ErrNotEnoughHitDice   = "dnd5e.err.not_enough_hit_dice"  // Want, Have
	ErrConditionAbsent    = "dnd5e.err.condition_absent"     // Name, Condition
	ErrNoSpellcasting     = "dnd5e.err.no_spellcasting"      // Name
	ErrBadCover           = "dnd5e.err.bad_cover"            // Cover
	ErrTotalCover         = "dnd5e.err.total_cover"          // (none): the target cannot be targeted
	ErrOutOfRange         = "dnd5e.err.out_of_range"         // Distance, Long (feet)
	ErrNonlethalRanged    = "dnd5e.err.nonlethal_ranged"     // (none): knocking out takes a melee attack
	ErrSpellOutOfRange    = "dnd5e.err.spell_out_of_range"   // Name (the target), Distance, Range (feet)
	ErrBadWeaponRange     = "dnd5e.err.bad_weapon_range"     // Range (as typed), Max (feet)
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{
		ErrBadVersion, ErrBadSheet, ErrBadName, ErrUnknownAbility, ErrUnknownSkill, ErrUnknownClass,
		ErrUnknownCondition, ErrUnknownDamageType, ErrBadLevel, ErrBadScore, ErrBadAC,
		ErrBadMaxHP, ErrBadHP, ErrBadTempHP, ErrBadSpeed, ErrBadHitDice, ErrBadExhaustion,
		ErrBadDeathSaves, ErrBadState, ErrExpertiseNeedsProf, ErrDuplicate, ErrTooManyAttacks,
		ErrBadAttackName, ErrAttackAbility, ErrBadAttackBonus, ErrUnknownAttack, ErrSpellAbility,
		ErrBadSpellSlots, ErrBadRounds, ErrBadAmount, ErrBadMode, ErrBadCritRule, ErrBadDC,
		ErrBadToHit, ErrNoDamage, ErrIsDead, ErrNotDying, ErrAlreadyStable, ErrRestWhileDying,
		ErrLongRestNeedsHP, ErrLongRestTooSoon, ErrNotEnoughHitDice, ErrConditionAbsent,
		ErrNoSpellcasting, ErrBadCover, ErrTotalCover, ErrOutOfRange, ErrNonlethalRanged,
		ErrSpellOutOfRange, ErrBadWeaponRange,
	}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
