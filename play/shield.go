package play

import (
	"strconv"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Reactions to a hit: shield (SRD: "when you are hit by an attack … the +5 bonus counts against the triggering
// attack") and uncanny dodge (a rogue halves an attack's damage). /attack resolves a hit and its damage at once, so
// the character hit remembers the last attack that hit it (its total, whether it was a critical hit, the damage of
// each type it took, its hit points before) beside its sheet. When it casts shield, the spell's +5 AC effect goes
// on it as always, and that attack is compared again with the new AC (dnd5e.AttackResult.Recheck's rule): a hit
// that now misses deals no damage, so the hit points and temporary hit points it took come back. With uncanny
// dodge, the damage of each type is halved (rounded down) and the difference comes back. Decisions:
//   - A character with 1st-level spell slots (shield is a wizard's and a sorcerer's spell; others cast it with
//     any_class) or uncanny dodge keeps the record; the attack reply offers the reaction to those who have it
//     (shield on their class list). In an encounter the hit must be from the current turn, outside one the last
//     hit taken outside an encounter counts; the record is used once (a creature has one reaction).
//   - A critical hit still hits shield. A hit that dropped the character to 0 HP cannot be answered (an
//     unconscious character takes no reaction). The CON save the damage caused for concentration stands.

// lastHit is the last attack that hit a character: enough to take it back.
type lastHit struct {
	Turn       string `json:"turn,omitempty"` // the encounter's turn key when it landed ("" outside an encounter)
	Attacker   string `json:"attacker,omitempty"`
	Total      int    `json:"total"`
	Crit       bool   `json:"crit,omitempty"`
	AC         int    `json:"ac"`
	HPBefore   int    `json:"hp_before"`
	TempBefore int    `json:"temp_before,omitempty"`
	Parts      []int  `json:"parts,omitempty"` // the damage of each type it took (uncanny dodge halves each)
}

// turnKey names the encounter's current turn ("round:combatant"), for once-per-turn damage and reactions; "" when
// there is no encounter or it has not begun.
func turnKey(e *encounter.Encounter) string {
	if e == nil || e.Current() == nil {
		return ""
	}
	return strconv.Itoa(e.Round) + ":" + e.Current().ID
}

// mayShield reports whether a character could cast shield: it has 1st-level spell slots (shield is on the wizard's
// and the sorcerer's lists; anyone else casts it with any_class, from a feat or an item). It keeps its last hit.
func mayShield(c *dnd5e.Character) bool {
	return c != nil && c.SpellAbility != "" && c.SpellSlots[0].Max > 0
}

// shieldOnList reports whether shield is on the character's class list (the attack reply offers it the spell).
func shieldOnList(c *dnd5e.Character) bool {
	sp, ok := dnd5e.LookupSpell("shield")
	return ok && sp.HasClass(c.Class)
}

// rememberHit records an attack that hit cr and dealt damage (change), for a reaction.
func (cr *Creature) rememberHit(st *AttackStep, change *dnd5e.HPChange, turn string) {
	res := st.Roll
	if cr.d5 == nil || change == nil || !(mayShield(cr.d5) || cr.d5.HasFeature("uncanny_dodge")) || res.Duplicate {
		return
	}
	h := &lastHit{Turn: turn, Attacker: res.Attacker, Total: res.Total, Crit: res.Crit, AC: res.AC,
		HPBefore: change.HPBefore, TempBefore: change.TempBefore}
	for _, d := range []*dnd5e.DamageResult{res.Damage, smiteDamage(st.Smite)} {
		if d != nil {
			for _, p := range d.Parts {
				h.Parts = append(h.Parts, p.Final)
			}
		}
	}
	cr.lastHit, cr.dirty = h, true
}

func smiteDamage(sm *dnd5e.SmiteResult) *dnd5e.DamageResult {
	if sm == nil {
		return nil
	}
	return sm.Damage
}

// answerable is the caster's or dodger's last hit when it may still answer it (of this turn, conscious); nil
// otherwise. The record is used.
func (cr *Creature) answerable(e *encounter.Encounter) *lastHit {
	h := cr.lastHit
	if h == nil || h.Turn != turnKey(e) || cr.d5.HP <= 0 || cr.d5.HasCondition(dnd5e.Incapacitated) {
		return nil
	}
	cr.lastHit, cr.dirty = nil, true
	return h
}

// takeBack gives a character back what a hit took beyond dealt damage: its hit points and temporary hit points as
// if the hit had dealt only dealt (never fewer than it has now).
func (cr *Creature) takeBack(h *lastHit, dealt int) *dnd5e.HPChange {
	c := cr.d5
	ch := &dnd5e.HPChange{HPBefore: c.HP, TempBefore: c.TempHP, MaxBefore: c.EffectiveMaxHP(), StateBefore: c.State}
	temp := min(h.TempBefore, dealt)
	c.HP = min(max(h.HPBefore-(dealt-temp), c.HP), c.EffectiveMaxHP())
	c.TempHP = max(h.TempBefore-temp, c.TempHP)
	ch.HPAfter, ch.TempAfter, ch.MaxAfter, ch.StateAfter = c.HP, c.TempHP, c.EffectiveMaxHP(), c.State
	ch.Applied, ch.Amount = ch.HPAfter-ch.HPBefore, ch.HPAfter-ch.HPBefore+ch.TempAfter-ch.TempBefore
	cr.dirty = true
	return ch
}

// uncannyDodge halves the damage of the last hit the rogue took (dnd5e.HalveDamage's rule: each type rounded
// down) and gives back the difference; feat.err.no_hit when there is no hit of this turn to answer.
func (s *scene) uncannyDodge(cr *Creature) (*dnd5e.FeatureUse, error) {
	if !cr.d5.HasFeature("uncanny_dodge") {
		return nil, &dnd5e.Error{Code: dnd5e.ErrNoFeature, Args: map[string]any{"Name": cr.d5.Name, "Feature": "uncanny_dodge"}}
	}
	e, err := s.here()
	if err != nil {
		return nil, err
	}
	h := cr.answerable(e)
	if h == nil {
		return nil, fail("feat.err.no_hit", "Name", cr.d5.Name)
	}
	halved := 0
	for _, p := range h.Parts {
		halved += p / 2
	}
	return &dnd5e.FeatureUse{Feature: "uncanny_dodge", HP: cr.takeBack(h, halved)}, nil
}

// ShieldReaction is what casting shield did against the attack that had just hit its caster.
type ShieldReaction struct {
	Attacker string          `json:"attacker,omitempty"`
	Total    int             `json:"total"` // the attack roll
	Crit     bool            `json:"crit,omitempty"`
	ACBefore int             `json:"ac_before"` // the AC it hit
	AC       int             `json:"ac"`        // the AC with shield
	Missed   bool            `json:"missed"`    // the attack now misses: its damage is undone
	Restored *dnd5e.HPChange `json:"restored,omitempty"`
}

// shieldReaction compares the caster's last hit (of this turn) with its AC now that shield is up; nil when there
// is no hit to answer.
func (s *scene) shieldReaction(caster *Creature, e *encounter.Encounter) *ShieldReaction {
	h := caster.answerable(e)
	if h == nil {
		return nil
	}
	ac, _ := caster.d5.ArmorClass()
	hit := &dnd5e.AttackResult{Hit: true, Crit: h.Crit, Total: h.Total, AC: h.AC}
	re := hit.Recheck(ac)
	out := &ShieldReaction{Attacker: h.Attacker, Total: h.Total, Crit: h.Crit, ACBefore: h.AC, AC: ac, Missed: !re.Hit}
	if !out.Missed {
		return out
	}
	out.Restored = caster.takeBack(h, 0)
	return out
}

// shieldWouldMiss reports whether the target could answer the attack with shield and turn it into a miss: a
// conscious character with shield on its class list and a slot left, hit (not critically) by a total below its
// AC + 5.
func shieldWouldMiss(tgt *Creature, res *dnd5e.AttackResult) bool {
	c := tgt.d5
	if c == nil || tgt.lastHit == nil || !shieldOnList(c) || !res.Hit || res.Crit || res.Damage == nil ||
		c.State != dnd5e.Conscious || c.LowestSlot(1) == 0 || c.HasCondition(dnd5e.Incapacitated) {
		return false
	}
	ac, _ := c.ArmorClass()
	return res.Total < ac+5
}

// dodgeWouldHelp reports whether the target could answer the hit with uncanny dodge: a conscious character with
// the feature that took damage from it.
func dodgeWouldHelp(tgt *Creature, st AttackStep) bool {
	c := tgt.d5
	return c != nil && tgt.lastHit != nil && st.Change != nil && st.Damage > 1 && c.HasFeature("uncanny_dodge") &&
		c.State == dnd5e.Conscious && !c.HasCondition(dnd5e.Incapacitated)
}
