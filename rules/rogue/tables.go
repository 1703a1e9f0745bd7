package rogue

import "strings"

// Every id type below has a Key method returning its catalog key (the key
// literals live in these tables so the bot's catalog tests see them) and a
// Parse function that accepts the id in any case and returns a typed error.

// Attribute is one of the four attributes (digest A4): str agi sta cha.
type Attribute string

// The four attributes.
const (
	Str Attribute = "str" // Strength 力量
	Agi Attribute = "agi" // Agility 敏捷
	Sta Attribute = "sta" // Stamina 耐力 (not energy 精力)
	Cha Attribute = "cha" // Charisma 魅力
)

var attributeTable = []struct {
	id  Attribute
	key string
}{
	{Str, "rogue.attr.str"},
	{Agi, "rogue.attr.agi"},
	{Sta, "rogue.attr.sta"},
	{Cha, "rogue.attr.cha"},
}

// AllAttributes returns the four attributes in sheet order.
func AllAttributes() []Attribute { return []Attribute{Str, Agi, Sta, Cha} }

// Key is the catalog key of the attribute's name, "" for an unknown id.
func (a Attribute) Key() string {
	for _, e := range attributeTable {
		if e.id == a {
			return e.key
		}
	}
	return ""
}

// Valid reports whether a is a known attribute.
func (a Attribute) Valid() bool { return a.Key() != "" }

// ParseAttribute accepts "str", "AGI", ….
func ParseAttribute(s string) (Attribute, error) {
	a := Attribute(norm(s))
	if !a.Valid() {
		return "", newError(ErrUnknownAttribute, "Attribute", s)
	}
	return a, nil
}

// Race is a creature's race. The race sets the score that gives modifier 0
// for each attribute (digest A2): mod = score − base.
type Race string

// Races.
const (
	Human Race = "human"
	Orc   Race = "orc"
)

// RaceInfo is one row of the race table.
type RaceInfo struct {
	ID   Race
	Base Attributes // the score of each attribute whose modifier is 0
	Size Size       // default size of the race
}

var raceTable = []struct {
	info RaceInfo
	key  string
}{
	// Human: every modifier is score − 7 (2 → −5, 7 → 0, 12 → +5).
	{RaceInfo{Human, Attributes{7, 7, 7, 7}, Medium}, "rogue.race.human"},
	// Orc: STR runs −4..+6 over scores 2..12, so STR mod = score − 6. The seed gives
	// nothing else for orcs: their other attributes are read like a human's.
	// "An orc is larger than a human" (A19): one size step above a human.
	{RaceInfo{Orc, Attributes{6, 7, 7, 7}, Large}, "rogue.race.orc"},
}

// Races returns the race table.
func Races() []RaceInfo {
	out := make([]RaceInfo, len(raceTable))
	for i, r := range raceTable {
		out[i] = r.info
	}
	return out
}

// Info returns the race's row.
func (r Race) Info() (RaceInfo, bool) {
	for _, e := range raceTable {
		if e.info.ID == r {
			return e.info, true
		}
	}
	return RaceInfo{}, false
}

// Key is the catalog key of the race's name.
func (r Race) Key() string {
	for _, e := range raceTable {
		if e.info.ID == r {
			return e.key
		}
	}
	return ""
}

// Valid reports whether r is a known race.
func (r Race) Valid() bool { return r.Key() != "" }

// ParseRace accepts a race id in any case.
func ParseRace(s string) (Race, error) {
	r := Race(norm(s))
	if !r.Valid() {
		return "", newError(ErrUnknownRace, "Race", s)
	}
	return r, nil
}

// Sex matters for the rule of three (A5) and for Envy/Lust targets (A27).
type Sex string

// Sexes.
const (
	Male   Sex = "male"
	Female Sex = "female"
)

// Key is the catalog key of the sex's name.
func (s Sex) Key() string {
	switch s {
	case Male:
		return "rogue.sex.male"
	case Female:
		return "rogue.sex.female"
	}
	return ""
}

// Sexes lists the sexes.
func Sexes() []Sex { return []Sex{Male, Female} }

// ParseSex accepts "male"/"female" (also "m"/"f").
func ParseSex(s string) (Sex, error) {
	switch norm(s) {
	case "male", "m":
		return Male, nil
	case "female", "f":
		return Female, nil
	}
	return "", newError(ErrUnknownSex, "Sex", s)
}

// Size is a creature's size category; size differences shift the crit
// threshold (A19, G-A12).
type Size string

// Sizes, smallest first.
const (
	Small  Size = "small"
	Medium Size = "medium"
	Large  Size = "large"
	Huge   Size = "huge"
)

var sizeTable = []struct {
	id  Size
	key string
}{
	{Small, "rogue.size.small"},
	{Medium, "rogue.size.medium"},
	{Large, "rogue.size.large"},
	{Huge, "rogue.size.huge"},
}

// Sizes lists the sizes, smallest first.
func Sizes() []Size { return []Size{Small, Medium, Large, Huge} }

// Step is the size's rank (small 1 … huge 4), 0 for an unknown size.
func (s Size) Step() int {
	for i, e := range sizeTable {
		if e.id == s {
			return i + 1
		}
	}
	return 0
}

// Key is the catalog key of the size's name.
func (s Size) Key() string {
	for _, e := range sizeTable {
		if e.id == s {
			return e.key
		}
	}
	return ""
}

// ParseSize accepts a size id in any case.
func ParseSize(s string) (Size, error) {
	z := Size(norm(s))
	if z.Step() == 0 {
		return "", newError(ErrUnknownSize, "Size", s)
	}
	return z, nil
}

// DamageType is a damage type (A9).
type DamageType string

// Damage types. Only the first six can be resisted: magic and trap damage
// never can (A9.1, A30).
const (
	Physical DamageType = "physical"
	Disease  DamageType = "disease"
	Poison   DamageType = "poison"
	Fire     DamageType = "fire"
	Frost    DamageType = "frost"
	Shock    DamageType = "shock"
	Magic    DamageType = "magic"
	Trap     DamageType = "trap"
)

var damageTable = []struct {
	id  DamageType
	key string
}{
	{Physical, "rogue.damage.physical"},
	{Disease, "rogue.damage.disease"},
	{Poison, "rogue.damage.poison"},
	{Fire, "rogue.damage.fire"},
	{Frost, "rogue.damage.frost"},
	{Shock, "rogue.damage.shock"},
	{Magic, "rogue.damage.magic"},
	{Trap, "rogue.damage.trap"},
}

// DamageTypes lists the damage types.
func DamageTypes() []DamageType {
	return []DamageType{Physical, Disease, Poison, Fire, Frost, Shock, Magic, Trap}
}

// Key is the catalog key of the damage type's name.
func (d DamageType) Key() string {
	for _, e := range damageTable {
		if e.id == d {
			return e.key
		}
	}
	return ""
}

// Valid reports whether d is a known damage type.
func (d DamageType) Valid() bool { return d.Key() != "" }

// Resistible reports whether resistances apply to d: every type but magic
// and trap damage, which can never be resisted (A9.1, A30).
func (d DamageType) Resistible() bool { return d.Valid() && d != Magic && d != Trap }

// ParseDamageType accepts a damage type id in any case.
func ParseDamageType(s string) (DamageType, error) {
	d := DamageType(norm(s))
	if !d.Valid() {
		return "", newError(ErrUnknownDamageType, "Type", s)
	}
	return d, nil
}

// Immunity is what a creature can be immune to: a damage type's secondary
// effects (A9.2), or one of the special immunities the rules name.
type Immunity string

// Special immunities (besides the damage types).
const (
	ImmuneInstantDeath Immunity = "instant_death" // Killing Blow, Turn Undead, Banish Daemon
	ImmuneEnergyDrain  Immunity = "energy_drain"  // Draining Poison
	ImmuneHealthDrain  Immunity = "health_drain"  // Leeching Poison
)

// Key is the catalog key of the immunity's name.
func (i Immunity) Key() string {
	switch i {
	case ImmuneInstantDeath:
		return "rogue.immunity.instant_death"
	case ImmuneEnergyDrain:
		return "rogue.immunity.energy_drain"
	case ImmuneHealthDrain:
		return "rogue.immunity.health_drain"
	}
	return DamageType(i).Key()
}

// Immunities lists every immunity id: the damage types, then the special ones.
func Immunities() []Immunity {
	var out []Immunity
	for _, d := range DamageTypes() {
		out = append(out, Immunity(d))
	}
	return append(out, ImmuneInstantDeath, ImmuneEnergyDrain, ImmuneHealthDrain)
}

// ParseImmunity accepts a damage type or a special immunity id.
func ParseImmunity(s string) (Immunity, error) {
	i := Immunity(norm(s))
	if i.Key() == "" {
		return "", newError(ErrUnknownDamageType, "Type", s)
	}
	return i, nil
}

// Talent is a talent id (A21).
type Talent string

// Talents.
const (
	AimedShot         Talent = "aimed_shot"
	MultiShot         Talent = "multi_shot"
	QuickShot         Talent = "quick_shot"
	SteadyShot        Talent = "steady_shot"
	BladeFlurry       Talent = "blade_flurry"
	DeadlyThrow       Talent = "deadly_throw"
	HeroicCharge      Talent = "heroic_charge"
	CrushingBlow      Talent = "crushing_blow"
	KillingBlow       Talent = "killing_blow"
	SweepingBlow      Talent = "sweeping_blow"
	ShieldBash        Talent = "shield_bash"
	SilentMove        Talent = "silent_move"
	LiteracyCommon    Talent = "literacy_common"
	LiteracyCelestial Talent = "literacy_celestial"
	LiteracyDraconic  Talent = "literacy_draconic"
	LiteracyInfernal  Talent = "literacy_infernal"
	FocusedCast       Talent = "focused_cast"
	SilentCast        Talent = "silent_cast"
	Clearcasting      Talent = "clearcasting" // taught by Silent Cast; costs no point
	DarkVision        Talent = "dark_vision"
	DualWield         Talent = "dual_wield"
	KeenEye           Talent = "keen_eye"
	SixthSense        Talent = "sixth_sense"
	StrongWill        Talent = "strong_will"
	TrapMaster        Talent = "trap_master"
	ShapeshiftWolf    Talent = "shapeshift_wolf"
	ShapeshiftBear    Talent = "shapeshift_bear"
	BestialWrath      Talent = "bestial_wrath"
	SlowAndSteady     Talent = "slow_and_steady" // 2.0 only
)

// TalentInfo is one row of the talent table.
type TalentInfo struct {
	ID     Talent
	Needs  Talent // prerequisite talent, "" for none
	Active bool   // used as (part of) an action and costs 1 energy; passive talents are always on
}

var talentTable = []struct {
	info TalentInfo
	key  string
}{
	{TalentInfo{AimedShot, "", true}, "rogue.talent.aimed_shot"},
	{TalentInfo{MultiShot, AimedShot, true}, "rogue.talent.multi_shot"},
	{TalentInfo{QuickShot, AimedShot, true}, "rogue.talent.quick_shot"},
	{TalentInfo{SteadyShot, "", true}, "rogue.talent.steady_shot"},
	{TalentInfo{BladeFlurry, "", true}, "rogue.talent.blade_flurry"},
	{TalentInfo{DeadlyThrow, "", true}, "rogue.talent.deadly_throw"},
	{TalentInfo{HeroicCharge, "", true}, "rogue.talent.heroic_charge"},
	{TalentInfo{CrushingBlow, "", true}, "rogue.talent.crushing_blow"},
	{TalentInfo{KillingBlow, CrushingBlow, true}, "rogue.talent.killing_blow"},
	{TalentInfo{SweepingBlow, CrushingBlow, true}, "rogue.talent.sweeping_blow"},
	{TalentInfo{ShieldBash, "", true}, "rogue.talent.shield_bash"},
	{TalentInfo{SilentMove, "", true}, "rogue.talent.silent_move"},
	{TalentInfo{LiteracyCommon, "", false}, "rogue.talent.literacy_common"},
	{TalentInfo{LiteracyCelestial, LiteracyCommon, false}, "rogue.talent.literacy_celestial"},
	{TalentInfo{LiteracyDraconic, LiteracyCommon, false}, "rogue.talent.literacy_draconic"},
	{TalentInfo{LiteracyInfernal, LiteracyCommon, false}, "rogue.talent.literacy_infernal"},
	{TalentInfo{FocusedCast, "", false}, "rogue.talent.focused_cast"},
	{TalentInfo{SilentCast, "", false}, "rogue.talent.silent_cast"},
	{TalentInfo{Clearcasting, SilentCast, false}, "rogue.talent.clearcasting"},
	{TalentInfo{DarkVision, "", false}, "rogue.talent.dark_vision"},
	{TalentInfo{DualWield, "", false}, "rogue.talent.dual_wield"},
	{TalentInfo{KeenEye, "", false}, "rogue.talent.keen_eye"},
	{TalentInfo{SixthSense, "", false}, "rogue.talent.sixth_sense"},
	{TalentInfo{StrongWill, "", false}, "rogue.talent.strong_will"},
	{TalentInfo{TrapMaster, "", false}, "rogue.talent.trap_master"},
	{TalentInfo{ShapeshiftWolf, "", true}, "rogue.talent.shapeshift_wolf"},
	{TalentInfo{ShapeshiftBear, "", true}, "rogue.talent.shapeshift_bear"},
	{TalentInfo{BestialWrath, "", false}, "rogue.talent.bestial_wrath"},
	{TalentInfo{SlowAndSteady, "", false}, "rogue.talent.slow_and_steady"},
}

// Talents returns the talent table.
func Talents() []TalentInfo {
	out := make([]TalentInfo, len(talentTable))
	for i, t := range talentTable {
		out[i] = t.info
	}
	return out
}

// Info returns the talent's row.
func (t Talent) Info() (TalentInfo, bool) {
	for _, e := range talentTable {
		if e.info.ID == t {
			return e.info, true
		}
	}
	return TalentInfo{}, false
}

// Key is the catalog key of the talent's name.
func (t Talent) Key() string {
	for _, e := range talentTable {
		if e.info.ID == t {
			return e.key
		}
	}
	return ""
}

// Valid reports whether t is a known talent.
func (t Talent) Valid() bool { return t.Key() != "" }

// ParseTalent accepts a talent id in any case ("aimed_shot", "Aimed-Shot", "aimed shot").
func ParseTalent(s string) (Talent, error) {
	t := Talent(norm(s))
	if !t.Valid() {
		return "", newError(ErrUnknownTalent, "Talent", s)
	}
	return t, nil
}

// Form is a shapeshifted form (A21 Shapeshift).
type Form string

// Forms. FormNone is the natural form.
const (
	FormNone Form = ""
	Wolf     Form = "wolf"
	Bear     Form = "bear"
)

// Key is the catalog key of the form's name.
func (f Form) Key() string {
	switch f {
	case Wolf:
		return "rogue.form.wolf"
	case Bear:
		return "rogue.form.bear"
	}
	return ""
}

// FerociousBiteKey is the catalog key of the shapeshifted forms' weapon.
const FerociousBiteKey = "rogue.weapon.ferocious_bite"

// formTalents are the talents a form grants, by the level that unlocks them [M].
var formTalents = map[Form][]struct {
	level  int
	talent Talent
}{
	Wolf: {{3, HeroicCharge}, {6, SilentMove}, {9, SixthSense}, {12, KeenEye}},
	Bear: {{3, HeroicCharge}, {6, CrushingBlow}, {9, StrongWill}, {12, KeenEye}},
}

// FormTalents returns the talents form f gives a creature of level level.
func FormTalents(f Form, level int) []Talent {
	var out []Talent
	for _, e := range formTalents[f] {
		if level >= e.level {
			out = append(out, e.talent)
		}
	}
	return out
}

// School is a spell school.
type School string

// Schools.
const (
	Celestial School = "celestial"
	Draconic  School = "draconic"
	Infernal  School = "infernal"
)

// Key is the catalog key of the school's name.
func (s School) Key() string {
	switch s {
	case Celestial:
		return "rogue.school.celestial"
	case Draconic:
		return "rogue.school.draconic"
	case Infernal:
		return "rogue.school.infernal"
	}
	return ""
}

// Literacy is the talent needed to learn the school's spells.
func (s School) Literacy() Talent {
	switch s {
	case Celestial:
		return LiteracyCelestial
	case Draconic:
		return LiteracyDraconic
	case Infernal:
		return LiteracyInfernal
	}
	return ""
}

// Spell is a spell id (A23–A25).
type Spell string

// Spells.
const (
	CureDisease   Spell = "cure_disease"
	CurePoison    Spell = "cure_poison"
	DispelMagic   Spell = "dispel_magic"
	DivineGrace   Spell = "divine_grace"
	DivineMight   Spell = "divine_might"
	DivineReach   Spell = "divine_reach"
	HealingTouch  Spell = "healing_touch"
	HealingWave   Spell = "healing_wave"
	RenewingTouch Spell = "renewing_touch"
	TurnUndead    Spell = "turn_undead"
	AmplifyMagic  Spell = "amplify_magic"
	ElectricOrb   Spell = "electric_orb"
	EnlargeOrb    Spell = "enlarge_orb"
	FlamingOrb    Spell = "flaming_orb"
	FrozenOrb     Spell = "frozen_orb"
	Illumination  Spell = "illumination"
	MageArmour    Spell = "mage_armour"
	MirrorImage   Spell = "mirror_image"
	RemoveCurse   Spell = "remove_curse"
	Telekinesis   Spell = "telekinesis"
	BanishDaemon  Spell = "banish_daemon"
	BestowCurse   Spell = "bestow_curse"
	CaptureSoul   Spell = "capture_soul"
	DemonicVisage Spell = "demonic_visage"
	EnslaveDaemon Spell = "enslave_daemon"
	PlaneShift    Spell = "plane_shift"
	ReleaseSoul   Spell = "release_soul"
	SummonDaemon  Spell = "summon_daemon"
	VenomousOrb   Spell = "venomous_orb"
	VirulentOrb   Spell = "virulent_orb"
)

// SpellInfo is one row of the spell table.
type SpellInfo struct {
	ID          Spell
	School      School
	Attr        Attribute // the casting (to-hit) modifier: STA or CHA
	Self        bool      // affects only the caster
	Orb         bool      // an orb (Amplify Magic applies)
	Enlargeable bool      // Enlarge Orb applies (orbs except Turn Undead and Banish Daemon)
}

var spellTable = []struct {
	info SpellInfo
	key  string
}{
	{SpellInfo{CureDisease, Celestial, Cha, false, false, false}, "rogue.spell.cure_disease"},
	{SpellInfo{CurePoison, Celestial, Cha, false, false, false}, "rogue.spell.cure_poison"},
	{SpellInfo{DispelMagic, Celestial, Cha, false, false, false}, "rogue.spell.dispel_magic"},
	{SpellInfo{DivineGrace, Celestial, Cha, false, false, false}, "rogue.spell.divine_grace"},
	// G-A15(a): the seed's Divine Might line ends with Divine Grace's name; it uses STA.
	{SpellInfo{DivineMight, Celestial, Sta, false, false, false}, "rogue.spell.divine_might"},
	{SpellInfo{DivineReach, Celestial, Sta, true, false, false}, "rogue.spell.divine_reach"},
	{SpellInfo{HealingTouch, Celestial, Cha, false, false, false}, "rogue.spell.healing_touch"},
	{SpellInfo{HealingWave, Celestial, Cha, false, false, false}, "rogue.spell.healing_wave"},
	{SpellInfo{RenewingTouch, Celestial, Cha, false, false, false}, "rogue.spell.renewing_touch"},
	{SpellInfo{TurnUndead, Celestial, Cha, false, true, false}, "rogue.spell.turn_undead"},
	{SpellInfo{AmplifyMagic, Draconic, Sta, true, false, false}, "rogue.spell.amplify_magic"},
	{SpellInfo{ElectricOrb, Draconic, Sta, false, true, true}, "rogue.spell.electric_orb"},
	{SpellInfo{EnlargeOrb, Draconic, Sta, true, false, false}, "rogue.spell.enlarge_orb"},
	{SpellInfo{FlamingOrb, Draconic, Sta, false, true, true}, "rogue.spell.flaming_orb"},
	{SpellInfo{FrozenOrb, Draconic, Sta, false, true, true}, "rogue.spell.frozen_orb"},
	{SpellInfo{Illumination, Draconic, Cha, false, false, false}, "rogue.spell.illumination"},
	{SpellInfo{MageArmour, Draconic, Sta, true, false, false}, "rogue.spell.mage_armour"},
	{SpellInfo{MirrorImage, Draconic, Cha, true, false, false}, "rogue.spell.mirror_image"},
	{SpellInfo{RemoveCurse, Draconic, Cha, false, false, false}, "rogue.spell.remove_curse"},
	{SpellInfo{Telekinesis, Draconic, Sta, false, false, false}, "rogue.spell.telekinesis"},
	// G-A15(b): Banish Daemon and Capture Soul use CHA (2.0), not STA (seed).
	{SpellInfo{BanishDaemon, Infernal, Cha, false, true, false}, "rogue.spell.banish_daemon"},
	{SpellInfo{BestowCurse, Infernal, Sta, false, false, false}, "rogue.spell.bestow_curse"},
	{SpellInfo{CaptureSoul, Infernal, Cha, false, false, false}, "rogue.spell.capture_soul"},
	{SpellInfo{DemonicVisage, Infernal, Cha, true, false, false}, "rogue.spell.demonic_visage"},
	{SpellInfo{EnslaveDaemon, Infernal, Cha, false, false, false}, "rogue.spell.enslave_daemon"},
	{SpellInfo{PlaneShift, Infernal, Sta, true, false, false}, "rogue.spell.plane_shift"},
	{SpellInfo{ReleaseSoul, Infernal, Sta, false, false, false}, "rogue.spell.release_soul"},
	{SpellInfo{SummonDaemon, Infernal, Cha, false, false, false}, "rogue.spell.summon_daemon"},
	{SpellInfo{VenomousOrb, Infernal, Sta, false, true, true}, "rogue.spell.venomous_orb"},
	{SpellInfo{VirulentOrb, Infernal, Sta, false, true, true}, "rogue.spell.virulent_orb"},
}

// Spells returns the spell table.
func Spells() []SpellInfo {
	out := make([]SpellInfo, len(spellTable))
	for i, s := range spellTable {
		out[i] = s.info
	}
	return out
}

// Info returns the spell's row.
func (s Spell) Info() (SpellInfo, bool) {
	for _, e := range spellTable {
		if e.info.ID == s {
			return e.info, true
		}
	}
	return SpellInfo{}, false
}

// Key is the catalog key of the spell's name.
func (s Spell) Key() string {
	for _, e := range spellTable {
		if e.info.ID == s {
			return e.key
		}
	}
	return ""
}

// Valid reports whether s is a known spell.
func (s Spell) Valid() bool { return s.Key() != "" }

// ParseSpell accepts a spell id in any case.
func ParseSpell(s string) (Spell, error) {
	sp := Spell(norm(s))
	if !sp.Valid() {
		return "", newError(ErrUnknownSpell, "Spell", s)
	}
	return sp, nil
}

// State is a status effect (the 2.0 string table's list, plus hidden).
type State string

// States.
const (
	Afraid    State = "afraid"
	Asleep    State = "asleep"
	Blinded   State = "blinded"
	Charmed   State = "charmed"
	Confused  State = "confused"
	Deafened  State = "deafened"
	Envious   State = "envious"
	Frenzied  State = "frenzied"
	Greedy    State = "greedy"
	Invisible State = "invisible"
	Lustful   State = "lustful"
	Burning   State = "burning" // on fire: D3 fire damage per turn
	Paralysed State = "paralysed"
	Reckless  State = "reckless" // G-A17: Curse of Pride's state
	Shocked   State = "shocked"
	Silenced  State = "silenced"
	Stunned   State = "stunned"
	Hidden    State = "hidden" // Silent Move
)

var stateTable = []struct {
	id  State
	key string
}{
	{Afraid, "rogue.state.afraid"},
	{Asleep, "rogue.state.asleep"},
	{Blinded, "rogue.state.blinded"},
	{Charmed, "rogue.state.charmed"},
	{Confused, "rogue.state.confused"},
	{Deafened, "rogue.state.deafened"},
	{Envious, "rogue.state.envious"},
	{Frenzied, "rogue.state.frenzied"},
	{Greedy, "rogue.state.greedy"},
	{Invisible, "rogue.state.invisible"},
	{Lustful, "rogue.state.lustful"},
	{Burning, "rogue.state.burning"},
	{Paralysed, "rogue.state.paralysed"},
	{Reckless, "rogue.state.reckless"},
	{Shocked, "rogue.state.shocked"},
	{Silenced, "rogue.state.silenced"},
	{Stunned, "rogue.state.stunned"},
	{Hidden, "rogue.state.hidden"},
}

// States lists the states.
func States() []State {
	out := make([]State, len(stateTable))
	for i, s := range stateTable {
		out[i] = s.id
	}
	return out
}

// Key is the catalog key of the state's name.
func (s State) Key() string {
	for _, e := range stateTable {
		if e.id == s {
			return e.key
		}
	}
	return ""
}

// Valid reports whether s is a known state.
func (s State) Valid() bool { return s.Key() != "" }

// Incapacitating reports whether the state makes a creature helpless (A16):
// asleep, paralysed, shocked or stunned. Helpless creatures lose their turn.
func (s State) Incapacitating() bool {
	return s == Asleep || s == Paralysed || s == Shocked || s == Stunned
}

// Forcing reports whether the state forces the creature's action (it must
// move to and attack / pick up …, else it loses the turn).
func (s State) Forcing() bool {
	switch s {
	case Charmed, Confused, Envious, Frenzied, Greedy, Lustful, Reckless:
		return true
	}
	return false
}

// strongWillHalves are the states whose duration Strong Will halves (A21).
func (s State) strongWillHalves() bool {
	switch s {
	case Charmed, Envious, Afraid, Frenzied, Greedy, Lustful, Reckless:
		return true
	}
	return false
}

// Curse is a curse id (A27).
type Curse string

// Curses.
const (
	CurseAgony    Curse = "agony"
	CurseEnvy     Curse = "envy"
	CurseGluttony Curse = "gluttony"
	CurseGreed    Curse = "greed"
	CurseHunger   Curse = "hunger"
	CurseLust     Curse = "lust"
	CursePride    Curse = "pride"
	CurseSloth    Curse = "sloth"
	CurseThirst   Curse = "thirst"
	CurseWrath    Curse = "wrath"
)

var curseTable = []struct {
	id  Curse
	key string
}{
	{CurseAgony, "rogue.curse.agony"},
	{CurseEnvy, "rogue.curse.envy"},
	{CurseGluttony, "rogue.curse.gluttony"},
	{CurseGreed, "rogue.curse.greed"},
	{CurseHunger, "rogue.curse.hunger"},
	{CurseLust, "rogue.curse.lust"},
	{CursePride, "rogue.curse.pride"},
	{CurseSloth, "rogue.curse.sloth"},
	{CurseThirst, "rogue.curse.thirst"},
	{CurseWrath, "rogue.curse.wrath"},
}

// Curses lists the curses (the order Bestow Curse's random pick uses: 1d10).
func Curses() []Curse {
	out := make([]Curse, len(curseTable))
	for i, c := range curseTable {
		out[i] = c.id
	}
	return out
}

// Key is the catalog key of the curse's name.
func (c Curse) Key() string {
	for _, e := range curseTable {
		if e.id == c {
			return e.key
		}
	}
	return ""
}

// PoisonID is a poison id (A28).
type PoisonID string

// Poisons.
const (
	PoisonBlinding  PoisonID = "blinding"
	PoisonCharming  PoisonID = "charming"
	PoisonConfusing PoisonID = "confusing"
	PoisonDeadly    PoisonID = "deadly"
	PoisonDeafening PoisonID = "deafening"
	PoisonDraining  PoisonID = "draining"
	PoisonLeeching  PoisonID = "leeching"
	PoisonParalytic PoisonID = "paralytic"
	PoisonSilencing PoisonID = "silencing"
	PoisonSleeping  PoisonID = "sleeping"
	PoisonSlowing   PoisonID = "slowing"
)

var poisonTable = []struct {
	id  PoisonID
	key string
}{
	{PoisonBlinding, "rogue.poison.blinding"},
	{PoisonCharming, "rogue.poison.charming"},
	{PoisonConfusing, "rogue.poison.confusing"},
	{PoisonDeadly, "rogue.poison.deadly"},
	{PoisonDeafening, "rogue.poison.deafening"},
	{PoisonDraining, "rogue.poison.draining"},
	{PoisonLeeching, "rogue.poison.leeching"},
	{PoisonParalytic, "rogue.poison.paralytic"},
	{PoisonSilencing, "rogue.poison.silencing"},
	{PoisonSleeping, "rogue.poison.sleeping"},
	{PoisonSlowing, "rogue.poison.slowing"},
}

// Poisons lists the poisons (the order Venomous Orb's random pick uses: 1d11).
func Poisons() []PoisonID {
	out := make([]PoisonID, len(poisonTable))
	for i, p := range poisonTable {
		out[i] = p.id
	}
	return out
}

// Key is the catalog key of the poison's name.
func (p PoisonID) Key() string {
	for _, e := range poisonTable {
		if e.id == p {
			return e.key
		}
	}
	return ""
}

// DiseaseID is a disease id (A29).
type DiseaseID string

// Diseases.
const (
	DiseaseAchingMuscle DiseaseID = "aching_muscle"
	DiseaseBloodyFlux   DiseaseID = "bloody_flux"
	DiseaseBonePlague   DiseaseID = "bone_plague"
	DiseaseBurningLung  DiseaseID = "burning_lung"
	DiseaseDungeonFever DiseaseID = "dungeon_fever"
	DiseaseItchingGroin DiseaseID = "itching_groin"
	DiseasePutridBreath DiseaseID = "putrid_breath"
	DiseaseSwollenJoint DiseaseID = "swollen_joint"
	DiseaseRottingFlesh DiseaseID = "rotting_flesh"
)

// DiseaseInfo is one row of the disease table (A29).
type DiseaseInfo struct {
	ID   DiseaseID
	Attr Attribute // 1 point of ability damage to this attribute; "" for Dungeon Fever
	// The second effect: a state for D6 turns, or (State "") damage/energy loss
	// (Bloody Flux: D3 + X damage; Burning Lung: D3 energy), or another disease (Dungeon Fever).
	State State
	Slow  bool // Aching Muscle: slowed D6 turns
}

var diseaseTable = []struct {
	info DiseaseInfo
	key  string
}{
	{DiseaseInfo{DiseaseAchingMuscle, Str, "", true}, "rogue.disease.aching_muscle"},
	{DiseaseInfo{DiseaseBloodyFlux, Sta, "", false}, "rogue.disease.bloody_flux"},
	{DiseaseInfo{DiseaseBonePlague, Str, Paralysed, false}, "rogue.disease.bone_plague"},
	{DiseaseInfo{DiseaseBurningLung, Sta, "", false}, "rogue.disease.burning_lung"},
	{DiseaseInfo{DiseaseDungeonFever, "", "", false}, "rogue.disease.dungeon_fever"},
	{DiseaseInfo{DiseaseItchingGroin, Agi, Blinded, false}, "rogue.disease.itching_groin"},
	{DiseaseInfo{DiseasePutridBreath, Cha, Silenced, false}, "rogue.disease.putrid_breath"},
	{DiseaseInfo{DiseaseSwollenJoint, Agi, Confused, false}, "rogue.disease.swollen_joint"},
	{DiseaseInfo{DiseaseRottingFlesh, Cha, Asleep, false}, "rogue.disease.rotting_flesh"},
}

// Diseases returns the disease table (the order Virulent Orb's random pick uses: 1d9).
func Diseases() []DiseaseInfo {
	out := make([]DiseaseInfo, len(diseaseTable))
	for i, d := range diseaseTable {
		out[i] = d.info
	}
	return out
}

// Info returns the disease's row.
func (d DiseaseID) Info() (DiseaseInfo, bool) {
	for _, e := range diseaseTable {
		if e.info.ID == d {
			return e.info, true
		}
	}
	return DiseaseInfo{}, false
}

// Key is the catalog key of the disease's name.
func (d DiseaseID) Key() string {
	for _, e := range diseaseTable {
		if e.info.ID == d {
			return e.key
		}
	}
	return ""
}

// norm lower-cases an id and turns spaces and dashes into underscores.
func norm(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer(" ", "_", "-", "_", ":", "_").Replace(s)
}
