package bot

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// The conditions spells impose (issue #5), the conditions a concentration holds, and tracked NPCs' saves and damage
// defences.
//
// Decisions:
//   - /cast applies what dnd5e.Cast reports on each target (CastTarget.Conditions: it failed its save, was hit, or was
//     affected) in the cast's transaction: a character's go on its sheet with the spell's rounds (counted down at the
//     end of its own turns by /init next), an NPC's on the encounter, counted at the end of the caster's turns when the
//     caster is in the encounter (a spell's duration runs from its casting), else at the end of its own. A target the
//     spell's damage killed gets none. Unconscious on an NPC also lays it prone, as a sheet's AddCondition does.
//     Power word kill deals a dying target temp HP + HP + max HP (massive damage: dead).
//   - The conditions of a concentration spell that end with it (not SpellCondition.Fixed) and were newly added are kept
//     in the caster's stored concentration (concRecord: a sheet id, or a channel and combatant id). When that
//     concentration ends they are removed in the same transaction: a new concentration spell (/cast); a failed CON
//     save, 0 HP or incapacitation from /cast, /attack or /hp damage; incapacitation from /condition add, the other
//     commands that edit a sheet through edit5e, /init condition, /sheet set and /sheet rename
//     (keepConcentrationEdit). /sheet import creates a new character without any concentration record
//     (withoutConcentration). Not covered: concentrating NPCs.
//     A condition the target already had is not recorded, so ending the spell leaves it; two casters' identical
//     conditions are one condition on the target, and the first concentration to end removes it.
//   - An NPC's saves (/init add saves:) and damage defences (resist:, vuln:, immune:) are its encounter Stats payload
//     {"saves":{"dex":1},"resist":["fire"]}: /cast and /attack read them; an ability without a modifier falls back
//     to the initiative bonus for DEX and +0 for the others.

// landedIDs are the ids of the conditions a spell put on a creature, for the JSON.
func landedIDs(h *play.Hit) []string {
	var out []string
	for _, l := range h.Landed {
		out = append(out, string(l.ID))
	}
	return out
}

// landedText says which conditions a spell put on a creature.
func landedText(req *Request, h *play.Hit) []string {
	var out []string
	for _, l := range h.Landed {
		out = append(out, req.T("init.condition_added", "Name", h.Name, "Condition", conditionRounds(req, req.T(l.ID.Key()), l.Rounds)))
	}
	return out
}

// releasedText says which conditions ended with a concentration.
func releasedText(req *Request, rel []play.Released) []string {
	var out []string
	for _, r := range rel {
		out = append(out, req.T("init.expired", "Name", r.Name, "Condition", req.T(r.Condition.Key())))
	}
	return out
}

// --- /hp damage ---

// hpDamageResult is the JSON of /hp damage on a 5e character: the HP change, and its concentration save.
type hpDamageResult struct {
	hpResult
	Concentration *concSaveJSON   `json:"concentration,omitempty"` // with its chance (odds.go)
	ConcEnded     string          `json:"conc_ended,omitempty"`    // the spell lost without a save (0 HP)
	Released      []play.Released `json:"released,omitempty"`      // conditions that ended with it
}

// hpDamageReply words /hp damage on a 5e character: the HP change, then its concentration save (or the spell
// lost without one) and the conditions that ended with it.
func hpDamageReply(req *Request, h *play.HP5e) *Reply {
	c := h.Character
	r := hpReply(req, c, req.T("play.hp.damage_title", "Name", c.Name), h.Change)
	if lines := concText(req, h.Hit); len(lines) > 0 {
		r.Body += "\n" + strings.Join(lines, "\n")
	}
	if res, ok := r.Result.(hpResult); ok {
		r.Result = hpDamageResult{hpResult: res, Concentration: concSaveOut(h.Hit.ConcSave), ConcEnded: h.Hit.ConcEnded, Released: h.Hit.Released}
	}
	return r
}

// --- NPC saves and defences ---

// npcStatOptions are /init add's options that fill the stats.
var npcStatOptions = []string{"saves", "resist", "vuln", "immune"}

// readNPCStats reads /init add's saves:, resist:, vuln: and immune: options; nil when none is given.
func readNPCStats(req *Request) (*dnd5e.NPCStats, error) {
	var st dnd5e.NPCStats
	var err error
	if st.Saves, err = parseSaves(req.Str("saves")); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		opt  string
		list *[]dnd5e.DamageType
	}{{"resist", &st.Resist}, {"vuln", &st.Vuln}, {"immune", &st.Immune}} {
		if *d.list, err = parseDamageList(req.Str(d.opt)); err != nil {
			return nil, err
		}
	}
	if st.Empty() {
		return nil, nil
	}
	return &st, nil
}

var saveItemRE = regexp.MustCompile(`(\pL+)\s*[:=]?\s*([+\-−]?)\s*(\d+)`)

// parseSaves reads saving-throw modifiers: "str+2,dex+1,wis-1" (also "STR +2 DEX 1", ability names in any language,
// "−" for minus). Each modifier is at most MaxAttackMod either way; a later one replaces an earlier.
func parseSaves(s string) (map[dnd5e.Ability]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	bad := Errorf("init.err.bad_saves", "Value", s, "Max", dnd5e.MaxAttackMod)
	out := map[dnd5e.Ability]int{}
	rest := saveItemRE.ReplaceAllStringFunc(s, func(string) string { return "" })
	if strings.Trim(rest, " \t,，、;；") != "" {
		return nil, bad
	}
	for _, m := range saveItemRE.FindAllStringSubmatch(s, -1) {
		a, err := parseAbility(m[1])
		if err != nil {
			return nil, err
		}
		v, err := strconv.Atoi(m[3])
		if err != nil || v > dnd5e.MaxAttackMod {
			return nil, bad
		}
		if m[2] == "-" || m[2] == "−" {
			v = -v
		}
		out[a] = v
	}
	return out, nil
}

// completeDamageList completes the last damage type of a comma list (resist:, vuln:, immune:).
func completeDamageList(req *Request) []Choice {
	full := req.Str(req.Focused)
	match := map[string]bool{}
	for _, id := range names().Search(kindDamage, lastListItem(full)) {
		match[id] = true
	}
	var out []Choice
	for _, d := range dnd5e.DamageTypes() {
		if v := completedList(full, string(d)); match[string(d)] && len(v) <= 100 {
			name := completedList(full, req.T(d.Key()))
			if len([]rune(name)) > 100 {
				name = req.T(d.Key())
			}
			out = append(out, Choice{Name: name, Value: v})
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}
