package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

const dicePat = `(\d+d\d+(?: ?[+-] ?\d+)?)`

var (
	attackHead = regexp.MustCompile(`^\s*(Melee or Ranged Weapon Attack|Melee Weapon Attack|Ranged Weapon Attack|Melee Spell Attack|Ranged Spell Attack):\s*\+(\d+) to hit`)
	reachRe    = regexp.MustCompile(`reach (\d+) ft\.`)
	rangeRe    = regexp.MustCompile(`range (\d+)(?:/(\d+))? ft\.`)
	saveRe     = regexp.MustCompile(`DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw`)
	escapeRe   = regexp.MustCompile(`escape DC (\d+)`)
	halfRe     = regexp.MustCompile(`half as much|half damage|half the damage`)
	failRe     = regexp.MustCompile(`\d+ \(` + dicePat + `\) (\w+) damage on a failed save`)
	orTakeRe   = regexp.MustCompile(`or take \d+ \(` + dicePat + `\) (\w+) damage`)
	variantRe  = regexp.MustCompile(`or \d+ \(` + dicePat + `\) (\w+) damage,? (if used with two hands|at range|if the swarm has half of its hit points or fewer|while enlarged|with shillelagh)`)
	extraRe    = regexp.MustCompile(`extra \d+ \(` + dicePat + `\) (?:(\w+) )?damage`)
	toHitRe    = regexp.MustCompile(`\+(\d+) to hit`)
	diceRe     = regexp.MustCompile(`\(` + dicePat + `\)`)
	dcRe       = regexp.MustCompile(`DC (\d+)`)
	costRe     = regexp.MustCompile(`\(Costs (\d+) Actions\)`)
)

var attackKinds = map[string]AttackKind{
	"Melee Weapon Attack":           "melee_weapon",
	"Ranged Weapon Attack":          "ranged_weapon",
	"Melee or Ranged Weapon Attack": "melee_or_ranged_weapon",
	"Melee Spell Attack":            "melee_spell",
	"Ranged Spell Attack":           "ranged_spell",
}

var abilityNames = map[string]Ability{
	"Strength": "str", "Dexterity": "dex", "Constitution": "con",
	"Intelligence": "int", "Wisdom": "wis", "Charisma": "cha",
}

var variants = map[string]Variant{"One handed": "one_handed", "Two handed": "two_handed", "With shillelagh": "shillelagh"}

// textVariants are the alternatives the text gives: (the default's variant, the alternative's).
var textVariants = map[string][2]Variant{
	"if used with two hands": {"one_handed", "two_handed"},
	"at range":               {"melee", "ranged"},
	"if the swarm has half of its hit points or fewer": {"", "half_hp"},
	"while enlarged":  {"", "enlarged"},
	"with shillelagh": {"", "shillelagh"},
}

func normDice(s string) string { return strings.ReplaceAll(s, " ", "") }

// pending is an action being built, with what the second pass needs.
type pending struct {
	MonsterAction
	desc  string     // where its numbers are described
	steps [][]rawRef // multiattack steps by name
}

type rawRef struct {
	name  string
	count any
}

// actions converts every part of the stat block with numbers: traits,
// actions, reactions, legendary actions, spellcasting.
func actions(m *Monster, s *srdMonster, ex *[]MonsterException) error {
	var all []*pending
	for _, group := range []struct {
		kind ActionKind
		list []srdAction
	}{{"trait", s.SpecialAbilities}, {"action", s.Actions}, {"reaction", s.Reactions}, {"legendary", s.LegendaryActions}} {
		for i := range group.list {
			a := &group.list[i]
			if a.Spellcasting != nil {
				m.Spellcasting = append(m.Spellcasting, spellcasting(a))
				continue
			}
			if group.kind == "trait" && !hasNumbers(a) {
				continue
			}
			p, subs, err := action(group.kind, a)
			if err != nil {
				return fmt.Errorf("%s: %w", a.Name, err)
			}
			all = append(all, p)
			all = append(all, subs...)
		}
	}
	if len(s.LegendaryActions) > 0 {
		m.Legendary = 3
	}
	seen := map[string]bool{}
	for _, p := range all {
		k := string(p.Kind) + "/" + p.ID
		if seen[k] {
			return fmt.Errorf("two %s actions with the id %s", p.Kind, p.ID)
		}
		seen[k] = true
	}
	for _, p := range all {
		resolve(p, all, m, ex)
		m.Actions = append(m.Actions, p.MonsterAction)
	}
	for _, p := range all {
		if p.Parent != "" {
			continue
		}
		if miss := unaccounted(p, all); len(miss) > 0 {
			*ex = append(*ex, MonsterException{m.ID, p.ID, "prose", miss})
		}
	}
	return nil
}

func hasNumbers(a *srdAction) bool {
	return a.AttackBonus != nil || len(a.Damage) > 0 || a.DC != nil || a.Usage != nil ||
		diceRe.MatchString(a.Desc) || dcRe.MatchString(a.Desc)
}

// action converts one entry; subs are its options (breath weapons, roars).
func action(kind ActionKind, a *srdAction) (*pending, []*pending, error) {
	p := &pending{desc: a.Desc}
	p.ID, p.Kind = slug(a.Name), kind
	if kind == "legendary" {
		p.Cost = 1
		if m := costRe.FindStringSubmatch(a.Name); m != nil {
			p.Cost, _ = strconv.Atoi(m[1])
		}
	}
	if u := a.Usage; u != nil {
		switch u.Type {
		case "recharge on roll":
			p.Recharge = u.MinValue
		case "per day":
			p.PerDay = u.Times
		case "recharge after rest":
			p.PerRest = true
		default:
			return nil, nil, fmt.Errorf("usage %q", u.Type)
		}
	}
	if err := attackRoll(p, a); err != nil {
		return nil, nil, err
	}
	if err := numbers(p, a.Damage, a.DC, a.Desc); err != nil {
		return nil, nil, err
	}
	if a.Multiattack != "" {
		p.steps = multiattackSteps(a)
	}
	var subs []*pending
	var opts []srdOption
	if a.Options != nil {
		opts = a.Options.From.Options
	}
	opts = append(opts, a.Attacks...)
	for _, o := range opts {
		sub := &pending{desc: segment(a.Desc, o.Name)}
		sub.ID, sub.Kind, sub.Parent = slug(o.Name), kind, p.ID
		if err := numbers(sub, o.Damage, o.DC, sub.desc); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", o.Name, err)
		}
		p.Options = append(p.Options, sub.ID)
		subs = append(subs, sub)
	}
	return p, subs, nil
}

// segment is the line of desc that describes the option called name.
func segment(desc, name string) string {
	for _, line := range strings.Split(desc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), name+".") {
			return line
		}
	}
	return ""
}

func attackRoll(p *pending, a *srdAction) error {
	m := attackHead.FindStringSubmatch(a.Desc)
	if a.AttackBonus == nil {
		if m != nil {
			return fmt.Errorf("an attack in the text but no attack_bonus")
		}
		return nil
	}
	p.ToHit = *a.AttackBonus
	if m == nil {
		return nil // reported by unaccounted: the kind of attack is in words only
	}
	if n, _ := strconv.Atoi(m[2]); n != p.ToHit {
		return fmt.Errorf("attack_bonus %d, text +%d", p.ToHit, n)
	}
	p.Attack = attackKinds[m[1]]
	head := a.Desc
	if i := strings.Index(head, "Hit:"); i > 0 {
		head = head[:i]
	}
	reach, rng := reachRe.FindStringSubmatch(head), rangeRe.FindStringSubmatch(head)
	if r := reach; r != nil {
		p.Reach, _ = strconv.Atoi(r[1])
	}
	if r := rng; r != nil {
		p.Range, _ = strconv.Atoi(r[1])
		if r[2] != "" {
			p.LongRange, _ = strconv.Atoi(r[2])
		}
	}
	melee := p.Attack == "melee_weapon" || p.Attack == "melee_spell" || p.Attack == "melee_or_ranged_weapon"
	ranged := p.Attack == "ranged_weapon" || p.Attack == "ranged_spell" || p.Attack == "melee_or_ranged_weapon"
	if melee && reach == nil || ranged && rng == nil {
		return fmt.Errorf("no reach or range in %q", head)
	}
	return nil
}

// numbers fills damage, save, escape DC from the structured data and the text.
func numbers(p *pending, dmg []srdDamage, dc *srdDC, desc string) error {
	choice := 0
	for _, d := range dmg {
		switch {
		case d.Choose > 0 && d.From != nil:
			choice++
			for _, o := range d.From.Options {
				c, err := component(o)
				if err != nil {
					return err
				}
				c.Choice, c.Variant = choice, variants[o.Notes]
				p.Damage = append(p.Damage, c)
			}
		default:
			c, err := component(d)
			if err != nil {
				return err
			}
			if d.DC != nil {
				c.OnFail = true
				if dc == nil {
					dc = d.DC
				}
			}
			p.Damage = append(p.Damage, c)
		}
	}
	switch {
	case dc != nil:
		p.Save = &MonsterSave{DC: dc.DCValue, Ability: Ability(dc.DCType.Index), Half: dc.SuccessType == "half"}
	default:
		if m := saveRe.FindStringSubmatch(desc); m != nil {
			n, _ := strconv.Atoi(m[1])
			p.Save = &MonsterSave{DC: n, Ability: abilityNames[m[2]]}
		}
	}
	if p.Save != nil && halfRe.MatchString(desc) {
		p.Save.Half = true
	}
	if m := escapeRe.FindStringSubmatch(desc); m != nil {
		p.EscapeDC, _ = strconv.Atoi(m[1])
	}
	if m := variantRe.FindStringSubmatch(desc); m != nil && choice == 0 && len(p.Damage) > 0 && string(p.Damage[0].Type) == m[2] {
		choice++
		v := textVariants[m[3]]
		p.Damage[0].Choice, p.Damage[0].Variant = choice, v[0]
		alt := MonsterDamage{Dice: normDice(m[1]), Type: DamageType(m[2]), Choice: choice, Variant: v[1]}
		p.Damage = slices.Insert(p.Damage, 1, alt)
	}
	for _, m := range extraRe.FindAllStringSubmatch(desc, -1) {
		d, typ := normDice(m[1]), m[2]
		if typ != "" && !damageTypes[typ] || slices.ContainsFunc(p.Damage, func(c MonsterDamage) bool { return c.Dice == d }) {
			continue
		}
		p.Damage = append(p.Damage, MonsterDamage{Dice: d, Type: DamageType(typ)})
	}
	if p.Save != nil {
		onFail(p, desc)
	}
	return nil
}

// onFail marks the damage taken on a failed save, adding what only the text gives.
func onFail(p *pending, desc string) {
	if p.Attack == "" {
		for i := range p.Damage {
			p.Damage[i].OnFail = true
		}
	}
	for _, m := range append(failRe.FindAllStringSubmatch(desc, -1), orTakeRe.FindAllStringSubmatch(desc, -1)...) {
		d, typ := normDice(m[1]), m[2]
		if !damageTypes[typ] {
			continue
		}
		found := false
		for i := range p.Damage {
			if p.Damage[i].Dice == d && string(p.Damage[i].Type) == typ {
				p.Damage[i].OnFail, found = true, true
			}
		}
		if !found {
			p.Damage = append(p.Damage, MonsterDamage{Dice: d, Type: DamageType(typ), OnFail: true})
		}
	}
}

func component(d srdDamage) (MonsterDamage, error) {
	if d.DamageType == nil || !damageTypes[d.DamageType.Index] {
		return MonsterDamage{}, fmt.Errorf("damage type %+v", d.DamageType)
	}
	return MonsterDamage{Dice: normDice(d.DamageDice), Type: DamageType(d.DamageType.Index)}, nil
}

func multiattackSteps(a *srdAction) [][]rawRef {
	if a.ActionOptions == nil {
		var one []rawRef
		for _, s := range a.Steps {
			one = append(one, rawRef{s.ActionName, s.Count})
		}
		return [][]rawRef{one}
	}
	var out [][]rawRef
	for _, o := range a.ActionOptions.From.Options {
		var one []rawRef
		items := o.Items
		if o.OptionType != "multiple" {
			items = []srdOption{o}
		}
		for _, it := range items {
			one = append(one, rawRef{it.ActionName, it.Count})
		}
		out = append(out, one)
	}
	return out
}

// resolve turns multiattack names into action ids and finds what a
// legendary action uses.
func resolve(p *pending, all []*pending, m *Monster, ex *[]MonsterException) {
	for _, opt := range p.steps {
		var steps []MultiattackStep
		for _, r := range opt {
			id := lookup(r.name, all, m)
			if id == "" {
				*ex = append(*ex, MonsterException{m.ID, p.ID, "multiattack_ref", []string{slug(r.name)}})
				continue
			}
			st := MultiattackStep{Action: id}
			switch c := r.count.(type) {
			case float64:
				st.Count = int(c)
			case string:
				if diceRe.MatchString("(" + c + ")") {
					st.Dice = c
				} else {
					st.Count = 5 // the hydra: one bite per head, five at the start
					*ex = append(*ex, MonsterException{m.ID, p.ID, "multiattack_count", []string{slug(c)}})
				}
			}
			steps = append(steps, st)
		}
		p.Multiattack = append(p.Multiattack, steps)
	}
	if p.Kind != "legendary" {
		return
	}
	text := strings.ToLower(p.desc)
	for _, o := range all {
		if o.Kind != "action" || o.ID == "multiattack" || slices.Contains(p.Uses, o.ID) {
			continue
		}
		name := strings.ReplaceAll(o.ID, "_", " ")
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `s?\b`).MatchString(text) {
			p.Uses = append(p.Uses, o.ID)
		}
	}
}

func lookup(name string, all []*pending, m *Monster) string {
	id := slug(name)
	for _, o := range all {
		if o.Kind == "action" && (o.ID == id || o.ID == id+"s" || o.ID+"s" == id) {
			return o.ID
		}
	}
	for _, sc := range m.Spellcasting {
		if sc.ID == id {
			return sc.ID
		}
	}
	return ""
}

// unaccounted lists the dice and DCs in the text that the table does not hold.
func unaccounted(p *pending, all []*pending) []string {
	have := map[string]bool{}
	add := func(q *pending) {
		for _, d := range q.Damage {
			have[d.Dice] = true
		}
		if q.Save != nil {
			have["DC"+strconv.Itoa(q.Save.DC)] = true
		}
		if q.EscapeDC > 0 {
			have["DC"+strconv.Itoa(q.EscapeDC)] = true
		}
	}
	add(p)
	for _, q := range all {
		if q.Parent == p.ID && q.Kind == p.Kind {
			add(q)
		}
	}
	var miss []string
	note := func(s string) {
		if !have[s] && !slices.Contains(miss, s) {
			miss = append(miss, s)
		}
	}
	for _, m := range diceRe.FindAllStringSubmatch(p.desc, -1) {
		note(normDice(m[1]))
	}
	for _, m := range dcRe.FindAllStringSubmatch(p.desc, -1) {
		note("DC" + m[1])
	}
	for _, m := range toHitRe.FindAllStringSubmatch(p.desc, -1) {
		if n, _ := strconv.Atoi(m[1]); n != p.ToHit || p.Attack == "" {
			note("+" + m[1] + "hit")
		}
	}
	return miss
}

func spellcasting(a *srdAction) Spellcasting {
	sc := a.Spellcasting
	out := Spellcasting{
		ID: slug(a.Name), Ability: Ability(sc.Ability.Index), DC: sc.DC, ToHit: sc.Mod,
		Level: sc.Level, Class: Class(sc.School),
	}
	for _, k := range sortedKeys(sc.Slots) {
		lvl, _ := strconv.Atoi(k)
		for len(out.Slots) < lvl {
			out.Slots = append(out.Slots, 0)
		}
		out.Slots[lvl-1] = sc.Slots[k]
	}
	for _, s := range sc.Spells {
		i := strings.LastIndex(s.URL, "/")
		ms := MonsterSpell{ID: strings.ReplaceAll(s.URL[i+1:], "-", "_"), Level: s.Level}
		if u := s.Usage; u != nil {
			ms.AtWill = u.Type == "at will"
			if u.Type == "per day" {
				ms.PerDay = u.Times
			}
		}
		out.Spells = append(out.Spells, ms)
	}
	return out
}
