package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// Rogue's Tale encounters (digest A12, A15, A17): the NPCs of an RT encounter are /attack and /cast targets. Each
// carries a minimal RT defender in its encounter Stats (rogueNPCStats), built by /init add from defences: (dodge,
// block, parry and level). The encounter is the authority for the NPC's HP and for the defences it used this
// turn (Combatant.Used, reset by the encounter when its turn begins); the stored defender keeps everything else
// (lingering effects from crits and spells). /init next also gives a beginning RT character its sheet's defences
// back; the rest of a character's per-turn upkeep (regeneration, hunger, lingering effects) stays with /rt turn,
// which needs the action taken.

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

// rtCritDirections are the choices of /settings rt_crit_direction (rules/rogue's CritDirection values).
var rtCritDirections = []string{string(rogue.CritAttacker), string(rogue.CritDefender), string(rogue.CritMagicOnly)}

// rtOnOff are the choices of /settings rt_crit_effect.
var rtOnOff = []string{"on", "off"}
