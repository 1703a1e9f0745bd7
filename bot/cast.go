package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/area"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// /cast for a D&D 5e character (digest B6, B10, B11). The command itself is shared with Rogue's Tale
// (rogue_play.go routes by the caster's system); these are its 5e options and handler.
//
// Decisions:
//   - Targets are a comma list of names: the channel's combatants first, then the guild's 5e characters. An
//     area spell with origin: adds every combatant whose square is inside the area (the guild's aoe_method, or
//     method:), except the caster for a spell with a range of self (burning hands, thunderwave).
//   - Everything lands in one transaction: the slot, the caster's concentration (a new concentration spell ends
//     the old one), damage and healing on sheets and encounter NPCs, and the CON save of every concentrating
//     character that takes damage (DC max(10, half the damage)), or the loss of its spell when it drops.
//   - Tracked targets roll their own saves: a sheet's save bonus; an NPC its /init add saves: modifiers, else its
//     initiative bonus for DEX saves and +0 for the others; an NPC's resist:, vuln: and immune: apply to the damage.
//     NPC HP is worded as a vague state for players.
//   - The conditions the spell imposes land on the targets that failed their save, were hit or were affected, and
//     a concentration spell's end with the caster's concentration (spellcond.go). Sleep and color spray spend their
//     pool on the targets in ascending order of HP; a target the pool or a power word's limit passes over is
//     unaffected.
//   - Distance for spell attacks (prone targets, automatic crits): from the grid positions when both are
//     known, else 5 ft for a melee spell attack and 30 ft for a ranged one.
//   - invalid: names targets the spell cannot affect (B10, G-B5): nothing happens to them with no roll; they
//     appear to save when a save would avoid the effect; the slot is spent.

// cast5eOptions are the options only 5e casting reads (spell, target, bonus and character are shared).
func (b *Bot) cast5eOptions() []*Option {
	return []*Option{
		{Name: "level", Type: Integer, Min: Bound(1), Max: Bound(9)},
		{Name: "origin", Type: String, MaxLen: 32},
		{Name: "direction", Type: String, MaxLen: 32, Complete: completeDirection},
		{Name: "method", Type: String, Choices: aoeMethodChoices},
		modeOption(),
		{Name: "ritual", Type: Boolean},
		{Name: "any_class", Type: Boolean},
		{Name: "invalid", Type: String, MaxLen: 200, Complete: b.completeCombatant},
		privateOption(),
		{Name: "choice", Type: String, MaxLen: 32, Complete: completeSpellChoice},
		{Name: "cover", Type: String, Choices: coverChoices}, // the targets' cover (+2/+5 to AC and DEX saves)
		b.asOption(), // an NPC casts (npc.go)
	}
}

// cast5eOnly are the option names a Rogue's Tale caster may not use, castRogueOnly those a 5e caster may not.
var (
	cast5eOnly    = []string{"level", "origin", "direction", "method", "mode", "ritual", "any_class", "invalid", "choice", "as", "cover"}
	castRogueOnly = []string{"scroll"}
)

// castTargetResult is one target of a 5e /cast in JSON.
type castTargetResult struct {
	Name string `json:"name"`
	// Outcome: hit or miss (spell attacks: hit when any ray hit), success or failure (its save), affected (no
	// attack and no save: magic missile, healing), no_effect (an invalid target of a spell no save avoids),
	// unaffected (passed over by sleep's or color spray's pool, or over a power word's hit points).
	Outcome       string          `json:"outcome"`
	Damage        int             `json:"damage"` // dealt, after its defences and halving
	Heal          int             `json:"heal,omitempty"`
	Critical      bool            `json:"critical,omitempty"`
	Status        *hpStatus       `json:"status,omitempty"`
	HPChange      *dnd5e.HPChange `json:"hp_change,omitempty"`
	Concentration *concSaveJSON   `json:"concentration,omitempty"` // its save to keep its own spell
	Conditions    []string        `json:"conditions,omitempty"`    // the conditions the spell put on it
	Immune        []string        `json:"immune,omitempty"`        // the conditions it is immune to (an NPC's monster)
	oddsJSON                      // chance (odds.go): of a hit for a spell attack (one ray's), of saving for a save
	Effects       []string        `json:"effects,omitempty"`    // the effects the spell put on it (ids)
	Stabilized    bool            `json:"stabilized,omitempty"` // spare the dying
	Revived       bool            `json:"revived,omitempty"`
}

// castResult is the JSON of /cast by a 5e character.
type castResult struct {
	Caster        string                     `json:"caster"`
	Spell         string                     `json:"spell"`
	Level         int                        `json:"level"`
	SlotLevel     int                        `json:"slot_level"` // 0 for cantrips and rituals
	SlotsLeft     int                        `json:"slots_left"`
	DC            int                        `json:"dc,omitempty"`
	ToHit         *int                       `json:"to_hit,omitempty"`
	Concentration *dnd5e.ConcentrationChange `json:"concentration,omitempty"`
	Area          *aoeResult                 `json:"area,omitempty"`
	Targets       []castTargetResult         `json:"targets"`
	Detail        *dnd5e.CastResult          `json:"detail"`
	Choice        string                     `json:"choice,omitempty"`
	CasterEffects []string                   `json:"caster_effects,omitempty"` // the effects it put on its caster (ids)
	Shield        *play.ShieldReaction       `json:"shield,omitempty"`         // shield against the attack that had just hit
}

// readCast5e reads /cast's options as a D&D 5e spell: the spell, its level, targets, area and roll options.
func readCast5e(req *Request) (r play.Reading[play.Cast5e]) {
	if r.Err = refuseOptions(req, system5e, castRogueOnly); r.Err != nil {
		return r
	}
	k := play.Cast5e{Level: req.Int("level", 0), Targets: splitList(req.Str("target")), Invalid: splitList(req.Str("invalid")),
		Bonus: strings.TrimSpace(req.Str("bonus")), Ritual: req.Bool("ritual"), AnyClass: req.Bool("any_class")}
	if req.Has("distance") {
		d := req.Int("distance", 0)
		k.Distance = &d
	}
	k.Cover = dnd5e.Cover(req.Str("cover"))
	if k.Spell, r.Err = parseSpell(req.Str("spell")); r.Err != nil {
		return r
	}
	if req.Has("choice") {
		if k.Choice, r.Err = parseSpellChoice(req, k.Spell, req.Str("choice")); r.Err != nil {
			return r
		}
	}
	if k.Mode, r.Err = dnd5e.ParseMode(req.Str("mode")); r.Err != nil {
		return r
	}
	if req.Has("origin") && k.Spell.Area.Shape == "" {
		r.Err = Errorf("cast.err.no_area", "Spell", req.T(k.Spell.Key()))
		return r
	}
	if !req.Has("origin") && (req.Has("direction") || req.Has("method")) {
		r.Err = Errorf("cast.err.origin_needed")
		return r
	}
	if req.Has("origin") {
		if k.Area, r.Err = readArea(req, area.Shape(k.Spell.Area.Shape), k.Spell.Area.Size, 0); r.Err != nil {
			return r
		}
	}
	r.In = k
	return r
}

func (b *Bot) cast(req *Request) (*Reply, error) {
	in := play.Cast{Character: req.Str("character"), As: strings.TrimSpace(req.Str("as")), Dnd5e: readCast5e(req), Rogue: readCastRT(req)}
	res, err := b.cfg.Table.Cast(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	if res.Rogue != nil {
		return rogueCastReply(req, res.Rogue), nil
	}
	c := res.Dnd5e
	var (
		areaRes *aoeResult
		files   []File
	)
	if fp := in.Dnd5e.In.Area; fp != nil {
		var file File
		if areaRes, file, err = layArea(fp, c.Encounter); err != nil {
			return nil, err
		}
		files = append(files, file)
	}
	return castReply(req, c, areaRes, files), nil
}

// castOutcome is a target's outcome word in JSON (see castTargetResult).
func castOutcome(s dnd5e.Spell, ct dnd5e.CastTarget) (string, bool) {
	crit := false
	switch {
	case ct.Invalid && ct.AppearsSaved:
		return "success", false
	case ct.Invalid:
		return "no_effect", false
	case ct.Unaffected:
		return "unaffected", false
	case len(ct.Attacks) > 0:
		hit := false
		for _, a := range ct.Attacks {
			hit = hit || a.Hit
			crit = crit || a.Crit
		}
		if hit {
			return "hit", crit
		}
		return "miss", false
	case ct.Save != nil && ct.Saved:
		return "success", false
	case ct.Save != nil:
		return "failure", false
	}
	return "affected", false
}

// castReply renders a 5e cast: the slot, the numbers, the shared rolls, each target's roll and what it took, and
// concentration.
func castReply(req *Request, cast *play.Cast5eResult, areaRes *aoeResult, files []File) *Reply {
	c, s, res := cast.Caster, cast.Spell, cast.Result
	name := req.T(s.Key())
	var title string
	switch {
	case res.Ritual:
		title = req.T("cast.title_ritual", "Name", c.Name, "Spell", name)
	case res.SlotLevel > 0:
		title = req.T("cast.title_slot", "Name", c.Name, "Spell", name, "Slot", res.SlotLevel)
	default:
		title = req.T("cast.title", "Name", c.Name, "Spell", name)
	}
	out := castResult{Caster: c.Name, Spell: s.ID, Level: s.Level, SlotLevel: res.SlotLevel, SlotsLeft: res.SlotsLeft,
		DC: res.DC, Concentration: res.Concentration, Area: areaRes, Targets: []castTargetResult{}, Detail: res}
	var lines []string
	if areaRes != nil {
		lines = append(lines, areaLine(req, areaRes))
	}
	if res.DC > 0 {
		l := req.T("cast.dc", "DC", res.DC, "Ability", req.T(s.Save.Key()))
		if s.OnSave != "" {
			l += " · " + req.T(s.OnSave.Key())
		}
		lines = append(lines, l)
	}
	if s.Attack != "" {
		toHit := res.ToHit
		out.ToHit = &toHit
		lines = append(lines, req.T(s.Attack.Key())+" "+signedNum(toHit))
	}
	switch {
	case s.Cantrip() && res.Dice.Tier > 1 && res.Dice.Instances == 0 && res.Dice.Damage != "":
		// the scaled dice, as dice ("2d10"), not as a multiple
		lines = append(lines, req.T("cast.cantrip_dice", "Level", res.Dice.CasterLevel, "Dice", unlabelled(res.Dice.Damage)))
	case s.Cantrip() && res.Dice.Tier > 1:
		lines = append(lines, req.T("cast.cantrip_tier", "Level", res.Dice.CasterLevel, "Tier", res.Dice.Tier))
	}
	if a := res.OpenAttack; a != nil { // cast at no target: the attack and its damage, no verdict
		lines = append(lines, openAttackLines(req, a)...)
	}
	lines = append(lines, openInstanceLines(req, res)...)
	if res.DamageRoll != nil {
		lines = append(lines, req.T("cast.damage_roll", "Roll", rollText(req, res.DamageRoll)))
	}
	if res.HealRoll != nil {
		lines = append(lines, req.T("cast.heal_roll", "Roll", rollText(req, res.HealRoll), "Kind", req.T(s.HealKind.Key())))
	}
	if res.PoolRoll != nil {
		lines = append(lines, req.T("cast.pool_roll", "Roll", rollText(req, res.PoolRoll)))
	}
	tone := ToneNeutral
	for i, f := range cast.Targets {
		tr, more, crit := castTargetLines(req, s, res.Targets[i], f, res.DamageRoll != nil)
		out.Targets = append(out.Targets, tr)
		lines = append(lines, more...)
		if crit {
			tone = ToneCritical
		}
	}
	if len(cast.Targets) == 0 && areaRes != nil {
		lines = append(lines, req.T("aoe.nobody"))
	}
	if res.Choice != "" {
		out.Choice = res.Choice
		lines = append(lines, req.T("fx.choice_line", "Choice", req.T(choiceKey(res.Choice))))
	}
	if !cast.Targeted {
		lines = append(lines, outcomeText(req, cast.CasterHit)...)
	}
	for _, e := range cast.CasterHit.Effects {
		out.CasterEffects = append(out.CasterEffects, e.Effect.ID)
	}
	if sh := cast.Shield; sh != nil {
		out.Shield = sh
		lines = append(lines, shieldLines(req, c.Name, sh)...)
	}
	if res.SlotLevel > 0 && !cast.NPC {
		lines = append(lines, req.T("cast.slots_left", "Slot", res.SlotLevel, "Left", res.SlotsLeft, "Max", c.SpellSlots[res.SlotLevel-1].Max))
	}
	if k := res.Concentration; k != nil {
		l := req.T("cast.concentrating", "Name", c.Name, "Spell", name)
		if k.Ended != "" && k.Ended != k.Started {
			l += " " + req.T("cast.conc_replaced", "Spell", spellName(req, k.Ended))
		}
		lines = append(lines, l)
	}
	if h := cast.CasterHit; h.ConcEnded != "" || h.ConcSave != nil || len(h.Released) > 0 {
		if !cast.Targeted {
			lines = append(lines, concText(req, h)...)
		}
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: c.Name, Tone: tone, Files: files, Result: out}
}

// castTargetLines words what a spell did to one target: its roll (an attack or a save) with the chance, the damage
// by type (its own roll unless the spell rolled once for all: sharedRoll), its HP (vague for an NPC the caller
// does not run), the conditions that landed, its concentration; crit says a spell attack crit it.
func castTargetLines(req *Request, s dnd5e.Spell, ct dnd5e.CastTarget, f play.CastTarget, sharedRoll bool) (castTargetResult, []string, bool) {
	var lines []string
	critTone := false
	outcome, crit := castOutcome(s, ct)
	tr := castTargetResult{Name: f.Name, Outcome: outcome, Damage: ct.Total, Heal: ct.Heal, Critical: crit,
		HPChange: f.Change, Concentration: concSaveOut(f.ConcSave)}
	if (f.Change != nil || f.Heal != nil) && !f.Vague {
		st := hpStatusOf(f.Status)
		tr.Status = &st
	}
	if tr.HPChange == nil {
		tr.HPChange = f.Heal
	}
	if f.Revived != nil { // a spell that restores life (spelloutcome.go): its HP change and status
		tr.HPChange = f.Revived
		st := hpStatusOf(f.Status)
		tr.Status = &st
	}
	// An NPC's numbers are the GM's (HouseShowNPCStats): its AC, its save's roll and bonus, its chances, its HP.
	hide := f.Vague
	if hide {
		tr.HPChange, tr.Status = nil, nil
	}
	tr.Conditions = landedIDs(f.Hit)
	for _, c := range f.Immune {
		tr.Immune = append(tr.Immune, string(c))
	}
	var odds *dnd5e.Odds
	switch {
	case ct.Invalid:
	case len(ct.Attacks) > 0:
		odds = ct.Attacks[0].Odds()
	case ct.Save != nil:
		odds = ct.Save.Odds()
	}
	if hide {
		odds = nil
	}
	tr.oddsJSON = oddsOut(odds)
	who := "**" + f.Name + "**"
	switch {
	case ct.Invalid && ct.AppearsSaved:
		lines = append(lines, req.P.Label(who, req.T("cast.save_line", "Ability", req.T(s.Save.Key()))+" — **"+req.T(dnd5e.OutcomeSuccess.Key())+"**"))
	case ct.Invalid, ct.Unaffected:
		lines = append(lines, req.T("cast.no_effect", "Name", f.Name))
	}
	for _, a := range ct.Attacks {
		l := req.P.Label(who, rollText(req, a.Roll))
		if a.AC > 0 && !hide {
			l += " " + req.T("play.attack.vs_ac", "AC", a.AC)
		}
		switch {
		case a.Fumble:
			l += " — " + req.T("play.attack.fumble")
		case a.AutoCrit: // paralyzed or unconscious within 5 ft: worded as such, never as a natural 20
			l += " — " + req.T("play.attack.auto_crit")
			critTone = true
		case a.Crit:
			l += " — " + req.T("play.attack.crit")
			critTone = true
		case a.Outcome == dnd5e.OutcomeHit:
			l += " — **" + req.T(dnd5e.OutcomeHit.Key()) + "**"
		case a.Outcome == dnd5e.OutcomeMiss:
			l += " — **" + req.T(dnd5e.OutcomeMiss.Key()) + "**"
		}
		if o := a.Odds(); o != nil && !hide {
			l += " · " + req.T("stats.odds.hit_short", "Chance", dice.Percent(o.P))
		}
		lines = append(lines, l)
		if a.Cover != dnd5e.CoverNone {
			lines = append(lines, "• "+req.T("play.attack.cover", "Cover", req.T(a.Cover.Key()), "Bonus", a.Cover.Bonus()))
		}
		lines = append(lines, effectLines(req, a.Effects, a.Cancelled)...)
		onRoll, onHit := splitApplied(a.Applied)
		lines = append(lines, appliedLines(req, onRoll)...)
		lines = append(lines, appliedLines(req, a.TargetApplied)...)
		if a.Damage != nil {
			lines = append(lines, "  "+req.T("play.attack.damage_roll", "Roll", rollText(req, a.Damage.Roll)))
			lines = append(lines, appliedLines(req, onHit)...)
		}
	}
	if sv := ct.Save; sv != nil {
		l := who + ": " + req.T("cast.save_line", "Ability", req.T(s.Save.Key())) + " "
		switch {
		case sv.AutoFail:
			l += req.T("play.roll.auto_fail")
		case hide: // the roll would tell the NPC's save bonus
			l += req.T("play.roll.vs_dc", "DC", sv.DC)
		default:
			l += rollText(req, sv.Roll) + " " + req.T("play.roll.vs_dc", "DC", sv.DC)
		}
		l += " — **" + req.T(sv.Outcome.Key()) + "**"
		if ct.Halved {
			l += " " + req.T("cast.halved")
		}
		if o := sv.Odds(); o != nil && !sv.AutoFail && !hide {
			l += " · " + req.T("stats.odds.save_short", "Chance", dice.Percent(o.P))
		}
		lines = append(lines, l)
		if ct.CoverBonus > 0 {
			lines = append(lines, "• "+req.T("cast.save_cover", "Cover", req.T(ct.Cover.Key()), "Bonus", ct.CoverBonus))
		}
		lines = append(lines, effectLines(req, sv.Effects, sv.Cancelled)...)
		lines = append(lines, appliedLines(req, sv.Applied)...)
	}
	if ct.Damage != nil && ct.Total > 0 && ct.Save == nil && len(ct.Attacks) == 0 && ct.Damage.Roll != nil && !sharedRoll {
		lines = append(lines, req.P.Label(who, req.T("cast.damage_roll", "Roll", rollText(req, ct.Damage.Roll))))
	}
	if ct.Total > 0 {
		var parts []dnd5e.DamagePart
		if ct.Damage != nil {
			parts = ct.Damage.Parts
		}
		for _, a := range ct.Attacks {
			if a.Damage != nil {
				parts = append(parts, a.Damage.Parts...)
			}
		}
		lines = append(lines, "  "+req.T("cast.damage_taken", "Name", f.Name, "Total", ct.Total, "Parts", damagePartsText(req, parts)))
	}
	if ch := f.Change; ch != nil {
		for _, l := range hpText(req, f.Hit, ch) {
			lines = append(lines, "  "+l)
		}
	}
	if ch := f.Heal; ch != nil {
		for _, l := range hpText(req, f.Hit, ch) {
			lines = append(lines, "  "+l)
		}
	}
	for _, l := range landedText(req, f.Hit) {
		lines = append(lines, "  "+l)
	}
	for _, l := range outcomeText(req, f.Hit) {
		lines = append(lines, "  "+l)
	}
	for _, e := range f.Effects {
		tr.Effects = append(tr.Effects, e.Effect.ID)
	}
	tr.Stabilized, tr.Revived = f.Stabilized != nil, f.Revived != nil
	for _, c := range f.Immune {
		lines = append(lines, "  "+req.T("gm.immune", "Name", f.Name, "Condition", req.T(c.Key())))
	}
	for _, l := range concText(req, f.Hit) {
		lines = append(lines, "  "+l)
	}
	return tr, lines, critTone
}

// --- /identify ---

// castCommand is /cast. Rogue's Tale casting is complete; a D&D 5e character gets a clear "not yet" until the
// 5e casting joins this command.
func (b *Bot) castCommand() *Command {
	return &Command{
		Name:    "cast",
		Options: append(b.castRogueOptions(), b.cast5eOptions()...), // D&D 5e: level, origin, direction, … (cast.go)
		Handler: b.cast,
		Examples: []string{
			"/cast spell:flaming_orb target:Grak",
			"/cast spell:healing_touch target:Brom",
			"/cast spell:divine_grace",
			"/cast spell:remove_curse target:Brom scroll:true",
			"/cast spell:fire_bolt target:\"Goblin 1\"",
			"/cast spell:fireball level:4 origin:10,10",
			"/cast spell:burning_hands origin:3,3 direction:e",
			"/cast spell:magic_missile target:\"Goblin 1, Goblin 2\"",
			"/cast spell:bless target:\"Borin, Aria, Grog\"",
			"/cast spell:enlarge_reduce target:Grog choice:enlarge",
			"/cast spell:shield",
		},
	}
}

// castRogueOptions are the options Rogue's Tale casting reads.
func (b *Bot) castRogueOptions() []*Option {
	return []*Option{
		{Name: "spell", Type: String, Required: true, MaxLen: 64, Complete: b.completeCastSpell},
		{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeAttackTarget},
		bonusOption(),
		{Name: "distance", Type: Integer, Min: Bound(0), Max: Bound(10000)}, // 5e: feet; Rogue's Tale: squares (range: typed too, optfold.go)
		{Name: "scroll", Type: Boolean},
		b.characterOption(),
	}
}

// unlabelled is a damage notation without its damage-type labels: "2d10[fire]" → "2d10".
func unlabelled(notation string) string {
	var b strings.Builder
	depth := 0
	for _, r := range notation {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// openAttackLines word a spell attack rolled at no target: the attack (a natural 20 or 1 named), its effects, the
// damage.
func openAttackLines(req *Request, a *dnd5e.AttackResult) []string {
	l := req.T("cast.attack_roll", "Roll", rollText(req, a.Roll))
	switch {
	case a.Fumble:
		l += " — " + req.T("play.attack.fumble")
	case a.Crit:
		l += " — " + req.T("play.attack.crit")
	}
	lines := []string{l}
	if a.Cover != dnd5e.CoverNone {
		lines = append(lines, "• "+req.T("play.attack.cover", "Cover", req.T(a.Cover.Key()), "Bonus", a.Cover.Bonus()))
	}
	lines = append(lines, effectLines(req, a.Effects, a.Cancelled)...)
	if a.Damage != nil && !a.Fumble {
		lines = append(lines, req.T("cast.damage_roll", "Roll", rollText(req, a.Damage.Roll)))
	}
	return lines
}

// openInstanceLines word the darts, rays or beams of a spell cast at no target, each numbered: a ray's attack and
// damage, a dart's damage.
func openInstanceLines(req *Request, res *dnd5e.CastResult) []string {
	var lines []string
	for i, a := range res.OpenAttacks {
		more := openAttackLines(req, a)
		more[0] = req.T("cast.instance", "N", i+1, "Line", more[0])
		lines = append(lines, more...)
	}
	for i, d := range res.OpenDarts {
		lines = append(lines, req.T("cast.instance", "N", i+1, "Line", req.T("cast.damage_roll", "Roll", rollText(req, d))))
	}
	return lines
}
