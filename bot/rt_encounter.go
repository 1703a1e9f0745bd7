package bot

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// /rt turn encounter:true (issue #6): count turns for every combatant of the channel's Rogue's Tale encounter in
// one transaction, by a controller of the encounter (GM role, Manage Server or its starter). Characters play their
// turns on their sheets (the same rogue Turn as /rt turn, with the action: option); NPCs on their stored defender
// (rogueNPC), whose HP and defender are written back to the encounter. Combatants already dead or down are listed
// but not advanced. Each turn's aura (A10, G-A8) is applied with ApplyAura to every other living combatant within
// its radius, by grid position (Chebyshev distance in squares; the same square counts as adjacent); combatants
// without a position neither give nor take auras, and are listed once.

// rtEncounterTurnResult is the JSON of /rt turn encounter:true.
type rtEncounterTurnResult struct {
	Combatants []rtEncounterTurnEntry `json:"combatants"`              // in turn order
	Turns      int                    `json:"turns"`                   // turns asked
	Auras      []rtEncounterAura      `json:"auras"`                   // auras applied, in order
	Unplaced   []string               `json:"aura_unplaced,omitempty"` // combatants skipped by auras: no position
}

// rtEncounterAura is one aura applied to one combatant.
type rtEncounterAura struct {
	Source    string           `json:"source"`
	Target    string           `json:"target"`
	Type      rogue.DamageType `json:"type"`
	Distance  int              `json:"distance"`
	Amount    int              `json:"amount"`           // the aura's amount at that distance, before resistance
	Final     int              `json:"final"`            // HP lost
	Healed    int              `json:"healed,omitempty"` // HP gained (same aura: healed instead)
	Heal      bool             `json:"heal,omitempty"`
	Secondary bool             `json:"secondary,omitempty"` // the target is vulnerable: secondary effect applies
	HPBefore  int              `json:"hp_before"`
	HP        int              `json:"hp"`
	Dead      bool             `json:"dead,omitempty"`
}

// rtEncounterMember is a combatant being advanced: its creature (sheet or stored defender) and entry.
type rtEncounterMember struct {
	comb  *encounter.Combatant
	ch    *store.Character // characters only
	c     *rogue.Character
	entry rtEncounterTurnEntry
}

// applyEncounterAura applies src's aura to every other living member within its radius.
func applyEncounterAura(src *rtEncounterMember, a *rogue.AuraRoll, members []*rtEncounterMember, r dice.Roller,
	out *rtEncounterTurnResult, unplaced map[string]bool) error {
	note := func(m *rtEncounterMember) {
		if !unplaced[m.comb.ID] {
			unplaced[m.comb.ID] = true
			out.Unplaced = append(out.Unplaced, m.comb.Name)
		}
	}
	if src.comb.Pos == nil {
		note(src)
		return nil
	}
	for _, t := range members {
		if t == src || t.c.Dead() {
			continue
		}
		if t.comb.Pos == nil {
			note(t)
			continue
		}
		d, ok := encounter.Reaches(src.comb.Pos, t.comb.Pos, a.Radius)
		if !ok {
			continue
		}
		before := t.c.HP
		h, err := rogue.ApplyAura(a, t.c, d, r)
		if err != nil {
			return err
		}
		ae := rtEncounterAura{Source: src.comb.Name, Target: t.comb.Name, Type: a.Type, Distance: d, Amount: h.Amount,
			Secondary: h.Secondary, HPBefore: before, HP: t.c.HP, Dead: t.c.Dead()}
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

// rtEncounterTurnEntry is one combatant after its turns.
type rtEncounterTurnEntry struct {
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

// advanceRogue plays up to count turns of c (stopping when it dies), fills the entry's turn numbers and returns
// the auras its turns rolled.
func advanceRogue(c *rogue.Character, count int, act rogue.Action, r dice.Roller, out *rtEncounterTurnEntry) ([]*rogue.AuraRoll, error) {
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
	out.Hunger = trackState(rogue.TrackHunger, c.Hunger)
	return auras, nil
}

func (b *Bot) rtTurnEncounter(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	count := req.Int("count", 1)
	act := rogue.Action(req.Str("action"))
	if act == "" {
		act = rogue.ActionAct
	}
	out := rtEncounterTurnResult{Turns: count}
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		out.Combatants, out.Auras, out.Unplaced = []rtEncounterTurnEntry{}, []rtEncounterAura{}, nil
		e, err := mustEncounter(tx, req)
		if err != nil {
			return err
		}
		if e.System != encounter.Rogue {
			return Errorf("encounter.err.wrong_system", "System", req.T("system."+string(e.System)))
		}
		if err := mayControl(req, e); err != nil {
			return err
		}
		var members []*rtEncounterMember
		for _, comb := range e.Order() {
			m := &rtEncounterMember{comb: comb, entry: rtEncounterTurnEntry{Name: comb.Name, Kind: comb.Kind}}
			switch comb.Kind {
			case encounter.KindCharacter:
				ch, err := tx.Character(comb.CharacterID)
				if errorsIsNotFound(err) {
					continue // the sheet is gone: nothing to advance
				}
				if err != nil {
					return err
				}
				if m.c, err = decodeRogue(ch); err != nil {
					return err
				}
				m.ch, m.entry.HPBefore = ch, m.c.HP
			case encounter.KindNPC:
				var err error
				if m.c, err = rogueNPC(comb); err != nil {
					return err
				}
				m.entry.HPBefore = comb.HP
			default:
				continue
			}
			members = append(members, m)
		}
		unplaced := map[string]bool{}
		for _, m := range members {
			auras, err := advanceRogue(m.c, count, act, req.Dice, &m.entry)
			if err != nil {
				return err
			}
			for _, a := range auras {
				if err := applyEncounterAura(m, a, members, req.Dice, &out, unplaced); err != nil {
					return err
				}
			}
		}
		for _, m := range members {
			c, comb, entry := m.c, m.comb, &m.entry
			entry.HP, entry.HPMax, entry.Dead = c.HP, c.MaxHP, c.Dead() // auras may have changed them after its turns
			switch comb.Kind {
			case encounter.KindCharacter:
				var err error
				if m.ch.Sheet, err = encodeRogue(c); err != nil {
					return err
				}
				if err := tx.PutCharacter(m.ch); err != nil {
					return err
				}
			case encounter.KindNPC:
				entry.HPMax = comb.MaxHP
				if hp := min(max(c.HP, 0), comb.MaxHP); hp != comb.HP {
					if _, err := e.SetHP(comb.ID, hp, 0); err != nil {
						return err
					}
				}
				entry.HP, entry.Dead = comb.HP, entry.Dead || comb.Down()
				keep := c.Clone()
				keep.Used = rogue.DefenceUse{} // the encounter keeps the turn's use
				stats, err := json.Marshal(rogueNPCStats{RT: keep})
				if err != nil {
					return err
				}
				if _, err := e.SetStats(comb.ID, stats); err != nil {
					return err
				}
			}
			out.Combatants = append(out.Combatants, *entry)
		}
		return saveEncounter(tx, req.ChannelID, e)
	})
	if err != nil {
		return nil, err
	}
	r := &Reply{Title: req.T("rt.turn.encounter.title", "N", count), Result: &out}
	var lines []string
	size := 0
	full := false
	for i, c := range out.Combatants {
		line := req.T("rt.turn.encounter.line", "Name", c.Name, "Before", c.HPBefore, "After", c.HP, "Max", c.HPMax,
			"Triggered", c.Triggered, "Hunger", trackText(req, c.Hunger))
		if c.Dead {
			line += " — **" + req.T("rt.died", "Name", c.Name) + "**"
			r.Tone = ToneCritical
		}
		more := req.T("rt.turn.encounter.more", "N", len(out.Combatants)-i)
		if size+utf8.RuneCountInString(line)+utf8.RuneCountInString(more)+2 > MaxBody {
			lines = append(lines, more)
			full = true
			break
		}
		size += utf8.RuneCountInString(line) + 1
		lines = append(lines, line)
	}
	var extra []string
	for _, a := range out.Auras {
		key, amount := "rt.turn.encounter.aura", a.Final
		if a.Heal {
			key, amount = "rt.turn.encounter.aura_heal", a.Healed
		}
		line := req.T(key, "Source", a.Source, "Target", a.Target, "Type", req.T(a.Type.Key()), "Distance", a.Distance,
			"Amount", amount, "Before", a.HPBefore, "After", a.HP)
		if a.Secondary {
			line += " · " + req.T("rt.turn.encounter.aura_secondary")
		}
		if a.Dead {
			line += " — **" + req.T("rt.died", "Name", a.Target) + "**"
			r.Tone = ToneCritical
		}
		extra = append(extra, line)
	}
	if len(out.Unplaced) > 0 {
		extra = append(extra, req.T("rt.turn.encounter.aura_unplaced", "Names", strings.Join(out.Unplaced, ", ")))
	}
	for _, line := range extra {
		if full || size+utf8.RuneCountInString(line)+1 > MaxBody {
			break
		}
		size += utf8.RuneCountInString(line) + 1
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = append(lines, req.T("rt.turn.encounter.empty"))
	}
	r.Body = strings.Join(lines, "\n")
	return r, nil
}
