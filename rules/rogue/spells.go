package rogue

import (
	"strconv"

	"rulekeeper/rules/dice"
)

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
	Splash      int             `json:"splash,omitempty"` // Healing Wave: heal for each creature adjacent to the target; Enlarge Orb: damage to each
	HealRoll    *Rolled         `json:"heal_roll,omitempty"`
	Heal        *HealResult     `json:"heal,omitempty"`
	Restored    Attribute       `json:"restored,omitempty"`     // Healing Touch: 1 point of ability damage restored
	Secondary   *CheckResult    `json:"secondary,omitempty"`    // orbs: 2D6 + X ≥ 10 + resistance
	SecondaryOn bool            `json:"secondary_on,omitempty"` // the secondary effect happened (check passed, or the target is vulnerable)
	Immune      bool            `json:"immune,omitempty"`       // the target's immunity stopped the secondary effect
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
// lingering effects. Effects that reach "friends in line of sight" or
// "adjacent creatures" are applied to the caster and the target; Splash and
// the returned effects tell the bot what to apply to the others.
// Errors change nothing.
func Cast(caster, target *Character, o CastOptions, r dice.Roller) (*CastResult, error) {
	if target == nil {
		target = caster
	}
	a, t := caster.Clone(), target.Clone()
	if caster == target {
		t = a
	}
	res, err := cast(a, t, a == t, o, r)
	if err != nil {
		return nil, err
	}
	*caster = *a
	if caster != target {
		*target = *t
	}
	return res, nil
}

func cast(c, t *Character, self bool, o CastOptions, r dice.Roller) (*CastResult, error) {
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
		if !self && !t.Daemon {
			return nil, newError(ErrWrongTarget, "Spell", string(o.Spell), "Need", "daemon")
		}
	}
	removeAt := -1
	if kinds := removalKinds(o.Spell); kinds != nil {
		if removeAt = t.pickEffect(kinds, o.Effect); removeAt < 0 {
			return nil, newError(ErrEffectAbsent, "Name", t.Name, "Kind", string(kinds[0]))
		}
	}

	res := &CastResult{Spell: o.Spell, School: info.School, Attr: info.Attr, Scroll: o.Scroll,
		X: Bonus(c.Mod(Sta)), Y: Bonus(c.Mod(Cha)), Z: t.Level / 4}
	x, y, z := res.X, res.Y, res.Z
	csm, _ := c.CritMod()
	cfm, _ := c.FumbleMod()

	// Cost (A22.1, A22.5).
	if !o.Scroll {
		free := false
		if c.HasTalent(Clearcasting) && c.Energy > 0 {
			die, err := rollAmount("1d6"+signed(csm), r)
			if err != nil {
				return nil, err
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
			hp, err := rollAmount("1d3", r)
			if err != nil {
				return nil, err
			}
			res.HPCost = hp
			c.HP = max(c.HP-hp.Total, 0)
			if c.Dead() {
				res.CasterDied = true
				return res, nil
			}
		}
	}

	// The spell to-hit check (A15, A22.2): 2D6 + casting modifier ≥ 7 + range.
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
	if o.Bonus != 0 {
		mods = append(mods, Mod{SrcBonus, o.Bonus})
	}
	rng := 0
	if !self {
		rng = RangeModifier(o.DX, o.DY)
		if rng > 0 {
			res.RangeMods = append(res.RangeMods, Mod{SrcRange, rng})
		}
		if rng > 1 && (c.HasTalent(SilentCast) || (c.hasSpellEffect(DivineReach) && c.HasTalent(FocusedCast))) {
			res.RangeMods = append(res.RangeMods, Mod{SrcHalved, rng/2 - rng})
			rng /= 2
		}
	}
	res.Range = rng
	critMod := csm
	if !self {
		th, _ := CritThreshold(c, t, o.Rules)
		critMod = 12 - th
	}
	ck := Check{Mods: mods, Difficulty: 7 + rng, FumbleMod: cfm, CritMod: critMod}
	if c.Equip.Shield != nil {
		ck.RerollSuccess = SrcShield // A22.6: a caster holding a shield re-rolls successful spell to-hit rolls
	}
	hit, err := Roll(ck, r)
	if err != nil {
		return nil, err
	}
	res.ToHit, res.Hit, res.Critical = hit, hit.Success, hit.Outcome == OutcomeCritical
	if !res.Hit {
		return res, nil
	}
	res.Location = Body
	if res.Critical {
		res.Location = Head
	}
	chance := func(src string, bonus, difficulty int) (*CheckResult, error) {
		return Roll(Check{Mods: []Mod{{src, bonus}}, Difficulty: min(difficulty, MaxDifficulty), FumbleMod: cfm, CritMod: csm}, r)
	}
	focused := c.HasTalent(FocusedCast)
	plus := func(n int) string { // "+n", or "+nD3" with Focused Cast (A21)
		if focused {
			return plusDice(n, 3)
		}
		return signed(n)
	}
	addOn := func(on *Character, onCaster bool, e Effect, dur string) error {
		var d *Rolled
		if dur != "" {
			var err error
			if d, err = rollAmount(dur, r); err != nil {
				return err
			}
			e.Turns = max(d.Total, 1)
		}
		ch, err := on.AddEffect(e)
		if err != nil {
			return err
		}
		res.Effects = append(res.Effects, AppliedEffect{OnCaster: onCaster, Duration: d, Change: ch})
		return nil
	}
	buff := func(dur string, value int, alsoTarget bool) error {
		e := Effect{Kind: KindSpell, ID: string(o.Spell), Power: x, Value: value}
		if err := addOn(c, true, e, dur); err != nil {
			return err
		}
		if alsoTarget && !self {
			ch, err := t.AddEffect(Effect{Kind: KindSpell, ID: string(o.Spell), Power: x, Value: value, Turns: res.Effects[len(res.Effects)-1].Change.Effect.Turns})
			if err != nil {
				return err
			}
			res.Effects = append(res.Effects, AppliedEffect{Change: ch})
		}
		return nil
	}
	damage := func(on *Character, n string, typ DamageType) (*SpellDamage, error) {
		main, err := rollAmount(n, r)
		if err != nil {
			return nil, err
		}
		sd := &SpellDamage{Rolled: *main, Type: typ}
		amount := max(main.Total, 0)
		if on == t && info.Enlargeable {
			if _, ok := c.effect(KindSpell, string(EnlargeOrb)); ok {
				ex, err := rollAmount(joinNotation("1d6", signed(x)), r)
				if err != nil {
					return nil, err
				}
				sd.Extra = ex
				res.Splash = amount
				amount += max(ex.Total, 0)
				c.RemoveEffect(KindSpell, string(EnlargeOrb))
			}
		}
		dr, err := on.TakeDamage(Damage{Amount: min(amount, MaxHPLimit), Type: typ, Location: res.Location}, r)
		if err != nil {
			return nil, err
		}
		sd.Applied = dr
		return sd, nil
	}
	orb := func(typ DamageType) error {
		n := joinNotation("1d6", plus(x))
		if c.hasSpellEffect(AmplifyMagic) {
			n += "+1d6"
		}
		sd, err := damage(t, n, typ)
		if err != nil {
			return err
		}
		sd.Amplified = c.hasSpellEffect(AmplifyMagic)
		res.Damage = sd
		return nil
	}
	secondary := func(typ DamageType) (bool, error) {
		if t.Dead() {
			return false, nil
		}
		if t.IsImmune(Immunity(typ)) {
			res.Immune = true
			return false, nil
		}
		if t.IsWeak(typ) { // A9.3: a vulnerable target always suffers the secondary effect
			res.SecondaryOn = true
			return true, nil
		}
		ck, err := chance(Sta.Key(), x, 10+t.Resistance(typ, res.Location))
		if err != nil {
			return false, err
		}
		res.Secondary, res.SecondaryOn = ck, ck.Success
		return ck.Success, nil
	}
	pick := func(n int) (int, error) {
		p, err := rollAmount("1d"+strconv.Itoa(n), r)
		if err != nil {
			return 0, err
		}
		res.Picked = p
		return p.Total - 1, nil
	}
	heal := func(n string) error {
		h, err := rollAmount(n, r)
		if err != nil {
			return err
		}
		hr := t.Heal(max(h.Total, 0))
		res.HealRoll, res.Heal = h, &hr
		return nil
	}
	d6x10 := func(n int) string { return "(" + joinNotation("1d6", signed(n)) + ")*10" }

	switch o.Spell {
	case CureDisease, CurePoison, RemoveCurse, DispelMagic:
		e := t.Effects[removeAt]
		ck, err := chance(info.Attr.Key(), Bonus(c.Mod(info.Attr)), 7+e.Power)
		if err != nil {
			return nil, err
		}
		res.Removal = ck
		if ck.Success {
			t.Effects = append(t.Effects[:removeAt], t.Effects[removeAt+1:]...)
			res.Removed = &e
			t.Recalc()
		}
	case DivineGrace, DivineMight:
		n := y
		if o.Spell == DivineMight {
			n = x
		}
		if err := buff(d6x10(n), 0, true); err != nil {
			return nil, err
		}
		c.Recalc()
		t.Recalc()
	case Illumination:
		if err := buff(d6x10(y), 0, true); err != nil {
			return nil, err
		}
	case DivineReach, AmplifyMagic:
		if err := buff(d6x10(x), 0, false); err != nil {
			return nil, err
		}
	case EnlargeOrb:
		if err := buff(joinNotation("2d6", signed(x)), 0, false); err != nil {
			return nil, err
		}
	case MageArmour:
		if err := buff(d6x10(x), max(x/2, 1), false); err != nil {
			return nil, err
		}
	case MirrorImage, DemonicVisage:
		if err := buff(d6x10(y), 0, false); err != nil {
			return nil, err
		}
	case HealingTouch:
		if err := heal(joinNotation("1d6", plus(y))); err != nil {
			return nil, err
		}
		// "Tries to restore 1 point of ability damage": no check is given; the
		// attribute with the most damage (sheet order on a tie) gets 1 point back.
		best := Attribute("")
		for _, at := range AllAttributes() {
			if v := t.AbilityDamage.Get(at); v > 0 && (best == "" || v > t.AbilityDamage.Get(best)) {
				best = at
			}
		}
		if best != "" {
			t.AbilityDamage.Set(best, t.AbilityDamage.Get(best)-1)
			t.Recalc()
			res.Restored = best
		}
	case HealingWave:
		if err := heal(joinNotation("1d3", plus(y))); err != nil {
			return nil, err
		}
		res.Splash = max(res.HealRoll.Total, 0)
	case RenewingTouch:
		if err := addOn(t, self, Effect{Kind: KindSpell, ID: string(RenewingTouch), Power: x, Value: y}, joinNotation("1d6", signed(y))); err != nil {
			return nil, err
		}
	case TurnUndead, BanishDaemon:
		n := joinNotation("1d6", plus(y))
		if c.hasSpellEffect(AmplifyMagic) {
			n += "+1d6"
		}
		sd, err := damage(t, n, Magic)
		if err != nil {
			return nil, err
		}
		sd.Amplified = c.hasSpellEffect(AmplifyMagic)
		res.Damage = sd
		if !t.Dead() && !t.IsImmune(ImmuneInstantDeath) {
			// Turn Undead: 2D6 + Y ≥ 10 + Z; Banish Daemon: 2D6 + X ≥ 10 + Z (G-A15c: as written).
			src, b := Cha.Key(), y
			if o.Spell == BanishDaemon {
				src, b = Sta.Key(), x
			}
			ck, err := chance(src, b, 10+z)
			if err != nil {
				return nil, err
			}
			res.Kill = ck
			if ck.Success {
				t.HP = 0
				res.Killed = true
				sd.Applied.HPAfter, sd.Applied.Dead = 0, true
			}
		}
	case ElectricOrb:
		if err := orb(Shock); err != nil {
			return nil, err
		}
		on, err := secondary(Shock)
		if err != nil {
			return nil, err
		}
		if on && x/2 > 0 { // shocked for X/2 turns (floor, G-A19)
			if err := addOn(t, self, Effect{Kind: KindState, ID: string(Shocked), Turns: x / 2}, ""); err != nil {
				return nil, err
			}
		}
	case FlamingOrb:
		if err := orb(Fire); err != nil {
			return nil, err
		}
		on, err := secondary(Fire)
		if err != nil {
			return nil, err
		}
		if on {
			if err := addOn(t, self, Effect{Kind: KindState, ID: string(Burning), Power: x}, joinNotation("1d6", signed(x))); err != nil {
				return nil, err
			}
		}
	case FrozenOrb:
		if err := orb(Frost); err != nil {
			return nil, err
		}
		on, err := secondary(Frost)
		if err != nil {
			return nil, err
		}
		if on {
			if err := addOn(t, self, Effect{Kind: KindSlow, Power: x}, joinNotation("1d6", signed(x))); err != nil {
				return nil, err
			}
		}
	case VenomousOrb, VirulentOrb:
		typ := Poison
		if o.Spell == VirulentOrb {
			typ = Disease
		}
		if err := orb(typ); err != nil {
			return nil, err
		}
		on, err := secondary(typ)
		if err != nil {
			return nil, err
		}
		if on {
			var e Effect
			if typ == Poison {
				i, err := pick(len(poisonTable))
				if err != nil {
					return nil, err
				}
				e = Effect{Kind: KindPoison, ID: string(Poisons()[i]), Power: x}
			} else {
				i, err := pick(len(diseaseTable))
				if err != nil {
					return nil, err
				}
				e = Effect{Kind: KindDisease, ID: string(Diseases()[i].ID), Power: x}
			}
			if err := addOn(t, self, e, d6x10(x)); err != nil {
				return nil, err
			}
		}
	case BestowCurse:
		ck, err := chance(Sta.Key(), x, 7+z)
		if err != nil {
			return nil, err
		}
		res.Chance = ck
		curse := CurseAgony // on a failure: Curse of Agony instead
		if ck.Success {
			i, err := pick(len(curseTable))
			if err != nil {
				return nil, err
			}
			curse = Curses()[i]
		}
		if err := addOn(t, self, Effect{Kind: KindCurse, ID: string(curse), Power: x}, d6x10(x)); err != nil {
			return nil, err
		}
	case CaptureSoul:
		if x <= 0 {
			res.NoEffect = true
			break
		}
		if err := addOn(t, self, Effect{Kind: KindSpell, ID: string(CaptureSoul), Power: x}, joinNotation("1d6", signed(x))); err != nil {
			return nil, err
		}
	case EnslaveDaemon, SummonDaemon:
		if self { // Summon Daemon with no summoned creature given: nothing to enslave here
			break
		}
		ck, err := chance(Cha.Key(), y, 8+z)
		if err != nil {
			return nil, err
		}
		res.Chance = ck
		if ck.Success {
			if err := addOn(t, false, Effect{Kind: KindState, ID: string(Charmed), Power: x}, d6x10(y)); err != nil {
				return nil, err
			}
		}
	case ReleaseSoul:
		n := joinNotation("2d6", plus(x))
		switch {
		case !o.Enchant:
			sd, err := damage(t, n, Magic)
			if err != nil {
				return nil, err
			}
			res.Damage = sd
		case o.EnchantFailed:
			sd, err := damage(c, n, Magic)
			if err != nil {
				return nil, err
			}
			res.Backfire = sd
		}
	case PlaneShift, Telekinesis:
		// No roll beyond the to-hit check.
	}
	return res, nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
