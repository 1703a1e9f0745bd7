package play

import (
	"encoding/json"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/encounter"
)

// /attack by a Call of Cthulhu attacker (coc digest §7). Decisions:
//   - The attacker is a CoC character (owner or GM), or an NPC of the channel's CoC encounter for a caller who runs
//     it (its Fighting value and damage, /init add defences:).
//   - A sheet weapon of a Fighting skill, or a throw, is met by the target's Dodge (default) or Fighting Back (the
//     target's first Fighting weapon, else Fighting (Brawl) unarmed; an NPC's Fighting); an unconscious target does
//     not defend. A firearm shoots at distance: feet, not opposed. No weapon: unarmed, Fighting (Brawl) 1D3 + DB.
//   - A hit rolls the weapon's damage with the attacker's damage bonus (an extreme hit: maximum, and an impaling
//     weapon's roll once more), less the target's armour. A character takes it on its sheet (a major wound rolls
//     CON to stay conscious, the guild's death rule decides death); an NPC loses encounter HP (a major wound is
//     reported). A Fight Back that wins deals the defender's normal damage to the attacker.
//   - Without a tracked target, defend: is the defender's value (no opposed roll without it).
//   - Outnumbered, surprise, cover and the other circumstances are the mods: option (one die each; coc.Mod).

// AttackCoC is a Call of Cthulhu attack.
type AttackCoC struct {
	Weapon   string      // a sheet weapon's name; "" = unarmed
	Defence  coc.Defence // a melee target's reaction; "" = dodge
	Defend   *int        // an untracked target's Dodge or Fighting value
	Distance *int        // feet, for a shot
	Bonus    int
	Penalty  int
	Mods     []coc.Mod
	// Manoeuvre is a fighting manoeuvre instead of a plain attack (coc_manoeuvre.go); "" = none.
	Manoeuvre string
}

// AttackCoCResult is what a Call of Cthulhu attack did.
type AttackCoCResult struct {
	Attacker  string
	Sheet     *coc.Character // the attacking character; nil for an NPC
	Weapon    coc.Weapon     // Name "" = unarmed
	Target    string         // a tracked target's name; "" when untracked
	Melee     *coc.MeleeResult
	MeleeOdds *coc.MeleeOdds
	Shot      *coc.ShotResult
	ShotOdds  *coc.Odds
	Damage    *coc.DamageResult // the attacker's hit; nil when it did not hit
	Hurt      *CoCHurt          // what the hit did to the tracked target
	Counter   *coc.DamageResult // a winning Fight Back: the defender's damage to the attacker
	Harmed    *CoCHurt          // what the Fight Back did to the attacker
	Manoeuvre *CoCManoeuvre     // a manoeuvre instead of a plain attack
}

// CoCHurt is what one hit did to a tracked creature: a character's wound on its sheet, or an NPC's encounter HP.
type CoCHurt struct {
	Name  string `json:"name"`
	NPC   bool   `json:"npc,omitempty"`
	Vague bool   `json:"vague,omitempty"` // an NPC, and the guild keeps NPC numbers to its GMs (HouseShowNPCStats): a state only
	// Wound is a character's; CONOdds the exact odds of its CON roll after a major wound.
	Wound      *coc.WoundResult    `json:"wound,omitempty"`
	CONOdds    *coc.Odds           `json:"con_odds,omitempty"`
	NPCHP      *encounter.HPChange `json:"npc_hp,omitempty"`
	MajorWound bool                `json:"major_wound,omitempty"` // an NPC: half its max HP or more in one hit
	State      encounter.State     `json:"state,omitempty"`
}

// CoCNPC are a Call of Cthulhu NPC's numbers, kept in its combatant's Stats as {"coc":{…}}.
type CoCNPC struct {
	Dodge    int    `json:"dodge,omitempty"`
	Fighting int    `json:"fighting,omitempty"`
	Damage   string `json:"damage,omitempty"` // its attack's damage, bonus included ("1d6+1d4"); "" = 1d3
	Armour   int    `json:"armour,omitempty"`
	// Firearms is its firearm skill (0: it has no gun), Gun its gun's damage ("" = 1d10), Range the gun's base
	// range in yards (0 = 15), DEX its DEX (point-blank range is DEX/5 feet).
	Firearms int    `json:"firearms,omitempty"`
	Gun      string `json:"gun,omitempty"`
	Range    int    `json:"range,omitempty"`
	DEX      int    `json:"dex,omitempty"`
	Build    int    `json:"build,omitempty"` // for manoeuvres
}

type cocNPCStats struct {
	CoC *CoCNPC `json:"coc"`
}

// cocNPC reads a CoC NPC's numbers from its combatant (zeros for none, or when absent or unreadable).
func cocNPC(c *encounter.Combatant) CoCNPC {
	var st cocNPCStats
	if c == nil || len(c.Stats) == 0 || json.Unmarshal(c.Stats, &st) != nil || st.CoC == nil {
		return CoCNPC{}
	}
	return *st.CoC
}

// weapon is the NPC's attack as a weapon named by its damage, the bonus already in it (1d3 when none is given).
func (n CoCNPC) weapon() coc.Weapon {
	d := strings.TrimSpace(n.Damage)
	if d == "" {
		d = "1d3"
	}
	return coc.Weapon{Name: d, Skill: coc.FightingBrawl, Damage: d, DB: coc.DBNone}
}

// NPC guns: the defaults of a gun given without damage or range (a .38 revolver's numbers).
const (
	npcGunDamage = "1d10"
	npcGunRange  = 15
)

// gun is the NPC's firearm (a handgun: bullets impale); ok is false when it has no firearm skill.
func (n CoCNPC) gun() (w coc.Weapon, ok bool) {
	if n.Firearms <= 0 {
		return coc.Weapon{}, false
	}
	d, rng := strings.TrimSpace(n.Gun), n.Range
	if d == "" {
		d = npcGunDamage
	}
	if rng <= 0 {
		rng = npcGunRange
	}
	return coc.Weapon{Name: d, Skill: "firearms_handgun", Damage: d, DB: coc.DBNone, Impale: true, Range: rng}, true
}

// unarmed is a character's bare hands: Fighting (Brawl), 1D3 + damage bonus.
var unarmed = coc.Weapon{Skill: coc.FightingBrawl, Damage: "1d3"}

// cocNPCNamed is the NPC of the channel's CoC encounter that name names exactly; nil when there is none.
func (s *scene) cocNPCNamed(name string) (*encounter.Encounter, *encounter.Combatant, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, nil, nil
	}
	e, err := s.here()
	if err != nil || e == nil || e.System != encounter.CoC {
		return nil, nil, err
	}
	comb, err := e.Find(name)
	if err != nil || comb.Kind != encounter.KindNPC {
		return nil, nil, nil
	}
	return e, comb, nil
}

// cocNPCActor is the acting NPC when character: names an NPC of the channel's CoC encounter and the caller runs
// it (it wins over a character of the same name); anyone else keeps their character of that name, and is refused
// as not the owner when there is none. nil when the actor is a character.
func (s *scene) cocNPCActor(name string) (*Creature, error) {
	e, comb, err := s.cocNPCNamed(name)
	if err != nil || comb == nil {
		return nil, err
	}
	if !e.MayControl(s.c.UserID, s.c.GM) {
		if _, err := s.acting(name); err == nil {
			return nil, nil
		}
		return nil, fail("char.err.not_owner", "Name", comb.Name)
	}
	return s.npc(e, s.c.ChannelID, comb), nil
}

// targetCoC finds a CoC target by name: an NPC of the channel's CoC encounter, else a character of the guild (the
// caller's own first; a character of another system is refused by name).
func (s *scene) targetCoC(name string) (*Creature, error) {
	if e, comb, err := s.cocNPCNamed(name); err != nil {
		return nil, err
	} else if comb != nil {
		return s.npc(e, s.c.ChannelID, comb), nil
	}
	ch, err := s.findCharacter(name)
	if err != nil {
		return nil, err
	}
	if ch == nil {
		return nil, fail("play.attack.err.no_target", "Name", name)
	}
	cr := s.character(ch)
	e, err := s.here()
	if err != nil {
		return nil, err
	}
	cr.combatantOf(e, s.c.ChannelID)
	return cr, cr.asCoC()
}

// cocAttacker is the attacking creature: a controlled NPC, else the acting CoC character (owner or GM).
func (s *scene) cocAttacker(name string) (*Creature, error) {
	if npc, err := s.cocNPCActor(name); npc != nil || err != nil {
		return npc, err
	}
	cr, err := s.editCoC(name)
	if err != nil {
		return nil, err
	}
	switch {
	case cr.cc.Has(coc.Dead):
		return nil, fail(coc.ErrIsDead, "Name", cr.cc.Name)
	case cr.cc.Has(coc.Unconscious):
		return nil, fail("cthulhu.err.unconscious", "Name", cr.cc.Name)
	}
	return cr, nil
}

func (rulesCoC) attack(s *scene, in *Attack) (*AttackResult, error) {
	if in.CoC.Err != nil {
		return nil, in.CoC.Err
	}
	a := in.CoC.In
	att, err := s.cocAttacker(in.Character)
	if err != nil {
		return nil, err
	}
	var tgt *Creature
	if strings.TrimSpace(in.Target) != "" {
		if tgt, err = s.targetCoC(in.Target); err != nil {
			return nil, err
		}
		if err := s.mayHarm(att, tgt); err != nil { // a Fight Back harms only the attacker, who chose the fight
			return nil, err
		}
	}
	out := &AttackCoCResult{Attacker: att.Name(), Sheet: att.cc}
	if tgt != nil {
		out.Target = tgt.Name()
	}
	if out.Weapon, err = att.cocWeapon(a.Weapon); err != nil {
		return nil, err
	}
	if gun, ok := cocNPC(att.comb).gun(); att.cc == nil && ok && a.Distance != nil {
		out.Weapon = gun // an NPC with a firearm shoots when a distance is given
	}
	if out.Weapon.Skill.Group() == coc.GroupFirearms {
		err = s.cocShoot(att, tgt, a, out)
	} else {
		err = s.cocMelee(att, tgt, a, out)
	}
	if err != nil {
		return nil, err
	}
	return &AttackResult{System: SystemCoC, CoC: out}, nil
}

// cocWeapon is the weapon an attacker uses: a sheet weapon by name, unarmed, or an NPC's attack.
func (cr *Creature) cocWeapon(name string) (coc.Weapon, error) {
	if cr.cc == nil {
		if strings.TrimSpace(name) != "" {
			return coc.Weapon{}, fail("cthulhu.err.npc_weapon", "Name", cr.Name())
		}
		return cocNPC(cr.comb).weapon(), nil
	}
	if strings.TrimSpace(name) == "" {
		return unarmed, nil
	}
	return cr.cc.FindWeapon(name)
}

// cocInput is a creature's roll with a skill (a character's value) or, for an NPC, the given value.
func (cr *Creature) cocInput(skill coc.Skill, npcValue int, a AttackCoC) (coc.CheckInput, error) {
	if cr.cc == nil {
		return coc.CheckInput{Value: npcValue, Bonus: a.Bonus, Penalty: a.Penalty, Mods: a.Mods, Combat: true}, nil
	}
	return cr.cc.Input(coc.CheckOptions{Subject: coc.SkillSubject(skill), Bonus: a.Bonus, Penalty: a.Penalty,
		Mods: a.Mods, Combat: true})
}

// cocDefence is a target's roll against a melee attack: its Dodge, or its Fighting Back weapon's skill.
func (cr *Creature) cocDefence(d coc.Defence) (coc.CheckInput, error) {
	if cr.cc == nil {
		n := cocNPC(cr.comb)
		v := n.Dodge
		if d == coc.DefenceFightBack {
			v = n.Fighting
		}
		return coc.CheckInput{Value: v, Combat: true}, nil
	}
	skill := coc.Dodge
	if d == coc.DefenceFightBack {
		skill = cr.fightBackWeapon().Skill
	}
	return cr.cc.Input(coc.CheckOptions{Subject: coc.SkillSubject(skill), Combat: true})
}

// fightBackWeapon is what a character fights back with: its first Fighting weapon, else its bare hands.
func (cr *Creature) fightBackWeapon() coc.Weapon {
	for _, w := range cr.cc.Weapons {
		if w.Skill.Group() == coc.GroupFighting {
			return w
		}
	}
	return unarmed
}

// damageBonus is the creature's damage bonus (an NPC's damage already holds its own).
func (cr *Creature) damageBonus() coc.DamageBonus {
	if cr.cc == nil {
		return coc.DamageBonus{}
	}
	return cr.cc.Derived().DB
}

// armour is the creature's armour (a sheet's, or an NPC's).
func (cr *Creature) armour() int {
	if cr.cc == nil {
		return min(max(cocNPC(cr.comb).Armour, 0), coc.MaxArmour)
	}
	return cr.cc.Armour
}

// cocMelee resolves a Fighting attack or a throw against the target's defence, and its damage.
func (s *scene) cocMelee(att, tgt *Creature, a AttackCoC, out *AttackCoCResult) error {
	attack, err := att.cocInput(out.Weapon.Skill, cocNPC(att.comb).Fighting, a)
	if err != nil {
		return err
	}
	if a.Manoeuvre != "" {
		var mods []coc.Mod
		if out.Manoeuvre, mods, err = manoeuvreMods(a.Manoeuvre, att, tgt); err != nil {
			return err
		}
		attack.Mods = append(attack.Mods, mods...)
	}
	in := coc.MeleeInput{Attack: attack, Defence: a.Defence}
	if in.Defence == "" {
		in.Defence = coc.DefenceDodge
	}
	if in.Defence == coc.DefenceFightBack && out.Weapon.Skill == coc.Throw {
		return fail("cthulhu.err.throw_fight_back")
	}
	switch {
	case tgt != nil && tgt.cc != nil && (tgt.cc.Has(coc.Unconscious) || tgt.cc.Has(coc.Dead)):
		in.Defence = coc.DefenceNone
	case tgt != nil && in.Defence != coc.DefenceNone:
		if in.Defend, err = tgt.cocDefence(in.Defence); err != nil {
			return err
		}
	case tgt == nil && a.Defend != nil && in.Defence != coc.DefenceNone:
		in.Defend = coc.CheckInput{Value: *a.Defend, Combat: true}
	case tgt == nil:
		in.Defence = coc.DefenceNone
	}
	if out.Melee, err = coc.Melee(s.r, in); err != nil {
		return err
	}
	out.MeleeOdds = coc.MeleeOddsOf(in)
	att.markCoC(out.Melee.Attack)
	if tgt != nil {
		tgt.markCoC(out.Melee.Defend)
	}
	if out.Manoeuvre != nil {
		if err := settleManoeuvre(out.Manoeuvre, out.Melee, tgt); err != nil { // a manoeuvre deals no damage
			return err
		}
		if out.Melee.Outcome == coc.MeleeCounter { // but a defender who fights back better still hits (§7.2)
			return s.cocCounter(att, tgt, out)
		}
		return nil
	}
	switch out.Melee.Outcome {
	case coc.MeleeHit:
		out.Damage, out.Hurt, err = s.cocHit(att, tgt, out.Weapon, out.Melee.Extreme)
	case coc.MeleeCounter:
		err = s.cocCounter(att, tgt, out)
	}
	return err
}

// cocCounter is a Fight Back that won: the defender's damage to the attacker.
func (s *scene) cocCounter(att, tgt *Creature, out *AttackCoCResult) error {
	if tgt == nil {
		return nil // an untracked defender: the reply says it wins; its damage is the Keeper's
	}
	w := cocNPC(tgt.comb).weapon()
	if tgt.cc != nil {
		w = tgt.fightBackWeapon()
	}
	var err error
	out.Counter, out.Harmed, err = s.cocHit(tgt, att, w, false)
	return err
}

// cocShoot resolves a shot at distance (not opposed), and its damage.
func (s *scene) cocShoot(att, tgt *Creature, a AttackCoC, out *AttackCoCResult) error {
	if a.Distance == nil {
		return fail("cthulhu.err.need_distance", "Weapon", out.Weapon.Name)
	}
	v, dex := cocNPC(att.comb).Firearms, cocNPC(att.comb).DEX
	if att.cc != nil {
		var err error
		if v, err = att.cc.SkillValue(out.Weapon.Skill, ""); err != nil {
			return err
		}
		dex = att.cc.Scores.DEX
	}
	in := coc.ShotInput{Value: v, DEX: dex, Weapon: out.Weapon, Distance: *a.Distance, Mods: a.Mods,
		Bonus: a.Bonus, Penalty: a.Penalty}
	var err error
	if out.Shot, err = coc.Shoot(s.r, in); err != nil {
		return err
	}
	out.ShotOdds = coc.ShotOdds(in)
	att.markCoC(out.Shot.Check)
	if out.Shot.Hit {
		out.Damage, out.Hurt, err = s.cocHit(att, tgt, out.Weapon, out.Shot.Extreme)
	}
	return err
}

// markCoC gives a character's skill its development mark for a successful combat roll.
func (cr *Creature) markCoC(res *coc.CheckResult) {
	if cr.cc != nil && res != nil && res.Mark {
		cr.cc.ApplyMarks(res)
		cr.dirty = true
	}
}

// cocHit rolls from's damage with weapon w against to (nil: untracked, no armour) and applies it.
// The attack checked the harm to its target (mayHarm); a Fight Back harms the attacker, who chose the fight.
func (s *scene) cocHit(from, to *Creature, w coc.Weapon, extreme bool) (*coc.DamageResult, *CoCHurt, error) {
	if w.Name == "" {
		w.Name = string(coc.FightingBrawl) // bare hands: the rules want a name to check
	}
	in := coc.DamageInput{Weapon: w, DB: from.damageBonus(), Extreme: extreme}
	if to != nil {
		in.Armour = to.armour()
	}
	dmg, err := coc.RollDamage(s.r, in)
	if err != nil || to == nil {
		return dmg, nil, err
	}
	h, err := s.hurtCoC(to, dmg.Total)
	return dmg, h, err
}

// hurtCoC applies one hit's damage (after armour) to a tracked creature.
func (s *scene) hurtCoC(cr *Creature, amount int) (*CoCHurt, error) {
	h := &CoCHurt{Name: cr.Name(), NPC: cr.NPC()}
	if cr.cc != nil {
		rule, err := s.cocDeath()
		if err != nil {
			return nil, err
		}
		if h.Wound, err = cr.cc.TakeDamage(s.r, min(amount, coc.MaxPool), rule); err != nil {
			return nil, err
		}
		if h.Wound.CON != nil {
			h.CONOdds = h.Wound.CON.Odds()
		}
		cr.dirty = true
		return h, nil
	}
	ch, err := cr.enc.ApplyDamage(cr.comb.ID, min(amount, encounter.MaxHP))
	if err != nil {
		return nil, err
	}
	s.changed(cr.channel)
	h.NPCHP, h.State, h.Vague = ch, cr.comb.State(), !s.showNPCStats()
	h.MajorWound = amount > 0 && 2*ch.Applied >= ch.MaxHP
	return h, nil
}
