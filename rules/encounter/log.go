package encounter

// LogEntry is one event of the encounter's short log: data, not words.
// Event is a catalog key; Args fill its template (numbers as decimal text,
// condition ids as given, so the bot may translate them first).
type LogEntry struct {
	Round int               `json:"round"` // the round it happened in (0 before the first turn)
	Event string            `json:"event"`
	Args  map[string]string `json:"args,omitempty"`
}

// Log events (= catalog keys). The template arguments are listed after each.
const (
	LogStart       = "encounter.log.start"       // (none)
	LogJoin        = "encounter.log.join"        // Name, Init (5e)
	LogEnter       = "encounter.log.enter"       // Name (Rogue's Tale: no initiative)
	LogAddGroup    = "encounter.log.add_group"   // Name (the base name), Count
	LogSummon      = "encounter.log.summon"      // Name, Summoner
	LogRemove      = "encounter.log.remove"      // Name
	LogInitiative  = "encounter.log.initiative"  // Name, Init (set by hand)
	LogTurn        = "encounter.log.turn"        // Name (whose turn began)
	LogBack        = "encounter.log.back"        // Name (whose turn it is again)
	LogExpire      = "encounter.log.expire"      // Name, Condition
	LogCondition   = "encounter.log.condition"   // Name, Condition
	LogUncondition = "encounter.log.uncondition" // Name, Condition (removed by hand)
	LogDamage      = "encounter.log.damage"      // Name, Amount
	LogHeal        = "encounter.log.heal"        // Name, Amount
	LogDown        = "encounter.log.down"        // Name
)

// LogEvents lists every log event key.
func LogEvents() []string {
	return []string{LogStart, LogJoin, LogEnter, LogAddGroup, LogSummon, LogRemove, LogInitiative,
		LogTurn, LogBack, LogExpire, LogCondition, LogUncondition, LogDamage, LogHeal, LogDown}
}

// log appends an event; kv are name/value pairs of template arguments.
func (e *Encounter) log(event string, kv ...string) {
	le := LogEntry{Round: e.Round, Event: event}
	if len(kv) > 0 {
		le.Args = make(map[string]string, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			le.Args[kv[i]] = kv[i+1]
		}
	}
	e.Log = append(e.Log, le)
	if n := len(e.Log); n > MaxLog {
		e.Log = append([]LogEntry(nil), e.Log[n-MaxLog:]...)
	}
}
