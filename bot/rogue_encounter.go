package bot

import (
	"encoding/json"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Rogue's Tale encounters (digest A12, A15, A17): the NPCs of an RT encounter are /attack and /cast targets. Each
// carries a minimal RT defender in its encounter Stats (rogueNPCStats), built by /init add from defences: (dodge,
// block, parry and level). The encounter is the authority for the NPC's HP and for the defences it used this
// turn (Combatant.Used, reset by the encounter when its turn begins); the stored defender keeps everything else
// (lingering effects from crits and spells). /init next also gives a beginning RT character its sheet's defences
// back; the rest of a character's per-turn upkeep (regeneration, hunger, lingering effects) stays with /rt turn,
// which needs the action taken.

// rogueNPCStats is the Stats payload of an RT encounter's NPC.
type rogueNPCStats struct {
	RT *rogue.Character `json:"rt"`
}

// parseRogueNPCSpec reads the compact defences string (keys dodge, block, parry, level; "=" works as ":").
func parseRogueNPCSpec(s string) (play.RogueDefences, error) {
	sp := play.RogueDefences{Level: 1}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '，' || r == ';' }) {
		k, v, ok := strings.Cut(strings.ReplaceAll(part, "=", ":"), ":")
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
		if !ok || err != nil {
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
		lo, hi := 0, rogue.MaxCap
		if strings.EqualFold(strings.TrimSpace(k), "level") {
			lo, hi = 1, rogue.MaxLevel
		}
		if n < lo || n > hi {
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "dodge":
			sp.Dodge = n
		case "block":
			sp.Block, sp.HasBlock = n, true
		case "parry":
			sp.Parry, sp.HasParry = n, true
		case "level":
			sp.Level = n
		default:
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
	}
	return sp, nil
}

// rogueNPC reads an RT NPC's defender from its Stats (a defenceless level-1 one when it has none), with the
// encounter's HP and used defences.
func rogueNPC(c *encounter.Combatant) (*rogue.Character, error) {
	var st rogueNPCStats
	if len(c.Stats) > 0 {
		if err := json.Unmarshal(c.Stats, &st); err != nil {
			return nil, err
		}
	}
	d := st.RT
	if d == nil {
		var err error
		if d, err = play.NewRogueNPC(c.Name, c.MaxHP, play.RogueDefences{Level: 1}); err != nil {
			return nil, err
		}
	} else {
		data, err := json.Marshal(d)
		if err != nil {
			return nil, err
		}
		if d, err = rogue.Decode(data); err != nil {
			return nil, err
		}
	}
	d.Name = c.Name
	d.HP = min(c.HP, d.MaxHP)
	d.Used = rogue.DefenceUse(c.Used)
	return d, nil
}

// rogueEncounterTarget is an NPC of the channel's RT encounter.
type rogueEncounterTarget struct {
	e    *encounter.Encounter
	comb *encounter.Combatant
	c    *rogue.Character
	hp   int // the encounter's HP before
	req  *Request
}

func (t *rogueEncounterTarget) name() string               { return t.comb.Name }
func (t *rogueEncounterTarget) creature() *rogue.Character { return t.c }

// save writes the NPC's HP, used defences and defender back into the encounter and saves it.
func (t *rogueEncounterTarget) save(tx store.Tx) error {
	if hp := max(t.c.HP, 0); hp != t.hp {
		if _, err := t.e.SetHP(t.comb.ID, min(hp, t.comb.MaxHP), 0); err != nil {
			return err
		}
	}
	was := t.comb.Used
	for _, u := range []struct {
		d         encounter.Defence
		now, then bool
	}{
		{encounter.DefenceDodge, t.c.Used.Dodge, was.Dodge},
		{encounter.DefenceBlock, t.c.Used.Block, was.Block},
		{encounter.DefenceParry, t.c.Used.Parry, was.Parry},
	} {
		if u.now && !u.then {
			if _, err := t.e.UseDefence(t.comb.ID, u.d); err != nil {
				return err
			}
		}
	}
	keep := t.c.Clone()
	keep.Used = rogue.DefenceUse{} // the encounter keeps the turn's use
	stats, err := json.Marshal(rogueNPCStats{RT: keep})
	if err != nil {
		return err
	}
	if _, err := t.e.SetStats(t.comb.ID, stats); err != nil {
		return err
	}
	return saveEncounter(tx, t.req.ChannelID, t.e)
}

// resolveRogueEncounterTarget finds an NPC of the channel's RT encounter by name or id; characters (and anything
// else) are left to the next resolver.
func resolveRogueEncounterTarget(tx store.Tx, req *Request, name string, _ *store.Character, _ *rogue.Character) (rogueTarget, error) {
	e, err := loadEncounter(tx, req.ChannelID)
	if err != nil || e == nil || e.System != encounter.Rogue {
		return nil, err
	}
	comb, err := e.Find(name)
	if err != nil || comb.Kind != encounter.KindNPC {
		return nil, nil
	}
	c, err := rogueNPC(comb)
	if err != nil {
		return nil, err
	}
	return &rogueEncounterTarget{e: e, comb: comb, c: c, hp: comb.HP, req: req}, nil
}

// --- an NPC as the attacker ---
//
// Decision: in a Rogue's Tale encounter, `/attack character:` may name one of the channel's NPCs (exactly, by name
// or id, as /init does) when the caller controls the encounter (GM role, Manage Server or its starter): the NPC's
// stored defender attacks, and its state (HP, used defences, lingering effects) is written back with the target in
// the same transaction. For a controller the NPC wins over a character of the same name; anyone else keeps their
// character of that name, and is refused as not the owner when there is none.

// rogueNPCNamed is the NPC of the channel's Rogue's Tale encounter that the character: option names; nil when
// there is none.
func rogueNPCNamed(tx store.Tx, req *Request) (*encounter.Encounter, *encounter.Combatant, error) {
	name := strings.TrimSpace(req.Str("character"))
	if name == "" {
		return nil, nil, nil
	}
	e, err := loadEncounter(tx, req.ChannelID)
	if err != nil || e == nil || e.System != encounter.Rogue {
		return nil, nil, err
	}
	comb, err := e.Find(name)
	if err != nil || comb.Kind != encounter.KindNPC {
		return nil, nil, nil
	}
	return e, comb, nil
}

// findRogueNPCAttacker is the /attack attacker when character: names an NPC of the channel's RT encounter (see the
// decision above); nil when the attacker is a character (findRogueActor's).
func findRogueNPCAttacker(tx store.Tx, req *Request) (*rogueEncounterTarget, error) {
	e, comb, err := rogueNPCNamed(tx, req)
	if err != nil || comb == nil {
		return nil, err
	}
	if !e.MayControl(req.UserID, req.GM) {
		if _, err := findCharacter(tx, req); err == nil {
			return nil, nil
		}
		return nil, Errorf("char.err.not_owner", "Name", comb.Name)
	}
	c, err := rogueNPC(comb)
	if err != nil {
		return nil, err
	}
	return &rogueEncounterTarget{e: e, comb: comb, c: c, hp: comb.HP, req: req}, nil
}

// attackingSystem is /attack's acting system: Rogue's Tale when character: names an NPC of the channel's RT
// encounter that attacks (or is refused there), else actingSystem's.
func (b *Bot) attackingSystem(req *Request) string {
	if req.GuildID == "" || b.cfg.Store == nil {
		return ""
	}
	npc := false
	_ = b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		t, err := findRogueNPCAttacker(tx, req)
		npc = t != nil || err != nil
		return nil
	})
	if npc {
		return systemRogue
	}
	return b.actingSystem(req)
}

// share makes a target of the NPC attacker's encounter use the attacker's copy of it, so that both changes are
// saved together; the attacker itself is the same target.
func (t *rogueEncounterTarget) share(tgt rogueTarget) rogueTarget {
	o, ok := tgt.(*rogueEncounterTarget)
	if !ok {
		return tgt
	}
	if o.comb.ID == t.comb.ID {
		return t
	}
	for _, comb := range t.e.Combatants {
		if comb.ID == o.comb.ID {
			o.e, o.comb = t.e, comb
		}
	}
	return o
}

// resetRogueSheetDefences gives a beginning RT character its sheet's defences back (A17: once per turn each).
func resetRogueSheetDefences(tx store.Tx, c *encounter.Combatant) (bool, error) {
	if c == nil || c.Kind != encounter.KindCharacter {
		return false, nil
	}
	ch, err := tx.Character(c.CharacterID)
	if err != nil {
		if errorsIsNotFound(err) {
			return false, nil
		}
		return false, err
	}
	if ch.System != systemRogue {
		return false, nil
	}
	rc, err := decodeRogue(ch)
	if err != nil {
		return false, err
	}
	if rc.Used == (rogue.DefenceUse{}) {
		return false, nil
	}
	rc.Used = rogue.DefenceUse{}
	return true, saveRogue(tx, ch, rc)
}

// Guild house-rule keys of Rogue's Tale (store.Guild.House).
const (
	houseRTCritDirection = "rt_crit_direction"
	houseRTCritEffect    = "rt_crit_effect"
)

// rtCritDirections are the choices of /settings rt_crit_direction (rules/rogue's CritDirection values).
var rtCritDirections = []string{string(rogue.CritAttacker), string(rogue.CritDefender), string(rogue.CritMagicOnly)}

// rtOnOff are the choices of /settings rt_crit_effect.
var rtOnOff = []string{"on", "off"}

// rogueRules are the guild's Rogue's Tale rule choices (G-A12), passed to every RT attack and cast.
func rogueRules(req *Request) rogue.Rules {
	var r rogue.Rules
	if d, err := rogue.ParseCritDirection(req.Guild.House[houseRTCritDirection]); err == nil {
		r.CritDirection = d
	}
	r.NoCritEffect = req.Guild.House[houseRTCritEffect] == "off"
	return r
}
