package play

import (
	"rulekeeper/rules/coc"
	"rulekeeper/rules/encounter"
)

// The dying in a Call of Cthulhu encounter (coc digest §7.5): at the end of each round every dying investigator of
// the encounter rolls CON, and a failure means death. Stabilised investigators (First Aid) do not roll here: Medicine
// should follow within about an hour, a Keeper's call (G9).

// CoCDyingRoll is one dying investigator's CON roll at the end of a round.
type CoCDyingRoll struct {
	Name   string           `json:"name"`
	Result *coc.DyingResult `json:"result"`
	Odds   *coc.Odds        `json:"odds"`
}

// cocDyingRolls rolls CON for each dying CoC character of the encounter, in the order of the encounter, when Next
// ended a round (not when it began round 1).
func (s *scene) cocDyingRolls(e *encounter.Encounter, tc *encounter.TurnChange) ([]CoCDyingRoll, error) {
	if tc == nil || !tc.NewRound || tc.Started || tc.Back {
		return nil, nil
	}
	var out []CoCDyingRoll
	for _, c := range e.Combatants {
		if c.Kind != encounter.KindCharacter {
			continue
		}
		ch, err := s.maybeByID(c.CharacterID)
		if err != nil {
			return nil, err
		}
		if ch == nil || ch.System != SystemCoC {
			continue
		}
		cr := s.character(ch)
		if err := cr.asCoC(); err != nil {
			return nil, err
		}
		if !cr.cc.Has(coc.Dying) || cr.cc.Has(coc.Dead) {
			continue
		}
		res, err := cr.cc.DyingRoll(s.r)
		if err != nil {
			return nil, err
		}
		cr.dirty = true
		out = append(out, CoCDyingRoll{Name: cr.cc.Name, Result: res, Odds: res.CON.Odds()})
	}
	return out, nil
}

// skipNewlyDead passes over the investigator whose turn just began when the end-of-round CON rolls killed her: her
// turn is skipped in the same reply, like any dead combatant's, and the turn goes to the next one who can act.
func (s *scene) skipNewlyDead(e *encounter.Encounter, turn *Turn) error {
	tc := turn.TurnChange
	if len(turn.CoCDying) == 0 || tc.Began.Kind != encounter.KindCharacter {
		return nil
	}
	dead, err := s.deadBySheet(e.System, tc.Began.CharacterID)
	if err != nil || !dead {
		return err
	}
	if err := s.syncOut(e); err != nil {
		return err
	}
	more, err := e.Next()
	if err != nil {
		return err
	}
	more.Skipped = append(append(tc.Skipped, tc.Began), more.Skipped...)
	more.Expired = append(tc.Expired, more.Expired...)
	more.Ended, more.NewRound = tc.Ended, tc.NewRound || more.NewRound
	turn.TurnChange = more
	return nil
}
