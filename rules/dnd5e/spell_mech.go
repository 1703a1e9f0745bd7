package dnd5e

// What SRD spells do beyond the damage, healing, conditions and pools of
// spell_table.go (issue 13): their effects, choices, cures, summons and the
// other outcomes Cast reports. One entry a spell, by level; init adds them to
// the table. spell_coverage_test.go lists every SRD spell with what it does in
// rulekeeper and why the rest is not modelled.

// Mod shorthands.
func bonus(scope RollScope, dice string) Mod { return Mod{Kind: ModBonus, Roll: scope, Dice: dice} }
func flat(scope RollScope, v int) Mod        { return Mod{Kind: ModBonus, Roll: scope, Value: v} }
func adv(scope RollScope) Mod                { return Mod{Kind: ModAdvantage, Roll: scope} }
func dis(scope RollScope) Mod                { return Mod{Kind: ModDisadvantage, Roll: scope} }
func acPlus(n int) Mod                       { return Mod{Kind: ModAC, Value: n} }
func speedTimes(pct int) Mod                 { return Mod{Kind: ModSpeedFactor, Value: pct} }
func immuneTo(c Condition) Mod               { return Mod{Kind: ModCondImmune, Condition: c} }
func kind(k ModKind) Mod                     { return Mod{Kind: k} }

func (m Mod) of(a Ability) Mod            { m.Ability = a; return m }
func (m Mod) skill(s Skill) Mod           { m.Skill = s; return m }
func (m Mod) on(f AttackFilter) Mod       { m.Attack = f; return m }
func (m Mod) against(types ...string) Mod { m.VsTypes = types; return m }

// defences returns one mod of kind k per damage type (all 13 when none is given).
func defences(k ModKind, types ...DamageType) []Mod {
	if len(types) == 0 {
		types = DamageTypes()
	}
	out := make([]Mod, len(types))
	for i, t := range types {
		out[i] = Mod{Kind: k, Type: t}
	}
	return out
}

// SpellEffect shorthands: on each target it lands on, or on the caster.
func onTarget(d Duration, mods ...Mod) SpellEffect { return SpellEffect{Mods: mods, Duration: d} }
func onCaster(d Duration, mods ...Mod) SpellEffect {
	return SpellEffect{Caster: true, Mods: mods, Duration: d}
}

func (e SpellEffect) uses(n int) SpellEffect         { e.Uses = n; return e }
func (e SpellEffect) when(choice string) SpellEffect { e.Choice = choice; return e }
func (e SpellEffect) perSlot(n, every int) SpellEffect {
	e.PerSlot, e.Every = n, every
	return e
}
func (e SpellEffect) casterMod() SpellEffect      { e.CasterMod = true; return e }
func (e SpellEffect) rolled(n string) SpellEffect { e.Rolled = n; return e }
func (e SpellEffect) spellDamage() SpellEffect    { e.SpellDamage = true; return e }
func (e SpellEffect) markTarget() SpellEffect     { e.MarkTarget = true; return e }

// Durations of spell effects.
var (
	untilCasterTurnStart = Duration{Kind: UntilTurnStart, Turn: TurnCaster}
	untilCasterTurnEnd   = Duration{Kind: UntilTurnEnd, Turn: TurnCaster}
	untilOwnTurnStart    = Duration{Kind: UntilTurnStart}
	untilOwnTurnEnd      = Duration{Kind: UntilTurnEnd}
)

// Spell row additions.
func (s Spell) fx(e ...SpellEffect) Spell {
	s.Effects = append(append([]SpellEffect(nil), s.Effects...), e...)
	return s
}
func (s Spell) choices(c ...string) Spell { s.Choices = c; return s }
func (s Spell) condIf(choice string, id Condition, rounds int, fixed bool) Spell {
	return s.addCond(SpellCondition{ID: id, Rounds: rounds, Fixed: fixed, Choice: choice})
}
func (s Spell) cure(c SpellCure) Spell                 { s.Cure = &c; return s }
func (s Spell) summon(m SpellSummon) Spell             { s.Summon = &m; return s }
func (s Spell) revive(hp int) Spell                    { s.Revive = hp; return s }
func (s Spell) types(t ...DamageType) Spell            { s.DamageTypes = t; return s }
func (s Spell) noHeal() Spell                          { s.Heal, s.HealKind, s.Upcast = "", "", ""; return s }
func (s Spell) withSave(a Ability, e SaveEffect) Spell { return s.save(a, e) }

// The creature types protection from evil and good (and its kin) ward against.
var evilAndGood = []string{"aberration", "celestial", "elemental", "fey", "fiend", "undead"}

// spellMech adds each spell's mechanics to its table row.
var spellMech = map[string]func(Spell) Spell{
	// Cantrips
	"chill_touch": func(s Spell) Spell { return s.fx(onTarget(untilCasterTurnStart, kind(ModNoHealing))) },
	"guidance":    func(s Spell) Spell { return s.fx(onTarget(Minutes(1), bonus(ScopeCheck, "1d4")).uses(1)) },
	"ray_of_frost": func(s Spell) Spell {
		return s.fx(onTarget(untilCasterTurnStart, Mod{Kind: ModSpeed, Value: -10}))
	},
	"resistance": func(s Spell) Spell { return s.fx(onTarget(Minutes(1), bonus(ScopeSave, "1d4")).uses(1)) },
	"shillelagh": func(s Spell) Spell {
		// The caster names the club or quarterstaff (a sheet attack) as the spell's target.
		return s.fx(SpellEffect{Caster: true, Duration: Minutes(1), MarkTarget: true, Mods: []Mod{
			{Kind: ModWeaponAbility, Ability: Wis}, {Kind: ModWeaponDie, Value: 8}}})
	},
	"shocking_grasp":  func(s Spell) Spell { return s.fx(onTarget(untilOwnTurnStart, kind(ModNoReactions))) },
	"spare_the_dying": func(s Spell) Spell { s.Stabilizes = true; return s },
	"true_strike": func(s Spell) Spell {
		return s.fx(onCaster(untilCasterTurnEnd, adv(ScopeAttack)).uses(1).markTarget())
	},
	"vicious_mockery": func(s Spell) Spell { return s.fx(onTarget(untilOwnTurnEnd, dis(ScopeAttack)).uses(1)) },
	// Level 1
	"bane": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), bonus(ScopeAttack, "-1d4"), bonus(ScopeSave, "-1d4")))
	},
	"bless": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), bonus(ScopeAttack, "1d4"), bonus(ScopeSave, "1d4")))
	},
	"command": func(s Spell) Spell {
		return s.choices("grovel", "halt", "approach", "drop", "flee").
			condIf("grovel", Prone, 0, true).condIf("halt", Incapacitated, 1, true)
	},
	"divine_favor": func(s Spell) Spell {
		return s.fx(onCaster(Minutes(1), Mod{Kind: ModDamage}.on(WeaponAttack)).spellDamage())
	},
	"faerie_fire": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), adv(ScopeAttacked), immuneTo(Invisible)))
	},
	// Fog cloud and darkness: a creature inside a heavily obscured area is effectively blinded (the caller names them).
	"fog_cloud": func(s Spell) Spell { return s.cond(Blinded, hr1) },
	"goodberry": func(s Spell) Spell { return s.heal("1", "") }, // one berry; the spell makes ten
	"guiding_bolt": func(s Spell) Spell {
		return s.fx(onTarget(untilCasterTurnEnd, adv(ScopeAttacked)).uses(1))
	},
	"heroism": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), immuneTo(Frightened), Mod{Kind: ModTempHP, EachTurn: true}).casterMod())
	},
	"hunters_mark": func(s Spell) Spell {
		return s.fx(onCaster(Hours(1), Mod{Kind: ModDamage}.on(WeaponAttack)).spellDamage().markTarget())
	},
	"longstrider": func(s Spell) Spell { return s.fx(onTarget(Hours(1), Mod{Kind: ModSpeed, Value: 10})) },
	"mage_armor":  func(s Spell) Spell { return s.fx(onTarget(Hours(8), Mod{Kind: ModACBase, Value: 13})) },
	"protection_from_evil_and_good": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(10), dis(ScopeAttacked).against(evilAndGood...)))
	},
	"shield":          func(s Spell) Spell { return s.fx(onCaster(untilCasterTurnStart, acPlus(5))) },
	"shield_of_faith": func(s Spell) Spell { return s.fx(onTarget(Minutes(10), acPlus(2))) },
	// Level 2
	"aid": func(s Spell) Spell {
		return s.noHeal().fx(onTarget(Hours(8), Mod{Kind: ModMaxHP, Value: 5}).perSlot(5, 1))
	},
	"barkskin": func(s Spell) Spell { return s.fx(onTarget(Hours(1), Mod{Kind: ModACMin, Value: 16})) },
	"blindness_deafness": func(s Spell) Spell {
		s.Conditions = nil
		return s.choices("blinded", "deafened").condIf("blinded", Blinded, min1, false).condIf("deafened", Deafened, min1, false)
	},
	"blur": func(s Spell) Spell { return s.fx(onCaster(Minutes(1), dis(ScopeAttacked))) },
	"branding_smite": func(s Spell) Spell {
		return s.fx(onCaster(Minutes(1), Mod{Kind: ModDamage}.on(WeaponAttack)).spellDamage().uses(1))
	},
	"darkness":      func(s Spell) Spell { return s.cond(Blinded, min1*10) },
	"calm_emotions": func(s Spell) Spell { return s.cure(SpellCure{Conditions: []Condition{Charmed, Frightened}}) },
	"enhance_ability": func(s Spell) Spell {
		return s.choices("bear", "bull", "cat", "eagle", "fox", "owl").fx(
			onTarget(Hours(1), adv(ScopeCheck).of(Con), Mod{Kind: ModTempHP}).rolled("2d6").when("bear"),
			onTarget(Hours(1), adv(ScopeCheck).of(Str)).when("bull"),
			onTarget(Hours(1), adv(ScopeCheck).of(Dex)).when("cat"),
			onTarget(Hours(1), adv(ScopeCheck).of(Cha)).when("eagle"),
			onTarget(Hours(1), adv(ScopeCheck).of(Int)).when("fox"),
			onTarget(Hours(1), adv(ScopeCheck).of(Wis)).when("owl"))
	},
	"enlarge_reduce": func(s Spell) Spell {
		return s.choices("enlarge", "reduce").fx(
			onTarget(Minutes(1), Mod{Kind: ModDamage, Dice: "1d4"}.on(WeaponAttack), adv(ScopeCheck).of(Str), adv(ScopeSave).of(Str)).when("enlarge"),
			onTarget(Minutes(1), Mod{Kind: ModDamage, Dice: "-1d4"}.on(WeaponAttack), dis(ScopeCheck).of(Str), dis(ScopeSave).of(Str)).when("reduce"))
	},
	"enthrall": func(s Spell) Spell { return s.fx(onTarget(Minutes(1), dis(ScopeCheck).skill(Perception))) },
	"heat_metal": func(s Spell) Spell {
		return s.fx(onTarget(untilCasterTurnStart, dis(ScopeAttack), dis(ScopeCheck)))
	},
	"lesser_restoration": func(s Spell) Spell {
		return s.cure(SpellCure{Conditions: []Condition{Blinded, Deafened, Paralyzed, Poisoned}, One: true})
	},
	"magic_weapon": func(s Spell) Spell {
		return s.fx(onTarget(Hours(1), flat(ScopeAttack, 1).on(WeaponAttack), Mod{Kind: ModDamage, Value: 1}.on(WeaponAttack)).perSlot(1, 2))
	},
	"mirror_image":       func(s Spell) Spell { return s.fx(onCaster(Minutes(1), kind(ModDuplicates)).uses(3)) },
	"pass_without_trace": func(s Spell) Spell { return s.fx(onTarget(Hours(1), flat(ScopeCheck, 10).skill("stealth"))) },
	"protection_from_poison": func(s Spell) Spell {
		return s.cure(SpellCure{Conditions: []Condition{Poisoned}}).fx(onTarget(Hours(1), defences(ModResist, "poison")...))
	},
	"ray_of_enfeeblement": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), Mod{Kind: ModHalfDamage, Ability: Str}.on(WeaponAttack)))
	},
	"see_invisibility": func(s Spell) Spell { return s.fx(onCaster(Hours(1), kind(ModSeeInvisible))) },
	"silence": func(s Spell) Spell {
		// The caller lists the creatures inside the sphere as targets.
		return s.cond(Deafened, min1*10).fx(onTarget(Minutes(10), defences(ModImmune, "thunder")...))
	},
	"warding_bond": func(s Spell) Spell {
		return s.fx(onTarget(Hours(1), append([]Mod{acPlus(1), flat(ScopeSave, 1)}, defences(ModResist)...)...))
	},
	// Level 3
	"animate_dead": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "undead", Creatures: []string{"skeleton", "zombie"}, Count: 1})
	},
	"beacon_of_hope": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), adv(ScopeSave).of(Wis), adv(ScopeDeathSave), kind(ModMaxHeal)))
	},
	"bestow_curse": bestowCurse,
	"conjure_animals": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "beast", MaxCR: "2"})
	},
	"counterspell": func(s Spell) Spell { s.Dispels = true; return s },
	"dispel_magic": func(s Spell) Spell { s.Dispels = true; return s },
	"gaseous_form": func(s Spell) Spell {
		return s.fx(onTarget(Hours(1), append(defences(ModResist, "bludgeoning", "piercing", "slashing"),
			adv(ScopeSave).of(Str), adv(ScopeSave).of(Dex), adv(ScopeSave).of(Con))...))
	},
	"glyph_of_warding": func(s Spell) Spell {
		return s.withSave(Dex, SaveHalf).damage("5d8[acid]", "1d8[acid]").types("acid", "cold", "fire", "lightning", "thunder").
			choices("acid", "cold", "fire", "lightning", "thunder")
	},
	"haste": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), acPlus(2), speedTimes(200), adv(ScopeSave).of(Dex), Mod{Kind: ModExtraAttacks, Value: 1}))
	},
	"magic_circle": func(s Spell) Spell {
		s = s.choices("celestial", "elemental", "fey", "fiend", "undead")
		for _, c := range s.Choices {
			s = s.fx(onTarget(Hours(1), dis(ScopeAttacked).against(c)).when(c))
		}
		return s
	},
	"protection_from_energy": func(s Spell) Spell {
		s = s.choices("acid", "cold", "fire", "lightning", "thunder")
		for _, c := range s.Choices {
			s = s.fx(onTarget(Hours(1), defences(ModResist, DamageType(c))...).when(c))
		}
		return s
	},
	"remove_curse": func(s Spell) Spell { return s.cure(SpellCure{Effects: []string{"bestow_curse"}}) },
	"revivify":     func(s Spell) Spell { return s.revive(1) },
	// Plant growth's overgrowth: 4 feet of movement for every foot (the creatures the caller names as inside).
	"plant_growth": func(s Spell) Spell { return s.fx(onTarget(Duration{}, speedTimes(25))) },
	"slow": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), acPlus(-2), flat(ScopeSave, -2).of(Dex), speedTimes(50), kind(ModNoReactions)))
	},
	"spirit_guardians": func(s Spell) Spell { return s.types("radiant", "necrotic").choices("radiant", "necrotic") },
	"stinking_cloud":   func(s Spell) Spell { return s.condFixed(Incapacitated, 1) },
	"vampiric_touch":   func(s Spell) Spell { s.Drain = true; return s },
	// Level 4
	"confusion":                func(s Spell) Spell { return s.fx(onTarget(Minutes(1), kind(ModNoReactions))) },
	"conjure_minor_elementals": func(s Spell) Spell { return s.summon(SpellSummon{Kind: "elemental", MaxCR: "2"}) },
	"conjure_woodland_beings":  func(s Spell) Spell { return s.summon(SpellSummon{Kind: "fey", MaxCR: "2"}) },
	"death_ward":               func(s Spell) Spell { return s.fx(onTarget(Hours(8), kind(ModDeathWard))) },
	"fire_shield": func(s Spell) Spell {
		return s.choices("warm", "chill").fx(
			onCaster(Minutes(10), defences(ModResist, "cold")...).when("warm"),
			onCaster(Minutes(10), defences(ModResist, "fire")...).when("chill"))
	},
	"freedom_of_movement": func(s Spell) Spell {
		return s.fx(onTarget(Hours(1), immuneTo(Paralyzed), immuneTo(Restrained)))
	},
	"giant_insect": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "beast", Creatures: []string{"giant_centipede", "giant_spider", "giant_wasp", "giant_scorpion"}})
	},
	"polymorph": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "beast", Transform: true, Count: 1})
	},
	"resilient_sphere": func(s Spell) Spell { return s.fx(onTarget(Minutes(1), defences(ModImmune)...)) },
	"stoneskin": func(s Spell) Spell {
		return s.fx(onTarget(Hours(1), defences(ModResist, "bludgeoning", "piercing", "slashing")...))
	},
	// Level 5
	"animate_objects":   func(s Spell) Spell { return s.summon(SpellSummon{Kind: "object", Count: 10}) },
	"conjure_elemental": func(s Spell) Spell { return s.summon(SpellSummon{Kind: "elemental", MaxCR: "5", Count: 1}) },
	"contact_other_plane": func(s Spell) Spell {
		return s.withSave(Int, SaveNone).damage("6d6[psychic]", "")
	},
	"contagion": func(s Spell) Spell { return s.cond(Poisoned, 0) },
	"dispel_evil_and_good": func(s Spell) Spell {
		return s.fx(onCaster(Minutes(1), dis(ScopeAttacked).against("celestial", "elemental", "fey", "fiend", "undead")))
	},
	"greater_restoration": func(s Spell) Spell {
		return s.cure(SpellCure{Conditions: []Condition{Charmed, Petrified}, One: true, Exhaustion: 1})
	},
	"raise_dead":  func(s Spell) Spell { return s.revive(1) },
	"reincarnate": func(s Spell) Spell { return s.revive(-1) },
	// Level 6
	"forbiddance": func(s Spell) Spell {
		return s.damage("5d10[radiant]", "").types("radiant", "necrotic").choices("radiant", "necrotic")
	},
	"conjure_fey": func(s Spell) Spell { return s.summon(SpellSummon{Kind: "fey", MaxCR: "6", Count: 1}) },
	"create_undead": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "undead", Creatures: []string{"ghoul", "ghast", "wight", "mummy"}, Count: 3})
	},
	"eyebite": func(s Spell) Spell {
		s.Conditions = nil
		return s.choices("asleep", "panicked", "sickened").condIf("asleep", Unconscious, min1, false).
			condIf("panicked", Frightened, min1, false).
			fx(onTarget(Minutes(1), dis(ScopeAttack), dis(ScopeCheck)).when("sickened"))
	},
	"globe_of_invulnerability": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), Mod{Kind: ModSpellImmunity, Value: 5}).perSlot(1, 1))
	},
	"harm": func(s Spell) Spell { s.ReduceMaxHP = true; return s },
	"heal": func(s Spell) Spell { return s.cure(SpellCure{Conditions: []Condition{Blinded, Deafened}}) },
	"heroes_feast": func(s Spell) Spell {
		return s.fx(onTarget(Hours(24), Mod{Kind: ModImmune, Type: "poison"}, immuneTo(Poisoned), immuneTo(Frightened),
			adv(ScopeSave).of(Wis), Mod{Kind: ModMaxHP}).rolled("2d10"))
	},
	"irresistible_dance": func(s Spell) Spell {
		return s.fx(onTarget(Minutes(1), dis(ScopeSave).of(Dex), dis(ScopeAttack), adv(ScopeAttacked)))
	},
	"planar_ally": func(s Spell) Spell { return s.summon(SpellSummon{Kind: "celestial"}) },
	"true_seeing": func(s Spell) Spell { return s.fx(onTarget(Hours(1), kind(ModSeeInvisible))) },
	// Level 7
	"conjure_celestial": func(s Spell) Spell { return s.summon(SpellSummon{Kind: "celestial", MaxCR: "4", Count: 1}) },
	"divine_word": func(s Spell) Spell {
		s.Tiers = []SpellTier{
			{MaxHP: 20, Kills: true},
			{MaxHP: 30, Conditions: []SpellCondition{{ID: Blinded, Rounds: hr1, Fixed: true}, {ID: Deafened, Rounds: hr1, Fixed: true}, {ID: Stunned, Rounds: hr1, Fixed: true}}},
			{MaxHP: 40, Conditions: []SpellCondition{{ID: Deafened, Rounds: min1 * 10, Fixed: true}, {ID: Blinded, Rounds: min1 * 10, Fixed: true}}},
			{MaxHP: 50, Conditions: []SpellCondition{{ID: Deafened, Rounds: min1, Fixed: true}}},
		}
		return s
	},
	// Plane shift on an unwilling creature: gone to another plane, out of the encounter.
	"plane_shift":  func(s Spell) Spell { return s.condFixed(Incapacitated, 0) },
	"regenerate":   func(s Spell) Spell { return s.fx(onTarget(Hours(1), Mod{Kind: ModRegen, Value: 1})) },
	"resurrection": func(s Spell) Spell { return s.revive(-1) },
	"simulacrum":   func(s Spell) Spell { return s.summon(SpellSummon{Kind: "copy", Count: 1}) },
	"symbol":       symbol,
	// Level 8
	"antimagic_field": func(s Spell) Spell {
		// Spells do not reach into the sphere: the creatures the caller names as inside.
		return s.fx(onTarget(Hours(1), Mod{Kind: ModSpellImmunity, Value: 9}))
	},
	"animal_shapes": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "beast", MaxCR: "4", Transform: true})
	},
	"earthquake": func(s Spell) Spell { return s.withSave(Dex, SaveNone).condFixed(Prone, 0) },
	"glibness": func(s Spell) Spell {
		return s.fx(onCaster(Hours(1), Mod{Kind: ModMinD20, Roll: ScopeCheck, Ability: Cha, Value: 15}))
	},
	"holy_aura": func(s Spell) Spell { return s.fx(onTarget(Minutes(1), adv(ScopeSave), dis(ScopeAttacked))) },
	"maze":      func(s Spell) Spell { return s.cond(Incapacitated, min1*10) },
	"mind_blank": func(s Spell) Spell {
		return s.fx(onTarget(Hours(24), Mod{Kind: ModImmune, Type: "psychic"}, immuneTo(Charmed)))
	},
	// Level 9
	"foresight": func(s Spell) Spell {
		return s.fx(onTarget(Hours(8), adv(ScopeAttack), adv(ScopeCheck), adv(ScopeSave), dis(ScopeAttacked)))
	},
	// Imprisonment: the creature is bound away, out of the encounter until the spell ends.
	"imprisonment":      func(s Spell) Spell { return s.condFixed(Incapacitated, 0) },
	"gate":              func(s Spell) Spell { return s.summon(SpellSummon{Kind: "any", Count: 1}) },
	"shapechange":       func(s Spell) Spell { return s.summon(SpellSummon{Kind: "any", Transform: true, Count: 1}) },
	"true_polymorph":    func(s Spell) Spell { return s.summon(SpellSummon{Kind: "any", Transform: true, Count: 1}) },
	"true_resurrection": func(s Spell) Spell { return s.revive(-1) },
	"find_familiar": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "familiar", Count: 1, Creatures: []string{"bat", "cat", "crab", "frog", "hawk",
			"lizard", "octopus", "owl", "poisonous_snake", "quipper", "rat", "raven", "sea_horse", "spider", "weasel"}})
	},
	"find_steed": func(s Spell) Spell {
		return s.summon(SpellSummon{Kind: "steed", Count: 1, Creatures: []string{"warhorse", "pony", "camel", "elk", "mastiff"}})
	},
}

// symbol: the caster picks the glyph; its save and its condition follow
// (death's 10d10 necrotic, hopelessness and insanity are not modelled).
func symbol(s Spell) Spell {
	s = s.withSave(Wis, SaveNone).choices("fear", "pain", "sleep", "stunning", "discord", "death", "hopelessness", "insanity")
	s.ChoiceSaves = map[string]Ability{"pain": Con, "discord": Con, "death": Con, "hopelessness": Cha, "insanity": Int}
	return s.condIf("fear", Frightened, min1, true).condIf("pain", Incapacitated, min1, true).
		condIf("sleep", Unconscious, min1*10, true).condIf("stunning", Stunned, min1, true).
		fx(onTarget(Minutes(1), dis(ScopeAttack), dis(ScopeCheck)).when("discord"))
}

// bestowCurse: the caster picks a curse: disadvantage on one ability's
// checks and saves, disadvantage on attacks against the caster, or 1d8
// necrotic more from the caster's attacks; the lost-action curse is not modelled.
func bestowCurse(s Spell) Spell {
	s = s.choices("str", "dex", "con", "int", "wis", "cha", "attacks", "damage", "actions")
	for _, a := range Abilities() {
		s = s.fx(onTarget(Minutes(1), dis(ScopeCheck).of(a), dis(ScopeSave).of(a)).when(string(a)))
	}
	return s.fx(
		SpellEffect{Choice: "attacks", Duration: Minutes(1), Mods: []Mod{dis(ScopeAttack)}, MarkCaster: true},
		onCaster(Minutes(1), Mod{Kind: ModDamage, Dice: "1d8", Type: "necrotic"}).markTarget().when("damage"),
		onTarget(Minutes(1), kind(ModNote)).when("actions"))
}

// addSpellMechanics applies spellMech to the table (spell.go's init).
func addSpellMechanics() {
	for id, add := range spellMech {
		i, ok := spellIndex[id]
		if !ok {
			panic("spell_mech: unknown spell " + id)
		}
		spellTable[i] = add(spellTable[i])
	}
}
