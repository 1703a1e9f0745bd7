package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/alecthomas/kong"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/locales"
)

// StatsCmd prints the odds of a dice expression, as /stats does: `rulekeeper stats --target 15 --compare 1d20+5 2d20kh1+5`.
type StatsCmd struct {
	Target  *int     `help:"${help_stats_target}" placeholder:"N"`
	Compare string   `help:"${help_stats_compare}" placeholder:"EXPR"`
	JSON    bool     `name:"json" help:"${help_json}"`
	PNG     string   `name:"png" help:"${help_stats_png}" placeholder:"FILE" type:"path"`
	Expr    []string `arg:"" help:"${help_stats_expr}"`
}

// Run computes the distribution and prints it (text or JSON); --png writes the chart. Errors go to stderr in the
// chosen language.
func (c *StatsCmd) Run(g *Globals) error {
	p := g.Printer()
	r, err := bot.Stats(p, bot.StatsInput{Expr: strings.Join(c.Expr, " "), Target: c.Target, Compare: c.Compare})
	if err != nil {
		return err
	}
	if c.PNG != "" {
		if len(r.Files) == 0 {
			return bot.Errorf("stats.no_chart")
		}
		if err := os.WriteFile(c.PNG, r.Files[0].Data, 0o644); err != nil {
			return err
		}
	}
	if c.JSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(r.Result)
	}
	text := *r
	text.Files = nil // the chart is written with --png only
	fmt.Println(console.RenderText(&text))
	return nil
}

// statsHelpVars supplies the localized help of the stats command.
func statsHelpVars(p *locales.Printer) kong.Vars {
	return kong.Vars{
		"help_stats":         p.T("stats.cli.help.stats"),
		"help_stats_expr":    p.T("stats.cli.help.expr"),
		"help_stats_target":  p.T("stats.cli.help.target"),
		"help_stats_compare": p.T("stats.cli.help.compare"),
		"help_stats_png":     p.T("stats.cli.help.png"),
	}
}
