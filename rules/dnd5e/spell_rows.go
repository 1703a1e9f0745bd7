package dnd5e

import "strings"

// The row builder of spell_table.go. Each method returns a changed copy.

// Class shorthands of the table.
const (
	brd Class = "bard"
	clr Class = "cleric"
	drd Class = "druid"
	pal Class = "paladin"
	rgr Class = "ranger"
	sor Class = "sorcerer"
	wlk Class = "warlock"
	wiz Class = "wizard"
)

// Range shorthands of the table.
var (
	rSelf      = SpellRange{Kind: RangeSelf}
	rTouch     = SpellRange{Kind: RangeTouch}
	rSight     = SpellRange{Kind: RangeSight}
	rUnlimited = SpellRange{Kind: RangeUnlimited}
	rSpecial   = SpellRange{Kind: RangeSpecial}
)

// Durations in rounds of 6 seconds, for the conditions spells impose.
const (
	min1 = 10    // 1 minute
	min5 = 50    // 5 minutes
	hr1  = 600   // 1 hour
	hr24 = 14400 // 24 hours (MaxRounds)
)

func ft(n int) SpellRange { return SpellRange{Kind: RangeFeet, Dist: n} }
func mi(n int) SpellRange { return SpellRange{Kind: RangeMiles, Dist: n} }

// sp starts a row; key is the spell's catalog key ("spell.fireball").
func sp(key, name string, level int, school School, components string, rng SpellRange, classes ...Class) Spell {
	return Spell{
		ID: strings.TrimPrefix(key, "spell."), Name: name, Level: level, School: school,
		Components: components, Range: rng, Classes: classes,
	}
}

func (s Spell) melee() Spell  { s.Attack = MeleeSpellAttack; return s }
func (s Spell) ranged() Spell { s.Attack = RangedSpellAttack; return s }

func (s Spell) save(a Ability, e SaveEffect) Spell { s.Save, s.OnSave = a, e; return s }

func (s Spell) damage(at, upcast string) Spell { s.Damage, s.Upcast = at, upcast; return s }

func (s Spell) heal(at, upcast string) Spell {
	s.Heal, s.HealKind, s.Upcast = at, HealHP, upcast
	return s
}

func (s Spell) temp(at, upcast string) Spell {
	s.Heal, s.HealKind, s.Upcast = at, HealTempHP, upcast
	return s
}

func (s Spell) maxHP(at, upcast string) Spell {
	s.Heal, s.HealKind, s.Upcast = at, HealMaxHP, upcast
	return s
}

func (s Spell) pool(at, upcast string) Spell { s.Pool, s.Upcast = at, upcast; return s }

func (s Spell) every(n int) Spell     { s.UpcastEvery = n; return s }
func (s Spell) mod() Spell            { s.AddMod = true; return s }
func (s Spell) instances(n int) Spell { s.Instances = n; return s }
func (s Spell) rider() Spell          { s.Rider = true; return s }
func (s Spell) conc() Spell           { s.Concentration = true; return s }
func (s Spell) ritual() Spell         { s.Ritual = true; return s }

// cond adds a condition the spell imposes for rounds (0 = until removed); it
// lasts while the spell does, so it ends with the caster's concentration.
func (s Spell) cond(id Condition, rounds int) Spell {
	return s.addCond(SpellCondition{ID: id, Rounds: rounds})
}

// condFixed adds a condition whose duration does not depend on the spell
// (prone; a fixed number of rounds that outlasts the spell).
func (s Spell) condFixed(id Condition, rounds int) Spell {
	return s.addCond(SpellCondition{ID: id, Rounds: rounds, Fixed: true})
}

func (s Spell) addCond(c SpellCondition) Spell {
	s.Conditions = append(append([]SpellCondition(nil), s.Conditions...), c)
	return s
}

func (s Spell) hpLimit(n int) Spell { s.HPLimit = n; return s }
func (s Spell) kills() Spell        { s.Kills = true; return s }

func (s Spell) area(shape AreaShape, size int) Spell {
	s.Area = SpellArea{Shape: shape, Size: size}
	return s
}

func (s Spell) sphere(r int) Spell   { return s.area(ShapeSphere, r) }
func (s Spell) cylinder(r int) Spell { return s.area(ShapeCylinder, r) }
func (s Spell) cube(n int) Spell     { return s.area(ShapeCube, n) }
func (s Spell) cone(n int) Spell     { return s.area(ShapeCone, n) }
func (s Spell) line(n int) Spell     { return s.area(ShapeLine, n) }
