package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /coc: the Call of Cthulhu commands without a counterpart in the other systems — generate (roll an investigator
// the standard way, and save it as a sheet when named), develop (the development phase), opposed (an opposed roll),
// day (the game day of the Sanity tally, which the Keeper advances).

func (b *Bot) cocCommand() *Command {
	return &Command{
		Name: "coc",
		Options: []*Option{
			{Name: "generate", Type: SubCommand, Handler: b.cocGenerate, Options: []*Option{
				{Name: "name", Type: String, MinLen: 1, MaxLen: coc.MaxNameLen},
				{Name: "age", Type: Integer, Min: Bound(coc.MinTableAge), Max: Bound(coc.MaxTableAge)},
				{Name: "occupation", Type: String, MaxLen: coc.MaxNameLen},
			}, Examples: []string{"/coc generate", "/coc generate age:40", "/coc generate name:Ada age:24 occupation:Librarian"}},
			{Name: "develop", Type: SubCommand, Handler: b.cocDevelop, Options: []*Option{
				{Name: "luck", Type: Boolean}, b.characterOption(),
			}, Examples: []string{"/coc develop", "/coc develop luck:true"}},
			{Name: "opposed", Type: SubCommand, Handler: b.cocOpposed, Options: append([]*Option{
				{Name: "skill", Type: String, Required: true, MaxLen: 64, Complete: completeCoCSkill},
				{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeCoCTarget},
				{Name: "target_skill", Type: String, MaxLen: 64, Complete: completeCoCSkill},
				{Name: "value", Type: Integer, Min: Bound(0), Max: Bound(coc.MaxValue)},
			}, append(cocDiceOptions(), b.characterOption())...),
				Examples: []string{"/coc opposed skill:charm target:Professor target_skill:psychology", "/coc opposed skill:str value:60"}},
			{Name: "aid", Type: SubCommand, Handler: b.cocAid, Options: []*Option{
				{Name: "skill", Type: String, Required: true, Choices: []string{string(coc.FirstAidSkill), string(coc.MedicineSkill)}},
				{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeCoCTarget},
				b.characterOption(),
			}, Examples: []string{"/coc aid skill:first_aid target:Ada", "/coc aid skill:medicine target:Ada character:Doc"}},
			{Name: "manoeuvre", Type: SubCommand, Handler: b.cocManoeuvre, Options: append([]*Option{
				{Name: "kind", Type: String, Required: true, Choices: play.CocManoeuvres()},
				{Name: "target", Type: String, Required: true, MaxLen: play.MaxNameLen, Complete: b.completeCoCTarget},
				{Name: "defence", Type: String, Choices: cocDefences},
				{Name: "mods", Type: String, MaxLen: 200},
				b.characterOption(),
			}, cocDiceOptions()...), Examples: []string{"/coc manoeuvre kind:knock_down target:Cultist", "/coc manoeuvre kind:disarm target:Ghoul defence:fight_back character:Ghoul"}},
			{Name: "day", Type: SubCommand, Handler: b.cocDay, Options: []*Option{
				{Name: "next", Type: Boolean},
				{Name: "set", Type: Integer, Min: Bound(1), Max: Bound(coc.MaxDay)},
			}, Examples: []string{"/coc day", "/coc day next:true", "/coc day set:3"}},
		},
	}
}

// cocGenerateResult is the JSON of /coc generate.
type cocGenerateResult struct {
	Generated *coc.Generated  `json:"generated"`
	Saved     *cocSheetResult `json:"saved,omitempty"` // the sheet, when named
}

func (b *Bot) cocGenerate(req *Request) (*Reply, error) {
	name := strings.TrimSpace(req.Str("name"))
	if name == "" && req.Has("occupation") {
		return nil, Errorf("cthulhu.err.generate_name")
	}
	g, err := coc.Generate(req.Dice, coc.GenerateInput{Age: req.Int("age", 0)})
	if err != nil {
		return nil, err
	}
	out := cocGenerateResult{Generated: g}
	lines := cocGeneratedLines(req, g)
	title := req.T("cthulhu.generate.title")
	if name != "" {
		c, err := g.Character(name)
		if err != nil {
			return nil, err
		}
		c.Occupation = strings.TrimSpace(req.Str("occupation"))
		sh, err := b.cfg.Table.CreateSheet(req.Ctx, req.caller(), play.NewSheet{Name: name, System: systemCoC,
			CoC: play.Reading[*coc.Character]{In: c}})
		if err != nil {
			return nil, err
		}
		saved := cocSheetReply(req, sh.CoC).Result.(cocSheetResult)
		out.Saved = &saved
		title = req.T("cthulhu.generate.title_named", "Name", sh.Name)
		lines = append(lines, req.T("sheet.created", "Name", sh.Name))
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Result: out, Tone: ToneSuccess}, nil
}

// cocGeneratedLines show every roll, the age adjustment, the derived values and the totals.
func cocGeneratedLines(req *Request, g *coc.Generated) []string {
	var lines []string
	for _, r := range g.Rolls {
		lines = append(lines, req.P.Label(req.T(r.Char.Key()), rollText(req, r.Roll)))
	}
	if a := g.Age; a != nil {
		lines = append(lines, req.T("cthulhu.generate.age", "Age", a.Age, "Deduction", a.Rule.Deduction,
			"APP", a.Rule.APP, "EDU", len(a.EDUChecks)))
		var after []string
		for _, ch := range coc.Characteristics() {
			if a.Before.Get(ch) != a.After.Get(ch) {
				after = append(after, req.T(ch.Key())+" "+strconv.Itoa(a.Before.Get(ch))+" → "+strconv.Itoa(a.After.Get(ch)))
			}
		}
		if len(after) > 0 {
			lines = append(lines, req.P.List(after))
		}
	}
	d := g.Derived
	lines = append(lines, req.T("cthulhu.generate.derived", "HP", d.HP, "MP", d.MP, "SAN", d.StartingSAN, "Luck", g.Luck,
		"MOV", d.MOV, "Build", d.Build, "DB", d.DB.String()),
		req.T("cthulhu.generate.total", "Total", g.Total, "WithLuck", g.WithLuck))
	return lines
}

// cocDevelopResult is the JSON of /coc develop.
type cocDevelopResult struct {
	Character    string               `json:"character"`
	Improvements []cocImprovementJSON `json:"improvements"`
	SANBefore    int                  `json:"san_before"`
	SAN          int                  `json:"san"`
	Luck         *coc.LuckRecovery    `json:"luck,omitempty"`
	LuckChance   *coc.Chance          `json:"luck_chance,omitempty"` // exact, before the roll
}

// cocImprovementJSON is one improvement check with its exact chance before the roll.
type cocImprovementJSON struct {
	coc.Improvement
	Chance coc.Chance `json:"chance"`
}

func (b *Bot) cocDevelop(req *Request) (*Reply, error) {
	res, err := b.cfg.Table.CoCDevelop(req.Ctx, req.caller(), req.Str("character"), req.Bool("luck"), req.Dice)
	if err != nil {
		return nil, err
	}
	c := res.Character
	out := cocDevelopResult{Character: c.Name, Improvements: []cocImprovementJSON{}, SANBefore: c.SAN, SAN: c.SAN, Luck: res.Luck}
	var lines []string
	if d := res.Development; d != nil {
		out.SANBefore, out.SAN = d.SANBefore, d.SANAfter
		for _, imp := range d.Improvements {
			out.Improvements = append(out.Improvements, cocImprovementJSON{Improvement: imp, Chance: coc.ImproveOdds(imp.Before)})
			lines = append(lines, cocImprovementLine(req, imp))
		}
	}
	if l := res.Luck; l != nil {
		ch := coc.LuckRecoveryOdds(l.Before)
		out.LuckChance = &ch
		key := "cthulhu.develop.luck_same"
		if l.Improved {
			key = "cthulhu.develop.luck_up"
		}
		lines = append(lines, req.T(key, "Roll", l.Roll.Value, "Before", l.Before, "After", l.After, "Gain", rollBare(req, l.Gain)))
	}
	return &Reply{Title: req.T("cthulhu.develop.title", "Name", c.Name), Body: strings.Join(lines, "\n"), Footer: c.Name,
		Result: out, Tone: ToneSuccess}, nil
}

// cocImprovementLine is one improvement check: the d100 against the skill, and the 1D10 (and 2D6 SAN) it earned.
func cocImprovementLine(req *Request, imp coc.Improvement) string {
	what := subjectName(req, coc.Subject{Skill: imp.Skill, Spec: imp.Spec})
	if !imp.Improved {
		return req.T("cthulhu.develop.same", "Skill", what, "Before", imp.Before, "Roll", imp.Roll.Value)
	}
	line := req.T("cthulhu.develop.up", "Skill", what, "Before", imp.Before, "Roll", imp.Roll.Value,
		"Gain", rollBare(req, imp.Gain), "After", imp.After)
	if imp.Mastery {
		line += " " + req.T("cthulhu.develop.mastery", "SAN", rollText(req, imp.SAN))
	}
	return line
}

// cocOpposedResult is the JSON of /coc opposed.
type cocOpposedResult struct {
	Character string             `json:"character"`
	Opponent  string             `json:"opponent,omitempty"`
	Outcome   coc.OpposedOutcome `json:"outcome"` // for the acting character
	ByValue   bool               `json:"by_value,omitempty"`
	Odds      *coc.OpposedOdds   `json:"odds"`
	Detail    *coc.OpposedResult `json:"detail"`
}

func (b *Bot) cocOpposed(req *Request) (*Reply, error) {
	subject, err := parseCoCSubject(req.Str("skill"))
	if err != nil {
		return nil, err
	}
	in := play.OpposedCoC{Character: req.Str("character"), Subject: subject, Bonus: req.Int("bonus_dice", 0),
		Penalty: req.Int("penalty_dice", 0), Target: req.Str("target")}
	if req.Has("target_skill") {
		s, err := parseCoCSubject(req.Str("target_skill"))
		if err != nil {
			return nil, err
		}
		in.Against = &s
	}
	if req.Has("value") {
		v := req.Int("value", 0)
		in.Value = &v
	}
	res, err := b.cfg.Table.CoCOpposed(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	o := res.Result
	opp := res.Opponent
	if opp == "" {
		opp = req.T("cthulhu.opposed.opponent")
	}
	lines := []string{cocRollLine(req, res.Name+" · "+subjectName(req, o.A.Subject), o.A),
		cocRollLine(req, opp+" · "+subjectName(req, o.B.Subject), o.B)}
	var verdict string
	switch o.Outcome {
	case coc.OpposedWin:
		verdict = req.T("cthulhu.opposed.wins", "Name", res.Name)
	case coc.OpposedLose:
		verdict = req.T("cthulhu.opposed.wins", "Name", opp)
	default:
		verdict = "**" + req.T(o.Outcome.Key()) + "**"
	}
	if o.ByValue {
		verdict += " " + req.T("cthulhu.opposed.by_value")
	}
	lines = append(lines, verdict)
	if od := res.Odds; od != nil {
		lines = append(lines, req.T("cthulhu.opposed.odds", "Win", chanceStr(req.P, od.Win), "Lose", chanceStr(req.P, od.Lose),
			"Tie", chanceStr(req.P, od.Tie), "None", chanceStr(req.P, od.None)))
	}
	out := cocOpposedResult{Character: res.Name, Opponent: res.Opponent, Outcome: o.Outcome, ByValue: o.ByValue, Odds: res.Odds, Detail: o}
	tone := ToneFailure
	if o.Outcome == coc.OpposedWin {
		tone = ToneSuccess
	}
	return &Reply{Title: req.T("cthulhu.opposed.title", "Name", res.Name, "Opponent", opp), Body: strings.Join(lines, "\n"),
		Footer: res.Name, Result: out, Tone: tone}, nil
}

// cocDayResult is the JSON of /coc day.
type cocDayResult struct {
	Day     int  `json:"day"`
	Changed bool `json:"changed"`
}

func (b *Bot) cocDay(req *Request) (*Reply, error) {
	var (
		day int
		err error
	)
	changed := req.Has("set") || req.Bool("next")
	if changed {
		day, err = b.cfg.Table.SetCoCDay(req.Ctx, req.caller(), req.Int("set", 0))
	} else {
		day, err = b.cfg.Table.CoCDay(req.Ctx, req.caller())
	}
	if err != nil {
		return nil, err
	}
	key := "cthulhu.day.show"
	if changed {
		key = "cthulhu.day.set"
	}
	return &Reply{Body: req.T(key, "Day", day), Result: cocDayResult{Day: day, Changed: changed}, Tone: ToneSuccess}, nil
}

// cocAidResult is the JSON of /coc aid.
type cocAidResult struct {
	Healer  string           `json:"healer"`
	Patient string           `json:"patient"`
	HP      int              `json:"hp"`
	MaxHP   int              `json:"hp_max"`
	Chance  float64          `json:"chance"` // of the healer's success, before the roll
	Odds    *coc.Odds        `json:"odds"`
	Heal    *coc.HealResult  `json:"heal"`
	Roll    *coc.CheckResult `json:"roll"`
}

func (b *Bot) cocAid(req *Request) (*Reply, error) {
	in := play.CoCAid{Healer: req.Str("character"), Target: req.Str("target"), Skill: coc.Skill(req.Str("skill"))}
	res, err := b.cfg.Table.CoCAidTo(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	p, h := res.Patient, res.Heal
	out := cocAidResult{Healer: res.Healer, Patient: p.Name, HP: p.HP, MaxHP: p.MaxHP, Odds: res.Odds, Heal: h, Roll: res.Roll}
	if res.Odds != nil {
		out.Chance = chanceFloat(res.Odds.Success)
	}
	lines := []string{cocRollLine(req, req.T(in.Skill.Key()), res.Roll)}
	tone := ToneFailure
	if res.Roll.Success {
		tone = ToneSuccess
		lines = append(lines, req.T("cthulhu.wound.hp", "Name", p.Name, "Before", h.Before, "After", h.After, "Max", p.MaxHP))
		if h.Stabilised {
			lines = append(lines, req.T("cthulhu.heal.stabilised", "Name", p.Name))
		}
		if h.Woke {
			lines = append(lines, req.T("cthulhu.heal.woke", "Name", p.Name))
		}
		if h.MajorWoundEnded {
			lines = append(lines, req.T("cthulhu.heal.major_ended", "Name", p.Name))
		}
	}
	if res.Roll.Mark {
		lines = append(lines, req.T("cthulhu.check.mark"))
	}
	lines = append(lines, cocOddsLine(req, res.Odds))
	return &Reply{Title: req.T("cthulhu.aid.title", "Name", res.Healer, "Patient", p.Name, "Skill", req.T(in.Skill.Key())),
		Body: strings.Join(lines, "\n"), Footer: res.Healer, Result: out, Tone: tone}, nil
}
