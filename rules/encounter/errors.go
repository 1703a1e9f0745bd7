package encounter

import (
	"rulekeeper/rules/coded"
)

// Error is every error this package returns itself: a catalog key (Code) and its template data (Args).
type Error = coded.Error

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrBadVersion        = "encounter.err.bad_version"         // Version
	ErrBadData           = "encounter.err.bad_data"            // (none): stored JSON unreadable
	ErrCorrupt           = "encounter.err.corrupt"             // Field: stored encounter inconsistent
	ErrBadSystem         = "encounter.err.bad_system"          // System
	ErrNoStarter         = "encounter.err.no_starter"          // (none)
	ErrBadName           = "encounter.err.bad_name"            // Max
	ErrDuplicateName     = "encounter.err.duplicate_name"      // Name
	ErrAlreadyJoined     = "encounter.err.already_joined"      // Name (the combatant already in for that character)
	ErrNoCharacter       = "encounter.err.no_character"        // (none): a character entry without a character id
	ErrBadID             = "encounter.err.bad_id"              // Max: character or owner id too long
	ErrUnknownCombatant  = "encounter.err.unknown_combatant"   // Name
	ErrTooMany           = "encounter.err.too_many"            // Max
	ErrBadCount          = "encounter.err.bad_count"           // Count, Max
	ErrBadBonus          = "encounter.err.bad_bonus"           // Bonus, Max
	ErrBadMode           = "encounter.err.bad_mode"            // Mode
	ErrBadInitiative     = "encounter.err.bad_initiative"      // Initiative, Max
	ErrBadDex            = "encounter.err.bad_dex"             // Dex, Min, Max
	ErrBadHP             = "encounter.err.bad_hp"              // HP, Min, Max
	ErrBadTempHP         = "encounter.err.bad_temp_hp"         // TempHP, Max
	ErrBadAC             = "encounter.err.bad_ac"              // AC, Max
	ErrBadAmount         = "encounter.err.bad_amount"          // Amount, Max
	ErrBadPos            = "encounter.err.bad_pos"             // X, Y, Max
	ErrBadStats          = "encounter.err.bad_stats"           // Max (bytes)
	ErrNotNPC            = "encounter.err.not_npc"             // Name: HP is tracked on the character's sheet
	ErrEmpty             = "encounter.err.empty"               // (none)
	ErrAllDown           = "encounter.err.all_down"            // (none)
	ErrNotStarted        = "encounter.err.not_started"         // (none)
	ErrAtStart           = "encounter.err.at_start"            // (none)
	ErrWrongSystem       = "encounter.err.wrong_system"        // System (the encounter's)
	ErrSummoned          = "encounter.err.summoned"            // Name, Summoner
	ErrBadDefence        = "encounter.err.bad_defence"         // Defence
	ErrDefenceUsed       = "encounter.err.defence_used"        // Name, Defence
	ErrBadCondition      = "encounter.err.bad_condition"       // Max
	ErrBadRounds         = "encounter.err.bad_rounds"          // Rounds, Max
	ErrBadUntil          = "encounter.err.bad_until"           // Until
	ErrTooManyConditions = "encounter.err.too_many_conditions" // Name, Max
	ErrConditionAbsent   = "encounter.err.condition_absent"    // Name, Condition
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{
		ErrBadVersion, ErrBadData, ErrCorrupt, ErrBadSystem, ErrNoStarter, ErrBadName,
		ErrDuplicateName, ErrAlreadyJoined, ErrNoCharacter, ErrBadID, ErrUnknownCombatant,
		ErrTooMany, ErrBadCount, ErrBadBonus, ErrBadMode, ErrBadInitiative, ErrBadDex,
		ErrBadHP, ErrBadTempHP, ErrBadAC, ErrBadAmount, ErrBadPos, ErrBadStats, ErrNotNPC,
		ErrEmpty, ErrAllDown, ErrNotStarted, ErrAtStart, ErrWrongSystem, ErrSummoned,
		ErrBadDefence, ErrDefenceUsed, ErrBadCondition, ErrBadRounds, ErrBadUntil,
		ErrTooManyConditions, ErrConditionAbsent,
	}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
