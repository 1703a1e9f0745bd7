package dnd5e

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The cross-check: every monster's numbers against the 5e-database's
// Monsters.json, read here with its own types and parsing (not the
// generator's), so that a generator bug shows up. Skipped without the file.

type xRef struct {
	Index string `json:"index"`
	Name  string `json:"name"`
}

type xDC struct {
	Type    xRef   `json:"dc_type"`
	Value   int    `json:"dc_value"`
	Success string `json:"success_type"`
}

type xDamage struct {
	Type    *xRef  `json:"damage_type"`
	Dice    string `json:"damage_dice"`
	DC      *xDC   `json:"dc"`
	Choose  int    `json:"choose"`
	Options *struct {
		Options []xDamage `json:"options"`
	} `json:"from"`
}

type xStep struct {
	Name       string  `json:"action_name"`
	Count      any     `json:"count"`
	OptionType string  `json:"option_type"`
	Items      []xStep `json:"items"`
}

type xAction struct {
	Name   string    `json:"name"`
	Desc   string    `json:"desc"`
	Bonus  *int      `json:"attack_bonus"`
	Damage []xDamage `json:"damage"`
	DC     *xDC      `json:"dc"`
	Usage  *struct {
		Type  string `json:"type"`
		Times int    `json:"times"`
		Min   int    `json:"min_value"`
	} `json:"usage"`
	Steps   []xStep `json:"actions"`
	Choices *struct {
		From struct {
			Options []xStep `json:"options"`
		} `json:"from"`
	} `json:"action_options"`
	Spellcasting *struct {
		DC     int    `json:"dc"`
		Mod    int    `json:"modifier"`
		Abil   xRef   `json:"ability"`
		Spells []xRef `json:"spells"`
	} `json:"spellcasting"`
}

type xMonster struct {
	Index, Name, Size, Type, Subtype, Alignment string
	AC                                          []struct {
		Type  string `json:"type"`
		Value int    `json:"value"`
	} `json:"armor_class"`
	HP     int            `json:"hit_points"`
	HD     string         `json:"hit_dice"`
	HPRoll string         `json:"hit_points_roll"`
	Speed  map[string]any `json:"speed"`
	Str    int            `json:"strength"`
	Dex    int            `json:"dexterity"`
	Con    int            `json:"constitution"`
	Int    int            `json:"intelligence"`
	Wis    int            `json:"wisdom"`
	Cha    int            `json:"charisma"`
	Profs  []struct {
		Value       int
		Proficiency xRef
	} `json:"proficiencies"`
	Vuln   []string       `json:"damage_vulnerabilities"`
	Res    []string       `json:"damage_resistances"`
	Imm    []string       `json:"damage_immunities"`
	CImm   []xRef         `json:"condition_immunities"`
	Senses map[string]any `json:"senses"`
	Langs  string         `json:"languages"`
	CR     float64        `json:"challenge_rating"`
	PB     int            `json:"proficiency_bonus"`
	XP     int            `json:"xp"`
	Traits []xAction      `json:"special_abilities"`
	Acts   []xAction      `json:"actions"`
	Legend []xAction      `json:"legendary_actions"`
	React  []xAction      `json:"reactions"`
}

func readMonstersJSON(t *testing.T) []xMonster {
	var ms []xMonster
	readSRD(t, "Monsters.json", &ms)
	return ms
}

// xID is the test's own id rule: lower-case words of the name, parentheses dropped.
func xID(name string) string {
	if i := strings.Index(name, " ("); i >= 0 {
		name = name[:i]
	}
	name = strings.ReplaceAll(strings.ToLower(name), "'", "")
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') }), "_")
}

func TestMonstersMatchSRD(t *testing.T) {
	srd := readMonstersJSON(t)
	if len(srd) != 334 || len(Monsters()) != 334 {
		t.Fatalf("SRD %d monsters, table %d; want 334", len(srd), len(Monsters()))
	}
	for i, x := range srd {
		m := Monsters()[i]
		t.Run(x.Index, func(t *testing.T) {
			if m.ID != strings.ReplaceAll(x.Index, "-", "_") {
				t.Fatalf("table row %d is %s", i, m.ID)
			}
			checkBlock(t, m, &x)
			checkDefences(t, m, &x)
			checkSensesLanguages(t, m, &x)
			checkActions(t, m, &x)
		})
	}
}

func checkBlock(t *testing.T, m *Monster, x *xMonster) {
	t.Helper()
	want := map[string]any{
		"size": strings.ToLower(x.Size), "hp": x.HP, "hit dice": x.HD, "hp roll": strings.ReplaceAll(x.HPRoll, " ", ""),
		"scores": [6]int{x.Str, x.Dex, x.Con, x.Int, x.Wis, x.Cha}, "xp": x.XP, "proficiency": x.PB, "cr": x.CR,
		"ac": len(x.AC), "ac value": x.AC[0].Value, "ac kind": x.AC[0].Type,
	}
	got := map[string]any{
		"size": string(m.Size), "hp": m.AverageHP(), "hit dice": m.HitDice, "hp roll": m.HPRoll,
		"scores": [6]int{m.Scores.Str, m.Scores.Dex, m.Scores.Con, m.Scores.Int, m.Scores.Wis, m.Scores.Cha},
		"xp":     m.XP, "proficiency": m.Proficiency, "cr": m.CR.Value(),
		"ac": len(m.Armor), "ac value": m.AC(), "ac kind": string(m.Armor[0].Kind),
	}
	for k, w := range want {
		if fmt.Sprint(got[k]) != fmt.Sprint(w) {
			t.Errorf("%s: table %v, SRD %v", k, got[k], w)
		}
	}
	typ := string(m.Type)
	if m.SwarmOf != "" {
		size := string(m.SwarmOf)
		typ = "swarm of " + strings.ToUpper(size[:1]) + size[1:] + " " + typ + "s"
	}
	if typ != x.Type {
		t.Errorf("type %q, SRD %q", typ, x.Type)
	}
	var tags []string
	for _, tg := range m.Tags {
		tags = append(tags, strings.ReplaceAll(string(tg), "_", " "))
	}
	if strings.Join(tags, ", ") != x.Subtype {
		t.Errorf("tags %v, SRD %q", tags, x.Subtype)
	}
	if al := strings.ReplaceAll(string(m.Alignment), "_", " "); !strings.HasPrefix(strings.ReplaceAll(x.Alignment, "-", " "), al) &&
		!(al == "neutral good or evil" && strings.Contains(x.Alignment, "(50%)")) {
		t.Errorf("alignment %q, SRD %q", m.Alignment, x.Alignment)
	}
	sp := map[string]int{"walk": m.Speed.Walk, "fly": m.Speed.Fly, "swim": m.Speed.Swim, "climb": m.Speed.Climb, "burrow": m.Speed.Burrow}
	for k, v := range x.Speed {
		if k == "hover" {
			if !m.Speed.Hover {
				t.Errorf("hover lost")
			}
			continue
		}
		var n int
		fmt.Sscanf(v.(string), "%d", &n)
		if sp[k] != n {
			t.Errorf("speed %s %d, SRD %v", k, sp[k], v)
		}
		delete(sp, k)
	}
	for k, v := range sp {
		if v != 0 {
			t.Errorf("speed %s %d, not in the SRD", k, v)
		}
	}
	saves, skills := 0, 0
	for _, p := range x.Profs {
		kind, id, _ := strings.Cut(strings.TrimPrefix(p.Proficiency.Index, "saving-throw-"), "-")
		switch {
		case strings.HasPrefix(p.Proficiency.Index, "saving-throw-"):
			saves++
			if got := m.SaveBonus(Ability(kind)); got != p.Value {
				t.Errorf("save %s %+d, SRD %+d", kind, got, p.Value)
			}
		default:
			skills++
			s := Skill(strings.ReplaceAll(id, "-", "_"))
			if got := m.SkillBonus(s); got != p.Value || !s.Valid() {
				t.Errorf("skill %s %+d, SRD %+d", s, got, p.Value)
			}
		}
	}
	if saves != len(m.Saves) || skills != len(m.Skills) {
		t.Errorf("%d saves and %d skills, SRD %d and %d", len(m.Saves), len(m.Skills), saves, skills)
	}
}

func checkDefences(t *testing.T, m *Monster, x *xMonster) {
	t.Helper()
	for _, d := range []struct {
		name  string
		table []DamageDefence
		srd   []string
	}{{"vulnerable", m.Vulnerable, x.Vuln}, {"resistant", m.Resistant, x.Res}, {"immune", m.Immune, x.Imm}} {
		var want []string
		for _, line := range d.srd {
			q := ""
			switch {
			case strings.Contains(line, "silvered"):
				q = "nonmagical_unsilvered"
			case strings.Contains(line, "adamantine"):
				q = "nonmagical_nonadamant"
			case strings.Contains(line, "nonmagical"):
				q = "nonmagical"
			case strings.Contains(line, "spells"):
				q = "spells"
			case strings.Contains(line, "good creatures"):
				q = "magic_weapon_good_user"
			}
			found := false
			for _, typ := range DamageTypes() {
				if strings.Contains(line, string(typ)) {
					want = append(want, string(typ)+"/"+q)
					found = true
				}
			}
			if !found {
				want = append(want, "/"+q)
			}
		}
		var got []string
		for _, def := range d.table {
			got = append(got, string(def.Type)+"/"+string(def.Qualifier))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s %v, SRD %v", d.name, got, want)
		}
	}
	var got, want []string
	for _, c := range m.ConditionImmune {
		got = append(got, string(c))
		if !c.Valid() {
			t.Errorf("condition %q", c)
		}
	}
	for _, c := range x.CImm {
		want = append(want, c.Index)
	}
	if !slices.Equal(got, want) {
		t.Errorf("condition immunities %v, SRD %v", got, want)
	}
}

func checkSensesLanguages(t *testing.T, m *Monster, x *xMonster) {
	t.Helper()
	got := map[string]int{"darkvision": m.Senses.Darkvision, "blindsight": m.Senses.Blindsight,
		"tremorsense": m.Senses.Tremorsense, "truesight": m.Senses.Truesight, "passive_perception": m.Senses.Passive}
	for k, v := range x.Senses {
		n := 0
		switch v := v.(type) {
		case float64:
			n = int(v)
		case string:
			fmt.Sscanf(v, "%d", &n)
			if strings.Contains(v, "blind beyond") != (k == "blindsight" && m.Senses.BlindBeyond) {
				t.Errorf("blind beyond: %q", v)
			}
		}
		if got[k] != n {
			t.Errorf("sense %s %d, SRD %v", k, got[k], v)
		}
		delete(got, k)
	}
	for k, v := range got {
		if v != 0 {
			t.Errorf("sense %s %d, not in the SRD", k, v)
		}
	}
	text := strings.ToLower(strings.ReplaceAll(x.Langs, "'", ""))
	for _, l := range append(slices.Clone(m.Languages.Speaks), m.Languages.Understands...) {
		word := map[Language]string{LangAll: "all", LangKnewInLife: "in life", LangCreator: "creator", LangCommands: "commands"}[l]
		if word == "" {
			word = strings.ReplaceAll(string(l), "_", " ")
		}
		if !strings.Contains(text, word) || l.Key() == "" {
			t.Errorf("language %s not in %q", l, x.Langs)
		}
	}
	if (m.Languages.Telepathy > 0) != strings.Contains(text, "telepathy "+strconv.Itoa(m.Languages.Telepathy)) {
		t.Errorf("telepathy %d in %q", m.Languages.Telepathy, x.Langs)
	}
	if (len(m.Languages.Understands) > 0) != strings.Contains(text, "understands") {
		t.Errorf("understands %v in %q", m.Languages.Understands, x.Langs)
	}
	if (m.Languages.Any > 0) != (strings.Contains(text, "any ") && !strings.Contains(text, "any language") || strings.Contains(text, "up to")) {
		t.Errorf("any %d in %q", m.Languages.Any, x.Langs)
	}
}

var (
	xDice  = regexp.MustCompile(`\((\d+d\d+(?: ?[+-] ?\d+)?)\)`)
	xDCRe  = regexp.MustCompile(`DC (\d+)`)
	xToHit = regexp.MustCompile(`\+(\d+) to hit`)
	xReach = regexp.MustCompile(`reach (\d+) ft\.`)
	xRange = regexp.MustCompile(`range (\d+)(?:/(\d+))? ft\.`)
	xCost  = regexp.MustCompile(`Costs (\d+) Actions`)
)

func checkActions(t *testing.T, m *Monster, x *xMonster) {
	t.Helper()
	used := map[string]bool{}
	for _, g := range []struct {
		kind ActionKind
		list []xAction
	}{{ActTrait, x.Traits}, {ActAction, x.Acts}, {ActReaction, x.React}, {ActLegendary, x.Legend}} {
		for _, xa := range g.list {
			if xa.Spellcasting != nil {
				checkSpellcasting(t, m, &xa)
				continue
			}
			a := findAction(m, g.kind, xID(xa.Name))
			if a == nil {
				if g.kind != ActTrait || xDice.MatchString(xa.Desc) || xDCRe.MatchString(xa.Desc) || xa.Usage != nil || len(xa.Damage) > 0 {
					t.Errorf("%s %q is missing", g.kind, xa.Name)
				}
				continue
			}
			used[string(a.Kind)+"/"+a.ID] = true
			checkAction(t, m, a, &xa)
		}
	}
	for _, a := range m.Actions {
		if !used[string(a.Kind)+"/"+a.ID] && a.Parent == "" {
			t.Errorf("%s %s is not in the SRD", a.Kind, a.ID)
		}
	}
}

func findAction(m *Monster, kind ActionKind, id string) *MonsterAction {
	for i := range m.Actions {
		if a := &m.Actions[i]; a.Kind == kind && a.ID == id && a.Parent == "" {
			return a
		}
	}
	return nil
}

func checkAction(t *testing.T, m *Monster, a *MonsterAction, xa *xAction) {
	t.Helper()
	where := string(a.Kind) + " " + a.ID
	if xa.Bonus != nil && *xa.Bonus != a.ToHit || xa.Bonus == nil && a.ToHit != 0 {
		t.Errorf("%s: to hit %+d, SRD %s", where, a.ToHit, bonusText(xa.Bonus))
	}
	if a.Attack != "" {
		if r := xReach.FindStringSubmatch(xa.Desc); a.Attack.Melee() && (r == nil || r[1] != strconv.Itoa(a.Reach)) {
			t.Errorf("%s: reach %d, text %v", where, a.Reach, r)
		}
		if r := xRange.FindStringSubmatch(xa.Desc); a.Attack.Ranged() && (r == nil || r[1] != strconv.Itoa(a.Range) || r[2] != "" && r[2] != strconv.Itoa(a.LongRange)) {
			t.Errorf("%s: range %d/%d, text %v", where, a.Range, a.LongRange, r)
		}
		if !strings.Contains(strings.ToLower(xa.Desc), strings.ReplaceAll(string(a.Attack), "_", " ")+" attack") {
			t.Errorf("%s: %s attack, text %.40q", where, a.Attack, xa.Desc)
		}
	}
	have := map[string]bool{}
	for _, c := range a.Damage {
		have[c.Dice+" "+string(c.Type)] = true
	}
	for _, d := range xa.Damage {
		opts := []xDamage{d}
		if d.Options != nil {
			opts = d.Options.Options
		}
		for _, o := range opts {
			if k := strings.ReplaceAll(o.Dice, " ", "") + " " + o.Type.Index; !have[k] {
				t.Errorf("%s: damage %s missing", where, k)
			}
		}
		if d.DC != nil && (a.Save == nil || a.Save.DC != d.DC.Value) {
			t.Errorf("%s: save %+v, SRD damage DC %d", where, a.Save, d.DC.Value)
		}
	}
	if xa.DC != nil {
		if a.Save == nil || a.Save.DC != xa.DC.Value || string(a.Save.Ability) != xa.DC.Type.Index {
			t.Errorf("%s: save %+v, SRD %+v", where, a.Save, xa.DC)
		} else if xa.DC.Success == "half" && !a.Save.Half {
			t.Errorf("%s: half on a success lost", where)
		}
	}
	if a.Save != nil && a.Save.Half && !strings.Contains(xa.Desc, "half") {
		t.Errorf("%s: half damage, but the text says no half", where)
	}
	if u := xa.Usage; u != nil {
		ok := u.Type == "recharge on roll" && a.Recharge == u.Min || u.Type == "per day" && a.PerDay == u.Times ||
			u.Type == "recharge after rest" && a.PerRest
		if !ok {
			t.Errorf("%s: usage %+v, recharge %d per day %d per rest %v", where, u, a.Recharge, a.PerDay, a.PerRest)
		}
	} else if a.Recharge+a.PerDay > 0 || a.PerRest {
		t.Errorf("%s: a usage limit the SRD does not give", where)
	}
	if a.Kind == ActLegendary {
		cost := 1
		if c := xCost.FindStringSubmatch(xa.Name); c != nil {
			cost, _ = strconv.Atoi(c[1])
		}
		if a.Cost != cost {
			t.Errorf("%s: cost %d, SRD %d", where, a.Cost, cost)
		}
	}
	checkMultiattack(t, m, a, xa)
	checkProseNumbers(t, m, a, xa.Desc)
}

func checkMultiattack(t *testing.T, m *Monster, a *MonsterAction, xa *xAction) {
	t.Helper()
	var want [][]xStep
	if xa.Choices != nil {
		for _, o := range xa.Choices.From.Options {
			if o.OptionType == "multiple" {
				want = append(want, o.Items)
			} else {
				want = append(want, []xStep{o})
			}
		}
	} else if len(xa.Steps) > 0 {
		want = [][]xStep{xa.Steps}
	}
	if len(want) != len(a.Multiattack) {
		t.Errorf("%s: %d multiattack options, SRD %d", a.ID, len(a.Multiattack), len(want))
		return
	}
	for i, opt := range want {
		if len(opt) != len(a.Multiattack[i]) {
			t.Errorf("%s option %d: %v, SRD %v", a.ID, i, a.Multiattack[i], opt)
			continue
		}
		for j, st := range opt {
			got := a.Multiattack[i][j]
			name := strings.TrimSuffix(xID(st.Name), "s")
			if strings.TrimSuffix(got.Action, "s") != name {
				t.Errorf("%s option %d step %d: %s, SRD %q", a.ID, i, j, got.Action, st.Name)
			}
			switch c := st.Count.(type) {
			case float64:
				if got.Count != int(c) {
					t.Errorf("%s: %s ×%d, SRD ×%v", a.ID, got.Action, got.Count, c)
				}
			case string:
				if got.Dice != c && !hasException(m.ID, a.ID, "multiattack_count") {
					t.Errorf("%s: %s ×%q, SRD ×%q", a.ID, got.Action, got.Dice, c)
				}
			}
		}
	}
}

func hasException(monster, action, reason string) bool {
	for _, e := range monsterExceptions {
		if e.Monster == monster && e.Action == action && e.Reason == reason {
			return true
		}
	}
	return false
}

// checkProseNumbers: every dice expression, DC and to-hit bonus in the SRD's
// text is in the table's action (or its options), or listed as an exception.
func checkProseNumbers(t *testing.T, m *Monster, a *MonsterAction, desc string) {
	t.Helper()
	have := map[string]bool{}
	add := func(b *MonsterAction) {
		for _, c := range b.Damage {
			have[c.Dice] = true
		}
		if b.Save != nil {
			have["DC"+strconv.Itoa(b.Save.DC)] = true
		}
		if b.EscapeDC > 0 {
			have["DC"+strconv.Itoa(b.EscapeDC)] = true
		}
		if b.Attack != "" {
			have["+"+strconv.Itoa(b.ToHit)+"hit"] = true
		}
	}
	add(a)
	for _, id := range a.Options {
		b := findSub(m, a, id)
		if b == nil {
			t.Errorf("%s: option %s missing", a.ID, id)
			continue
		}
		add(b)
	}
	var missing []string
	for _, d := range xDice.FindAllStringSubmatch(desc, -1) {
		missing = append(missing, strings.ReplaceAll(d[1], " ", ""))
	}
	for _, d := range xDCRe.FindAllStringSubmatch(desc, -1) {
		missing = append(missing, "DC"+d[1])
	}
	for _, d := range xToHit.FindAllStringSubmatch(desc, -1) {
		missing = append(missing, "+"+d[1]+"hit")
	}
	missing = slices.DeleteFunc(missing, func(s string) bool { return have[s] })
	slices.Sort(missing)
	missing = slices.Compact(missing)
	var listed []string
	for _, e := range monsterExceptions {
		if e.Monster == m.ID && e.Action == a.ID && e.Reason == "prose" {
			listed = append(listed, e.Missing...)
		}
	}
	slices.Sort(listed)
	if !slices.Equal(missing, listed) {
		t.Errorf("%s %s: numbers only in the text %v, exceptions list %v", a.Kind, a.ID, missing, listed)
	}
}

func findSub(m *Monster, parent *MonsterAction, id string) *MonsterAction {
	for i := range m.Actions {
		if b := &m.Actions[i]; b.Parent == parent.ID && b.Kind == parent.Kind && b.ID == id {
			return b
		}
	}
	return nil
}

func checkSpellcasting(t *testing.T, m *Monster, xa *xAction) {
	t.Helper()
	id := xID(xa.Name)
	for _, sc := range m.Spellcasting {
		if sc.ID != id {
			continue
		}
		x := xa.Spellcasting
		if sc.DC != x.DC || sc.ToHit != x.Mod || string(sc.Ability) != x.Abil.Index || len(sc.Spells) != len(x.Spells) {
			t.Errorf("%s: DC %d %+d %s %d spells, SRD DC %d %+d %s %d spells", id, sc.DC, sc.ToHit, sc.Ability,
				len(sc.Spells), x.DC, x.Mod, x.Abil.Index, len(x.Spells))
		}
		for _, s := range sc.Spells {
			if _, ok := LookupSpell(s.ID); !ok {
				t.Errorf("%s: spell %s is not in the spell table", id, s.ID)
			}
		}
		return
	}
	t.Errorf("spellcasting %s missing", id)
}

// TestMonsterTableHasNoProse: the generated table holds ids, dice and keys
// only: no string literal with a space, none longer than 60 characters.
func TestMonsterTableHasNoProse(t *testing.T) {
	src, err := os.ReadFile("monsters_table.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, lit := range regexp.MustCompile(`"([^"\\]|\\.)*"`).FindAllString(string(src), -1) {
		if strings.Contains(lit, " ") || len(lit) > 62 {
			t.Errorf("table literal %s looks like prose", lit)
		}
	}
}

func bonusText(b *int) string {
	if b == nil {
		return "none"
	}
	return fmt.Sprintf("%+d", *b)
}
