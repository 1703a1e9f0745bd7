package encounter

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Version is the current encounter schema version, stored in the "v" field.
const Version = 1

// Limits enforced by the operations and by Validate.
const (
	MaxCombatants   = 50    // combatants in one encounter
	MaxGroup        = 20    // NPCs added at once (AddNPCs count)
	MaxNameLen      = 64    // runes in a combatant name, numbering included
	MaxIDLen        = 64    // bytes in a character id or an owner (user) id
	MaxLog          = 20    // log entries kept (the oldest are dropped)
	MaxUndo         = 10    // turn changes Prev can undo exactly
	MaxInitBonus    = 50    // |initiative bonus|
	MaxInitiative   = 100   // |initiative total| given by hand
	MaxCoCInit      = 149   // a Call of Cthulhu order value: DEX 99 with a readied firearm (+50)
	MinDex          = 1     // DEX score range (0 in an entry = estimate from the bonus)
	MaxDex          = 30    //
	MaxHP           = 9999  // NPC max HP, temp HP, damage and healing amounts
	MaxAC           = 50    //
	MaxCoord        = 9999  // |x| and |y| of a grid position
	MaxStatsBytes   = 8192  // size of an NPC's stats payload
	MaxConditions   = 20    // tracked conditions on one combatant
	MaxConditionLen = 32    // runes in a condition id
	MaxRounds       = 14400 // condition duration: a day of 6-second rounds
)

// System is the game system an encounter runs.
type System string

// Systems.
const (
	DnD5e System = "dnd5e" // initiative order (digest B4)
	Rogue System = "rogue" // Rogue's Tale: fixed order of entering (digest A12)
	CoC   System = "coc"   // Call of Cthulhu 7e: DEX order, a readied firearm +50 (coc digest §7.1)
)

// Valid reports whether s is a known system.
func (s System) Valid() bool { return s == DnD5e || s == Rogue || s == CoC }

// Kind is what a combatant is.
type Kind string

// Kinds.
const (
	KindCharacter Kind = "character" // a player's sheet: HP, conditions and death saves live on the sheet
	KindNPC       Kind = "npc"       // tracked here: HP, temp HP, AC, stats payload
)

// Key is the catalog key of the kind's name, "" for an unknown kind.
func (k Kind) Key() string {
	switch k {
	case KindCharacter:
		return "encounter.kind.character"
	case KindNPC:
		return "encounter.kind.npc"
	}
	return ""
}

// Kinds lists every kind.
func Kinds() []Kind { return []Kind{KindCharacter, KindNPC} }

// Pos is a grid position (squares).
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (p *Pos) validate() error {
	if p != nil && (abs(p.X) > MaxCoord || abs(p.Y) > MaxCoord) {
		return newError(ErrBadPos, "X", p.X, "Y", p.Y, "Max", MaxCoord)
	}
	return nil
}

// DefenceUse records which Rogue's Tale defences (A17: each once per turn) a
// combatant has used since the start of its turn. Same JSON as rogue.DefenceUse.
type DefenceUse struct {
	Dodge bool `json:"dodge,omitempty"`
	Block bool `json:"block,omitempty"`
	Parry bool `json:"parry,omitempty"`
}

// Combatant is one creature in the encounter.
type Combatant struct {
	ID          string `json:"id"`   // stable within the encounter: "c1", "c2", … never reused
	Seq         int    `json:"seq"`  // arrival number (the number in ID)
	Name        string `json:"name"` // unique within the encounter, case-insensitively
	Kind        Kind   `json:"kind"`
	CharacterID string `json:"character_id,omitempty"` // characters: the sheet
	OwnerID     string `json:"owner_id,omitempty"`     // the user who plays it (characters; optional for NPCs)

	// Initiative (5e). Summoned creatures copy their summoner's total.
	Init    int  `json:"init"`              // initiative total
	Natural int  `json:"natural,omitempty"` // the kept d20; 0 when given by hand or summoned
	Bonus   int  `json:"bonus,omitempty"`   // initiative modifier used
	Mode    Mode `json:"mode,omitempty"`    // adv / dis used ("" = normal)
	Dex     int  `json:"dex,omitempty"`     // DEX score, first tie-break
	RollOff int  `json:"roll_off,omitempty"`
	// Place orders equals: the arrival order (Rogue's Tale's whole order), or
	// the place of a removed summoner its orphaned summons took over.
	Place int    `json:"place"`
	Group string `json:"group,omitempty"` // combatants with one Group share one initiative roll and one roll-off

	// NPC numbers (5e HP and AC; Rogue's Tale HP, with its defences in Stats).
	HP     int             `json:"hp,omitempty"`
	MaxHP  int             `json:"max_hp,omitempty"`
	TempHP int             `json:"temp_hp,omitempty"`
	AC     int             `json:"ac,omitempty"`    // 0 = unknown
	Stats  json.RawMessage `json:"stats,omitempty"` // per-system payload the bot defines (resistances, RT defences…)

	Conditions []Condition `json:"conditions,omitempty"`
	Pos        *Pos        `json:"pos,omitempty"`
	Summoner   string      `json:"summoner,omitempty"` // id of the combatant that summoned it
	Used       DefenceUse  `json:"used,omitzero"`      // Rogue's Tale: defences used this turn
	// Out: a character that cannot take turns (dead, by its sheet): Next and Prev pass over it as over a down NPC.
	Out bool `json:"out,omitempty"`
}

// Down reports an NPC at 0 HP: shown as down, skipped by Next and Prev.
// Characters are never down here (their HP is on the sheet).
func (c *Combatant) Down() bool { return c.Kind == KindNPC && c.HP <= 0 }

// skips reports a combatant whose turns go by at once: a down NPC, or a character that is out.
func (c *Combatant) skips() bool { return c.Down() || c.Out }

// State is the vague health of an NPC (VagueState of its HP).
func (c *Combatant) State() State { return VagueState(c.HP, c.MaxHP) }

// ConditionIDs lists the ids of the tracked conditions, in order.
func (c *Combatant) ConditionIDs() []string {
	out := make([]string, len(c.Conditions))
	for i, cd := range c.Conditions {
		out[i] = cd.ID
	}
	return out
}

// Ref names a combatant in results.
type Ref struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Kind        Kind   `json:"kind"`
	CharacterID string `json:"character_id,omitempty"`
	OwnerID     string `json:"owner_id,omitempty"`
}

// Ref returns the combatant's reference.
func (c *Combatant) Ref() Ref {
	return Ref{ID: c.ID, Name: c.Name, Kind: c.Kind, CharacterID: c.CharacterID, OwnerID: c.OwnerID}
}

func (c *Combatant) refPtr() *Ref { r := c.Ref(); return &r }

// Encounter is the combat of one channel. It is plain data serialised as
// JSON (the bot stores it as the store record's data). Combatants are always
// in turn order. Operations change it in place and are all or nothing: an
// error (bad input, or the roller failing) changes nothing.
type Encounter struct {
	V          int          `json:"v"`
	System     System       `json:"system"`
	Starter    string       `json:"starter"`  // user id of who started it
	Round      int          `json:"round"`    // 0 until the first turn begins, then 1, 2, …
	Turn       int          `json:"turn"`     // index in Combatants of whose turn it is; -1 = none
	NextSeq    int          `json:"next_seq"` // the last arrival number handed out
	Combatants []*Combatant `json:"combatants"`
	Log        []LogEntry   `json:"log,omitempty"`  // the last MaxLog events
	Undo       []UndoStep   `json:"undo,omitempty"` // the last MaxUndo turn changes, for Prev
}

// New starts an empty encounter (no turn yet: Round 0, Turn -1).
func New(system System, starter string) (*Encounter, error) {
	if !system.Valid() {
		return nil, newError(ErrBadSystem, "System", string(system))
	}
	if strings.TrimSpace(starter) == "" {
		return nil, newError(ErrNoStarter)
	}
	if len(starter) > MaxIDLen {
		return nil, newError(ErrBadID, "Max", MaxIDLen)
	}
	e := &Encounter{V: Version, System: system, Starter: starter, Turn: -1, Combatants: []*Combatant{}}
	e.log(LogStart)
	return e, nil
}

// Decode unmarshals a stored encounter and validates it.
func Decode(data []byte) (*Encounter, error) {
	var e Encounter
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, newError(ErrBadData)
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	if e.Combatants == nil {
		e.Combatants = []*Combatant{}
	}
	return &e, nil
}

// Started reports whether the first turn has begun.
func (e *Encounter) Started() bool { return e.Round > 0 }

// Current is the combatant whose turn it is, nil before the first turn
// (or when the current combatant was removed and nobody else could act).
func (e *Encounter) Current() *Combatant {
	if e.Turn < 0 || e.Turn >= len(e.Combatants) {
		return nil
	}
	return e.Combatants[e.Turn]
}

// Order returns the combatants in turn order (a new slice of the same pointers).
func (e *Encounter) Order() []*Combatant {
	return append([]*Combatant(nil), e.Combatants...)
}

// Find looks a combatant up by name (case-insensitive, spaces collapsed),
// then by id ("c3").
func (e *Encounter) Find(name string) (*Combatant, error) {
	if c := e.lookup(name); c != nil {
		return c, nil
	}
	return nil, newError(ErrUnknownCombatant, "Name", strings.TrimSpace(name))
}

func (e *Encounter) lookup(name string) *Combatant {
	k := foldName(name)
	if k == "" {
		return nil
	}
	for _, c := range e.Combatants {
		if foldName(c.Name) == k {
			return c
		}
	}
	id := strings.TrimSpace(name)
	for _, c := range e.Combatants {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Search lists up to limit combatants whose name contains query
// (case-insensitive), in turn order: for autocomplete. An empty query matches all.
func (e *Encounter) Search(query string, limit int) []*Combatant {
	q := foldName(query)
	var out []*Combatant
	for _, c := range e.Combatants {
		if len(out) >= limit {
			break
		}
		if strings.Contains(foldName(c.Name), q) {
			out = append(out, c)
		}
	}
	return out
}

func (e *Encounter) byID(id string) *Combatant {
	if i := e.index(id); i >= 0 {
		return e.Combatants[i]
	}
	return nil
}

func (e *Encounter) index(id string) int {
	for i, c := range e.Combatants {
		if c.ID == id {
			return i
		}
	}
	return -1
}

func (e *Encounter) currentID() string {
	if c := e.Current(); c != nil {
		return c.ID
	}
	return ""
}

// MayControl reports whether a user may run the encounter for others (next
// on anyone's turn, add, remove, end, set HP): privileged callers (the
// guild's GM role or Manage Server, which the bot knows) and the starter.
func (e *Encounter) MayControl(userID string, privileged bool) bool {
	return privileged || (userID != "" && userID == e.Starter)
}

// MayAct reports whether a user may act for combatant c (end its own turn,
// move it, remove it): MayControl, or c's owner.
func (e *Encounter) MayAct(userID string, privileged bool, c *Combatant) bool {
	return e.MayControl(userID, privileged) || (c != nil && userID != "" && c.OwnerID == userID)
}

// normName trims a name and collapses its inner whitespace.
func normName(s string) string { return strings.Join(strings.Fields(s), " ") }

// foldName is the comparison form of a name.
func foldName(s string) string { return strings.ToLower(normName(s)) }

func checkName(name string) error {
	n := utf8.RuneCountInString(name)
	if name == "" || n > MaxNameLen || !utf8.ValidString(name) {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return newError(ErrBadName, "Max", MaxNameLen)
		}
	}
	return nil
}

func (e *Encounter) nameTaken(name string) bool {
	k := foldName(name)
	for _, c := range e.Combatants {
		if foldName(c.Name) == k {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// newCombatant hands out the next id.
func (e *Encounter) newCombatant(name string, kind Kind) *Combatant {
	e.NextSeq++
	return &Combatant{ID: "c" + strconv.Itoa(e.NextSeq), Seq: e.NextSeq, Name: name, Kind: kind, Place: e.NextSeq}
}

// Clone returns a deep copy.
func (e *Encounter) Clone() *Encounter {
	cp := *e
	cp.Combatants = make([]*Combatant, len(e.Combatants))
	for i, c := range e.Combatants {
		cp.Combatants[i] = c.clone()
	}
	cp.Log = make([]LogEntry, len(e.Log))
	for i, l := range e.Log {
		cp.Log[i] = l
		if l.Args != nil {
			cp.Log[i].Args = make(map[string]string, len(l.Args))
			for k, v := range l.Args {
				cp.Log[i].Args[k] = v
			}
		}
	}
	cp.Undo = make([]UndoStep, len(e.Undo))
	for i, s := range e.Undo {
		cp.Undo[i] = s.clone()
	}
	if e.Log == nil {
		cp.Log = nil
	}
	if e.Undo == nil {
		cp.Undo = nil
	}
	return &cp
}

func (c *Combatant) clone() *Combatant {
	cp := *c
	if c.Stats != nil {
		cp.Stats = append(json.RawMessage(nil), c.Stats...)
	}
	if c.Conditions != nil {
		cp.Conditions = append([]Condition(nil), c.Conditions...)
	}
	if c.Pos != nil {
		p := *c.Pos
		cp.Pos = &p
	}
	return &cp
}

// apply replaces e's contents with those of a modified clone. Combatants
// present in both keep their pointers, so a *Combatant from Find stays valid
// across operations (until that combatant is removed).
func (e *Encounter) apply(cp *Encounter) {
	old := make(map[string]*Combatant, len(e.Combatants))
	for _, c := range e.Combatants {
		old[c.ID] = c
	}
	for i, c := range cp.Combatants {
		if o := old[c.ID]; o != nil {
			*o = *c
			cp.Combatants[i] = o
		}
	}
	*e = *cp
}
