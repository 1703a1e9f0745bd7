package play

import (
	"encoding/json"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// The store keeps sheets as opaque JSON; this file is their encoding. A 5e sheet is dnd5e.Character's JSON with,
// beside the rules' fields, the caster's concentration and the conditions it holds:
// {"v":1,…,"concentration":{"spell":"hold_person","level":2,"conditions":[{"channel":"c1","combatant":"c3",…}]}}
// (dnd5e.Decode ignores the key). A Rogue's Tale sheet is rogue.Character's JSON. An encounter NPC's Stats are
// dnd5e.NPCStats in a 5e encounter and {"rt":<rogue.Character>} (its stored defender) in a Rogue's Tale one.

// The rule systems' ids (store.Character.System, encounter.System).
const (
	System5e    = "dnd5e"
	SystemRogue = "rogue"
	SystemCoC   = "coc" // Call of Cthulhu 7e (coc.go)
)

// concRecord is the stored concentration: the spell, and the conditions it holds.
type concRecord struct {
	dnd5e.Concentration
	Conditions []dnd5e.HeldCondition `json:"conditions,omitempty"`
	// Bearers are the creatures that got effects of the spell (effectconc.go): they end with it.
	Bearers []effectBearer `json:"bearers,omitempty"`
}

// sheetExtras5e is the part of a stored 5e sheet kept beside the rules' fields: its concentration, the last hit it
// took, the saves it repeats at the end of its turns (repeat.go) and the turn of its last death save in an
// encounter (one a turn, gmturn.go).
type sheetExtras5e struct {
	Concentration *concRecord        `json:"concentration,omitempty"`
	LastHit       *lastHit           `json:"last_hit,omitempty"` // the last attack that hit it, for a shield in reaction (shield.go)
	Repeats       []dnd5e.RepeatSave `json:"repeat_saves,omitempty"`
	DeathSaveTurn string             `json:"death_save_turn,omitempty"`
	Spells        []KnownSpell       `json:"spells,omitempty"` // issue 16: the SRD spells a D&D Beyond import found
}

// KnownSpell is an SRD spell a 5e sheet knows, kept beside the rules' fields (a D&D Beyond import stores them).
type KnownSpell struct {
	ID       string `json:"id"`                 // dnd5e.LookupSpell's id
	Prepared bool   `json:"prepared,omitempty"` // castable now: prepared, always prepared, a cantrip or a known spell
}

// knownSpells keeps the SRD spells of list, each once.
func knownSpells(list []KnownSpell) []KnownSpell {
	var out []KnownSpell
	seen := map[string]bool{}
	for _, k := range list {
		if _, ok := dnd5e.LookupSpell(k.ID); ok && !seen[k.ID] {
			seen[k.ID] = true
			out = append(out, k)
		}
	}
	return out
}

// storedExtras reads the repeat saves, the death-save turn and the known spells stored in a 5e sheet (none when
// unreadable).
func storedExtras(sheet json.RawMessage) sheetExtras5e {
	var x sheetExtras5e
	if json.Unmarshal(sheet, &x) != nil {
		return sheetExtras5e{}
	}
	return sheetExtras5e{Repeats: x.Repeats, DeathSaveTurn: x.DeathSaveTurn, Spells: knownSpells(x.Spells)}
}

// EncodeSheet5e is a 5e sheet with its known spells as /sheet import reads it (a D&D Beyond import).
func EncodeSheet5e(c *dnd5e.Character, spells []KnownSpell) (json.RawMessage, error) {
	return encodeConc(c, concRecord{}, sheetExtras5e{Spells: knownSpells(spells)})
}

// Spells are the SRD spells a 5e sheet keeps (none for other systems).
func (s *Sheet) Spells() []KnownSpell {
	if s.Dnd5e == nil {
		return nil
	}
	return storedExtras(s.Raw).Spells
}

// sheetWith5e is a 5e sheet with its extras, as stored.
type sheetWith5e struct {
	*dnd5e.Character
	sheetExtras5e
}

// decode5e reads a stored character's 5e sheet; any other system is a clear error.
func decode5e(ch *store.Character) (*dnd5e.Character, error) {
	if ch.System != System5e {
		return nil, fail("play.err.not_dnd5e", "Name", ch.Name, "System", ch.System)
	}
	return dnd5e.Decode(ch.Sheet)
}

// encode5e validates a sheet and encodes it without extras.
func encode5e(c *dnd5e.Character) (json.RawMessage, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// storedConc reads the concentration stored in a 5e sheet, with the conditions it holds (none when absent,
// unreadable or of an unknown spell).
func storedConc(sheet json.RawMessage) concRecord {
	var x sheetExtras5e
	if json.Unmarshal(sheet, &x) != nil || x.Concentration == nil {
		return concRecord{}
	}
	if _, ok := dnd5e.LookupSpell(x.Concentration.Spell); !ok {
		return concRecord{}
	}
	return *x.Concentration
}

// storedLastHit reads the last hit stored in a 5e sheet (none when absent or unreadable).
func storedLastHit(sheet json.RawMessage) *lastHit {
	var x sheetExtras5e
	if json.Unmarshal(sheet, &x) != nil {
		return nil
	}
	return x.LastHit
}

// encodeConc validates a sheet and encodes it with the caster's concentration (none when k is not active) and
// the other extras x: the last hit it took (none when nil), its repeat saves and its last death save's turn.
func encodeConc(c *dnd5e.Character, k concRecord, x sheetExtras5e) (json.RawMessage, error) {
	x.Concentration = nil
	if k.Active() {
		x.Concentration = &k
	}
	if x.Concentration == nil && x.LastHit == nil && len(x.Repeats) == 0 && x.DeathSaveTurn == "" && len(x.Spells) == 0 {
		return encode5e(c)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(sheetWith5e{Character: c, sheetExtras5e: x})
}

// decodeRogue reads a stored character's Rogue's Tale sheet; any other system is a clear error.
func decodeRogue(ch *store.Character) (*rogue.Character, error) {
	if ch.System != SystemRogue {
		return nil, fail("rt.err.not_rogue", "Name", ch.Name)
	}
	return rogue.Decode(ch.Sheet)
}

// encodeRogue validates a sheet and encodes it.
func encodeRogue(c *rogue.Character) (json.RawMessage, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c.Encode()
}

// npcStats reads a 5e NPC's stats from its combatant (none when absent or unreadable).
func npcStats(c *encounter.Combatant) dnd5e.NPCStats {
	var st dnd5e.NPCStats
	if c != nil && len(c.Stats) > 0 && json.Unmarshal(c.Stats, &st) != nil {
		return dnd5e.NPCStats{}
	}
	return st
}

// Rogue's Tale encounters (digest A12, A15, A17): each NPC carries a minimal Rogue's Tale defender in its Stats,
// built by /init add from its defences (dodge, block, parry and level). The encounter is the authority for the
// NPC's HP and the defences it used this turn (Combatant.Used, reset when its turn begins); the stored defender
// keeps everything else (lingering effects from crits and spells).

// rogueNPCStats is the Stats payload of a Rogue's Tale encounter's NPC: its stored defender.
type rogueNPCStats struct {
	RT *rogue.Character `json:"rt"`
}

// rogueNPC reads an RT NPC's defender from its Stats (a defenceless level-1 one when it has none), with the
// encounter's HP and the defences it used this turn.
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
		if d, err = NewRogueNPC(c.Name, c.MaxHP, RogueDefences{Level: 1}); err != nil {
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

// rogueNPCData encodes an RT NPC's defender for its Stats; the encounter keeps the turn's used defences.
func rogueNPCData(d *rogue.Character) (json.RawMessage, error) {
	keep := d.Clone()
	keep.Used = rogue.DefenceUse{}
	return json.Marshal(rogueNPCStats{RT: keep})
}

// RogueDefences are the defences of a Rogue's Tale NPC (/init add defences:dodge:2,block:1,parry:0,level:2).
type RogueDefences struct {
	Dodge, Block, Parry, Level int
	HasBlock, HasParry         bool
}

// NewRogueNPC builds the Rogue's Tale defender of an NPC: a human-sized monster with exactly the given defences
// and at least hp maximum HP (the encounter's HP is what counts).
func NewRogueNPC(name string, hp int, sp RogueDefences) (*rogue.Character, error) {
	o := rogue.NewOptions{Monster: true}
	o.Equip.MaxDodge = rogue.Cap(sp.Dodge)
	if sp.HasBlock {
		o.Equip.Shield = &rogue.Shield{MinBlock: sp.Block, MaxBlock: sp.Block}
	}
	if sp.HasParry {
		o.Equip.MaxParry = rogue.Cap(sp.Parry)
		o.Talents = []rogue.Talent{rogue.DualWield} // parry = the full AGI bonus, capped at the given value
	}
	base := rogue.Attributes{Str: 7, Agi: 7 + max(sp.Dodge, sp.Parry), Sta: 7, Cha: 7}
	c, err := rogue.New(name, rogue.Human, rogue.Male, sp.Level, base, o)
	if err != nil {
		return nil, err
	}
	if err := c.Update(func(cp *rogue.Character) { cp.BonusHP = max(0, hp-cp.HPFormula()) }); err != nil {
		return nil, err
	}
	c.HP = c.MaxHP
	return c, nil
}
