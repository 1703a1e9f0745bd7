package play

import (
	"context"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// /coc develop and /coc opposed (coc digest §5.6, §9).

// CoCDevelopment is what /coc develop did: the improvement check of every marked skill (nil when none was marked
// and only Luck was recovered) and the Luck recovery roll (nil unless asked).
type CoCDevelopment struct {
	Character   *coc.Character
	Development *coc.Development
	Luck        *coc.LuckRecovery
}

// CoCDevelop runs the development phase of the acting CoC character (owner or GM): a d100 for each marked skill
// (over the skill or 96+ adds 1D10; reaching 90 adds 2D6 SAN), then, with luck, the Luck recovery roll.
func (t *Table) CoCDevelop(ctx context.Context, c Caller, character string, luck bool, r dice.Roller) (*CoCDevelopment, error) {
	var out *CoCDevelopment
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.editCoC(character)
		if err != nil {
			return err
		}
		out = &CoCDevelopment{Character: cr.cc}
		if hasMarks(cr.cc) || !luck {
			if out.Development, err = cr.cc.Develop(s.r); err != nil {
				return err
			}
		}
		if luck {
			out.Luck, err = cr.cc.RecoverLuck(s.r)
		}
		return err
	})
	return out, err
}

func hasMarks(c *coc.Character) bool {
	for _, e := range c.Skills {
		if e.Mark {
			return true
		}
	}
	return false
}

// OpposedCoC is /coc opposed's input: the acting character's roll against an opponent's — a CoC character of the
// guild (its own value), an NPC of the channel's CoC encounter or an untracked opponent (Value).
type OpposedCoC struct {
	Character string
	Subject   coc.Subject
	Bonus     int
	Penalty   int
	Target    string       // the opponent; "" = untracked
	Against   *coc.Subject // the opponent's subject; nil = the same
	Value     *int         // the opponent's value (an NPC's or an untracked one's; a character's overrides its own)
}

// OpposedCoCResult is what /coc opposed rolled.
type OpposedCoCResult struct {
	Name     string
	Opponent string // "" when untracked
	Result   *coc.OpposedResult
	Odds     *coc.OpposedOdds
}

// CoCOpposed rolls the acting character (owner or GM) against the opponent, the acting side first. Each character's
// success marks its skill.
func (t *Table) CoCOpposed(ctx context.Context, c Caller, in OpposedCoC, r dice.Roller) (*OpposedCoCResult, error) {
	var out *OpposedCoCResult
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.editCoC(in.Character)
		if err != nil {
			return err
		}
		a, err := cr.cc.Input(coc.CheckOptions{Subject: in.Subject, Bonus: in.Bonus, Penalty: in.Penalty})
		if err != nil {
			return err
		}
		against := in.Subject
		if in.Against != nil {
			against = *in.Against
		}
		b := coc.CheckInput{Subject: against}
		var opp *Creature
		if strings.TrimSpace(in.Target) != "" {
			if opp, err = s.targetCoC(in.Target); err != nil {
				return err
			}
		}
		switch {
		case in.Value != nil:
			b.Value = *in.Value
		case opp != nil && opp.cc != nil:
			if b, err = opp.cc.Input(coc.CheckOptions{Subject: against}); err != nil {
				return err
			}
		default:
			return fail("cthulhu.err.need_value")
		}
		res, err := coc.Opposed(s.r, a, b)
		if err != nil {
			return err
		}
		out = &OpposedCoCResult{Name: cr.cc.Name, Result: res, Odds: coc.OpposedOddsOf(a, b)}
		cr.markCoC(res.A)
		if opp != nil {
			out.Opponent = opp.Name()
			opp.markCoC(res.B)
		}
		return nil
	})
	return out, err
}
