package encounter

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// CharacterEntry is a player's character joining the encounter.
type CharacterEntry struct {
	Name        string // the sheet's name
	CharacterID string // the sheet's id (required; a character joins once)
	OwnerID     string // the player's user id
	InitOptions        // 5e: DEX-based initiative (Bonus = DEX mod + extras, Dex = the DEX score)
	Pos         *Pos   // optional grid position
}

// NPCEntry is one NPC, or Count numbered copies of it ("Goblin 1" … "Goblin 3").
type NPCEntry struct {
	Name        string
	Count       int  // 0 or 1 = one (the plain name); up to MaxGroup
	Shared      bool // 5e: one initiative roll for the whole group (SRD: identical creatures act together)
	HP          int  // max and current HP, 1–MaxHP
	TempHP      int
	AC          int // 5e; 0 = unknown
	InitOptions     // 5e initiative
	Stats       json.RawMessage
	Pos         *Pos   // optional; copy i (from 0) of a group stands at X+i
	Summoner    string // name or id of the combatant that summoned it: it acts right after it
	OwnerID     string // optional: a player who controls it (a companion or summon)
}

// Arrival is one combatant that entered.
type Arrival struct {
	Combatant Ref       `json:"combatant"`
	Index     int       `json:"index"`               // its place in the turn order after the operation
	Roll      *Roll     `json:"roll,omitempty"`      // 5e initiative (shared by a group's members); nil if summoned or Rogue's Tale
	TieBreak  *TieBreak `json:"tie_break,omitempty"` // a roll-off it took part in
	Summoner  *Ref      `json:"summoner,omitempty"`
}

// Added reports who entered. Current is whose turn it is (unchanged by an arrival).
type Added struct {
	Arrivals []Arrival `json:"arrivals"`
	Current  *Ref      `json:"current,omitempty"`
}

func checkID(id string) error {
	if len(id) > MaxIDLen {
		return newError(ErrBadID, "Max", MaxIDLen)
	}
	return nil
}

// Join adds a player's character. 5e: initiative InitiativeNotation(Bonus,
// Mode) is rolled with r (nil = a fresh production roller) unless Fixed;
// ties with combatants of the same total and DEX score roll off. Rogue's
// Tale: it enters after everyone present (A12). A character joining mid-fight
// keeps the current combatant's turn; in 5e it acts when its initiative comes
// round (next round if that point has passed).
func (e *Encounter) Join(c CharacterEntry, r dice.Roller) (*Added, error) {
	name := normName(c.Name)
	if err := checkName(name); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.CharacterID) == "" {
		return nil, newError(ErrNoCharacter)
	}
	if err := checkID(c.CharacterID); err != nil {
		return nil, err
	}
	if err := checkID(c.OwnerID); err != nil {
		return nil, err
	}
	for _, x := range e.Combatants {
		if x.Kind == KindCharacter && x.CharacterID == c.CharacterID {
			return nil, newError(ErrAlreadyJoined, "Name", x.Name)
		}
	}
	if e.nameTaken(name) {
		return nil, newError(ErrDuplicateName, "Name", name)
	}
	if err := c.InitOptions.validate(e.System); err != nil {
		return nil, err
	}
	if err := c.Pos.validate(); err != nil {
		return nil, err
	}
	if len(e.Combatants)+1 > MaxCombatants {
		return nil, newError(ErrTooMany, "Max", MaxCombatants)
	}
	cp := e.Clone()
	cur := cp.currentID()
	nc := cp.newCombatant(name, KindCharacter)
	nc.CharacterID, nc.OwnerID = c.CharacterID, c.OwnerID
	if c.Pos != nil {
		p := *c.Pos
		nc.Pos = &p
	}
	a, err := cp.enter([]*Combatant{nc}, c.InitOptions, nil, r, true)
	if err != nil {
		return nil, err
	}
	cp.reorder(cur)
	e.apply(cp)
	return e.added(a), nil
}

// AddNPCs adds an NPC, or a numbered group of them. Names: Count ≤ 1 keeps
// the plain name when neither it nor a numbered "Name N" is present;
// otherwise (and for groups) numbering continues after the highest "Name N"
// present ("Goblin 4" after "Goblin 1–3"; "Goblin 2" after a plain "Goblin").
// 5e: each member rolls its own initiative (in order; a member's roll-off
// dice follow its initiative dice) unless Shared, which rolls once for the
// group and keeps its members together in number order. A summoned NPC
// (Summoner set) rolls nothing: it acts right after its summoner and the
// summoner's earlier summons (A12; in 5e it shows the summoner's total).
func (e *Encounter) AddNPCs(n NPCEntry, r dice.Roller) (*Added, error) {
	base := normName(n.Name)
	if err := checkName(base); err != nil {
		return nil, err
	}
	count := n.Count
	if count == 0 {
		count = 1
	}
	if count < 1 || count > MaxGroup {
		return nil, newError(ErrBadCount, "Count", n.Count, "Max", MaxGroup)
	}
	if n.HP < 1 || n.HP > MaxHP {
		return nil, newError(ErrBadHP, "HP", n.HP, "Min", 1, "Max", MaxHP)
	}
	if n.TempHP < 0 || n.TempHP > MaxHP {
		return nil, newError(ErrBadTempHP, "TempHP", n.TempHP, "Max", MaxHP)
	}
	if n.AC < 0 || n.AC > MaxAC {
		return nil, newError(ErrBadAC, "AC", n.AC, "Max", MaxAC)
	}
	if err := n.InitOptions.validate(e.System); err != nil {
		return nil, err
	}
	if err := checkStats(n.Stats); err != nil {
		return nil, err
	}
	if err := checkID(n.OwnerID); err != nil {
		return nil, err
	}
	if n.Pos != nil {
		if err := n.Pos.validate(); err != nil {
			return nil, err
		}
		if err := (&Pos{n.Pos.X + count - 1, n.Pos.Y}).validate(); err != nil {
			return nil, err
		}
	}
	var summoner *Combatant
	if strings.TrimSpace(n.Summoner) != "" {
		s, err := e.Find(n.Summoner)
		if err != nil {
			return nil, err
		}
		summoner = s
	}
	if len(e.Combatants)+count > MaxCombatants {
		return nil, newError(ErrTooMany, "Max", MaxCombatants)
	}
	names, err := e.groupNames(base, count)
	if err != nil {
		return nil, err
	}
	cp := e.Clone()
	cur := cp.currentID()
	members := make([]*Combatant, count)
	for i, name := range names {
		c := cp.newCombatant(name, KindNPC)
		c.HP, c.MaxHP, c.TempHP, c.AC, c.OwnerID = n.HP, n.HP, n.TempHP, n.AC, n.OwnerID
		c.Stats = compactStats(n.Stats)
		if n.Pos != nil {
			c.Pos = &Pos{n.Pos.X + i, n.Pos.Y}
		}
		members[i] = c
	}
	var sref *Combatant
	if summoner != nil {
		sref = cp.byID(summoner.ID)
	}
	var arrivals []Arrival
	units := make([][]*Combatant, 0, count)
	if n.Shared && count > 1 {
		for _, c := range members {
			c.Group = members[0].ID
		}
		units = append(units, members)
	} else {
		for _, c := range members {
			units = append(units, []*Combatant{c})
		}
	}
	for _, u := range units {
		a, err := cp.enter(u, n.InitOptions, sref, r, count == 1)
		if err != nil {
			return nil, err
		}
		arrivals = append(arrivals, a...)
	}
	if count > 1 {
		cp.log(LogAddGroup, "Name", base, "Count", strconv.Itoa(count))
	}
	cp.reorder(cur)
	e.apply(cp)
	return e.added(arrivals), nil
}

// enter gives a unit (one combatant, or a shared-initiative group) its
// initiative, rolls off ties and appends it; reorder must follow.
func (e *Encounter) enter(unit []*Combatant, o InitOptions, summoner *Combatant, r dice.Roller, logIt bool) ([]Arrival, error) {
	arr := make([]Arrival, len(unit))
	switch {
	case summoner != nil:
		for i, c := range unit {
			c.Summoner = summoner.ID
			c.Init, c.Dex = summoner.Init, o.dex()
			arr[i].Summoner = summoner.refPtr()
			if logIt {
				e.log(LogSummon, "Name", c.Name, "Summoner", summoner.Name)
			}
		}
	case e.System == DnD5e:
		if r == nil {
			r = dice.NewRoller()
		}
		ro, err := rollInit(o, r, unit...)
		if err != nil {
			return nil, err
		}
		tb, err := e.breakTies(unit, r)
		if err != nil {
			return nil, err
		}
		for i, c := range unit {
			arr[i].Roll, arr[i].TieBreak = ro, tb
			if logIt {
				e.log(LogJoin, "Name", c.Name, "Init", strconv.Itoa(c.Init))
			}
		}
	case e.System == CoC:
		init := 0
		if o.Fixed != nil {
			init = *o.Fixed
		}
		for i, c := range unit {
			c.Init = init
			arr[i].Roll = &Roll{Total: init, Fixed: true}
			if logIt {
				e.log(LogJoin, "Name", c.Name, "Init", strconv.Itoa(init))
			}
		}
	default:
		for _, c := range unit {
			if logIt {
				e.log(LogEnter, "Name", c.Name)
			}
		}
	}
	for i, c := range unit {
		arr[i].Combatant = c.Ref()
		e.Combatants = append(e.Combatants, c)
	}
	return arr, nil
}

// added fills in the final indexes.
func (e *Encounter) added(arr []Arrival) *Added {
	for i := range arr {
		arr[i].Index = e.index(arr[i].Combatant.ID)
	}
	a := &Added{Arrivals: arr}
	if c := e.Current(); c != nil {
		a.Current = c.refPtr()
	}
	return a
}

// maxNumber bounds the numbers groupNames continues from.
const maxNumber = 1_000_000

// groupNames picks count free names for base.
func (e *Encounter) groupNames(base string, count int) ([]string, error) {
	fb := foldName(base)
	plain, top := false, 0
	for _, c := range e.Combatants {
		f := foldName(c.Name)
		if f == fb {
			plain = true
			continue
		}
		if rest, ok := strings.CutPrefix(f, fb+" "); ok {
			if n, err := strconv.Atoi(rest); err == nil && n > 0 && n < maxNumber && strconv.Itoa(n) == rest {
				top = max(top, n)
			}
		}
	}
	if count == 1 && !plain && top == 0 {
		return []string{base}, nil
	}
	start := top + 1
	if plain && start < 2 {
		start = 2
	}
	names := make([]string, count)
	for i := range names {
		names[i] = base + " " + strconv.Itoa(start+i)
		if err := checkName(names[i]); err != nil {
			return nil, err
		}
		if e.nameTaken(names[i]) {
			return nil, newError(ErrDuplicateName, "Name", names[i])
		}
	}
	return names, nil
}

func checkStats(raw json.RawMessage) error {
	if raw == nil {
		return nil
	}
	if len(raw) > MaxStatsBytes || !json.Valid(raw) {
		return newError(ErrBadStats, "Max", MaxStatsBytes)
	}
	return nil
}

// compactStats is the stored form of a (checked) payload: compact JSON, as
// json.Marshal writes it back.
func compactStats(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return append(json.RawMessage(nil), raw...)
	}
	return json.RawMessage(b.Bytes())
}

// Removal reports a removal.
type Removal struct {
	Removed Ref `json:"removed"`
	// Turn is set when the removed combatant had the turn: its turn ended
	// and the next one's began, as with Next (this step is not undone by Prev).
	Turn *TurnChange `json:"turn,omitempty"`
	// Orphans are the creatures it had summoned: they take its place in the
	// order (and, in 5e, its initiative) and now follow its own summoner, if any.
	Orphans []Ref `json:"orphans,omitempty"`
}

// Remove takes a combatant out. Removing one before the current keeps the
// current combatant's turn. Removing the current one passes the turn on
// (see Removal.Turn); if nobody else can act, no turn is running until Next.
// Conditions on others that ticked on its turn now tick on their bearer's.
func (e *Encounter) Remove(name string) (*Removal, error) {
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	cp := e.Clone()
	rm := cp.byID(c.ID)
	res := &Removal{Removed: rm.Ref()}
	if cp.currentID() == rm.ID && cp.anyActive(rm.ID) {
		res.Turn = cp.advance(rm.ID, nil)
	}
	cur := cp.currentID()
	if cur == rm.ID {
		cur = ""
	}
	for _, o := range cp.Combatants {
		if o.Summoner == rm.ID {
			o.Summoner, o.Place = rm.Summoner, rm.Place
			if rm.Summoner == "" {
				o.Init, o.Dex, o.RollOff, o.Group = rm.Init, rm.Dex, rm.RollOff, unitID(rm)
			}
			res.Orphans = append(res.Orphans, o.Ref())
		}
		for i := range o.Conditions {
			if o.Conditions[i].Anchor == rm.ID {
				o.Conditions[i].Anchor = o.ID
			}
		}
	}
	cp.Combatants = append(cp.Combatants[:cp.index(rm.ID)], cp.Combatants[cp.index(rm.ID)+1:]...)
	cp.reorder(cur)
	cp.log(LogRemove, "Name", rm.Name)
	e.apply(cp)
	return res, nil
}

// SetInitiative sets a 5e combatant's initiative total by hand (a correction,
// or a roll made at the table) and moves it to its new place; ties roll off
// with r. It leaves a shared-initiative group. Whose turn it is does not change.
func (e *Encounter) SetInitiative(name string, total int, r dice.Roller) (*Arrival, error) {
	if e.System != DnD5e {
		return nil, newError(ErrWrongSystem, "System", string(e.System))
	}
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	if c.Summoner != "" {
		return nil, newError(ErrSummoned, "Name", c.Name, "Summoner", e.byID(c.Summoner).Name)
	}
	if abs(total) > MaxInitiative {
		return nil, newError(ErrBadInitiative, "Initiative", total, "Max", MaxInitiative)
	}
	if r == nil {
		r = dice.NewRoller()
	}
	cp := e.Clone()
	cur := cp.currentID()
	x := cp.byID(c.ID)
	if x.Group == x.ID {
		// the group's id moves to the next member
		var next string
		for _, o := range cp.Combatants {
			if o.Group == x.ID && o != x {
				if next == "" {
					next = o.ID
				}
				o.Group = next
			}
		}
	}
	x.Group = ""
	x.Init, x.Natural, x.Bonus, x.Mode, x.RollOff = total, 0, 0, "", 0
	i := cp.index(x.ID)
	cp.Combatants = append(cp.Combatants[:i], cp.Combatants[i+1:]...)
	tb, err := cp.breakTies([]*Combatant{x}, r)
	if err != nil {
		return nil, err
	}
	cp.Combatants = append(cp.Combatants, x)
	cp.setSummonInit(x)
	cp.reorder(cur)
	cp.log(LogInitiative, "Name", x.Name, "Init", strconv.Itoa(total))
	e.apply(cp)
	return &Arrival{Combatant: x.Ref(), Index: e.index(x.ID), Roll: &Roll{Total: total, Fixed: true}, TieBreak: tb}, nil
}

// setSummonInit copies a summoner's total to everything it summoned.
func (e *Encounter) setSummonInit(s *Combatant) {
	for _, c := range e.Combatants {
		if c.Summoner == s.ID {
			c.Init = s.Init
			e.setSummonInit(c)
		}
	}
}

// Move sets a combatant's grid position (nil clears it) and returns it.
func (e *Encounter) Move(name string, pos *Pos) (*Combatant, error) {
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	if err := pos.validate(); err != nil {
		return nil, err
	}
	if pos == nil {
		c.Pos = nil
	} else {
		p := *pos
		c.Pos = &p
	}
	return c, nil
}

// SetStats replaces an NPC's per-system stats payload (valid JSON, at most
// MaxStatsBytes; nil clears it).
func (e *Encounter) SetStats(name string, stats json.RawMessage) (*Combatant, error) {
	c, err := e.npc(name)
	if err != nil {
		return nil, err
	}
	if err := checkStats(stats); err != nil {
		return nil, err
	}
	c.Stats = compactStats(stats)
	return c, nil
}

// SetOut marks a character that cannot take turns (out: dead by its sheet), or brings it back into the order. An
// NPC is out by its HP alone: it is left as it is.
func (e *Encounter) SetOut(name string, out bool) (*Combatant, error) {
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	if c.Kind == KindCharacter {
		c.Out = out
	}
	return c, nil
}

// npc finds an NPC (HP and stats live here only for NPCs).
func (e *Encounter) npc(name string) (*Combatant, error) {
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	if c.Kind != KindNPC {
		return nil, newError(ErrNotNPC, "Name", c.Name)
	}
	return c, nil
}
