package play

import (
	"context"

	"rulekeeper/rules/dnd5e"
)

// /counter create|use|set|reset|delete (issue 13): custom counters on a 5e sheet, as Avrae's !cc — a name, a
// minimum and a maximum, a reset on a short or long rest (or none); /rest resets them, /sheet export and import
// carry them (they are part of the sheet). The owner or a GM changes them; /counter list reads the sheet.

// CounterOp is what /counter does.
type CounterOp int

// Counter operations.
const (
	CounterCreate CounterOp = iota // a new counter at its maximum
	CounterUse                     // spend Amount (negative: give back)
	CounterSet                     // set to Amount
	CounterReset                   // back to its maximum
	CounterDelete
)

// CounterEdit is /counter's input.
type CounterEdit struct {
	Character string
	Op        CounterOp
	Name      string
	Amount    int         // use: how many (0 = 1); set: the value
	Min, Max  int         // create
	Reset     dnd5e.Reset // create
}

// CounterResult is a counter after the command.
type CounterResult struct {
	Character *dnd5e.Character
	Counter   dnd5e.Counter
	Change    *dnd5e.CounterChange // use, set, reset; nil for create and delete
}

// Counter changes a custom counter of the acting 5e character.
func (t *Table) Counter(ctx context.Context, c Caller, in CounterEdit) (*CounterResult, error) {
	var out *CounterResult
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.edit5e(in.Character)
		if err != nil {
			return err
		}
		out = &CounterResult{Character: cr.d5}
		switch in.Op {
		case CounterCreate:
			k, err := cr.d5.AddCounter(in.Name, in.Min, in.Max, in.Reset)
			if err != nil {
				return err
			}
			out.Counter = *k
			return nil
		case CounterDelete:
			out.Counter, err = cr.d5.DeleteCounter(in.Name)
			return err
		case CounterUse:
			n := in.Amount
			if n == 0 {
				n = 1
			}
			out.Change, err = cr.d5.UseCounter(in.Name, n)
		case CounterSet:
			out.Change, err = cr.d5.SetCounter(in.Name, in.Amount)
		default:
			out.Change, err = cr.d5.ResetCounter(in.Name)
		}
		if err != nil {
			return err
		}
		out.Counter = out.Change.Counter
		return nil
	})
	return out, err
}
