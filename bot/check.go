package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

func (b *Bot) checkCommand() *Command {
	return &Command{
		Name: "check",
		Options: append([]*Option{
			{Name: "skill", Type: String, Required: true, MaxLen: 64, Complete: b.completeCheckSkill},
			modeOption(), bonusOption(), dcOption(), b.characterOption(), privateOption(), secretOption(), b.asOption(),
		}, cocCheckOptions()...), // Call of Cthulhu: difficulty, bonus_dice, penalty_dice, push, luck (checkcoc.go)
		Handler: b.check,
		Examples: []string{"/check skill:stealth", "/check skill:perception mode:adv dc:15", "/check skill:str bonus:1d4 dc:12", "/check skill:athletics character:Borin", "/check skill:search dc:9 bonus:1",
			"/check skill:library_use difficulty:hard bonus_dice:1", "/check skill:图书馆使用 push:true",
			"/check skill:stealth also:throw need:any"},
	}
}

func (b *Bot) saveCommand() *Command {
	return &Command{
		Name: "save",
		Options: []*Option{
			{Name: "ability", Type: String, Required: true, MaxLen: 64, Complete: completeAbility},
			modeOption(), bonusOption(), dcOption(), b.characterOption(), privateOption(), secretOption(), b.asOption(),
			{Name: "cover", Type: String, Choices: coverChoices[:2]}, // a DEX save: +2/+5 (total cover: nothing to save against)
		},
		Handler:  b.save,
		Examples: []string{"/save ability:dex dc:15", "/save ability:wis mode:adv bonus:1d4 dc:13", "/save ability:dex dc:15 cover:half"},
	}
}

// rollOptions reads mode, bonus and dc.
func rollOptions(req *Request) (dnd5e.RollOptions, error) {
	mode, err := dnd5e.ParseMode(req.Str("mode"))
	if err != nil {
		return dnd5e.RollOptions{}, err
	}
	return dnd5e.RollOptions{Mode: mode, Bonus: strings.TrimSpace(req.Str("bonus")), DC: req.Int("dc", 0),
		Cover: dnd5e.Cover(req.Str("cover"))}, nil // cover: /save only
}

// rollResult is the JSON of /check and /save.
type rollResult struct {
	Character string            `json:"character"`
	Kind      string            `json:"kind"` // skill_check, ability_check, save
	Ability   string            `json:"ability"`
	Skill     string            `json:"skill,omitempty"`
	Total     int               `json:"total"`
	Natural   int               `json:"natural"` // the kept d20; 0 when failed automatically
	DC        int               `json:"dc,omitempty"`
	Outcome   string            `json:"outcome,omitempty"` // success or failure; absent without a DC
	Mode      string            `json:"mode"`              // the final mode after every source
	oddsJSON                    // chance of success against the DC, before the roll (odds.go); absent without a DC
	Detail    *dnd5e.RollResult `json:"detail"`
}

func (b *Bot) check(req *Request) (*Reply, error) {
	if req.Has("as") {
		return b.checkAs(req) // an NPC's check (npc.go)
	}
	in := play.Check{Character: req.Str("character"), Dnd5e: readCheck5e(req), Rogue: readCheckRT(req), CoC: readCheckCoC(req)}
	res, err := b.cfg.Table.Check(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	if res.CoCCombined != nil {
		return cocCombinedReply(req, res.CoCCombined), nil // checkcombined.go
	}
	if res.CoC != nil {
		return cocRollReply(req, res.CoC), nil
	}
	if res.Rogue != nil {
		return rogueCheckReply(req, res.Rogue), nil
	}
	c, roll := res.Dnd5e.Character, res.Dnd5e.Roll
	var title string
	if in.Dnd5e.In.Skill != "" {
		skill := in.Dnd5e.In.Skill
		title = req.T("play.check.skill_title", "Name", c.Name, "Skill", req.T(skill.Key()), "Ability", req.T(skill.Ability().Key()))
	} else {
		title = req.T("play.check.ability_title", "Name", c.Name, "Ability", req.T(in.Dnd5e.In.Ability.Key()))
	}
	return rollReply5e(req, c.Name, title, roll), nil
}

// readCheck5e reads /check's skill: as a 5e skill or ability, and its roll options.
func readCheck5e(req *Request) (r play.Reading[play.Check5e]) {
	if r.Err = refuseOptions(req, system5e, checkOnlyCoC); r.Err != nil {
		return r
	}
	what := req.Str("skill")
	skill, skillErr := parseSkill(what)
	ability, abilityErr := parseAbility(what)
	if skillErr != nil && abilityErr != nil {
		r.Err = Errorf("play.err.unknown_check", "Name", what)
		return r
	}
	if skillErr == nil {
		r.In.Skill = skill
	} else {
		r.In.Ability = ability
	}
	r.In.Options, r.Err = rollOptions(req)
	return r
}

func (b *Bot) save(req *Request) (*Reply, error) {
	ability, err := parseAbility(req.Str("ability"))
	if err != nil {
		return nil, err
	}
	o, err := rollOptions(req)
	if err != nil {
		return nil, err
	}
	if req.Has("as") {
		return b.saveAs(req, ability, o) // an NPC's save (npc.go)
	}
	res, err := b.cfg.Table.Save(req.Ctx, req.caller(), req.Str("character"), ability, o, req.Dice)
	if err != nil {
		return nil, err
	}
	title := req.T("play.save.title", "Name", res.Character.Name, "Ability", req.T(ability.Key()))
	return rollReply5e(req, res.Character.Name, title, res.Roll), nil
}

// rollReply5e renders a check or a save: the breakdown, the verdict against the DC, the final mode and every
// condition that changed the roll.
func rollReply5e(req *Request, name, title string, res *dnd5e.RollResult) *Reply {
	out := rollResult{
		Character: name, Kind: string(res.Kind), Ability: string(res.Ability), Skill: string(res.Skill),
		Total: res.Total, Natural: res.Natural, DC: res.DC, Outcome: string(res.Outcome), Mode: string(res.Mode), Detail: res,
	}
	odds := res.Odds()
	out.oddsJSON = oddsOut(odds)
	var lines []string
	if res.AutoFail {
		lines = append(lines, req.T("play.roll.auto_fail"))
	} else {
		line := rollText(req, res.Roll)
		if res.DC > 0 {
			line += " " + req.T("play.roll.vs_dc", "DC", res.DC)
		}
		lines = append(lines, line)
	}
	if res.Proficiency > 0 {
		key := "play.roll.proficient"
		if res.Expertise {
			key = "play.roll.expertise"
		}
		lines = append(lines, req.T(key, "Bonus", signedNum(res.Proficiency)))
	}
	if res.CoverBonus > 0 {
		lines = append(lines, "• "+req.T("cast.save_cover", "Cover", req.T(res.Cover.Key()), "Bonus", res.CoverBonus))
	}
	if m := modeLine(req, res.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, res.Effects, res.Cancelled)...)
	lines = append(lines, appliedLines(req, res.Applied)...)
	lines = appendLine(lines, oddsLine(req, "stats.odds.success", odds))
	r := &Reply{Title: title, Footer: name, Result: out, Log: logRoll5e(res, odds)}
	switch res.Outcome {
	case dnd5e.OutcomeSuccess:
		r.Tone = ToneSuccess
		lines = append(lines, "**"+req.T(res.Outcome.Key())+"**")
	case dnd5e.OutcomeFailure:
		r.Tone = ToneFailure
		lines = append(lines, "**"+req.T(res.Outcome.Key())+"**")
	default:
		lines = append(lines, req.T("play.roll.total", "Total", strconv.Itoa(res.Total)))
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// rtCheckResult is the JSON of /check on a Rogue's Tale character.
type rtCheckResult struct {
	Character  string             `json:"character"`
	Kind       string             `json:"kind"` // plain, mental, reflex, search
	Attribute  string             `json:"attribute"`
	Total      int                `json:"total"`
	Natural    int                `json:"natural"`
	Difficulty int                `json:"difficulty"`
	Modifier   int                `json:"modifier"` // after the +5 cap
	Outcome    string             `json:"outcome"`  // success or failure
	Critical   bool               `json:"critical"`
	Fumble     bool               `json:"fumble"`
	Chance     float64            `json:"chance"` // of success, before the roll
	Odds       rogue.Odds         `json:"odds"`
	Mods       []rogue.Mod        `json:"mods"`
	Detail     *rogue.CheckResult `json:"detail"`
}

// readCheckRT reads /check's options as a Rogue's Tale check: an attribute or a named check, the bonus and the
// difficulty.
func readCheckRT(req *Request) (r play.Reading[rogue.CheckOptions]) {
	if r.Err = refuseOptions(req, systemRogue, append(slices.Clone(checkOnly5e), checkOnlyCoC...)); r.Err != nil {
		return r
	}
	if r.In, r.Err = parseRogueCheck(req.Str("skill")); r.Err != nil {
		return r
	}
	if r.In.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	r.In.Difficulty = req.Int("dc", 0)
	return r
}

func rogueCheckReply(req *Request, roll *play.RollRogue) *Reply {
	c, res, o := roll.Character, roll.Roll, roll.Options
	kind := o.Kind
	if kind == rogue.CheckPlain {
		kind = "plain"
	}
	out := rtCheckResult{
		Character: c.Name, Kind: string(kind), Attribute: string(o.Attr), Total: res.Total, Natural: res.Natural,
		Difficulty: res.Difficulty, Modifier: res.Modifier, Outcome: "failure",
		Critical: res.Outcome == rogue.OutcomeCritical, Fumble: res.Outcome == rogue.OutcomeFumble,
		Chance: chance(res.Odds.Succeed(), res.Odds.Den), Odds: res.Odds, Mods: res.Mods, Detail: res,
	}
	if res.Success {
		out.Outcome = "success"
	}
	what := req.T(o.Attr.Key())
	if o.Kind != rogue.CheckPlain {
		what = req.T("rt.check.kind_attr", "Kind", req.T(o.Kind.Key()), "Attribute", what)
	}
	r := &Reply{Title: req.T("rt.check.title", "Name", c.Name, "Check", what), Footer: c.Name, Result: out,
		Body: strings.Join(checkLines(req, res), "\n")}
	switch {
	case out.Critical:
		r.Tone = ToneCritical
	case res.Success:
		r.Tone = ToneSuccess
	default:
		r.Tone = ToneFailure
	}
	return r
}
