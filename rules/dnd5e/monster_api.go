package dnd5e

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Monster error codes (catalog keys in the monsters area).
const (
	ErrUnknownMonster = "monster.err.unknown"          // Monster
	ErrUnknownAction  = "monster.err.unknown_action"   // Monster, Action
	ErrNotAnAttack    = "monster.err.not_an_attack"    // Monster, Action
	ErrNoMultiattack  = "monster.err.no_multiattack"   // Monster
	ErrBadMultiOption = "monster.err.bad_multi_option" // Monster, Option, Max
)

// MonsterErrorCodes lists the codes above.
func MonsterErrorCodes() []string {
	return []string{ErrUnknownMonster, ErrUnknownAction, ErrNotAnAttack, ErrNoMultiattack, ErrBadMultiOption}
}

var monsterIndex = func() map[string]*Monster {
	idx := make(map[string]*Monster, len(monsterTable))
	for i := range monsterTable {
		idx[monsterTable[i].ID] = &monsterTable[i]
	}
	return idx
}()

// Monsters returns every SRD 5.1 monster (334) in the SRD data's order
// (alphabetical by name, a creature's forms together).
// The monsters are shared: do not modify them.
func Monsters() []*Monster {
	out := make([]*Monster, len(monsterTable))
	for i := range monsterTable {
		out[i] = &monsterTable[i]
	}
	return out
}

var idFolder = strings.NewReplacer(" ", "_", "-", "_")

// normID folds a typed id: lower case, spaces and dashes as underscores.
func normID(s string) string { return idFolder.Replace(strings.ToLower(strings.TrimSpace(s))) }

// MonsterByID finds a monster by id in any case, with spaces or dashes for
// underscores ("goblin", "Adult Red Dragon", "adult-red-dragon").
func MonsterByID(id string) (*Monster, bool) {
	m, ok := monsterIndex[normID(id)]
	return m, ok
}

// ParseMonster is MonsterByID with an ErrUnknownMonster error.
func ParseMonster(id string) (*Monster, error) {
	if m, ok := MonsterByID(id); ok {
		return m, nil
	}
	return nil, newError(ErrUnknownMonster, "Monster", id)
}

// MonsterExceptions lists the actions whose numbers the table does not hold
// in full (see MonsterException).
func MonsterExceptions() []MonsterException { return slices.Clone(monsterExceptions) }

// AC is the monster's armor class (the first listed).
func (m *Monster) AC() int {
	if len(m.Armor) == 0 {
		return 10
	}
	return m.Armor[0].Value
}

// AverageHP is the stat block's hit points.
func (m *Monster) AverageHP() int { return m.HP }

// RollHP rolls the monster's hit points (HPRoll, e.g. "2d8+2"); at least 1.
func (m *Monster) RollHP(r dice.Roller) (int, error) {
	hp, _, err := m.RollHPResult(r)
	return hp, err
}

// RollHPResult is RollHP with the roll itself, for showing its dice.
func (m *Monster) RollHPResult(r dice.Roller) (int, *dice.Result, error) {
	res, err := dice.Roll(m.HPRoll, r)
	if err != nil {
		return 0, nil, err
	}
	return max(1, res.Total), res, nil
}

// Mod is the modifier of ability a.
func (m *Monster) Mod(a Ability) int { return Modifier(m.Scores.Get(a)) }

// SaveBonus is the monster's saving throw bonus: the stat block's when
// listed, else the ability modifier.
func (m *Monster) SaveBonus(a Ability) int {
	for _, s := range m.Saves {
		if s.Ability == a {
			return s.Bonus
		}
	}
	return m.Mod(a)
}

// SkillBonus is the monster's skill bonus: the stat block's when listed, else
// the ability modifier.
func (m *Monster) SkillBonus(s Skill) int {
	for _, b := range m.Skills {
		if b.Skill == s {
			return b.Bonus
		}
	}
	return m.Mod(s.Ability())
}

// InitiativeBonus is the monster's initiative modifier (its DEX modifier).
func (m *Monster) InitiativeBonus() int { return m.Mod(Dex) }

// Action finds an action by id in any case (spaces for underscores),
// preferring actions over reactions, legendary actions and traits.
func (m *Monster) Action(id string) (*MonsterAction, error) {
	id = normID(id)
	for _, kind := range []ActionKind{ActAction, ActReaction, ActLegendary, ActTrait} {
		for i := range m.Actions {
			if a := &m.Actions[i]; a.Kind == kind && a.ID == id {
				return a, nil
			}
		}
	}
	return nil, newError(ErrUnknownAction, "Monster", m.ID, "Action", id)
}

// Attacks are the monster's actions with an attack roll, in stat-block order.
func (m *Monster) Attacks() []*MonsterAction {
	var out []*MonsterAction
	for i := range m.Actions {
		if m.Actions[i].Attack != "" {
			out = append(out, &m.Actions[i])
		}
	}
	return out
}

// Multiattack expands option (0-based) of the monster's Multiattack into the
// actions to take, in order, each as many times as it is made: the bugbear-like
// "two attacks with its claws" is [claw, claw]. Steps with dice counts are
// rolled with r. Steps that name a Spellcasting trait are left out (the caster
// casts a spell instead). Non-attack steps (Frightful Presence) are kept.
func (m *Monster) Multiattack(option int, r dice.Roller) ([]*MonsterAction, error) {
	var multi *MonsterAction
	for i := range m.Actions {
		if m.Actions[i].Kind == ActAction && len(m.Actions[i].Multiattack) > 0 {
			multi = &m.Actions[i]
			break
		}
	}
	if multi == nil {
		return nil, newError(ErrNoMultiattack, "Monster", m.ID)
	}
	if option < 0 || option >= len(multi.Multiattack) {
		return nil, newError(ErrBadMultiOption, "Monster", m.ID, "Option", option+1, "Max", len(multi.Multiattack))
	}
	var out []*MonsterAction
	for _, st := range multi.Multiattack[option] {
		a, err := m.Action(st.Action)
		if err != nil {
			continue // a Spellcasting step
		}
		n := st.Count
		if st.Dice != "" {
			res, err := dice.Roll(st.Dice, r)
			if err != nil {
				return nil, err
			}
			n = res.Total
		}
		for range n {
			out = append(out, a)
		}
	}
	return out, nil
}

// MultiattackOptions is the number of alternatives of the monster's
// Multiattack (0 without one).
func (m *Monster) MultiattackOptions() int {
	for i := range m.Actions {
		if n := len(m.Actions[i].Multiattack); n > 0 {
			return n
		}
	}
	return 0
}

// String is the challenge rating as the SRD writes it: "0", "1/8", "1/4", "1/2", "5".
func (c CR) String() string {
	if c.Den > 1 {
		return strconv.Itoa(c.Num) + "/" + strconv.Itoa(c.Den)
	}
	return strconv.Itoa(c.Num)
}

// Value is the challenge rating as a number (0.125 for 1/8).
func (c CR) Value() float64 {
	if c.Den == 0 {
		return float64(c.Num)
	}
	return float64(c.Num) / float64(c.Den)
}

// Less orders challenge ratings.
func (c CR) Less(d CR) bool { return c.Value() < d.Value() }

// MonsterKeys lists every catalog key of the monsters area
// (locales/catalog/monsters.<lang>.toml): monster names, action names, the
// stat-block ids, labels and error codes.
func MonsterKeys() []string {
	keys := slices.Clone(monsterNameKeys)
	keys = append(keys, monsterActionKeys...)
	for _, table := range [][]monsterID{sizeTable, creatureTypeTable, tagTable, alignmentTable, acKindTable,
		languageTable, actionKindTable, attackKindTable, variantTable, qualifierTable} {
		for _, e := range table {
			keys = append(keys, e.key)
		}
	}
	keys = append(keys, MonsterLabels()...)
	return append(keys, MonsterErrorCodes()...)
}
