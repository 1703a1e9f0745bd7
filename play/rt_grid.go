package play

import (
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// The Rogue's Tale rules that depend on where creatures stand: the range modifier from the grid (A18), the
// creatures adjacent to a spell's target (Healing Wave, Enlarge Orb) and the extra targets of a talent.

// rtEncounter is the channel's Rogue's Tale encounter, nil when there is none (or it is of another system).
func (s *scene) rtEncounter() (*encounter.Encounter, error) {
	e, err := s.here()
	if err != nil || e == nil || e.System != encounter.Rogue {
		return nil, err
	}
	return e, nil
}

// rtSquare is cr's square on the channel's Rogue's Tale encounter grid, nil when it is not placed there.
func (s *scene) rtSquare(cr *Creature) (*rogue.Square, error) {
	if cr == nil {
		return nil, nil
	}
	e, err := s.rtEncounter()
	if err != nil || e == nil {
		return nil, err
	}
	cr.combatantOf(e, s.c.ChannelID)
	if p := cr.pos(); p != nil && cr.enc == e {
		return &rogue.Square{X: p.X, Y: p.Y}, nil
	}
	return nil, nil
}

// rtAim is the offset from one creature to another for the range modifier: an explicit distance (range:) wins,
// else the grid when both are placed; ok is false when neither is known (rogue.Aim).
func (s *scene) rtAim(distance *int, from, to *Creature) (dx, dy int, ok bool, err error) {
	a, err := s.rtSquare(from)
	if err != nil {
		return 0, 0, false, err
	}
	b, err := s.rtSquare(to)
	if err != nil {
		return 0, 0, false, err
	}
	dx, dy, ok = rogue.Aim(distance, a, b)
	return dx, dy, ok, nil
}

// rtNearby is every combatant of the channel's Rogue's Tale encounter with its square, for the spells that reach
// the creatures around their target; by name, the creatures they are (to save the ones the spell changed).
func (s *scene) rtNearby() ([]rogue.Nearby, map[string]*Creature, error) {
	e, err := s.rtEncounter()
	if err != nil || e == nil {
		return nil, nil, err
	}
	members, err := s.members(e)
	if err != nil {
		return nil, nil, err
	}
	out, by := make([]rogue.Nearby, 0, len(members)), make(map[string]*Creature, len(members))
	for _, m := range members {
		var at *rogue.Square
		if p := m.cr.pos(); p != nil {
			at = &rogue.Square{X: p.X, Y: p.Y}
		}
		name := m.cr.Name()
		out = append(out, rogue.Nearby{ID: name, At: at, C: m.cr.rt})
		by[name] = m.cr
	}
	return out, by, nil
}

// rtExtraTargets resolves the extra targets of Multi Shot, Sweeping Blow and Blade Flurry by name, each with its
// square when placed, each one the attacker may harm; they are marked changed (the rules change them in place).
func (s *scene) rtExtraTargets(att *Creature, names []string) ([]rogue.Nearby, error) {
	out := make([]rogue.Nearby, 0, len(names))
	for _, name := range names {
		cr, err := s.targetRogue(name)
		if err != nil {
			return nil, err
		}
		at, err := s.rtSquare(cr)
		if err != nil {
			return nil, err
		}
		if err := s.mayHarm(att, cr); err != nil { // an extra target is harmed like the main one
			return nil, err
		}
		cr.dirty = true
		out = append(out, rogue.Nearby{ID: cr.Name(), At: at, C: cr.rt})
	}
	return out, nil
}
