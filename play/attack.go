package play

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

// Attack is /attack's input: who attacks whom, and each system's reading of the options.
type Attack struct {
	Character string // the attacker as typed; "" = the caller's active character
	As        string // an NPC of the channel's 5e encounter attacking (npcact.go; Attack5e.Weapon: its action)
	Target    string // a tracked target by name; "" = none (given AC or defences)
	Dnd5e     Reading[Attack5e]
	Rogue     Reading[AttackRT]
	CoC       Reading[AttackCoC]
}

// Attack5e is a D&D 5e attack: with a sheet attack (Weapon) or an ad-hoc roll (Bonus and Damage).
type Attack5e struct {
	Weapon string // a sheet attack's name; "" = an ad-hoc roll
	// Damage: with a weapon, extra damage notation; ad hoc, the damage (damage-type labels as ids).
	Damage string
	// Bonus: with a weapon, extra to-hit notation ("1d4"); ad hoc, the to-hit modifier ("+5", or notation).
	Bonus string
	AC    *int // the target's AC, given or overriding a tracked target's
	Mode  dnd5e.Mode
	// Distance to the target in feet; nil: from the grid when both are placed (a diagonal step counts 5 ft), else 5.
	Distance *int
	// Cover is the target's cover (+2/+5 AC; total cover refused).
	Cover dnd5e.Cover
	// Nonlethal: a melee hit that drops the target to 0 HP knocks it out (unconscious and stable).
	Nonlethal bool
	// Sneak: add the rogue's sneak attack when the attack qualifies (SneakAuto), always (SneakForce) or never.
	Sneak dnd5e.SneakChoice
	// Smite: divine smite with a slot of this level on the first melee weapon hit (0 = none).
	Smite int
	// Single: one attack roll, not the whole Attack action (an opportunity attack, a bonus-action attack).
	Single bool
	// Range makes an ad-hoc attack a ranged weapon attack with this normal/long range (issue 14, 5e 7): beyond
	// normal range or with a hostile within 5 ft it has disadvantage, beyond long range it is refused. An ad-hoc
	// attack named after an SRD ranged or thrown weapon (Weapon not on the sheet, Damage given: "longbow") takes
	// that weapon's range without it. With a sheet attack that is ranged, it replaces the weapon's range.
	Range *dnd5e.WeaponRange
	named string // an ad-hoc attack's name (weapon: not on the sheet, adHocNamed)
}

// AttackRT is a Rogue's Tale attack.
type AttackRT struct {
	WeaponName string       // the weapon's name as typed (for the reply)
	Weapon     rogue.Weapon // its size, damage, type, magic, slowness
	Kind       rogue.AttackKind
	Hand       rogue.Hand
	Talent     rogue.Talent
	Bonus      int
	Range      *int     // the distance for ranged and thrown attacks; nil = from the grid when both are placed
	Targets    []string // the extra targets of Multi Shot, Sweeping Blow and Blade Flurry, by name
	// Defences of an untracked defender (dodge:, block:, parry:); nil = not given.
	Dodge, Block, Parry *int
	AdHocName           string // the untracked defender's name in the reply's language
}

// AttackResult is what an attack did, in the attacker's system.
type AttackResult struct {
	System string
	Dnd5e  *Attack5eResult // an NPC's: its first attack
	Rogue  *AttackRTResult
	CoC    *AttackCoCResult
	NPC    *NPCAttack // an NPC's attack or multiattack (npcact.go)
}

// Attack5eResult is a D&D 5e attack: the Attack action with a sheet attack (one roll, or one per attack with
// Extra Attack), or an ad-hoc roll.
type Attack5eResult struct {
	Attacker *dnd5e.Character // nil: an ad-hoc roll without a character, or an NPC's (By)
	By       string           // the attacking NPC's name ("" for a character or a GM's ad-hoc roll)
	Roll     *dnd5e.AttackResult
	Steps    []AttackStep // every attack roll, in order (Steps[0].Roll is Roll)
	Target   *Hit         // a tracked target; nil when there is none
	// AllyAdjacent: an ally of the attacker stands within 5 ft of the target on the grid (sneak attack).
	AllyAdjacent bool
	// ShieldCan: the target, a character who can cast shield and has a slot, was hit by an attack that +5 AC
	// would turn into a miss (shield.go): the reply offers it the spell.
	ShieldCan bool
	// DodgeCan: the target, a rogue with uncanny dodge, took damage from the last attack: the reply offers it the
	// reaction (/feature use feature:uncanny_dodge).
	DodgeCan bool
}

// AttackStep is one attack roll of the command and what it did.
type AttackStep struct {
	Roll   *dnd5e.AttackResult
	Smite  *dnd5e.SmiteResult // divine smite added to this hit; nil when none
	Damage int                // dealt by this hit: its damage and the smite's, after the target's defences
	Change *dnd5e.HPChange    // what it did to a tracked target; nil when nothing was dealt
	// ConcSave is the tracked target's CON save to keep concentrating after this hit.
	ConcSave *dnd5e.ConcentrationResult
}

// Hit is what a command did to one tracked creature (5e).
type Hit struct {
	Name   string
	NPC    bool
	Vague  bool // an NPC, and the guild keeps NPC numbers to its GMs (HouseShowNPCStats off): replies show a state
	Fight  bool // a combatant of the channel's encounter, or a concentrating character: worded as in a fight
	Status Status
	Change *dnd5e.HPChange // what damage or healing did; nil when nothing was dealt
	// its concentration: the CON save it made, or the spell lost without one, and the conditions that ended
	ConcSave  *dnd5e.ConcentrationResult
	ConcEnded string
	Released  []Released
	Landed    []Landed          // the conditions a spell put on it
	Immune    []dnd5e.Condition // conditions that did not land: it is immune to them (npc.go)
	Repeated  []RepeatRoll      // the saves it repeated as its turn ended (repeat.go)
	// Effects are the effects the command put on it (a spell's, a feature's); EffectsEnded those that ended, on it
	// or — for a caster — on others with its concentration.
	Effects      []*dnd5e.EffectChange
	EffectsEnded []EffectEnded
	// What a spell did besides: stabilized it (spare the dying), brought it back (revivify), ended its conditions
	// (lesser restoration), gave it back hit points from the damage it dealt (vampiric touch).
	Stabilized *dnd5e.StabilizeResult
	Revived    *dnd5e.HPChange
	Cured      *dnd5e.CureResult
	Drained    *dnd5e.HPChange
	Healed     *dnd5e.HPChange // by a feature (lay on hands)
}

// hit is what the command did to cr.
func (s *scene) hit(cr *Creature, change *dnd5e.HPChange) *Hit {
	h := &Hit{Name: cr.Name(), NPC: cr.NPC(), Status: cr.status5e(), Change: change, ConcSave: cr.concSave,
		ConcEnded: cr.concEnded, Released: cr.released, Landed: cr.landed, Immune: cr.immune, Repeated: cr.repeated,
		Effects: cr.effectsAdded, EffectsEnded: cr.effectsEnded, Stabilized: cr.stabilized, Revived: cr.revived,
		Cured: cr.cured, Drained: cr.drained, Healed: cr.healed}
	h.Vague = h.NPC && !s.showNPCStats()
	return h
}

// Attack makes an attack. The attacker's system decides the rules: a Rogue's Tale character, or an NPC of the
// channel's Rogue's Tale encounter for a caller who runs it, attacks by Rogue's Tale; anyone else by D&D 5e (with a
// sheet attack, or an ad-hoc roll — without a character, for a GM or against no tracked target). A tracked target
// (an encounter's combatant or a character of the guild) takes the damage in the same transaction, with what
// follows for its concentration.
func (t *Table) Attack(ctx context.Context, c Caller, in Attack, r dice.Roller) (*AttackResult, error) {
	var out *AttackResult
	err := t.update(ctx, c, r, func(s *scene) error {
		if in.As != "" {
			res, err := s.npcAttack5e(&in)
			out = res
			return err
		}
		sys := s.actingSystem(in.Character)
		if npc, err := s.rogueNPCActor(in.Character); npc != nil || err != nil {
			sys = SystemRogue
		}
		if npc, err := s.cocNPCActor(in.Character); npc != nil || err != nil {
			sys = SystemCoC
		}
		res, err := rulesOf(sys).attack(s, &in)
		out = res
		return err
	})
	return out, err
}

type rules5e struct{}

func (rules5e) attack(s *scene, in *Attack) (*AttackResult, error) {
	if in.Dnd5e.Err != nil {
		return nil, in.Dnd5e.Err
	}
	a := in.Dnd5e.In
	g, err := s.settings()
	if err != nil {
		return nil, err
	}
	sheetWeapon := a.Weapon != "" && a.Damage == "" // weapon: with damage: may be an ad-hoc attack named so
	attacker, err := s.attacker5e(in.Character, sheetWeapon || in.Target != "", sheetWeapon)
	if err != nil {
		return nil, err
	}
	var c *dnd5e.Character
	if attacker != nil {
		c = attacker.d5
	}
	a = a.adHocNamed(c)
	if c != nil {
		if c.State == dnd5e.Dead {
			return nil, &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": c.Name}}
		}
		if c.HasCondition(dnd5e.Incapacitated) {
			return nil, fail("play.attack.err.incapacitated", "Name", c.Name)
		}
	}
	var tgt *Creature
	if in.Target != "" {
		if tgt, err = s.target5e(in.Target); err != nil {
			return nil, err
		}
		if tgt == nil {
			return nil, fail("play.attack.err.no_target", "Name", in.Target)
		}
		if err := s.mayHarm(attacker, tgt); err != nil {
			return nil, err
		}
	}
	e, err := s.here()
	if err != nil {
		return nil, err
	}
	fight := tgt != nil && (tgt.comb != nil || tgt.conc.Active())
	if attacker != nil {
		attacker.combatantOf(e, s.c.ChannelID) // where it stands (attackrange.go)
	}
	o := dnd5e.AttackOptions{Mode: a.Mode, Distance: distance5e(a.Distance, attacker, tgt), CritRule: dnd5e.CritRule(g.CritRule),
		Sneak: a.Sneak, Turn: turnKey(e), Cover: a.Cover, Nonlethal: a.Nonlethal}
	if attacker != nil && tgt != nil {
		if o.AllyAdjacent, err = s.allyAdjacent(e, attacker, tgt); err != nil {
			return nil, err
		}
	}
	if attacker != nil {
		if o.Threatened, err = s.threatened(e, attacker); err != nil {
			return nil, err
		}
	}
	out := &Attack5eResult{Attacker: c, AllyAdjacent: o.AllyAdjacent}
	if err := s.attackSteps(attacker, tgt, a, o, out); err != nil {
		return nil, err
	}
	out.Roll = out.Steps[0].Roll
	if tgt == nil {
		return &AttackResult{System: System5e, Dnd5e: out}, nil
	}
	var change *dnd5e.HPChange
	for _, st := range out.Steps {
		change = mergeChange(change, st.Change)
	}
	out.Target = s.hit(tgt, change)
	out.Target.Fight = fight
	last := out.Steps[len(out.Steps)-1]
	out.ShieldCan, out.DodgeCan = shieldWouldMiss(tgt, last.Roll), dodgeWouldHelp(tgt, last)
	return &AttackResult{System: System5e, Dnd5e: out}, nil
}

// attacker5e finds the attacking character: the named one or the caller's active one, owned by the caller unless
// the caller is a GM. Without any, an ad-hoc roll still works; a GM may also attack a tracked target with no
// character (a monster), anyone else needs one (need); a sheet attack (weapon) always does.
func (s *scene) attacker5e(name string, need, weapon bool) (*Creature, error) {
	ch, err := s.acting(name)
	if err != nil {
		if errors.Is(err, ErrNoActive) && (!need || s.c.GM) && !weapon {
			return nil, nil
		}
		return nil, err
	}
	if !s.canEdit(ch) {
		return nil, fail("char.err.not_owner", "Name", ch.Name)
	}
	cr := s.character(ch)
	return cr, cr.as5e()
}

// adHocToHit splits an ad-hoc attack's bonus into a flat modifier ("+5") or extra notation ("5+1d4").
func adHocToHit(bonus string) (int, string) {
	b := strings.TrimSpace(bonus)
	if n, err := strconv.Atoi(strings.TrimPrefix(b, "+")); err == nil {
		return n, ""
	}
	return 0, b
}
