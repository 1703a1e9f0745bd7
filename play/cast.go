package play

import (
	"context"
	"encoding/json"
	"slices"

	"rulekeeper/rules/area"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// /cast for a D&D 5e caster (digest B6, B10, B11). Decisions:
//   - Targets are the names given (the channel's combatants first, then the guild's 5e characters) and, for an area
//     spell with an origin, every combatant whose square is inside the area — except the caster of a spell with a
//     range of self (burning hands, thunderwave).
//   - Tracked targets roll their own saves: a sheet's save bonus; an NPC its /init add saves: modifiers, else its
//     initiative bonus for DEX saves and +0 for the others (dnd5e.NPCStats); an NPC's resist:, vuln: and immune:
//     apply to the damage.
//   - Distance for spell attacks (prone targets, automatic crits): from the grid when both are placed, else 5 ft
//     for a melee spell attack and 30 ft for a ranged one.
//   - The conditions the spell imposes land on the targets that failed their save, were hit or were affected: a
//     character's on its sheet with the spell's rounds (counted down at the end of its own turns by /init next), an
//     NPC's on the encounter, counted at the end of the caster's turns when the caster is in the encounter (a
//     spell's duration runs from its casting), else at the end of its own. A target the spell's damage killed gets
//     none; unconscious on an NPC also lays it prone. Power word kill deals a dying target temp HP + HP + max HP.
//   - A concentration spell's conditions that were newly added and last as long as the spell are held by the
//     caster's concentration (dnd5e.Holds) and end with it (concentration.go).
//   - Invalid targets (B10, G-B5): nothing happens to them with no roll; they appear to save when a save would
//     avoid the effect; the slot is spent.

// Cast is /cast's input: the caster and each system's reading of the options.
type Cast struct {
	Character string
	As        string // an NPC of the channel's 5e encounter casting (npc.go); "" = a character
	Dnd5e     Reading[Cast5e]
	Rogue     Reading[CastRT]
}

// Cast5e is a D&D 5e spell (digest B6, B10, B11).
type Cast5e struct {
	Spell   dnd5e.Spell
	Level   int      // the slot level; 0 = the spell's own
	Targets []string // names: the channel's combatants first, then the guild's 5e characters
	Invalid []string // targets the spell cannot affect (B10, G-B5)
	// Area is the spell's area laid at its origin (nil without one): every combatant whose square is inside is a
	// target too, except the caster of a spell with a range of self.
	Area     *area.Footprint
	Mode     dnd5e.Mode
	Bonus    string
	Ritual   bool
	AnyClass bool
	Choice   string // the caster's option where the spell offers some (dnd5e.Spell.Choices); "" = the first
	// Distance to the named targets in feet; nil = from the grid when both are placed (castrange.go).
	Distance *int
	// Cover of every target but the caster: +2/+5 to AC and DEX saves; total cover refused (castrange.go).
	Cover dnd5e.Cover
}

// CastRT is a Rogue's Tale spell.
type CastRT struct {
	Target  string            // a tracked target; "" = the caster itself
	Options rogue.CastOptions // spell, distance (DX), scroll, bonus; the guild's rules are added
	Range   *int              // the distance typed (range:); nil = from the grid when both are placed, else DX
}

// CastResult is a cast in the caster's system.
type CastResult struct {
	System string
	Dnd5e  *Cast5eResult
	Rogue  *CastRTResult
}

// Cast5eResult is a D&D 5e cast: the caster, the rules' result, and what it did to each target.
type Cast5eResult struct {
	Caster    *dnd5e.Character // an NPC's: the caster its stat block makes (NPC)
	NPC       bool             // an NPC cast it: its slots are the GM's to count
	CasterHit *Hit             // what happened to the caster's concentration
	Targeted  bool             // the caster is one of its targets
	Spell     dnd5e.Spell
	Result    *dnd5e.CastResult
	Targets   []CastTarget         // in the order of Result.Targets
	Encounter *encounter.Encounter // the channel's (its combatants' squares, for the area), nil when none
	// Shield is shield's answer to the attack that had just hit its caster (shield.go); nil otherwise.
	Shield *ShieldReaction
}

// CastTarget is what a spell did to one target.
type CastTarget struct {
	*Hit                 // Change: the damage it took (nil: none)
	Heal *dnd5e.HPChange // the healing it got (nil: none)
}

// CastRTResult is a Rogue's Tale cast.
type CastRTResult struct {
	Caster     *rogue.Character
	Target     *rogue.Character // the tracked target (the caster when it casts on itself); nil for none
	TargetName string
	Result     *rogue.CastResult
	// Joined is the daemon Summon Daemon brought into the channel's encounter, right after its summoner (A12,
	// A25); nil when there is no Rogue's Tale encounter with the caster in it.
	Joined *encounter.Added
}

// Cast casts a spell, by the caster's system, with everything it does in one transaction: the slot, the caster's
// concentration (a new concentration spell ends the old one, and the conditions it held), damage and healing on
// sheets and encounter NPCs, the CON save of every concentrating character hit, the conditions the spell imposes.
func (t *Table) Cast(ctx context.Context, c Caller, in Cast, r dice.Roller) (*CastResult, error) {
	var out *CastResult
	err := t.update(ctx, c, r, func(s *scene) error {
		if in.As != "" {
			res, err := rules5e{}.cast(s, &in)
			out = res
			return err
		}
		ch, err := s.acting(in.Character)
		if err != nil {
			return err
		}
		res, err := rulesOf(ch.System).cast(s, &in)
		out = res
		return err
	})
	return out, err
}

func (rulesRogue) cast(s *scene, in *Cast) (*CastResult, error) {
	if in.Rogue.Err != nil {
		return nil, in.Rogue.Err
	}
	o := in.Rogue.In.Options
	var err error
	if o.Rules, err = s.rogueRules(); err != nil {
		return nil, err
	}
	cr, err := s.editRogue(in.Character)
	if err != nil {
		return nil, err
	}
	out := &CastRTResult{Caster: cr.rt}
	var tgt *Creature
	if name := in.Rogue.In.Target; name != "" {
		if tgt, err = s.targetRogue(name); err != nil {
			return nil, err
		}
		if err := s.harmOrHelp(cr, tgt, !rogueSpellHelps[o.Spell]); err != nil {
			return nil, err
		}
		tgt.dirty = true
		out.Target, out.TargetName = tgt.rt, tgt.Name()
		if err := s.rtPlaceCast(&o, in.Rogue.In.Range, cr, tgt); err != nil {
			return nil, err
		}
	}
	var around map[string]*Creature
	if o.At != nil {
		if o.Nearby, around, err = s.rtNearby(); err != nil {
			return nil, err
		}
	}
	if o.Spell == rogue.SummonDaemon && tgt == nil {
		if o.Daemon, err = rogue.NewDaemon(daemonName, cr.rt.Level); err != nil { // of the summoner's level
			return nil, err
		}
	}
	if out.Result, err = rogue.Cast(cr.rt, out.Target, o, s.r); err != nil {
		return nil, err
	}
	if out.Joined, err = s.summonJoins(cr, out.Result.Summoned); err != nil {
		return nil, err
	}
	for _, h := range out.Result.Splashed {
		if c := around[h.ID]; c != nil { // the splash harms (Enlarge Orb) or helps (Healing Wave) those around
			if err := s.harmOrHelp(cr, c, !rogueSpellHelps[o.Spell]); err != nil {
				return nil, err
			}
			c.dirty = true
		}
	}
	return &CastResult{System: SystemRogue, Rogue: out}, nil
}

// rtPlaceCast fills in where a spell at a target happens: the offset for the range modifier (range:, else the grid
// when both are placed, A18; the caster on itself is at 0) and the target's square, for the spells that reach the
// creatures around it.
func (s *scene) rtPlaceCast(o *rogue.CastOptions, distance *int, caster, tgt *Creature) error {
	if tgt == caster {
		o.DX, o.DY = 0, 0
	} else if dx, dy, ok, err := s.rtAim(distance, caster, tgt); err != nil {
		return err
	} else if ok {
		o.DX, o.DY = dx, dy
	}
	var err error
	o.At, err = s.rtSquare(tgt)
	return err
}

func (rules5e) cast(s *scene, in *Cast) (*CastResult, error) {
	if in.Dnd5e.Err != nil {
		return nil, in.Dnd5e.Err
	}
	k := in.Dnd5e.In
	caster, cc, co, err := s.caster5e(in)
	if err != nil {
		return nil, err
	}
	e, err := s.here()
	if err != nil {
		return nil, err
	}
	caster.combatantOf(e, s.c.ChannelID)
	targets, invalid, err := s.castTargets(caster, e, &k)
	if err != nil {
		return nil, err
	}
	aimed := aimedTwice(targets, k.Targets, func(name string) (*Creature, error) { return s.target5e(name) })
	harm := spellHarms(k.Spell, k.Choice)
	for _, f := range targets {
		if invalid[f] {
			continue // nothing happens to it
		}
		if err := s.harmOrHelp(caster, f, harm); err != nil {
			return nil, err
		}
	}
	g, err := s.settings()
	if err != nil {
		return nil, err
	}
	o := dnd5e.CastOptions{Ritual: k.Ritual, AnyClass: k.AnyClass || co.AnyClass, Concentration: &caster.conc, Mode: k.Mode, Bonus: k.Bonus,
		CritRule: dnd5e.CritRule(g.CritRule), Choice: k.Choice, SaveDC: co.SaveDC, AttackBonus: co.AttackBonus}
	if k.Spell.Attack == dnd5e.RangedSpellAttack { // a hostile within 5 ft: disadvantage (attackrange.go)
		if o.Threatened, err = s.threatened(e, caster); err != nil {
			return nil, err
		}
	}
	st := spellTargets(caster, targets, invalid, k.Spell)
	if aimed != nil && k.Spell.Instances > 0 { // a name given more than once: that many darts, rays or beams each
		for i, f := range targets {
			st[i].Instances = aimed[f]
		}
	}
	if err := castInRange(caster, targets, invalid, k, st); err != nil {
		return nil, err
	}
	res, err := cc.Cast(k.Spell, k.Level, st, s.r, o)
	if err != nil {
		return nil, err
	}
	concAfterCast := caster.conc
	out := &Cast5eResult{Caster: cc, NPC: caster.NPC(), Spell: k.Spell, Result: res, Encounter: e, Targeted: slices.Contains(targets, caster)}
	damage := make([]*dnd5e.HPChange, len(targets))
	heals := make([]*dnd5e.HPChange, len(targets))
	for i, f := range targets {
		ct := res.Targets[i]
		if ct.Total > 0 {
			crit := false
			for _, a := range ct.Attacks {
				crit = crit || (a.Crit && a.Damage != nil && a.Damage.Total > 0)
			}
			if damage[i], err = f.damage5e(s, ct.Total, crit); err != nil {
				return nil, err
			}
		}
		if ct.Heal > 0 {
			if heals[i], err = f.heal5e(s, ct.Heal, ct.HealKind); err != nil {
				return nil, err
			}
		}
	}
	// A new concentration spell ends the old one, and the conditions it held.
	if kc := res.Concentration; kc != nil && kc.Ended != "" {
		if err := s.release(caster, caster.holding.Ended(dnd5e.Concentration{})); err != nil {
			return nil, err
		}
		if err := s.endHeldEffects(caster, true); err != nil {
			return nil, err
		}
	}
	if err := s.spellEffects(k.Spell, res, caster, concAfterCast, targets, damage); err != nil {
		return nil, err
	}
	s.recordRepeats(k.Spell, res, cc.Name, spellDC(cc, res, o), targets) // repeat.go
	if err := s.spellOutcomes(res, caster, targets); err != nil {
		return nil, err
	}
	if err := s.spendCastEffects(res, caster, targets); err != nil {
		return nil, err
	}
	if k.Spell.ID == "shield" {
		out.Shield = s.shieldReaction(caster, e)
	}
	// Every concentration that ended (a failed save, 0 HP, a new incapacitating condition) ends its conditions.
	if err := s.settle(append([]*Creature{caster}, targets...)...); err != nil {
		return nil, err
	}
	out.CasterHit = s.hit(caster, nil)
	for i, f := range targets {
		out.Targets = append(out.Targets, CastTarget{Hit: s.hit(f, damage[i]), Heal: heals[i]})
	}
	return &CastResult{System: System5e, Dnd5e: out}, nil
}

// castTargets finds a 5e cast's targets: the names given, then the combatants inside its area; and which of them
// the spell cannot affect.
func (s *scene) castTargets(caster *Creature, e *encounter.Encounter, k *Cast5e) ([]*Creature, map[*Creature]bool, error) {
	var targets []*Creature
	add := func(f *Creature) {
		if !slices.Contains(targets, f) {
			targets = append(targets, f)
		}
	}
	for _, name := range k.Targets {
		f, err := s.target5e(name)
		if err != nil {
			return nil, nil, err
		}
		if f == nil {
			return nil, nil, fail("cast.err.no_target", "Name", name)
		}
		add(f)
	}
	if k.Area != nil && e != nil {
		for _, comb := range e.Combatants {
			if comb.Pos == nil || !k.Area.Has(comb.Pos.X, comb.Pos.Y) {
				continue
			}
			f, err := s.target5e(comb.Name)
			if err != nil {
				return nil, nil, err
			}
			if f == nil || (f == caster && k.Spell.Range.Kind == dnd5e.RangeSelf) {
				continue
			}
			add(f)
		}
	}
	invalid := map[*Creature]bool{}
	for _, name := range k.Invalid {
		f, err := s.target5e(name)
		if err != nil {
			return nil, nil, err
		}
		if f == nil || !slices.Contains(targets, f) {
			return nil, nil, fail("cast.err.invalid_not_target", "Name", name)
		}
		invalid[f] = true
	}
	return targets, invalid, nil
}

// aimedTwice counts how many times each target was named when some name was given more than once (nil
// otherwise): "Goblin 1, Goblin 1, Goblin 2" aims two of magic missile's darts at Goblin 1 and one at Goblin 2.
func aimedTwice(targets []*Creature, names []string, find func(string) (*Creature, error)) map[*Creature]int {
	if len(names) <= len(targets) {
		return nil // each name a new target: none given twice
	}
	out := map[*Creature]int{}
	twice := false
	for _, name := range names {
		f, err := find(name)
		if err != nil || f == nil {
			continue
		}
		out[f]++
		twice = twice || out[f] > 1
	}
	if !twice {
		return nil
	}
	return out
}

// spellTargets describes the targets for the rules: their defences and saves, and their distance from the caster
// (from the grid when both are placed, else 5 ft for a melee spell attack and 30 ft for anything else).
func spellTargets(caster *Creature, targets []*Creature, invalid map[*Creature]bool, sp dnd5e.Spell) []dnd5e.SpellTarget {
	out := make([]dnd5e.SpellTarget, len(targets))
	for i, f := range targets {
		t := dnd5e.SpellTarget{Target: f.target5eFrom(dnd5e.DamageSource{Spell: true}), Invalid: invalid[f]}
		if sp.Save != "" {
			t.SaveMod = f.saveMod5e(sp.Save)
		}
		switch {
		case f == caster:
			t.Distance = 0
		case caster.pos() != nil && f.pos() != nil:
			t.Distance = caster.pos().Squares(*f.pos()) * area.FeetPerSquare // a diagonal step counts 5 ft
		case sp.Attack == dnd5e.MeleeSpellAttack:
			t.Distance = 5
		default:
			t.Distance = 30
		}
		out[i] = t
	}
	return out
}

// spellEffects is what a 5e spell does beyond damage and healing, after them: power word kill kills; the spell's
// conditions land on the targets it affected (not on one its damage killed), those of a concentration spell held
// by the caster's concentration (k: right after the cast). damage gets power word kill's HP changes.
func (s *scene) spellEffects(sp dnd5e.Spell, res *dnd5e.CastResult, caster *Creature, k dnd5e.Concentration, targets []*Creature, damage []*dnd5e.HPChange) error {
	for i, f := range targets {
		ct := res.Targets[i]
		if ct.Killed && !f.dead5e() {
			amount := 0
			if f.d5 != nil {
				amount = min(f.d5.TempHP+f.d5.HP+f.d5.EffectiveMaxHP(), dnd5e.MaxHPLimit)
			} else {
				amount = f.comb.TempHP + f.comb.HP
			}
			ch, err := f.damage5e(s, amount, false)
			if err != nil {
				return err
			}
			damage[i] = ch
		}
		if len(ct.Conditions) == 0 || f.dead5e() {
			continue
		}
		for _, sc := range ct.Conditions {
			if f.landImmune(sc.ID) { // an NPC immune to it (npc.go)
				continue
			}
			added, err := s.land(f, caster, sc)
			if err != nil {
				return err
			}
			f.landed = append(f.landed, Landed{ID: sc.ID, Rounds: sc.Rounds})
			if dnd5e.Holds(sp, k, sc, added) {
				h := dnd5e.HeldCondition{Name: f.Name(), Condition: sc.ID}
				if f.ch != nil {
					h.Character = f.ch.ID
				} else {
					h.Channel, h.Combatant = f.channel, f.comb.ID
				}
				caster.holding.Hold(sp, h)
			}
		}
	}
	return nil
}

// land puts a spell's condition on a target: on a sheet with the spell's rounds (counted down at the end of its own
// turns), on an NPC counted at the end of the caster's turns when the caster is in the encounter (a spell's
// duration runs from its casting), else at the end of its own; unconscious on an NPC also lays it prone, as a sheet
// does. added: the target did not have it.
func (s *scene) land(f, caster *Creature, sc dnd5e.SpellCondition) (bool, error) {
	if f.d5 != nil {
		ch, err := f.d5.AddCondition(sc.ID, dnd5e.ConditionOptions{Rounds: sc.Rounds})
		if err != nil {
			return false, err
		}
		f.dirty = true
		return slices.Contains(ch.Added, sc.ID), nil
	}
	spec := encounter.ConditionSpec{ID: string(sc.ID), Rounds: sc.Rounds}
	if sc.Rounds > 0 && caster.comb != nil {
		spec.Anchor = caster.comb.ID
	}
	ch, err := f.enc.AddCondition(f.comb.ID, spec)
	if err != nil {
		return false, err
	}
	if sc.ID == dnd5e.Unconscious { // it falls prone, and stays so when it wakes
		if _, err := f.enc.AddCondition(f.comb.ID, encounter.ConditionSpec{ID: string(dnd5e.Prone)}); err != nil {
			return false, err
		}
	}
	s.changed(f.channel)
	return ch.Added, nil
}

// daemonName is the name a summoned daemon enters the encounter with (numbered when taken).
const daemonName = "Daemon"

// summonJoins adds a daemon Summon Daemon brought in to the channel's Rogue's Tale encounter, right after its
// summoner (A12), with its sheet as its stats; an enslaved daemon is the summoner's player's to act for. Nothing
// joins without such an encounter or when the summoner is not in it.
func (s *scene) summonJoins(summoner *Creature, sm *rogue.Summon) (*encounter.Added, error) {
	if sm == nil || sm.Creature == nil {
		return nil, nil
	}
	e, err := s.here()
	if err != nil || e == nil || e.System != encounter.Rogue || !fights(e, summoner) {
		return nil, err
	}
	stats, err := json.Marshal(rogueNPCStats{RT: sm.Creature})
	if err != nil {
		return nil, err
	}
	entry := encounter.NPCEntry{Name: sm.Creature.Name, HP: max(1, sm.Creature.HP), Stats: stats, Summoner: summoner.Name()}
	if sm.Enslaved && summoner.ch != nil {
		entry.OwnerID = summoner.ch.OwnerID
	}
	added, err := e.AddNPCs(entry, s.r)
	if err != nil {
		return nil, err
	}
	s.changed(s.c.ChannelID)
	return added, nil
}
