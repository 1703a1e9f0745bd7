package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// /rt turn encounter:true: count turns for every combatant of the channel's Rogue's Tale encounter in one
// transaction, by a controller of the encounter (GM role, Manage Server or its starter). Characters play their
// turns on their sheets (the same rogue Turn as /rt turn); NPCs on their stored defender, whose HP and defender go
// back to the encounter. Combatants already dead or down are listed but not advanced. Each turn's aura (A10, G-A8)
// reaches every other living combatant within its radius by grid position (encounter.Reaches); combatants without
// a position neither give nor take auras, and are listed once.

// EncounterTurns is what the encounter's turns did.
type EncounterTurns struct {
	Combatants []EncounterTurn `json:"combatants"`              // in turn order
	Turns      int             `json:"turns"`                   // turns asked
	Auras      []AuraHit       `json:"auras"`                   // auras applied, in order
	Unplaced   []string        `json:"aura_unplaced,omitempty"` // combatants skipped by auras: no position
}

// EncounterTurn is one combatant after its turns.
type EncounterTurn struct {
	Name      string           `json:"name"`
	Kind      encounter.Kind   `json:"kind"`
	HP        int              `json:"hp"`
	HPMax     int              `json:"hp_max"`
	Energy    int              `json:"energy"`
	Triggered int              `json:"triggered"` // lingering-effect triggers
	Dead      bool             `json:"dead"`
	HPBefore  int              `json:"hp_before"`
	Played    int              `json:"played"` // turns played (fewer when it died, none when already dead)
	Hunger    rogue.TrackState `json:"hunger"`
}

// AuraHit is one aura applied to one combatant.
type AuraHit struct {
	Source    string           `json:"source"`
	Target    string           `json:"target"`
	Type      rogue.DamageType `json:"type"`
	Distance  int              `json:"distance"`
	Amount    int              `json:"amount"`           // the aura's amount at that distance, before resistance
	Final     int              `json:"final"`            // HP lost
	Healed    int              `json:"healed,omitempty"` // HP gained (same aura: healed instead)
	Heal      bool             `json:"heal,omitempty"`
	Secondary bool             `json:"secondary,omitempty"` // the target is vulnerable: secondary effect applies
	// Effect is that secondary effect as put on the target (burning, slowed, …; nil when immune or it lasts no turn).
	Effect   *rogue.SecondaryEffect `json:"effect,omitempty"`
	HPBefore int                    `json:"hp_before"`
	HP       int                    `json:"hp"`
	Dead     bool                   `json:"dead,omitempty"`
}

// member is a combatant being advanced: its creature and its entry.
type member struct {
	cr    *Creature
	entry EncounterTurn
}

// RTTurnEncounter plays count turns of every combatant of the channel's Rogue's Tale encounter, doing action.
func (t *Table) RTTurnEncounter(ctx context.Context, c Caller, count int, action rogue.Action, r dice.Roller) (*EncounterTurns, error) {
	var out *EncounterTurns
	err := t.update(ctx, c, r, func(s *scene) error {
		out = &EncounterTurns{Turns: count, Combatants: []EncounterTurn{}, Auras: []AuraHit{}}
		e, err := s.mustHere()
		if err != nil {
			return err
		}
		if e.System != encounter.Rogue {
			return fail("encounter.err.wrong_system", "System", string(e.System))
		}
		if err := s.mayControl(e); err != nil {
			return err
		}
		members, err := s.members(e)
		if err != nil {
			return err
		}
		for _, m := range members {
			// Turns change every character's sheet (hunger, lingering effects, auras): the caller with no
			// character acts, so another's needs a GM (authz.go).
			if err := s.mayHarm(nil, m.cr); err != nil {
				return err
			}
		}
		unplaced := map[string]bool{}
		for _, m := range members {
			auras, err := advance(m.cr.rt, count, action, s.r, &m.entry)
			if err != nil {
				return err
			}
			for _, a := range auras {
				if err := s.spreadAura(m, a, members, out, unplaced); err != nil {
					return err
				}
			}
		}
		for _, m := range members {
			c, comb, entry := m.cr.rt, m.cr.comb, &m.entry
			entry.HP, entry.HPMax, entry.Dead = c.HP, c.MaxHP, c.Dead() // auras may have changed them after its turns
			m.cr.dirty = true
			if comb.Kind == encounter.KindNPC {
				entry.HPMax = comb.MaxHP
				if err := m.cr.writeRogueNPC(s); err != nil { // now: the entry shows the encounter's HP
					return err
				}
				m.cr.dirty = false
				entry.HP, entry.Dead = comb.HP, entry.Dead || comb.Down()
			}
			out.Combatants = append(out.Combatants, *entry)
		}
		s.changed(c.ChannelID)
		return nil
	})
	return out, err
}

// members loads the encounter's combatants in turn order: characters on their sheets (a deleted sheet is left
// out), NPCs on their stored defenders.
func (s *scene) members(e *encounter.Encounter) ([]*member, error) {
	var members []*member
	for _, comb := range e.Order() {
		m := &member{entry: EncounterTurn{Name: comb.Name, Kind: comb.Kind}}
		switch comb.Kind {
		case encounter.KindCharacter:
			ch, err := s.maybeByID(comb.CharacterID)
			if err != nil {
				return nil, err
			}
			if ch == nil {
				continue // the sheet is gone: nothing to advance
			}
			m.cr = s.character(ch)
			if err := m.cr.asRogue(); err != nil {
				return nil, err
			}
			m.cr.combatantOf(e, s.c.ChannelID)
			m.entry.HPBefore = m.cr.rt.HP
		case encounter.KindNPC:
			m.cr = s.npc(e, s.c.ChannelID, comb)
			if err := m.cr.rogueView(); err != nil {
				return nil, err
			}
			m.entry.HPBefore = comb.HP
		default:
			continue
		}
		members = append(members, m)
	}
	return members, nil
}

// advance plays up to count turns of c (stopping when it dies), fills the entry's turn numbers and returns the
// auras its turns rolled.
func advance(c *rogue.Character, count int, act rogue.Action, r dice.Roller, out *EncounterTurn) ([]*rogue.AuraRoll, error) {
	var auras []*rogue.AuraRoll
	if !c.Dead() {
		for i := 1; i <= count; i++ {
			t, err := c.Turn(rogue.TurnOptions{Action: act}, r)
			if err != nil {
				return nil, err
			}
			out.Played = i
			if t.Aura != nil {
				auras = append(auras, t.Aura)
			}
			for _, tr := range t.Triggers {
				if tr.Triggered {
					out.Triggered++
				}
			}
			if t.Dead {
				break
			}
		}
	}
	out.HP, out.HPMax, out.Energy, out.Dead = c.HP, c.MaxHP, c.Energy, c.Dead()
	out.Hunger = TrackState(rogue.TrackHunger, c.Hunger)
	return auras, nil
}

// spreadAura applies src's aura to every other living member within its radius: harm by src, or help when it
// heals (authz.go).
func (s *scene) spreadAura(src *member, a *rogue.AuraRoll, members []*member, out *EncounterTurns, unplaced map[string]bool) error {
	note := func(m *member) {
		if !unplaced[m.cr.comb.ID] {
			unplaced[m.cr.comb.ID] = true
			out.Unplaced = append(out.Unplaced, m.cr.comb.Name)
		}
	}
	if src.cr.comb.Pos == nil {
		note(src)
		return nil
	}
	for _, t := range members {
		if t == src || t.cr.rt.Dead() {
			continue
		}
		if t.cr.comb.Pos == nil {
			note(t)
			continue
		}
		d, ok := encounter.Reaches(src.cr.comb.Pos, t.cr.comb.Pos, a.Radius)
		if !ok {
			continue
		}
		if err := s.harmOrHelp(src.cr, t.cr, t.cr.rt.Aura != a.Type); err != nil {
			return err
		}
		before := t.cr.rt.HP
		h, err := rogue.ApplyAura(a, t.cr.rt, d, s.r)
		if err != nil {
			return err
		}
		ae := AuraHit{Source: src.cr.comb.Name, Target: t.cr.comb.Name, Type: a.Type, Distance: d, Amount: h.Amount,
			Secondary: h.Secondary, Effect: h.Effect, HPBefore: before, HP: t.cr.rt.HP, Dead: t.cr.rt.Dead()}
		if h.Heal != nil {
			ae.Heal, ae.Healed = true, h.Heal.Amount
		}
		if h.Damage != nil {
			ae.Final = h.Damage.Final
		}
		out.Auras = append(out.Auras, ae)
	}
	return nil
}
