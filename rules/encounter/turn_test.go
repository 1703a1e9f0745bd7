package encounter

import (
	"reflect"
	"testing"
)

// abc is a 5e encounter with A (20), B (15), C (10), not started.
func abc(t *testing.T) *Encounter {
	t.Helper()
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 20)
	joinFixed(t, e, "B", 15)
	joinFixed(t, e, "C", 10)
	return e
}

func TestNextPrevRounds(t *testing.T) {
	e := abc(t)
	if _, err := e.Prev(); err == nil {
		t.Fatal("Prev before the first turn")
	} else {
		wantCode(t, err, ErrNotStarted)
	}
	type step struct {
		back              bool
		ended, began      string
		round             int
		newRound, started bool
	}
	steps := []step{
		{false, "", "A", 1, true, true},
		{false, "A", "B", 1, false, false},
		{false, "B", "C", 1, false, false},
		{false, "C", "A", 2, true, false},
		{false, "A", "B", 2, false, false},
		{true, "B", "A", 2, false, false},
		{true, "A", "C", 1, true, false},
		{true, "C", "B", 1, false, false},
		{true, "B", "A", 1, false, false},
		{false, "A", "B", 1, false, false},
		{false, "B", "C", 1, false, false},
		{false, "C", "A", 2, true, false},
	}
	for i, s := range steps {
		var tc *TurnChange
		var err error
		if s.back {
			tc, err = e.Prev()
		} else {
			tc, err = e.Next()
		}
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		ended := ""
		if tc.Ended != nil {
			ended = tc.Ended.Name
		}
		if ended != s.ended || tc.Began.Name != s.began || tc.Round != s.round || tc.NewRound != s.newRound ||
			tc.Started != s.started || tc.Back != s.back {
			t.Errorf("step %d: %+v, want %+v", i, tc, s)
		}
		if e.Round != s.round || currentName(e) != s.began || tc.Index != e.Turn {
			t.Errorf("step %d: round %d current %q index %d/%d", i, e.Round, currentName(e), tc.Index, e.Turn)
		}
		if !tc.CheckDying {
			t.Errorf("step %d: a 5e character's turn should ask the bot to check the sheet", i)
		}
	}
	// back to the very first turn (A2 → C1 → B1 → A1), then no further
	for range 3 {
		if _, err := e.Prev(); err != nil {
			t.Fatal(err)
		}
	}
	if e.Round != 1 || currentName(e) != "A" {
		t.Fatalf("round %d current %s", e.Round, currentName(e))
	}
	_, err := e.Prev()
	wantCode(t, err, ErrAtStart)
}

func TestPrevWithoutUndoHistory(t *testing.T) {
	e := abc(t)
	for range 4 {
		mustNext(t, e) // A B C | A (round 2)
	}
	e.Undo = nil // as after more than MaxUndo steps
	tc, err := e.Prev()
	if err != nil {
		t.Fatal(err)
	}
	if tc.Began.Name != "C" || e.Round != 1 || !tc.NewRound {
		t.Errorf("%+v", tc)
	}
	for range 2 {
		if _, err := e.Prev(); err != nil {
			t.Fatal(err)
		}
	}
	_, err = e.Prev()
	wantCode(t, err, ErrAtStart)
	if currentName(e) != "A" || e.Round != 1 {
		t.Errorf("failed Prev moved the turn: %s %d", currentName(e), e.Round)
	}
}

func TestUndoIsBounded(t *testing.T) {
	e := abc(t)
	for range MaxUndo + MaxLog {
		mustNext(t, e)
	}
	if len(e.Undo) != MaxUndo {
		t.Errorf("%d undo steps", len(e.Undo))
	}
	if len(e.Log) != MaxLog || e.Log[len(e.Log)-1].Event != LogTurn {
		t.Errorf("log %d entries, last %+v", len(e.Log), e.Log[len(e.Log)-1])
	}
}

func TestNextEmpty(t *testing.T) {
	e := mustNew(t, DnD5e)
	_, err := e.Next()
	wantCode(t, err, ErrEmpty)
}

func TestConditionBoundaries(t *testing.T) {
	// Order A B C. Steps after A's first turn begins:
	// 1: A ends, B begins; 2: B ends, C begins; 3: C ends, A begins (round 2);
	// 4: A→B; 5: B→C; 6: C→A (round 3); 7: A→B.
	tests := []struct {
		name        string
		beforeStart bool // added before the first turn (else during A's first turn)
		bearer      string
		spec        ConditionSpec
		fresh       bool
		step        int // the Next that ends it; 0 = never
	}{
		{"1 round on B ends at the end of B's turn", false, "B", ConditionSpec{ID: "Poisoned", Rounds: 1}, false, 2},
		{"2 rounds on B", false, "B", ConditionSpec{ID: "poisoned", Rounds: 2}, false, 5},
		{"on C: end of C's turn", false, "C", ConditionSpec{ID: "prone", Rounds: 1}, false, 3},
		{"on A during A's turn: lasts through A's next turn", false, "A", ConditionSpec{ID: "dodge", Rounds: 1}, true, 4},
		{"on A before the fight: A's first turn counts", true, "A", ConditionSpec{ID: "blessed", Rounds: 1}, false, 1},
		{"until the start of B's turn", false, "B", ConditionSpec{ID: "marked", Rounds: 1, Until: UntilStart}, false, 1},
		{"until the start of A's next turn, set on A's turn", false, "A", ConditionSpec{ID: "shield", Rounds: 1, Until: UntilStart}, false, 3},
		{"until the end of the caster's next turn", false, "B", ConditionSpec{ID: "guided", Rounds: 1, Anchor: "A"}, true, 4},
		{"until the start of C's turn, on B", false, "B", ConditionSpec{ID: "hex", Rounds: 1, Anchor: "c", Until: UntilStart}, false, 2},
		{"untimed never ends", false, "B", ConditionSpec{ID: "grappled"}, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := abc(t)
			if !tt.beforeStart {
				mustNext(t, e)
			}
			ch, err := e.AddCondition(tt.bearer, tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			if !ch.Added || ch.Condition.Fresh != tt.fresh {
				t.Errorf("change %+v", ch)
			}
			if tt.beforeStart {
				mustNext(t, e)
			}
			got := 0
			for step := 1; step <= 7 && got == 0; step++ {
				tc := mustNext(t, e)
				for _, x := range tc.Expired {
					if x.Combatant.Name == tt.bearer && x.Condition == ch.Condition.ID {
						got = step
					}
				}
			}
			if got != tt.step {
				t.Errorf("ended at step %d, want %d", got, tt.step)
			}
		})
	}
}

func TestPrevUndoesTicks(t *testing.T) {
	e := abc(t)
	mustNext(t, e) // A
	if _, err := e.AddCondition("B", ConditionSpec{ID: "poisoned", Rounds: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddCondition("B", ConditionSpec{ID: "frightened", Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	mustNext(t, e) // B
	before := e.Clone()
	tc := mustNext(t, e) // C: B's turn ended, poisoned ran out, frightened 3 → 2
	if len(tc.Expired) != 1 || tc.Expired[0].Condition != "poisoned" {
		t.Fatalf("expired %+v", tc.Expired)
	}
	back, err := e.Prev()
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Restored) != 1 || back.Restored[0].Condition != "poisoned" || back.Began.Name != "B" {
		t.Errorf("prev %+v", back)
	}
	b, _ := e.Find("B")
	want, _ := before.Find("B")
	if !reflect.DeepEqual(b.Conditions, want.Conditions) {
		t.Errorf("conditions %+v, want %+v", b.Conditions, want.Conditions)
	}
	// pressing next again counts once, not twice
	mustNext(t, e)
	if b.Conditions[0].ID != "frightened" || b.Conditions[0].Rounds != 2 || len(b.Conditions) != 1 {
		t.Errorf("after next again: %+v", b.Conditions)
	}
}

func TestDownNPCsAreSkipped(t *testing.T) {
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 20)
	g := npcFixed(t, e, "Goblin", 15, 5)
	joinFixed(t, e, "B", 10)
	mustNext(t, e) // A
	if _, err := e.AddCondition("Goblin", ConditionSpec{ID: "burning", Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	ch, err := e.ApplyDamage("goblin", 9)
	if err != nil {
		t.Fatal(err)
	}
	if !ch.Downed || ch.Applied != 5 || ch.StateAfter != StateDown || !g.Down() {
		t.Fatalf("damage %+v", ch)
	}
	tc := mustNext(t, e)
	if tc.Began.Name != "B" || len(tc.Skipped) != 1 || tc.Skipped[0].Name != "Goblin" || tc.BeganDown {
		t.Errorf("next %+v", tc)
	}
	mustNext(t, e) // A, round 2
	tc = mustNext(t, e)
	if tc.Began.Name != "B" || len(tc.Expired) != 1 || tc.Expired[0].Condition != "burning" {
		t.Errorf("a skipped NPC's time still passes: %+v", tc)
	}
	// plain Prev skips it too
	e.Undo = nil
	p, err := e.Prev()
	if err != nil || p.Began.Name != "A" {
		t.Fatalf("prev %+v %v", p, err)
	}
	// heal it: it is back in the order
	if ch, err := e.Heal("Goblin", 2); err != nil || !ch.Revived {
		t.Fatalf("heal %+v %v", ch, err)
	}
	if tc := mustNext(t, e); tc.Began.Name != "Goblin" || tc.CheckDying {
		t.Errorf("next %+v", tc)
	}
}

func TestAllDown(t *testing.T) {
	e := mustNew(t, DnD5e)
	npcFixed(t, e, "Goblin", 15, 5)
	npcFixed(t, e, "Orc", 12, 5)
	for _, n := range []string{"Goblin", "Orc"} {
		if _, err := e.ApplyDamage(n, 5); err != nil {
			t.Fatal(err)
		}
	}
	before := e.Clone()
	_, err := e.Next()
	wantCode(t, err, ErrAllDown)
	if !reflect.DeepEqual(e, before) {
		t.Error("a failed Next changed the encounter")
	}
}

func TestRemove(t *testing.T) {
	tests := []struct {
		name      string
		nexts     int
		remove    string
		order     string
		current   string
		round     int
		began     string // "" = the turn did not pass
		turnIndex int
	}{
		{"one before the current", 3, "A", "B C D", "C", 1, "", 1},
		{"one after the current", 3, "D", "A B C", "C", 1, "", 2},
		{"not started", 0, "B", "A C D", "", 0, "", -1},
		{"the current passes the turn on", 3, "C", "A B D", "D", 1, "D", 2},
		{"the current last one wraps to a new round", 4, "D", "A B C", "A", 2, "A", 0},
		{"the current first one", 5, "A", "B C D", "B", 2, "B", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := abc(t)
			joinFixed(t, e, "D", 5)
			for range tt.nexts {
				mustNext(t, e)
			}
			res, err := e.Remove(tt.remove)
			if err != nil {
				t.Fatal(err)
			}
			if names(e) != tt.order || currentName(e) != tt.current || e.Round != tt.round || e.Turn != tt.turnIndex {
				t.Errorf("order %q current %q round %d turn %d", names(e), currentName(e), e.Round, e.Turn)
			}
			began := ""
			if res.Turn != nil {
				began = res.Turn.Began.Name
				if res.Turn.Ended == nil || res.Turn.Ended.Name != tt.remove {
					t.Errorf("ended %+v", res.Turn.Ended)
				}
			}
			if began != tt.began || res.Removed.Name != tt.remove {
				t.Errorf("removal %+v", res)
			}
			roundTrip(t, e)
		})
	}
}

func TestRemoveLastStanding(t *testing.T) {
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 20)
	g := npcFixed(t, e, "Goblin", 10, 5)
	mustNext(t, e) // A
	if _, err := e.ApplyDamage(g.Name, 5); err != nil {
		t.Fatal(err)
	}
	res, err := e.Remove("A")
	if err != nil {
		t.Fatal(err)
	}
	if res.Turn != nil || e.Turn != -1 || e.Current() != nil || e.Round != 1 {
		t.Fatalf("removal %+v turn %d", res, e.Turn)
	}
	roundTrip(t, e)
	_, err = e.Next()
	wantCode(t, err, ErrAllDown)
	_, err = e.Prev()
	wantCode(t, err, ErrNotStarted)
	joinFixed(t, e, "B", 12)
	tc := mustNext(t, e)
	if tc.Began.Name != "B" || tc.Round != 2 || !tc.NewRound || tc.Ended != nil || len(tc.Skipped) != 0 {
		t.Errorf("next %+v", tc)
	}
	// removing the very last combatant empties the encounter
	if _, err := e.Remove("Goblin"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Remove("B"); err != nil {
		t.Fatal(err)
	}
	_, err = e.Next()
	wantCode(t, err, ErrEmpty)
}

func TestRemoveReanchorsConditions(t *testing.T) {
	e := abc(t)
	mustNext(t, e) // A
	if _, err := e.AddCondition("B", ConditionSpec{ID: "guided", Rounds: 1, Anchor: "A"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Remove("A"); err != nil {
		t.Fatal(err)
	}
	b, _ := e.Find("B")
	if b.Conditions[0].Anchor != b.ID {
		t.Errorf("anchor %s", b.Conditions[0].Anchor)
	}
	// A's turn ended as it left (clearing the freshness); B's end now counts
	if tc := mustNext(t, e); len(tc.Expired) != 1 || tc.Expired[0].Condition != "guided" {
		t.Errorf("expired %+v", tc.Expired)
	}
}

func TestMidFightJoin(t *testing.T) {
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 20)
	joinFixed(t, e, "B", 10)
	mustNext(t, e)
	mustNext(t, e) // B, round 1
	a, err := e.Join(CharacterEntry{Name: "C", CharacterID: "c", InitOptions: InitOptions{Bonus: 1}}, faces(14))
	if err != nil {
		t.Fatal(err)
	}
	if names(e) != "A C B" || currentName(e) != "B" || e.Turn != 2 || a.Current.Name != "B" || a.Arrivals[0].Index != 1 {
		t.Fatalf("order %q current %q turn %d added %+v", names(e), currentName(e), e.Turn, a)
	}
	if tc := mustNext(t, e); tc.Began.Name != "A" || tc.Round != 2 {
		t.Errorf("next %+v", tc)
	}
	if tc := mustNext(t, e); tc.Began.Name != "C" {
		t.Errorf("the newcomer acts in its place next round: %+v", tc)
	}
	// a late arrival after the current one acts this round
	joinFixed(t, e, "D", 2)
	mustNext(t, e) // B
	if tc := mustNext(t, e); tc.Began.Name != "D" || tc.Round != 2 {
		t.Errorf("next %+v", tc)
	}
}

func TestRogueOrder(t *testing.T) {
	e := mustNew(t, Rogue)
	add := func(name, summoner string) {
		t.Helper()
		if _, err := e.AddNPCs(NPCEntry{Name: name, HP: 8, Summoner: summoner, Stats: []byte(`{"dodge": 2}`)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	add("A", "")
	if _, err := e.Join(CharacterEntry{Name: "B", CharacterID: "b", OwnerID: "u", InitOptions: InitOptions{Bonus: 9}}, nil); err != nil {
		t.Fatal(err)
	}
	add("C", "")
	add("S1", "A")
	add("S2", "a")
	add("T1", "S1")
	add("X", "c")
	add("D", "")
	if got := names(e); got != "A S1 T1 S2 B C X D" {
		t.Fatalf("order %q", got)
	}
	for _, c := range e.Combatants {
		if c.Init != 0 || c.Natural != 0 {
			t.Errorf("%s rolled initiative in Rogue's Tale: %+v", c.Name, c)
		}
	}
	if tc := mustNext(t, e); tc.Began.Name != "A" || tc.CheckDying {
		t.Errorf("next %+v", tc)
	}
	add("S3", "A") // summoned during A's turn: acts after A's earlier summons this turn
	if got := names(e); got != "A S1 T1 S2 S3 B C X D" || currentName(e) != "A" {
		t.Fatalf("order %q current %q", got, currentName(e))
	}
	mustNext(t, e) // S1
	res, err := e.Remove("S1")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Orphans) != 1 || res.Orphans[0].Name != "T1" || res.Turn.Began.Name != "T1" {
		t.Errorf("removal %+v", res)
	}
	if got := names(e); got != "A T1 S2 S3 B C X D" {
		t.Errorf("order %q", got)
	}
	t1, _ := e.Find("T1")
	a, _ := e.Find("A")
	if t1.Summoner != a.ID {
		t.Errorf("T1 follows %q", t1.Summoner)
	}
	// removing a top-level summoner: its summons take its place
	if _, err := e.Remove("C"); err != nil {
		t.Fatal(err)
	}
	add("E", "")
	if got := names(e); got != "A T1 S2 S3 B X D E" {
		t.Errorf("order %q", got)
	}
	_, err = e.SetInitiative("A", 10, nil)
	wantCode(t, err, ErrWrongSystem)
	roundTrip(t, e)
}

func TestSummons5e(t *testing.T) {
	e := mustNew(t, DnD5e)
	joinFixed(t, e, "A", 20)
	joinFixed(t, e, "B", 10)
	a, err := e.AddNPCs(NPCEntry{Name: "Wolf", Count: 2, HP: 11, Summoner: "B", OwnerID: "u-B"}, faces())
	if err != nil {
		t.Fatal(err)
	}
	if a.Arrivals[0].Roll != nil || a.Arrivals[0].Summoner.Name != "B" {
		t.Errorf("arrival %+v", a.Arrivals[0])
	}
	if got := names(e); got != "A B Wolf 1 Wolf 2" {
		t.Fatalf("order %q", got)
	}
	w, _ := e.Find("wolf 2")
	if w.Init != 10 {
		t.Errorf("wolf init %d", w.Init)
	}
	ar, err := e.SetInitiative("B", 25, faces())
	if err != nil {
		t.Fatal(err)
	}
	if got := names(e); got != "B Wolf 1 Wolf 2 A" || w.Init != 25 || ar.Index != 0 {
		t.Errorf("order %q wolf %d", got, w.Init)
	}
	_, err = e.SetInitiative("Wolf 1", 3, faces())
	wantCode(t, err, ErrSummoned)
	// the summoner leaves: its wolves take its place and initiative
	if _, err := e.Remove("B"); err != nil {
		t.Fatal(err)
	}
	for _, x := range e.Combatants[:2] {
		if x.Summoner != "" || x.Init != 25 || x.Group != "c2" {
			t.Errorf("orphan %+v", x)
		}
	}
	// C ties the wolves on 25 and DEX 10: the wolves roll off as one (3), C rolls 15
	a, err = e.Join(CharacterEntry{Name: "C", CharacterID: "c", InitOptions: InitOptions{Fixed: fixed(25)}}, faces(3, 15))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(e); got != "C Wolf 1 Wolf 2 A" || len(a.Arrivals[0].TieBreak.Rolls) != 2 {
		t.Errorf("order %q %+v", got, a.Arrivals[0].TieBreak)
	}
}

func TestSetInitiative(t *testing.T) {
	e := abc(t)
	mustNext(t, e)
	mustNext(t, e) // B
	ar, err := e.SetInitiative("C", 18, faces())
	if err != nil {
		t.Fatal(err)
	}
	if names(e) != "A C B" || currentName(e) != "B" || ar.Index != 1 || !ar.Roll.Fixed {
		t.Errorf("order %q current %q %+v", names(e), currentName(e), ar)
	}
	// a tie rolls off (DEX equal: 10 + 2×0)
	ar, err = e.SetInitiative("B", 20, faces(4, 11))
	if err != nil {
		t.Fatal(err)
	}
	if names(e) != "B A C" || ar.TieBreak == nil || currentName(e) != "B" {
		t.Errorf("order %q %+v", names(e), ar.TieBreak)
	}
	// leaving a shared group
	g, err := e.AddNPCs(NPCEntry{Name: "Kobold", Count: 3, Shared: true, HP: 5, InitOptions: InitOptions{Fixed: fixed(5)}}, faces())
	if err != nil {
		t.Fatal(err)
	}
	first := g.Arrivals[0].Combatant.ID
	if _, err := e.SetInitiative("Kobold 1", 1, faces()); err != nil {
		t.Fatal(err)
	}
	k1, _ := e.Find("Kobold 1")
	k2, _ := e.Find("Kobold 2")
	k3, _ := e.Find("Kobold 3")
	if k1.Group != "" || k2.Group == first || k2.Group != k3.Group || k2.Group != k2.ID {
		t.Errorf("groups %q %q %q", k1.Group, k2.Group, k3.Group)
	}
	if names(e) != "B A C Kobold 2 Kobold 3 Kobold 1" {
		t.Errorf("order %q", names(e))
	}
}

// TestOutCharactersAreSkipped: a character that is out (dead, says its sheet) is passed over like a down NPC and
// listed as skipped; back in, it takes its turns again; an NPC is out by its HP alone.
func TestOutCharactersAreSkipped(t *testing.T) {
	e := abc(t)
	mustNext(t, e) // A
	if c, err := e.SetOut("B", true); err != nil || !c.Out {
		t.Fatalf("SetOut %+v %v", c, err)
	}
	e = roundTrip(t, e)
	tc := mustNext(t, e)
	if tc.Began.Name != "C" || len(tc.Skipped) != 1 || tc.Skipped[0].Name != "B" || tc.CheckDying == false {
		t.Errorf("next %+v", tc)
	}
	e.Undo = nil
	if p, err := e.Prev(); err != nil || p.Began.Name != "A" {
		t.Errorf("prev passes over it too: %+v %v", p, err)
	}
	if _, err := e.SetOut("B", false); err != nil {
		t.Fatal(err)
	}
	if tc := mustNext(t, e); tc.Began.Name != "B" || len(tc.Skipped) != 0 {
		t.Errorf("back in: %+v", tc)
	}
	g := npcFixed(t, e, "Goblin", 1, 5)
	if c, err := e.SetOut("Goblin", true); err != nil || c.Out || g.Out {
		t.Errorf("an NPC: %+v %v", c, err)
	}
	for _, n := range []string{"A", "B", "C"} {
		if _, err := e.SetOut(n, true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.ApplyDamage("Goblin", 5); err != nil {
		t.Fatal(err)
	}
	_, err := e.Next()
	wantCode(t, err, ErrAllDown)
}
