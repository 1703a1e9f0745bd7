package encounter

import (
	"strings"
	"unicode/utf8"
)

// Until is the turn boundary at which a condition counts down.
type Until string

// Boundaries. The zero Until is UntilEnd.
const (
	UntilEnd   Until = "end"   // at the end of the anchor's turn (the default)
	UntilStart Until = "start" // at the start of the anchor's turn
)

// Key is the catalog key describing the boundary ("encounter.until.end"), "" for an unknown one.
func (u Until) Key() string {
	switch u {
	case UntilEnd, "":
		return "encounter.until.end"
	case UntilStart:
		return "encounter.until.start"
	}
	return ""
}

// Untils lists the boundaries.
func Untils() []Until { return []Until{UntilEnd, UntilStart} }

func (u Until) norm() Until {
	if u == "" {
		return UntilEnd
	}
	return u
}

// Condition is a condition tracked on a combatant, with an optional duration.
//
// Rounds counts turn boundaries: at each end (or start, per Until) of the
// anchor combatant's turn, a timed condition loses one; at 0 it ends. The
// anchor is the bearer unless set (for "until the end of the caster's next
// turn", anchor the caster). SRD convention, and the default: a duration
// counts down at the END of the bearer's own turn, so "1 round" set on
// another creature's turn lasts until the end of the bearer's next turn.
// A condition added during its anchor's own turn is Fresh: that turn's end
// does not count, so "until the end of your next turn" (1 round) really lasts
// through the next turn. Untimed conditions (Rounds 0) last until removed.
//
// IDs are free text to this package (lowercased): the bot passes 5e ids such
// as "poisoned", or its own ids for Rogue's Tale states and spell effects.
// Characters' sheet conditions stay on the sheet; the bot ticks them when
// TurnChange.Ended is the character (the same end-of-turn convention).
type Condition struct {
	ID     string `json:"id"`
	Rounds int    `json:"rounds,omitempty"` // remaining; 0 = until removed
	Until  Until  `json:"until,omitempty"`  // "" = end
	Anchor string `json:"anchor"`           // combatant id whose turn boundary counts
	Fresh  bool   `json:"fresh,omitempty"`  // added during the anchor's turn: its end does not count
}

// ConditionSpec is a condition to add.
type ConditionSpec struct {
	ID     string
	Rounds int    // 0 = until removed; up to MaxRounds
	Until  Until  // "" = end
	Anchor string // name or id of the combatant whose turn counts; "" = the bearer
}

// ConditionChange reports adding or removing a condition.
type ConditionChange struct {
	Combatant Ref       `json:"combatant"`
	Condition Condition `json:"condition"`
	Added     bool      `json:"added,omitempty"`     // it was not there
	Replaced  bool      `json:"replaced,omitempty"`  // it was there with a shorter duration: now the new one
	Unchanged bool      `json:"unchanged,omitempty"` // it was there with a longer (or no) duration: kept as it was
	Removed   bool      `json:"removed,omitempty"`
}

// conditionID lowercases and checks an id.
func conditionID(s string) (string, error) {
	id := strings.ToLower(strings.TrimSpace(s))
	if id == "" || utf8.RuneCountInString(id) > MaxConditionLen || checkName(id) != nil {
		return "", newError(ErrBadCondition, "Max", MaxConditionLen)
	}
	return id, nil
}

func conditionIndex(list []Condition, id string) int {
	for i, c := range list {
		if c.ID == id {
			return i
		}
	}
	return -1
}

// AddCondition puts a condition on a combatant. A combatant holds one
// condition per id: adding one already present keeps the longer duration
// (until removed beats any count) with its own anchor and boundary.
func (e *Encounter) AddCondition(name string, s ConditionSpec) (*ConditionChange, error) {
	b, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	id, err := conditionID(s.ID)
	if err != nil {
		return nil, err
	}
	if s.Rounds < 0 || s.Rounds > MaxRounds {
		return nil, newError(ErrBadRounds, "Rounds", s.Rounds, "Max", MaxRounds)
	}
	if s.Until.Key() == "" {
		return nil, newError(ErrBadUntil, "Until", string(s.Until))
	}
	anchor := b
	if strings.TrimSpace(s.Anchor) != "" {
		if anchor, err = e.Find(s.Anchor); err != nil {
			return nil, err
		}
	}
	nc := Condition{ID: id, Rounds: s.Rounds, Until: s.Until.norm(), Anchor: anchor.ID}
	if nc.Until == UntilEnd {
		nc.Until = ""
	}
	nc.Fresh = nc.Rounds > 0 && nc.Until.norm() == UntilEnd && e.currentID() == anchor.ID
	ch := &ConditionChange{Combatant: b.Ref()}
	j := conditionIndex(b.Conditions, id)
	switch {
	case j < 0:
		if len(b.Conditions) >= MaxConditions {
			return nil, newError(ErrTooManyConditions, "Name", b.Name, "Max", MaxConditions)
		}
		b.Conditions = append(b.Conditions, nc)
		ch.Added = true
	case b.Conditions[j].Rounds != 0 && (nc.Rounds == 0 || nc.Rounds > b.Conditions[j].Rounds):
		b.Conditions[j] = nc
		ch.Replaced = true
	default:
		ch.Unchanged = true
	}
	ch.Condition = b.Conditions[conditionIndex(b.Conditions, id)]
	if !ch.Unchanged {
		e.log(LogCondition, "Name", b.Name, "Condition", id)
	}
	return ch, nil
}

// RemoveCondition takes a condition off a combatant.
func (e *Encounter) RemoveCondition(name, id string) (*ConditionChange, error) {
	b, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	cid := strings.ToLower(strings.TrimSpace(id))
	j := conditionIndex(b.Conditions, cid)
	if j < 0 {
		return nil, newError(ErrConditionAbsent, "Name", b.Name, "Condition", strings.TrimSpace(id))
	}
	ch := &ConditionChange{Combatant: b.Ref(), Condition: b.Conditions[j], Removed: true}
	b.Conditions = append(b.Conditions[:j:j], b.Conditions[j+1:]...)
	if len(b.Conditions) == 0 {
		b.Conditions = nil
	}
	e.log(LogUncondition, "Name", b.Name, "Condition", cid)
	return ch, nil
}

// TickConditions counts down the timed conditions in list that are tied to
// the given boundary of anchor's turn: a Fresh one only loses its freshness
// (at the end boundary), the others lose a round and expire at 0. It returns
// a new list (list itself is not changed), the expired conditions (as they
// were, with Rounds 1), and whether anything changed.
func TickConditions(list []Condition, anchor string, until Until) (kept, expired []Condition, changed bool) {
	until = until.norm()
	for _, c := range list {
		if c.Rounds > 0 && c.Anchor == anchor && c.Until.norm() == until {
			changed = true
			if c.Fresh && until == UntilEnd {
				c.Fresh = false
			} else {
				if c.Rounds == 1 {
					expired = append(expired, c)
					continue
				}
				c.Rounds--
			}
		}
		kept = append(kept, c)
	}
	if !changed {
		return list, nil, false
	}
	return kept, expired, true
}

// Defence is a Rogue's Tale defensive modifier (A17), once per turn each.
type Defence string

// Defences. Same strings as rogue.Defence.
const (
	DefenceDodge Defence = "dodge"
	DefenceBlock Defence = "block"
	DefenceParry Defence = "parry"
)

// UseDefence marks a Rogue's Tale defence as used by a combatant until the
// start of its next turn. Using one twice in a turn fails (ErrDefenceUsed).
func (e *Encounter) UseDefence(name string, d Defence) (*Combatant, error) {
	if e.System != Rogue {
		return nil, newError(ErrWrongSystem, "System", string(e.System))
	}
	c, err := e.Find(name)
	if err != nil {
		return nil, err
	}
	var flag *bool
	switch d {
	case DefenceDodge:
		flag = &c.Used.Dodge
	case DefenceBlock:
		flag = &c.Used.Block
	case DefenceParry:
		flag = &c.Used.Parry
	default:
		return nil, newError(ErrBadDefence, "Defence", string(d))
	}
	if *flag {
		return nil, newError(ErrDefenceUsed, "Name", c.Name, "Defence", string(d))
	}
	*flag = true
	return c, nil
}
