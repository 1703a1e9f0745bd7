package sessionlog

import "time"

// Version is the version of the JSON model this package writes. Decode reads this version and every earlier one.
const Version = 1

// State is where a log is in its life: running (recording), paused (not recording) or stopped (closed for good).
type State string

// States.
const (
	Running State = "running"
	Paused  State = "paused"
	Stopped State = "stopped"
)

// Header is what a log is: who started it where, when, and in which language.
type Header struct {
	ID      string    `json:"id"`      // unique in its guild, chosen by the caller (store)
	Guild   string    `json:"guild"`   // Discord guild id
	Channel string    `json:"channel"` // Discord channel id
	Name    string    `json:"name"`    // the name given at /log start, the title of the exports
	Lang    string    `json:"lang"`    // the language the lines were recorded in ("en", "zh-CN", "zh-TW", "ko")
	Starter string    `json:"starter"` // Discord user id of who started it
	Started time.Time `json:"started"`
}

// Log is the record of one session in one channel: its header, its state and its entries, oldest first.
//
// Entries are added with Append, which keeps the bounds; entries already in a log are never changed in place (Size
// caches their encoded length). A Log is not safe for concurrent use.
type Log struct {
	Version int `json:"version"`
	Header
	Ended   time.Time `json:"ended,omitzero"` // zero until stopped
	State   State     `json:"state"`
	Entries []Entry   `json:"entries"`

	counted     int // Entries[:counted] are summed in entriesSize
	entriesSize int // the encoded length of Entries[:counted], commas included
}

// Kind is what an entry records.
type Kind string

// Kinds of entries.
const (
	KindRoll      Kind = "roll"      // a plain roll (/roll)
	KindCheck     Kind = "check"     // an ability or skill check
	KindSave      Kind = "save"      // a saving throw (death saves too)
	KindAttack    Kind = "attack"    // an attack roll
	KindDamage    Kind = "damage"    // damage dealt to Damage.Target
	KindHeal      Kind = "heal"      // healing given to Damage.Target
	KindCast      Kind = "cast"      // a spell cast
	KindCondition Kind = "condition" // a condition gained or lost
	KindRound     Kind = "round"     // a round marker: Round is the new round
	KindTurn      Kind = "turn"      // a turn marker: Character's turn begins (Round, Turn)
	KindSay       Kind = "say"       // an in-character line (/say), Character speaking
	KindOOC       Kind = "ooc"       // an out-of-character line
	KindSystem    Kind = "system"    // a notice from the bot (log started, paused, …)
)

// Kinds lists every kind, in the order above.
func Kinds() []Kind {
	return []Kind{KindRoll, KindCheck, KindSave, KindAttack, KindDamage, KindHeal, KindCast, KindCondition,
		KindRound, KindTurn, KindSay, KindOOC, KindSystem}
}

// Marker reports whether k marks a new round or turn rather than recording something done.
func (k Kind) Marker() bool { return k == KindRound || k == KindTurn }

// Entry is one recorded event. Lines hold what the bot showed, in the log's language, as plain text (no Markdown);
// the other fields hold the same event as data where there is any.
type Entry struct {
	Time      time.Time `json:"time"`
	Kind      Kind      `json:"kind"`
	User      string    `json:"user,omitempty"`      // Discord user id of who acted (the GM for an NPC)
	UserName  string    `json:"user_name,omitempty"` // their display name at the time
	Character string    `json:"character,omitempty"` // the character or NPC acting or speaking
	NPC       bool      `json:"npc,omitempty"`       // Character is an NPC run by the GM
	Lines     []string  `json:"lines,omitempty"`     // the rendered text, one line each (none for a marker)
	Round     int       `json:"round,omitempty"`     // the encounter's round when there is one
	Turn      int       `json:"turn,omitempty"`      // the turn within the round, from 1
	Revealed  bool      `json:"revealed,omitempty"`  // a secret roll, recorded only once the GM revealed it
	Roll      *Roll     `json:"roll,omitempty"`
	Damage    *Damage   `json:"damage,omitempty"` // KindDamage and KindHeal
}

// Who is the name an entry is shown and counted under: its character, else the user's display name.
func (e *Entry) Who() string {
	if e.Character != "" {
		return e.Character
	}
	return e.UserName
}

// Outcome is the verdict of a roll.
type Outcome string

// Outcomes. A crit is a success and a fumble a failure (both by the natural die).
const (
	Success Outcome = "success"
	Failure Outcome = "failure"
	Crit    Outcome = "crit"
	Fumble  Outcome = "fumble"
)

// Succeeded reports whether o is a success or a crit.
func (o Outcome) Succeeded() bool { return o == Success || o == Crit }

// Failed reports whether o is a failure or a fumble.
func (o Outcome) Failed() bool { return o == Failure || o == Fumble }

// Mode is how a natural d20 was rolled: straight, with advantage or with disadvantage.
type Mode string

// Modes.
const (
	Straight     Mode = ""
	Advantage    Mode = "adv"
	Disadvantage Mode = "dis"
)

// Roll is a roll as data.
type Roll struct {
	Expr    string  `json:"expr"`              // the dice notation rolled ("2d20kh1+5")
	Dice    []Die   `json:"dice,omitempty"`    // every die, in the order rolled
	Total   int     `json:"total"`             // the result
	Natural int     `json:"natural,omitempty"` // the kept d20's face for a d20 roll, else 0
	Mode    Mode    `json:"mode,omitempty"`    // how the natural d20 was rolled
	Outcome Outcome `json:"outcome,omitempty"` // the verdict, when the roll had a target
	Target  int     `json:"target,omitempty"`  // the DC or AC, when there was one
	Odds    *Odds   `json:"odds,omitempty"`    // the chance of success before the roll
}

// Die is one die of a roll.
type Die struct {
	Sides   int  `json:"sides"` // 0 for a Fate die (faces −1, 0, +1)
	Face    int  `json:"face"`
	Dropped bool `json:"dropped,omitempty"` // not kept (k/p/kh/kl/dh/dl)
}

// Odds is the exact chance of a roll's success.
type Odds struct {
	P        float64 `json:"p"`                  // 0 to 1
	Fraction string  `json:"fraction,omitempty"` // the same as a fraction ("319/400"), when it is small enough to show
}

// Damage is an amount of damage or healing and whom it went to; the entry's Character is its source.
type Damage struct {
	Amount int    `json:"amount"`
	Type   string `json:"type,omitempty"`   // the damage type's id ("piercing"); empty for healing
	Target string `json:"target,omitempty"` // the character or NPC who took it
}
