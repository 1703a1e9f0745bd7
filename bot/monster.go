package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /monster name: shows an SRD 5.1 monster's stat block (issue 12): numbers and ids from rules/dnd5e, every label
// from the catalogs, names typed in any language (monster names and their aliases). Players see it only themselves
// unless the guild shows NPC stats (the show_npc_stats setting); GMs see it in the channel.

// Kinds of the names index for monsters.
const (
	kindMonster       = "monster"
	kindMonsterAction = "monster.action"
)

// addMonsterNames indexes the SRD monsters and their actions by their names in every language (names.go).
func addMonsterNames(x *locales.Index) {
	seen := map[string]bool{}
	for _, m := range dnd5e.Monsters() {
		x.Add(kindMonster, m.ID, m.Key())
		for _, a := range m.Actions {
			if !seen[a.ID] {
				seen[a.ID] = true
				x.Add(kindMonsterAction, a.ID, a.Key())
			}
		}
	}
}

// parseMonster finds an SRD monster by a name typed in any language, or its id.
func parseMonster(typed string) (*dnd5e.Monster, error) {
	if id := lookupName(kindMonster, typed); id != "" {
		if m, ok := dnd5e.MonsterByID(id); ok {
			return m, nil
		}
	}
	return dnd5e.ParseMonster(typed)
}

// monsterActionID reads an action typed in any language ("scimitar", "弯刀"), keeping a multiattack's option
// number ("multiattack 2", "多重攻击 2").
func monsterActionID(typed string) string {
	typed = strings.TrimSpace(typed)
	num := ""
	if i := strings.LastIndexByte(typed, ' '); i > 0 {
		if _, err := strconv.Atoi(typed[i+1:]); err == nil {
			typed, num = strings.TrimSpace(typed[:i]), typed[i+1:]
		}
	}
	id := lookupName(kindMonsterAction, typed)
	if id == "" {
		id = typed
	}
	if num != "" {
		id += " " + num
	}
	return id
}

func (b *Bot) monsterCommand() *Command {
	return &Command{
		Name: "monster",
		Options: []*Option{
			{Name: "name", Type: String, Required: true, MaxLen: 64, Complete: completeMonster},
		},
		Handler:  b.monsterShow,
		Examples: []string{"/monster name:goblin", "/monster name:\"adult red dragon\"", "/monster name:地精"},
	}
}

// monsterResult is the JSON of /monster: the stat block's numbers, and the name in the reply language.
type monsterResult struct {
	Name    string         `json:"name"`
	Monster *dnd5e.Monster `json:"monster"`
}

func (b *Bot) monsterShow(req *Request) (*Reply, error) {
	m, err := parseMonster(req.Str("name"))
	if err != nil {
		return nil, err
	}
	r := monsterBlock(req, m)
	r.Ephemeral = !req.GM && !play.ShowNPCStats(req.Guild)
	return r, nil
}

// completeMonster suggests the SRD monsters whose name in any language contains what was typed, with their CR.
func completeMonster(req *Request) []Choice {
	var entries []Choice
	for _, m := range dnd5e.Monsters() {
		entries = append(entries, Choice{Name: req.P.Paren(req.T(m.Key()), req.T("gm.monster.cr_short", "CR", m.CR.String())), Value: m.ID})
	}
	return completeNames(req, entries, kindMonster)
}

// monsterBlock renders a stat block: kind, AC, HP, speed, scores, the lists, senses, languages and challenge in
// the body; traits, actions, reactions, legendary actions and spellcasting as fields.
func monsterBlock(req *Request, m *dnd5e.Monster) *Reply {
	p := req.P
	bold := func(key string, value string) string { return p.Label("**"+req.T(key)+"**", value) }
	lines := []string{"*" + monsterKind(req, m) + "*",
		bold("gm.monster.ac", monsterAC(req, m)),
		bold("gm.monster.hp", p.Paren(strconv.Itoa(m.HP), m.HPRoll)),
		bold("gm.monster.speed", monsterSpeed(req, m.Speed)),
	}
	var scores []string
	for _, a := range dnd5e.Abilities() {
		scores = append(scores, req.T(a.Key())+" "+p.Paren(strconv.Itoa(m.Scores.Get(a)), signedNum(m.Mod(a))))
	}
	lines = append(lines, strings.Join(scores, " · "))
	if len(m.Saves) > 0 {
		var out []string
		for _, s := range m.Saves {
			out = append(out, req.T(s.Ability.Key())+" "+signedNum(s.Bonus))
		}
		lines = append(lines, bold("gm.monster.saves", p.List(out)))
	}
	if len(m.Skills) > 0 {
		var out []string
		for _, s := range m.Skills {
			out = append(out, req.T(s.Skill.Key())+" "+signedNum(s.Bonus))
		}
		lines = append(lines, bold("gm.monster.skills", p.List(out)))
	}
	for _, d := range []struct {
		key  string
		list []dnd5e.DamageDefence
	}{{"gm.monster.vulnerable", m.Vulnerable}, {"gm.monster.resistant", m.Resistant}, {"gm.monster.immune", m.Immune}} {
		if len(d.list) > 0 {
			lines = append(lines, bold(d.key, damageDefences(req, d.list)))
		}
	}
	if len(m.ConditionImmune) > 0 {
		var out []string
		for _, c := range m.ConditionImmune {
			out = append(out, req.T(c.Key()))
		}
		lines = append(lines, bold("gm.monster.cond_immune", p.List(out)))
	}
	lines = append(lines, bold("gm.monster.senses", monsterSenses(req, m.Senses)),
		bold("gm.monster.languages", monsterLanguages(req, m.Languages)),
		bold("gm.monster.challenge", req.T("gm.monster.cr", "CR", m.CR.String(), "XP", m.XP))+" · "+
			bold("gm.monster.proficiency", signedNum(m.Proficiency)))
	r := &Reply{Title: req.T(m.Key()), Body: strings.Join(lines, "\n"), Footer: req.T(m.Key()),
		Result: monsterResult{Name: req.T(m.Key()), Monster: m}}
	for _, kind := range dnd5e.ActionKinds() {
		var out []string
		for i := range m.Actions {
			if a := &m.Actions[i]; a.Kind == kind && a.Parent == "" {
				out = append(out, monsterActionLine(req, m, a))
			}
		}
		if kind == dnd5e.ActTrait {
			for _, sc := range m.Spellcasting {
				out = append(out, spellcastingLine(req, sc))
			}
		}
		if len(out) == 0 {
			continue
		}
		name := req.T(kind.Key())
		if kind == dnd5e.ActLegendary && m.Legendary > 0 {
			name = p.Paren(name, req.T("gm.monster.legendary_count", "Count", m.Legendary))
		}
		r.Fields = append(r.Fields, fieldChunks(name, out)...)
	}
	return r
}

// fieldChunks splits lines into fields of at most 1024 characters (Discord's limit), the later ones without a
// name (a continuation).
func fieldChunks(name string, lines []string) []Field {
	var out []Field
	cur := ""
	for _, l := range lines {
		if len([]rune(l)) > 1000 {
			l = string([]rune(l)[:999]) + "…"
		}
		if cur != "" && len([]rune(cur))+1+len([]rune(l)) > 1024 {
			out = append(out, Field{Name: name, Value: cur})
			name, cur = "", ""
		}
		if cur != "" {
			cur += "\n"
		}
		cur += l
	}
	return append(out, Field{Name: name, Value: cur})
}

// monsterKind is "Medium humanoid (goblinoid), neutral evil".
func monsterKind(req *Request, m *dnd5e.Monster) string {
	typ := req.T(m.Type.Key())
	if m.SwarmOf != "" {
		typ = req.T(dnd5e.LabelSwarm, "Size", req.T(m.SwarmOf.Key()), "Type", typ)
	}
	if len(m.Tags) > 0 {
		var tags []string
		for _, t := range m.Tags {
			tags = append(tags, req.T(t.Key()))
		}
		typ = req.P.Paren(typ, req.P.List(tags))
	}
	return req.T("gm.monster.kind", "Size", req.T(m.Size.Key()), "Type", typ, "Alignment", req.T(m.Alignment.Key()))
}

// monsterAC is "15 (armor)", alternatives after.
func monsterAC(req *Request, m *dnd5e.Monster) string {
	var out []string
	for _, a := range m.Armor {
		from := req.T(a.Kind.Key())
		switch {
		case a.Kind == dnd5e.ACSpell && a.Spell != "":
			from = spellName(req, a.Spell)
		case a.Kind == dnd5e.ACCondition && a.Condition != "":
			from = req.T(a.Condition.Key())
		}
		out = append(out, req.P.Paren(strconv.Itoa(a.Value), from))
	}
	if len(out) == 0 {
		return strconv.Itoa(m.AC())
	}
	return req.P.List(out)
}

// monsterSpeed is "30 ft., climb 30 ft."
func monsterSpeed(req *Request, s dnd5e.Speeds) string {
	out := []string{req.T("gm.monster.feet", "Feet", s.Walk)}
	for _, x := range []struct {
		key  string
		feet int
	}{{dnd5e.LabelSpeedFly, s.Fly}, {dnd5e.LabelSpeedSwim, s.Swim}, {dnd5e.LabelSpeedClimb, s.Climb}, {dnd5e.LabelSpeedBurrow, s.Burrow}} {
		if x.feet > 0 {
			v := req.T(x.key) + " " + req.T("gm.monster.feet", "Feet", x.feet)
			if x.key == dnd5e.LabelSpeedFly && s.Hover {
				v = req.P.Paren(v, req.T(dnd5e.LabelSpeedHover))
			}
			out = append(out, v)
		}
	}
	return req.P.List(out)
}

// damageDefences is "poison; bludgeoning, piercing, slashing from nonmagical attacks".
func damageDefences(req *Request, list []dnd5e.DamageDefence) string {
	var groups []string
	byQual := map[dnd5e.DamageQualifier][]string{}
	var order []dnd5e.DamageQualifier
	for _, d := range list {
		if _, ok := byQual[d.Qualifier]; !ok {
			order = append(order, d.Qualifier)
		}
		if d.Type != "" {
			byQual[d.Qualifier] = append(byQual[d.Qualifier], req.T(d.Type.Key()))
		} else {
			byQual[d.Qualifier] = append(byQual[d.Qualifier], "")
		}
	}
	for _, q := range order {
		var types []string
		for _, t := range byQual[q] {
			if t != "" {
				types = append(types, t)
			}
		}
		g := req.P.List(types)
		if q != dnd5e.QualNone {
			g = strings.TrimSpace(g + " " + req.T(q.Key()))
		}
		groups = append(groups, g)
	}
	return strings.Join(groups, "; ")
}

// monsterSenses is "darkvision 60 ft., passive Perception 9".
func monsterSenses(req *Request, s dnd5e.Senses) string {
	var out []string
	for _, x := range []struct {
		key  string
		feet int
	}{{dnd5e.LabelBlindsight, s.Blindsight}, {dnd5e.LabelDarkvision, s.Darkvision}, {dnd5e.LabelTremorsense, s.Tremorsense}, {dnd5e.LabelTruesight, s.Truesight}} {
		if x.feet > 0 {
			v := req.T(x.key) + " " + req.T("gm.monster.feet", "Feet", x.feet)
			if x.key == dnd5e.LabelBlindsight && s.BlindBeyond {
				v = req.P.Paren(v, req.T(dnd5e.LabelBlindBeyond))
			}
			out = append(out, v)
		}
	}
	out = append(out, req.T(dnd5e.LabelPassive)+" "+strconv.Itoa(s.Passive))
	return req.P.List(out)
}

// monsterLanguages lists what the monster speaks and understands; "—" for none.
func monsterLanguages(req *Request, l dnd5e.Languages) string {
	var out []string
	for _, x := range l.Speaks {
		out = append(out, req.T(x.Key()))
	}
	if len(l.Understands) > 0 {
		var u []string
		for _, x := range l.Understands {
			u = append(u, req.T(x.Key()))
		}
		out = append(out, req.T(dnd5e.LabelUnderstands, "Languages", req.P.List(u)))
	}
	if l.Any > 0 {
		out = append(out, req.T(dnd5e.LabelAnyLanguages, "Count", l.Any))
	}
	if l.Telepathy > 0 {
		out = append(out, req.T(dnd5e.LabelTelepathy, "Feet", l.Telepathy))
	}
	if len(out) == 0 {
		return "—"
	}
	return req.P.List(out)
}

// monsterActionLine is one action: its name and usage, then its attack, save, damage, multiattack or options.
func monsterActionLine(req *Request, m *dnd5e.Monster, a *dnd5e.MonsterAction) string {
	name := req.T(a.Key())
	var usage []string
	switch {
	case a.Recharge > 0:
		usage = append(usage, req.T(dnd5e.LabelRecharge, "Min", a.Recharge))
	case a.PerDay > 0:
		usage = append(usage, req.T(dnd5e.LabelPerDay, "Count", a.PerDay))
	case a.PerRest:
		usage = append(usage, req.T(dnd5e.LabelPerRest))
	}
	if a.Cost > 1 {
		usage = append(usage, req.T(dnd5e.LabelCost, "Cost", a.Cost))
	}
	if len(usage) > 0 {
		name = req.P.Paren(name, req.P.List(usage))
	}
	var parts []string
	if a.Attack != "" {
		at := req.T(a.Attack.Key()) + " " + req.T("gm.monster.to_hit", "Bonus", signedNum(a.ToHit))
		var reach []string
		if a.Reach > 0 {
			reach = append(reach, req.T("gm.monster.reach", "Feet", a.Reach))
		}
		if a.Range > 0 && a.LongRange > 0 {
			reach = append(reach, req.T("gm.monster.range_long", "Normal", a.Range, "Long", a.LongRange))
		} else if a.Range > 0 {
			reach = append(reach, req.T("gm.monster.range", "Feet", a.Range))
		}
		if len(reach) > 0 {
			at = req.P.List(append([]string{at}, reach...))
		}
		parts = append(parts, at)
		if d := a.HitDamage(""); d != "" {
			parts = append(parts, req.T("gm.monster.hit", "Damage", localizeDamageLabels(req, d)))
		}
	}
	if sv := a.Save; sv != nil {
		s := req.T("gm.monster.save_dc", "DC", sv.DC, "Ability", req.T(sv.Ability.Key()))
		if d := a.SaveDamage(""); d != "" {
			s = req.P.Label(s, localizeDamageLabels(req, d))
			if sv.Half {
				s = req.P.Paren(s, req.T("gm.monster.half"))
			}
		}
		parts = append(parts, s)
	}
	if a.EscapeDC > 0 {
		parts = append(parts, req.T("gm.monster.escape", "DC", a.EscapeDC))
	}
	for i, opt := range a.Multiattack {
		var steps []string
		for _, st := range opt {
			n := strconv.Itoa(st.Count)
			if st.Dice != "" {
				n = st.Dice
			}
			steps = append(steps, n+" × "+req.T("monster.action."+st.Action))
		}
		s := req.P.List(steps)
		if len(a.Multiattack) > 1 {
			s = req.P.Label(req.T(dnd5e.LabelMultiattack, "N", i+1), s)
		}
		parts = append(parts, s)
	}
	var subs []string
	for _, id := range append(append([]string(nil), a.Options...), a.Uses...) {
		if sub, err := m.Action(id); err == nil && sub.ID != a.ID {
			subs = append(subs, monsterActionLine(req, m, sub))
		} else {
			subs = append(subs, req.T("monster.action."+id))
		}
	}
	line := "**" + name + "**"
	if len(parts) > 0 {
		line = req.P.Label(line, strings.Join(parts, " · "))
	}
	for _, s := range subs {
		line += "\n  ◦ " + s
	}
	return line
}

// spellcastingLine is a Spellcasting trait: its ability, DC and attack bonus, and its spells by use.
func spellcastingLine(req *Request, sc dnd5e.Spellcasting) string {
	head := []string{req.T(sc.Ability.Key())}
	if sc.DC > 0 {
		head = append(head, req.T("gm.monster.spell_dc", "DC", sc.DC))
	}
	if sc.ToHit != 0 {
		head = append(head, req.T("gm.monster.to_hit", "Bonus", signedNum(sc.ToHit)))
	}
	groups := map[string][]string{}
	var order []string
	add := func(k, spell string) {
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], spellName(req, spell))
	}
	for _, s := range sc.Spells {
		switch {
		case s.AtWill:
			add(req.T("gm.monster.at_will"), s.ID)
		case s.PerDay > 0:
			add(req.T(dnd5e.LabelPerDay, "Count", s.PerDay), s.ID)
		case s.Level == 0:
			add(req.T("gm.monster.cantrips"), s.ID)
		default:
			slots := 0
			if s.Level-1 < len(sc.Slots) {
				slots = sc.Slots[s.Level-1]
			}
			add(req.T("gm.monster.spell_level", "Level", s.Level, "Slots", slots), s.ID)
		}
	}
	lines := []string{req.P.Label("**"+req.T("monster.action."+sc.ID)+"**", strings.Join(head, " · "))}
	for _, k := range order {
		lines = append(lines, "  ◦ "+req.P.Label(k, req.P.List(groups[k])))
	}
	return strings.Join(lines, "\n")
}
