package encounter

import (
	"encoding/json"
	"strconv"
	"testing"

	"rulekeeper/rules/dice"
)

// FuzzOperations runs byte-driven sequences of operations and checks after
// each one that nothing panics, the encounter still validates and survives
// JSON, summons follow their summoners and the 5e order is sorted.
func FuzzOperations(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 4, 4, 5, 7, 4})
	f.Add(uint64(7), []byte{1, 1, 1, 2, 9, 4, 4, 6, 4, 7, 7, 7, 8, 3, 3, 4})
	f.Add(uint64(42), []byte{0, 2, 0, 2, 9, 9, 9, 4, 12, 4, 5, 5, 5, 5, 6, 4, 4, 4, 4, 11, 4})
	f.Fuzz(func(t *testing.T, seed uint64, ops []byte) {
		for _, sys := range []System{DnD5e, Rogue} {
			e, _ := New(sys, "gm")
			r := dice.NewSeeded(seed)
			pick := func(i int) string {
				if len(e.Combatants) == 0 {
					return "nobody"
				}
				return e.Combatants[i%len(e.Combatants)].ID
			}
			for i, op := range ops {
				arg := int(op >> 4)
				switch op % 14 {
				case 0:
					_, _ = e.Join(CharacterEntry{Name: "PC " + strconv.Itoa(i), CharacterID: strconv.Itoa(i % 5),
						InitOptions: InitOptions{Bonus: arg - 5, Mode: []Mode{"", Advantage, Disadvantage}[arg%3], Dex: arg % 4 * 5}}, r)
				case 1:
					_, _ = e.AddNPCs(NPCEntry{Name: "Gob", Count: arg % 4, HP: 1 + arg, Shared: arg%2 == 0,
						InitOptions: InitOptions{Bonus: arg % 3}}, r)
				case 2:
					_, _ = e.AddNPCs(NPCEntry{Name: "Imp", HP: 3, Summoner: pick(arg)}, r)
				case 3:
					_, _ = e.Remove(pick(arg))
				case 4:
					_, _ = e.Next()
				case 5:
					_, _ = e.Prev()
				case 6:
					_, _ = e.ApplyDamage(pick(arg), arg)
				case 7:
					_, _ = e.Heal(pick(arg), arg)
				case 8:
					_, _ = e.AddCondition(pick(arg), ConditionSpec{ID: "c" + strconv.Itoa(arg%3), Rounds: arg % 3,
						Until: []Until{"", UntilStart}[arg%2], Anchor: pick(arg / 2)})
				case 9:
					_, _ = e.SetInitiative(pick(arg), arg-3, r)
				case 10:
					_, _ = e.RemoveCondition(pick(arg), "c"+strconv.Itoa(arg%3))
				case 11:
					_, _ = e.UseDefence(pick(arg), []Defence{DefenceDodge, DefenceBlock, DefenceParry}[arg%3])
				case 12:
					_, _ = e.SetTempHP(pick(arg), arg)
				case 13:
					_, _ = e.Move(pick(arg), &Pos{arg, -arg})
				}
				check(t, e)
			}
		}
	})
}

func check(t *testing.T, e *Encounter) {
	t.Helper()
	if err := e.Validate(); err != nil {
		t.Fatalf("invalid: %v", err)
	}
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(data); err != nil {
		t.Fatalf("decode: %v", err)
	}
	var prev *Combatant
	for i, c := range e.Combatants {
		if c.Summoner != "" {
			if j := e.index(c.Summoner); j < 0 || j >= i {
				t.Fatalf("%s does not follow its summoner: %s", c.Name, names(e))
			}
			continue
		}
		if e.System == DnD5e && prev != nil && before5e(c, prev) {
			t.Fatalf("5e order broken at %s: %s", c.Name, names(e))
		}
		prev = c
	}
	if len(e.Undo) > MaxUndo || len(e.Log) > MaxLog {
		t.Fatal("unbounded history")
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"v":1,"system":"dnd5e","starter":"u","round":0,"turn":-1,"next_seq":0,"combatants":[]}`))
	f.Add([]byte(`{"v":1,"system":"rogue","starter":"u","round":1,"turn":0,"next_seq":1,"combatants":[{"id":"c1","seq":1,"name":"A","kind":"npc","hp":3,"max_hp":3,"place":1,"summoner":"c1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil {
			return
		}
		// whatever decodes can be played without panicking
		for range 3 {
			_, _ = e.Next()
		}
		_, _ = e.Prev()
		if len(e.Combatants) > 0 {
			_, _ = e.Remove(e.Combatants[0].ID)
		}
		_ = e.Rows(true)
	})
}
