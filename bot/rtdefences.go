package bot

import (
	"strconv"
	"strings"
	"sync"
	"unicode"

	"rulekeeper/locales"
	"rulekeeper/rules/rogue"
)

// rtDefenceNames indexes the defences of `defences:` by their names in every language.
var rtDefenceNames = sync.OnceValue(func() *locales.Index {
	x := locales.NewIndex()
	for _, d := range rtDefences {
		x.Add("defence", d, "rogue.src."+d)
	}
	return x
})

// parseRTDefences reads `defences:` — an untracked Rogue's Tale defender's defences still unused this turn, as
// "dodge 3, block 2, parry 1" (names in any language, in any order, each at most once, `dodge:3` too; commas,
// full-width commas or enumeration commas between them) — into
// dodge, block and parry (nil when not given).
func parseRTDefences(s string) (map[string]*int, error) {
	out := map[string]*int{}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == ';' })
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		i := strings.LastIndexFunc(part, func(r rune) bool { return !unicode.IsDigit(r) })
		name, num := strings.TrimRight(strings.TrimSpace(part[:i+1]), ":="), part[i+1:]
		id, ok := rtDefenceNames().Lookup("defence", strings.TrimSpace(name))
		n, err := strconv.Atoi(num)
		if !ok || err != nil || out[id] != nil {
			return nil, Errorf("rt.attack.err.defences", "Value", part)
		}
		if n > rogue.MaxCap {
			return nil, Errorf("core.err.too_large", "Name", id, "Max", rogue.MaxCap)
		}
		out[id] = &n
	}
	return out, nil
}
