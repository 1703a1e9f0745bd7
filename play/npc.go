package play

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// NPCs of a 5e encounter (issue 12). An NPC's 5e numbers live in its combatant's stats (dnd5e.NPCStats): the SRD
// monster it is, what /init add gave by hand, and what the rules track on it between commands — the spell it
// concentrates on with the conditions that spell holds (a CON save when it takes damage, lost at 0 HP or when
// incapacitated), and the saves it repeats at the end of its turns. The creature reads them once per command and
// writes them back when they changed.
//
// The GM acts for an NPC with as: (/attack, /save, /check, /cast): the NPC must be a combatant of the channel's 5e
// encounter, and the caller one who may act for it (those who run the encounter, or the player who owns a companion).

// stats5e is a 5e NPC's stats, read once; its concentration and holding are the creature's from then on.
func (cr *Creature) stats5e() *dnd5e.NPCStats {
	if cr.stats == nil {
		st := npcStats(cr.comb)
		cr.stats = &st
		cr.conc = st.Concentration
		cr.holding = dnd5e.Holding{Spell: st.Concentration.Spell, Conditions: st.Holding}
	}
	return cr.stats
}

// touchStats marks a 5e NPC's stats to be written back.
func (cr *Creature) touchStats() {
	cr.stats5e()
	cr.statsDirty, cr.dirty = true, true
}

// writeStats5e writes a 5e NPC's stats into its combatant, with the concentration it still keeps; the other keys
// of its stats object (its effects, effects.go) stay as they are.
func (cr *Creature) writeStats5e(s *scene) error {
	st := *cr.stats5e()
	st.Concentration, st.Holding = cr.conc, cr.holding.Kept(cr.conc)
	if !st.Concentration.Active() {
		st.Concentration = dnd5e.Concentration{}
	}
	data, err := mergeStats(cr.comb.Stats, st)
	if err != nil {
		return err
	}
	if _, err := cr.enc.SetStats(cr.comb.ID, data); err != nil {
		return err
	}
	s.changed(cr.channel)
	return nil
}

// mergeStats is an NPC's stats object with the keys of dnd5e.NPCStats replaced by st's (dropped when empty), every
// other key kept; nil when nothing is left.
func mergeStats(old json.RawMessage, st dnd5e.NPCStats) (json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(old) > 0 && json.Unmarshal(old, &m) != nil {
		m = map[string]json.RawMessage{} // not an object: nothing worth keeping
	}
	for _, f := range reflect.VisibleFields(reflect.TypeFor[dnd5e.NPCStats]()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		delete(m, name)
	}
	data, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var mine map[string]json.RawMessage
	if err := json.Unmarshal(data, &mine); err != nil {
		return nil, err
	}
	for k, v := range mine {
		m[k] = v
	}
	if len(m) == 0 {
		return nil, nil
	}
	return json.Marshal(m)
}

// target5eFrom describes the creature for the 5e rules against damage from src: a sheet's AsTarget, an NPC's
// encounter numbers with its stats (its monster's defences count by the source).
func (cr *Creature) target5eFrom(src dnd5e.DamageSource) dnd5e.Target {
	if cr.d5 != nil {
		return cr.d5.AsTarget()
	}
	t := cr.stats5e().TargetFrom(cr.comb.Name, cr.comb.AC, cr.comb.HP, cr.comb.MaxHP, cr.comb.TempHP, cr.comb.ConditionIDs(), src)
	t.Effects = npcEffects(cr.comb) // effects.go
	return t
}

// monster is the SRD monster an NPC is; nil for a character or a hand-made NPC.
func (cr *Creature) monster() *dnd5e.Monster {
	if cr.ch != nil || cr.comb == nil {
		return nil
	}
	return cr.stats5e().Stat()
}

// immuneTo reports whether condition c never lands on the creature: an NPC's (or its monster's) condition
// immunities. A character's sheet has none to check here.
func (cr *Creature) immuneTo(c dnd5e.Condition) bool {
	return cr.ch == nil && cr.comb != nil && cr.stats5e().ImmuneTo(c)
}

// incapacitated5e reports an NPC that can no longer concentrate: down, or incapacitated by a condition.
func (cr *Creature) incapacitated5e() bool {
	if cr.comb.Down() {
		return true
	}
	for _, id := range cr.comb.ConditionIDs() {
		switch dnd5e.Condition(id) {
		case dnd5e.Incapacitated, dnd5e.Paralyzed, dnd5e.Petrified, dnd5e.Stunned, dnd5e.Unconscious:
			return true
		}
	}
	return false
}

// concentrateNPC is what damage an NPC took does to its concentration (B6): lost at 0 HP or when incapacitated,
// else a CON save at DC max(10, half the damage) with its CON save modifier.
func (cr *Creature) concentrateNPC(amount int, ch *dnd5e.HPChange, r dice.Roller) error {
	cr.stats5e()
	if !cr.conc.Active() || amount <= 0 || ch.NoEffect {
		return nil
	}
	cr.touchStats()
	if cr.incapacitated5e() {
		cr.concEnded, cr.conc = cr.conc.Spell, dnd5e.Concentration{}
		return nil
	}
	k := cr.conc
	res, err := dnd5e.ConcentrationSaveFor(cr.target5e(), cr.saveMod5e(dnd5e.Con), amount, &k, r, dnd5e.RollOptions{})
	if err != nil {
		return err
	}
	cr.conc, cr.concSave = k, res
	return nil
}

// settleNPC ends the concentration of an NPC that can no longer concentrate, then releases what every ended
// concentration of it held.
func (s *scene) settleNPC(cr *Creature) error {
	if cr.comb == nil || cr.ch != nil || cr.stats == nil {
		return nil
	}
	if cr.conc.Active() && cr.incapacitated5e() {
		cr.concEnded, cr.conc = cr.conc.Spell, dnd5e.Concentration{}
		cr.touchStats()
	}
	held := cr.holding.Ended(cr.conc)
	if len(held) == 0 {
		return nil
	}
	cr.touchStats()
	return s.release(cr, held)
}

// npcActor is the NPC named by as: a combatant of the channel's 5e encounter that the caller may act for.
func (s *scene) npcActor(name string) (*Creature, error) {
	e, err := s.mustHere()
	if err != nil {
		return nil, err
	}
	if e.System != encounter.DnD5e {
		return nil, fail("npc.err.not_5e")
	}
	comb, err := e.Find(strings.TrimSpace(name))
	if err != nil {
		return nil, err
	}
	if comb.Kind != encounter.KindNPC {
		return nil, fail("npc.err.not_npc", "Name", comb.Name)
	}
	if err := s.mayAct(e, comb); err != nil {
		return nil, err
	}
	cr := s.npc(e, s.c.ChannelID, comb)
	cr.stats5e()
	if comb.Down() {
		return nil, fail("npc.err.down", "Name", comb.Name)
	}
	return cr, nil
}

// NPCRoll is a save or check an NPC rolled.
type NPCRoll struct {
	Name    string // the NPC's name
	Monster string // its SRD monster's id ("" for a hand-made NPC)
	Roll    *dnd5e.RollResult
}

// npcSave rolls an NPC's saving throw with its modifier (its own, its monster's, or the fallback) and conditions.
func (cr *Creature) npcSave(a dnd5e.Ability, r dice.Roller, o dnd5e.RollOptions) (*dnd5e.RollResult, error) {
	if !a.Valid() {
		return nil, &dnd5e.Error{Code: dnd5e.ErrUnknownAbility, Args: map[string]any{"Ability": string(a)}}
	}
	return cr.target5e().Save(a, cr.saveMod5e(a), r, o)
}

// npcCheck rolls an NPC's ability check (with a skill, or an ability alone) with its monster's bonus.
func (cr *Creature) npcCheck(k Check5e, r dice.Roller) (*dnd5e.RollResult, error) {
	a := k.Ability
	if k.Skill != "" {
		if !k.Skill.Valid() {
			return nil, &dnd5e.Error{Code: dnd5e.ErrUnknownSkill, Args: map[string]any{"Skill": string(k.Skill)}}
		}
		a = k.Skill.Ability()
	}
	if !a.Valid() {
		return nil, &dnd5e.Error{Code: dnd5e.ErrUnknownAbility, Args: map[string]any{"Ability": string(a)}}
	}
	res, err := cr.target5e().AbilityCheck(a, cr.stats5e().CheckMod(a, k.Skill, cr.comb.Bonus), r, k.Options)
	if err != nil {
		return nil, err
	}
	if k.Skill != "" {
		res.Kind, res.Skill = dnd5e.KindSkillCheck, k.Skill
	}
	return res, nil
}

// landImmune reports (and remembers for the reply) a condition an NPC is immune to, which therefore does not land.
func (cr *Creature) landImmune(c dnd5e.Condition) bool {
	if !cr.immuneTo(c) {
		return false
	}
	if !slices.Contains(cr.immune, c) {
		cr.immune = append(cr.immune, c)
	}
	return true
}

// caster5e is who casts a 5e spell: the acting character (owner or GM), or the NPC named by as: with the caster its
// stat block makes (a monster with a Spellcasting trait) and the options it fixes (its DC and attack bonus).
func (s *scene) caster5e(in *Cast) (*Creature, *dnd5e.Character, dnd5e.CastOptions, error) {
	if strings.TrimSpace(in.As) == "" {
		cr, err := s.edit5e(in.Character)
		if err != nil {
			return nil, nil, dnd5e.CastOptions{}, err
		}
		return cr, cr.d5, dnd5e.CastOptions{}, nil
	}
	cr, err := s.npcActor(in.As)
	if err != nil {
		return nil, nil, dnd5e.CastOptions{}, err
	}
	// the spell's harm or help to each target is checked by the cast (harmOrHelp, authz.go)
	m := cr.monster()
	if m == nil {
		return nil, nil, dnd5e.CastOptions{}, fail("npc.err.no_spellcasting", "Name", cr.Name())
	}
	c, o, ok := m.Caster(cr.Name(), cr.comb.HP)
	if !ok {
		return nil, nil, dnd5e.CastOptions{}, fail("npc.err.no_spellcasting", "Name", cr.Name())
	}
	if cr.incapacitated5e() {
		return nil, nil, dnd5e.CastOptions{}, &dnd5e.Error{Code: dnd5e.ErrCasterIncapable, Args: map[string]any{"Name": cr.Name()}}
	}
	cr.touchStats() // its concentration and holding may change
	return cr, c, o, nil
}

// spellDC is the save DC a cast's repeat saves use: the cast's, else the caster's (power word stun has no save of
// its own).
func spellDC(c *dnd5e.Character, res *dnd5e.CastResult, o dnd5e.CastOptions) int {
	if res.DC > 0 {
		return res.DC
	}
	if o.SaveDC > 0 {
		return o.SaveDC
	}
	dc, _ := c.SpellSaveDC()
	return dc
}

// NPCStatsOf is an encounter NPC's 5e stats (its monster, saves, defences); empty for a character or none.
func NPCStatsOf(c *encounter.Combatant) dnd5e.NPCStats {
	if c == nil || c.Kind != encounter.KindNPC {
		return dnd5e.NPCStats{}
	}
	return npcStats(c)
}
