package coc

import "rulekeeper/rules/coded"

// Error is every error this package returns itself: a catalog key (Code) and its template data (Args).
// Dice errors (a bad damage or loss notation, forced dice running out) pass through as *dice.Error.
type Error = coded.Error

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrBadVersion        = "coc.err.bad_version"         // Version
	ErrBadSheet          = "coc.err.bad_sheet"           // (none): stored JSON unreadable
	ErrBadName           = "coc.err.bad_name"            // Max
	ErrBadAge            = "coc.err.bad_age"             // Age, Min, Max
	ErrAgeTable          = "coc.err.age_table"           // Age, Min, Max: outside the age table
	ErrUnknownChar       = "coc.err.unknown_char"        // Char
	ErrBadChar           = "coc.err.bad_char"            // Char, Value, Min, Max
	ErrUnknownSkill      = "coc.err.unknown_skill"       // Skill
	ErrBadSpec           = "coc.err.bad_spec"            // Skill, Max: a specialisation on a skill without one, or too long
	ErrBadSkillValue     = "coc.err.bad_skill_value"     // Skill, Value, Max
	ErrDuplicate         = "coc.err.duplicate"           // Name
	ErrBadPool           = "coc.err.bad_pool"            // Pool, Value, Max: current HP/MP/SAN/Luck out of range
	ErrBadPoolMax        = "coc.err.bad_pool_max"        // Pool, Value, Min, Max
	ErrBadArmour         = "coc.err.bad_armour"          // Armour, Max
	ErrTooManyWeapons    = "coc.err.too_many_weapons"    // Max
	ErrBadWeaponName     = "coc.err.bad_weapon_name"     // Max
	ErrWeaponSkill       = "coc.err.weapon_skill"        // Weapon, Skill
	ErrNoDamage          = "coc.err.no_damage"           // Weapon
	ErrBadDamageBonus    = "coc.err.bad_db"              // Weapon, DB
	ErrBadRange          = "coc.err.bad_range"           // Weapon, Range, Max
	ErrBadUses           = "coc.err.bad_uses"            // Weapon, Uses, Max
	ErrBadMalfunction    = "coc.err.bad_malfunction"     // Weapon, Malfunction
	ErrUnknownWeapon     = "coc.err.unknown_weapon"      // Weapon
	ErrUnknownCondition  = "coc.err.unknown_condition"   // Condition
	ErrBadConditionState = "coc.err.bad_condition_state" // Condition, HP
	ErrBadDay            = "coc.err.bad_day"             // Day, Max
	ErrBadHours          = "coc.err.bad_hours"           // Hours, Max
	ErrBadSanDay         = "coc.err.bad_san_day"         // Start, Lost
	ErrBadMythosCount    = "coc.err.bad_mythos_count"    // Count, Max
	ErrBadDifficulty     = "coc.err.bad_difficulty"      // Difficulty
	ErrBadDice           = "coc.err.bad_dice"            // Bonus, Penalty, Max
	ErrUnknownMod        = "coc.err.unknown_mod"         // Mod
	ErrBadValue          = "coc.err.bad_value"           // Value, Max
	ErrPushSucceeded     = "coc.err.push_succeeded"      // (none): only a failed roll is pushed
	ErrPushFumble        = "coc.err.push_fumble"         // (none)
	ErrPushTwice         = "coc.err.push_twice"          // (none)
	ErrPushAfterLuck     = "coc.err.push_after_luck"     // (none)
	ErrNoPush            = "coc.err.no_push"             // Subject: a roll of this kind cannot be pushed
	ErrNoLuck            = "coc.err.no_luck"             // Subject: Luck cannot be spent on this roll
	ErrLuckPushed        = "coc.err.luck_pushed"         // (none)
	ErrLuckFumble        = "coc.err.luck_fumble"         // (none)
	ErrLuckMalfunction   = "coc.err.luck_malfunction"    // (none)
	ErrLuckNotEnough     = "coc.err.luck_not_enough"     // Want, Have
	ErrLuckTooMuch       = "coc.err.luck_too_much"       // Amount, Max: would reach 01
	ErrLuckUseless       = "coc.err.luck_useless"        // (none): a critical cannot improve
	ErrBadAmount         = "coc.err.bad_amount"          // Amount, Max
	ErrBadLoss           = "coc.err.bad_loss"            // Loss
	ErrBadDefence        = "coc.err.bad_defence"         // Defence
	ErrBadDistance       = "coc.err.bad_distance"        // Distance, Max
	ErrOutOfRange        = "coc.err.out_of_range"        // Distance, Max (feet)
	ErrBadCombined       = "coc.err.bad_combined"        // Count, Min, Max
	ErrBadCombinedMode   = "coc.err.bad_combined_mode"   // Mode
	ErrBadFormula        = "coc.err.bad_formula"         // Formula
	ErrBadDeduction      = "coc.err.bad_deduction"       // Total, Want
	ErrDeductionChar     = "coc.err.deduction_char"      // Char
	ErrNotQuickStart     = "coc.err.not_quick_start"     // (none)
	ErrIsDead            = "coc.err.dead"                // Name
	ErrNotDying          = "coc.err.not_dying"           // Name
	ErrWrongSkill        = "coc.err.wrong_skill"         // Skill, Want
	ErrHasMajorWound     = "coc.err.has_major_wound"     // Name
	ErrNoMajorWound      = "coc.err.no_major_wound"      // Name
	ErrBadDays           = "coc.err.bad_days"            // Days, Max
	ErrNoMarks           = "coc.err.no_marks"            // Name
	ErrBadCount          = "coc.err.bad_count"           // Count, Max
	ErrBadBoutMode       = "coc.err.bad_bout_mode"       // Mode
	ErrBadDeathRule      = "coc.err.bad_death_rule"      // Rule
	ErrBadMark           = "coc.err.bad_mark"            // Skill: a mark on a skill that never earns one
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{
		ErrBadVersion, ErrBadSheet, ErrBadName, ErrBadAge, ErrAgeTable, ErrUnknownChar, ErrBadChar,
		ErrUnknownSkill, ErrBadSpec, ErrBadSkillValue, ErrDuplicate, ErrBadPool, ErrBadPoolMax, ErrBadArmour,
		ErrTooManyWeapons, ErrBadWeaponName, ErrWeaponSkill, ErrNoDamage, ErrBadDamageBonus, ErrBadRange,
		ErrBadUses, ErrBadMalfunction, ErrUnknownWeapon, ErrUnknownCondition, ErrBadConditionState, ErrBadDay,
		ErrBadHours, ErrBadSanDay, ErrBadMythosCount, ErrBadDifficulty, ErrBadDice, ErrUnknownMod, ErrBadValue,
		ErrPushSucceeded, ErrPushFumble, ErrPushTwice, ErrPushAfterLuck, ErrNoPush, ErrNoLuck, ErrLuckPushed,
		ErrLuckFumble, ErrLuckMalfunction, ErrLuckNotEnough, ErrLuckTooMuch, ErrLuckUseless, ErrBadAmount,
		ErrBadLoss, ErrBadDefence, ErrBadDistance, ErrOutOfRange, ErrBadCombined, ErrBadCombinedMode,
		ErrBadFormula, ErrBadDeduction, ErrDeductionChar, ErrNotQuickStart, ErrIsDead, ErrNotDying,
		ErrWrongSkill, ErrHasMajorWound, ErrNoMajorWound, ErrBadDays, ErrNoMarks, ErrBadCount,
		ErrBadBoutMode, ErrBadDeathRule, ErrBadMark,
	}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
