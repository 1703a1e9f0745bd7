package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// The Call of Cthulhu part of /sheet: the options a new investigator reads, building it, showing it.

// systemCoC is the system id of Call of Cthulhu characters.
const systemCoC = play.SystemCoC

// cocSystem is the Call of Cthulhu sheetSystem.
type cocSystem struct{}

// cocDefaultAge is the age of an investigator created without one (as coc.Generated.Character).
const cocDefaultAge = 20

// createOptions: the eight characteristics and Luck (0–99; str, dex, con and int are merged with 5e's by name),
// age, occupation, and skills ("Spot Hidden 60, 图书馆使用 70", shared with 5e's skills:).
func (cocSystem) createOptions() []*Option {
	var opts []*Option
	for _, c := range append(coc.Characteristics(), coc.Luck) {
		opts = append(opts, &Option{Name: string(c), Type: Integer, Min: Bound(coc.MinChar), Max: Bound(coc.MaxChar)})
	}
	return append(opts,
		&Option{Name: "age", Type: Integer, Min: Bound(coc.MinAge), Max: Bound(coc.MaxAge)},
		&Option{Name: "occupation", Type: String, MaxLen: coc.MaxNameLen},
		&Option{Name: "skills", Type: String, MaxLen: 500},
	)
}

func (sys cocSystem) create(req *Request, in *play.NewSheet) {
	if in.CoC.Err = refuseCreateOptions(req, sys, systemCoC); in.CoC.Err == nil {
		in.CoC.In, in.CoC.Err = sys.build(req)
	}
}

// build makes an investigator from the given characteristics and Luck (all nine needed), age (default 20),
// occupation and skills; HP, MP and SAN start full.
func (cocSystem) build(req *Request) (*coc.Character, error) {
	var s coc.Scores
	var missing []string
	for _, c := range append(coc.Characteristics(), coc.Luck) {
		if !req.Has(string(c)) {
			missing = append(missing, "`"+string(c)+"`")
		}
		s.Set(c, req.Int(string(c), 0))
	}
	if len(missing) > 0 {
		return nil, Errorf("cthulhu.err.need_chars", "Names", req.P.List(missing))
	}
	c, err := coc.New(req.Str("name"), req.Int("age", cocDefaultAge), s, req.Int("luck", 0))
	if err != nil {
		return nil, err
	}
	c.Occupation = strings.TrimSpace(req.Str("occupation"))
	if err := setCoCSkills(c, req.Str("skills")); err != nil {
		return nil, err
	}
	return c, c.Validate()
}

// setCoCSkills records a list of skill values: "Spot Hidden 60, 图书馆使用 70, language_other:Latin 40".
func setCoCSkills(c *coc.Character, list string) error {
	for _, item := range splitList(list) {
		if err := setCoCSkill(c, item); err != nil {
			return err
		}
	}
	return nil
}

// setCoCSkill records one "skill value" pair (the value last, after a space, = or :).
func setCoCSkill(c *coc.Character, item string) error {
	item = strings.TrimSpace(item)
	i := strings.LastIndexAny(item, " =　")
	if i < 0 {
		return Errorf("cthulhu.err.bad_skill_entry", "Entry", item)
	}
	n, err := strconv.Atoi(strings.TrimSpace(item[i:]))
	if err != nil {
		return Errorf("cthulhu.err.bad_skill_entry", "Entry", item)
	}
	skill, spec, err := parseCoCSkill(strings.TrimRight(item[:i], " =:："))
	if err != nil {
		return err
	}
	return c.SetSkill(skill, spec, n)
}

func (cocSystem) show(req *Request, sh *play.Sheet) *Reply { return cocSheetReply(req, sh.CoC) }
