package play

import "rulekeeper/rules/coc"

// /check skill:A also:B,C on a Call of Cthulhu character (coc digest §5.7): one d100 against every value, with the
// same difficulty and bonus or penalty dice; need:all (the default) needs every part, need:any one of them. Each
// successful part marks its skill. A combined roll is not kept as the last roll: it is neither pushed nor bought
// with Luck.

// CombinedCoC is a combined roll and the character who made it.
type CombinedCoC struct {
	Character *coc.Character
	Roll      *coc.CombinedResult
	Odds      *coc.CombinedOdds // exact, before the roll
}

// combinedCoC rolls one d100 against the subject of o and every one of also.
func (s *scene) combinedCoC(cr *Creature, o coc.CheckOptions, also []coc.Subject, mode coc.CombinedMode) (*CombinedCoC, error) {
	if cr.cc.Has(coc.Dead) {
		return nil, &coc.Error{Code: coc.ErrIsDead, Args: map[string]any{"Name": cr.cc.Name}}
	}
	if mode == "" {
		mode = coc.CombinedAll
	}
	in := coc.CombinedInput{Mode: mode, Difficulty: o.Difficulty, Bonus: o.Bonus, Penalty: o.Penalty}
	for _, subj := range append([]coc.Subject{o.Subject}, also...) {
		v, err := cr.cc.Value(subj)
		if err != nil {
			return nil, err
		}
		in.Parts = append(in.Parts, coc.CombinedPart{Subject: subj, Value: v})
	}
	odds := coc.CombinedOddsOf(in)
	res, err := coc.Combined(s.r, in)
	if err != nil {
		return nil, err
	}
	cr.cc.ApplyMarks(res.Parts...)
	return &CombinedCoC{Character: cr.cc, Roll: res, Odds: odds}, nil
}
