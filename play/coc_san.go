package play

import (
	"context"
	"strconv"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// /san and /coc day (coc digest §6): a Sanity roll on the acting CoC character (owner or GM), with the day's tally of
// losses for indefinite insanity kept on the sheet against the guild's game day, which the Keeper advances.

// Sanity is /san's input.
type Sanity struct {
	Character string
	Loss      string       // "0/1d6"
	Mythos    bool         // a Mythos horror: insanity raises Cthulhu Mythos
	Bout      coc.BoutMode // how a bout of madness is played; "" = real time
}

// SanityOut is what /san did.
type SanityOut struct {
	Character *coc.Character
	Day       int // the game day the loss counts for
	Result    *coc.SanityResult
	Bout      *coc.Bout // the bout of madness that started (nil: none)
}

// Sanity makes a Sanity roll (dice: the SAN roll, the loss, after 5+ lost the INT roll and 1d10 hours, then a
// bout's duration and entry number).
// A Sanity roll on another's character is harm: the owner or a GM only (editCoC, stricter than mayHarm).
func (t *Table) Sanity(ctx context.Context, c Caller, in Sanity, r dice.Roller) (*SanityOut, error) {
	var out *SanityOut
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.editCoC(in.Character)
		if err != nil {
			return err
		}
		day, err := s.cocDay()
		if err != nil {
			return err
		}
		res, err := cr.cc.Sanity(s.r, coc.SanityInput{Loss: in.Loss, Day: day, Mythos: in.Mythos})
		if err != nil {
			return err
		}
		out = &SanityOut{Character: cr.cc, Day: day, Result: res}
		if res.Bout {
			mode := in.Bout
			if mode == "" {
				mode = coc.BoutRealtime
			}
			out.Bout, err = coc.RollBout(s.r, mode)
		}
		return err
	})
	return out, err
}

// CoCDay reads the guild's game day.
func (t *Table) CoCDay(ctx context.Context, c Caller) (int, error) {
	var out int
	err := t.view(ctx, c, nil, func(s *scene) error {
		var err error
		out, err = s.cocDay()
		return err
	})
	return out, err
}

// SetCoCDay sets the guild's game day (to > 0), or advances it by one (to 0); GMs only. A new day starts each
// character's Sanity tally afresh at its first loss.
func (t *Table) SetCoCDay(ctx context.Context, c Caller, to int) (int, error) {
	var out int
	err := t.update(ctx, c, nil, func(s *scene) error {
		if !c.GM {
			return fail("cthulhu.err.not_keeper")
		}
		day, err := s.cocDay()
		if err != nil {
			return err
		}
		next := to
		if next == 0 {
			next = day + 1
		}
		if next < 1 || next > coc.MaxDay {
			return &coc.Error{Code: coc.ErrBadDay, Args: map[string]any{"Day": next, "Max": coc.MaxDay}}
		}
		g, err := s.settings()
		if err != nil {
			return err
		}
		g.House = setHouse(g.House, HouseCoCDay, strconv.Itoa(next), "1")
		out = next
		return s.tx.PutGuild(g)
	})
	return out, err
}
