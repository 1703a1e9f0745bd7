package encounter

import (
	"strconv"
	"strings"
)

// Validate checks a decoded encounter and returns the first problem: an
// out-of-range value with its own code, anything inconsistent as ErrCorrupt
// naming the field.
func (e *Encounter) Validate() error {
	if e.V != Version {
		return newError(ErrBadVersion, "Version", e.V)
	}
	if !e.System.Valid() {
		return newError(ErrBadSystem, "System", string(e.System))
	}
	if strings.TrimSpace(e.Starter) == "" {
		return newError(ErrNoStarter)
	}
	if err := checkID(e.Starter); err != nil {
		return err
	}
	corrupt := func(field string) error { return newError(ErrCorrupt, "Field", field) }
	n := len(e.Combatants)
	if n > MaxCombatants {
		return newError(ErrTooMany, "Max", MaxCombatants)
	}
	if e.Round < 0 || e.Turn < -1 || e.Turn >= n || (e.Round == 0 && e.Turn != -1) {
		return corrupt("turn")
	}
	if len(e.Log) > MaxLog {
		return corrupt("log")
	}
	if len(e.Undo) > MaxUndo {
		return corrupt("undo")
	}
	ids := map[string]*Combatant{}
	names := map[string]bool{}
	seqs := map[int]bool{}
	chars := map[string]bool{}
	for i, c := range e.Combatants {
		if c == nil {
			return corrupt("combatants")
		}
		if c.Seq < 1 || c.Seq > e.NextSeq || seqs[c.Seq] || c.ID != "c"+strconv.Itoa(c.Seq) {
			return corrupt("combatants[" + strconv.Itoa(i) + "].id")
		}
		seqs[c.Seq] = true
		ids[c.ID] = c
		if err := checkName(c.Name); err != nil || normName(c.Name) != c.Name {
			return newError(ErrBadName, "Max", MaxNameLen)
		}
		if names[foldName(c.Name)] {
			return newError(ErrDuplicateName, "Name", c.Name)
		}
		names[foldName(c.Name)] = true
		if err := c.validate(); err != nil {
			return err
		}
		if c.Kind == KindCharacter {
			if chars[c.CharacterID] {
				return newError(ErrAlreadyJoined, "Name", c.Name)
			}
			chars[c.CharacterID] = true
		}
	}
	for _, c := range e.Combatants {
		if c.Summoner != "" && ids[c.Summoner] == nil {
			return corrupt(c.ID + ".summoner")
		}
		// no cycles: following summoners ends within n steps
		s, steps := c, 0
		for s.Summoner != "" && steps <= n {
			s, steps = ids[s.Summoner], steps+1
		}
		if steps > n {
			return corrupt(c.ID + ".summoner")
		}
		for _, cd := range c.Conditions {
			if ids[cd.Anchor] == nil {
				return corrupt(c.ID + ".conditions")
			}
		}
	}
	for _, st := range e.Undo {
		for _, t := range st.Ticks {
			if err := checkConditions(t.Before); err != nil {
				return corrupt("undo")
			}
		}
	}
	return nil
}

func (c *Combatant) validate() error {
	field := func(f string) error { return newError(ErrCorrupt, "Field", c.ID+"."+f) }
	if c.Kind.Key() == "" {
		return field("kind")
	}
	if c.Kind == KindCharacter && strings.TrimSpace(c.CharacterID) == "" {
		return newError(ErrNoCharacter)
	}
	if err := checkID(c.CharacterID); err != nil {
		return err
	}
	if err := checkID(c.OwnerID); err != nil {
		return err
	}
	if abs(c.Init) > MaxInitiative+MaxInitBonus {
		return newError(ErrBadInitiative, "Initiative", c.Init, "Max", MaxInitiative)
	}
	if abs(c.Bonus) > MaxInitBonus {
		return newError(ErrBadBonus, "Bonus", c.Bonus, "Max", MaxInitBonus)
	}
	if !c.Mode.valid() {
		return newError(ErrBadMode, "Mode", string(c.Mode))
	}
	if c.Dex != 0 && (c.Dex < MinDex || c.Dex > MaxDex) {
		return newError(ErrBadDex, "Dex", c.Dex, "Min", MinDex, "Max", MaxDex)
	}
	if c.Natural < 0 || c.Natural > 20 || c.RollOff < 0 || c.RollOff > 20 {
		return field("natural")
	}
	if c.Kind == KindNPC {
		if c.MaxHP < 1 || c.MaxHP > MaxHP || c.HP < 0 || c.HP > c.MaxHP {
			return newError(ErrBadHP, "HP", c.HP, "Min", 0, "Max", MaxHP)
		}
	} else if c.HP != 0 || c.MaxHP != 0 || c.TempHP != 0 || c.AC != 0 || c.Stats != nil {
		return field("hp")
	}
	if c.TempHP < 0 || c.TempHP > MaxHP {
		return newError(ErrBadTempHP, "TempHP", c.TempHP, "Max", MaxHP)
	}
	if c.AC < 0 || c.AC > MaxAC {
		return newError(ErrBadAC, "AC", c.AC, "Max", MaxAC)
	}
	if err := checkStats(c.Stats); err != nil {
		return err
	}
	if err := c.Pos.validate(); err != nil {
		return err
	}
	if len(c.Conditions) > MaxConditions {
		return newError(ErrTooManyConditions, "Name", c.Name, "Max", MaxConditions)
	}
	if err := checkConditions(c.Conditions); err != nil {
		if e, ok := err.(*Error); ok && e.Code == ErrCorrupt {
			return field("conditions")
		}
		return err
	}
	return nil
}

// checkConditions checks ids, durations and boundaries, one condition per id.
func checkConditions(list []Condition) error {
	seen := map[string]bool{}
	for _, cd := range list {
		id, err := conditionID(cd.ID)
		if err != nil {
			return err
		}
		if id != cd.ID || seen[id] {
			return newError(ErrCorrupt, "Field", "conditions")
		}
		seen[id] = true
		if cd.Rounds < 0 || cd.Rounds > MaxRounds {
			return newError(ErrBadRounds, "Rounds", cd.Rounds, "Max", MaxRounds)
		}
		if cd.Until.Key() == "" {
			return newError(ErrBadUntil, "Until", string(cd.Until))
		}
	}
	return nil
}
