package play

import (
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Creature is anything a command can hit, heal or put a condition on: a character (its sheet, in either rule
// system), an NPC of an encounter, or a character that is also a combatant. All answer the same questions — take
// damage, heal, conditions, saves, defences, status — whatever they are made of; the scene loads each once and
// writes back what changed.
type Creature struct {
	ch      *store.Character     // a character's record; nil for an NPC
	comb    *encounter.Combatant // its combatant in an encounter; nil outside one
	enc     *encounter.Encounter // comb's encounter
	channel string               // enc's channel

	d5 *dnd5e.Character // a D&D 5e character's sheet
	rt *rogue.Character // a Rogue's Tale sheet, or a Rogue's Tale NPC's stored defender
	// a Rogue's Tale NPC: its encounter HP when loaded
	rtHP int
	cc   *coc.Character // a Call of Cthulhu sheet
	// ccLast is a CoC character's last /check roll (coc.go)
	ccLast *LastRoll

	// 5e concentration: the spell, and the conditions it holds (read from the sheet on load, or an NPC's stats)
	conc    dnd5e.Concentration
	holding dnd5e.Holding
	bearers bearerHolding // the creatures its spell's effects are on (effectconc.go)
	lastHit *lastHit      // the last attack that hit it (shield.go)
	// a 5e character's other sheet extras: its repeat saves and its last death save's turn (sheets.go)
	extras sheetExtras5e
	// a 5e NPC's stats (npc.go), read once; statsDirty: to be written back into its combatant
	stats      *dnd5e.NPCStats
	statsDirty bool

	// what happened to it in this command
	concSave  *dnd5e.ConcentrationResult
	concEnded string            // the spell lost without a save (0 HP, incapacitated)
	released  []Released        // conditions that ended with its concentration
	landed    []Landed          // conditions a spell put on it
	immune    []dnd5e.Condition // conditions that did not land: an NPC immune to them (npc.go)
	repeated  []RepeatRoll      // the saves it repeated as its turn ended (repeat.go)
	// effects: those a command put on it, and those that ended (on it, or — for a caster — with its concentration)
	effectsAdded []*dnd5e.EffectChange
	effectsEnded []EffectEnded
	stabilized   *dnd5e.StabilizeResult
	revived      *dnd5e.HPChange
	cured        *dnd5e.CureResult
	drained      *dnd5e.HPChange
	healed       *dnd5e.HPChange // by a feature (lay on hands)

	dirty bool // the sheet (or an RT NPC's defender) changed
}

// Released is a condition that ended with its caster's concentration.
type Released struct {
	Name      string          `json:"name"`
	Condition dnd5e.Condition `json:"condition"`
}

// Landed is a condition a spell put on a creature.
type Landed struct {
	ID     dnd5e.Condition
	Rounds int
}

// Name is the creature's name.
func (cr *Creature) Name() string {
	switch {
	case cr.d5 != nil:
		return cr.d5.Name
	case cr.comb != nil:
		return cr.comb.Name
	case cr.rt != nil:
		return cr.rt.Name
	case cr.cc != nil:
		return cr.cc.Name
	}
	return cr.ch.Name
}

// NPC reports whether the creature is an encounter NPC (no sheet).
func (cr *Creature) NPC() bool { return cr.ch == nil }

// pos is its grid position, nil when unknown.
func (cr *Creature) pos() *encounter.Pos {
	if cr.comb != nil {
		return cr.comb.Pos
	}
	return nil
}

// Status is a creature's hit points and state in 5e terms.
type Status struct {
	HP, MaxHP, TempHP int
	State             dnd5e.State
}

func statusOf(c *dnd5e.Character) Status {
	return Status{HP: c.HP, MaxHP: c.EffectiveMaxHP(), TempHP: c.TempHP, State: c.State}
}

// status5e is the creature's HP now: its sheet's, or an NPC's (dead at 0 HP).
func (cr *Creature) status5e() Status {
	if cr.d5 != nil {
		return statusOf(cr.d5)
	}
	st := Status{HP: cr.comb.HP, MaxHP: cr.comb.MaxHP, TempHP: cr.comb.TempHP, State: dnd5e.Conscious}
	if cr.comb.Down() {
		st.State = dnd5e.Dead
	}
	return st
}

// target5e describes the creature for the 5e rules: a sheet's AsTarget, an NPC's encounter numbers and stats.
func (cr *Creature) target5e() dnd5e.Target {
	if cr.d5 != nil {
		return cr.d5.AsTarget()
	}
	return cr.target5eFrom(dnd5e.DamageSource{})
}

// saveMod5e is the creature's saving-throw modifier: a sheet's own; an NPC's from its stats, with their fallback.
func (cr *Creature) saveMod5e(a dnd5e.Ability) int {
	if cr.d5 != nil {
		return cr.d5.SaveBonus(a)
	}
	return cr.stats5e().SaveMod(a, cr.comb.Bonus)
}

// dead5e reports whether the creature is dead (an NPC: down).
func (cr *Creature) dead5e() bool {
	if cr.d5 != nil {
		return cr.d5.State == dnd5e.Dead
	}
	return cr.comb.Down()
}

// damage5e applies damage already resolved against target5e; crit counts for death saves. A concentrating
// character then keeps its spell with a CON save (B6), or loses it when it can no longer concentrate.
func (cr *Creature) damage5e(s *scene, amount int, crit bool) (*dnd5e.HPChange, error) {
	if cr.d5 == nil {
		ch, err := cr.enc.ApplyDamage(cr.comb.ID, min(amount, encounter.MaxHP))
		if err != nil {
			return nil, err
		}
		s.changed(cr.channel)
		hc := npcChange(ch)
		return hc, cr.concentrateNPC(amount, hc, s.r)
	}
	ch, err := cr.d5.DamageResolved(amount, crit)
	if err != nil {
		return nil, err
	}
	cr.dirty = true
	return ch, cr.concentrate(amount, ch, s.r)
}

// concentrate is what damage a character took does to its concentration (B6): lost when it can no longer
// concentrate, else a CON save at DC max(10, half the damage).
func (cr *Creature) concentrate(amount int, ch *dnd5e.HPChange, r dice.Roller) error {
	if !cr.conc.Active() || amount <= 0 || ch.NoEffect {
		return nil
	}
	if ended := cr.conc.EndIfIncapacitated(cr.d5); ended != "" {
		cr.concEnded = ended
		return nil
	}
	k := cr.conc
	res, err := cr.d5.ConcentrationSave(amount, &k, r, dnd5e.RollOptions{})
	if err != nil {
		return err
	}
	cr.conc, cr.concSave = k, res
	return nil
}

// heal5e gives the creature what a healing spell rolled: hit points, temporary hit points, or a higher maximum
// with as many hit points (aid).
func (cr *Creature) heal5e(s *scene, amount int, kind dnd5e.HealKind) (*dnd5e.HPChange, error) {
	if c := cr.d5; c != nil {
		cr.dirty = true
		switch kind {
		case dnd5e.HealTempHP:
			return c.SetTempHP(amount)
		case dnd5e.HealMaxHP:
			if _, err := c.SetMaxHP(min(c.MaxHP+amount, dnd5e.MaxHPLimit)); err != nil {
				return nil, err
			}
		}
		return c.Heal(amount)
	}
	amount = min(amount, encounter.MaxHP)
	var (
		ch  *encounter.HPChange
		err error
	)
	switch kind {
	case dnd5e.HealTempHP:
		ch, err = cr.enc.SetTempHP(cr.comb.ID, amount)
	case dnd5e.HealMaxHP:
		m := min(cr.comb.MaxHP+amount, encounter.MaxHP)
		ch, err = cr.enc.SetHP(cr.comb.ID, min(cr.comb.HP+amount, m), m)
	default:
		ch, err = cr.enc.Heal(cr.comb.ID, amount)
	}
	if err != nil {
		return nil, err
	}
	s.changed(cr.channel)
	return npcChange(ch), nil
}

// npcChange words an encounter NPC's HP change as a 5e one: an NPC at 0 HP is dead.
func npcChange(ch *encounter.HPChange) *dnd5e.HPChange {
	return &dnd5e.HPChange{
		Amount: ch.Amount, TempAbsorbed: ch.TempAbsorbed, Applied: ch.Applied,
		HPBefore: ch.HPBefore, HPAfter: ch.HPAfter, TempBefore: ch.TempBefore, TempAfter: ch.TempAfter,
		MaxBefore: ch.MaxHP, MaxAfter: ch.MaxHP, StateBefore: dnd5e.NPCState(ch.HPBefore), StateAfter: dnd5e.NPCState(ch.HPAfter),
		NoEffect: ch.NoEffect,
	}
}

// write saves the creature if it changed: a 5e sheet with the concentration it still keeps (ended when it can no
// longer concentrate, and the conditions it held with it), a Rogue's Tale sheet, or a Rogue's Tale NPC's HP, used
// defences and defender into its encounter.
func (cr *Creature) write(s *scene) error {
	if !cr.dirty {
		return nil
	}
	switch {
	case cr.ch != nil && cr.d5 != nil:
		if ended := cr.conc.EndIfIncapacitated(cr.d5); ended != "" {
			cr.concEnded = ended
		}
		x := cr.extras
		x.LastHit = cr.lastHit
		sheet, err := encodeConc(cr.d5, concRecord{Concentration: cr.conc, Conditions: cr.holding.Kept(cr.conc),
			Bearers: cr.bearers.kept(cr.conc)}, x)
		if err != nil {
			return err
		}
		cr.ch.Sheet = sheet
		return s.tx.PutCharacter(cr.ch)
	case cr.ch != nil && cr.rt != nil:
		sheet, err := encodeRogue(cr.rt)
		if err != nil {
			return err
		}
		cr.ch.Sheet = sheet
		return s.tx.PutCharacter(cr.ch)
	case cr.ch != nil && cr.cc != nil:
		sheet, err := encodeCoC(cr.cc, cr.ccLast)
		if err != nil {
			return err
		}
		cr.ch.Sheet = sheet
		return s.tx.PutCharacter(cr.ch)
	case cr.rt != nil:
		return cr.writeRogueNPC(s)
	case cr.statsDirty:
		return cr.writeStats5e(s)
	}
	return nil
}

// writeRogueNPC writes a Rogue's Tale NPC's HP, the defences it used this turn and its defender into its
// encounter: the encounter is the authority for HP and the turn's defences, the defender keeps the rest.
func (cr *Creature) writeRogueNPC(s *scene) error {
	if hp := max(cr.rt.HP, 0); hp != cr.rtHP {
		if _, err := cr.enc.SetHP(cr.comb.ID, min(hp, cr.comb.MaxHP), 0); err != nil {
			return err
		}
	}
	was := cr.comb.Used
	for _, u := range []struct {
		d         encounter.Defence
		now, then bool
	}{
		{encounter.DefenceDodge, cr.rt.Used.Dodge, was.Dodge},
		{encounter.DefenceBlock, cr.rt.Used.Block, was.Block},
		{encounter.DefenceParry, cr.rt.Used.Parry, was.Parry},
	} {
		if u.now && !u.then {
			if _, err := cr.enc.UseDefence(cr.comb.ID, u.d); err != nil {
				return err
			}
		}
	}
	stats, err := rogueNPCData(cr.rt)
	if err != nil {
		return err
	}
	if _, err := cr.enc.SetStats(cr.comb.ID, stats); err != nil {
		return err
	}
	s.changed(cr.channel)
	return nil
}

// --- loading ---

// character is the creature of a character record, loaded once per scene; its sheet is decoded by as5e or
// asRogue.
func (s *scene) character(ch *store.Character) *Creature {
	if cr := s.chars[ch.ID]; cr != nil {
		return cr
	}
	cr := &Creature{ch: ch}
	s.chars[ch.ID] = cr
	s.order = append(s.order, cr)
	return cr
}

// as5e decodes a character's D&D 5e sheet and the concentration stored with it (once); a character of another
// system is refused by name. NPCs need nothing.
func (cr *Creature) as5e() error {
	if cr.ch == nil || cr.d5 != nil {
		return nil
	}
	c, err := decode5e(cr.ch)
	if err != nil {
		return err
	}
	k := storedConc(cr.ch.Sheet)
	cr.d5, cr.conc, cr.holding = c, k.Concentration, dnd5e.Holding{Spell: k.Spell, Conditions: k.Conditions}
	cr.bearers = bearerHolding{Spell: k.Spell, Bearers: k.Bearers}
	cr.lastHit = storedLastHit(cr.ch.Sheet)
	cr.extras = storedExtras(cr.ch.Sheet)
	return nil
}

// asRogue decodes a character's Rogue's Tale sheet (once); a character of another system is refused by name.
func (cr *Creature) asRogue() error {
	if cr.ch == nil || cr.rt != nil {
		return nil
	}
	c, err := decodeRogue(cr.ch)
	if err != nil {
		return err
	}
	cr.rt = c
	return nil
}

// combatantOf attaches to a character's creature its combatant in encounter e (of channel), if it is one.
func (cr *Creature) combatantOf(e *encounter.Encounter, channel string) {
	if e == nil || cr.ch == nil || cr.comb != nil {
		return
	}
	for _, comb := range e.Combatants {
		if comb.Kind == encounter.KindCharacter && comb.CharacterID == cr.ch.ID {
			cr.comb, cr.enc, cr.channel = comb, e, channel
		}
	}
}

// npc is the creature of an NPC of a channel's encounter, loaded once per scene.
func (s *scene) npc(e *encounter.Encounter, channel string, comb *encounter.Combatant) *Creature {
	key := channel + "/" + comb.ID
	if cr := s.npcs[key]; cr != nil {
		return cr
	}
	cr := &Creature{comb: comb, enc: e, channel: channel}
	s.npcs[key] = cr
	s.order = append(s.order, cr)
	return cr
}

// rogueView loads a Rogue's Tale NPC's stored defender (once).
func (cr *Creature) rogueView() error {
	if cr.rt != nil || cr.ch != nil {
		return nil
	}
	d, err := rogueNPC(cr.comb)
	if err != nil {
		return err
	}
	cr.rt, cr.rtHP = d, cr.comb.HP
	return nil
}

// combatant is the creature of a combatant of the channel's encounter: a character's (its sheet; init.err.sheet_gone
// when it was deleted) or an NPC.
func (s *scene) combatant(e *encounter.Encounter, comb *encounter.Combatant) (*Creature, error) {
	if comb.Kind != encounter.KindCharacter {
		return s.npc(e, s.c.ChannelID, comb), nil
	}
	ch, err := s.byID(comb.CharacterID, "init.err.sheet_gone", "Name", comb.Name)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	cr.combatantOf(e, s.c.ChannelID)
	return cr, nil
}

// target5e finds a creature by name for a 5e command: a combatant of the channel's encounter first (an NPC, or a
// character whose sheet takes what comes), else a character of the guild (the caller's own first); nil when
// nobody has that name. A character of another system is refused by name.
func (s *scene) target5e(name string) (*Creature, error) {
	e, err := s.here()
	if err != nil {
		return nil, err
	}
	if e != nil {
		if comb, err := e.Find(name); err == nil {
			cr, err := s.combatant(e, comb)
			if err != nil {
				return nil, err
			}
			return cr, cr.as5e()
		}
	}
	ch, err := s.findCharacter(name)
	if err != nil || ch == nil {
		return nil, err
	}
	cr := s.character(ch)
	cr.combatantOf(e, s.c.ChannelID)
	return cr, cr.as5e()
}
