package rogue

import "rulekeeper/rules/dice"

// CastOptions describe one casting.
type CastOptions struct {
	Spell  Spell
	DX, DY int  // offset to the target in squares (0, 0 for the caster itself)
	Scroll bool // cast from a scroll: needs Literacy: Common, the spell need not be known, costs no energy
	// Effect picks which of the target's effects a removal spell tries to
	// remove: the n-th (1-based) of the right kind in the target's list; 0 = the first.
	Effect        int
	Enchant       bool // Release Soul: enchant an item instead of damaging the target
	EnchantFailed bool // Release Soul with Enchant: the enchantment failed, the caster takes the damage
	Bonus         int  // situational casting modifier (before the +5 cap)
	Rules         Rules
	// At is the target's square and Nearby the creatures around it (the caster
	// may be among them; the target itself is skipped): Healing Wave heals,
	// and an enlarged orb's explosion damages, every living one adjacent to At
	// (A23, A24), reported in CastResult.Splashed. Without At nothing beyond
	// the target is touched, and Splash still gives the amount.
	At     *Square
	Nearby []Nearby
	// Daemon is the creature Summon Daemon brings in when cast without a
	// target (NewDaemon makes a plain one); it comes back in CastResult.Summoned.
	Daemon *Character
}

// Clearcast is the Clearcasting check (A22.5): D6 + crit modifier ≥ 6, a
// natural 1 always fails; it is not rolled without energy (the seed: it fails).
type Clearcast struct {
	Roll    *Rolled `json:"roll"`
	Natural int     `json:"natural"`
	Success bool    `json:"success"`
}

// SpellDamage is the damage part of a spell.
type SpellDamage struct {
	Rolled                  // main damage (the orb's "normal damage")
	Extra     *Rolled       `json:"extra,omitempty"` // Enlarge Orb's extra D6 + X
	Amplified bool          `json:"amplified,omitempty"`
	Type      DamageType    `json:"type"`
	Applied   *DamageResult `json:"applied"`
}

// AppliedEffect is a lingering effect a spell put on a creature.
type AppliedEffect struct {
	OnCaster bool          `json:"on_caster"` // on the caster (else on the target)
	Duration *Rolled       `json:"duration,omitempty"`
	Change   *EffectChange `json:"change"`
}

// CastResult is a cast spell.
type CastResult struct {
	Spell       Spell           `json:"spell"`
	School      School          `json:"school"`
	Attr        Attribute       `json:"attr"` // the casting modifier
	Scroll      bool            `json:"scroll,omitempty"`
	X           int             `json:"x"` // caster's STA bonus
	Y           int             `json:"y"` // caster's CHA bonus
	Z           int             `json:"z"` // floor(target level / 4) (G-A14)
	Clearcast   *Clearcast      `json:"clearcast,omitempty"`
	EnergySpent int             `json:"energy_spent,omitempty"`
	HPCost      *Rolled         `json:"hp_cost,omitempty"` // no energy: D3 HP sacrificed
	CasterDied  bool            `json:"caster_died,omitempty"`
	Range       int             `json:"range"`
	RangeMods   []Mod           `json:"range_mods,omitempty"`
	ToHit       *CheckResult    `json:"to_hit,omitempty"` // 2D6 + casting modifier ≥ 7 + range
	Hit         bool            `json:"hit"`
	Critical    bool            `json:"critical,omitempty"`
	Location    Location        `json:"location,omitempty"`
	Damage      *SpellDamage    `json:"damage,omitempty"`
	Splash      int             `json:"splash,omitempty"`   // Healing Wave: heal for each creature adjacent to the target; Enlarge Orb: damage to each
	Splashed    []SplashHit     `json:"splashed,omitempty"` // what Splash did to each creature of CastOptions.Nearby adjacent to the target
	Summoned    *Summon         `json:"summoned,omitempty"` // Summon Daemon: the daemon to add to the encounter after its summoner
	HealRoll    *Rolled         `json:"heal_roll,omitempty"`
	Heal        *HealResult     `json:"heal,omitempty"`
	Restored    Attribute       `json:"restored,omitempty"`     // Healing Touch: 1 point of ability damage restored
	Secondary   *CheckResult    `json:"secondary,omitempty"`    // orbs: 2D6 + X ≥ 10 + resistance
	SecondaryOn bool            `json:"secondary_on,omitempty"` // the secondary effect happened (check passed, or the target is vulnerable)
	Immune      bool            `json:"immune,omitempty"`       // the target's immunity stopped the secondary effect
	CritEffect  *CheckResult    `json:"crit_effect,omitempty"`  // a critical hit's crit effect check by the target (A19.4)
	Confused    int             `json:"confused,omitempty"`     // turns of confusion it caused
	Kill        *CheckResult    `json:"kill,omitempty"`         // Turn Undead / Banish Daemon instant kill check
	Killed      bool            `json:"killed,omitempty"`
	Chance      *CheckResult    `json:"chance,omitempty"`  // Bestow Curse (7 + Z) / Enslave Daemon (8 + Z) check
	Removal     *CheckResult    `json:"removal,omitempty"` // 2D6 + casting bonus ≥ 7 + power
	Removed     *Effect         `json:"removed,omitempty"`
	Picked      *Rolled         `json:"picked,omitempty"` // the random curse/poison/disease roll
	Effects     []AppliedEffect `json:"effects,omitempty"`
	NoEffect    bool            `json:"no_effect,omitempty"` // Capture Soul with X ≤ 0
	Backfire    *SpellDamage    `json:"backfire,omitempty"`  // Release Soul: a failed enchantment hurts the caster
}

// removalKinds are the effect kinds each removal spell works on (A22.3).
func removalKinds(s Spell) []EffectKind {
	switch s {
	case CureDisease:
		return []EffectKind{KindDisease}
	case CurePoison:
		return []EffectKind{KindPoison}
	case RemoveCurse:
		return []EffectKind{KindCurse}
	case DispelMagic:
		return []EffectKind{KindSpell, KindHaste, KindSlow, KindState}
	}
	return nil
}

// pickEffect returns the index in c.Effects of the n-th effect (1-based; 0 = first) of the kinds.
func (c *Character) pickEffect(kinds []EffectKind, n int) int {
	seen := 0
	for i, e := range c.Effects {
		for _, k := range kinds {
			if e.Kind == k {
				seen++
				if n <= 1 || seen == n {
					return i
				}
			}
		}
	}
	return -1
}

// Cast casts a spell (A22–A25) from caster at target (nil = the caster) and
// applies everything: the cost (Clearcasting, energy, or D3 HP), the spell
// to-hit check, then the spell's damage, healing, secondary checks and
// lingering effects. Effects that reach "friends in line of sight" are
// applied to the caster and the target (the returned effects tell the bot
// what to apply to the others); Healing Wave and an enlarged orb also reach
// the creatures of o.Nearby adjacent to o.At (Splashed), and Summon Daemon
// returns the daemon it brought in (Summoned). Errors change nothing, on any
// of the creatures.
func Cast(caster, target *Character, o CastOptions, r dice.Roller) (*CastResult, error) {
	if target == nil {
		target = caster
	}
	a, t := caster.Clone(), target.Clone()
	if caster == target {
		t = a
	}
	around, orig := o.around(caster, target, a)
	res, err := cast(a, t, a == t, o, around, r)
	if err != nil {
		return nil, err
	}
	*caster = *a
	if caster != target {
		*target = *t
	}
	for i, p := range orig {
		if p != nil {
			*p = *around[i].C
		}
	}
	return res, nil
}

// casting is one spell being cast: who casts it at whom, the options, the
// spell's row, the result being built and the numbers every spell uses.
type casting struct {
	c, t     *Character
	self     bool
	o        CastOptions
	info     SpellInfo
	res      *CastResult
	r        dice.Roller
	x, y, z  int // X, Y, Z (A22.4)
	csm, cfm int // the caster's crit and fumble modifiers
	removeAt int // removal spells: the index of the effect to remove in t.Effects
	around   []Nearby
}

func cast(c, t *Character, self bool, o CastOptions, around []Nearby, r dice.Roller) (*CastResult, error) {
	k, err := newCasting(c, t, self, o, r)
	if err != nil {
		return nil, err
	}
	k.around = around
	done, err := k.pay()
	if err != nil {
		return nil, err
	}
	if done {
		return k.res, nil
	}
	if err := k.toHit(); err != nil {
		return nil, err
	}
	if !k.res.Hit {
		return k.res, nil
	}
	if err := spellEffects[o.Spell](k); err != nil {
		return nil, err
	}
	if err := k.critEffect(); err != nil {
		return nil, err
	}
	return k.res, nil
}

// critEffect makes the crit effect check (A19.4) when the spell struck the
// target's head and dealt it damage, exactly as a weapon's critical hit does
// (the check is made even when all the damage was resisted), unless the
// guild turned it off (Rules.NoCritEffect) or the target died.
func (k *casting) critEffect() error {
	d := k.res.Damage
	if !k.res.Critical || d == nil || d.Applied == nil || k.o.Rules.NoCritEffect || k.t.Dead() {
		return nil
	}
	ce, turns, err := CritEffectCheck(k.t, d.Applied.Final, k.r)
	if err != nil {
		return err
	}
	k.res.CritEffect, k.res.Confused = ce, turns
	return nil
}

// newCasting checks that the spell can be cast at the target (errors change nothing).
func newCasting(c, t *Character, self bool, o CastOptions, r dice.Roller) (*casting, error) {
	info, ok := o.Spell.Info()
	if !ok {
		return nil, newError(ErrUnknownSpell, "Spell", string(o.Spell))
	}
	if c.Dead() {
		return nil, newError(ErrDead, "Name", c.Name)
	}
	if t.Dead() {
		return nil, newError(ErrDead, "Name", t.Name)
	}
	if s, ok := c.Helpless(); ok {
		return nil, newError(ErrHelpless, "Name", c.Name, "State", string(s))
	}
	if o.DX < -MaxDistance || o.DX > MaxDistance || o.DY < -MaxDistance || o.DY > MaxDistance {
		return nil, newError(ErrBadDistance, "Max", MaxDistance)
	}
	if o.Bonus < -MaxModifier || o.Bonus > MaxModifier {
		return nil, newError(ErrBadModifier, "Value", o.Bonus, "Max", MaxModifier)
	}
	if info.Self && !self {
		return nil, newError(ErrSelfOnly, "Spell", string(o.Spell))
	}
	if o.Scroll {
		if !c.HasTalent(LiteracyCommon) {
			return nil, newError(ErrScrollLiteracy, "Name", c.Name)
		}
	} else if !c.Knows(o.Spell) {
		return nil, newError(ErrSpellNotKnown, "Name", c.Name, "Spell", string(o.Spell))
	}
	if c.HasState(Silenced) && !c.HasTalent(SilentCast) {
		return nil, newError(ErrSilenced, "Name", c.Name)
	}
	if !self && max(abs(o.DX), abs(o.DY)) > 1 && !c.HasTalent(FocusedCast) && !c.hasSpellEffect(DivineReach) {
		return nil, newError(ErrOutOfReach, "Spell", string(o.Spell))
	}
	switch o.Spell {
	case TurnUndead:
		if !t.Undead {
			return nil, newError(ErrWrongTarget, "Spell", string(o.Spell), "Need", "undead")
		}
	case BanishDaemon, EnslaveDaemon:
		if !t.Daemon {
			return nil, newError(ErrWrongTarget, "Spell", string(o.Spell), "Need", "daemon")
		}
	case SummonDaemon:
		if err := checkSummon(t, self, o); err != nil {
			return nil, err
		}
	}
	k := &casting{c: c, t: t, self: self, o: o, info: info, r: r, removeAt: -1}
	if kinds := removalKinds(o.Spell); kinds != nil {
		if k.removeAt = t.pickEffect(kinds, o.Effect); k.removeAt < 0 {
			return nil, newError(ErrEffectAbsent, "Name", t.Name, "Kind", string(kinds[0]))
		}
	}
	k.res = &CastResult{Spell: o.Spell, School: info.School, Attr: info.Attr, Scroll: o.Scroll,
		X: Bonus(c.Mod(Sta)), Y: Bonus(c.Mod(Cha)), Z: t.Level / 4}
	if o.Spell == SummonDaemon && self {
		k.res.Z = o.Daemon.Level / 4 // the Enslave check is against the summoned daemon
	}
	k.x, k.y, k.z = k.res.X, k.res.Y, k.res.Z
	k.csm, _ = c.CritMod()
	k.cfm, _ = c.FumbleMod()
	return k, nil
}

// pay pays the cost (A22.1, A22.5): nothing from a scroll; Clearcasting may
// make it free; else 1 energy, or D3 HP without energy. done is true when
// the HP cost killed the caster.
func (k *casting) pay() (done bool, err error) {
	c, res := k.c, k.res
	if k.o.Scroll {
		return false, nil
	}
	free := false
	if c.HasTalent(Clearcasting) && c.Energy > 0 {
		die, err := rollAmount("1d6"+signed(k.csm), k.r)
		if err != nil {
			return false, err
		}
		nat := die.Roll.Dice()[0].Face
		cc := &Clearcast{Roll: die, Natural: nat, Success: nat != 1 && die.Total >= 6}
		res.Clearcast, free = cc, cc.Success
	}
	switch {
	case free:
	case c.Energy > 0:
		c.Energy--
		res.EnergySpent = 1
	default:
		hp, err := rollAmount("1d3", k.r)
		if err != nil {
			return false, err
		}
		res.HPCost = hp
		c.HP = max(c.HP-hp.Total, 0)
		if c.Dead() {
			res.CasterDied = true
			return true, nil
		}
	}
	return false, nil
}

// toHit rolls the spell to-hit check (A15, A22.2): 2D6 + casting modifier ≥ 7 + range.
func (k *casting) toHit() error {
	c, t, info, res := k.c, k.t, k.info, k.res
	mods := []Mod{{info.Attr.Key(), c.Mod(info.Attr)}}
	capAt, capped := 0, false
	if c.Equip.MaxCast != nil {
		capAt, capped = *c.Equip.MaxCast, true
		if info.School == Celestial {
			capAt = max(capAt, 2) // 2.0: Celestial spells always have max cast ≥ 2
		}
	}
	if capped && c.Mod(info.Attr) > capAt {
		mods = append(mods, Mod{SrcMaxCast, capAt - c.Mod(info.Attr)})
	}
	if m, ok := c.HungerMod(); ok {
		mods = append(mods, m)
	}
	for _, p := range []PoisonID{PoisonBlinding, PoisonConfusing} { // "−P to hit rolls": spell to-hit rolls too
		if pw, ok := c.poisonPower(p); ok && pw > 0 {
			mods = append(mods, Mod{p.Key(), -pw})
		}
	}
	if !c.HasTalent(SilentCast) {
		for _, p := range []PoisonID{PoisonDeafening, PoisonSilencing} {
			if pw, ok := c.poisonPower(p); ok && pw > 0 {
				mods = append(mods, Mod{p.Key(), -pw})
			}
		}
	}
	if k.o.Bonus != 0 {
		mods = append(mods, Mod{SrcBonus, k.o.Bonus})
	}
	rng := 0
	if !k.self {
		rng = RangeModifier(k.o.DX, k.o.DY)
		if rng > 0 {
			res.RangeMods = append(res.RangeMods, Mod{SrcRange, rng})
		}
		if rng > 1 && (c.HasTalent(SilentCast) || (c.hasSpellEffect(DivineReach) && c.HasTalent(FocusedCast))) {
			res.RangeMods = append(res.RangeMods, Mod{SrcHalved, rng/2 - rng})
			rng /= 2
		}
	}
	res.Range = rng
	critMod := k.csm
	if !k.self {
		th, _ := CritThreshold(c, t, k.o.Rules)
		critMod = 12 - th
	}
	ck := Check{Mods: mods, Difficulty: 7 + rng, FumbleMod: k.cfm, CritMod: critMod}
	if c.Equip.Shield != nil {
		ck.RerollSuccess = SrcShield // A22.6: a caster holding a shield re-rolls successful spell to-hit rolls
	}
	hit, err := Roll(ck, k.r)
	if err != nil {
		return err
	}
	res.ToHit, res.Hit, res.Critical = hit, hit.Success, hit.Outcome == OutcomeCritical
	if res.Hit {
		res.Location = Body
		if res.Critical {
			res.Location = Head
		}
	}
	return nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
