package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /check skill:A also:B on a Call of Cthulhu character: a combined roll (coc digest §5.7), one d100 against every
// skill (also: takes one or more, comma-separated); need:all (the default) needs every one to succeed, need:any one
// of them. difficulty:, bonus_dice: and penalty_dice: apply to the one die; a combined roll is neither pushed nor
// bought with Luck.

// cocNeeds are the need: choices.
var cocNeeds = []string{string(coc.CombinedAll), string(coc.CombinedAny)}

// cocCombinedOptions are /check's also: and need:.
func cocCombinedOptions() []*Option {
	return []*Option{{Name: "also", Type: String, MaxLen: 128}, {Name: "need", Type: String, Choices: cocNeeds}}
}

// readCombinedCoC reads also: and need: into k; push: and luck: do not go with them.
func readCombinedCoC(req *Request, k *play.CheckCoC) error {
	if !req.Has("also") {
		if req.Has("need") {
			return Errorf("cthulhu.err.need_alone")
		}
		return nil
	}
	for _, name := range []string{"push", "luck"} {
		if req.Has(name) {
			return Errorf("cthulhu.err.combined_option", "Option", name)
		}
	}
	for _, typed := range strings.FieldsFunc(req.Str("also"), func(r rune) bool { return r == ',' || r == '，' || r == '、' }) {
		if strings.TrimSpace(typed) == "" {
			continue
		}
		subj, err := parseCoCSubject(typed)
		if err != nil {
			return err
		}
		k.Also = append(k.Also, subj)
	}
	k.Need = coc.CombinedMode(req.Str("need"))
	if len(k.Also) == 0 {
		return Errorf("cthulhu.err.need_alone")
	}
	return nil
}

// cocCombinedPart is one skill of a combined roll in the JSON.
type cocCombinedPart struct {
	Subject string    `json:"subject"`
	Value   int       `json:"value"`
	Target  int       `json:"target"` // the most the die may show for this part at the difficulty
	Level   coc.Level `json:"level"`
	Success bool      `json:"success"`
	Mark    bool      `json:"mark,omitempty"`
}

// cocCombinedResult is the JSON of a combined roll.
type cocCombinedResult struct {
	Character  string              `json:"character"`
	Combined   bool                `json:"combined"`
	Need       coc.CombinedMode    `json:"need"`
	Difficulty coc.Difficulty      `json:"difficulty"`
	Roll       int                 `json:"roll"`
	Parts      []cocCombinedPart   `json:"parts"`
	Outcome    coc.CombinedOutcome `json:"outcome"` // success (every part), partial, failure (none)
	Success    bool                `json:"success"` // in the mode asked for
	Chance     float64             `json:"chance"`  // of success in that mode, before the roll
	Odds       *coc.CombinedOdds   `json:"odds"`
	Detail     *coc.CombinedResult `json:"detail"`
}

// cocCombinedReply renders a combined roll: the die, each skill's level, the verdict in its mode, the exact odds.
func cocCombinedReply(req *Request, cc *play.CombinedCoC) *Reply {
	res := cc.Roll
	out := cocCombinedResult{Character: cc.Character.Name, Combined: true, Need: res.Mode, Roll: res.Roll.Value,
		Outcome: res.Outcome, Success: res.Success, Odds: cc.Odds, Detail: res, Difficulty: coc.DifficultyRegular}
	lines := []string{cocDiceLine(req, res.Roll)}
	var names []string
	marked := false
	for _, p := range res.Parts {
		if p.Difficulty != "" {
			out.Difficulty = p.Difficulty
		}
		what := subjectName(req, p.Subject)
		names = append(names, what)
		out.Parts = append(out.Parts, cocCombinedPart{Subject: p.Subject.String(), Value: p.Value, Target: p.Target,
			Level: p.Level, Success: p.Success, Mark: p.Mark})
		mark := "✗"
		if p.Success {
			mark = "✓"
		}
		lines = append(lines, req.T("cthulhu.combined.part", "Mark", mark, "What", what, "Value", p.Value,
			"Target", p.Target, "Level", req.T(p.Level.Key())))
		marked = marked || p.Mark
	}
	if d := out.Difficulty; d != coc.DifficultyRegular {
		lines = append(lines, req.T("cthulhu.combined.difficulty", "Difficulty", req.T(d.Key())))
	}
	lines = append(lines, req.T("cthulhu.combined.verdict", "Need", req.T(res.Mode.Key()),
		"Outcome", req.T(res.Outcome.Key()), "Verdict", req.T(verdictKey(res.Success))))
	if marked {
		lines = append(lines, req.T("cthulhu.check.mark"))
	}
	if o := cc.Odds; o != nil {
		out.Chance = chanceFloat(o.Wins)
		lines = append(lines, req.T("cthulhu.combined.odds", "Wins", chanceStr(req.P, o.Wins), "All", chanceStr(req.P, o.Success),
			"Some", chanceStr(req.P, o.Partial), "None", chanceStr(req.P, o.Failure)))
	}
	tone := ToneFailure
	if res.Success {
		tone = ToneSuccess
	}
	return &Reply{Title: req.T("cthulhu.combined.title", "Name", cc.Character.Name, "Skills", req.P.List(names)),
		Body: strings.Join(lines, "\n"), Footer: cc.Character.Name, Tone: tone, Result: out}
}

// verdictKey is the catalog key of a combined roll's verdict in its mode.
func verdictKey(ok bool) string {
	if ok {
		return "cthulhu.combined.passed"
	}
	return "cthulhu.combined.failed"
}
