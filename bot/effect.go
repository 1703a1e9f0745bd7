package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /effect add|remove|list (issue 13): effects the bot cannot know by itself — a magic item, a house rule, a GM's
// ruling, a spell an untracked caster cast — on a 5e character or an NPC of the channel's encounter. One /effect add
// gives one change (change: with the options it reads); merge:true adds it to an effect of that name. A spell's
// name with no change: puts the spell's own effect (no slot, no concentration). Owners manage their own
// character's effects, GMs anyone's.

// The choices of /effect add.
var (
	effectChanges = []dnd5e.ModKind{dnd5e.ModBonus, dnd5e.ModAdvantage, dnd5e.ModDisadvantage, dnd5e.ModMinD20,
		dnd5e.ModCritRange, dnd5e.ModCritDice, dnd5e.ModAC, dnd5e.ModACBase, dnd5e.ModACMin, dnd5e.ModDamage,
		dnd5e.ModResist, dnd5e.ModImmune, dnd5e.ModVuln, dnd5e.ModSpeed, dnd5e.ModSpeedFactor, dnd5e.ModMaxHP,
		dnd5e.ModTempHP, dnd5e.ModExtraAttacks, dnd5e.ModCondImmune, dnd5e.ModEvasion, dnd5e.ModSaveAutoFail,
		dnd5e.ModSeeInvisible, dnd5e.ModRegen, dnd5e.ModNoHealing, dnd5e.ModNote}
	effectDurations = []string{"until_removed", "rounds", "minutes", "hours", "short_rest", "long_rest", "turn_start", "turn_end"}
	effectSources   = []string{string(dnd5e.SourceCustom), string(dnd5e.SourceItem)}
)

func (b *Bot) effectCommand() *Command {
	target := func() *Option {
		return &Option{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeTargets}
	}
	var changes, rolls, attacks []string
	for _, k := range effectChanges {
		changes = append(changes, string(k))
	}
	for _, r := range dnd5e.RollScopes() {
		rolls = append(rolls, string(r))
	}
	for _, f := range dnd5e.AttackFilters()[1:] {
		attacks = append(attacks, string(f))
	}
	return &Command{
		Name: "effect",
		Options: []*Option{
			{Name: "add", Type: SubCommand, Handler: b.effectAdd, Options: []*Option{
				{Name: "name", Type: String, Required: true, MaxLen: dnd5e.MaxNameLen, Complete: b.completeEffectAdd},
				target(),
				{Name: "change", Type: String, Choices: changes},
				{Name: "roll", Type: String, Choices: rolls},
				{Name: "value", Type: Integer, Min: Bound(-dnd5e.MaxHPLimit), Max: Bound(dnd5e.MaxHPLimit)},
				{Name: "dice", Type: String, MaxLen: 32},
				{Name: "ability", Type: String, MaxLen: 32, Complete: completeAbility},
				{Name: "skill", Type: String, MaxLen: 64, Complete: completeSkill},
				{Name: "type", Type: String, MaxLen: 32, Complete: completeDamageType},
				{Name: "attack", Type: String, Choices: attacks},
				{Name: "condition", Type: String, MaxLen: 32, Complete: completeCondition},
				{Name: "vs", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeTargets},
				{Name: "duration", Type: String, Choices: effectDurations},
				{Name: "length", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxRounds)},
				{Name: "uses", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxEffectUses)},
				{Name: "source", Type: String, Choices: effectSources},
				{Name: "merge", Type: Boolean},
			}, Examples: []string{
				`/effect add name:"Cloak of Protection" change:ac value:1 source:item`,
				`/effect add name:"Cloak of Protection" change:bonus roll:save value:1 source:item merge:true`,
				`/effect add name:"Flame Tongue" change:damage dice:2d6 type:fire attack:melee_weapon source:item`,
				`/effect add name:"Lucky charm" change:advantage roll:check ability:cha uses:1`,
				`/effect add name:bless target:Borin duration:minutes length:1`,
				`/effect add name:"Mark" change:damage dice:1d6 vs:"Goblin 1" target:Aria duration:hours length:1`,
			}},
			{Name: "remove", Type: SubCommand, Handler: b.effectRemove, Options: []*Option{
				{Name: "name", Type: String, Required: true, MaxLen: dnd5e.MaxNameLen, Complete: b.completeEffectOn},
				target(),
			}, Examples: []string{"/effect remove name:bless target:Borin", `/effect remove name:"Cloak of Protection"`}},
			{Name: "list", Type: SubCommand, Handler: b.effectList, Options: []*Option{target()},
				Examples: []string{"/effect list", `/effect list target:"Goblin 1"`}},
		},
	}
}

// effectJSON is one effect in the JSON of /effect.
type effectJSON struct {
	dnd5e.ActiveEffect
	Name    string `json:"name"` // in the reply language
	Passive bool   `json:"passive,omitempty"`
}

// effectResult is the JSON of /effect add and remove.
type effectResult struct {
	Target   string          `json:"target"`
	NPC      bool            `json:"npc,omitempty"`
	Effect   effectJSON      `json:"effect"`
	Replaced bool            `json:"replaced,omitempty"`
	Removed  bool            `json:"removed,omitempty"`
	HP       *dnd5e.HPChange `json:"hp,omitempty"`
	Ended    []string        `json:"ended,omitempty"` // conditions it made the creature immune to, ended
}

// effectListResult is the JSON of /effect list.
type effectListResult struct {
	Target  string       `json:"target"`
	NPC     bool         `json:"npc,omitempty"`
	Effects []effectJSON `json:"effects"`
}

func (b *Bot) effectAdd(req *Request) (*Reply, error) {
	e, err := readEffect(req)
	if err != nil {
		return nil, err
	}
	res, err := b.cfg.Table.EffectAdd(req.Ctx, req.caller(), req.Str("target"), e, req.Bool("merge"))
	if err != nil {
		return nil, err
	}
	return effectReply(req, res), nil
}

func (b *Bot) effectRemove(req *Request) (*Reply, error) {
	res, err := b.cfg.Table.EffectRemove(req.Ctx, req.caller(), req.Str("target"), req.Str("name"))
	if err != nil {
		return nil, err
	}
	return effectReply(req, res), nil
}

func (b *Bot) effectList(req *Request) (*Reply, error) {
	r, lines, err := b.effectListLines(req, req.Str("target"))
	if err != nil {
		return nil, err
	}
	return showPage(req, r, "effects", req.Str("target"), lines, 0), nil
}

// effectListLines builds /effect list of a target ("": the caller's active character), paged by showPage.
func (b *Bot) effectListLines(req *Request, target string) (*Reply, []string, error) {
	l, err := b.cfg.Table.EffectList(req.Ctx, req.caller(), target)
	if err != nil {
		return nil, nil, err
	}
	out := effectListResult{Target: l.Name, NPC: l.NPC, Effects: []effectJSON{}}
	var lines []string
	for i, e := range l.Effects {
		passive := i >= len(l.Effects)-l.Passive
		out.Effects = append(out.Effects, effectJSON{ActiveEffect: e, Name: effectName(req, e.ID, e.Source), Passive: passive})
		lines = append(lines, "• "+effect5eText(req, e))
	}
	if len(lines) == 0 {
		lines = []string{req.T("fx.none", "Name", l.Name)}
	}
	return &Reply{Title: req.T("fx.list_title", "Name", l.Name), Footer: l.Name, Result: out}, lines, nil
}

// effectReply words what /effect add or remove did.
func effectReply(req *Request, res *play.EffectResult) *Reply {
	ch := res.Change
	e := ch.Effect
	name := effectName(req, e.ID, e.Source)
	out := effectResult{Target: res.Name, NPC: res.NPC, Effect: effectJSON{ActiveEffect: e, Name: name},
		Replaced: ch.Replaced, Removed: ch.Removed}
	if !res.Vague {
		out.HP = ch.HP
	}
	for _, c := range ch.Ended {
		out.Ended = append(out.Ended, string(c))
	}
	key := "fx.added"
	switch {
	case ch.Removed:
		key = "fx.removed"
	case ch.Replaced:
		key = "fx.replaced"
	}
	lines := []string{req.T(key, "Name", res.Name, "Effect", name)}
	if !ch.Removed {
		lines = append(lines, effect5eText(req, e))
	}
	if ch.HP != nil && !ch.HP.NoEffect && !res.Vague {
		lines = append(lines, req.P.Label(res.Name, hpChangeLine(req, ch.HP)))
	}
	for _, c := range ch.Ended {
		lines = append(lines, req.T("init.expired", "Name", res.Name, "Condition", req.T(c.Key())))
	}
	return &Reply{Title: req.T("fx.title", "Name", res.Name), Body: strings.Join(lines, "\n"), Footer: res.Name,
		Tone: ToneSuccess, Result: out}
}

// readEffect builds /effect add's effect: a spell's own (a spell's name and no change:), or one change with what
// narrows it, its source, duration and uses.
func readEffect(req *Request) (dnd5e.ActiveEffect, error) {
	name := strings.TrimSpace(req.Str("name"))
	d, err := readDuration(req)
	if err != nil {
		return dnd5e.ActiveEffect{}, err
	}
	if !req.Has("change") {
		sp, err := parseSpell(name)
		if err != nil {
			return dnd5e.ActiveEffect{}, Errorf("fx.err.need_change", "Name", name)
		}
		e, ok, err := spellEffect(req, sp)
		if err != nil {
			return dnd5e.ActiveEffect{}, err
		}
		if !ok {
			return dnd5e.ActiveEffect{}, Errorf("fx.err.spell_no_effect", "Spell", req.T(sp.Key()))
		}
		if req.Has("duration") || req.Has("length") {
			e.Duration = d
		}
		if req.Has("uses") {
			e.Uses = req.Int("uses", 0)
		}
		return e, nil
	}
	m := dnd5e.Mod{Kind: dnd5e.ModKind(req.Str("change")), Roll: dnd5e.RollScope(req.Str("roll")), Value: req.Int("value", 0),
		Dice: strings.TrimSpace(req.Str("dice")), Attack: dnd5e.AttackFilter(req.Str("attack")), Vs: strings.TrimSpace(req.Str("vs"))}
	if req.Has("ability") {
		if m.Ability, err = parseAbility(req.Str("ability")); err != nil {
			return dnd5e.ActiveEffect{}, err
		}
	}
	if req.Has("skill") {
		if m.Skill, err = parseSkill(req.Str("skill")); err != nil {
			return dnd5e.ActiveEffect{}, err
		}
	}
	if req.Has("type") {
		if m.Type, err = parseDamageType(req.Str("type")); err != nil {
			return dnd5e.ActiveEffect{}, err
		}
	}
	if req.Has("condition") {
		if m.Condition, err = parseCondition(req.Str("condition")); err != nil {
			return dnd5e.ActiveEffect{}, err
		}
	}
	src := dnd5e.EffectSource{Kind: dnd5e.SourceKind(req.Str("source")), Name: name}
	if src.Kind == "" {
		src.Kind = dnd5e.SourceCustom
	}
	e := dnd5e.NewEffect(src, d, m)
	e.Uses = req.Int("uses", 0)
	return e, e.Validate()
}

// spellEffect is the effect a spell puts on its targets (or, for a spell on its caster only, on its caster), at
// its own level, with no caster and no concentration.
func spellEffect(req *Request, sp dnd5e.Spell) (dnd5e.ActiveEffect, bool, error) {
	ec := dnd5e.EffectCast{Level: sp.Level}
	for _, caster := range []bool{false, true} {
		e, _, ok, err := sp.SpellEffects(ec, caster, req.Dice)
		if err != nil || ok {
			return e, ok, err
		}
	}
	return dnd5e.ActiveEffect{}, false, nil
}

// readDuration reads duration: and length: (rounds, minutes or hours); until removed when neither is given, rounds
// when only length: is.
func readDuration(req *Request) (dnd5e.Duration, error) {
	n := req.Int("length", 0)
	kind := req.Str("duration")
	if kind == "" && n > 0 {
		kind = "rounds"
	}
	switch kind {
	case "", "until_removed":
		return dnd5e.Duration{}, nil
	case "rounds", "minutes", "hours":
		if n < 1 {
			return dnd5e.Duration{}, Errorf("fx.err.need_length")
		}
		d := map[string]dnd5e.Duration{"rounds": dnd5e.Rounds(n), "minutes": dnd5e.Minutes(n), "hours": dnd5e.Hours(n)}[kind]
		if d.Rounds > dnd5e.MaxRounds {
			return dnd5e.Duration{}, Errorf("fx.err.too_long", "Max", dnd5e.MaxRounds)
		}
		return d, nil
	}
	return dnd5e.Duration{Kind: dnd5e.DurationKind(kind)}, nil
}

// completeEffectAdd suggests, for /effect add name:, the spells that put an effect, then what the target already
// has (to merge into or replace).
func (b *Bot) completeEffectAdd(req *Request) []Choice {
	var entries []Choice
	for _, sp := range dnd5e.Spells() {
		if len(sp.Effects) > 0 {
			entries = append(entries, Choice{Name: req.T(sp.Key()), Value: sp.ID})
		}
	}
	out := append(b.completeEffectOn(req), completeNames(req, entries, kindSpell)...)
	return out[:min(25, len(out))]
}

// completeEffectOn suggests the target's stored effects whose name contains what was typed.
func (b *Bot) completeEffectOn(req *Request) []Choice {
	if req.GuildID == "" {
		return nil
	}
	l, err := b.cfg.Table.EffectList(req.Ctx, req.caller(), req.Str("target"))
	if err != nil {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	for _, e := range l.Effects[:len(l.Effects)-l.Passive] {
		name := effectName(req, e.ID, e.Source)
		if strings.Contains(strings.ToLower(name), typed) || strings.Contains(e.ID, typed) {
			out = append(out, Choice{Name: name, Value: e.ID})
		}
	}
	return out[:min(25, len(out))]
}
