package dnd5e

import (
	"strings"

	"rulekeeper/rules/dice"
)

// Features used in combat: divine smite, uncanny dodge, the Attack action
// with extra attacks, dark one's blessing.

// SmiteDice is divine smite's radiant damage with a slot of slot level: 2d8,
// plus 1d8 for each level above 1st, at most 5d8; plus 1d8 against an undead
// or a fiend. "" for a slot below 1st.
func SmiteDice(slot int, undeadOrFiend bool) string {
	if slot < 1 {
		return ""
	}
	n := min(5, 1+slot)
	if undeadOrFiend {
		n++
	}
	return itoaDice(n, 8) + "[radiant]"
}

// SmiteResult is a divine smite.
type SmiteResult struct {
	Slot      int           `json:"slot"`
	SlotsLeft int           `json:"slots_left"`
	Dice      string        `json:"dice"` // SmiteDice
	Damage    *DamageResult `json:"damage"`
}

// DivineSmite spends a spell slot of slot level (0 = the lowest left) after
// a melee weapon hit on t and rolls the smite's radiant damage, doubled on a
// critical hit (crit, with the guild's rule), against t's defences; +1d8
// against an undead or a fiend (t.CreatureType). The caller adds the total to
// the hit's damage.
func (c *Character) DivineSmite(slot int, crit bool, rule CritRule, t Target, r dice.Roller) (*SmiteResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if !c.HasFeature("divine_smite") {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", "divine_smite")
	}
	if slot < 0 || slot > 9 {
		return nil, newError(ErrBadSlotLevel, "Slot", slot, "Max", 9)
	}
	if slot == 0 {
		if slot = c.LowestSlot(1); slot == 0 {
			return nil, newError(ErrNoSlotAvailable, "Name", c.Name, "Level", 1)
		}
	}
	if c.SlotsLeft(slot) == 0 {
		return nil, newError(ErrNoSlotLeft, "Name", c.Name, "Slot", slot, "Max", c.SpellSlots[slot-1].Max)
	}
	typ := strings.ToLower(t.CreatureType)
	res := &SmiteResult{Slot: slot, Dice: SmiteDice(slot, typ == "undead" || typ == "fiend")}
	d, err := RollDamage(res.Dice, crit, rule, t, r)
	if err != nil {
		return nil, err
	}
	c.SpellSlots[slot-1].Used++
	res.SlotsLeft = c.SlotsLeft(slot)
	res.Damage = d
	return res, nil
}

// HalveDamage is uncanny dodge (a rogue's reaction to an attacker it can
// see): a copy of d with each damage type halved, rounded down.
func HalveDamage(d *DamageResult) *DamageResult {
	if d == nil {
		return nil
	}
	out := *d
	out.Parts = append([]DamagePart(nil), d.Parts...)
	out.Total = 0
	for i := range out.Parts {
		out.Parts[i].Final /= 2
		out.Total += out.Parts[i].Final
	}
	return &out
}

// DarkOnesBlessing is the temporary hit points a fiend warlock gains when it
// drops a hostile creature to 0 HP: CHA modifier + warlock level, at least 1;
// 0 without the feature.
func (c *Character) DarkOnesBlessing() int {
	if !c.HasFeature("dark_ones_blessing") {
		return 0
	}
	return max(1, c.Mod(Cha)+c.Level)
}

// AttackAction makes the Attack action with the sheet attack called name
// against t: AttacksPerAction attacks, one after another. Once-per-turn
// damage (sneak attack) goes to the first hit of the action only. The
// character is not changed: spend what each result used with SpendEffects
// (with o.Turn).
func (c *Character) AttackAction(name string, t Target, r dice.Roller, o AttackOptions) ([]*AttackResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	n, _ := c.AttacksPerAction()
	used := map[string]string{}
	for k, v := range c.TurnUses {
		used[k] = v
	}
	turn := o.Turn
	if turn == "" {
		turn = "action" // with no turn key, the action counts as one turn
	}
	var out []*AttackResult
	for range n {
		o.Turn = turn
		res, err := c.attack(name, t, r, o, used)
		if err != nil {
			return nil, err
		}
		for _, a := range res.Applied {
			if a.Spent && a.Kind == ModDamage {
				used[a.Effect] = turn
			}
		}
		out = append(out, res)
	}
	return out, nil
}
