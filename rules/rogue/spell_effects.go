package rogue

import "strconv"

// spellEffect is what a spell does once its to-hit check succeeded (A23–A25).
type spellEffect func(k *casting) error

// spellEffects holds one function per spell.
var spellEffects = map[Spell]spellEffect{
	CureDisease:   (*casting).removal,
	CurePoison:    (*casting).removal,
	RemoveCurse:   (*casting).removal,
	DispelMagic:   (*casting).removal,
	DivineGrace:   (*casting).divine,
	DivineMight:   (*casting).divine,
	Illumination:  func(k *casting) error { return k.buff(d6x10(k.y), 0, true) },
	DivineReach:   func(k *casting) error { return k.buff(d6x10(k.x), 0, false) },
	AmplifyMagic:  func(k *casting) error { return k.buff(d6x10(k.x), 0, false) },
	EnlargeOrb:    func(k *casting) error { return k.buff(joinNotation("2d6", signed(k.x)), 0, false) },
	MageArmour:    func(k *casting) error { return k.buff(d6x10(k.x), max(k.x/2, 1), false) },
	MirrorImage:   func(k *casting) error { return k.buff(d6x10(k.y), 0, false) },
	DemonicVisage: func(k *casting) error { return k.buff(d6x10(k.y), 0, false) },
	HealingTouch:  (*casting).healingTouch,
	HealingWave:   (*casting).healingWave,
	RenewingTouch: (*casting).renewingTouch,
	TurnUndead:    (*casting).banish,
	BanishDaemon:  (*casting).banish,
	ElectricOrb:   orbOf(Shock),
	FlamingOrb:    orbOf(Fire),
	FrozenOrb:     orbOf(Frost),
	VenomousOrb:   orbOf(Poison),
	VirulentOrb:   orbOf(Disease),
	BestowCurse:   (*casting).bestowCurse,
	CaptureSoul:   (*casting).captureSoul,
	EnslaveDaemon: (*casting).enslave,
	SummonDaemon:  (*casting).enslave,
	ReleaseSoul:   (*casting).releaseSoul,
	PlaneShift:    func(*casting) error { return nil }, // no roll beyond the to-hit check
	Telekinesis:   func(*casting) error { return nil },
}

// d6x10 is "(1d6+n)*10", the duration of most lasting spells.
func d6x10(n int) string { return "(" + joinNotation("1d6", signed(n)) + ")*10" }

// chance rolls one of a spell's secondary checks: 2D6 + bonus ≥ difficulty.
func (k *casting) chance(src string, bonus, difficulty int) (*CheckResult, error) {
	return Roll(Check{Mods: []Mod{{src, bonus}}, Difficulty: min(difficulty, MaxDifficulty), FumbleMod: k.cfm, CritMod: k.csm}, k.r)
}

// plus is "+n", or "+nD3" with Focused Cast (A21).
func (k *casting) plus(n int) string {
	if k.c.HasTalent(FocusedCast) {
		return plusDice(n, 3)
	}
	return signed(n)
}

// addOn puts a lingering effect on a creature, rolling its duration (dur "" = keep e.Turns).
func (k *casting) addOn(on *Character, onCaster bool, e Effect, dur string) error {
	var d *Rolled
	if dur != "" {
		var err error
		if d, err = rollAmount(dur, k.r); err != nil {
			return err
		}
		e.Turns = max(d.Total, 1)
	}
	ch, err := on.AddEffect(e)
	if err != nil {
		return err
	}
	k.res.Effects = append(k.res.Effects, AppliedEffect{OnCaster: onCaster, Duration: d, Change: ch})
	return nil
}

// buff puts the spell as a lasting effect on the caster (and the target too when alsoTarget).
func (k *casting) buff(dur string, value int, alsoTarget bool) error {
	e := Effect{Kind: KindSpell, ID: string(k.o.Spell), Power: k.x, Value: value}
	if err := k.addOn(k.c, true, e, dur); err != nil {
		return err
	}
	if alsoTarget && !k.self {
		e.Turns = k.res.Effects[len(k.res.Effects)-1].Change.Effect.Turns
		ch, err := k.t.AddEffect(e)
		if err != nil {
			return err
		}
		k.res.Effects = append(k.res.Effects, AppliedEffect{Change: ch})
	}
	return nil
}

// damage rolls n and deals it to on; an enlargeable orb at the target with
// Enlarge Orb on the caster explodes for an extra D6 + X (A24).
func (k *casting) damage(on *Character, n string, typ DamageType) (*SpellDamage, error) {
	main, err := rollAmount(n, k.r)
	if err != nil {
		return nil, err
	}
	sd := &SpellDamage{Rolled: *main, Type: typ}
	amount := max(main.Total, 0)
	if on == k.t && k.info.Enlargeable {
		if _, ok := k.c.effect(KindSpell, string(EnlargeOrb)); ok {
			ex, err := rollAmount(joinNotation("1d6", signed(k.x)), k.r)
			if err != nil {
				return nil, err
			}
			sd.Extra = ex
			k.res.Splash = amount
			amount += max(ex.Total, 0)
			k.c.RemoveEffect(KindSpell, string(EnlargeOrb))
		}
	}
	dr, err := on.TakeDamage(Damage{Amount: min(amount, MaxHPLimit), Type: typ, Location: k.res.Location}, k.r)
	if err != nil {
		return nil, err
	}
	sd.Applied = dr
	if sd.Extra != nil { // the explosion: the orb's normal damage to every creature adjacent to the target
		if err := k.splashDamage(k.res.Splash, typ); err != nil {
			return nil, err
		}
	}
	return sd, nil
}

// orb deals an orb's D6 + X (+D6 with Amplify Magic) to the target.
func (k *casting) orb(typ DamageType) error {
	n := joinNotation("1d6", k.plus(k.x))
	amplified := k.c.hasSpellEffect(AmplifyMagic)
	if amplified {
		n += "+1d6"
	}
	sd, err := k.damage(k.t, n, typ)
	if err != nil {
		return err
	}
	sd.Amplified = amplified
	k.res.Damage = sd
	return nil
}

// secondary decides an orb's secondary effect: stopped by immunity, always
// on against a vulnerable target (A9.3), else 2D6 + X ≥ 10 + resistance.
func (k *casting) secondary(typ DamageType) (bool, error) {
	t, res := k.t, k.res
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
	ck, err := k.chance(Sta.Key(), k.x, 10+t.Resistance(typ, res.Location))
	if err != nil {
		return false, err
	}
	res.Secondary, res.SecondaryOn = ck, ck.Success
	return ck.Success, nil
}

// pick rolls 1dn for a random curse, poison or disease and returns its index.
func (k *casting) pick(n int) (int, error) {
	p, err := rollAmount("1d"+strconv.Itoa(n), k.r)
	if err != nil {
		return 0, err
	}
	k.res.Picked = p
	return p.Total - 1, nil
}

// heal rolls n and heals the target.
func (k *casting) heal(n string) error {
	h, err := rollAmount(n, k.r)
	if err != nil {
		return err
	}
	hr := k.t.Heal(max(h.Total, 0))
	k.res.HealRoll, k.res.Heal = h, &hr
	return nil
}

// removal: Cure Disease, Cure Poison, Remove Curse, Dispel Magic (A22.3):
// 2D6 + casting bonus ≥ 7 + the effect's power.
func (k *casting) removal() error {
	t := k.t
	e := t.Effects[k.removeAt]
	ck, err := k.chance(k.info.Attr.Key(), Bonus(k.c.Mod(k.info.Attr)), 7+e.Power)
	if err != nil {
		return err
	}
	k.res.Removal = ck
	if ck.Success {
		t.Effects = append(t.Effects[:k.removeAt], t.Effects[k.removeAt+1:]...)
		k.res.Removed = &e
		t.Recalc()
	}
	return nil
}

// divine: Divine Grace ((D6+Y)×10) and Divine Might ((D6+X)×10) on the caster and the target.
func (k *casting) divine() error {
	n := k.y
	if k.o.Spell == DivineMight {
		n = k.x
	}
	if err := k.buff(d6x10(n), 0, true); err != nil {
		return err
	}
	k.c.Recalc()
	k.t.Recalc()
	return nil
}

// healingTouch heals D6 + Y and restores 1 point of ability damage.
func (k *casting) healingTouch() error {
	t := k.t
	if err := k.heal(joinNotation("1d6", k.plus(k.y))); err != nil {
		return err
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
		k.res.Restored = best
	}
	return nil
}

// healingWave heals the target and every creature adjacent to it D3 + Y (one roll).
func (k *casting) healingWave() error {
	if err := k.heal(joinNotation("1d3", k.plus(k.y))); err != nil {
		return err
	}
	k.res.Splash = max(k.res.HealRoll.Total, 0)
	k.splashHeal(k.res.Splash)
	return nil
}

// renewingTouch heals D3 + Y per turn for D6 + Y turns.
func (k *casting) renewingTouch() error {
	return k.addOn(k.t, k.self, Effect{Kind: KindSpell, ID: string(RenewingTouch), Power: k.x, Value: k.y}, joinNotation("1d6", signed(k.y)))
}

// banish: Turn Undead and Banish Daemon, D6 + Y magic damage and an instant
// kill check: Turn Undead 2D6 + Y ≥ 10 + Z; Banish Daemon 2D6 + X ≥ 10 + Z
// (G-A15c: as written).
func (k *casting) banish() error {
	t := k.t
	n := joinNotation("1d6", k.plus(k.y))
	amplified := k.c.hasSpellEffect(AmplifyMagic)
	if amplified {
		n += "+1d6"
	}
	sd, err := k.damage(t, n, Magic)
	if err != nil {
		return err
	}
	sd.Amplified = amplified
	k.res.Damage = sd
	if t.Dead() || t.IsImmune(ImmuneInstantDeath) {
		return nil
	}
	src, b := Cha.Key(), k.y
	if k.o.Spell == BanishDaemon {
		src, b = Sta.Key(), k.x
	}
	ck, err := k.chance(src, b, 10+k.z)
	if err != nil {
		return err
	}
	k.res.Kill = ck
	if ck.Success {
		t.HP = 0
		k.res.Killed = true
		sd.Applied.HPAfter, sd.Applied.Dead = 0, true
	}
	return nil
}

// orbOf is an orb of damage type typ (A24–A25): D6 + X of that type, then
// its secondary effect (SufferSecondary) when the secondary check passes or
// the target is vulnerable: Electric Orb shocks, Flaming Orb sets burning,
// Frozen Orb slows, Venomous and Virulent Orb give a random poison or disease.
func orbOf(typ DamageType) spellEffect {
	return func(k *casting) error {
		if err := k.orb(typ); err != nil {
			return err
		}
		on, err := k.secondary(typ)
		if err != nil || !on {
			return err
		}
		se, err := k.t.SufferSecondary(typ, k.x, k.r)
		if err != nil {
			return err
		}
		k.res.Picked = se.Picked
		if se.Change != nil {
			k.res.Effects = append(k.res.Effects, AppliedEffect{OnCaster: k.self, Duration: se.Duration, Change: se.Change})
		}
		return nil
	}
}

// bestowCurse: a random curse if 2D6 + X ≥ 7 + Z, else Curse of Agony, for (D6 + X)×10 turns.
func (k *casting) bestowCurse() error {
	ck, err := k.chance(Sta.Key(), k.x, 7+k.z)
	if err != nil {
		return err
	}
	k.res.Chance = ck
	curse := CurseAgony // on a failure: Curse of Agony instead
	if ck.Success {
		i, err := k.pick(len(curseTable))
		if err != nil {
			return err
		}
		curse = Curses()[i]
	}
	return k.addOn(k.t, k.self, Effect{Kind: KindCurse, ID: string(curse), Power: k.x}, d6x10(k.x))
}

// captureSoul marks the target for D6 + X turns; nothing unless X > 0.
func (k *casting) captureSoul() error {
	if k.x <= 0 {
		k.res.NoEffect = true
		return nil
	}
	return k.addOn(k.t, k.self, Effect{Kind: KindSpell, ID: string(CaptureSoul), Power: k.x}, joinNotation("1d6", signed(k.x)))
}

// enslave: Enslave Daemon, and Summon Daemon, which brings in CastOptions.Daemon
// (or, cast at a daemon, works on it) and then attempts Enslave Daemon (A25):
// charmed for (D6 + Y)×10 turns if 2D6 + Y ≥ 8 + Z, Z from the daemon's level.
func (k *casting) enslave() error {
	on := k.t
	if k.o.Spell == SummonDaemon && k.self {
		on = k.o.Daemon.Clone()
		k.res.Summoned = &Summon{Creature: on, Summoner: k.c.Name}
	}
	ck, err := k.chance(Cha.Key(), k.y, 8+k.z)
	if err != nil {
		return err
	}
	k.res.Chance = ck
	if !ck.Success {
		return nil
	}
	if k.res.Summoned != nil {
		k.res.Summoned.Enslaved = true
	}
	return k.addOn(on, false, Effect{Kind: KindState, ID: string(Charmed), Power: k.x}, d6x10(k.y))
}

// releaseSoul: 2D6 + X magic damage to the target, or an enchantment that,
// when it fails, deals the damage to the caster.
func (k *casting) releaseSoul() error {
	n := joinNotation("2d6", k.plus(k.x))
	switch {
	case !k.o.Enchant:
		sd, err := k.damage(k.t, n, Magic)
		if err != nil {
			return err
		}
		k.res.Damage = sd
	case k.o.EnchantFailed:
		sd, err := k.damage(k.c, n, Magic)
		if err != nil {
			return err
		}
		k.res.Backfire = sd
	}
	return nil
}
