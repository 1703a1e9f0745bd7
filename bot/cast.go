package bot

import (
	"strings"

	"rulekeeper/rules/area"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
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
	}
}

// cast5eOnly are the option names a Rogue's Tale caster may not use, castRogueOnly those a 5e caster may not.
var (
	cast5eOnly    = []string{"level", "origin", "direction", "method", "mode", "ritual", "any_class", "invalid"}
	castRogueOnly = []string{"range", "scroll"}
)

// completeCastSpell is /cast spell:'s autocomplete, by the caster's system.
func (b *Bot) completeCastSpell(req *Request) []Choice {
	if b.actingSystem(req) == systemRogue {
		return b.completeRogueSpell(req)
	}
	return b.completeSpell(req)
}

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
	oddsJSON                      // chance (odds.go): of a hit for a spell attack (one ray's), of saving for a save
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
}

func (b *Bot) cast5e(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	for _, o := range castRogueOnly {
		if req.Has(o) {
			return nil, Errorf("rt.err.option_not_for_system", "Option", o, "System", req.T("system.dnd5e"))
		}
	}
	spell, err := parseSpell(req.Str("spell"))
	if err != nil {
		return nil, err
	}
	mode, err := dnd5e.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	if req.Has("origin") && spell.Area.Shape == "" {
		return nil, Errorf("cast.err.no_area", "Spell", req.T(spell.Key()))
	}
	if !req.Has("origin") && (req.Has("direction") || req.Has("method")) {
		return nil, Errorf("cast.err.origin_needed")
	}
	var fp *area.Footprint
	if req.Has("origin") {
		if fp, err = readArea(req, area.Shape(spell.Area.Shape), spell.Area.Size, 0); err != nil {
			return nil, err
		}
	}
	var (
		res      *dnd5e.CastResult
		caster   *fighter
		fighters []*fighter
		changes  []*dnd5e.HPChange
		heals    []*dnd5e.HPChange
		e        *encounter.Encounter
		areaRes  *aoeResult
		files    []File
		gm       bool
	)
	err = b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		ch, err := findCharacter(tx, req)
		if err != nil {
			return err
		}
		if !canEdit(req, ch) {
			return Errorf("char.err.not_owner", "Name", ch.Name)
		}
		c, err := decode5e(ch)
		if err != nil {
			return err
		}
		caster = &fighter{ch: ch, c: c, conc: sheetConcentration(ch.Sheet), dirty: true}
		if e, err = loadEncounter(tx, req.ChannelID); err != nil {
			return err
		}
		if e != nil {
			gm = e.MayControl(req.UserID, req.GM)
			for _, comb := range e.Combatants {
				if comb.Kind == encounter.KindCharacter && comb.CharacterID == ch.ID {
					caster.comb = comb
				}
			}
		}
		known := []*fighter{caster}
		add := func(f *fighter) {
			for _, x := range fighters {
				if x == f {
					return
				}
			}
			fighters = append(fighters, f)
			if f != caster {
				known = append(known, f)
			}
		}
		for _, name := range splitList(req.Str("target")) {
			f, err := findFighter(tx, req, e, name, known)
			if err != nil {
				return err
			}
			if f == nil {
				return Errorf("cast.err.no_target", "Name", name)
			}
			add(f)
		}
		if fp != nil {
			var file File
			if areaRes, file, err = layArea(fp, e); err != nil {
				return err
			}
			files = append(files, file)
			for _, in := range areaRes.Inside {
				f, err := findFighter(tx, req, e, in.Name, known)
				if err != nil {
					return err
				}
				if f == nil || (f == caster && spell.Range.Kind == dnd5e.RangeSelf) {
					continue
				}
				add(f)
			}
		}
		invalid := map[*fighter]bool{}
		for _, name := range splitList(req.Str("invalid")) {
			f, err := findFighter(tx, req, e, name, known)
			if err != nil {
				return err
			}
			if f == nil || !containsFighter(fighters, f) {
				return Errorf("cast.err.invalid_not_target", "Name", name)
			}
			invalid[f] = true
		}
		targets := make([]dnd5e.SpellTarget, len(fighters))
		for i, f := range fighters {
			t := dnd5e.SpellTarget{Target: f.target(), Invalid: invalid[f]}
			if spell.Save != "" {
				t.SaveMod = f.saveMod(spell.Save)
			}
			switch {
			case f == caster:
				t.Distance = 0
			case caster.pos() != nil && f.pos() != nil:
				t.Distance = caster.pos().Squares(*f.pos()) * area.FeetPerSquare // 5e: a diagonal step counts 5 ft
			case spell.Attack == dnd5e.MeleeSpellAttack:
				t.Distance = 5
			default:
				t.Distance = 30
			}
			targets[i] = t
		}
		o := dnd5e.CastOptions{
			Ritual: req.Bool("ritual"), AnyClass: req.Bool("any_class"), Concentration: &caster.conc,
			Mode: mode, Bonus: strings.TrimSpace(req.Str("bonus")), CritRule: dnd5e.CritRule(req.Guild.CritRule),
		}
		if res, err = c.Cast(spell, req.Int("level", 0), targets, req.Dice, o); err != nil {
			return err
		}
		changes = make([]*dnd5e.HPChange, len(fighters))
		heals = make([]*dnd5e.HPChange, len(fighters))
		encChanged := false
		for i, f := range fighters {
			ct := res.Targets[i]
			if ct.Total > 0 {
				crit := false
				for _, a := range ct.Attacks {
					crit = crit || (a.Crit && a.Damage != nil && a.Damage.Total > 0)
				}
				if changes[i], err = f.damage(e, ct.Total, crit, req.Dice); err != nil {
					return err
				}
				encChanged = encChanged || f.isNPC()
			}
			if ct.Heal > 0 {
				if heals[i], err = healFighter(e, f, ct.Heal, ct.HealKind); err != nil {
					return err
				}
				encChanged = encChanged || f.isNPC()
			}
		}
		// Conditions, power word kill, and the conditions of any concentration that ended (spellcond.go).
		fx, err := castEffects(tx, req, e, spell, res, caster, fighters, changes)
		if err != nil {
			return err
		}
		encChanged = encChanged || fx
		saved := map[*fighter]bool{}
		for _, f := range append([]*fighter{caster}, fighters...) {
			if saved[f] {
				continue
			}
			saved[f] = true
			if err := f.save(tx); err != nil {
				return err
			}
		}
		if encChanged {
			return saveEncounter(tx, req.ChannelID, e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return castReply(req, spell, caster, fighters, res, changes, heals, areaRes, files, gm), nil
}

func containsFighter(list []*fighter, f *fighter) bool {
	for _, x := range list {
		if x == f {
			return true
		}
	}
	return false
}

// healFighter gives a target what a healing spell rolled: hit points, temporary hit points, or a higher maximum
// with as many hit points (aid).
func healFighter(e *encounter.Encounter, f *fighter, amount int, kind dnd5e.HealKind) (*dnd5e.HPChange, error) {
	if f.c != nil {
		f.dirty = true
		switch kind {
		case dnd5e.HealTempHP:
			return f.c.SetTempHP(amount)
		case dnd5e.HealMaxHP:
			if _, err := f.c.SetMaxHP(min(f.c.MaxHP+amount, dnd5e.MaxHPLimit)); err != nil {
				return nil, err
			}
		}
		return f.c.Heal(amount)
	}
	amount = min(amount, encounter.MaxHP)
	var (
		ch  *encounter.HPChange
		err error
	)
	switch kind {
	case dnd5e.HealTempHP:
		ch, err = e.SetTempHP(f.comb.ID, amount)
	case dnd5e.HealMaxHP:
		m := min(f.comb.MaxHP+amount, encounter.MaxHP)
		ch, err = e.SetHP(f.comb.ID, min(f.comb.HP+amount, m), m)
	default:
		ch, err = e.Heal(f.comb.ID, amount)
	}
	if err != nil {
		return nil, err
	}
	return npcChange(ch), nil
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
func castReply(req *Request, s dnd5e.Spell, caster *fighter, fighters []*fighter, res *dnd5e.CastResult,
	changes, heals []*dnd5e.HPChange, areaRes *aoeResult, files []File, gm bool) *Reply {
	c := caster.c
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
	if s.Cantrip() && res.Dice.Tier > 1 {
		lines = append(lines, req.T("cast.cantrip_tier", "Level", res.Dice.CasterLevel, "Tier", res.Dice.Tier))
	}
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
	for i, f := range fighters {
		ct := res.Targets[i]
		outcome, crit := castOutcome(s, ct)
		tr := castTargetResult{Name: f.name(), Outcome: outcome, Damage: ct.Total, Heal: ct.Heal, Critical: crit,
			HPChange: changes[i], Concentration: concSaveOut(f.concSave)}
		if changes[i] != nil || heals[i] != nil {
			st := f.status()
			tr.Status = &st
		}
		if tr.HPChange == nil {
			tr.HPChange = heals[i]
		}
		tr.Conditions = f.landedIDs()
		var odds *dnd5e.Odds
		switch {
		case ct.Invalid:
		case len(ct.Attacks) > 0:
			odds = ct.Attacks[0].Odds()
		case ct.Save != nil:
			odds = ct.Save.Odds()
		}
		tr.oddsJSON = oddsOut(odds)
		out.Targets = append(out.Targets, tr)
		who := "**" + f.name() + "**"
		switch {
		case ct.Invalid && ct.AppearsSaved:
			lines = append(lines, who+": "+req.T("cast.save_line", "Ability", req.T(s.Save.Key()))+" — **"+req.T(dnd5e.OutcomeSuccess.Key())+"**")
		case ct.Invalid, ct.Unaffected:
			lines = append(lines, req.T("cast.no_effect", "Name", f.name()))
		}
		for _, a := range ct.Attacks {
			l := who + ": " + rollText(req, a.Roll)
			if a.AC > 0 {
				l += " " + req.T("play.attack.vs_ac", "AC", a.AC)
			}
			switch {
			case a.Fumble:
				l += " — " + req.T("play.attack.fumble")
			case a.Crit:
				l += " — " + req.T("play.attack.crit")
				tone = ToneCritical
			case a.Outcome == dnd5e.OutcomeHit:
				l += " — **" + req.T(dnd5e.OutcomeHit.Key()) + "**"
			case a.Outcome == dnd5e.OutcomeMiss:
				l += " — **" + req.T(dnd5e.OutcomeMiss.Key()) + "**"
			}
			if o := a.Odds(); o != nil {
				l += " · " + req.T("stats.odds.hit_short", "Chance", dice.Percent(o.P))
			}
			lines = append(lines, l)
			lines = append(lines, effectLines(req, a.Effects, a.Cancelled)...)
			if a.Damage != nil {
				lines = append(lines, "  "+req.T("play.attack.damage_roll", "Roll", rollText(req, a.Damage.Roll)))
			}
		}
		if sv := ct.Save; sv != nil {
			l := who + ": " + req.T("cast.save_line", "Ability", req.T(s.Save.Key())) + " "
			if sv.AutoFail {
				l += req.T("play.roll.auto_fail")
			} else {
				l += rollText(req, sv.Roll) + " " + req.T("play.roll.vs_dc", "DC", sv.DC)
			}
			l += " — **" + req.T(sv.Outcome.Key()) + "**"
			if ct.Halved {
				l += " " + req.T("cast.halved")
			}
			if o := sv.Odds(); o != nil && !sv.AutoFail {
				l += " · " + req.T("stats.odds.save_short", "Chance", dice.Percent(o.P))
			}
			lines = append(lines, l)
			lines = append(lines, effectLines(req, sv.Effects, sv.Cancelled)...)
		}
		if ct.Damage != nil && ct.Total > 0 && ct.Save == nil && len(ct.Attacks) == 0 && ct.Damage.Roll != nil && res.DamageRoll == nil {
			lines = append(lines, who+": "+req.T("cast.damage_roll", "Roll", rollText(req, ct.Damage.Roll)))
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
			lines = append(lines, "  "+req.T("cast.damage_taken", "Name", f.name(), "Total", ct.Total, "Parts", damagePartsText(req, parts)))
		}
		if ch := changes[i]; ch != nil {
			for _, l := range f.hpText(req, gm, ch) {
				lines = append(lines, "  "+l)
			}
		}
		if ch := heals[i]; ch != nil {
			for _, l := range f.hpText(req, gm, ch) {
				lines = append(lines, "  "+l)
			}
		}
		for _, l := range f.landedText(req) {
			lines = append(lines, "  "+l)
		}
		for _, l := range f.concText(req) {
			lines = append(lines, "  "+l)
		}
	}
	if len(fighters) == 0 && areaRes != nil {
		lines = append(lines, req.T("aoe.nobody"))
	}
	if res.SlotLevel > 0 {
		lines = append(lines, req.T("cast.slots_left", "Slot", res.SlotLevel, "Left", res.SlotsLeft, "Max", c.SpellSlots[res.SlotLevel-1].Max))
	}
	if k := res.Concentration; k != nil {
		l := req.T("cast.concentrating", "Name", c.Name, "Spell", name)
		if k.Ended != "" && k.Ended != k.Started {
			l += " " + req.T("cast.conc_replaced", "Spell", spellName(req, k.Ended))
		}
		lines = append(lines, l)
	}
	if caster.concEnded != "" || caster.concSave != nil || len(caster.released) > 0 {
		if !containsFighter(fighters, caster) {
			lines = append(lines, caster.concText(req)...)
		}
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: c.Name, Tone: tone, Files: files, Result: out}
}

// --- /identify ---

func (b *Bot) identifyCommand() *Command {
	return &Command{
		Name: "identify",
		Options: []*Option{
			{Name: "spell", Type: String, Required: true, MaxLen: 64, Complete: b.completeSpell},
			{Name: "same_class", Type: Boolean},
			modeOption(), bonusOption(), b.characterOption(),
		},
		Handler:  b.identify,
		Examples: []string{"/identify spell:fireball", "/identify spell:cure_wounds same_class:true", "/identify spell:火球术"},
	}
}

// identifyResult is the JSON of /identify.
type identifyResult struct {
	Character string                `json:"character"`
	Spell     string                `json:"spell"`
	Level     int                   `json:"level"`
	DC        int                   `json:"dc"`
	Total     int                   `json:"total"`
	Natural   int                   `json:"natural"`
	Outcome   string                `json:"outcome"` // success or failure
	SameClass bool                  `json:"same_class,omitempty"`
	Mode      string                `json:"mode"`
	oddsJSON                        // chance of success before the roll (odds.go)
	Detail    *dnd5e.IdentifyResult `json:"detail"`
}

// identify rolls INT (Arcana) against DC 15 + the spell's level (B10), with advantage when the spell was cast as a
// spell of the identifier's own class.
func (b *Bot) identify(req *Request) (*Reply, error) {
	spell, err := parseSpell(req.Str("spell"))
	if err != nil {
		return nil, err
	}
	o, err := rollOptions(req)
	if err != nil {
		return nil, err
	}
	c, res, err := b.cfg.Table.Identify(req.Ctx, req.caller(), req.Str("character"), spell, req.Bool("same_class"), o, req.Dice)
	if err != nil {
		return nil, err
	}
	out := identifyResult{Character: c.Name, Spell: spell.ID, Level: spell.Level, DC: res.DC, Total: res.Total,
		Natural: res.Natural, Outcome: string(res.Outcome), SameClass: res.SameClass, Mode: string(res.Check.Mode), Detail: res}
	name := req.T(spell.Key())
	lines := []string{req.T("identify.check", "Spell", name, "Level", spellLevelText(req, spell.Level)) + " " +
		rollText(req, res.Check.Roll) + " " + req.T("play.roll.vs_dc", "DC", res.DC)}
	if res.Check.Proficiency > 0 {
		key := "play.roll.proficient"
		if res.Check.Expertise {
			key = "play.roll.expertise"
		}
		lines = append(lines, req.T(key, "Bonus", signedNum(res.Check.Proficiency)))
	}
	effects := res.Check.Effects
	if res.SameClass {
		lines = append(lines, "• "+req.T("identify.same_class"))
		for i, ef := range effects { // the rules list it as an option: it is worded above
			if ef.Condition == "" && ef.Effect == dnd5e.EffectAdvantage {
				effects = append(effects[:i:i], effects[i+1:]...)
				break
			}
		}
	}
	if m := modeLine(req, res.Check.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, effects, res.Check.Cancelled)...)
	odds := res.Check.Odds()
	out.oddsJSON = oddsOut(odds)
	lines = appendLine(lines, oddsLine(req, "stats.odds.success", odds))
	r := &Reply{Title: req.T("identify.title", "Name", c.Name), Footer: c.Name, Result: out}
	if res.Outcome == dnd5e.OutcomeSuccess {
		r.Tone = ToneSuccess
		lines = append(lines, "**"+req.T("identify.success", "Spell", name)+"**")
	} else {
		r.Tone = ToneFailure
		lines = append(lines, "**"+req.T("identify.failure")+"**")
	}
	r.Body = strings.Join(lines, "\n")
	return r, nil
}
