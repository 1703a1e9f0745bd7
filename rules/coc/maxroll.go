package coc

import "rulekeeper/rules/dice"

// maxRoller rolls every die at its highest face: rolling a sum of dice with it gives the sum's maximum (a fumbled
// SAN roll's loss, an extreme success's damage) together with a result tree showing each die at its maximum.
type maxRoller struct{}

func (maxRoller) Roll(_, hi int) (int, error) { return hi, nil }

// rollMax rolls notation with every die at its maximum.
func rollMax(notation string) (*dice.Result, error) { return dice.Roll(notation, maxRoller{}) }
