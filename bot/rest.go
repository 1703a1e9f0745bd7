package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

func (b *Bot) restCommand() *Command {
	return &Command{
		Name: "rest",
		Options: []*Option{
			{Name: "short", Type: SubCommand, Handler: b.shortRest, Options: []*Option{
				{Name: "hit_dice", Type: Integer, Min: Bound(0), Max: Bound(dnd5e.MaxLevel)},
				b.characterOption(),
			}, Examples: []string{"/rest short hit_dice:2", "/rest short"}},
			{Name: "long", Type: SubCommand, Handler: b.longRest, Options: []*Option{
				{Name: "force", Type: Boolean}, // a GM's rest before the cooldown is over (gmtime.go)
				b.characterOption(),
			}, Examples: []string{"/rest long", "/rest long force:true character:Borin"}},
		},
	}
}

// restResult is the JSON of /rest.
type restResult struct {
	hpStatus
	Character  string            `json:"character"`
	Long       bool              `json:"long"`
	Total      int               `json:"total"` // HP rolled with the Hit Dice (short rest; 0 for a long rest)
	Healed     int               `json:"healed"`
	HitDice    int               `json:"hit_dice"` // remaining after the rest
	HitDiceMax int               `json:"hit_dice_max"`
	Exhaustion int               `json:"exhaustion"`
	Detail     *dnd5e.RestResult `json:"detail"`
}

func (b *Bot) shortRest(req *Request) (*Reply, error) {
	c, res, err := b.cfg.Table.Rest(req.Ctx, req.caller(), req.Str("character"), false, req.Int("hit_dice", 0), req.Now, req.Dice)
	if err != nil {
		return nil, err
	}
	var lines []string
	if res.HitDiceSpent == 0 {
		lines = append(lines, req.T("play.rest.no_dice", "Left", c.HitDice, "Die", c.HitDie()))
	} else {
		for _, r := range res.Rolls {
			lines = append(lines, hitDieText(req, r))
		}
		lines = append(lines, req.T("play.rest.spent", "Count", res.HitDiceSpent, "Die", c.HitDie(), "Rolled", res.Rolled, "Healed", res.HP.Applied))
		lines = append(lines, req.T("play.rest.dice_left", "Left", c.HitDice, "Total", c.Level))
	}
	if res.SlotsRestored > 0 { // a warlock's Pact Magic slots
		lines = append(lines, req.T("play.rest.slots", "Count", res.SlotsRestored))
	}
	return restReply(req, c, req.T("play.rest.short_title", "Name", c.Name), res, lines), nil
}

func (b *Bot) longRest(req *Request) (*Reply, error) {
	c, res, err := b.longRestForced(req)
	if err != nil {
		return nil, err
	}
	lines := []string{req.T("play.rest.long_hp", "Healed", res.HP.Applied)}
	if req.Bool("force") {
		lines = append(lines, req.T("gm.rest.forced"))
	}
	lines = append(lines, req.T("play.rest.dice_regained", "Count", res.HitDiceRegain, "Left", c.HitDice, "Total", c.Level))
	if res.SlotsRestored > 0 {
		lines = append(lines, req.T("play.rest.slots", "Count", res.SlotsRestored))
	}
	if res.ExhaustionBefore != res.ExhaustionAfter {
		lines = append(lines, req.T("play.rest.exhaustion", "Before", res.ExhaustionBefore, "After", res.ExhaustionAfter))
	}
	if res.TempHPLost > 0 {
		lines = append(lines, req.T("play.rest.temp_lost", "Amount", res.TempHPLost))
	}
	if cd := play.LongRestCooldown(req.Guild); cd > 0 {
		lines = append(lines, req.T("play.rest.next_long", "Hours", int(cd.Hours())))
	}
	return restReply(req, c, req.T("play.rest.long_title", "Name", c.Name), res, lines), nil
}

func restReply(req *Request, c *dnd5e.Character, title string, res *dnd5e.RestResult, lines []string) *Reply {
	if len(res.Removed) > 0 {
		lines = append(lines, req.T("play.conditions_removed", "Conditions", conditionNames(req, res.Removed)))
	}
	lines = append(lines, restResetLines(req, c.Name, res)...)
	lines = append(lines, hpChangeLine(req, &res.HP))
	return &Reply{
		Title: title, Body: strings.Join(lines, "\n"), Footer: c.Name, Tone: ToneSuccess,
		Result: restResult{
			hpStatus: statusOf(c), Character: c.Name, Long: res.Long, Total: res.Rolled, Healed: res.HP.Applied,
			HitDice: c.HitDice, HitDiceMax: c.Level, Exhaustion: c.Exhaustion, Detail: res,
		},
	}
}

// hitDieText is one Hit Die's roll; a die that the CON modifier takes below 0 heals 0 (each die heals at least 0)
// and says so instead of showing a negative total: "1d6 (1) - 2: healed 0 (minimum 0 per die)".
func hitDieText(req *Request, r *dice.Result) string {
	s := rollText(req, r)
	if r.Total >= 0 {
		return s
	}
	return req.T("play.rest.die_min_zero", "Roll", strings.TrimSuffix(s, " = "+strconv.Itoa(r.Total)))
}
