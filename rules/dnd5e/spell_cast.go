package dnd5e

import (
	"sort"

	"rulekeeper/rules/dice"
)

// Concentration is the spell a caster is concentrating on. It is not part of
// Character: the bot stores it beside the sheet (an empty Spell = none) and
// passes a pointer to Cast, ConcentrationSave and EndIfIncapacitated, which
// update it.
type Concentration struct {
	Spell string `json:"spell,omitempty"` // spell id
	Level int    `json:"level,omitempty"` // level it was cast at (0 for a cantrip)
}

// Active reports whether there is a spell to concentrate on.
func (k *Concentration) Active() bool { return k != nil && k.Spell != "" }

// ConcentrationChange reports what a cast did to concentration.
type ConcentrationChange struct {
	Started string `json:"started,omitempty"` // the new spell's id
	Ended   string `json:"ended,omitempty"`   // the spell it replaced (B6: a new concentration spell ends the old one)
}

// SpellTarget is a creature a spell is aimed at.
type SpellTarget struct {
	Target Target // name, AC, HP, conditions, exhaustion, defences (Character.AsTarget() for a sheet)
	// SaveMod is its whole saving-throw modifier for the spell's save ability
	// (SheetTarget fills it from a sheet); ignored by spells without a save.
	SaveMod   int
	SaveMode  Mode   // its own advantage/disadvantage on the save (e.g. magic resistance)
	SaveBonus string // extra save notation, e.g. "1d4" (bless)
	// Distance from the caster in feet; 0 counts as within 5 ft (prone targets,
	// automatic crits on paralyzed or unconscious targets).
	Distance int
	// Instances is how many darts, rays or beams are aimed at it. When every
	// target leaves it 0 they are shared out in turn, the first targets getting
	// the odd ones; otherwise the counts must add up to the spell's number.
	Instances int
	// Invalid marks a target the spell cannot affect (B10, G-B5), e.g. charm
	// person on a beast: nothing happens to it, with no roll.
	Invalid bool
	// Willing: the target does not resist (an ally receiving enlarge or
	// polymorph): it makes no save and the spell lands.
	Willing bool
	// Cover is its cover (SRD "Cover"): +2 or +5 to its AC against spell
	// attacks and to its DEX saves; total cover is the caller's to refuse.
	Cover Cover
}

// SheetTarget makes a SpellTarget of a character sheet for spell s: its
// AsTarget and its saving-throw bonus for the spell's save ability.
func SheetTarget(c *Character, s Spell) SpellTarget {
	t := SpellTarget{Target: c.AsTarget()}
	if s.Save != "" {
		t.SaveMod = c.SaveBonus(s.Save)
	}
	return t
}

// CastOptions are the caller's choices for a cast.
type CastOptions struct {
	// Ritual casts it as a ritual: no slot, at the spell's own level. The spell must have the ritual tag.
	Ritual bool
	// Repeat resolves the effect again without casting it again: no slot, no
	// change to concentration (a later turn of moonbeam, spiritual weapon, call
	// lightning, or a creature entering an area). Give the level it was cast at.
	Repeat bool
	// AnyClass skips the check that the spell is on the caster's class list
	// (domain, oath, patron and subclass spells, magic items, feats, multiclassing).
	AnyClass bool
	// Concentration is the caster's current concentration, updated in place
	// when the spell needs concentration; nil when the caller does not track it.
	Concentration *Concentration
	Mode          Mode     // the caster's adv/dis on spell attack rolls
	Bonus         string   // extra to-hit notation on spell attacks, e.g. "1d4" (bless)
	CritRule      CritRule // "" = CritDouble
	Turn          string   // the current turn's key (AttackOptions.Turn)
	// Choice is the caster's option where the spell offers some
	// (Spell.Choices: "enlarge", "fire", "bull"); "" takes the first.
	Choice string
	// SaveDC and AttackBonus replace the caster's spell save DC and spell
	// attack bonus when they are given (> 0): a monster's stat block states its own.
	SaveDC, AttackBonus int
	// Threatened: a hostile creature that can act is within 5 ft of the caster, so a ranged spell attack has
	// disadvantage (AttackOptions.Threatened; melee spell attacks are unaffected).
	Threatened bool
}

func (o CastOptions) validate() error {
	if err := o.Mode.validate(); err != nil {
		return err
	}
	if _, err := ParseCritRule(string(o.CritRule)); err != nil {
		return err
	}
	if o.SaveDC < 0 || o.SaveDC > MaxDC {
		return newError(ErrBadDC, "DC", o.SaveDC, "Max", MaxDC)
	}
	if o.AttackBonus < 0 || o.AttackBonus > MaxAttackMod {
		return newError(ErrBadSaveMod, "Modifier", o.AttackBonus, "Max", MaxAttackMod)
	}
	return validateBonus(o.Bonus)
}

// CastTarget is what a spell did to one target.
type CastTarget struct {
	Name    string `json:"name,omitempty"`
	Invalid bool   `json:"invalid,omitempty"` // B10: nothing happened to it, with no roll
	// AppearsSaved: an invalid target of a spell whose successful save avoids
	// the effect appears to have saved (B10); otherwise the caster perceives
	// that the spell did nothing to it.
	AppearsSaved bool            `json:"appears_saved,omitempty"`
	Instances    int             `json:"instances,omitempty"` // darts, rays or beams aimed at it
	Attacks      []*AttackResult `json:"attacks,omitempty"`   // spell attacks, one per ray or beam; their Damage is part of Total
	Save         *RollResult     `json:"save,omitempty"`      // its saving throw against the spell save DC
	Saved        bool            `json:"saved,omitempty"`     // it made the save
	Halved       bool            `json:"halved,omitempty"`    // it took half damage for its save
	Evasion      bool            `json:"evasion,omitempty"`   // evasion: none on a DEX save, half on a failure
	// CoverBonus is what its cover (Cover) added to its DEX save (its spell
	// attacks carry their own, AttackResult.CoverBonus).
	Cover      Cover         `json:"cover,omitempty"`
	CoverBonus int           `json:"cover_bonus,omitempty"`
	Damage     *DamageResult `json:"damage,omitempty"` // damage without an attack roll (after its defences; halved parts when Halved)
	Total      int           `json:"total"`            // all damage dealt to it, after defences
	Heal       int           `json:"heal,omitempty"`   // HP (or temp HP, or max HP) to give it; the caller applies it
	HealKind   HealKind      `json:"heal_kind,omitempty"`
	// Unaffected: a valid target the spell passes over: the pool of sleep or
	// color spray does not reach it (or it is skipped: at 0 HP, unconscious,
	// already under the spell's condition), or it has more hit points than a
	// power word's HPLimit.
	Unaffected bool `json:"unaffected,omitempty"`
	// Conditions the spell imposes on it (it failed its save, was hit, or was
	// affected); the caller applies them. None when it saved, was missed, is
	// invalid or unaffected.
	Conditions []SpellCondition `json:"conditions,omitempty"`
	// Killed: power word kill's target dies; the caller applies it.
	Killed bool `json:"killed,omitempty"`
	// Landed: the spell took effect on it (it failed its save, was hit, or
	// was affected), so the outcomes below apply.
	Landed bool `json:"landed,omitempty"`
	// Effects to put on it (Character.AddEffect, or its effect list): bless,
	// faerie fire, haste; harm's lower hit point maximum.
	Effects []ActiveEffect `json:"effects,omitempty"`
	// Stabilize: spare the dying stabilizes it (Character.Stabilize with Kit).
	Stabilize bool `json:"stabilize,omitempty"`
	// Revive: a dead target comes back with this many hit points (-1: all),
	// with Character.Revive.
	Revive int `json:"revive,omitempty"`
	// Cure: what to end on it (Character.ApplyCure).
	Cure *SpellCure `json:"cure,omitempty"`
}

// CastResult is a cast spell and what it did.
type CastResult struct {
	Spell      string       `json:"spell"` // id
	Caster     string       `json:"caster,omitempty"`
	Level      int          `json:"level"`                // the spell's level
	SlotLevel  int          `json:"slot_level,omitempty"` // the slot spent; 0 for cantrips, rituals and repeats
	SlotsLeft  int          `json:"slots_left"`           // of SlotLevel, after the cast
	Ritual     bool         `json:"ritual,omitempty"`
	Repeat     bool         `json:"repeat,omitempty"`
	Dice       SpellDice    `json:"dice"`                  // what it rolls at this level
	Ability    Ability      `json:"ability"`               // spellcasting ability
	DC         int          `json:"dc,omitempty"`          // spell save DC, when the spell has a save
	ToHit      int          `json:"to_hit,omitempty"`      // spell attack bonus, when it makes spell attacks
	DamageRoll *dice.Result `json:"damage_roll,omitempty"` // the one damage roll shared by every target without an attack roll
	// OpenAttack is the spell attack rolled when the spell was cast at no target: its attack and damage, with no
	// AC and so no verdict (a save spell cast at no target rolls its damage into DamageRoll).
	OpenAttack *AttackResult `json:"open_attack,omitempty"`
	// OpenAttacks are the rays or beams of a spell of instances (scorching ray, eldritch blast) cast at no target,
	// each its own attack and damage with no verdict; OpenDarts the darts of one with no attack roll (magic
	// missile), each its own damage roll.
	OpenAttacks   []*AttackResult      `json:"open_attacks,omitempty"`
	OpenDarts     []*dice.Result       `json:"open_darts,omitempty"`
	HealRoll      *dice.Result         `json:"heal_roll,omitempty"` // the one healing roll shared by every target
	PoolRoll      *dice.Result         `json:"pool_roll,omitempty"` // sleep, color spray: the hit points affected
	PoolLeft      int                  `json:"pool_left,omitempty"` // what the affected targets left of it
	Concentration *ConcentrationChange `json:"concentration,omitempty"`
	Targets       []CastTarget         `json:"targets,omitempty"`
	// Choice is the option the spell was cast with ("" when it has none).
	Choice string `json:"choice,omitempty"`
	// CasterEffects go on the caster (shield, hunter's mark, blur); EffectRoll
	// is the roll of their or the targets' rolled values (enhance ability's 2d6).
	CasterEffects []ActiveEffect `json:"caster_effects,omitempty"`
	EffectRoll    *dice.Result   `json:"effect_roll,omitempty"`
	// CasterHeal: hit points the caster regains (vampiric touch: half the damage dealt).
	CasterHeal int `json:"caster_heal,omitempty"`
	// Summon: the creatures the spell brings (or turns a target into), for the encounter.
	Summon *SpellSummon `json:"summon,omitempty"`
}

// Cast casts spell s at slotLevel against targets, consuming a slot.
//
// Checks, in order: the caster is alive and not incapacitated, has a
// spellcasting ability, and (unless o.AnyClass) has s on its class list.
// Cantrips use no slot (slotLevel is ignored) and scale with the caster's
// level. A ritual uses no slot and is cast at the spell's level. Otherwise
// slotLevel 0 takes the lowest slot with one left at or above the spell's
// level (so a warlock's pact slot); a given slotLevel must be ≥ the spell's
// level and have a slot left. One slot is spent, also when every target is
// invalid (G-B5); upcasting scales the dice (ScaledDice).
//
// Each valid target, in order: a spell attack per ray or beam (d20 + spell
// attack bonus vs its AC; natural 20 crits, doubling the dice; natural 1
// misses; conditions give advantage or disadvantage as in RollAttack), or a
// save against 8 + modifier + proficiency with its own modifier (paralyzed,
// stunned, … fail STR and DEX saves). A spell with both an attack and a save
// (contagion, plane shift, ray of enfeeblement) rolls only the attack here: its
// save comes later or on a hit, against DC. Then damage without an attack roll
// is rolled once for every target (SRD: one roll for all targets of one effect;
// darts of magic missile: one roll per target), and each target's defences
// apply after halving for a save (B5.4); a success deals none when the save
// avoids the effect. Healing is rolled once for all targets. A pool (sleep,
// color spray) is rolled, then spent on the targets in ascending order of
// hit points (spendPool). The spell's Conditions go to each target that
// failed its save, was hit, or (no save, no attack) was affected, within a
// power word's HPLimit.
//
// Concentration: a concentration spell ends the one in o.Concentration and
// takes its place. Cast applies nothing to the targets: the caller applies
// each CastTarget's Total, Heal, Conditions and Killed to the sheets or NPCs.
func (c *Character) Cast(s Spell, slotLevel int, targets []SpellTarget, r dice.Roller, o CastOptions) (*CastResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if c.HasCondition(Incapacitated) {
		return nil, newError(ErrCasterIncapable, "Name", c.Name)
	}
	if c.SpellAbility == "" {
		return nil, newError(ErrNotACaster, "Name", c.Name)
	}
	if !o.AnyClass && !s.HasClass(c.Class) {
		return nil, newError(ErrClassCantCast, "Name", c.Name, "Class", string(c.Class), "Spell", s.Name)
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	if err := s.validChoice(o.Choice); err != nil {
		return nil, err
	}
	if slotLevel < 0 || slotLevel > 9 {
		return nil, newError(ErrBadSlotLevel, "Slot", slotLevel, "Max", 9)
	}
	res := &CastResult{Spell: s.ID, Caster: c.Name, Level: s.Level, Ritual: o.Ritual, Repeat: o.Repeat, Ability: c.SpellAbility}
	castLevel := 0
	switch {
	case s.Cantrip():
	case o.Ritual:
		if !s.Ritual {
			return nil, newError(ErrNotRitual, "Spell", s.Name)
		}
		castLevel = s.Level
	case o.Repeat:
		if slotLevel != 0 && slotLevel < s.Level {
			return nil, newError(ErrSlotTooLow, "Spell", s.Name, "Level", s.Level, "Slot", slotLevel)
		}
		castLevel = max(slotLevel, s.Level)
	case slotLevel == 0:
		castLevel = c.LowestSlot(s.Level)
		if castLevel == 0 {
			return nil, newError(ErrNoSlotAvailable, "Name", c.Name, "Level", s.Level)
		}
		res.SlotLevel = castLevel
	default:
		if slotLevel < s.Level {
			return nil, newError(ErrSlotTooLow, "Spell", s.Name, "Level", s.Level, "Slot", slotLevel)
		}
		if c.SpellSlots[slotLevel-1].Max == 0 {
			return nil, newError(ErrNoSlots, "Name", c.Name, "Slot", slotLevel)
		}
		if c.SlotsLeft(slotLevel) == 0 {
			return nil, newError(ErrNoSlotLeft, "Name", c.Name, "Slot", slotLevel, "Max", c.SpellSlots[slotLevel-1].Max)
		}
		castLevel = slotLevel
		res.SlotLevel = castLevel
	}
	mod := c.Mod(c.SpellAbility)
	res.Dice = s.ScaledDice(castLevel, c.Level, mod)
	res.Choice = s.choiceOf(o.Choice)
	if typ := DamageType(res.Choice); len(s.DamageTypes) > 0 && typ.Valid() {
		res.Dice.Damage = retype(res.Dice.Damage, typ)
	}
	if s.Save != "" {
		res.DC, _ = c.SpellSaveDC()
		if o.SaveDC > 0 {
			res.DC = o.SaveDC
		}
	}
	if s.Attack != "" {
		res.ToHit, _ = c.SpellAttackBonus()
		if o.AttackBonus > 0 {
			res.ToHit = o.AttackBonus
		}
	}
	shares, err := shareInstances(s, res.Dice.Instances, targets)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		if t.SaveMod < -MaxAttackMod || t.SaveMod > MaxAttackMod {
			return nil, newError(ErrBadSaveMod, "Modifier", t.SaveMod, "Max", MaxAttackMod)
		}
		if t.Distance < 0 {
			return nil, newError(ErrBadAmount, "Amount", t.Distance, "Max", MaxHPLimit)
		}
	}
	casterT := c.AsTarget()
	if err := resolveTargets(res, s, casterT, targets, shares, r, o); err != nil {
		return nil, err
	}
	if err := castOutcomes(res, s, casterT, mod, targets, r); err != nil {
		return nil, err
	}
	if res.SlotLevel > 0 {
		c.SpellSlots[res.SlotLevel-1].Used++
		res.SlotsLeft = c.SlotsLeft(res.SlotLevel)
	}
	if s.Concentration && !o.Repeat {
		ch := &ConcentrationChange{Started: s.ID}
		if k := o.Concentration; k != nil {
			ch.Ended = k.Spell
			*k = Concentration{Spell: s.ID, Level: castLevel}
		}
		res.Concentration = ch
	}
	return res, nil
}

// shareInstances returns how many darts/rays/beams each target gets (nil when
// the spell has none).
func shareInstances(s Spell, total int, targets []SpellTarget) ([]int, error) {
	if total == 0 || len(targets) == 0 {
		return nil, nil
	}
	out := make([]int, len(targets))
	given := 0
	for i, t := range targets {
		if t.Instances < 0 {
			return nil, newError(ErrBadInstances, "Want", total, "Have", t.Instances)
		}
		out[i] = t.Instances
		given += t.Instances
	}
	if given == 0 {
		for i := range out {
			out[i] = total / len(out)
			if i < total%len(out) {
				out[i]++
			}
		}
		return out, nil
	}
	if given != total {
		return nil, newError(ErrBadInstances, "Want", total, "Have", given)
	}
	return out, nil
}

// resolveTargets rolls, in order: each target's spell attacks, each target's
// save, the shared damage roll (and per-target dart rolls), the healing roll,
// the pool roll.
func resolveTargets(res *CastResult, s Spell, caster Target, targets []SpellTarget, shares []int, r dice.Roller, o CastOptions) error {
	d := res.Dice
	res.Targets = make([]CastTarget, len(targets))
	var shared []pending // who takes the shared damage roll, and halved or not
	var darts []int      // targets hit by automatic darts
	for i, t := range targets {
		ct := &res.Targets[i]
		ct.Name = t.Target.Name
		if shares != nil {
			ct.Instances = shares[i]
		}
		if t.Invalid {
			ct.Invalid = true
			ct.AppearsSaved = s.Save != "" && s.OnSave == SaveNone
			continue
		}
		if spellImmune(t.Target, d.CastLevel) {
			ct.Unaffected = true
			continue
		}
		if s.Heal != "" {
			ct.HealKind = s.HealKind
		}
		switch {
		case s.Attack != "":
			n := 1
			if shares != nil {
				n = shares[i]
			}
			if err := spellAttacks(ct, res, s, caster, t, n, r, o); err != nil {
				return err
			}
		case s.Save != "" && t.Willing:
			if d.Damage != "" && !s.Rider {
				shared = append(shared, pending{i: i})
			}
		case s.Save != "":
			p, takes, err := spellSave(ct, res, s, t, r)
			if err != nil {
				return err
			}
			if takes {
				p.i = i
				shared = append(shared, p)
			}
		case s.Rider:
			// Its damage comes with later hits or triggers (an effect or the caller).
		case d.Damage != "" && shares != nil:
			darts = append(darts, i)
		case d.Damage != "":
			shared = append(shared, pending{i: i})
		}
	}
	if len(targets) == 0 {
		if err := rollUntargeted(res, s, caster, r, o); err != nil {
			return err
		}
	}
	if len(shared) > 0 {
		base, err := RollDamage(d.Damage, false, o.CritRule, Target{}, r)
		if err != nil {
			return err
		}
		res.DamageRoll = base.Roll
		for _, p := range shared {
			ct := &res.Targets[p.i]
			ct.Damage = applyDefences(base, targets[p.i].Target, p.halved)
			ct.Total += ct.Damage.Total
		}
	}
	for _, i := range darts {
		ct := &res.Targets[i]
		if ct.Instances == 0 {
			continue
		}
		notation := parseTerms(d.Damage).times(ct.Instances)
		for j := range notation { // the +1 of each dart counts once per dart
			if notation[j].sides == 0 {
				notation[j].n *= ct.Instances
			}
		}
		dr, err := RollDamage(notation.String(), false, o.CritRule, targets[i].Target, r)
		if err != nil {
			return err
		}
		ct.Damage = dr
		ct.Total += dr.Total
	}
	if d.Heal != "" && hasValid(res.Targets) {
		if err := rollHealing(res, s, caster, targets, r); err != nil {
			return err
		}
	}
	if d.Pool != "" {
		roll, err := dice.Roll(d.Pool, r)
		if err != nil {
			return err
		}
		res.PoolRoll = roll
		res.PoolLeft = spendPool(res.Targets, s, targets, max(0, roll.Total))
	}
	imposeConditions(res.Targets, s, targets, res.Choice)
	return nil
}

// spendPool affects the valid targets of a pool spell (sleep, color spray) in
// ascending order of current hit points (ties in target order): each whose
// hit points the pool still covers is affected and spends them; the others,
// and those at 0 HP, unconscious or already under the spell's first condition
// (color spray: a blinded creature cannot see), are unaffected. It returns
// what is left of the pool.
func spendPool(cts []CastTarget, s Spell, targets []SpellTarget, pool int) int {
	var idx []int
	var cands []PoolCandidate
	for i, t := range targets {
		if cts[i].Invalid || cts[i].Unaffected {
			continue
		}
		skip := t.Target.HP <= 0 || t.Target.has(Unconscious)
		if len(s.Conditions) > 0 && t.Target.has(s.Conditions[0].ID) {
			skip = true
		}
		idx = append(idx, i)
		cands = append(cands, PoolCandidate{Name: t.Target.Name, HP: t.Target.HP, Skip: skip})
	}
	affected, left := SpendPool(pool, cands)
	for j, i := range idx {
		cts[i].Unaffected = !affected[j]
	}
	return left
}

// PoolCandidate is a creature a hit-point pool spell (sleep, color spray) may affect.
type PoolCandidate struct {
	Name string
	HP   int  // its current hit points
	Skip bool // the spell passes it over (sleep: at 0 HP or unconscious; color spray: blinded)
}

// SpendPool spends a rolled pool of hit points (sleep's 5d8) on the
// candidates in ascending order of hit points, ties in the given order: each
// whose hit points the pool still covers is affected and spends them; the
// others, those skipped and those at 0 HP or less, are not. It returns which
// were affected, in the candidates' order, and what is left of the pool.
func SpendPool(pool int, cands []PoolCandidate) (affected []bool, left int) {
	affected = make([]bool, len(cands))
	var order []int
	for i, c := range cands {
		if !c.Skip && c.HP > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return cands[order[a]].HP < cands[order[b]].HP })
	for _, i := range order {
		if hp := cands[i].HP; hp <= pool {
			pool -= hp
			affected[i] = true
		}
	}
	return affected, pool
}

// imposeConditions marks what the spell does to each target beyond damage:
// over a power word's HPLimit it is unaffected; otherwise a target that failed
// its save, was hit by an attack, or (no save, no attack) was affected gets
// the spell's conditions, and power word kill's dies.
func imposeConditions(cts []CastTarget, s Spell, targets []SpellTarget, choice string) {
	for i := range cts {
		ct := &cts[i]
		if ct.Invalid || ct.Unaffected {
			continue
		}
		if s.HPLimit > 0 && targets[i].Target.HP > s.HPLimit {
			ct.Unaffected = true
			continue
		}
		landed := true
		switch {
		case len(ct.Attacks) > 0:
			landed = false
			for _, a := range ct.Attacks {
				landed = landed || a.Hit
			}
		case s.Attack != "":
			landed = false // no ray aimed at it
		case ct.Save != nil:
			landed = !ct.Saved
		}
		if !landed {
			continue
		}
		ct.Landed = true
		ct.Conditions = nil
		for _, c := range s.Conditions {
			if c.Choice == "" || c.Choice == choice {
				ct.Conditions = append(ct.Conditions, c)
			}
		}
		ct.Killed = s.Kills
	}
}

func hasValid(ts []CastTarget) bool {
	for _, t := range ts {
		if !t.Invalid {
			return true
		}
	}
	return false
}

// applyDefences copies a damage roll made with no defences and applies t's:
// each part is halved first (rounded down) when halved, then immunity,
// resistance (petrified: to everything) and vulnerability.
func applyDefences(base *DamageResult, t Target, halved bool) *DamageResult {
	out := *base
	out.Parts = make([]DamagePart, len(base.Parts))
	out.Effects = nil
	out.Raw, out.Total = 0, 0
	resistAll := t.has(Petrified)
	if resistAll {
		out.Effects = []Effect{{Condition: Petrified, OnTarget: true, Effect: EffectResistAll}}
	}
	for i, p := range base.Parts {
		if halved {
			p.Raw /= 2
		}
		p.Final = p.Raw
		p.Resisted, p.Vulnerable, p.Immune, p.By = false, false, false, nil
		p.applyDefences(t, resistAll)
		out.Parts[i] = p
		out.Raw += p.Raw
		out.Total += p.Final
	}
	return &out
}

// ConcentrationDC is the DC of the CON save to keep concentrating after
// taking damage (B6): max(10, floor(damage / 2)).
func ConcentrationDC(damage int) int { return max(10, damage/2) }

// ConcentrationResult is a concentration save.
type ConcentrationResult struct {
	Damage int         `json:"damage"`
	DC     int         `json:"dc"`
	Save   *RollResult `json:"save"`
	Kept   bool        `json:"kept"`            // concentration holds
	Ended  string      `json:"ended,omitempty"` // the spell lost on a failure (when tracked)
}

// ConcentrationSave rolls the CON save for concentration after damage (one
// save per source of damage) with the character's CON save bonus and
// conditions. On a failure it ends k's spell (k may be nil when not tracked;
// a k with no spell is an error). o.DC is ignored.
func (c *Character) ConcentrationSave(damage int, k *Concentration, r dice.Roller, o RollOptions) (*ConcentrationResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if k != nil && !k.Active() {
		return nil, newError(ErrNotConcentrating, "Name", c.Name)
	}
	if damage < 0 || damage > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", damage, "Max", MaxHPLimit)
	}
	o.DC = ConcentrationDC(damage)
	sv, err := c.Save(Con, r, o)
	if err != nil {
		return nil, err
	}
	return concentrationOutcome(damage, sv, k), nil
}

// ConcentrationSaveFor is ConcentrationSave for a creature without a sheet:
// conSave is its whole CON save modifier.
func ConcentrationSaveFor(t Target, conSave, damage int, k *Concentration, r dice.Roller, o RollOptions) (*ConcentrationResult, error) {
	if k != nil && !k.Active() {
		return nil, newError(ErrNotConcentrating, "Name", t.Name)
	}
	if damage < 0 || damage > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", damage, "Max", MaxHPLimit)
	}
	if conSave < -MaxAttackMod || conSave > MaxAttackMod {
		return nil, newError(ErrBadSaveMod, "Modifier", conSave, "Max", MaxAttackMod)
	}
	o.DC = ConcentrationDC(damage)
	sv, err := t.Save(Con, conSave, r, o)
	if err != nil {
		return nil, err
	}
	return concentrationOutcome(damage, sv, k), nil
}

func concentrationOutcome(damage int, sv *RollResult, k *Concentration) *ConcentrationResult {
	res := &ConcentrationResult{Damage: damage, DC: sv.DC, Save: sv, Kept: sv.Outcome == OutcomeSuccess}
	if !res.Kept && k != nil {
		res.Ended = k.Spell
		*k = Concentration{}
	}
	return res
}

// EndIfIncapacitated ends concentration when the character can no longer
// keep it (B6): incapacitated (also by paralyzed, petrified, stunned,
// unconscious), dying or dead. It returns the spell that ended, or "".
func (k *Concentration) EndIfIncapacitated(c *Character) string {
	if !k.Active() {
		return ""
	}
	if c.State == Conscious && !c.HasCondition(Incapacitated) {
		return ""
	}
	ended := k.Spell
	*k = Concentration{}
	return ended
}

// IdentifyResult is an attempt to identify a spell being cast or its effect (B10).
type IdentifyResult struct {
	Spell     string      `json:"spell"` // id
	Level     int         `json:"level"`
	DC        int         `json:"dc"`                   // 15 + spell level
	SameClass bool        `json:"same_class,omitempty"` // cast as a spell of the identifier's class: advantage
	Check     *RollResult `json:"check"`                // the INT (Arcana) check
	Natural   int         `json:"natural"`
	Total     int         `json:"total"`
	Outcome   Outcome     `json:"outcome"` // success or failure
}

// IdentifySpell rolls the identifier's INT (Arcana) check against DC 15 +
// spell level (B10), with advantage when sameClass (the spell was cast as a
// spell of the identifier's own class; innate casting is tied to no class). INT
// is used whatever the identifier's casting ability. The identifier's
// conditions apply as to any check; o.DC is ignored, o.Mode and o.Bonus add to it.
func (c *Character) IdentifySpell(s Spell, sameClass bool, r dice.Roller, o RollOptions) (*IdentifyResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if c.HasCondition(Incapacitated) || c.State != Conscious { // it takes a reaction or an action (XGtE)
		return nil, newError(ErrIdentifyIncapable, "Name", c.Name)
	}
	o.DC = s.IdentifyDC()
	if err := o.validate(); err != nil {
		return nil, err
	}
	const arcana Skill = "arcana"
	check := &RollResult{
		Kind: KindSkillCheck, Ability: Int, Skill: arcana,
		Modifier: c.SkillBonus(arcana), Proficiency: c.SkillProficiency(arcana), Expertise: c.HasExpertise(arcana),
	}
	var effects []Effect
	if sameClass {
		effects = append(effects, Effect{Effect: EffectAdvantage})
	}
	t := c.AsTarget()
	effects = append(effects, t.checkEffects()...)
	q := rollQuery{scope: ScopeCheck, ability: Int, skill: arcana, prof: check.Proficiency > 0}
	check, err := rollD20(check, effects, t.Effects, q, o, r)
	if err != nil {
		return nil, err
	}
	return &IdentifyResult{
		Spell: s.ID, Level: s.Level, DC: o.DC, SameClass: sameClass, Check: check,
		Natural: check.Natural, Total: check.Total, Outcome: check.Outcome,
	}, nil
}
