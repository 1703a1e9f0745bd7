package rogue

import (
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// AttackKind is melee, ranged or thrown.
type AttackKind string

// Attack kinds. Thrown attacks use the ranged to-hit formula (range, no
// defence bands) with AGI to hit and STR for damage (A4).
const (
	Melee  AttackKind = "melee"
	Ranged AttackKind = "ranged"
	Thrown AttackKind = "thrown"
)

// Key is the catalog key of the attack kind's name.
func (k AttackKind) Key() string {
	switch k {
	case Melee:
		return "rogue.attack.melee"
	case Ranged:
		return "rogue.attack.ranged"
	case Thrown:
		return "rogue.attack.thrown"
	}
	return ""
}

// ParseAttackKind accepts melee, ranged, thrown ("" = melee).
func ParseAttackKind(s string) (AttackKind, error) {
	k := AttackKind(norm(s))
	if k == "" {
		return Melee, nil
	}
	if k.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "kind", "Value", s)
	}
	return k, nil
}

// Hand is how a melee weapon is held.
type Hand string

// Hands.
const (
	MainHand Hand = "main"
	OffHand  Hand = "off"
	TwoHands Hand = "two"
)

// Key is the catalog key of the hand's name.
func (h Hand) Key() string {
	switch h {
	case MainHand:
		return "rogue.hand.main"
	case OffHand:
		return "rogue.hand.off"
	case TwoHands:
		return "rogue.hand.two"
	}
	return ""
}

// ParseHand accepts main, off, two ("" = main).
func ParseHand(s string) (Hand, error) {
	h := Hand(norm(s))
	if h == "" {
		return MainHand, nil
	}
	if h.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "hand", "Value", s)
	}
	return h, nil
}

// WeaponSize is a weapon's size (A30: small one-handed, medium one- or
// two-handed, large two-handed).
type WeaponSize string

// Weapon sizes.
const (
	WeaponSmall  WeaponSize = "small"
	WeaponMedium WeaponSize = "medium"
	WeaponLarge  WeaponSize = "large"
)

// Key is the catalog key of the weapon size's name.
func (w WeaponSize) Key() string {
	switch w {
	case WeaponSmall:
		return "rogue.weapon.small"
	case WeaponMedium:
		return "rogue.weapon.medium"
	case WeaponLarge:
		return "rogue.weapon.large"
	}
	return ""
}

// ParseWeaponSize accepts small, medium, large ("" = medium).
func ParseWeaponSize(s string) (WeaponSize, error) {
	w := WeaponSize(norm(s))
	if w == "" {
		return WeaponMedium, nil
	}
	if w.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "size", "Value", s)
	}
	return w, nil
}

// Defence is a defensive modifier that uses up for the turn (A17).
type Defence string

// Defences.
const (
	DefenceDodge Defence = "dodge"
	DefenceBlock Defence = "block"
	DefenceParry Defence = "parry"
)

// Key is the catalog key of the defence's name.
func (d Defence) Key() string {
	switch d {
	case DefenceDodge:
		return "rogue.defence.dodge"
	case DefenceBlock:
		return "rogue.defence.block"
	case DefenceParry:
		return "rogue.defence.parry"
	}
	return ""
}

// CritDirection is which size and level difference lowers the crit
// threshold (G-A12: ambiguous in the seed; a guild setting).
type CritDirection string

// Crit directions.
const (
	CritAttacker  CritDirection = "attacker" // default: a bigger / higher-level attacker crits more easily
	CritDefender  CritDirection = "defender" // a bigger / higher-level defender is critted more easily
	CritMagicOnly CritDirection = "magic"    // 2.0: only enchants and magic lower the threshold
)

// Key is the catalog key of the direction's name.
func (d CritDirection) Key() string {
	switch d {
	case CritAttacker, "":
		return "rogue.crit_direction.attacker"
	case CritDefender:
		return "rogue.crit_direction.defender"
	case CritMagicOnly:
		return "rogue.crit_direction.magic"
	}
	return ""
}

// ParseCritDirection accepts attacker, defender, magic ("" = attacker).
func ParseCritDirection(s string) (CritDirection, error) {
	d := CritDirection(norm(s))
	if d == "" {
		return CritAttacker, nil
	}
	if d.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "crit_direction", "Value", s)
	}
	return d, nil
}

// Rules are the guild's choices where the sources leave room.
type Rules struct {
	CritDirection CritDirection `json:"crit_direction,omitempty"` // "" = CritAttacker
	NoCritEffect  bool          `json:"no_crit_effect,omitempty"` // skip the website-era crit effect check (A19.4)
}

// Weapon is the weapon an attack is made with.
type Weapon struct {
	Damage string     `json:"damage"`          // dice notation, e.g. "1d6" ("" with Shield Bash or while shapeshifted)
	Size   WeaponSize `json:"size,omitempty"`  // "" = medium
	Slow   bool       `json:"slow,omitempty"`  // a slow (ranged) weapon
	Magic  int        `json:"magic,omitempty"` // magic damage modifier from enchants (never changed by the hand, A20)
	Type   DamageType `json:"type,omitempty"`  // "" = physical
}

// AttackOptions describe one attack.
type AttackOptions struct {
	Kind   AttackKind // "" = melee
	Hand   Hand       // melee: "" = main hand; ignored for ranged/thrown
	Weapon Weapon
	Talent Talent // the active talent used with the attack, "" for none (costs 1 energy)
	Bonus  int    // situational to-hit modifier (before the +5 cap)
	DX, DY int    // ranged and thrown: offset to the target in squares (range modifier, A18; see Aim)
	Rules  Rules
	// Targets are the extra targets of Multi Shot, Sweeping Blow and Blade
	// Flurry, each rolled as its own attack (see Attack). From and To are the
	// attacker's and the target's squares when placed: an extra target with a
	// square must then stand where its talent reaches, and Multi Shot takes
	// each extra target's range from From.
	Targets  []Nearby
	From, To *Square
	extra    bool // one of those extra attacks: the talent's energy is already paid
}

// MaxDistance bounds DX and DY.
const MaxDistance = 1000

// RangeModifier is floor(sqrt(dx² + dy²) / 2) (A18): (3, 4) → 2.
func RangeModifier(dx, dy int) int { return distance(dx, dy) / 2 }

// DefenceValues are a creature's defensive modifiers (A17) before use.
type DefenceValues struct {
	Dodge     int  `json:"dodge"`
	Block     int  `json:"block,omitempty"` // with a shield
	Parry     int  `json:"parry,omitempty"` // with a parry weapon
	HasShield bool `json:"has_shield,omitempty"`
	HasParry  bool `json:"has_parry,omitempty"`
	Deflect   int  `json:"deflect,omitempty"` // added to ranged range: the shield's min block, or the full block with Shield Bash
}

// Defences computes dodge, block, parry and deflect (A17):
//   - dodge = AGI bonus, capped by Max Dodge;
//   - block = STR bonus within the shield's min..max block (Sweeping Blow
//     with a large weapon: +1 min block);
//   - parry = half the AGI bonus rounded up (Dual Wield: the full bonus),
//     capped by Max Parry (Sweeping Blow with a large weapon: +1);
//   - Slowing Poison lowers each by its power, never below the equipment minimum.
func (c *Character) Defences() DefenceValues {
	var v DefenceValues
	slow, _ := c.poisonPower(PoisonSlowing)
	sweepLarge := c.HasTalent(SweepingBlow) && c.Equip.LargeWeapon
	agi := Bonus(c.Mod(Agi))
	v.Dodge = agi
	if c.Equip.MaxDodge != nil {
		v.Dodge = min(v.Dodge, *c.Equip.MaxDodge)
	}
	v.Dodge = max(v.Dodge-slow, 0)
	if s := c.Equip.Shield; s != nil {
		v.HasShield = true
		lo := s.MinBlock
		if sweepLarge {
			lo++
		}
		b := min(max(Bonus(c.Mod(Str)), lo), max(s.MaxBlock, lo))
		v.Block = max(b-slow, lo)
		v.Deflect = lo
		if c.HasTalent(ShieldBash) {
			v.Deflect = v.Block
		}
	}
	if c.Equip.MaxParry != nil {
		v.HasParry = true
		p := (agi + 1) / 2
		if c.HasTalent(DualWield) {
			p = agi
		}
		hi := *c.Equip.MaxParry
		if sweepLarge {
			hi++
		}
		v.Parry = max(min(p, hi)-slow, 0)
	}
	return v
}

// CritThreshold is the natural to-hit roll at or above which a hit is
// critical (A19, G-A12): 12 − size difference − level difference − magic
// (the attacker's crit modifier), at least 7. The direction of the
// differences follows rules.CritDirection.
func CritThreshold(att, def *Character, rules Rules) (int, []Mod) {
	var mods []Mod
	red := 0
	if rules.CritDirection != CritMagicOnly {
		big, small, hi, lo := att, def, att, def
		if rules.CritDirection == CritDefender {
			big, small, hi, lo = def, att, def, att
		}
		if d := big.Size.Step() - small.Size.Step(); d > 0 {
			red += d
			mods = append(mods, Mod{SrcSize, -d})
		}
		if d := hi.Level - lo.Level; d > 0 {
			red += d
			mods = append(mods, Mod{SrcLevel, -d})
		}
	}
	cm, cmods := att.CritMod()
	red += cm
	for _, m := range cmods {
		mods = append(mods, Mod{m.Source, -m.Value})
	}
	if red > MaxCritMod {
		mods = append(mods, Mod{SrcCap, red - MaxCritMod})
		red = MaxCritMod
	}
	return 12 - red, mods
}

// AttackDamage is the damage roll of a hit.
type AttackDamage struct {
	Notation   string        `json:"notation"`
	Roll       *dice.Result  `json:"-"`
	Attr       Attribute     `json:"attr,omitempty"`      // the attribute whose modifier was used
	Mods       []Mod         `json:"mods,omitempty"`      // flat damage modifiers (attribute, hand, Heroic Charge, enchant, cap)
	D3         int           `json:"d3,omitempty"`        // D3s from an extra-damage talent (1D3 per bonus point, exempt from the cap)
	D3Source   string        `json:"d3_source,omitempty"` // that talent's key
	Bestial    bool          `json:"bestial,omitempty"`   // Bestial Wrath's +D3
	Multiplier int           `json:"multiplier"`          // 2 for a hidden attacker (melee, or Steady Shot)
	Total      int           `json:"total"`               // max(roll, 0) × multiplier
	Type       DamageType    `json:"type"`
	Applied    *DamageResult `json:"applied"`
}

// AttackResult is a resolved attack: its Plan (modifiers, bands, odds) and what the dice did.
type AttackResult struct {
	Plan
	CritDie     *Rolled       `json:"crit_die,omitempty"` // helpless target: D6 + crit modifier ≥ 6 crits
	Rolls       []Roll2       `json:"rolls,omitempty"`    // to-hit rolls, the deciding one last (Steady Shot re-rolls a failure)
	Reroll      string        `json:"reroll,omitempty"`   // catalog key of what re-rolled
	Roll2                     // the deciding to-hit roll
	Hit         bool          `json:"hit"`
	Critical    bool          `json:"critical,omitempty"`
	Location    Location      `json:"location,omitempty"`
	DefenceUsed Defence       `json:"defence_used,omitempty"` // the defence that stopped it (now used up)
	Damage      *AttackDamage `json:"damage,omitempty"`
	Slain       bool          `json:"slain,omitempty"`       // Killing Blow: hit with a pair
	CritEffect  *CheckResult  `json:"crit_effect,omitempty"` // the defender's crit effect check (A19.4)
	Confused    int           `json:"confused,omitempty"`    // turns of confusion it caused
	Stunned     int           `json:"stunned,omitempty"`     // Shield Bash: turns stunned
	Knockback   bool          `json:"knockback,omitempty"`   // Shield Bash dealt damage
	Extra       int           `json:"extra,omitempty"`       // Multi Shot / Sweeping Blow: extra targets allowed; Blade Flurry: extra attacks
	Extras      []ExtraAttack `json:"extras,omitempty"`      // the extra targets' attacks, in the order given
	Revealed    bool          `json:"revealed,omitempty"`    // the attacker was hidden and the attack revealed it
}

// attackSetup is the resolved form of AttackOptions.
type attackSetup struct {
	AttackOptions
	hitAttr, dmgAttr Attribute
	d3Talent         Talent // the extra-damage talent in effect
	steady           bool   // re-roll a failed to-hit
	slowSteady       bool   // Slow and Steady applies
}

func (o *AttackOptions) normalise(att *Character) error {
	var err error
	if o.Kind, err = ParseAttackKind(string(o.Kind)); err != nil {
		return err
	}
	if o.Hand, err = ParseHand(string(o.Hand)); err != nil {
		return err
	}
	if o.Weapon.Size, err = ParseWeaponSize(string(o.Weapon.Size)); err != nil {
		return err
	}
	if o.Weapon.Type == "" {
		o.Weapon.Type = Physical
	}
	if !o.Weapon.Type.Valid() {
		return newError(ErrUnknownDamageType, "Type", string(o.Weapon.Type))
	}
	if _, err := ParseCritDirection(string(o.Rules.CritDirection)); err != nil {
		return err
	}
	if o.Bonus < -MaxModifier || o.Bonus > MaxModifier {
		return newError(ErrBadModifier, "Value", o.Bonus, "Max", MaxModifier)
	}
	if o.Weapon.Magic < -MaxModifier || o.Weapon.Magic > MaxModifier {
		return newError(ErrBadModifier, "Value", o.Weapon.Magic, "Max", MaxModifier)
	}
	if o.DX < -MaxDistance || o.DX > MaxDistance || o.DY < -MaxDistance || o.DY > MaxDistance {
		return newError(ErrBadDistance, "Max", MaxDistance)
	}
	if att.Form != FormNone { // the form replaces every weapon (A21)
		o.Kind, o.Hand = Melee, MainHand
		o.Weapon = Weapon{Damage: "1d6", Size: WeaponMedium, Type: Physical}
	}
	if o.Talent == ShieldBash {
		o.Kind, o.Hand = Melee, OffHand
	}
	if o.Kind != Melee {
		o.Hand = MainHand
	} else {
		if o.Weapon.Size == WeaponSmall && o.Hand == TwoHands {
			return newError(ErrBadHand, "Hand", string(o.Hand), "Size", string(o.Weapon.Size))
		}
		if o.Weapon.Size == WeaponLarge && o.Hand != TwoHands {
			return newError(ErrBadHand, "Hand", string(o.Hand), "Size", string(o.Weapon.Size))
		}
	}
	if o.Talent != ShieldBash && att.Form == FormNone {
		if strings.TrimSpace(o.Weapon.Damage) == "" {
			return newError(ErrBadDamage, "Notation", o.Weapon.Damage)
		}
		if _, err := dice.Parse(o.Weapon.Damage); err != nil {
			return newError(ErrBadDamage, "Notation", o.Weapon.Damage)
		}
	}
	return nil
}

// checkTalent checks that the attacker may use o.Talent with this attack.
func checkTalent(att *Character, o AttackOptions) error {
	t := o.Talent
	if t == "" {
		return nil
	}
	info, ok := t.Info()
	if !ok {
		return newError(ErrUnknownTalent, "Talent", string(t))
	}
	if att.Form != FormNone && !att.HasTalent(t) {
		return newError(ErrFormTalent, "Talent", string(t), "Level", att.Level)
	}
	if !att.HasTalent(t) {
		return newError(ErrTalentUnknownToMe, "Name", att.Name, "Talent", string(t))
	}
	kindErr := newError(ErrTalentAttack, "Talent", string(t), "Kind", string(o.Kind))
	if !info.Active {
		return kindErr
	}
	w := o.Weapon
	switch t {
	case AimedShot, SteadyShot:
		if o.Kind != Ranged {
			return kindErr
		}
	case MultiShot, QuickShot:
		if o.Kind != Ranged {
			return kindErr
		}
		if w.Slow {
			return newError(ErrTalentSlowWeapon, "Talent", string(t))
		}
	case DeadlyThrow:
		if o.Kind != Thrown {
			return kindErr
		}
	case HeroicCharge:
		if o.Kind != Melee {
			return kindErr
		}
	case BladeFlurry:
		if o.Kind != Melee {
			return kindErr
		}
		if !(w.Size == WeaponSmall || (w.Size == WeaponMedium && o.Hand == TwoHands)) {
			return newError(ErrTalentWeapon, "Talent", string(t))
		}
	case CrushingBlow, KillingBlow, SweepingBlow:
		if o.Kind != Melee || o.Hand == OffHand {
			return kindErr
		}
		if w.Size == WeaponSmall {
			return newError(ErrTalentWeapon, "Talent", string(t))
		}
	case ShieldBash:
		if att.Equip.Shield == nil {
			return newError(ErrNeedsShield, "Talent", string(t))
		}
	default: // Silent Move and the shapeshifts are not attacks
		return kindErr
	}
	return nil
}

// better returns the attribute with the higher modifier (STR on a tie).
func better(c *Character, a, b Attribute) Attribute {
	if c.Mod(b) > c.Mod(a) {
		return b
	}
	return a
}

// Attack resolves one attack of att against def (A15–A21) and applies it:
// it spends the talent's energy, uses up the defence that stopped the
// attack, deals the damage, applies Killing Blow, Shield Bash's stun and the
// crit effect check, and ends the attacker's hiding. Then each of o.Targets
// gets its own attack (Multi Shot, Sweeping Blow, Blade Flurry; see
// checkTargets), in the order given. Pass copies to only preview. Errors
// change nothing, on any of the creatures.
func Attack(att, def *Character, o AttackOptions, r dice.Roller) (*AttackResult, error) {
	if err := checkTargets(att, def, o); err != nil {
		return nil, err
	}
	work := map[*Character]*Character{att: att.Clone()}
	if def != att {
		work[def] = def.Clone()
	}
	extras := make([]Nearby, len(o.Targets))
	for i, n := range o.Targets {
		if work[n.C] == nil {
			work[n.C] = n.C.Clone()
		}
		extras[i] = Nearby{ID: n.ID, At: n.At, C: work[n.C]}
	}
	a := work[att]
	o.Targets = nil
	res, err := attack(a, work[def], o, r)
	if err != nil {
		return nil, err
	}
	for i, n := range extras {
		x := ExtraAttack{ID: n.ID}
		if !n.C.Dead() {
			if x.Result, err = attack(a, n.C, o.extraAttack(i, n), r); err != nil {
				return nil, err
			}
		}
		res.Extras = append(res.Extras, x)
	}
	for orig, cp := range work {
		*orig = *cp
	}
	return res, nil
}

// Plan is an attack worked out before any die is rolled: the to-hit
// modifiers, the bands, the crit threshold and the exact odds of every
// outcome given the defender's remaining defences. PlanAttack returns it
// without changing anything (for showing the odds); Attack returns it inside
// its result.
type Plan struct {
	Kind        AttackKind `json:"kind"`
	Hand        Hand       `json:"hand,omitempty"`
	Talent      Talent     `json:"talent,omitempty"`
	Form        Form       `json:"form,omitempty"` // shapeshifted: the weapon is Ferocious Bite
	EnergySpent int        `json:"energy_spent,omitempty"`
	Attr        Attribute  `json:"attr"`                // the attribute used to hit
	Mods        []Mod      `json:"mods,omitempty"`      // to-hit modifiers (with SrcCap when capped)
	CritMods    []Mod      `json:"crit_mods,omitempty"` // what lowered the crit threshold
	BandMods    []Mod      `json:"band_mods,omitempty"` // what raised the target: invisible, dodge, block/parry, range, deflect, halving
	Bands       Bands      `json:"bands"`
	Odds        AttackOdds `json:"odds"`               // exact chances before the roll
	AutoHit     bool       `json:"auto_hit,omitempty"` // melee against a helpless target: no to-hit roll
	// Need is the total needed to hit as the sum that makes it: the base 7
	// (A15) plus every BandMods entry (an invisible target's +5 included) is
	// Bands.Target, so a reply printing it adds up.
	Need Sum `json:"need"`
}

// Sum is a number with the terms that make it: From plus the values of Mods
// is Total, so a reply can print "7 + invisible +5 + dodge +1 = 13" and it
// adds up.
type Sum struct {
	From  int   `json:"from"`
	Mods  []Mod `json:"mods,omitempty"`
	Total int   `json:"total"`
}

// PlanAttack works out an attack without rolling or changing anything.
func PlanAttack(att, def *Character, o AttackOptions) (*Plan, error) {
	p, _, err := plan(att, def, o)
	return p, err
}

func plan(att, def *Character, o AttackOptions) (*Plan, attackSetup, error) {
	if att.Dead() {
		return nil, attackSetup{}, newError(ErrDead, "Name", att.Name)
	}
	if def.Dead() {
		return nil, attackSetup{}, newError(ErrDead, "Name", def.Name)
	}
	if s, ok := att.Helpless(); ok {
		return nil, attackSetup{}, newError(ErrHelpless, "Name", att.Name, "State", string(s))
	}
	if err := o.normalise(att); err != nil {
		return nil, attackSetup{}, err
	}
	if err := checkTalent(att, o); err != nil {
		return nil, attackSetup{}, err
	}
	info, _ := o.Talent.Info()
	if info.Active && !o.extra && att.Energy < 1 {
		return nil, attackSetup{}, newError(ErrNoEnergy, "Name", att.Name)
	}
	s := attackSetup{AttackOptions: o}
	s.slowSteady = o.Kind == Ranged && o.Weapon.Slow && att.HasTalent(SlowAndSteady)
	switch o.Kind {
	case Melee:
		s.hitAttr = Str
		if o.Weapon.Size == WeaponSmall || (o.Weapon.Size == WeaponMedium && o.Hand == TwoHands) {
			s.hitAttr = better(att, Str, Agi) // 2.0: small weapons, or medium two-handed
		}
		if o.Talent == ShieldBash || att.Form != FormNone {
			s.hitAttr = Str
		}
		s.dmgAttr = s.hitAttr
		if o.Talent == CrushingBlow {
			s.d3Talent = CrushingBlow
		}
	case Ranged:
		s.hitAttr, s.dmgAttr = Agi, Agi
		if s.slowSteady {
			s.hitAttr = better(att, Str, Agi)
			s.dmgAttr = s.hitAttr
		}
		if o.Talent == AimedShot || s.slowSteady {
			s.d3Talent = AimedShot
		}
		s.steady = o.Talent == SteadyShot || s.slowSteady
	case Thrown:
		s.hitAttr, s.dmgAttr = Agi, Str
		if att.HasTalent(DeadlyThrow) {
			s.hitAttr = better(att, Str, Agi)
			s.dmgAttr = s.hitAttr
		}
		if o.Talent == DeadlyThrow {
			s.d3Talent = DeadlyThrow
		}
	}
	p := &Plan{Kind: o.Kind, Hand: o.Hand, Talent: o.Talent, Form: att.Form, Attr: s.hitAttr}
	if info.Active && !o.extra {
		p.EnergySpent = 1
	}

	// Offense (A15): the attribute modifier, hunger, poisons, off-hand, bonus; capped at +5.
	mods := []Mod{{s.hitAttr.Key(), att.Mod(s.hitAttr)}}
	if m, ok := att.HungerMod(); ok {
		mods = append(mods, m)
	}
	for _, pz := range []PoisonID{PoisonBlinding, PoisonConfusing} {
		if pw, ok := att.poisonPower(pz); ok && pw > 0 {
			mods = append(mods, Mod{pz.Key(), -pw})
		}
	}
	if o.Kind == Melee && o.Hand == OffHand && !att.HasTalent(DualWield) {
		mods = append(mods, Mod{SrcOffHand, -2})
	}
	if o.Bonus != 0 {
		mods = append(mods, Mod{SrcBonus, o.Bonus})
	}
	var offense int
	p.Mods, _, offense = capMods(mods)

	// Thresholds.
	critAt, critMods := CritThreshold(att, def, o.Rules)
	p.CritMods = critMods
	cfm, _ := att.FumbleMod()
	b := Bands{Offense: offense, Base: 7, FumbleAt: 2 + cfm, CritAt: critAt}

	_, helpless := def.Helpless()
	if o.Kind == Melee && helpless {
		// A16: melee against a helpless target hits automatically; critical if D6 + crit modifier ≥ 6.
		p.AutoHit = true
		b.fill()
		p.Bands = b
		p.Odds = AttackOdds{Den: 6, Critical: min(max(13-critAt, 0), 6)}
		p.Odds.Hit = 6 - p.Odds.Critical
		p.Need = Sum{From: DefaultDifficulty, Total: b.Target}
		return p, s, nil
	}
	if o.Kind == Melee {
		if def.HasState(Invisible) {
			b.Base = 12
			p.BandMods = append(p.BandMods, Mod{SrcInvisible, 5})
		}
		defendable := !att.HasState(Invisible) && !att.HasState(Hidden) && o.Talent != ShieldBash
		if defendable {
			dv := def.Defences()
			if !def.Used.Dodge && dv.Dodge > 0 {
				b.Dodge = dv.Dodge
				p.BandMods = append(p.BandMods, Mod{SrcDodge, dv.Dodge})
			}
			switch {
			case dv.HasShield && !def.Used.Block && dv.Block > 0:
				b.Second, b.SecondIs = dv.Block, DefenceBlock
				p.BandMods = append(p.BandMods, Mod{SrcBlock, dv.Block})
			case dv.HasParry && !def.Used.Parry && dv.Parry > 0:
				b.Second, b.SecondIs = dv.Parry, DefenceParry
				p.BandMods = append(p.BandMods, Mod{SrcParry, dv.Parry})
			}
		}
	} else {
		// G-A13: ranged and thrown attacks face range (+ deflect), no defence bands.
		rng := RangeModifier(o.DX, o.DY)
		if rng > 0 {
			p.BandMods = append(p.BandMods, Mod{SrcRange, rng})
		}
		if !helpless {
			if d := def.Defences().Deflect; d > 0 {
				rng += d
				p.BandMods = append(p.BandMods, Mod{SrcDeflect, d})
			}
		}
		if att.HasTalent(DarkVision) && rng > 1 {
			p.BandMods = append(p.BandMods, Mod{DarkVision.Key(), rng/2 - rng})
			rng /= 2
		}
		b.Range = rng
	}
	b.fill()
	p.Bands = b
	p.Odds = b.Odds(s.steady)
	p.Need = Sum{From: DefaultDifficulty, Mods: p.BandMods, Total: b.Target}
	return p, s, nil
}

func attack(att, def *Character, o AttackOptions, r dice.Roller) (*AttackResult, error) {
	p, s, err := plan(att, def, o)
	if err != nil {
		return nil, err
	}
	o = s.AttackOptions
	res := &AttackResult{Plan: *p}
	att.Energy -= p.EnergySpent
	if !o.extra {
		res.Extra = ExtraTargets(att, o)
	}
	b := p.Bands
	if p.AutoHit {
		res.Hit = true
		die, err := rollAmount("1d6"+signed(12-b.CritAt), r)
		if err != nil {
			return nil, err
		}
		res.CritDie = die
		res.Critical = die.Total >= 6
		res.Outcome = OutcomeHit
		if res.Critical {
			res.Outcome = OutcomeCritical
		}
	} else {
		for {
			r2, err := roll2d6(b.Offense, r)
			if err != nil {
				return nil, err
			}
			r2.Outcome = b.Resolve(r2.Natural)
			res.Rolls = append(res.Rolls, r2)
			if r2.Outcome.Succeeded() || !s.steady || len(res.Rolls) > 1 {
				break
			}
			res.Reroll = SteadyShot.Key()
			if s.slowSteady && o.Talent != SteadyShot {
				res.Reroll = SlowAndSteady.Key()
			}
		}
		res.Roll2 = res.Rolls[len(res.Rolls)-1]
		res.Hit = res.Outcome.Succeeded()
		res.Critical = res.Outcome == OutcomeCritical
		switch res.Outcome {
		case OutcomeDodged:
			def.Used.Dodge, res.DefenceUsed = true, DefenceDodge
		case OutcomeBlocked:
			def.Used.Block, res.DefenceUsed = true, DefenceBlock
		case OutcomeParried:
			def.Used.Parry, res.DefenceUsed = true, DefenceParry
		}
	}
	attHidden := att.HasState(Hidden)
	if attHidden {
		att.RemoveEffect(KindState, string(Hidden))
		res.Revealed = true
	}
	if !res.Hit {
		return res, nil
	}
	res.Location = Body
	if res.Critical {
		res.Location = Head
	}
	if err := rollAttackDamage(att, def, s, attHidden, res, r); err != nil {
		return nil, err
	}
	return res, nil
}

// rollAttackDamage rolls and applies the damage of a hit and its after-effects (A20, A21).
func rollAttackDamage(att, def *Character, s attackSetup, hidden bool, res *AttackResult, r dice.Roller) error {
	o := s.AttackOptions
	d := &AttackDamage{Attr: s.dmgAttr, Type: o.Weapon.Type, Multiplier: 1}
	weapon := o.Weapon.Damage
	if o.Talent == ShieldBash {
		weapon = "1d" + strconv.Itoa(att.Equip.Shield.BashDie())
	}
	m := att.Mod(s.dmgAttr)
	if o.Kind == Ranged {
		m = Bonus(m) // ranged weapons use the AGI bonus (A20)
	}
	d.Mods = []Mod{{s.dmgAttr.Key(), m}}
	hm := m
	switch {
	case o.Kind == Melee && o.Hand == OffHand && !att.HasTalent(DualWield):
		hm = min(2*min(m, 0), -1) // A20, G-A2: the weapon's ability, not AGI
		d.Mods = append(d.Mods, Mod{SrcOffHand, hm - m})
	case o.Kind == Melee && o.Hand == TwoHands:
		hm = TwoHandedMod(m) // G-A1: one and a half times, rounded up, min 0
		d.Mods = append(d.Mods, Mod{SrcTwoHanded, hm - m})
	}
	flat := hm
	if s.d3Talent != "" && hm > 0 {
		// "+1D3 per bonus point instead of +1": the positive damage modifier becomes D3s, uncapped (G-A6).
		d.D3, d.D3Source = hm, s.d3Talent.Key()
		d.Mods = append(d.Mods, Mod{s.d3Talent.Key(), -hm})
		flat = 0
	}
	if o.Talent == HeroicCharge {
		flat++
		d.Mods = append(d.Mods, Mod{HeroicCharge.Key(), 1})
	}
	if o.Weapon.Magic != 0 {
		// The enchant is added after the hand rule (A20) and counts inside the +5
		// cap: only the extra-damage talents' D3s go over it (A2, G-A6).
		flat += o.Weapon.Magic
		d.Mods = append(d.Mods, Mod{SrcEnchant, o.Weapon.Magic})
	}
	if flat > ModifierCap {
		d.Mods = append(d.Mods, Mod{SrcCap, ModifierCap - flat})
		flat = ModifierCap
	}
	d.Bestial = att.Form != FormNone && att.HasTalent(BestialWrath)
	bestial := ""
	if d.Bestial {
		bestial = "+1d3"
	}
	d.Notation = joinNotation(weapon, plusDice(d.D3, 3), signed(flat), bestial)
	roll, total, err := rollN(d.Notation, r)
	if err != nil {
		if _, ok := err.(*dice.Error); ok {
			return newError(ErrBadDamage, "Notation", o.Weapon.Damage)
		}
		return err
	}
	d.Roll = roll
	if hidden && (o.Kind == Melee || o.Talent == SteadyShot || s.slowSteady) {
		d.Multiplier = 2 // A16: hidden melee; Steady Shot while hidden
	}
	d.Total = max(total, 0) * d.Multiplier
	applied, err := def.TakeDamage(Damage{Amount: min(d.Total, MaxHPLimit), Type: d.Type, Location: res.Location}, r)
	if err != nil {
		return err
	}
	d.Applied = applied
	res.Damage = d

	if o.Talent == KillingBlow && res.Dice[0] == res.Dice[1] && !def.Dead() && !def.IsImmune(ImmuneInstantDeath) {
		def.HP = 0
		res.Slain = true
		applied.HPAfter, applied.Dead = 0, true
	}
	if o.Talent == ShieldBash {
		if applied.Final > 0 && !def.Dead() {
			res.Knockback = true
			st, err := rollAmount("1d3", r)
			if err != nil {
				return err
			}
			ch, err := def.AddState(Stunned, st.Total)
			if err != nil {
				return err
			}
			if ch.Added {
				res.Stunned = ch.Effect.Turns
			}
		}
	}
	if res.Critical && !o.Rules.NoCritEffect && !def.Dead() {
		ce, turns, err := CritEffectCheck(def, applied.Final, r)
		if err != nil {
			return err
		}
		res.CritEffect, res.Confused = ce, turns
	}
	return nil
}

// TwoHandedMod is the two-handed damage modifier max(ceil(1.5 × mod), 0)
// (A20, G-A1): +1 → +2, +2 → +3, +3 → +5, negative → 0.
func TwoHandedMod(mod int) int {
	if mod <= 0 {
		return 0
	}
	return (3*mod + 1) / 2
}

// OffHandMod is the untalented off-hand damage modifier min(2 × min(mod, 0), −1)
// (A20, G-A2): any mod ≥ 0 → −1, −1 → −2, −2 → −4.
func OffHandMod(mod int) int { return min(2*min(mod, 0), -1) }

// CritEffectCheck is the website-era crit effect check (A19.4): the victim
// rolls 2D6 + STA ≥ 7 + unresisted damage; on a failure it is confused for
// the margin (at least 1 turn). It is made even when all damage was resisted.
func CritEffectCheck(victim *Character, unresisted int, r dice.Roller) (*CheckResult, int, error) {
	mods := victim.checkMods(Sta)
	cfm, _ := victim.FumbleMod()
	csm, _ := victim.CritMod()
	ck := Check{Mods: mods, Difficulty: min(7+max(unresisted, 0), MaxDifficulty), FumbleMod: cfm, CritMod: csm}
	res, err := Roll(ck, r)
	if err != nil {
		return nil, 0, err
	}
	if res.Success {
		return res, 0, nil
	}
	turns := max(res.Difficulty-res.Total, 1)
	ch, err := victim.AddState(Confused, turns)
	if err != nil {
		return nil, 0, err
	}
	if !ch.Added {
		return res, 0, nil
	}
	return res, ch.Effect.Turns, nil
}

// checkMods are the modifiers of an ability check with attribute a: the
// attribute modifier and the hunger/thirst penalty.
func (c *Character) checkMods(a Attribute) []Mod {
	mods := []Mod{{a.Key(), c.Mod(a)}}
	if m, ok := c.HungerMod(); ok {
		mods = append(mods, m)
	}
	return mods
}
