package coc

import "rulekeeper/rules/dice"

// CharRoll is one characteristic rolled at creation.
type CharRoll struct {
	Char  Characteristic `json:"char"`
	Roll  *dice.Result   `json:"roll"` // "3d6*5" or "(2d6+6)*5"
	Value int            `json:"value"`
}

// GenerateInput says how to roll an investigator. Age 0 skips the age table; otherwise Age (15–89) applies it with
// Split (nil: the default split).
type GenerateInput struct {
	Age   int                    `json:"age,omitempty"`
	Split map[Characteristic]int `json:"split,omitempty"`
}

// Generated is a rolled investigator: every roll, the characteristics after age, Luck and the derived values.
type Generated struct {
	Rolls    []CharRoll `json:"rolls"`  // STR CON SIZ DEX APP INT POW EDU, then Luck (twice for ages 15–19)
	Scores   Scores     `json:"scores"` // after the age adjustment
	Luck     int        `json:"luck"`   // the Luck kept
	Age      *AgeResult `json:"age,omitempty"`
	Derived  Derived    `json:"derived"`
	Total    int        `json:"total"`     // the eight characteristics
	WithLuck int        `json:"with_luck"` // Total + Luck
}

// Generate rolls an investigator the standard way (§1): STR, CON, DEX, APP, POW and Luck 3D6×5; SIZ, INT and EDU
// (2D6+6)×5, in that sheet order, Luck last (rolled again for ages 15–19, keeping the higher); then the age table
// (ApplyAge, whose EDU checks roll after every characteristic).
func Generate(r dice.Roller, in GenerateInput) (*Generated, error) {
	rule := AgeRule{}
	if in.Age != 0 {
		var err error
		if rule, err = AgeRuleFor(in.Age); err != nil {
			return nil, err
		}
	}
	g := &Generated{}
	order := append(Characteristics(), Luck)
	if rule.LuckTwice {
		order = append(order, Luck)
	}
	var s Scores
	for _, ch := range order {
		res, err := dice.Roll(ch.Notation(), r)
		if err != nil {
			return nil, err
		}
		g.Rolls = append(g.Rolls, CharRoll{Char: ch, Roll: res, Value: res.Total})
		if ch == Luck {
			g.Luck = max(g.Luck, res.Total)
		} else {
			s.Set(ch, res.Total)
		}
	}
	if in.Age != 0 {
		age, err := ApplyAge(r, s, in.Age, in.Split)
		if err != nil {
			return nil, err
		}
		g.Age, s = age, age.After
	}
	g.Scores = s
	g.Derived = DerivedOf(s, in.Age, 0)
	for _, ch := range Characteristics() {
		g.Total += s.Get(ch)
	}
	g.WithLuck = g.Total + g.Luck
	return g, nil
}

// Character makes a sheet from the generated investigator (see New); without an age it is 20.
func (g *Generated) Character(name string) (*Character, error) {
	age := 20
	if g.Age != nil {
		age = g.Age.Age
	}
	return New(name, age, g.Scores, g.Luck)
}

// Formula is an occupation's skill-point formula (§4.2).
type Formula string

// The formulas.
const (
	FormulaEDU4    Formula = "edu4"      // EDU × 4
	FormulaEDU2DEX Formula = "edu2_dex2" // EDU × 2 + DEX × 2
	FormulaEDU2STR Formula = "edu2_str2" // EDU × 2 + STR × 2
	FormulaEDU2APP Formula = "edu2_app2" // EDU × 2 + APP × 2
	FormulaEDU2POW Formula = "edu2_pow2" // EDU × 2 + POW × 2
)

// Formulas returns every formula.
func Formulas() []Formula {
	return []Formula{FormulaEDU4, FormulaEDU2DEX, FormulaEDU2STR, FormulaEDU2APP, FormulaEDU2POW}
}

// Key is the catalog key of the formula ("coc.points.edu4").
func (f Formula) Key() string {
	switch f {
	case FormulaEDU4:
		return "coc.points.edu4"
	case FormulaEDU2DEX:
		return "coc.points.edu2_dex2"
	case FormulaEDU2STR:
		return "coc.points.edu2_str2"
	case FormulaEDU2APP:
		return "coc.points.edu2_app2"
	case FormulaEDU2POW:
		return "coc.points.edu2_pow2"
	}
	return ""
}

// OccupationPoints are the occupation skill points of formula f (E4.1).
func OccupationPoints(f Formula, s Scores) (int, error) {
	second := map[Formula]int{FormulaEDU4: s.EDU, FormulaEDU2DEX: s.DEX, FormulaEDU2STR: s.STR,
		FormulaEDU2APP: s.APP, FormulaEDU2POW: s.POW}
	v, ok := second[f]
	if !ok {
		return 0, newError(ErrBadFormula, "Formula", string(f))
	}
	return 2*s.EDU + 2*v, nil
}

// InterestPoints are the personal-interest skill points: INT × 2.
func InterestPoints(s Scores) int { return 2 * s.INT }

// Quick-Start skill values (§4.2): one each to the occupation's skills and Credit Rating, then +20 to four
// personal-interest skills.
var QuickStartSkillValues = [9]int{70, 60, 60, 50, 50, 50, 40, 40, 40}

// QuickStartInterestBonus is added to each of QuickStartInterestSkills personal-interest skills.
const (
	QuickStartInterestBonus  = 20
	QuickStartInterestSkills = 4
)
