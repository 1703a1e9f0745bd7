package bot

import (
	"regexp"
	"slices"
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

// createOptions: Discord allows 25 options and /sheet create has them all, so a Call of Cthulhu investigator reads
// the options it shares with 5e — str, dex, con, int (0–99 here), class: (the occupation) — and skills:, a list of
// values as Chinese and Korean tables write them for SealDice's .st: "STR 50 CON 60 SIZ 55 … Luck 55 Age 24
// Library Use 70", "力量50体质60体型55…幸运55 图书馆使用70 侦查60", any language, commas optional.
func (cocSystem) createOptions() []*Option {
	var opts []*Option
	for _, c := range []coc.Characteristic{coc.STR, coc.DEX, coc.CON, coc.INT} {
		opts = append(opts, &Option{Name: string(c), Type: Integer, Min: Bound(coc.MinChar), Max: Bound(coc.MaxChar)})
	}
	return append(opts,
		&Option{Name: "class", Type: String, MaxLen: coc.MaxNameLen},
		&Option{Name: "skills", Type: String, MaxLen: 500},
	)
}

func (sys cocSystem) create(req *Request, in *play.NewSheet) {
	if in.CoC.Err = refuseCreateOptions(req, sys, systemCoC); in.CoC.Err == nil {
		in.CoC.In, in.CoC.Err = sys.build(req)
	}
}

// build makes an investigator from the eight characteristics and Luck (all needed), age (default 20), occupation
// and skills; HP, MP and SAN start full unless the values give them.
func (cocSystem) build(req *Request) (*coc.Character, error) {
	vals, err := parseCoCValues(req.Str("skills"))
	if err != nil {
		return nil, err
	}
	for _, c := range []coc.Characteristic{coc.STR, coc.DEX, coc.CON, coc.INT} {
		if req.Has(string(c)) {
			vals = append(vals, cocValue{field: string(c), value: req.Int(string(c), 0)})
		}
	}
	var s coc.Scores
	given := map[string]bool{}
	age, luck := cocDefaultAge, 0
	for _, v := range vals {
		switch ch := coc.Characteristic(v.field); {
		case ch == coc.Luck:
			luck = v.value
		case ch.Valid():
			s.Set(ch, v.value)
		case v.field == string(coc.StatAge):
			age = v.value
		}
		given[v.field] = true
	}
	var missing []string
	for _, c := range append(coc.Characteristics(), coc.Luck) {
		if !given[string(c)] {
			missing = append(missing, req.T(c.Key()))
		}
	}
	if len(missing) > 0 {
		return nil, Errorf("cthulhu.err.need_chars", "Names", req.P.List(missing))
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	c, err := coc.New(req.Str("name"), age, s, luck)
	if err != nil {
		return nil, err
	}
	c.Occupation = strings.TrimSpace(req.Str("class"))
	for _, v := range vals {
		switch v.field {
		case string(coc.StatHP): // a new sheet's HP and MP given are its maxima too
			c.MaxHP = v.value
		case string(coc.StatMP):
			c.MaxMP = v.value
		}
		if err := setCoCValue(c, v); err != nil {
			return nil, err
		}
	}
	return c, c.Validate()
}

// cocValue is one "name value" pair of a values list, its name read as a field (a characteristic, luck, hp, mp,
// san, age, armor) or a skill.
type cocValue struct {
	field string // a field of fieldsCoC, or "" for a skill
	skill coc.Skill
	spec  string
	value int
}

// cocValueRE finds "name value" pairs: a name (no digits) and the number after it.
var cocValueRE = regexp.MustCompile(`([^\d,，、;；]+?)\s*[=:：]?\s*(\d+)`)

// parseCoCValues reads a values list: "STR 50, Spot Hidden 60", "力量50体质60图书馆使用70", "language_other:Latin 40".
func parseCoCValues(s string) ([]cocValue, error) {
	var out []cocValue
	rest := strings.TrimSpace(s)
	for _, m := range cocValueRE.FindAllStringSubmatchIndex(rest, -1) {
		name := strings.Trim(rest[m[2]:m[3]], " 　=:：,，、;；")
		n, err := strconv.Atoi(rest[m[4]:m[5]])
		if err != nil || name == "" {
			return nil, Errorf("cthulhu.err.bad_skill_entry", "Entry", rest[m[0]:m[1]])
		}
		v := cocValue{value: n}
		if f := cocField(name); slices.Contains(fieldsCoC, f) {
			v.field = f
		} else if v.skill, v.spec, err = parseCoCSkill(name); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if len(out) == 0 && rest != "" {
		return nil, Errorf("cthulhu.err.bad_skill_entry", "Entry", rest)
	}
	return out, nil
}

// setCoCValue records one value on a sheet: a skill's, or a numeric field's.
func setCoCValue(c *coc.Character, v cocValue) error {
	if v.field == "" {
		return c.SetSkill(v.skill, v.spec, v.value)
	}
	if !setCoCNumber(c, v.field, v.value) {
		return Errorf("cthulhu.err.bad_skill_entry", "Entry", v.field)
	}
	return nil
}

// setCoCValues records a values list on a sheet (/sheet set field:skills).
func setCoCValues(c *coc.Character, list string) error {
	vals, err := parseCoCValues(list)
	if err != nil {
		return err
	}
	for _, v := range vals {
		if err := setCoCValue(c, v); err != nil {
			return err
		}
	}
	return nil
}

func (cocSystem) show(req *Request, sh *play.Sheet) *Reply { return cocSheetReply(req, sh.CoC) }
