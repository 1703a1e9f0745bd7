package rogue

import "slices"

// Order is the fixed turn order of a dungeon level (A12): set when the
// player enters; a summoned creature acts right after its summoner (after
// the summoner's earlier summons); creatures spawned by the environment act
// after all existing ones. It is plain data for the bot to store per channel.
type Order struct {
	Entries []OrderEntry `json:"entries"`
	Current int          `json:"current"` // index of the creature whose turn it is
	Turn    int          `json:"turn"`    // the game turn (round), from 1
}

// OrderEntry is one creature in the order.
type OrderEntry struct {
	ID         string `json:"id"`
	SummonedBy string `json:"summoned_by,omitempty"`
}

// NewOrder fixes the order of the creatures on entering a level.
func NewOrder(ids ...string) (*Order, error) {
	o := &Order{Turn: 1}
	for _, id := range ids {
		if err := o.Spawn(id); err != nil {
			return nil, err
		}
	}
	return o, nil
}

func (o *Order) index(id string) int {
	return slices.IndexFunc(o.Entries, func(e OrderEntry) bool { return e.ID == id })
}

// Spawn adds a creature created by the environment: after all existing ones.
func (o *Order) Spawn(id string) error {
	if id == "" || o.index(id) >= 0 {
		return newError(ErrDuplicate, "Name", id)
	}
	o.Entries = append(o.Entries, OrderEntry{ID: id})
	return nil
}

// Summon adds a creature summoned by summoner: right after the summoner and
// the creatures it summoned before (and theirs).
func (o *Order) Summon(id, summoner string) error {
	if id == "" || o.index(id) >= 0 {
		return newError(ErrDuplicate, "Name", id)
	}
	i := o.index(summoner)
	if i < 0 {
		return newError(ErrUnknownOption, "Option", "summoner", "Value", summoner)
	}
	end := i + 1
	for end < len(o.Entries) && o.summonedBy(o.Entries[end].ID, summoner) {
		end++
	}
	o.Entries = slices.Insert(o.Entries, end, OrderEntry{ID: id, SummonedBy: summoner})
	if end <= o.Current && len(o.Entries) > 1 {
		o.Current++
	}
	return nil
}

// summonedBy reports whether id was summoned, directly or not, by summoner.
func (o *Order) summonedBy(id, summoner string) bool {
	for range len(o.Entries) {
		i := o.index(id)
		if i < 0 || o.Entries[i].SummonedBy == "" {
			return false
		}
		if o.Entries[i].SummonedBy == summoner {
			return true
		}
		id = o.Entries[i].SummonedBy
	}
	return false
}

// Remove takes a creature out (it died or left); whose turn it is stays right.
func (o *Order) Remove(id string) bool {
	i := o.index(id)
	if i < 0 {
		return false
	}
	o.Entries = slices.Delete(o.Entries, i, i+1)
	if i < o.Current || (i == o.Current && o.Current >= len(o.Entries)) {
		o.Current--
	}
	o.Current = max(o.Current, 0)
	return true
}

// Active is the creature whose turn it is ("" for an empty order).
func (o *Order) Active() string {
	if o.Current < 0 || o.Current >= len(o.Entries) {
		return ""
	}
	return o.Entries[o.Current].ID
}

// Next passes the turn on; newTurn is true when the order wrapped round to
// the first creature (a new game turn begins).
func (o *Order) Next() (id string, newTurn bool) {
	if len(o.Entries) == 0 {
		return "", false
	}
	o.Current++
	if o.Current >= len(o.Entries) {
		o.Current = 0
		o.Turn++
		newTurn = true
	}
	return o.Active(), newTurn
}
