package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"rulekeeper/bot"
	"rulekeeper/rules/dice"
)

// RollCmd rolls one expression from the shell.
type RollCmd struct {
	DiceFlags
	JSON bool     `name:"json" help:"${help_json}"`
	Expr []string `arg:"" help:"${help_roll_expr}"`
}

// Run parses and rolls the expression, printing the breakdown (or JSON); errors go to stderr in the chosen language.
func (c *RollCmd) Run(g *Globals) error {
	newRoller, err := c.Roller()
	if err != nil {
		return err
	}
	if newRoller == nil {
		newRoller = dice.NewRoller
	}
	res, err := dice.Roll(strings.Join(c.Expr, " "), newRoller())
	if err != nil {
		return err
	}
	if c.JSON {
		return json.NewEncoder(os.Stdout).Encode(res)
	}
	p := g.Printer()
	fmt.Println(bot.DescribeRoll(p, res, 1<<20, bot.Plain))
	if res.Comment != "" {
		fmt.Println(p.T("roll.comment") + ": " + res.Comment)
	}
	return nil
}
