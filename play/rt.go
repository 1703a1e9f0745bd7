package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/rogue"
)

// /rt: the Rogue's Tale commands without a D&D 5e counterpart — turns (hunger and thirst, lingering effects, auras,
// regeneration), rest, eating and drinking, lingering effects — on the acting character (owner or GM).

// MaxTurnEvents bounds the events a multi-turn result keeps (EventsTotal counts them all).
const MaxTurnEvents = 200

// TrackState is a hunger or thirst counter with its level.
func TrackState(t rogue.Track, counter int) rogue.TrackState {
	return rogue.TrackState{Counter: counter, Level: rogue.Level(counter), Key: t.LevelKey(rogue.Level(counter))}
}

// RTTurns is what count turns did to a character.
type RTTurns struct {
	Character                  *rogue.Character
	Turns                      int // played (fewer when it died)
	Actions, Lost, Triggered   int // actions taken, turns lost, lingering-effect triggers
	HealthGained, EnergyGained int
	HPBefore, EnergyBefore     int
	HungerBefore, ThirstBefore rogue.TrackState
	Events                     []rogue.Event // with their turn (1-based); at most MaxTurnEvents
	EventsTotal                int
	Last                       *rogue.TurnResult // the last turn played
}

// RTTurn plays count turns of the acting character doing action (stopping when it dies).
func (t *Table) RTTurn(ctx context.Context, c Caller, character string, count int, action rogue.Action, r dice.Roller) (*RTTurns, error) {
	var out *RTTurns
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.editRogue(character)
		if err != nil {
			return err
		}
		rc := cr.rt
		out = &RTTurns{Character: rc, HPBefore: rc.HP, EnergyBefore: rc.Energy, Events: []rogue.Event{},
			HungerBefore: TrackState(rogue.TrackHunger, rc.Hunger), ThirstBefore: TrackState(rogue.TrackThirst, rc.Thirst)}
		for i := 1; i <= count; i++ {
			tr, err := rc.Turn(rogue.TurnOptions{Action: action}, s.r)
			if err != nil {
				return err
			}
			out.add(i, tr)
			if tr.Dead {
				break
			}
		}
		return nil
	})
	return out, err
}

func (out *RTTurns) add(i int, tr *rogue.TurnResult) {
	out.Last, out.Turns = tr, i
	out.Actions += tr.Actions
	if tr.Lost {
		out.Lost++
	}
	for _, x := range tr.Triggers {
		if x.Triggered {
			out.Triggered++
		}
	}
	for _, g := range tr.HealthRegen {
		out.HealthGained += g.Gained
	}
	for _, g := range tr.EnergyRegen {
		out.EnergyGained += g.Gained
	}
	for _, e := range tr.Events {
		out.EventsTotal++
		if len(out.Events) < MaxTurnEvents {
			e.Turn = i
			out.Events = append(out.Events, e)
		}
	}
}

// RTRest is a rest of the acting character, with its hunger and thirst before.
type RTRest struct {
	Character                  *rogue.Character
	Result                     *rogue.RestResult
	HungerBefore, ThirstBefore rogue.TrackState
}

// RTRestTurns rests the acting character for turns turns.
func (t *Table) RTRestTurns(ctx context.Context, c Caller, character string, turns int, r dice.Roller) (*RTRest, error) {
	var out *RTRest
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.editRogue(character)
		if err != nil {
			return err
		}
		out = &RTRest{Character: cr.rt, HungerBefore: TrackState(rogue.TrackHunger, cr.rt.Hunger),
			ThirstBefore: TrackState(rogue.TrackThirst, cr.rt.Thirst)}
		out.Result, err = cr.rt.Rest(turns, rogue.TurnOptions{}, s.r)
		return err
	})
	return out, err
}

// RTConsume feeds the acting character food and water (turns of each).
func (t *Table) RTConsume(ctx context.Context, c Caller, character string, food, water int) (*rogue.Character, *rogue.ConsumeResult, error) {
	var (
		out *rogue.Character
		res *rogue.ConsumeResult
	)
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.editRogue(character)
		if err != nil {
			return err
		}
		out = cr.rt
		res, err = cr.rt.Consume(food, water)
		return err
	})
	return out, res, err
}

// RTEffectAdd gives the acting character a lingering effect.
func (t *Table) RTEffectAdd(ctx context.Context, c Caller, character string, e rogue.Effect) (*rogue.Character, *rogue.EffectChange, error) {
	var (
		out *rogue.Character
		ch  *rogue.EffectChange
	)
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.editRogue(character)
		if err != nil {
			return err
		}
		out = cr.rt
		ch, err = cr.rt.AddEffect(e)
		return err
	})
	return out, ch, err
}

// RTEffectRemove removes a lingering effect (of a kind, and id when the kind has names) from the acting
// character; it returns the effect removed.
func (t *Table) RTEffectRemove(ctx context.Context, c Caller, character string, kind rogue.EffectKind, id string) (*rogue.Character, *rogue.Effect, error) {
	var (
		out     *rogue.Character
		removed rogue.Effect
	)
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.editRogue(character)
		if err != nil {
			return err
		}
		out = cr.rt
		var ok bool
		if removed, ok = cr.rt.RemoveEffect(kind, id); !ok {
			return &rogue.Error{Code: rogue.ErrEffectAbsent, Args: map[string]any{"Name": cr.rt.Name, "Kind": string(kind)}}
		}
		return nil
	})
	return out, &removed, err
}
