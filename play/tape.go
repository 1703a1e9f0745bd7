package play

import "rulekeeper/rules/dice"

// tape is the roller of one transaction, which a store may run more than once (store.Store.Update): the first
// run draws from the request's roller and records every face; a later run, rewound, replays the recorded faces
// as long as it asks for the same dice (the same bounds, in order), and draws fresh ones from its first
// different request on. The runs that were rolled back were never seen, so a replay is as if the dice were
// rolled once, at the commit; and forced dice (--dice, tests) stay as given whatever the retries.
type tape struct {
	r     dice.Roller
	draws []draw
	pos   int
}

// draw is one recorded roll: its bounds and the face.
type draw struct{ min, max, face int }

// newTape records r; a nil r gives a nil tape, and so a scene without dice, as before.
func newTape(r dice.Roller) dice.Roller {
	if r == nil {
		return nil
	}
	return &tape{r: r}
}

// Roll replays the next recorded face when the bounds match, else draws (and records) a new one; a run that
// asks for different dice forgets what the earlier run rolled past that point.
func (t *tape) Roll(min, max int) (int, error) {
	if t.pos < len(t.draws) {
		if d := t.draws[t.pos]; d.min == min && d.max == max {
			t.pos++
			return d.face, nil
		}
		t.draws = t.draws[:t.pos]
	}
	face, err := t.r.Roll(min, max)
	if err != nil {
		return 0, err
	}
	t.draws = append(t.draws, draw{min, max, face})
	t.pos++
	return face, nil
}

// rewind starts a run of the transaction over: its dice are replayed from the first.
func (t *tape) rewind() {
	if t != nil {
		t.pos = 0
	}
}

// rewind rewinds r when it is a tape.
func rewind(r dice.Roller) {
	if t, ok := r.(*tape); ok {
		t.rewind()
	}
}
