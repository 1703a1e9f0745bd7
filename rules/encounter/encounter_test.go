package encounter

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"rulekeeper/rules/dice"
)

// rich builds an encounter that uses every field.
func rich(t *testing.T) *Encounter {
	t.Helper()
	e := mustNew(t, DnD5e)
	if _, err := e.Join(CharacterEntry{Name: "Aria", CharacterID: "sheet-1", OwnerID: "u1",
		InitOptions: InitOptions{Bonus: 3, Mode: Advantage, Dex: 16}, Pos: &Pos{1, 2}}, faces(4, 15)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 2, HP: 7, TempHP: 2, AC: 15, Shared: true,
		InitOptions: InitOptions{Bonus: 2}, Stats: json.RawMessage(`{ "resist": ["fire"] }`), Pos: &Pos{-3, 4}}, faces(16, 9, 4)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddNPCs(NPCEntry{Name: "Imp", HP: 10, Summoner: "Goblin 1"}, nil); err != nil {
		t.Fatal(err)
	}
	mustNext(t, e)
	if _, err := e.AddCondition("Goblin 2", ConditionSpec{ID: "frightened", Rounds: 2, Anchor: "Aria"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddCondition("Aria", ConditionSpec{ID: "blessed", Rounds: 10, Until: UntilStart}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.ApplyDamage("Goblin 1", 4); err != nil {
		t.Fatal(err)
	}
	mustNext(t, e)
	return e
}

func TestJSONRoundTrip(t *testing.T) {
	e := rich(t)
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), `{"v":1,"system":"dnd5e"`) {
		t.Errorf("JSON starts %s", data[:40])
	}
	d, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(d, e) {
		t.Errorf("round trip differs:\n%+v\n%+v", d, e)
	}
	again, _ := json.Marshal(d)
	if string(again) != string(data) {
		t.Errorf("re-encoding differs:\n%s\n%s", again, data)
	}
	// a decoded encounter carries on exactly like the original
	tc1, tc2 := mustNext(t, e), mustNext(t, d)
	if !reflect.DeepEqual(tc1, tc2) || !reflect.DeepEqual(d, e) {
		t.Errorf("diverged: %+v vs %+v", tc1, tc2)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"v", "system", "starter", "round", "turn", "next_seq", "combatants", "log", "undo"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	g := m["combatants"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "seq", "name", "kind", "init", "place"} {
		if _, ok := g[k]; !ok {
			t.Errorf("combatant JSON lacks %q: %v", k, g)
		}
	}
	// the stats payload is stored compact
	gob, _ := e.Find("Goblin 2")
	if string(gob.Stats) != `{"resist":["fire"]}` {
		t.Errorf("stats %s", gob.Stats)
	}
	// a new encounter too
	n := mustNew(t, Rogue)
	if d := roundTrip(t, n); !reflect.DeepEqual(d, n) || d.Turn != -1 {
		t.Errorf("empty round trip %+v", d)
	}
}

func TestResultsMarshal(t *testing.T) {
	e := mustNew(t, DnD5e)
	a, err := e.Join(CharacterEntry{Name: "Aria", CharacterID: "s", InitOptions: InitOptions{Bonus: 3, Mode: Advantage}}, faces(4, 15))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"notation":"2d20kh1+3"`) || !strings.Contains(string(data), `"breakdown"`) {
		t.Errorf("arrival JSON %s", data)
	}
	tc := mustNext(t, e)
	if _, err := json.Marshal(tc); err != nil {
		t.Fatal(err)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(e *Encounter)
		code   string
	}{
		{"version", func(e *Encounter) { e.V = 2 }, ErrBadVersion},
		{"system", func(e *Encounter) { e.System = "gurps" }, ErrBadSystem},
		{"starter", func(e *Encounter) { e.Starter = " " }, ErrNoStarter},
		{"starter too long", func(e *Encounter) { e.Starter = strings.Repeat("9", MaxIDLen+1) }, ErrBadID},
		{"turn out of range", func(e *Encounter) { e.Turn = 9 }, ErrCorrupt},
		{"turn before start", func(e *Encounter) { e.Round, e.Turn = 0, 0 }, ErrCorrupt},
		{"negative round", func(e *Encounter) { e.Round = -1 }, ErrCorrupt},
		{"log too long", func(e *Encounter) { e.Log = make([]LogEntry, MaxLog+1) }, ErrCorrupt},
		{"undo too long", func(e *Encounter) { e.Undo = make([]UndoStep, MaxUndo+1) }, ErrCorrupt},
		{"bad undo record", func(e *Encounter) {
			e.Undo = append(e.Undo, UndoStep{Ticks: []TickRecord{{Bearer: "c1", Before: []Condition{{ID: ""}}}}})[1:]
		}, ErrCorrupt},
		{"too many", func(e *Encounter) {
			for range MaxCombatants {
				e.Combatants = append(e.Combatants, e.Combatants[0])
			}
		}, ErrTooMany},
		{"nil combatant", func(e *Encounter) { e.Combatants[1] = nil }, ErrCorrupt},
		{"id does not match seq", func(e *Encounter) { e.Combatants[0].ID = "x" }, ErrCorrupt},
		{"seq beyond next_seq", func(e *Encounter) { e.NextSeq = 1 }, ErrCorrupt},
		{"duplicate name", func(e *Encounter) { e.Combatants[1].Name = strings.ToUpper(e.Combatants[0].Name) }, ErrDuplicateName},
		{"bad name", func(e *Encounter) { e.Combatants[0].Name = " spaced " }, ErrBadName},
		{"kind", func(e *Encounter) { e.Combatants[0].Kind = "monster" }, ErrCorrupt},
		{"character without sheet", func(e *Encounter) { e.find("Aria").CharacterID = "" }, ErrNoCharacter},
		{"character id too long", func(e *Encounter) { e.find("Aria").CharacterID = strings.Repeat("x", MaxIDLen+1) }, ErrBadID},
		{"owner id too long", func(e *Encounter) { e.find("Aria").OwnerID = strings.Repeat("x", MaxIDLen+1) }, ErrBadID},
		{"character twice", func(e *Encounter) {
			c := *e.find("Aria")
			c.ID, c.Seq, c.Name = "c9", 9, "Aria Again"
			e.NextSeq = 9
			e.Combatants = append(e.Combatants, &c)
		}, ErrAlreadyJoined},
		{"character with HP", func(e *Encounter) { e.find("Aria").HP = 3 }, ErrCorrupt},
		{"initiative", func(e *Encounter) { e.find("Aria").Init = 1000 }, ErrBadInitiative},
		{"bonus", func(e *Encounter) { e.find("Aria").Bonus = 99 }, ErrBadBonus},
		{"mode", func(e *Encounter) { e.find("Aria").Mode = "lucky" }, ErrBadMode},
		{"dex", func(e *Encounter) { e.find("Aria").Dex = 31 }, ErrBadDex},
		{"natural", func(e *Encounter) { e.find("Aria").Natural = 21 }, ErrCorrupt},
		{"npc hp over max", func(e *Encounter) { e.find("Goblin 1").HP = 99 }, ErrBadHP},
		{"npc without max", func(e *Encounter) { e.find("Goblin 1").MaxHP = 0 }, ErrBadHP},
		{"temp hp", func(e *Encounter) { e.find("Goblin 1").TempHP = -1 }, ErrBadTempHP},
		{"ac", func(e *Encounter) { e.find("Goblin 1").AC = 51 }, ErrBadAC},
		{"pos", func(e *Encounter) { e.find("Goblin 1").Pos = &Pos{MaxCoord + 1, 0} }, ErrBadPos},
		{"stats too big", func(e *Encounter) {
			e.find("Goblin 1").Stats = json.RawMessage(`"` + strings.Repeat("x", MaxStatsBytes) + `"`)
		}, ErrBadStats},
		{"unknown summoner", func(e *Encounter) { e.find("Imp").Summoner = "c99" }, ErrCorrupt},
		{"summoner cycle", func(e *Encounter) {
			e.find("Goblin 1").Summoner = e.find("Imp").ID
		}, ErrCorrupt},
		{"condition anchor", func(e *Encounter) { e.find("Goblin 2").Conditions[0].Anchor = "c77" }, ErrCorrupt},
		{"condition id", func(e *Encounter) { e.find("Goblin 2").Conditions[0].ID = "" }, ErrBadCondition},
		{"condition id case", func(e *Encounter) { e.find("Goblin 2").Conditions[0].ID = "Frightened" }, ErrCorrupt},
		{"condition twice", func(e *Encounter) {
			g := e.find("Goblin 2")
			g.Conditions = append(g.Conditions, g.Conditions[0])
		}, ErrCorrupt},
		{"condition rounds", func(e *Encounter) { e.find("Goblin 2").Conditions[0].Rounds = -1 }, ErrBadRounds},
		{"condition until", func(e *Encounter) { e.find("Goblin 2").Conditions[0].Until = "later" }, ErrBadUntil},
		{"too many conditions", func(e *Encounter) {
			g := e.find("Goblin 2")
			for i := range MaxConditions {
				g.Conditions = append(g.Conditions, Condition{ID: "x" + string(rune('a'+i)), Anchor: g.ID})
			}
		}, ErrTooManyConditions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := rich(t)
			tt.mutate(e)
			data, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Decode(data)
			wantCode(t, err, tt.code)
		})
	}
	for _, bad := range []string{"{", "[]", `{"v":"one"}`, ""} {
		_, err := Decode([]byte(bad))
		wantCode(t, err, ErrBadData)
	}
}

// find is a test shortcut.
func (e *Encounter) find(name string) *Combatant { return e.lookup(name) }

// TestErrors runs every operation's input errors; with TestDecodeErrors it
// covers every error code, and checks a failed operation changes nothing.
func TestErrors(t *testing.T) {
	long := strings.Repeat("x", MaxNameLen+1)
	npc := func(n NPCEntry) func(*Encounter) error {
		return func(e *Encounter) error {
			if n.HP == 0 {
				n.HP = 5
			}
			_, err := e.AddNPCs(n, faces(10, 10, 10))
			return err
		}
	}
	join := func(c CharacterEntry) func(*Encounter) error {
		return func(e *Encounter) error {
			if c.CharacterID == "" {
				c.CharacterID = "new-sheet"
			}
			_, err := e.Join(c, faces(10, 10, 10))
			return err
		}
	}
	tests := []struct {
		name string
		sys  System
		op   func(e *Encounter) error
		code string
	}{
		{"join: empty name", DnD5e, join(CharacterEntry{Name: "  "}), ErrBadName},
		{"join: long name", DnD5e, join(CharacterEntry{Name: long}), ErrBadName},
		{"join: control character", DnD5e, join(CharacterEntry{Name: "Bad\x07Name"}), ErrBadName},
		{"join: duplicate name", DnD5e, join(CharacterEntry{Name: "goblin 1"}), ErrDuplicateName},
		{"join: the same sheet twice", DnD5e, join(CharacterEntry{Name: "Other", CharacterID: "sheet-1"}), ErrAlreadyJoined},
		{"join: no sheet", DnD5e, func(e *Encounter) error {
			_, err := e.Join(CharacterEntry{Name: "Nobody"}, nil)
			return err
		}, ErrNoCharacter},
		{"join: long sheet id", DnD5e, join(CharacterEntry{Name: "X", CharacterID: strings.Repeat("1", MaxIDLen+1)}), ErrBadID},
		{"join: long owner id", DnD5e, join(CharacterEntry{Name: "X", OwnerID: strings.Repeat("1", MaxIDLen+1)}), ErrBadID},
		{"join: bonus", DnD5e, join(CharacterEntry{Name: "X", InitOptions: InitOptions{Bonus: MaxInitBonus + 1}}), ErrBadBonus},
		{"join: mode", DnD5e, join(CharacterEntry{Name: "X", InitOptions: InitOptions{Mode: "lucky"}}), ErrBadMode},
		{"join: dex", DnD5e, join(CharacterEntry{Name: "X", InitOptions: InitOptions{Dex: 31}}), ErrBadDex},
		{"join: fixed initiative", DnD5e, join(CharacterEntry{Name: "X", InitOptions: InitOptions{Fixed: fixed(-101)}}), ErrBadInitiative},
		{"join: position", DnD5e, join(CharacterEntry{Name: "X", Pos: &Pos{0, -MaxCoord - 1}}), ErrBadPos},
		{"add: count", DnD5e, npc(NPCEntry{Name: "Rat", Count: MaxGroup + 1}), ErrBadCount},
		{"add: negative count", DnD5e, npc(NPCEntry{Name: "Rat", Count: -1}), ErrBadCount},
		{"add: too many (after two groups)", DnD5e, func(e *Encounter) error {
			for range 3 {
				if _, err := e.AddNPCs(NPCEntry{Name: "Rat", Count: MaxGroup, HP: 1}, nil); err != nil {
					return err
				}
			}
			return nil
		}, ErrTooMany},
		{"add: hp", DnD5e, npc(NPCEntry{Name: "Rat", HP: -1}), ErrBadHP},
		{"add: hp over max", DnD5e, npc(NPCEntry{Name: "Rat", HP: MaxHP + 1}), ErrBadHP},
		{"add: temp hp", DnD5e, npc(NPCEntry{Name: "Rat", TempHP: -2}), ErrBadTempHP},
		{"add: ac", DnD5e, npc(NPCEntry{Name: "Rat", AC: MaxAC + 1}), ErrBadAC},
		{"add: stats", DnD5e, npc(NPCEntry{Name: "Rat", Stats: json.RawMessage(`{"a":`)}), ErrBadStats},
		{"add: group leaves the grid", DnD5e, npc(NPCEntry{Name: "Rat", Count: 3, Pos: &Pos{MaxCoord - 1, 0}}), ErrBadPos},
		{"add: unknown summoner", DnD5e, npc(NPCEntry{Name: "Rat", Summoner: "Nobody"}), ErrUnknownCombatant},
		{"add: numbered name too long", DnD5e, npc(NPCEntry{Name: strings.Repeat("y", MaxNameLen), Count: 2}), ErrBadName},
		{"add: owner id", DnD5e, npc(NPCEntry{Name: "Rat", OwnerID: strings.Repeat("1", MaxIDLen+1)}), ErrBadID},
		{"add: bad init options", DnD5e, npc(NPCEntry{Name: "Rat", InitOptions: InitOptions{Mode: "x"}}), ErrBadMode},
		{"find", DnD5e, func(e *Encounter) error { _, err := e.Find("Nobody"); return err }, ErrUnknownCombatant},
		{"remove", DnD5e, func(e *Encounter) error { _, err := e.Remove(""); return err }, ErrUnknownCombatant},
		{"move", DnD5e, func(e *Encounter) error { _, err := e.Move("Aria", &Pos{MaxCoord + 1, 0}); return err }, ErrBadPos},
		{"stats", DnD5e, func(e *Encounter) error { _, err := e.SetStats("Goblin 1", json.RawMessage("nope")); return err }, ErrBadStats},
		{"stats on a character", DnD5e, func(e *Encounter) error { _, err := e.SetStats("Aria", nil); return err }, ErrNotNPC},
		{"damage amount", DnD5e, func(e *Encounter) error { _, err := e.ApplyDamage("Goblin 1", -1); return err }, ErrBadAmount},
		{"heal amount", DnD5e, func(e *Encounter) error { _, err := e.Heal("Goblin 1", MaxHP+1); return err }, ErrBadAmount},
		{"temp amount", DnD5e, func(e *Encounter) error { _, err := e.SetTempHP("Goblin 1", -1); return err }, ErrBadAmount},
		{"set hp over max", DnD5e, func(e *Encounter) error { _, err := e.SetHP("Goblin 1", 8, 0); return err }, ErrBadHP},
		{"set max hp", DnD5e, func(e *Encounter) error { _, err := e.SetHP("Goblin 1", 1, -4); return err }, ErrBadHP},
		{"set initiative", DnD5e, func(e *Encounter) error { _, err := e.SetInitiative("Aria", 101, nil); return err }, ErrBadInitiative},
		{"set initiative: unknown", DnD5e, func(e *Encounter) error { _, err := e.SetInitiative("Zed", 1, nil); return err }, ErrUnknownCombatant},
		{"set initiative: summoned", DnD5e, func(e *Encounter) error { _, err := e.SetInitiative("Imp", 1, nil); return err }, ErrSummoned},
		{"set initiative: Rogue's Tale", Rogue, func(e *Encounter) error { _, err := e.SetInitiative("Aria", 1, nil); return err }, ErrWrongSystem},
		{"defence in 5e", DnD5e, func(e *Encounter) error { _, err := e.UseDefence("Aria", DefenceDodge); return err }, ErrWrongSystem},
		{"unknown defence", Rogue, func(e *Encounter) error { _, err := e.UseDefence("Aria", "duck"); return err }, ErrBadDefence},
		{"defence twice", Rogue, func(e *Encounter) error {
			if _, err := e.UseDefence("Aria", DefenceParry); err != nil {
				return err
			}
			_, err := e.UseDefence("Aria", DefenceParry)
			return err
		}, ErrDefenceUsed},
		{"defence: unknown combatant", Rogue, func(e *Encounter) error { _, err := e.UseDefence("Zed", DefenceDodge); return err }, ErrUnknownCombatant},
		{"condition id", DnD5e, func(e *Encounter) error { _, err := e.AddCondition("Aria", ConditionSpec{ID: " "}); return err }, ErrBadCondition},
		{"condition id too long", DnD5e, func(e *Encounter) error {
			_, err := e.AddCondition("Aria", ConditionSpec{ID: strings.Repeat("p", MaxConditionLen+1)})
			return err
		}, ErrBadCondition},
		{"condition rounds", DnD5e, func(e *Encounter) error {
			_, err := e.AddCondition("Aria", ConditionSpec{ID: "prone", Rounds: MaxRounds + 1})
			return err
		}, ErrBadRounds},
		{"condition until", DnD5e, func(e *Encounter) error {
			_, err := e.AddCondition("Aria", ConditionSpec{ID: "prone", Rounds: 1, Until: "soon"})
			return err
		}, ErrBadUntil},
		{"condition anchor", DnD5e, func(e *Encounter) error {
			_, err := e.AddCondition("Aria", ConditionSpec{ID: "prone", Anchor: "Zed"})
			return err
		}, ErrUnknownCombatant},
		{"condition bearer", DnD5e, func(e *Encounter) error { _, err := e.AddCondition("Zed", ConditionSpec{ID: "prone"}); return err }, ErrUnknownCombatant},
		{"too many conditions", DnD5e, func(e *Encounter) error {
			for i := range MaxConditions + 1 {
				if _, err := e.AddCondition("Aria", ConditionSpec{ID: "c" + string(rune('a'+i))}); err != nil {
					return err
				}
			}
			return nil
		}, ErrTooManyConditions},
		{"remove absent condition", DnD5e, func(e *Encounter) error { _, err := e.RemoveCondition("Aria", "prone"); return err }, ErrConditionAbsent},
		{"remove condition: unknown", DnD5e, func(e *Encounter) error { _, err := e.RemoveCondition("Zed", "prone"); return err }, ErrUnknownCombatant},
		{"prev before start", DnD5e, func(e *Encounter) error { _, err := e.Prev(); return err }, ErrNotStarted},
		{"prev at the first turn", DnD5e, func(e *Encounter) error {
			if _, err := e.Next(); err != nil {
				return err
			}
			_, err := e.Prev()
			return err
		}, ErrAtStart},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := mustNew(t, tt.sys)
			if _, err := e.Join(CharacterEntry{Name: "Aria", CharacterID: "sheet-1", InitOptions: InitOptions{Fixed: fixed(12)}}, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 2, HP: 7, InitOptions: InitOptions{Fixed: fixed(10)}}, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := e.AddNPCs(NPCEntry{Name: "Imp", HP: 3, Summoner: "Goblin 1"}, nil); err != nil {
				t.Fatal(err)
			}
			before := e.Clone()
			err := tt.op(e)
			wantCode(t, err, tt.code)
			seen[tt.code] = true
			// single-step operations change nothing when they fail
			if !strings.Contains(tt.name, "twice") && !strings.Contains(tt.name, "too many") &&
				!strings.Contains(tt.name, "first turn") && !reflect.DeepEqual(e, before) {
				t.Error("a failed operation changed the encounter")
			}
		})
	}
	_, err := New("gurps", "u")
	wantCode(t, err, ErrBadSystem)
	_, err = New(DnD5e, "")
	wantCode(t, err, ErrNoStarter)
	_, err = New(DnD5e, strings.Repeat("u", MaxIDLen+1))
	wantCode(t, err, ErrBadID)
	e := mustNew(t, DnD5e)
	_, err = e.Next()
	wantCode(t, err, ErrEmpty)
	for _, c := range []string{ErrBadSystem, ErrNoStarter, ErrBadID, ErrEmpty, ErrAllDown, ErrBadData} {
		seen[c] = true
	}
	// the rest are stored-data codes, covered by TestDecodeErrors
	for _, c := range []string{ErrBadVersion, ErrCorrupt} {
		seen[c] = true
	}
	for _, c := range ErrorCodes() {
		if !seen[c] {
			t.Errorf("no test produces %s", c)
		}
	}
}

func TestTooManyCombatants(t *testing.T) {
	e := mustNew(t, Rogue)
	for range MaxCombatants / MaxGroup {
		if _, err := e.AddNPCs(NPCEntry{Name: "Rat", Count: MaxGroup, HP: 1}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.AddNPCs(NPCEntry{Name: "Bat", Count: MaxCombatants % MaxGroup, HP: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if len(e.Combatants) != MaxCombatants || e.Combatants[49].Name != "Bat 10" || e.Combatants[40].Name != "Rat 41" && e.Combatants[39].Name != "Rat 40" {
		t.Fatalf("%d combatants, last %s", len(e.Combatants), e.Combatants[49].Name)
	}
	_, err := e.Join(CharacterEntry{Name: "Late", CharacterID: "l"}, nil)
	wantCode(t, err, ErrTooMany)
	_, err = e.AddNPCs(NPCEntry{Name: "Bat", HP: 1}, nil)
	wantCode(t, err, ErrTooMany)
	roundTrip(t, e)
}

func TestRollerFailureChangesNothing(t *testing.T) {
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 12)
	before := e.Clone()
	// the third goblin's initiative finds no die left
	_, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 3, HP: 7}, faces(3, 4))
	if de, ok := err.(*dice.Error); !ok || de.Code != dice.CodeForcedExhausted {
		t.Fatalf("error %v", err)
	}
	if !reflect.DeepEqual(e, before) {
		t.Error("a failed AddNPCs changed the encounter")
	}
	// a roll-off that runs out of dice
	_, err = e.Join(CharacterEntry{Name: "B", CharacterID: "b", InitOptions: InitOptions{Bonus: 2, Dex: 10}}, faces(10, 5))
	if err == nil {
		t.Fatal("no error")
	}
	if !reflect.DeepEqual(e, before) {
		t.Error("a failed roll-off changed the encounter")
	}
	_, err = e.SetInitiative("A", 12, faces())
	if err != nil {
		t.Fatal(err) // no tie: no dice needed
	}
	joinFixed(t, e, "C", 9)
	before = e.Clone()
	if _, err := e.SetInitiative("C", 12, faces()); err == nil {
		t.Fatal("a tie with no dice left should fail")
	}
	if !reflect.DeepEqual(e, before) {
		t.Error("a failed SetInitiative changed the encounter")
	}
}

func TestFindAndSearch(t *testing.T) {
	e := mustNew(t, Rogue)
	joinFixed(t, e, "Aria Swift", 0)
	if _, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 3, HP: 4}, nil); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"aria swift", "  ARIA   swift ", "c1"} {
		if c, err := e.Find(q); err != nil || c.Name != "Aria Swift" {
			t.Errorf("Find(%q) = %v, %v", q, c, err)
		}
	}
	if got := e.Search("gob", 2); len(got) != 2 || got[0].Name != "Goblin 1" {
		t.Errorf("search %v", got)
	}
	if got := e.Search("", 10); len(got) != 4 {
		t.Errorf("search all %d", len(got))
	}
	// a name wins over an id
	if _, err := e.AddNPCs(NPCEntry{Name: "c2", HP: 1}, nil); err != nil {
		t.Fatal(err)
	}
	if c, _ := e.Find("c2"); c.Name != "c2" {
		t.Errorf("found %s", c.Name)
	}
	if len(e.Order()) != 5 || &e.Order()[0] == &e.Combatants[0] {
		t.Error("Order should be a copy")
	}
}

func TestPointersStayValid(t *testing.T) {
	e := mustNew(t, DnD5e)
	a := joinFixed(t, e, "A", 10)
	joinFixed(t, e, "B", 15)
	if _, err := e.Remove("B"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.SetInitiative("A", 3, nil); err != nil {
		t.Fatal(err)
	}
	if a.Init != 3 || e.Combatants[0] != a {
		t.Errorf("stale pointer: %+v", a)
	}
}

func TestMove(t *testing.T) {
	e := mustNew(t, Rogue)
	joinFixed(t, e, "A", 0)
	c, err := e.Move("a", &Pos{3, -4})
	if err != nil || *c.Pos != (Pos{3, -4}) {
		t.Fatalf("%+v %v", c, err)
	}
	if c, _ = e.Move("A", nil); c.Pos != nil {
		t.Error("not cleared")
	}
	_, err = e.SetStats("c1", nil)
	wantCode(t, err, ErrNotNPC)
}

func TestRows(t *testing.T) {
	e := rich(t)
	for _, gm := range []bool{false, true} {
		rows := e.Rows(gm)
		if len(rows) != len(e.Combatants) {
			t.Fatal(len(rows))
		}
		for i, r := range rows {
			c := e.Combatants[i]
			if r.Combatant.ID != c.ID || r.Index != i || r.Current != (i == e.Turn) || r.Init != c.Init {
				t.Errorf("row %d %+v", i, r)
			}
			switch {
			case c.Kind == KindCharacter:
				if r.NPC != nil || r.State != "" {
					t.Errorf("character row shows NPC numbers: %+v", r)
				}
			case gm:
				if r.NPC == nil || r.NPC.HP != c.HP || r.NPC.AC != c.AC || r.State != c.State() {
					t.Errorf("GM row %+v", r)
				}
			default:
				if r.NPC != nil || r.State != c.State() {
					t.Errorf("player row %+v", r)
				}
			}
			if c.Name == "Imp" && (r.Summoner == nil || r.Summoner.Name != "Goblin 1") {
				t.Errorf("imp row %+v", r)
			}
		}
	}
	g1 := e.Rows(false)[e.index(e.find("Goblin 1").ID)]
	if g1.Combatant.Name != "Goblin 1" || g1.State != StateWounded {
		t.Errorf("goblin 1 %+v", g1)
	}
}

func TestMayAct(t *testing.T) {
	e := rich(t)
	aria, _ := e.Find("Aria")
	gob, _ := e.Find("Goblin 1")
	tests := []struct {
		user       string
		privileged bool
		c          *Combatant
		control    bool
		act        bool
	}{
		{"u-gm", false, gob, true, true}, // the starter
		{"u9", true, gob, true, true},    // GM role / Manage Server
		{"u1", false, aria, false, true}, // Aria's player, on Aria
		{"u1", false, gob, false, false}, // … not on the goblin
		{"", false, gob, false, false},   //
		{"u2", false, nil, false, false}, //
		{"u1", false, &Combatant{}, false, false},
	}
	for i, tt := range tests {
		if got := e.MayControl(tt.user, tt.privileged); got != tt.control {
			t.Errorf("%d: MayControl = %v", i, got)
		}
		if got := e.MayAct(tt.user, tt.privileged, tt.c); got != tt.act {
			t.Errorf("%d: MayAct = %v", i, got)
		}
	}
}

func TestRogueDefences(t *testing.T) {
	e := mustNew(t, Rogue)
	joinFixed(t, e, "A", 0)
	if _, err := e.AddNPCs(NPCEntry{Name: "Orc", HP: 12}, nil); err != nil {
		t.Fatal(err)
	}
	mustNext(t, e) // A's turn; the orc dodges and parries A's attacks
	for _, d := range []Defence{DefenceDodge, DefenceParry} {
		if _, err := e.UseDefence("Orc", d); err != nil {
			t.Fatal(err)
		}
	}
	_, err := e.UseDefence("Orc", DefenceDodge)
	wantCode(t, err, ErrDefenceUsed)
	if _, err := e.UseDefence("Orc", DefenceBlock); err != nil {
		t.Fatal(err)
	}
	orc, _ := e.Find("Orc")
	tc := mustNext(t, e) // the orc's turn: its defences come back
	if !tc.DefencesReset || orc.Used != (DefenceUse{}) || tc.Began.Name != "Orc" {
		t.Errorf("%+v %+v", tc, orc.Used)
	}
	back, err := e.Prev()
	if err != nil || back.Began.Name != "A" {
		t.Fatal(err)
	}
	if orc.Used != (DefenceUse{Dodge: true, Block: true, Parry: true}) {
		t.Errorf("Prev should give the used defences back: %+v", orc.Used)
	}
	tc = mustNext(t, e)
	if !tc.DefencesReset {
		t.Error("no reset")
	}
	if tc := mustNext(t, e); tc.DefencesReset {
		t.Error("A used nothing")
	}
	roundTrip(t, e)
}

func TestConditionChanges(t *testing.T) {
	e := abc(t)
	add := func(spec ConditionSpec) *ConditionChange {
		t.Helper()
		ch, err := e.AddCondition("B", spec)
		if err != nil {
			t.Fatal(err)
		}
		return ch
	}
	if ch := add(ConditionSpec{ID: " Poisoned ", Rounds: 2}); !ch.Added || ch.Condition.ID != "poisoned" || ch.Condition.Anchor != "c2" {
		t.Errorf("%+v", ch)
	}
	if ch := add(ConditionSpec{ID: "poisoned", Rounds: 1}); !ch.Unchanged || ch.Condition.Rounds != 2 {
		t.Errorf("shorter: %+v", ch)
	}
	if ch := add(ConditionSpec{ID: "poisoned", Rounds: 5, Anchor: "A", Until: UntilStart}); !ch.Replaced || ch.Condition.Rounds != 5 || ch.Condition.Anchor != "c1" {
		t.Errorf("longer: %+v", ch)
	}
	if ch := add(ConditionSpec{ID: "poisoned"}); !ch.Replaced || ch.Condition.Rounds != 0 {
		t.Errorf("untimed: %+v", ch)
	}
	if ch := add(ConditionSpec{ID: "poisoned", Rounds: 100}); !ch.Unchanged {
		t.Errorf("untimed beats any count: %+v", ch)
	}
	b, _ := e.Find("B")
	if ids := b.ConditionIDs(); len(ids) != 1 || ids[0] != "poisoned" {
		t.Errorf("ids %v", ids)
	}
	ch, err := e.RemoveCondition("b", "POISONED")
	if err != nil || !ch.Removed || b.Conditions != nil {
		t.Errorf("%+v %v %+v", ch, err, b.Conditions)
	}
	for _, u := range Untils() {
		if u.Key() == "" {
			t.Error(u)
		}
	}
	if Until("").Key() != UntilEnd.Key() || Until("x").Key() != "" {
		t.Error("until keys")
	}
	for _, k := range Kinds() {
		if k.Key() == "" {
			t.Error(k)
		}
	}
	if Kind("x").Key() != "" {
		t.Error("kind key")
	}
}

func TestTickConditions(t *testing.T) {
	list := []Condition{
		{ID: "a", Rounds: 2, Anchor: "c1"},
		{ID: "b", Rounds: 1, Anchor: "c1"},
		{ID: "c", Rounds: 1, Anchor: "c1", Fresh: true},
		{ID: "d", Rounds: 1, Anchor: "c1", Until: UntilStart},
		{ID: "e", Rounds: 1, Anchor: "c2"},
		{ID: "f", Anchor: "c1"},
	}
	orig := append([]Condition(nil), list...)
	kept, expired, changed := TickConditions(list, "c1", UntilEnd)
	want := []Condition{
		{ID: "a", Rounds: 1, Anchor: "c1"},
		{ID: "c", Rounds: 1, Anchor: "c1"},
		{ID: "d", Rounds: 1, Anchor: "c1", Until: UntilStart},
		{ID: "e", Rounds: 1, Anchor: "c2"},
		{ID: "f", Anchor: "c1"},
	}
	if !changed || !reflect.DeepEqual(kept, want) || len(expired) != 1 || expired[0].ID != "b" {
		t.Errorf("kept %+v expired %+v", kept, expired)
	}
	if !reflect.DeepEqual(list, orig) {
		t.Error("the input list changed")
	}
	kept, expired, changed = TickConditions(list, "c1", UntilStart)
	if !changed || len(kept) != 5 || len(expired) != 1 || expired[0].ID != "d" {
		t.Errorf("start: %+v %+v", kept, expired)
	}
	if _, _, changed := TickConditions(list, "c9", UntilEnd); changed {
		t.Error("nothing tied to c9")
	}
}
