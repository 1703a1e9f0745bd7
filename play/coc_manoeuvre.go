package play

import "rulekeeper/rules/coc"

// A fighting manoeuvre (coc digest §7.2): /attack manoeuvre:disarm|grapple|knock_down|other instead of a plain attack.
// The Builds are compared: one penalty die per point the initiator lacks, impossible at 3 or more. The initiator
// must reach a strictly better level than the defender's roll (a tie or both failing: it fails). It deals no damage;
// a knock-down puts a character target prone (an NPC's is reported).

// The manoeuvres.
var cocManoeuvres = []string{"disarm", "grapple", "knock_down", "other"}

// CocManoeuvres are the manoeuvre: choices.
func CocManoeuvres() []string { return append([]string(nil), cocManoeuvres...) }

// CoCManoeuvre is what a manoeuvre did.
type CoCManoeuvre struct {
	Kind          string `json:"kind"`
	AttackerBuild int    `json:"attacker_build"`
	TargetBuild   int    `json:"target_build"`
	Penalty       int    `json:"penalty"` // penalty dice from the Build gap
	Success       bool   `json:"success"`
	Prone         bool   `json:"prone,omitempty"` // a knock-down put the character target prone
}

// build is the creature's Build (an NPC's from its numbers).
func (cr *Creature) build() int {
	if cr.cc == nil {
		return cocNPC(cr.comb).Build
	}
	return cr.cc.Derived().Build
}

// cocDown reports a CoC target that cannot be manoeuvred against: a dead or unconscious investigator, or an NPC at
// 0 HP.
func (cr *Creature) cocDown() bool {
	if cr.cc == nil {
		return cr.comb != nil && cr.comb.Down()
	}
	return cr.cc.Has(coc.Dead) || cr.cc.Has(coc.Unconscious)
}

// manoeuvreMods are the Build gap's penalty dice of a manoeuvre by att on tgt; impossible at 3 or more.
func manoeuvreMods(kind string, att, tgt *Creature) (*CoCManoeuvre, []coc.Mod, error) {
	if tgt == nil {
		return nil, nil, fail("cthulhu.err.manoeuvre_target")
	}
	if tgt.cocDown() {
		return nil, nil, fail("cthulhu.err.manoeuvre_down", "Name", tgt.Name())
	}
	m := &CoCManoeuvre{Kind: kind, AttackerBuild: att.build(), TargetBuild: tgt.build()}
	mods, ok := coc.ManoeuvreMods(m.AttackerBuild, m.TargetBuild)
	if !ok {
		return nil, nil, fail("cthulhu.err.manoeuvre_impossible", "Name", tgt.Name(), "Gap", m.TargetBuild-m.AttackerBuild)
	}
	m.Penalty = len(mods)
	return m, mods, nil
}

// settleManoeuvre judges a rolled manoeuvre and records its effect (the attack checked mayHarm on its target).
func settleManoeuvre(m *CoCManoeuvre, res *coc.MeleeResult, tgt *Creature) error {
	m.Success = res.Attack.Success
	if res.Defend != nil {
		m.Success = coc.ManoeuvreSucceeds(res.Attack, res.Defend)
	}
	if m.Success && m.Kind == "knock_down" && tgt.cc != nil {
		if _, err := tgt.cc.AddCondition(coc.ActiveCondition{ID: coc.Prone}); err != nil {
			return err
		}
		tgt.dirty, m.Prone = true, true
	}
	return nil
}
