package dnd5e

import (
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/dice"
)

// FeatureOptions are the choices of a feature's use.
type FeatureOptions struct {
	// Amount: points or hit points spent from a pool (ki, sorcery points, lay
	// on hands); 0 means 1.
	Amount int
	// Target names the creature an effect is for (bardic inspiration, cutting words).
	Target string
	// Slots are the spell slot levels arcane recovery or natural recovery regains.
	Slots []int
}

// FeatureUse reports a use of a feature.
type FeatureUse struct {
	Feature  string          `json:"feature"`
	Resource *ResourceChange `json:"resource,omitempty"` // what it spent; nil when it spends nothing (reckless attack)
	// Effect it made: on the character itself (rage, reckless attack, sacred
	// weapon: already added, see Added), or for OnTarget's creature (bardic
	// inspiration, cutting words: the caller adds it).
	Effect   *ActiveEffect `json:"effect,omitempty"`
	OnTarget bool          `json:"on_target,omitempty"`
	Added    *EffectChange `json:"added,omitempty"`
	Roll     *dice.Result  `json:"roll,omitempty"` // second wind's 1d10 + level
	HP       *HPChange     `json:"hp,omitempty"`   // the character's own healing (second wind, wholeness of body)
	// Heal: hit points for the caller to give (lay on hands: to its target;
	// preserve life: a pool to share among creatures within 30 ft, each up to
	// half its hit point maximum).
	Heal int `json:"heal,omitempty"`
	// Slots: spell slot levels regained (arcane recovery, natural recovery).
	Slots []int `json:"slots,omitempty"`
}

// UseFeature uses a feature the character has by its class, subclass and
// level: it spends the resource (ErrNoUsesLeft, ErrNotEnoughPool when it is
// gone) and does what the feature does:
//   - rage: an effect on the character for a minute: + RageDamage to melee
//     weapon attacks with STR, resistance to bludgeoning, piercing and
//     slashing, advantage on STR checks and saves;
//   - reckless_attack (no resource): advantage on melee weapon attacks with
//     STR, and attacks against it have advantage, until its next turn;
//   - bardic_inspiration, cutting_words: an effect for o.Target (one roll:
//   - or − the bardic inspiration die on an attack, a check or a save);
//   - sacred_weapon, preserve_life: a channel divinity use: + CHA modifier to
//     weapon attacks for a minute; a pool of 5 × level hit points to share;
//   - second_wind: regains 1d10 + fighter level hit points; wholeness_of_body: 3 × monk level;
//   - lay_on_hands: o.Amount hit points from the pool, for the caller to give;
//   - ki, sorcery_points: o.Amount points; arcane_recovery, natural_recovery:
//     regains the o.Slots spell slots (RecoverSlots);
//   - channel_divinity, wild_shape, action_surge, indomitable, stroke_of_luck,
//     divine_sense, cleansing_touch, mystic_arcanum_6..9: spend one use.
//
// Passive features are refused (ErrPassiveFeature); divine smite is DivineSmite.
func (c *Character) UseFeature(id string, r dice.Roller, o FeatureOptions) (*FeatureUse, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if _, err := ParseFeature(id); err != nil {
		return nil, err
	}
	if !c.HasFeature(id) {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", id)
	}
	use := &FeatureUse{Feature: id}
	spend := func(res string, n int) error {
		ch, err := c.SpendResource(res, n)
		use.Resource = ch
		return err
	}
	amount := max(1, o.Amount)
	var self *ActiveEffect
	switch id {
	case "rage":
		e := rageOf(c.Level)
		self = &e
		if err := spend(id, 1); err != nil {
			return nil, err
		}
	case "reckless_attack":
		e := NewEffect(EffectSource{Kind: SourceFeature, ID: id}, Duration{Kind: UntilTurnStart},
			adv(ScopeAttack).on(MeleeWeapon).of(Str), adv(ScopeAttacked))
		self = &e
	case "bardic_inspiration", "cutting_words":
		return c.inspire(id, o, use)
	case "sacred_weapon":
		if err := spend("channel_divinity", 1); err != nil {
			return nil, err
		}
		e := NewEffect(EffectSource{Kind: SourceFeature, ID: id}, Minutes(1), flat(ScopeAttack, max(1, c.Mod(Cha))).on(WeaponAttack))
		self = &e
	case "preserve_life":
		if err := spend("channel_divinity", 1); err != nil {
			return nil, err
		}
		use.Heal = 5 * c.Level
	case "second_wind":
		if err := spend(id, 1); err != nil {
			return nil, err
		}
		roll, err := dice.Roll("1d10"+signed(c.Level), r)
		if err != nil {
			return nil, err
		}
		use.Roll = roll
		use.HP, _ = c.Heal(max(0, roll.Total))
	case "wholeness_of_body":
		if err := spend(id, 1); err != nil {
			return nil, err
		}
		use.HP, _ = c.Heal(3 * c.Level)
	case "lay_on_hands", "ki", "sorcery_points":
		if err := spend(id, amount); err != nil {
			return nil, err
		}
		if id == "lay_on_hands" {
			use.Heal = amount
		}
	case "arcane_recovery", "natural_recovery":
		return c.RecoverSlots(id, o.Slots)
	default:
		if _, ok := ruleOf(id); !ok {
			return nil, newError(ErrPassiveFeature, "Feature", id)
		}
		if err := spend(id, 1); err != nil {
			return nil, err
		}
	}
	if self != nil {
		added, err := c.AddEffect(*self)
		if err != nil {
			return nil, err
		}
		use.Effect, use.Added = &added.Effect, added
	}
	return use, nil
}

// rageOf is a barbarian's rage at a level.
func rageOf(level int) ActiveEffect {
	mods := append([]Mod{{Kind: ModDamage, Value: RageDamage(level), Attack: MeleeWeapon, Ability: Str}},
		defences(ModResist, "bludgeoning", "piercing", "slashing")...)
	mods = append(mods, adv(ScopeCheck).of(Str), adv(ScopeSave).of(Str))
	return NewEffect(EffectSource{Kind: SourceFeature, ID: "rage"}, Minutes(1), mods...)
}

// inspire spends a bardic inspiration use for an effect on o.Target: its die
// on its next attack roll, check or save (cutting words: minus the die on
// the target's next attack roll or check, this round).
func (c *Character) inspire(id string, o FeatureOptions, use *FeatureUse) (*FeatureUse, error) {
	if err := validName(o.Target); err != nil {
		return nil, err
	}
	ch, err := c.SpendResource("bardic_inspiration", 1)
	if err != nil {
		return nil, err
	}
	use.Resource = ch
	die := itoaDice(1, BardicInspirationDie(c.Level))
	var e ActiveEffect
	if id == "cutting_words" {
		e = NewEffect(EffectSource{Kind: SourceFeature, ID: id}, Rounds(1), bonus(ScopeAttack, "-"+die), bonus(ScopeCheck, "-"+die))
	} else {
		e = NewEffect(EffectSource{Kind: SourceFeature, ID: id}, Minutes(10),
			bonus(ScopeAttack, die), bonus(ScopeCheck, die), bonus(ScopeSave, die))
	}
	e.Uses = 1
	use.Effect, use.OnTarget = &e, true
	return use, nil
}

// validName checks a creature name: 1–64 runes.
func validName(name string) error {
	if n := utf8.RuneCountInString(name); n > MaxNameLen || strings.TrimSpace(name) == "" {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	return nil
}
