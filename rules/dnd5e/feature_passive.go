package dnd5e

// Passive class features are effects computed from the class, subclass and
// level (never stored): each has the feature's id and source, no duration.
//
// Decisions: armour is not on the sheet, so fast movement, unarmored
// movement and the rest count as met (no heavy armour, no armour, no
// shield); danger sense needs the barbarian not blinded, deafened or
// incapacitated and applies to every DEX save; sneak attack's damage is a
// once-per-turn effect added only when the attack asks for it
// (AttackOptions.Sneak); divine strike is radiant (life domain).

// FeatureEffects are the character's passive class features as effects,
// from its class, subclass and level: they are not stored on the sheet.
func (c *Character) FeatureEffects() []ActiveEffect {
	var out []ActiveEffect
	add := func(id string, mods ...Mod) {
		out = append(out, NewEffect(EffectSource{Kind: SourceFeature, ID: id}, Duration{}, mods...))
	}
	prof := c.Proficiency()
	for _, f := range FeaturesOf(c.Class, c.Subclass, c.Level) {
		switch f.ID {
		case "extra_attack":
			add(f.ID, Mod{Kind: ModExtraAttacks, Value: ExtraAttacks(c.Class, c.Level)})
		case "danger_sense":
			if !c.HasCondition(Blinded) && !c.HasCondition(Deafened) && !c.HasCondition(Incapacitated) {
				add(f.ID, adv(ScopeSave).of(Dex))
			}
		case "fast_movement":
			add(f.ID, Mod{Kind: ModSpeed, Value: 10})
		case "feral_instinct":
			add(f.ID, adv(ScopeInitiative))
		case "brutal_critical":
			add(f.ID, Mod{Kind: ModCritDice, Value: BrutalCriticalDice(c.Level)}.on(MeleeWeapon))
		case "jack_of_all_trades":
			add(f.ID, Mod{Kind: ModBonus, Roll: ScopeCheck, Value: prof / 2, Prof: Unproficient})
		case "remarkable_athlete":
			half := (prof + 1) / 2
			add(f.ID, Mod{Kind: ModBonus, Roll: ScopeCheck, Value: half, Prof: Unproficient, Ability: Str},
				Mod{Kind: ModBonus, Roll: ScopeCheck, Value: half, Prof: Unproficient, Ability: Dex},
				Mod{Kind: ModBonus, Roll: ScopeCheck, Value: half, Prof: Unproficient, Ability: Con})
		case "improved_critical":
			if !c.HasFeature("superior_critical") {
				add(f.ID, Mod{Kind: ModCritRange, Value: 19}.on(WeaponAttack))
			}
		case "superior_critical":
			add(f.ID, Mod{Kind: ModCritRange, Value: 18}.on(WeaponAttack))
		case "unarmored_movement":
			add(f.ID, Mod{Kind: ModSpeed, Value: UnarmoredMovement(c.Level)})
		case "evasion":
			add(f.ID, kind(ModEvasion))
		case "purity_of_body":
			add(f.ID, Mod{Kind: ModImmune, Type: "poison"}, immuneTo(Poisoned))
		case "diamond_soul":
			add(f.ID, kind(ModSaveProfAll))
		case "aura_of_protection":
			add(f.ID, flat(ScopeSave, max(1, c.Mod(Cha))))
		case "aura_of_courage":
			add(f.ID, immuneTo(Frightened))
		case "aura_of_devotion":
			add(f.ID, immuneTo(Charmed))
		case "improved_divine_smite":
			add(f.ID, Mod{Kind: ModDamage, Dice: "1d8", Type: "radiant"}.on(MeleeWeapon))
		case "reliable_talent":
			add(f.ID, Mod{Kind: ModMinD20, Roll: ScopeCheck, Value: 10, Prof: Proficient})
		case "sneak_attack":
			add(f.ID, Mod{Kind: ModDamage, Dice: SneakAttackDice(c.Level), OncePerTurn: true}.on(WeaponAttack))
		case "divine_strike":
			add(f.ID, Mod{Kind: ModDamage, Dice: itoaDice(DivineStrikeDice(c.Level), 8), Type: "radiant", OncePerTurn: true}.on(WeaponAttack))
		case "disciple_of_life":
			add(f.ID, Mod{Kind: ModHealBonus, Value: 2})
		}
	}
	return out
}

// AuraOfProtection is the effect a paladin of 6th level or higher gives the
// creatures within its aura (AuraRange): + its CHA modifier (at least 1) to
// saving throws. ok is false below 6th level. (The paladin has it itself through FeatureEffects.)
func (c *Character) AuraOfProtection() (ActiveEffect, bool) {
	if !c.HasFeature("aura_of_protection") {
		return ActiveEffect{}, false
	}
	return NewEffect(EffectSource{Kind: SourceFeature, ID: "aura_of_protection"}, Duration{},
		flat(ScopeSave, max(1, c.Mod(Cha)))), true
}

// AttacksPerAction is how many attacks the character makes with the Attack
// action: 1, plus extra attack (the best of its classes) and other extra
// attacks (haste's action); Applied lists them.
func (c *Character) AttacksPerAction() (int, []Applied) {
	n, applied := extraAttacks(c.AllEffects())
	return 1 + n, applied
}
