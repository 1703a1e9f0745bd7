package bot

import (
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
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

// heldCondition is a condition a concentration spell put on a creature: it ends when the caster's concentration does.
type heldCondition struct {
	Character string          `json:"character,omitempty"` // a character: its sheet id
	Channel   string          `json:"channel,omitempty"`   // an encounter NPC: the encounter's channel
	Combatant string          `json:"combatant,omitempty"` // and the combatant's id
	Name      string          `json:"name"`                // as it was called, for logs
	Condition dnd5e.Condition `json:"condition"`
}

// releasedCondition is a held condition that ended with its caster's concentration.
type releasedCondition = play.Released

// landedCondition is a condition a spell put on a fighter.
type landedCondition struct {
	ID     dnd5e.Condition
	Rounds int
}

// heldList is what the fighter's concentration holds, read from its stored sheet on first use.
func (f *fighter) heldList() []heldCondition {
	if !f.heldRead && f.ch != nil {
		r := sheetConcRecord(f.ch.Sheet)
		f.held, f.heldFor = r.Conditions, r.Spell
	}
	f.heldRead = true
	return f.held
}

// record is the concentration to store: the spell, with the conditions it holds.
func (f *fighter) record() concRecord {
	k := concRecord{Concentration: f.conc}
	if held := f.heldList(); f.conc.Active() && f.conc.Spell == f.heldFor {
		k.Conditions = held
	}
	return k
}

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
func releasedText(req *Request, rel []releasedCondition) []string {
	var out []string
	for _, r := range rel {
		out = append(out, req.T("init.expired", "Name", r.Name, "Condition", req.T(r.Condition.Key())))
	}
	return out
}

// releaseHeld removes held conditions inside tx: a character loaded in this transaction changes in memory (the
// caller saves it), others are read and written here; an NPC of the request channel's encounter e (when the caller
// has it loaded; encChanged says it must be saved), or of another channel's encounter, written here. Conditions or
// creatures that are gone are skipped.
func releaseHeld(tx store.Tx, req *Request, e *encounter.Encounter, held []heldCondition, loaded []*fighter) (out []releasedCondition, encChanged bool, err error) {
	encs := map[string]*encounter.Encounter{}
	if e != nil {
		encs[req.ChannelID] = e
	}
	var changed []string
	for _, h := range held {
		switch {
		case h.Character != "":
			name, ok, err := releaseOnSheet(tx, h, loaded)
			if err != nil {
				return nil, false, err
			}
			if ok {
				out = append(out, releasedCondition{Name: name, Condition: h.Condition})
			}
		case h.Combatant != "":
			en, seen := encs[h.Channel]
			if !seen {
				if en, err = loadEncounter(tx, h.Channel); err != nil {
					return nil, false, err
				}
				encs[h.Channel] = en
			}
			if en == nil {
				continue
			}
			ch, err := en.RemoveCondition(h.Combatant, string(h.Condition))
			if err != nil {
				continue // the combatant left, or the condition ended already
			}
			if !slices.Contains(changed, h.Channel) {
				changed = append(changed, h.Channel)
			}
			out = append(out, releasedCondition{Name: ch.Combatant.Name, Condition: h.Condition})
		}
	}
	for _, channel := range changed {
		if e != nil && channel == req.ChannelID {
			encChanged = true
			continue
		}
		if err := saveEncounter(tx, channel, encs[channel]); err != nil {
			return nil, false, err
		}
	}
	return out, encChanged, nil
}

// releaseOnSheet removes a held condition from a character's sheet; ok is false when it was no longer there.
func releaseOnSheet(tx store.Tx, h heldCondition, loaded []*fighter) (name string, ok bool, err error) {
	absent := func(err error) bool {
		return errors.Is(err, &dnd5e.Error{Code: dnd5e.ErrConditionAbsent})
	}
	for _, f := range loaded {
		if f.c != nil && f.ch != nil && f.ch.ID == h.Character {
			if _, err := f.c.RemoveCondition(h.Condition); err != nil {
				if absent(err) {
					return "", false, nil
				}
				return "", false, err
			}
			f.dirty = true
			return f.c.Name, true, nil
		}
	}
	ch, err := tx.Character(h.Character)
	if err != nil {
		if errorsIsNotFound(err) {
			return "", false, nil
		}
		return "", false, err
	}
	if ch.System != system5e {
		return "", false, nil
	}
	c, err := decode5e(ch)
	if err != nil {
		return "", false, err
	}
	if _, err := c.RemoveCondition(h.Condition); err != nil {
		if absent(err) {
			return "", false, nil
		}
		return "", false, err
	}
	if ch.Sheet, err = keepConcentration(ch.Sheet, c); err != nil {
		return "", false, err
	}
	return c.Name, true, tx.PutCharacter(ch)
}

// releaseLost ends the concentration of the loaded characters that can no longer concentrate (B6), then removes the
// conditions held by every concentration that ended. e is the request channel's encounter when the caller has it
// loaded: encChanged says the caller must save it.
func releaseLost(tx store.Tx, req *Request, e *encounter.Encounter, loaded ...*fighter) (encChanged bool, err error) {
	for _, f := range loaded {
		if f.c == nil {
			continue
		}
		if ended := f.conc.EndIfIncapacitated(f.c); ended != "" {
			f.concEnded, f.dirty = ended, true
		}
		held := f.heldList()
		if len(held) == 0 || (f.conc.Active() && f.conc.Spell == f.heldFor) {
			continue
		}
		f.held, f.heldFor, f.dirty = nil, "", true
		rel, changed, err := releaseHeld(tx, req, e, held, loaded)
		if err != nil {
			return false, err
		}
		f.released = append(f.released, rel...)
		encChanged = encChanged || changed
	}
	return encChanged, nil
}

// keepConcentrationTx is keepConcentration inside a transaction: when the character can no longer concentrate, the
// conditions its spell held end too. e is the request channel's encounter when the caller has it loaded and saves it
// (nil: encounters are read and written here).
func keepConcentrationTx(tx store.Tx, req *Request, e *encounter.Encounter, ch *store.Character, c *dnd5e.Character) (json.RawMessage, error) {
	f := &fighter{ch: ch, c: c, conc: sheetConcentration(ch.Sheet)}
	if _, err := releaseLost(tx, req, e, f); err != nil {
		return nil, err
	}
	return encodeSheet5e(c, f.record())
}

// keepConcentrationEdit is keepConcentrationTx for /sheet set and /sheet rename: sheet is the system's new sheet of
// ch (whose Sheet is still the stored one); a 5e character's concentration that ended releases the conditions it
// held. Other systems' sheets are returned as they are.
func keepConcentrationEdit(tx store.Tx, req *Request, ch *store.Character, sheet json.RawMessage) (json.RawMessage, error) {
	if ch.System != system5e {
		return sheet, nil
	}
	c, err := dnd5e.Decode(sheet)
	if err != nil {
		return nil, err
	}
	return keepConcentrationTx(tx, req, nil, ch, c)
}

// withoutConcentration drops the concentration record of an imported 5e sheet: a new character concentrates on
// nothing, and the conditions a record holds belong to other creatures (another guild's, or the original's).
func withoutConcentration(system string, sheet json.RawMessage) (json.RawMessage, error) {
	if system != system5e {
		return sheet, nil
	}
	c, err := dnd5e.Decode(sheet)
	if err != nil {
		return nil, err
	}
	return encode5e(c)
}

// castEffects is what a 5e cast does beyond damage and healing, in its transaction, after them: the conditions the
// caster's replaced concentration held end; the spell's conditions land on the targets it affected (and power word
// kill kills), those of a concentration spell held by the caster; then every concentration that ended (a failed save,
// 0 HP, a new incapacitating condition) ends its conditions. changes gets power word kill's HP changes. It reports
// whether the channel's encounter changed.
func castEffects(tx store.Tx, req *Request, e *encounter.Encounter, s dnd5e.Spell, res *dnd5e.CastResult,
	caster *fighter, fighters []*fighter, changes []*dnd5e.HPChange) (bool, error) {
	loaded := append([]*fighter{caster}, fighters...)
	encChanged := false
	if k := res.Concentration; k != nil && k.Ended != "" {
		held := caster.heldList()
		caster.held, caster.heldFor = nil, ""
		rel, changed, err := releaseHeld(tx, req, e, held, loaded)
		if err != nil {
			return false, err
		}
		caster.released = append(caster.released, rel...)
		encChanged = changed
	}
	holds := s.Concentration && (res.Concentration != nil || caster.conc.Spell == s.ID)
	for i, f := range fighters {
		ct := res.Targets[i]
		dead := func() bool { return (f.c != nil && f.c.State == dnd5e.Dead) || (f.c == nil && f.comb.Down()) }
		if ct.Killed && !dead() {
			amount := 0
			if f.c != nil {
				amount = min(f.c.TempHP+f.c.HP+f.c.EffectiveMaxHP(), dnd5e.MaxHPLimit)
			} else {
				amount = f.comb.TempHP + f.comb.HP
			}
			ch, err := f.damage(e, amount, false, req.Dice)
			if err != nil {
				return false, err
			}
			changes[i] = ch
			encChanged = encChanged || f.isNPC()
		}
		if len(ct.Conditions) == 0 || dead() {
			continue
		}
		for _, sc := range ct.Conditions {
			added := false
			if f.c != nil {
				ch, err := f.c.AddCondition(sc.ID, dnd5e.ConditionOptions{Rounds: sc.Rounds})
				if err != nil {
					return false, err
				}
				f.dirty = true
				added = slices.Contains(ch.Added, sc.ID)
			} else {
				spec := encounter.ConditionSpec{ID: string(sc.ID), Rounds: sc.Rounds}
				if sc.Rounds > 0 && caster.comb != nil {
					spec.Anchor = caster.comb.ID
				}
				ch, err := e.AddCondition(f.comb.ID, spec)
				if err != nil {
					return false, err
				}
				added = ch.Added
				if sc.ID == dnd5e.Unconscious { // it falls prone, and stays so when it wakes
					if _, err := e.AddCondition(f.comb.ID, encounter.ConditionSpec{ID: string(dnd5e.Prone)}); err != nil {
						return false, err
					}
				}
				encChanged = true
			}
			f.landed = append(f.landed, landedCondition{ID: sc.ID, Rounds: sc.Rounds})
			if holds && added && !sc.Fixed {
				h := heldCondition{Name: f.name(), Condition: sc.ID}
				if f.c != nil {
					h.Character = f.ch.ID
				} else {
					h.Channel, h.Combatant = req.ChannelID, f.comb.ID
				}
				caster.heldList()
				caster.held, caster.heldFor = append(caster.held, h), s.ID
			}
		}
	}
	changed, err := releaseLost(tx, req, e, loaded...)
	return encChanged || changed, err
}

// --- /hp damage ---

// hpDamageResult is the JSON of /hp damage on a 5e character: the HP change, and its concentration save.
type hpDamageResult struct {
	hpResult
	Concentration *concSaveJSON       `json:"concentration,omitempty"` // with its chance (odds.go)
	ConcEnded     string              `json:"conc_ended,omitempty"`    // the spell lost without a save (0 HP)
	Released      []releasedCondition `json:"released,omitempty"`      // conditions that ended with it
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

// npcStatsOf reads a combatant's 5e stats, its encounter Stats payload (none when absent or unreadable).
func npcStatsOf(c *encounter.Combatant) dnd5e.NPCStats {
	var st dnd5e.NPCStats
	if c != nil && len(c.Stats) > 0 && json.Unmarshal(c.Stats, &st) != nil {
		return dnd5e.NPCStats{}
	}
	return st
}

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
