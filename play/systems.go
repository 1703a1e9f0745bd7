package play

import (
	"strings"

	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// The commands both rule systems answer (/attack, /check, /hp, /cast) are decided inside their transaction by the
// acting character's system: each system answers through its own implementation of rules, found in systems by id.
// A new system adds an implementation and an entry; commands it does not answer refuse with a clear error.

// rules is one rule system's part of the shared commands.
type rules interface {
	attack(s *scene, in *Attack) (*AttackResult, error)
	hp(s *scene, in *HP) (*HPResult, error)
	check(s *scene, in *Check) (*CheckResult, error)
	cast(s *scene, in *Cast) (*CastResult, error)
}

var systems = map[string]rules{
	System5e:    rules5e{},
	SystemRogue: rulesRogue{},
	SystemCoC:   rulesCoC{},
}

// rulesOf is the rules of a system id; D&D 5e for anything else (its commands then refuse the sheet by name).
func rulesOf(system string) rules {
	if r, ok := systems[system]; ok {
		return r
	}
	return systems[System5e]
}

// Reading is a rule system's reading of a command's options: In, or Err when they do not fit the system (an
// option only another system reads) or do not parse. bot reads the options once for each system; the command uses
// the reading of the system it decides on, inside its transaction.
type Reading[T any] struct {
	In  T
	Err error
}

// actingSystem is the system of the acting character (named, else the caller's active one): "" when there is
// none or it cannot be read — the command then answers as D&D 5e, whose reading says what is wrong.
func (s *scene) actingSystem(name string) string {
	ch, err := s.acting(name)
	if err != nil {
		return ""
	}
	return ch.System
}

// Guild house-rule keys of Rogue's Tale (Settings.House), and their defaults.
const (
	HouseRTCritDirection = "rt_crit_direction" // a rogue.CritDirection; default rogue.CritAttacker
	HouseRTCritEffect    = "rt_crit_effect"    // "on" (default) or "off"
)

// showNPCStats reports whether the guild shows NPC numbers in public replies (HouseShowNPCStats).
func (s *scene) showNPCStats() bool {
	g, err := s.settings()
	return err == nil && g.House[HouseShowNPCStats] == "on"
}

// rogueRules are the guild's Rogue's Tale rule choices (G-A12), for every RT attack and cast.
func (s *scene) rogueRules() (rogue.Rules, error) {
	g, err := s.settings()
	if err != nil {
		return rogue.Rules{}, err
	}
	var r rogue.Rules
	if d, err := rogue.ParseCritDirection(g.House[HouseRTCritDirection]); err == nil {
		r.CritDirection = d
	}
	r.NoCritEffect = g.House[HouseRTCritEffect] == "off"
	return r, nil
}

// rogueNPCNamed is the NPC of the channel's Rogue's Tale encounter that name names exactly (by name or id, as
// /init does); nil when there is none.
func (s *scene) rogueNPCNamed(name string) (*encounter.Encounter, *encounter.Combatant, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, nil, nil
	}
	e, err := s.here()
	if err != nil || e == nil || e.System != encounter.Rogue {
		return nil, nil, err
	}
	comb, err := e.Find(name)
	if err != nil || comb.Kind != encounter.KindNPC {
		return nil, nil, nil
	}
	return e, comb, nil
}

// rogueNPCActor is the acting creature when character: names an NPC of the channel's Rogue's Tale encounter and
// the caller controls the encounter (GM role, Manage Server or its starter): then the NPC's stored defender acts,
// and wins over a character of the same name. Anyone else keeps their character of that name, and is refused as
// not the owner when there is none. nil when the actor is a character.
func (s *scene) rogueNPCActor(name string) (*Creature, error) {
	e, comb, err := s.rogueNPCNamed(name)
	if err != nil || comb == nil {
		return nil, err
	}
	if !e.MayControl(s.c.UserID, s.c.GM) {
		if _, err := s.acting(name); err == nil {
			return nil, nil
		}
		return nil, fail("char.err.not_owner", "Name", comb.Name)
	}
	cr := s.npc(e, s.c.ChannelID, comb)
	return cr, cr.rogueView()
}

// targetRogue finds a Rogue's Tale target by name: an NPC of the channel's Rogue's Tale encounter, else a
// character of the guild (the caller's own first; a character of another system is refused by name).
func (s *scene) targetRogue(name string) (*Creature, error) {
	if e, comb, err := s.rogueNPCNamed(name); err != nil {
		return nil, err
	} else if comb != nil {
		cr := s.npc(e, s.c.ChannelID, comb)
		return cr, cr.rogueView()
	}
	ch, err := s.findCharacter(name)
	if err != nil {
		return nil, err
	}
	if ch == nil {
		return nil, fail("rt.err.no_target", "Name", name)
	}
	return s.rogueCharacter(ch)
}

// rogueCharacter is the creature of a Rogue's Tale character (rt.err.not_rogue for another system).
func (s *scene) rogueCharacter(ch *store.Character) (*Creature, error) {
	cr := s.character(ch)
	return cr, cr.asRogue()
}
