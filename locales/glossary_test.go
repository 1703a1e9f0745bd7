package locales

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// glossaryPath is ../shared/rules/glossary.md beside the module (the shared folder of the project).
var glossaryPath = filepath.Join("..", "..", "shared", "rules", "glossary.md")

// glossaryRow is one table row of the glossary with the heading of its section.
type glossaryRow struct {
	section string
	cells   []string
}

// readGlossary returns the glossary's table rows and its text, or skips the test when the file is absent.
func readGlossary(t *testing.T) ([]glossaryRow, string) {
	t.Helper()
	data, err := os.ReadFile(glossaryPath)
	if err != nil {
		t.Skipf("no glossary at %s: %v", glossaryPath, err)
	}
	var rows []glossaryRow
	section, header := "", false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
			section = strings.TrimSpace(strings.TrimLeft(line, "#"))
			header = true
		case strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			if strings.HasPrefix(cells[0], "---") {
				continue
			}
			if header { // the first row of each table names its columns
				header = false
				continue
			}
			rows = append(rows, glossaryRow{section, cells})
		default:
			header = true
		}
	}
	return rows, string(data)
}

// glossaryGroup is one entity per row in a table: the column with its English name, the columns with its
// Chinese and Korean names (and alternatives), and the key prefixes its English name is looked up among.
type glossaryGroup struct {
	en       int
	zh, ko   []int
	notes    int // a column of free notes whose Chinese and Korean words are alternatives (-1: none)
	prefixes []string
}

// glossarySections maps each glossary section (by the start of its heading) to its entity columns.
var glossarySections = map[string][]glossaryGroup{
	"1.1": {{en: 1, zh: []int{2}, ko: []int{3}, notes: -1, prefixes: []string{"dnd5e.ability."}}},
	"1.2": {{en: 0, zh: []int{2}, ko: []int{3}, notes: 4, prefixes: []string{"dnd5e.skill."}}},
	"1.3": {{en: 0, zh: []int{1}, ko: []int{2}, notes: 3, prefixes: []string{"dnd5e.condition."}}},
	"1.4": {{en: 0, zh: []int{1}, ko: []int{2}, notes: 3,
		prefixes: []string{"dnd5e.mode.", "dnd5e.outcome.", "spell.", "area.method.", "area.shape."}}},
	"2.1": {{en: 0, zh: []int{1, 2}, ko: []int{3}, notes: -1,
		prefixes: []string{"rogue.attr.", "rogue.outcome.", "rogue.damage.", "rogue.effect.", "rogue.check.", "rogue.track."}}},
	"2.2": {{en: 0, zh: []int{1, 2}, ko: []int{3}, notes: -1,
		prefixes: []string{"rogue.defence.", "rogue.hand.", "rogue.weapon.", "rogue.location.", "rogue.state."}}},
	"2.3": {{en: 0, zh: []int{1, 2}, ko: []int{3}, notes: -1, prefixes: []string{"rogue.talent.", "rogue.weapon."}}},
	"2.4": {{en: 1, zh: []int{2}, ko: []int{3}, notes: -1, prefixes: []string{"rogue.spell."}}},
	"2.5": {
		{en: 0, zh: []int{1}, ko: []int{2}, notes: -1, prefixes: []string{"rogue.curse.", "rogue.disease."}},
		{en: 4, zh: []int{5}, ko: []int{6}, notes: -1, prefixes: []string{"rogue.poison."}},
	},
}

// hungerGroups read the hunger and thirst table of 2.1 (# | hunger | game zh | ko | thirst | game zh | ko).
var hungerGroups = []glossaryGroup{
	{en: 1, zh: []int{2}, ko: []int{3}, notes: -1, prefixes: []string{"rogue.hunger."}},
	{en: 4, zh: []int{5}, ko: []int{6}, notes: -1, prefixes: []string{"rogue.thirst."}},
}

// glossaryKeys names the keys of English glossary names that differ from the English catalog.
var glossaryKeys = map[string]string{
	"critical success": "rogue.outcome.critical", "critical hit": "rogue.outcome.critical",
	"hastened": "rogue.effect.haste", "slowed": "rogue.effect.slow",
	"critical hit threshold": "", // a number, not an id
}

// notNames are words in the glossary's cells that describe a term rather than name it.
var notNames = map[string]bool{"건강 수정치": true, "修正": true, "단계": true, "也": true}

var (
	marks     = strings.NewReplacer("✔", "", "○", "", "◇", "")
	hanRun    = regexp.MustCompile(`\p{Han}[\p{Han}：:·]*`)
	hangulRun = regexp.MustCompile(`\p{Hangul}(?:[\p{Hangul}·: ]*\p{Hangul})?`)
)

// splitNames splits a cell of names such as "变形：狼 / 熊" or "physical, disease" into one name per entity, carrying
// a shared "X: " prefix and a shared last word ("small / medium / large weapon") to every part.
func splitNames(cell string) []string {
	sep := " / "
	if !strings.Contains(cell, sep) && strings.Contains(cell, ", ") {
		sep = ", "
	}
	if _, list, ok := strings.Cut(cell, ": "); ok && sep == ", " { // "damage types: physical, disease, …"
		cell = list
	}
	parts := strings.Split(cell, sep)
	if len(parts) < 2 {
		return parts
	}
	for _, colon := range []string{": ", "：", ":"} {
		if head, _, ok := strings.Cut(parts[0], colon); ok {
			for i := 1; i < len(parts); i++ {
				if !strings.Contains(parts[i], colon) {
					parts[i] = head + colon + parts[i]
				}
			}
			break
		}
	}
	last := strings.Fields(parts[len(parts)-1])
	for i := range parts[:len(parts)-1] {
		if n := len(strings.Fields(parts[i])); n < len(last) && !strings.ContainsAny(parts[i], ":：") {
			parts[i] += " " + strings.Join(last[n:], " ")
		}
	}
	// Chinese has no spaces: "小型 / 中型 / 大型武器" shares 武器.
	if lastRunes, n := []rune(parts[len(parts)-1]), len([]rune(parts[0])); hanRun.MatchString(cell) && len(last) == 1 && len(lastRunes) >= n+2 {
		for i := range parts[:len(parts)-1] {
			if r := []rune(parts[i]); len(r) == n && !strings.Contains(parts[i], " ") {
				parts[i] += string(lastRunes[n:])
			}
		}
	}
	return parts
}

// cellTerms returns the names in one cell for each of n entities (aligned when the cell lists n names) and the
// alternatives written in parentheses or beside Latin notes, which may name any of the row's entities.
func cellTerms(cell string, n int, run *regexp.Regexp) (aligned [][]string, loose []string) {
	cell, notes := cutParens(marks.Replace(cell))
	for _, n := range notes {
		// "(seed: …)" cites the seed's usage and "(not 체력, …)" warns off a word; other notes are alternatives.
		if !strings.Contains(n, "seed") && !strings.Contains(n, "not ") {
			loose = append(loose, run.FindAllString(n, -1)...)
		}
	}
	parts := splitNames(cell)
	if len(parts) != n {
		return nil, append(loose, run.FindAllString(cell, -1)...)
	}
	aligned = make([][]string, n)
	for i, p := range parts {
		aligned[i] = run.FindAllString(p, -1)
	}
	return aligned, loose
}

// cutParens removes the outermost parentheticals of text and returns them: "智力 (XG seed: 智力（奥秘）检定)" →
// "智力", ["XG seed: 智力（奥秘）检定"].
func cutParens(text string) (rest string, inside []string) {
	var b, in strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '(' || r == '（':
			if depth > 0 {
				in.WriteRune(r)
			}
			depth++
		case (r == ')' || r == '）') && depth > 0:
			depth--
			if depth == 0 {
				inside = append(inside, in.String())
				in.Reset()
			} else {
				in.WriteRune(r)
			}
		case depth > 0:
			in.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(strings.Join(strings.Fields(b.String()), " ")), inside
}

// glossaryIndex resolves typed names to keys through the catalogs and the alias files.
type glossaryIndex struct {
	names map[string]map[string]bool // key → folded names (every catalog language and alias)
	en    map[string][]string        // folded English catalog name → keys
}

func newGlossaryIndex(t *testing.T) glossaryIndex {
	idx := glossaryIndex{names: map[string]map[string]bool{}, en: map[string][]string{}}
	add := func(key, name string) {
		if idx.names[key] == nil {
			idx.names[key] = map[string]bool{}
		}
		idx.names[key][fold(name)] = true
	}
	for _, l := range Langs {
		for _, m := range rawMessages(t, l) {
			add(m.key, m.value)
			if l == EN { // "Strength (STR)" is also found as "Strength"
				bare, _ := cutParens(m.value)
				for _, n := range []string{fold(m.value), fold(bare)} {
					if !slices.Contains(idx.en[n], m.key) {
						idx.en[n] = append(idx.en[n], m.key)
					}
				}
			}
		}
	}
	for _, byLang := range readAliases(t) {
		for _, byKey := range byLang {
			for key, list := range byKey {
				for _, a := range list {
					add(key, a)
				}
			}
		}
	}
	return idx
}

// keysFor finds the keys of an English glossary name among the given prefixes.
func (idx glossaryIndex) keysFor(en string, prefixes []string) []string {
	en, _ = cutParens(en)
	if k, ok := glossaryKeys[strings.ToLower(en)]; ok {
		for _, p := range prefixes {
			if k != "" && strings.HasPrefix(k, p) {
				return []string{k}
			}
		}
	}
	var out []string
	for _, k := range idx.en[fold(en)] {
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) {
				out = append(out, k)
			}
		}
	}
	return out
}

// resolves reports whether name is a catalog name or an alias of one of keys.
func (idx glossaryIndex) resolves(name string, keys []string) bool {
	for _, k := range keys {
		if idx.names[k][fold(name)] {
			return true
		}
	}
	return false
}

// glossaryCheck counts the glossary's names and reports those that resolve to no key of their row.
type glossaryCheck struct {
	t               *testing.T
	idx             glossaryIndex
	checked, missed int
	seen            map[string]bool
}

func (c *glossaryCheck) name(where, name string, keys []string) {
	if notNames[name] {
		return
	}
	c.checked++
	c.seen[name] = true
	if !c.idx.resolves(name, keys) {
		c.missed++
		c.t.Errorf("glossary %s: %q is neither a catalog name nor an alias of %v", where, name, keys)
	}
}

// row checks one glossary row for one group of columns.
func (c *glossaryCheck) row(section string, cells []string, g glossaryGroup) (mapped bool) {
	if g.en >= len(cells) || cells[g.en] == "" {
		return false
	}
	bare, _ := cutParens(cells[g.en])
	labels := splitNames(bare)
	keys := make([][]string, len(labels))
	var all []string
	for i, l := range labels {
		keys[i] = c.idx.keysFor(l, g.prefixes)
		all = append(all, keys[i]...)
	}
	if len(all) == 0 {
		return false
	}
	where := section + " " + cells[g.en]
	check := func(cols []int, run *regexp.Regexp) {
		for _, col := range cols {
			if col >= len(cells) {
				continue
			}
			aligned, loose := cellTerms(cells[col], len(labels), run)
			for i, names := range aligned {
				for _, n := range names {
					if len(keys[i]) > 0 {
						c.name(where, n, keys[i])
					}
				}
			}
			for _, n := range loose {
				c.name(where, n, all)
			}
		}
	}
	check(g.zh, hanRun)
	check(g.ko, hangulRun)
	if g.notes >= 0 && g.notes < len(cells) {
		for _, n := range append(hanRun.FindAllString(cells[g.notes], -1), hangulRun.FindAllString(cells[g.notes], -1)...) {
			c.name(where+" (notes)", n, all)
		}
	}
	return true
}

// statusEffects checks the paragraph of Rogue's Tale status effects: "Afraid 害怕, …, Charmed 着迷 (seed: 魅惑)"
// and its Korean list in the same order.
func (c *glossaryCheck) statusEffects(text string) {
	start := strings.Index(text, "Status effects (")
	end := strings.Index(text[start:], "\n\n")
	para := strings.ReplaceAll(text[start:start+end], "\n", " ")
	zhPart, koPart, _ := strings.Cut(para, "Korean ◇:")
	entry := regexp.MustCompile(`([A-Z][a-z]+(?: [a-z]+)?) (\p{Han}+)(?: \(([^)]*)\))?`)
	var keys [][]string
	for _, m := range entry.FindAllStringSubmatch(zhPart, -1) {
		k := c.idx.keysFor(m[1], []string{"rogue.state.", "rogue.effect."})
		keys = append(keys, k)
		if len(k) == 0 {
			c.t.Errorf("glossary status effects: %q names no key", m[1])
			continue
		}
		c.name("status effects "+m[1], m[2], k)
		for _, alt := range hanRun.FindAllString(m[3], -1) {
			c.name("status effects "+m[1]+" (seed)", alt, k)
		}
	}
	ko := strings.Split(strings.TrimSuffix(strings.TrimSpace(koPart), "."), ", ")
	if len(ko) != len(keys) {
		c.t.Fatalf("glossary status effects: %d English names, %d Korean", len(keys), len(ko))
	}
	for i, n := range ko {
		bare, _ := cutParens(n)
		for _, name := range append([]string{bare}, hangulRun.FindAllString(n, -1)...) {
			c.name("status effects (ko)", name, keys[i])
		}
	}
}

// seedPairs checks 2.6: "气场 vs 光环 (aura); …" and "格档 → 格挡, …": the second name of a pair (the first of a typo)
// must resolve to the key whose Rogue's Tale catalog name is the other.
func (c *glossaryCheck) seedPairs(text string) (skipped []string) {
	start := strings.Index(text, "### 2.6")
	body := text[start:]
	keyOf := func(name string) []string {
		var out []string
		for k, names := range c.idx.names {
			if strings.HasPrefix(k, "rogue.") && names[fold(name)] {
				out = append(out, k)
			}
		}
		return out
	}
	pair := regexp.MustCompile(`(\p{Han}+) vs (\p{Han}+)`)
	for _, m := range pair.FindAllStringSubmatch(body, -1) {
		if keys := keyOf(m[1]); len(keys) > 0 {
			c.name("2.6 "+m[0], m[2], keys)
		} else {
			skipped = append(skipped, m[0])
		}
	}
	typo := regexp.MustCompile(`(\p{Han}+) → (\p{Han}+)`)
	for _, m := range typo.FindAllStringSubmatch(body, -1) {
		if keys := keyOf(m[2]); len(keys) > 0 {
			c.name("2.6 "+m[0], m[1], keys)
		} else {
			skipped = append(skipped, m[0])
		}
	}
	return skipped
}

// TestGlossaryAlternatives reads glossary.md's tables and asserts that every name and alternative it lists for
// an id (ability, skill, condition, spell, talent, state…) is that id's catalog name or one of its aliases.
func TestGlossaryAlternatives(t *testing.T) {
	rows, text := readGlossary(t)
	c := &glossaryCheck{t: t, idx: newGlossaryIndex(t), seen: map[string]bool{}}
	var unmapped []string
	for _, r := range rows {
		groups := glossarySections[strings.Fields(r.section)[0]]
		if strings.HasPrefix(r.section, "2.1") && len(r.cells) == 7 {
			groups = hungerGroups
		}
		for _, g := range groups {
			if !c.row(r.section, r.cells, g) && g.en < len(r.cells) && r.cells[g.en] != "" {
				unmapped = append(unmapped, r.cells[g.en])
			}
		}
	}
	c.statusEffects(text)
	skipped := c.seedPairs(text)
	t.Logf("glossary terms without an id (not checked): %q", append(unmapped, skipped...))
	t.Logf("glossary names and alternatives: %d checked, %d resolve (%.1f%%)", c.checked, c.checked-c.missed,
		100*float64(c.checked-c.missed)/float64(max(c.checked, 1)))
	// Alternatives from every kind of cell: notes, parentheses, game zh columns, the status paragraph, 2.6.
	for _, n := range []string{"特技", "生存", "지각", "포착", "비전", "기절", "유리점", "暴击", "화염 강타", "인간 매혹",
		"毒害", "饥饿条", "格档", "패리", "百步穿杨", "变身：狼", "변신: 늑대", "疫球术", "着迷", "狂乱", "嫉妒", "傲慢",
		"淫荡", "隐身", "爆击"} {
		if !c.seen[n] {
			t.Errorf("the glossary's alternative %q was not checked", n)
		}
	}
}

func TestSplitNames(t *testing.T) {
	tests := []struct{ in, want string }{
		{"small / medium / large weapon", "small weapon|medium weapon|large weapon"},
		{"mental / reflex / search check", "mental check|reflex check|search check"},
		{"Literacy: Common / Celestial", "Literacy: Common|Literacy: Celestial"},
		{"读写：常识 / 天使", "读写：常识|读写：天使"},
		{"damage types: physical, disease, poison", "physical|disease|poison"},
		{"main hand / off-hand / two-handed", "main hand|off-hand|two-handed"},
		{"Aimed Shot", "Aimed Shot"}, {"小型 / 中型 / 大型武器", "小型武器|中型武器|大型武器"},
	}
	for _, tt := range tests {
		if got := strings.Join(splitNames(tt.in), "|"); got != tt.want {
			t.Errorf("splitNames(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
