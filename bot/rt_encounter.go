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
// but not advanced. Auras are rolled by Turn but not applied to neighbours (there is no helper for that yet).

// rtEncounterTurnResult is the JSON of /rt turn encounter:true.
type rtEncounterTurnResult struct {
	Combatants []rtEncounterTurnEntry `json:"combatants"` // in turn order
	Turns      int                    `json:"turns"`      // turns asked
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

// advanceRogue plays up to count turns of c (stopping when it dies) and fills the entry's turn numbers.
func advanceRogue(c *rogue.Character, count int, act rogue.Action, r dice.Roller, out *rtEncounterTurnEntry) error {
	out.HPBefore = c.HP
	if !c.Dead() {
		for i := 1; i <= count; i++ {
			t, err := c.Turn(rogue.TurnOptions{Action: act}, r)
			if err != nil {
				return err
			}
			out.Played = i
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
	return nil
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
		out.Combatants = []rtEncounterTurnEntry{}
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
		for _, comb := range e.Order() {
			entry := rtEncounterTurnEntry{Name: comb.Name, Kind: comb.Kind}
			switch comb.Kind {
			case encounter.KindCharacter:
				ch, err := tx.Character(comb.CharacterID)
				if errorsIsNotFound(err) {
					continue // the sheet is gone: nothing to advance
				}
				if err != nil {
					return err
				}
				c, err := decodeRogue(ch)
				if err != nil {
					return err
				}
				if err := advanceRogue(c, count, act, req.Dice, &entry); err != nil {
					return err
				}
				if ch.Sheet, err = encodeRogue(c); err != nil {
					return err
				}
				if err := tx.PutCharacter(ch); err != nil {
					return err
				}
			case encounter.KindNPC:
				c, err := rogueNPC(comb)
				if err != nil {
					return err
				}
				if err := advanceRogue(c, count, act, req.Dice, &entry); err != nil {
					return err
				}
				entry.HPBefore, entry.HPMax = comb.HP, comb.MaxHP
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
			default:
				continue
			}
			out.Combatants = append(out.Combatants, entry)
		}
		return saveEncounter(tx, req.ChannelID, e)
	})
	if err != nil {
		return nil, err
	}
	r := &Reply{Title: req.T("rt.turn.encounter.title", "N", count), Result: &out}
	var lines []string
	size := 0
	for i, c := range out.Combatants {
		line := req.T("rt.turn.encounter.line", "Name", c.Name, "Before", c.HPBefore, "After", c.HP, "Max", c.HPMax,
			"Triggered", c.Triggered, "Hunger", trackText(req, c.Hunger))
		if c.Dead {
			line += " — **" + req.T("rt.died", "Name", c.Name) + "**"
			r.Tone = ToneCritical
		}
		more := req.T("rt.turn.encounter.more", "N", len(out.Combatants)-i)
		if size+utf8.RuneCountInString(line)+utf8.RuneCountInString(more)+2 > maxEmbedDesc {
			lines = append(lines, more)
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
