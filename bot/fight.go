package bot

import (
	"encoding/json"
	"slices"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// This file holds what /init, /attack and /cast share in a fight: the channel's encounter in the store, the
// combatants as targets (encounter NPCs, and characters with their concentration), and the spell names players
// type.
//
// Concentration (digest B6) is kept in the caster's 5e sheet JSON under "concentration" ({"spell":"bless",
// "level":1}), beside the rules' fields: dnd5e.Decode ignores the key and dnd5e.Character is unchanged. A sheet
// written by encode5e alone loses it, so the writers that may meet a concentrating character keep it with
// encodeSheet5e: edit5e and /sheet set (which also end it once the character is incapacitated, dying or dead),
// /cast, /init and the encounter targets of /attack. A concentrating character hit by /attack, /cast or /hp damage
// makes the CON save at once, in the same transaction. The record also lists the conditions the spell put on
// creatures, which end with it (spellcond.go).

// loadEncounter reads a channel's encounter inside tx; nil without an error when there is none.
func loadEncounter(tx store.Tx, channelID string) (*encounter.Encounter, error) {
	if channelID == "" {
		return nil, nil
	}
	rec, err := tx.Encounter(channelID)
	if err != nil {
		if errorsIsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return encounter.Decode(rec.Data)
}

// mustEncounter is loadEncounter that fails when there is no encounter.
func mustEncounter(tx store.Tx, req *Request) (*encounter.Encounter, error) {
	e, err := loadEncounter(tx, req.ChannelID)
	if err == nil && e == nil {
		err = Errorf("init.err.none")
	}
	return e, err
}

// saveEncounter writes a channel's encounter inside tx.
func saveEncounter(tx store.Tx, channelID string, e *encounter.Encounter) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return tx.PutEncounter(&store.Encounter{ChannelID: channelID, Data: data})
}

// --- concentration beside the sheet ---

// sheetExtras5e is the part of a stored 5e sheet the bot keeps beside the rules' fields.
type sheetExtras5e struct {
	Concentration *concRecord `json:"concentration,omitempty"`
}

// concRecord is the stored concentration: the spell, and the conditions it put on creatures, which end with it
// (spellcond.go): {"spell":"hold_person","level":2,"conditions":[{"channel":"c1","combatant":"c3",…}]}.
type concRecord struct {
	dnd5e.Concentration
	Conditions []heldCondition `json:"conditions,omitempty"`
}

// sheetWith5e is a 5e sheet with the bot's extras, as stored.
type sheetWith5e struct {
	*dnd5e.Character
	sheetExtras5e
}

// sheetConcentration reads the concentration stored in a 5e sheet (none when absent or unreadable).
func sheetConcentration(sheet json.RawMessage) dnd5e.Concentration {
	return sheetConcRecord(sheet).Concentration
}

// sheetConcRecord reads the stored concentration with the conditions it holds.
func sheetConcRecord(sheet json.RawMessage) concRecord {
	var x sheetExtras5e
	if json.Unmarshal(sheet, &x) != nil || x.Concentration == nil {
		return concRecord{}
	}
	if _, ok := dnd5e.LookupSpell(x.Concentration.Spell); !ok {
		return concRecord{}
	}
	return *x.Concentration
}

// encodeSheet5e validates a sheet and encodes it with the caster's concentration (none when k is not active).
func encodeSheet5e(c *dnd5e.Character, k concRecord) (json.RawMessage, error) {
	if !k.Active() {
		return encode5e(c)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(sheetWith5e{Character: c, sheetExtras5e: sheetExtras5e{Concentration: &k}})
}

// keepConcentration re-encodes a changed sheet with the concentration its stored version held, ended when the
// character can no longer concentrate (B6: incapacitated, dying, dead). The conditions an ended concentration held
// stay on their bearers: writers inside a transaction use keepConcentrationTx, which ends them.
func keepConcentration(old json.RawMessage, c *dnd5e.Character) (json.RawMessage, error) {
	k := sheetConcRecord(old)
	if k.EndIfIncapacitated(c) != "" {
		k.Conditions = nil
	}
	return encodeSheet5e(c, k)
}

// --- fighters: a character sheet or an encounter NPC, inside one transaction ---

// fighter is a creature that attacks and spells land on: a 5e character (its sheet and concentration), an
// encounter NPC, or both a character and its combatant.
type fighter struct {
	comb *encounter.Combatant // in the channel's encounter; nil for a character outside it
	ch   *store.Character     // characters
	c    *dnd5e.Character
	conc dnd5e.Concentration // characters: what it concentrates on (from the sheet)
	// held: the conditions its concentration put on creatures (read from the sheet on first use), for heldFor
	held     []heldCondition
	heldFor  string
	heldRead bool
	// what happened to it, for the reply
	concSave  *dnd5e.ConcentrationResult
	concEnded string              // the spell lost without a save (dropped to 0 HP, incapacitated)
	released  []releasedCondition // conditions that ended with its concentration
	landed    []landedCondition   // conditions a spell put on it
	dirty     bool                // the sheet changed
}

func (f *fighter) isNPC() bool { return f.c == nil }

func (f *fighter) name() string {
	if f.c != nil {
		return f.c.Name
	}
	return f.comb.Name
}

// pos is the fighter's grid position, nil when unknown.
func (f *fighter) pos() *encounter.Pos {
	if f.comb != nil {
		return f.comb.Pos
	}
	return nil
}

// target describes the fighter for the rules.
func (f *fighter) target() dnd5e.Target {
	if f.c != nil {
		return f.c.AsTarget()
	}
	ids := make([]string, len(f.comb.Conditions))
	for i, cd := range f.comb.Conditions {
		ids[i] = cd.ID
	}
	return npcStatsOf(f.comb).Target(f.comb.Name, f.comb.AC, f.comb.HP, f.comb.MaxHP, f.comb.TempHP, ids)
}

// saveMod is the fighter's saving-throw modifier: a sheet's own; an NPC's from /init add saves: (its Stats), else
// its initiative bonus for DEX (its DEX modifier, as far as the bot knows) and +0 for the rest.
func (f *fighter) saveMod(a dnd5e.Ability) int {
	if f.c != nil {
		return f.c.SaveBonus(a)
	}
	return npcStatsOf(f.comb).SaveMod(a, f.comb.Bonus)
}

// status is the fighter's HP after what happened.
func (f *fighter) status() hpStatus {
	if f.c != nil {
		return statusOf(f.c)
	}
	st := hpStatus{HP: f.comb.HP, HPMax: f.comb.MaxHP, HPTemp: f.comb.TempHP, State: string(dnd5e.Conscious)}
	if f.comb.Down() {
		st.State = string(dnd5e.Dead)
	}
	return st
}

// damage applies damage already resolved against target(); crit counts for death saves. A concentrating
// character then keeps its spell with a CON save (B6), or loses it when it can no longer concentrate.
func (f *fighter) damage(e *encounter.Encounter, amount int, crit bool, r dice.Roller) (*dnd5e.HPChange, error) {
	if f.c == nil {
		ch, err := e.ApplyDamage(f.comb.ID, min(amount, encounter.MaxHP))
		if err != nil {
			return nil, err
		}
		return npcChange(ch), nil
	}
	ch, err := f.c.DamageResolved(amount, crit)
	if err != nil {
		return nil, err
	}
	f.dirty = true
	return ch, f.concentrate(amount, ch, r)
}

// concentrate is what damage a character took does to its concentration (B6): lost when it can no longer
// concentrate, else a CON save at DC max(10, half the damage).
func (f *fighter) concentrate(amount int, ch *dnd5e.HPChange, r dice.Roller) error {
	if !f.conc.Active() || amount <= 0 || ch.NoEffect {
		return nil
	}
	if ended := f.conc.EndIfIncapacitated(f.c); ended != "" {
		f.concEnded = ended
		return nil
	}
	k := f.conc
	res, err := f.c.ConcentrationSave(amount, &k, r, dnd5e.RollOptions{})
	if err != nil {
		return err
	}
	f.conc, f.concSave = k, res
	return nil
}

// npcChange words an encounter NPC's HP change as the 5e reply helpers expect: an NPC at 0 HP is dead to them.
func npcChange(ch *encounter.HPChange) *dnd5e.HPChange {
	state := dnd5e.NPCState
	return &dnd5e.HPChange{
		Amount: ch.Amount, TempAbsorbed: ch.TempAbsorbed, Applied: ch.Applied,
		HPBefore: ch.HPBefore, HPAfter: ch.HPAfter, TempBefore: ch.TempBefore, TempAfter: ch.TempAfter,
		MaxBefore: ch.MaxHP, MaxAfter: ch.MaxHP, StateBefore: state(ch.HPBefore), StateAfter: state(ch.HPAfter),
		NoEffect: ch.NoEffect,
	}
}

// save writes the fighter's sheet (with its concentration) inside tx; NPCs are written with the encounter.
func (f *fighter) save(tx store.Tx) error {
	if f.c == nil || !f.dirty {
		return nil
	}
	if ended := f.conc.EndIfIncapacitated(f.c); ended != "" {
		f.concEnded = ended
	}
	sheet, err := encodeSheet5e(f.c, f.record())
	if err != nil {
		return err
	}
	f.ch.Sheet = sheet
	return tx.PutCharacter(f.ch)
}

// hpText is what the caller may see of the fighter's HP change: numbers for characters and for a GM, a vague
// state for an NPC otherwise.
func (f *fighter) hpText(req *Request, gm bool, ch *dnd5e.HPChange) []string {
	if f.c != nil || gm {
		lines := []string{f.name() + ": " + hpChangeLine(req, ch)}
		return append(lines, stateChangeLines(req, f.name(), ch)...)
	}
	st := encounter.VagueState(f.comb.HP, f.comb.MaxHP)
	line := f.name() + ": " + req.T(st.Key())
	if ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead {
		line = req.T("play.hp.died", "Name", f.name())
	}
	return []string{line}
}

// concText says what happened to the fighter's concentration.
func (f *fighter) concText(req *Request) []string {
	var out []string
	if s := f.concSave; s != nil {
		line := req.T("fight.conc.save", "Name", f.name()) + " " + rollText(req, s.Save.Roll) + " " + req.T("play.roll.vs_dc", "DC", s.DC)
		if s.Save.AutoFail {
			line = req.T("fight.conc.save", "Name", f.name()) + " " + req.T("play.roll.auto_fail")
		}
		out = append(out, line)
		out = appendLine(out, oddsLine(req, "stats.odds.success", s.Save.Odds()))
		if s.Kept {
			out = append(out, req.T("fight.conc.kept", "Name", f.name()))
		} else {
			out = append(out, req.T("fight.conc.lost", "Name", f.name(), "Spell", spellName(req, s.Ended)))
		}
	}
	if f.concEnded != "" {
		out = append(out, req.T("fight.conc.lost", "Name", f.name(), "Spell", spellName(req, f.concEnded)))
	}
	return append(out, releasedText(req, f.released)...)
}

// findFighter resolves a target name inside tx: a combatant of the channel's encounter (e may be nil), else a 5e
// character of the guild. Characters already loaded (the caster) are reused through known. nil when nobody has
// that name.
func findFighter(tx store.Tx, req *Request, e *encounter.Encounter, name string, known []*fighter) (*fighter, error) {
	reuse := func(f *fighter) *fighter {
		for _, k := range known {
			if k.ch != nil && f.ch != nil && k.ch.ID == f.ch.ID {
				if k.comb == nil {
					k.comb = f.comb
				}
				return k
			}
			if k.ch == nil && f.ch == nil && k.comb != nil && f.comb != nil && k.comb.ID == f.comb.ID {
				return k
			}
		}
		return f
	}
	if e != nil {
		if comb, err := e.Find(name); err == nil {
			f := &fighter{comb: comb}
			if comb.Kind == encounter.KindCharacter {
				for _, k := range known {
					if k.ch != nil && k.ch.ID == comb.CharacterID {
						return reuse(&fighter{comb: comb, ch: k.ch}), nil
					}
				}
				ch, err := tx.Character(comb.CharacterID)
				if err != nil {
					if errorsIsNotFound(err) {
						return nil, Errorf("init.err.sheet_gone", "Name", comb.Name)
					}
					return nil, err
				}
				if f.c, err = decode5e(ch); err != nil {
					return nil, err
				}
				f.ch, f.conc = ch, sheetConcentration(ch.Sheet)
			}
			return reuse(f), nil
		}
	}
	ch, err := findGuildCharacter(tx, req, name)
	if err != nil || ch == nil {
		return nil, err
	}
	for _, k := range known {
		if k.ch != nil && k.ch.ID == ch.ID {
			return k, nil
		}
	}
	c, err := decode5e(ch)
	if err != nil {
		return nil, err
	}
	f := &fighter{ch: ch, c: c, conc: sheetConcentration(ch.Sheet)}
	if e != nil {
		for _, comb := range e.Combatants {
			if comb.Kind == encounter.KindCharacter && comb.CharacterID == ch.ID {
				f.comb = comb
			}
		}
	}
	return f, nil
}

// completeTargets suggests combatants first, then the guild's 5e characters (for /attack and /cast target:).
func (b *Bot) completeTargets(req *Request) []Choice {
	out := b.completeCombatant(req)
	for _, c := range b.completeTarget(req) {
		dup := false
		for _, o := range out {
			if strings.EqualFold(o.Name, c.Name) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// lastListItem is the item being typed in a comma list ("Goblin 1, Gob" → "Gob").
func lastListItem(s string) string {
	if i := strings.LastIndexAny(s, ",，、;"); i >= 0 {
		_, size := firstRune(s[i:])
		return strings.TrimSpace(s[i+size:])
	}
	return strings.TrimSpace(s)
}

// completedList replaces the item being typed with name ("Goblin 1, Gob" + "Goblin 2" → "Goblin 1, Goblin 2").
func completedList(s, name string) string {
	if i := strings.LastIndexAny(s, ",，、;"); i >= 0 {
		_, size := firstRune(s[i:])
		return strings.TrimSpace(s[:i+size]) + " " + name
	}
	return name
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// --- spell names ---

// parseSpell reads a spell name in any language (or its id, or its catalog key).
func parseSpell(s string) (dnd5e.Spell, error) {
	if sp, err := dnd5e.ParseSpell(s); err == nil {
		return sp, nil
	}
	if id := lookupName(kindSpell, s); id != "" {
		if sp, ok := dnd5e.LookupSpell(id); ok {
			return sp, nil
		}
	}
	return dnd5e.Spell{}, &dnd5e.Error{Code: dnd5e.ErrUnknownSpell, Args: map[string]any{"Spell": strings.TrimSpace(s)}}
}

// spellName names a spell id in the reply language.
func spellName(req *Request, id string) string {
	if sp, ok := dnd5e.LookupSpell(id); ok {
		return req.T(sp.Key())
	}
	return id
}

// completeSpell suggests spells whose name in any language (or id) contains what was typed, named in the reply
// language with their level; the caster's class spells first when the caller has a 5e character.
func (b *Bot) completeSpell(req *Request) []Choice {
	match := map[string]bool{}
	for _, id := range names().Search(kindSpell, req.Str(req.Focused)) {
		match[id] = true
	}
	var class dnd5e.Class
	if sh := b.acting(req); sh != nil && sh.Dnd5e != nil {
		class = sh.Dnd5e.Class
	}
	var first, rest []Choice
	for _, s := range dnd5e.Spells() {
		if !match[s.ID] {
			continue
		}
		ch := Choice{Name: req.T(s.Key()) + " (" + spellLevelText(req, s.Level) + ")", Value: s.ID}
		if class != "" && s.HasClass(class) {
			first = append(first, ch)
		} else {
			rest = append(rest, ch)
		}
		if len(first) >= 25 {
			break
		}
	}
	out := append(first, rest...)
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// spellLevelText is "cantrip" or "level 3".
func spellLevelText(req *Request, level int) string {
	if level == 0 {
		return req.T("cast.cantrip")
	}
	return req.T("cast.level", "Level", level)
}

// encounterIDKey is the catalog key naming an id in an encounter error's data: 5e conditions and game systems.
func encounterIDKey(code, arg, s string) string {
	switch arg {
	case "Condition":
		if c := dnd5e.Condition(s); c.Valid() {
			return c.Key()
		}
	case "System":
		if slices.Contains(systemChoices, s) {
			return "system." + s
		}
	}
	return ""
}
