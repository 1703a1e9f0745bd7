package play

import (
	"strconv"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Shield in reaction (SRD: "when you are hit by an attack … the +5 bonus counts against the triggering attack").
// /attack resolves a hit and its damage at once, so the character hit remembers the last attack that hit it (its
// total, whether it was a critical hit, and its hit points before the damage) beside its sheet; when it casts
// shield, the spell's +5 AC effect goes on it as always, and that attack is compared again with the new AC
// (dnd5e.AttackResult.Recheck's rule): a hit that now misses deals no damage, so the hit points and temporary hit
// points it took come back. Decisions:
//   - A character with 1st-level spell slots keeps the record (shield is a wizard's and a sorcerer's spell; others
//     cast it with any_class); the attack reply offers the spell to those whose list has it. In an encounter the
//     hit must be from the current turn, outside one the last hit taken outside an encounter counts; the record
//     is used once.
//   - A critical hit still hits. A hit that dropped the character to 0 HP cannot be answered (an unconscious
//     character casts nothing). The CON save the damage caused for concentration stands.

// lastHit is the last attack that hit a character: enough to take it back.
type lastHit struct {
	Turn       string `json:"turn,omitempty"` // the encounter's turn key when it landed ("" outside an encounter)
	Attacker   string `json:"attacker,omitempty"`
	Total      int    `json:"total"`
	Crit       bool   `json:"crit,omitempty"`
	AC         int    `json:"ac"`
	HPBefore   int    `json:"hp_before"`
	TempBefore int    `json:"temp_before,omitempty"`
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

// rememberHit records an attack that hit cr and dealt damage (change), for a shield in reaction.
func (cr *Creature) rememberHit(res *dnd5e.AttackResult, change *dnd5e.HPChange, turn string) {
	if cr.d5 == nil || change == nil || !mayShield(cr.d5) || res.Duplicate {
		return
	}
	cr.lastHit = &lastHit{Turn: turn, Attacker: res.Attacker, Total: res.Total, Crit: res.Crit, AC: res.AC,
		HPBefore: change.HPBefore, TempBefore: change.TempBefore}
	cr.dirty = true
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
	h := caster.lastHit
	if h == nil || h.Turn != turnKey(e) || caster.d5.HP <= 0 {
		return nil
	}
	caster.lastHit, caster.dirty = nil, true
	ac, _ := caster.d5.ArmorClass()
	hit := &dnd5e.AttackResult{Hit: true, Crit: h.Crit, Total: h.Total, AC: h.AC}
	re := hit.Recheck(ac)
	out := &ShieldReaction{Attacker: h.Attacker, Total: h.Total, Crit: h.Crit, ACBefore: h.AC, AC: ac, Missed: !re.Hit}
	if !out.Missed {
		return out
	}
	c := caster.d5
	ch := &dnd5e.HPChange{HPBefore: c.HP, TempBefore: c.TempHP, MaxBefore: c.EffectiveMaxHP(), StateBefore: c.State}
	c.HP, c.TempHP = min(max(h.HPBefore, c.HP), c.EffectiveMaxHP()), max(h.TempBefore, c.TempHP)
	ch.HPAfter, ch.TempAfter, ch.MaxAfter, ch.StateAfter = c.HP, c.TempHP, c.EffectiveMaxHP(), c.State
	ch.Applied, ch.Amount = ch.HPAfter-ch.HPBefore, ch.HPAfter-ch.HPBefore+ch.TempAfter-ch.TempBefore
	out.Restored = ch
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
