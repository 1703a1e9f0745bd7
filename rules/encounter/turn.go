package encounter

// Expiry is a condition that ran out (or, for Prev, came back).
type Expiry struct {
	Combatant Ref    `json:"combatant"` // the bearer
	Condition string `json:"condition"`
}

// TurnChange reports what Next or Prev (or removing the current combatant) did.
type TurnChange struct {
	Round    int  `json:"round"`               // the round now
	NewRound bool `json:"new_round,omitempty"` // the round changed (up with Next, down with Prev)
	Started  bool `json:"started,omitempty"`   // this was the encounter's first turn
	Back     bool `json:"back,omitempty"`      // Prev
	Ended    *Ref `json:"ended,omitempty"`     // whose turn ended (nil for the first turn)
	Began    Ref  `json:"began"`               // whose turn it is now
	Index    int  `json:"index"`               // Began's place in the order
	// Skipped are NPCs at 0 HP and characters that are out (dead) passed
	// over: their turns went by at once (their turn-boundary durations
	// counted down), as none of them can act.
	Skipped  []Ref    `json:"skipped,omitempty"`
	Expired  []Expiry `json:"expired,omitempty"`  // conditions that ran out at these turn boundaries
	Restored []Expiry `json:"restored,omitempty"` // Prev: conditions that came back
	// DefencesReset: Began's Rogue's Tale defences were used and are back.
	DefencesReset bool `json:"defences_reset,omitempty"`
	// CheckDying: Began is a 5e character. The bot loads its sheet: at 0 HP
	// and dying it prompts the death save (B7.3); its own timed conditions
	// are the sheet's to tick (see Ended).
	CheckDying bool `json:"check_dying,omitempty"`
	// BeganDown: Began is an NPC at 0 HP (only when everyone else is too
	// far gone to act and Prev lands on it; Next never begins a down NPC).
	BeganDown bool `json:"began_down,omitempty"`
}

// UndoStep is the record Prev uses to take a Next back exactly: the
// conditions and defences as they were before its turn boundaries.
type UndoStep struct {
	From      string       `json:"from,omitempty"` // whose turn ended ("" for the first turn)
	FromRound int          `json:"from_round"`
	To        string       `json:"to"` // whose turn began
	Round     int          `json:"round"`
	Ticks     []TickRecord `json:"ticks,omitempty"`
	Used      []UsedRecord `json:"used,omitempty"`
}

// TickRecord is a combatant's conditions before a turn boundary changed them.
type TickRecord struct {
	Bearer string      `json:"bearer"`
	Before []Condition `json:"before"`
}

// UsedRecord is a combatant's used defences before its turn reset them.
type UsedRecord struct {
	ID   string     `json:"id"`
	Used DefenceUse `json:"used"`
}

func (s UndoStep) clone() UndoStep {
	cp := s
	if s.Ticks != nil {
		cp.Ticks = make([]TickRecord, len(s.Ticks))
		for i, t := range s.Ticks {
			cp.Ticks[i] = TickRecord{Bearer: t.Bearer, Before: append([]Condition(nil), t.Before...)}
		}
	}
	if s.Used != nil {
		cp.Used = append([]UsedRecord(nil), s.Used...)
	}
	return cp
}

// anyActive reports whether a combatant other than exclude can take a turn.
func (e *Encounter) anyActive(exclude string) bool {
	for _, c := range e.Combatants {
		if c.ID != exclude && !c.skips() {
			return true
		}
	}
	return false
}

// Next ends the current turn and begins the next one; the first call begins
// round 1 with the first combatant. NPCs at 0 HP are skipped (Skipped). At
// each turn boundary the conditions tied to it count down (see Condition):
// the ending combatant's end-of-turn ones, then for each skipped NPC its
// start and end ones, then the beginning combatant's start-of-turn ones; in
// Rogue's Tale the beginning combatant's used defences come back. When no
// turn is running after the current combatant left with nobody able to act,
// Next begins a new round at the top of the order.
func (e *Encounter) Next() (*TurnChange, error) {
	if len(e.Combatants) == 0 {
		return nil, newError(ErrEmpty)
	}
	if !e.anyActive("") {
		return nil, newError(ErrAllDown)
	}
	st := &UndoStep{From: e.currentID(), FromRound: e.Round}
	tc := e.advance("", st)
	st.To, st.Round = tc.Began.ID, tc.Round
	e.Undo = append(e.Undo, *st)
	if n := len(e.Undo); n > MaxUndo {
		e.Undo = append([]UndoStep(nil), e.Undo[n-MaxUndo:]...)
	}
	return tc, nil
}

// advance moves the turn on, treating exclude as unable to act. There must
// be someone else who can act. st (may be nil) records what changed.
func (e *Encounter) advance(exclude string, st *UndoStep) *TurnChange {
	if st == nil {
		st = &UndoStep{}
	}
	tc := &TurnChange{}
	i := e.Turn
	switch {
	case e.Round == 0:
		e.Round, tc.Started, tc.NewRound, i = 1, true, true, -1
	case i < 0:
		e.Round, tc.NewRound = e.Round+1, true
	default:
		ended := e.Combatants[i]
		tc.Ended = ended.refPtr()
		e.boundary(ended.ID, UntilEnd, st, tc)
	}
	for {
		i++
		if i >= len(e.Combatants) {
			i = 0
			e.Round++
			tc.NewRound = true
		}
		c := e.Combatants[i]
		if c.ID == exclude {
			continue
		}
		if c.skips() {
			tc.Skipped = append(tc.Skipped, c.Ref())
			e.boundary(c.ID, UntilStart, st, tc)
			e.boundary(c.ID, UntilEnd, st, tc)
			continue
		}
		break
	}
	e.Turn = i
	e.begin(tc, st)
	e.log(LogTurn, "Name", tc.Began.Name)
	return tc
}

// begin fills the beginning combatant in and runs its start-of-turn boundary.
func (e *Encounter) begin(tc *TurnChange, st *UndoStep) {
	c := e.Combatants[e.Turn]
	tc.Began, tc.Index, tc.Round = c.Ref(), e.Turn, e.Round
	e.boundary(c.ID, UntilStart, st, tc)
	if c.Used != (DefenceUse{}) {
		st.Used = append(st.Used, UsedRecord{ID: c.ID, Used: c.Used})
		c.Used = DefenceUse{}
		tc.DefencesReset = true
	}
	tc.CheckDying = e.System == DnD5e && c.Kind == KindCharacter
	tc.BeganDown = c.Down()
}

// boundary counts down every condition tied to the start or end of
// anchor's turn, recording each bearer's conditions first.
func (e *Encounter) boundary(anchor string, until Until, st *UndoStep, tc *TurnChange) {
	for _, b := range e.Combatants {
		kept, expired, changed := TickConditions(b.Conditions, anchor, until)
		if !changed {
			continue
		}
		if !st.hasTick(b.ID) {
			st.Ticks = append(st.Ticks, TickRecord{Bearer: b.ID, Before: append([]Condition(nil), b.Conditions...)})
		}
		b.Conditions = kept
		for _, x := range expired {
			tc.Expired = append(tc.Expired, Expiry{Combatant: b.Ref(), Condition: x.ID})
			e.log(LogExpire, "Name", b.Name, "Condition", x.ID)
		}
	}
}

func (s *UndoStep) hasTick(id string) bool {
	for _, t := range s.Ticks {
		if t.Bearer == id {
			return true
		}
	}
	return false
}

// Prev goes back one turn (a mistaken Next). When the current turn came from
// one of the last MaxUndo Nexts, that Next is taken back exactly: the
// conditions it counted down or ended and the defences it reset come back
// (Restored lists returned conditions) and the turn goes back to whoever had
// it, even if they have dropped to 0 HP since. Otherwise only the turn
// moves, to the previous combatant that can act (NPCs at 0 HP are skipped),
// and durations are left alone. The round goes down when the turn passes
// back over the top of the order. Prev never goes before round 1's first turn
// (ErrAtStart). The bot cannot take back a character's sheet conditions.
func (e *Encounter) Prev() (*TurnChange, error) {
	if e.Round == 0 || e.Turn < 0 {
		return nil, newError(ErrNotStarted)
	}
	cur := e.Combatants[e.Turn]
	var st *UndoStep
	if n := len(e.Undo); n > 0 && e.Undo[n-1].To == cur.ID && e.Undo[n-1].Round == e.Round {
		st = &e.Undo[n-1]
		if st.FromRound == 0 {
			return nil, newError(ErrAtStart)
		}
	}
	idx, round := -1, 0
	if st != nil && st.From != "" {
		if i := e.index(st.From); i >= 0 {
			idx, round = i, st.FromRound
		}
	}
	if idx < 0 {
		i, r, ok := e.prevActive(e.Turn, e.Round)
		if !ok {
			return nil, newError(ErrAtStart)
		}
		idx, round = i, r
	}
	tc := &TurnChange{Back: true, Ended: cur.refPtr(), NewRound: round != e.Round}
	if st != nil {
		tc.Restored = e.revert(st)
		e.Undo = e.Undo[:len(e.Undo)-1]
	}
	e.Turn, e.Round = idx, round
	c := e.Combatants[idx]
	tc.Began, tc.Index, tc.Round = c.Ref(), idx, round
	tc.CheckDying = e.System == DnD5e && c.Kind == KindCharacter
	tc.BeganDown = c.Down()
	e.log(LogBack, "Name", c.Name)
	return tc, nil
}

// prevActive is the previous turn from (i, round) of a combatant that can act.
func (e *Encounter) prevActive(i, round int) (int, int, bool) {
	for range len(e.Combatants) {
		i--
		if i < 0 {
			i = len(e.Combatants) - 1
			round--
		}
		if round < 1 {
			return 0, 0, false
		}
		if !e.Combatants[i].skips() {
			return i, round, true
		}
	}
	return 0, 0, false
}

// revert puts back the conditions and defences a Next changed: each
// bearer's list becomes what it was (conditions that ran out come back,
// listed in the result), followed by any added since.
func (e *Encounter) revert(st *UndoStep) []Expiry {
	var back []Expiry
	for _, t := range st.Ticks {
		b := e.byID(t.Bearer)
		if b == nil {
			continue
		}
		list := append([]Condition(nil), t.Before...)
		for _, old := range t.Before {
			if conditionIndex(b.Conditions, old.ID) < 0 {
				back = append(back, Expiry{Combatant: b.Ref(), Condition: old.ID})
			}
		}
		for _, c := range b.Conditions {
			if conditionIndex(list, c.ID) < 0 && len(list) < MaxConditions {
				list = append(list, c)
			}
		}
		if len(list) == 0 {
			list = nil
		}
		b.Conditions = list
	}
	for _, u := range st.Used {
		if b := e.byID(u.ID); b != nil {
			b.Used = u.Used
		}
	}
	return back
}
