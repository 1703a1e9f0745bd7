package play

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// /init runs the channel's encounter (design §3, digest B4): one per channel. Anyone starts an encounter and joins
// it with a character they may edit; the guild's GM role, Manage Server and the encounter's starter run it for
// others (add, prev, end, and next on anyone's turn); a player may end their own combatant's turn, move it, remove
// it and put conditions on it. A 5e character's timed sheet conditions count down when its turn ends, in the same
// transaction as the turn change.

// InitStart starts an encounter in the caller's channel in the system asked for ("" = the guild's default, else
// D&D 5e).
func (t *Table) InitStart(ctx context.Context, c Caller, system string) (*encounter.Encounter, error) {
	var out *encounter.Encounter
	err := t.update(ctx, c, nil, func(s *scene) error {
		g, err := s.settings()
		if err != nil {
			return err
		}
		old, err := s.here()
		if err != nil {
			return err
		}
		if old != nil {
			return fail("init.err.exists")
		}
		e, err := encounter.New(encounter.System(RequestedSystem(system, g)), c.UserID)
		if err != nil {
			return err
		}
		s.putEncounter(c.ChannelID, e)
		out = e
		return nil
	})
	return out, err
}

// runEncounter runs fn on the channel's encounter (init.err.none without one) and saves it.
func (t *Table) runEncounter(ctx context.Context, c Caller, r dice.Roller, fn func(s *scene, e *encounter.Encounter) error) (*encounter.Encounter, error) {
	var out *encounter.Encounter
	err := t.update(ctx, c, r, func(s *scene) error {
		e, err := s.mustHere()
		if err != nil {
			return err
		}
		if err := fn(s, e); err != nil {
			return err
		}
		s.changed(c.ChannelID)
		out = e
		return nil
	})
	return out, err
}

// mayControl refuses a caller who may not run the encounter for others.
func (s *scene) mayControl(e *encounter.Encounter) error {
	if !e.MayControl(s.c.UserID, s.c.GM) {
		return fail("init.err.not_gm")
	}
	return nil
}

// mayAct refuses a caller who may not act for combatant c.
func (s *scene) mayAct(e *encounter.Encounter, c *encounter.Combatant) error {
	if !e.MayAct(s.c.UserID, s.c.GM, c) {
		return fail("init.err.not_yours", "Name", c.Name)
	}
	return nil
}

// InitJoin is /init join's input: the acting character and, for a 5e encounter, how it rolls initiative.
type InitJoin struct {
	Character string
	Mode      encounter.Mode
	Bonus     int  // added to the DEX modifier
	Total     *int // a fixed initiative instead of a roll
	Given     bool // mode, bonus or total was given (a Rogue's Tale order takes none)
	Pos       *encounter.Pos
	// Firearm: a Call of Cthulhu character with a readied firearm (DEX + 50 for the order).
	Firearm bool
}

// Joined is what /init join did: who entered, and — for a 5e character whose initiative something changes — the
// DEX check it rolled (B4: initiative is a DEX check; conditions, features and effects on checks apply).
type Joined struct {
	*encounter.Added
	Check *dnd5e.RollResult
}

// InitJoin adds the acting character (one the caller may edit, of the encounter's system) to the channel's
// encounter.
func (t *Table) InitJoin(ctx context.Context, c Caller, in InitJoin, r dice.Roller) (*encounter.Encounter, *Joined, error) {
	var added *Joined
	e, err := t.runEncounter(ctx, c, r, func(s *scene, e *encounter.Encounter) error {
		var check *dnd5e.RollResult
		if in.Firearm && e.System != encounter.CoC {
			return fail("rt.err.option_not_for_system", "Option", "firearm", "System", string(e.System))
		}
		ch, err := s.editable(in.Character)
		if err != nil {
			return err
		}
		entry := encounter.CharacterEntry{Name: ch.Name, CharacterID: ch.ID, OwnerID: ch.OwnerID, Pos: in.Pos}
		switch {
		case e.System == encounter.DnD5e && ch.System == System5e:
			cr := s.character(ch)
			if err := cr.as5e(); err != nil {
				return err
			}
			if cr.d5.State == dnd5e.Dead {
				return &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": cr.d5.Name}}
			}
			entry.InitOptions = encounter.InitOptions{Bonus: cr.d5.Mod(dnd5e.Dex) + in.Bonus, Mode: in.Mode, Dex: cr.d5.Scores.Dex}
			entry.Fixed = in.Total
			if check, err = s.initiative5e(cr, in); err != nil {
				return err
			}
			if check != nil {
				entry.Rolled = &encounter.Roll{Notation: check.Notation, Result: check.Roll, Total: check.Total, Natural: check.Natural}
			}
		case e.System == encounter.Rogue && ch.System == SystemRogue:
			if in.Given {
				return fail("init.err.rogue_order")
			}
		case e.System == encounter.CoC && ch.System == SystemCoC:
			if err := s.joinCoC(ch, in, &entry); err != nil {
				return err
			}
		default:
			return fail("init.err.wrong_system", "Name", ch.Name, "System", string(e.System))
		}
		a, err := e.Join(entry, s.r)
		added = &Joined{Added: a, Check: check}
		return err
	})
	return e, added, err
}

// initiative5e rolls a 5e character's initiative as the DEX check it is (B4) when something on the character
// changes that check — a condition (poisoned, frightened, exhaustion), a feature (jack of all trades, remarkable
// athlete, feral instinct) or an effect (guidance) — and spends what it used; nil when nothing does (the encounter
// rolls its plain 1d20 + DEX), or when the total was given.
func (s *scene) initiative5e(cr *Creature, in InitJoin) (*dnd5e.RollResult, error) {
	if in.Total != nil {
		return nil, nil
	}
	dry, err := cr.d5.Initiative(dice.NewSeeded(1), dnd5e.RollOptions{}) // what applies, before any die is rolled
	if err != nil {
		return nil, err
	}
	if len(dry.Effects) == 0 && len(dry.Applied) == 0 && dry.EffectBonus == "" && dry.MinD20 == 0 {
		return nil, nil
	}
	o := dnd5e.RollOptions{Mode: dnd5e.Mode(in.Mode)}
	if in.Bonus != 0 {
		o.Bonus = strconv.Itoa(in.Bonus)
	}
	res, err := cr.d5.Initiative(s.r, o)
	if err != nil {
		return nil, err
	}
	if _, err := cr.spendEffects(s, res.Applied, ""); err != nil {
		return nil, err
	}
	return res, nil
}

// InitAdd is /init add's input: the NPCs, with their 5e stats (an SRD monster, saves and damage defences) or their
// Rogue's Tale defences, and how their hit points and initiative are found (monster.go).
type InitAdd struct {
	NPC encounter.NPCEntry
	// Monster is an SRD monster's id ("" for a hand-made NPC): its AC, HP, DEX and stat block come with it.
	Monster string
	// HP is how hit points are found when NPC.HP is 0: "average" (a monster's stat block, the default), "roll" (its
	// Hit Dice, for each creature) or dice notation rolled for each creature ("2d8+6").
	HP string
	// Group: every creature of the group on one initiative roll (nil: the guild's npc_initiative setting).
	Group *bool
	// Stats5e are the 5e saves and defences (nil: none); Stats5eGiven names the options that gave them.
	Stats5e      *dnd5e.NPCStats
	Stats5eGiven []string
	// Defences are the Rogue's Tale defences (defences:); DefencesGiven says the option was given.
	Defences      Reading[RogueDefences]
	DefencesGiven bool
	// CoC is a Call of Cthulhu NPC's numbers (its DEX, readied firearm and defences:); Err when they do not parse.
	CoC Reading[NewCoCNPC]
	// Conditions (5e) the NPCs enter with: their initiative, a DEX check, rolls with what they do to checks (B4).
	Conditions []dnd5e.Condition
}

// NPCsAdded is what /init add did: who entered (with their initiative), and the hit points each got.
type NPCsAdded struct {
	*encounter.Added
	Monster string         // the SRD monster's id, "" for hand-made NPCs
	HP      []int          // each new NPC's hit points, in the order of Arrivals' names (numbered order)
	HPRolls []*dice.Result // the rolls that gave them (none for a number or the average)
	// InitEffects are what the NPCs' conditions did to their initiative roll; InitCancelled: the GM's advantage and
	// the conditions' disadvantage cancelled.
	InitEffects   []dnd5e.Effect
	InitCancelled bool
}

// InitAdd adds NPCs to the channel's encounter (those who run it only).
func (t *Table) InitAdd(ctx context.Context, c Caller, in InitAdd, r dice.Roller) (*encounter.Encounter, *NPCsAdded, error) {
	var out *NPCsAdded
	e, err := t.runEncounter(ctx, c, r, func(s *scene, e *encounter.Encounter) error {
		if err := s.mayControl(e); err != nil {
			return err
		}
		if in.CoC.In.Firearm && e.System != encounter.CoC {
			return fail("rt.err.option_not_for_system", "Option", "firearm", "System", string(e.System))
		}
		if e.System != encounter.DnD5e && len(in.Stats5eGiven) > 0 {
			return fail("rt.err.option_not_for_system", "Option", in.Stats5eGiven[0], "System", string(e.System))
		}
		entry := in.NPC
		stats, err := s.monsterEntry(e, &in, &entry)
		if err != nil {
			return err
		}
		hps, rolls, err := s.npcHP(&in, entry.Count)
		if err != nil {
			return err
		}
		if len(hps) > 0 {
			entry.HP = hps[0]
		}
		if stats != nil {
			data, err := json.Marshal(stats)
			if err != nil {
				return err
			}
			entry.Stats = data
		}
		switch {
		case e.System == encounter.Rogue:
			if in.Defences.Err != nil {
				return in.Defences.Err
			}
			d, err := NewRogueNPC(entry.Name, entry.HP, in.Defences.In)
			if err != nil {
				return err
			}
			if entry.Stats, err = json.Marshal(rogueNPCStats{RT: d}); err != nil {
				return err
			}
		case e.System == encounter.CoC:
			if err := addCoCNPC(in, &entry); err != nil {
				return err
			}
		case in.DefencesGiven:
			return fail("rt.err.option_not_for_system", "Option", "defences", "System", string(e.System))
		}
		fx, cancelled, err := npcInitConditions(e, &in, &entry, stats)
		if err != nil {
			return err
		}
		added, err := e.AddNPCs(entry, s.r)
		if err != nil {
			return err
		}
		out = &NPCsAdded{Added: added, Monster: in.Monster, HPRolls: rolls, InitEffects: fx, InitCancelled: cancelled}
		if out.HP, err = setGroupHP(e, added, hps, entry.HP); err != nil {
			return err
		}
		for _, a := range added.Arrivals {
			for _, c := range in.Conditions {
				if _, err := e.AddCondition(a.Combatant.ID, encounter.ConditionSpec{ID: string(c)}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return e, out, err
}

// InitSheets are the sheets /init list shows beside the encounter's characters, by combatant id: 5e sheets with
// their concentration, and Call of Cthulhu sheets (HP and state: dying, unconscious, stable, dead).
type InitSheets struct {
	D5    map[string]*dnd5e.Character
	Concs map[string]dnd5e.Concentration
	CoC   map[string]*coc.Character
	RT    map[string]*rogue.Character // Rogue's Tale characters (HP and energy in its own words)
}

// InitList reads the channel's encounter with its characters' sheets (InitSheets), by combatant id.
func (t *Table) InitList(ctx context.Context, c Caller) (*encounter.Encounter, *InitSheets, error) {
	var (
		out    *encounter.Encounter
		sheets *InitSheets
	)
	err := t.view(ctx, c, nil, func(s *scene) error {
		sheets = &InitSheets{D5: map[string]*dnd5e.Character{}, Concs: map[string]dnd5e.Concentration{}, CoC: map[string]*coc.Character{}, RT: map[string]*rogue.Character{}}
		e, err := s.mustHere()
		if err != nil {
			return err
		}
		for _, comb := range e.Combatants {
			if comb.Kind != encounter.KindCharacter {
				continue
			}
			ch, err := s.tx.Character(comb.CharacterID)
			if err != nil {
				continue // a deleted sheet: no HP shown
			}
			cr := s.character(ch)
			switch {
			case ch.System == System5e && cr.as5e() == nil:
				sheets.D5[comb.ID], sheets.Concs[comb.ID] = cr.d5, cr.conc
			case ch.System == SystemCoC && cr.asCoC() == nil:
				sheets.CoC[comb.ID] = cr.cc
			case ch.System == SystemRogue && cr.asRogue() == nil:
				sheets.RT[comb.ID] = cr.rt
			}
		}
		out = e
		return nil
	})
	return out, sheets, err
}

// InitMove moves a combatant (one the caller may act for).
func (t *Table) InitMove(ctx context.Context, c Caller, combatant string, pos *encounter.Pos) (*encounter.Encounter, *encounter.Combatant, error) {
	var moved *encounter.Combatant
	e, err := t.runEncounter(ctx, c, nil, func(s *scene, e *encounter.Encounter) error {
		cb, err := e.Find(combatant)
		if err != nil {
			return err
		}
		if err := s.mayAct(e, cb); err != nil {
			return err
		}
		moved, err = e.Move(cb.ID, pos)
		return err
	})
	return e, moved, err
}

// InitCondition is /init condition's input: a condition put on a combatant or taken off.
type InitCondition struct {
	Combatant string
	Name      string                   // as typed (the id in a Rogue's Tale encounter)
	Condition Reading[dnd5e.Condition] // its 5e reading
	Rounds    int
	Remove    bool
}

// ConditionSet is what /init condition did: on whom, which condition, and the change (a sheet's
// *dnd5e.ConditionChange for a 5e character, else the encounter's *encounter.ConditionChange).
type ConditionSet struct {
	Name, Condition string
	Change          any
	// Conc is the combatant after the change when it ended its concentration (B6: incapacitated), with the
	// conditions and effects that spell held; nil otherwise.
	Conc *Hit
}

// InitCondition puts a condition on a combatant, or takes it off: a 5e character's goes on its sheet (where
// /attack and /check see it; when it ends the character's concentration, the conditions that spell held end too),
// anyone else's is tracked by the encounter. Who may: those who may act for the combatant, and the player whose
// turn it is (a spell or attack of theirs did it).
func (t *Table) InitCondition(ctx context.Context, c Caller, in InitCondition) (*encounter.Encounter, *ConditionSet, error) {
	var out *ConditionSet
	e, err := t.runEncounter(ctx, c, nil, func(s *scene, e *encounter.Encounter) error {
		cb, err := e.Find(in.Combatant)
		if err != nil {
			return err
		}
		if cur := e.Current(); !e.MayAct(c.UserID, c.GM, cb) && !(cur != nil && cur.OwnerID != "" && cur.OwnerID == c.UserID) {
			return fail("init.err.not_yours", "Name", cb.Name)
		}
		id := strings.TrimSpace(in.Name)
		if e.System == encounter.DnD5e {
			if in.Condition.Err != nil {
				return in.Condition.Err
			}
			if in.Condition.In == dnd5e.Exhaustion {
				return fail("init.err.exhaustion")
			}
			id = string(in.Condition.In)
		}
		out = &ConditionSet{Name: cb.Name, Condition: id}
		if err := s.mayCondition(e, cb, id, in.Remove); err != nil {
			return err
		}
		if cb.Kind == encounter.KindCharacter && e.System == encounter.DnD5e {
			cr, err := s.combatant(e, cb)
			if err != nil {
				return err
			}
			if err := cr.as5e(); err != nil {
				return err
			}
			if in.Remove {
				out.Change, err = cr.d5.RemoveCondition(dnd5e.Condition(id))
			} else {
				out.Change, err = cr.d5.AddCondition(dnd5e.Condition(id), dnd5e.ConditionOptions{Rounds: in.Rounds})
			}
			if err != nil {
				return err
			}
			cr.dirty = true
			if err := s.settle(cr); err != nil { // an incapacitated caster's spell ends
				return err
			}
			if cr.concEnded != "" {
				out.Conc = s.hit(cr, nil)
			}
			return nil
		}
		if in.Remove {
			out.Change, err = e.RemoveCondition(cb.ID, id)
		} else {
			if e.System == encounter.DnD5e && npcStats(cb).ImmuneTo(dnd5e.Condition(id)) { // its monster's (npc.go)
				return fail("npc.err.immune", "Name", cb.Name, "Condition", id)
			}
			out.Change, err = e.AddCondition(cb.ID, encounter.ConditionSpec{ID: id, Rounds: in.Rounds})
		}
		if err != nil || e.System != encounter.DnD5e || cb.Kind != encounter.KindNPC {
			return err
		}
		cr := s.npc(e, c.ChannelID, cb)
		cr.stats5e()
		if err := s.settleNPC(cr); err != nil { // an incapacitated NPC's spell ends (npc.go)
			return err
		}
		if cr.concEnded != "" {
			out.Conc = s.hit(cr, nil)
		}
		return nil
	})
	return e, out, err
}

// mayCondition checks /init condition on a character combatant (authz.go), with the caller's fighting character
// acting: a condition put on harms it (in D&D 5e: any but invisible), one taken off helps it (5e invisible:
// harms).
func (s *scene) mayCondition(e *encounter.Encounter, cb *encounter.Combatant, id string, remove bool) error {
	if cb.Kind != encounter.KindCharacter {
		return nil
	}
	ch, err := s.maybeByID(cb.CharacterID)
	if err != nil || ch == nil {
		return err // a deleted sheet is no one's character
	}
	cr := s.character(ch)
	harm := !remove
	if e.System == encounter.DnD5e {
		harm = conditionHarms(dnd5e.Condition(id)) != remove
	}
	actor, err := s.fighter(e)
	if err != nil {
		return err
	}
	return s.harmOrHelp(actor, cr, harm)
}

// fighter is the caller's character fighting in encounter e: the current combatant when it is theirs, else their
// first; nil when they have none there.
func (s *scene) fighter(e *encounter.Encounter) (*Creature, error) {
	var mine *encounter.Combatant
	for _, c := range e.Order() {
		if c.Kind == encounter.KindCharacter && c.OwnerID == s.c.UserID && (mine == nil || c == e.Current()) {
			mine = c
		}
	}
	if mine == nil {
		return nil, nil
	}
	ch, err := s.maybeByID(mine.CharacterID)
	if err != nil || ch == nil {
		return nil, err
	}
	return s.character(ch), nil
}

// InitRemove removes a combatant (one the caller may act for).
func (t *Table) InitRemove(ctx context.Context, c Caller, combatant string) (*encounter.Encounter, *encounter.Removal, error) {
	var rm *encounter.Removal
	e, err := t.runEncounter(ctx, c, nil, func(s *scene, e *encounter.Encounter) error {
		cb, err := e.Find(combatant)
		if err != nil {
			return err
		}
		if err := s.mayAct(e, cb); err != nil {
			return err
		}
		rm, err = e.Remove(cb.ID)
		return err
	})
	return e, rm, err
}

// InitEnd ends the channel's encounter (those who run it only); it returns the encounter as it ended and the
// timed conditions that ended with it (gmturn.go: those that do not outlast it; keep: none end).
func (t *Table) InitEnd(ctx context.Context, c Caller, keep bool) (*encounter.Encounter, []encounter.Expiry, error) {
	var (
		out   *encounter.Encounter
		ended []encounter.Expiry
	)
	err := t.update(ctx, c, nil, func(s *scene) error {
		e, err := s.mustHere()
		if err != nil {
			return err
		}
		if err := s.mayControl(e); err != nil {
			return err
		}
		if ended, err = s.endEncounter5e(e, keep); err != nil {
			return err
		}
		s.deleteEncounter(c.ChannelID)
		out = e
		return nil
	})
	return out, ended, err
}

// npcInitConditions checks the conditions /init add's NPCs enter with (5e only; not exhaustion, which the encounter
// does not track; none its monster is immune to) and turns what they do to a check into the initiative's mode (B4:
// initiative is a DEX check; poisoned and frightened give disadvantage, cancelled by advantage).
func npcInitConditions(e *encounter.Encounter, in *InitAdd, entry *encounter.NPCEntry, stats *dnd5e.NPCStats) ([]dnd5e.Effect, bool, error) {
	if len(in.Conditions) == 0 {
		return nil, false, nil
	}
	if e.System != encounter.DnD5e {
		return nil, false, fail("rt.err.option_not_for_system", "Option", "conditions", "System", string(e.System))
	}
	for _, c := range in.Conditions {
		if c == dnd5e.Exhaustion {
			return nil, false, fail("init.err.exhaustion")
		}
		if stats != nil && stats.ImmuneTo(c) {
			return nil, false, fail("npc.err.immune", "Name", entry.Name, "Condition", string(c))
		}
	}
	fx := dnd5e.CheckEffects(in.Conditions)
	if len(fx) == 0 || entry.Fixed != nil {
		return nil, false, nil
	}
	if entry.Mode == encounter.Advantage {
		entry.Mode = encounter.Normal
		return fx, true, nil
	}
	entry.Mode = encounter.Disadvantage
	return fx, false, nil
}
