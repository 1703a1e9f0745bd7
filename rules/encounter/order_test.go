package encounter

import (
	"reflect"
	"testing"
)

func TestInitiativeNotation(t *testing.T) {
	tests := []struct {
		bonus int
		mode  Mode
		want  string
	}{
		{3, Normal, "1d20+3"}, {3, "", "1d20+3"}, {3, Advantage, "2d20kh1+3"},
		{3, Disadvantage, "2d20kl1+3"}, {-1, Disadvantage, "2d20kl1-1"}, {0, Normal, "1d20"},
		{0, Advantage, "2d20kh1"},
	}
	for _, tt := range tests {
		if got := InitiativeNotation(tt.bonus, tt.mode); got != tt.want {
			t.Errorf("InitiativeNotation(%d, %q) = %q, want %q", tt.bonus, tt.mode, got, tt.want)
		}
	}
}

func TestParseMode(t *testing.T) {
	tests := []struct {
		in   string
		want Mode
		ok   bool
	}{
		{"", Normal, true}, {"normal", Normal, true}, {"ADV", Advantage, true}, {" advantage ", Advantage, true},
		{"dis", Disadvantage, true}, {"Disadvantage", Disadvantage, true}, {"lucky", "", false},
	}
	for _, tt := range tests {
		got, err := ParseMode(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseMode(%q) = %q, %v", tt.in, got, err)
		}
		if err != nil {
			wantCode(t, err, ErrBadMode)
		}
	}
}

func TestInitiativeRoll(t *testing.T) {
	tests := []struct {
		name         string
		opts         InitOptions
		faces        []int
		notation     string
		total, nat   int
		fixed        bool
		mode         Mode
		dex, natural int
	}{
		{"straight", InitOptions{Bonus: 3, Dex: 16}, []int{12}, "1d20+3", 15, 12, false, "", 16, 12},
		{"advantage keeps the higher", InitOptions{Bonus: 3, Mode: Advantage, Dex: 16}, []int{4, 17}, "2d20kh1+3", 20, 17, false, Advantage, 16, 17},
		{"disadvantage keeps the lower", InitOptions{Bonus: 3, Mode: Disadvantage, Dex: 16}, []int{4, 17}, "2d20kl1+3", 7, 4, false, Disadvantage, 16, 4},
		{"normal mode is stored empty", InitOptions{Bonus: -1, Mode: Normal, Dex: 8}, []int{9}, "1d20-1", 8, 9, false, "", 8, 9},
		{"fixed: no dice", InitOptions{Bonus: 3, Mode: Advantage, Fixed: fixed(17), Dex: 12}, nil, "", 17, 0, true, "", 12, 0},
		{"DEX estimated from the bonus", InitOptions{Bonus: 2}, []int{10}, "1d20+2", 12, 10, false, "", 14, 10},
		{"estimate clamped low", InitOptions{Bonus: -10}, []int{10}, "1d20-10", 0, 10, false, "", 1, 10},
		{"estimate clamped high", InitOptions{Bonus: 15}, []int{10}, "1d20+15", 25, 10, false, "", 30, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := mustNew(t, DnD5e)
			a, err := e.Join(CharacterEntry{Name: "Aria", CharacterID: "s1", OwnerID: "u1", InitOptions: tt.opts}, faces(tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			ro := a.Arrivals[0].Roll
			if ro.Notation != tt.notation || ro.Total != tt.total || ro.Natural != tt.nat || ro.Fixed != tt.fixed {
				t.Errorf("roll = %+v", ro)
			}
			if (ro.Result != nil) == tt.fixed {
				t.Errorf("dice result kept = %v for fixed = %v", ro.Result != nil, tt.fixed)
			}
			if ro.Result != nil && ro.Result.Total != tt.total {
				t.Errorf("result total %d", ro.Result.Total)
			}
			c := e.Combatants[0]
			if c.Init != tt.total || c.Natural != tt.natural || c.Mode != tt.mode || c.Dex != tt.dex {
				t.Errorf("combatant = %+v", c)
			}
		})
	}
}

func TestOrder5e(t *testing.T) {
	type arrival struct {
		name       string
		bonus, dex int
		faces      []int
	}
	tests := []struct {
		name     string
		in       []arrival
		want     string
		rollOffs map[string]int
		lastTie  *TieBreak // the last arrival's roll-off (Combatant refs by name only)
	}{
		{
			name: "by total",
			in:   []arrival{{"A", 2, 14, []int{10}}, {"B", 0, 10, []int{15}}, {"C", 5, 20, []int{3}}},
			want: "B A C",
		},
		{
			name: "tie broken by DEX score",
			in:   []arrival{{"A", 2, 14, []int{10}}, {"B", 2, 16, []int{10}}},
			want: "B A",
		},
		{
			name:     "tie broken by a roll-off",
			in:       []arrival{{"A", 2, 14, []int{10}}, {"B", 2, 14, []int{10, 5, 17}}},
			want:     "B A",
			rollOffs: map[string]int{"A": 5, "B": 17},
			lastTie:  &TieBreak{Init: 12, Dex: 14, Rolls: []RollOff{{Ref{Name: "A"}, []int{5}}, {Ref{Name: "B"}, []int{17}}}},
		},
		{
			name:     "roll-off ties are re-rolled",
			in:       []arrival{{"A", 2, 14, []int{10}}, {"B", 2, 14, []int{10, 8, 8, 3, 12}}},
			want:     "B A",
			rollOffs: map[string]int{"A": 3, "B": 12},
			lastTie:  &TieBreak{Init: 12, Dex: 14, Rolls: []RollOff{{Ref{Name: "A"}, []int{8, 3}}, {Ref{Name: "B"}, []int{8, 12}}}},
		},
		{
			name: "a third tied arrival rolls alone and avoids the rolls present",
			in: []arrival{{"A", 2, 14, []int{10}}, {"B", 2, 14, []int{10, 8, 8, 3, 12}},
				{"C", 2, 14, []int{10, 12, 7}}},
			want:     "B C A",
			rollOffs: map[string]int{"A": 3, "B": 12, "C": 7},
			lastTie: &TieBreak{Init: 12, Dex: 14, Rolls: []RollOff{{Ref{Name: "C"}, []int{12, 7}}},
				Kept: []RollOff{{Ref{Name: "B"}, []int{12}}, {Ref{Name: "A"}, []int{3}}}},
		},
		{
			name: "same total, different DEX: no roll-off even with a third",
			in:   []arrival{{"A", 2, 14, []int{10}}, {"B", 2, 16, []int{10}}, {"C", 2, 15, []int{10}}},
			want: "B C A",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := mustNew(t, DnD5e)
			var last *Added
			for _, a := range tt.in {
				var err error
				last, err = e.Join(CharacterEntry{Name: a.name, CharacterID: a.name, InitOptions: InitOptions{Bonus: a.bonus, Dex: a.dex}}, faces(a.faces...))
				if err != nil {
					t.Fatal(err)
				}
			}
			if got := names(e); got != tt.want {
				t.Errorf("order %q, want %q", got, tt.want)
			}
			for n, v := range tt.rollOffs {
				if c, _ := e.Find(n); c.RollOff != v {
					t.Errorf("%s roll-off %d, want %d", n, c.RollOff, v)
				}
			}
			tb := last.Arrivals[0].TieBreak
			if tt.lastTie == nil {
				if tb != nil {
					t.Errorf("unexpected roll-off %+v", tb)
				}
				return
			}
			strip := func(rs []RollOff) []RollOff {
				var out []RollOff
				for _, r := range rs {
					out = append(out, RollOff{Ref{Name: r.Combatant.Name}, r.Rolls})
				}
				return out
			}
			if tb == nil {
				t.Fatal("no roll-off")
			}
			got := TieBreak{Init: tb.Init, Dex: tb.Dex, Rolls: strip(tb.Rolls), Kept: strip(tb.Kept)}
			if !reflect.DeepEqual(&got, tt.lastTie) {
				t.Errorf("roll-off %+v, want %+v", got, *tt.lastTie)
			}
			// the order is stored: it survives JSON and does not depend on dice any more
			if d := roundTrip(t, e); names(d) != tt.want {
				t.Errorf("after round trip %q", names(d))
			}
		})
	}
}

func TestRollOffGivesUp(t *testing.T) {
	// A roller that always shows 9: the roll-off stays tied and arrival order decides.
	e := mustNew(t, DnD5e)
	nines := make([]int, 1+2*maxRollOffRounds+1)
	for i := range nines {
		nines[i] = 9
	}
	if _, err := e.Join(CharacterEntry{Name: "A", CharacterID: "a", InitOptions: InitOptions{Dex: 10}}, faces(9)); err != nil {
		t.Fatal(err)
	}
	a, err := e.Join(CharacterEntry{Name: "B", CharacterID: "b", InitOptions: InitOptions{Dex: 10}}, faces(nines...))
	if err != nil {
		t.Fatal(err)
	}
	if names(e) != "A B" {
		t.Errorf("order %q", names(e))
	}
	if n := len(a.Arrivals[0].TieBreak.Rolls[1].Rolls); n != maxRollOffRounds {
		t.Errorf("%d rolls, want %d", n, maxRollOffRounds)
	}
}

func TestSharedGroupInitiative(t *testing.T) {
	e := mustNew(t, DnD5e)
	if _, err := e.Join(CharacterEntry{Name: "Aria", CharacterID: "a", InitOptions: InitOptions{Bonus: 2, Dex: 14}}, faces(10)); err != nil {
		t.Fatal(err)
	}
	// one roll (10+2 = 12) ties Aria on total and DEX (estimated 14): the group rolls off once
	a, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 3, Shared: true, HP: 7, AC: 15,
		InitOptions: InitOptions{Bonus: 2}}, faces(10, 6, 15))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(e); got != "Goblin 1 Goblin 2 Goblin 3 Aria" {
		t.Errorf("order %q", got)
	}
	if len(a.Arrivals) != 3 || a.Arrivals[0].Roll != a.Arrivals[2].Roll {
		t.Errorf("a shared group has one roll: %+v", a.Arrivals)
	}
	for _, c := range e.Combatants[:3] {
		if c.Init != 12 || c.RollOff != 15 || c.Group != "c2" {
			t.Errorf("%s: %+v", c.Name, c)
		}
	}
	// a later arrival tying them rolls against the group's one roll-off
	if _, err := e.Join(CharacterEntry{Name: "Bo", CharacterID: "b", InitOptions: InitOptions{Bonus: 2, Dex: 14}}, faces(10, 15, 8)); err != nil {
		t.Fatal(err)
	}
	if got := names(e); got != "Goblin 1 Goblin 2 Goblin 3 Bo Aria" {
		t.Errorf("order %q", got)
	}
}

func TestGroupRollsEach(t *testing.T) {
	e := mustNew(t, DnD5e)
	a, err := e.AddNPCs(NPCEntry{Name: "Goblin", Count: 3, HP: 7, AC: 15, InitOptions: InitOptions{Bonus: 2}, Pos: &Pos{4, 5}},
		faces(5, 18, 11))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(e); got != "Goblin 2 Goblin 3 Goblin 1" {
		t.Errorf("order %q", got)
	}
	for i, want := range []int{7, 20, 13} {
		if a.Arrivals[i].Roll.Total != want {
			t.Errorf("arrival %d total %d, want %d", i, a.Arrivals[i].Roll.Total, want)
		}
	}
	g1, _ := e.Find("goblin 1")
	g3, _ := e.Find("GOBLIN 3")
	if *g1.Pos != (Pos{4, 5}) || *g3.Pos != (Pos{6, 5}) || g1.HP != 7 || g1.MaxHP != 7 || g1.AC != 15 {
		t.Errorf("g1 %+v g3 %+v", g1, g3)
	}
	if a.Arrivals[0].Index != 2 || a.Arrivals[1].Index != 0 {
		t.Errorf("indexes %d %d", a.Arrivals[0].Index, a.Arrivals[1].Index)
	}
	if l := e.Log[len(e.Log)-1]; l.Event != LogAddGroup || l.Args["Count"] != "3" || l.Args["Name"] != "Goblin" {
		t.Errorf("log %+v", l)
	}
}

func TestNPCNames(t *testing.T) {
	tests := []struct {
		name    string
		present []string
		add     string
		count   int
		want    []string
	}{
		{"count 1 keeps the plain name", nil, "Goblin", 1, []string{"Goblin"}},
		{"count 0 means 1", nil, "Goblin", 0, []string{"Goblin"}},
		{"a group is numbered", nil, "Goblin", 3, []string{"Goblin 1", "Goblin 2", "Goblin 3"}},
		{"a second plain one is numbered 2", []string{"Goblin"}, "goblin", 1, []string{"goblin 2"}},
		{"numbering continues", []string{"Goblin 1", "Goblin 2", "Goblin 3"}, "Goblin", 2, []string{"Goblin 4", "Goblin 5"}},
		{"one more after a group", []string{"Goblin 1", "Goblin 2"}, "Goblin", 1, []string{"Goblin 3"}},
		{"group after a plain one", []string{"Goblin"}, "Goblin", 2, []string{"Goblin 2", "Goblin 3"}},
		{"other names do not count", []string{"Goblin Boss", "Goblin 01", "Hobgoblin 7"}, "Goblin", 1, []string{"Goblin"}},
		{"spaces collapse", nil, "  Orc   Chief ", 1, []string{"Orc Chief"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := mustNew(t, Rogue)
			for _, p := range tt.present {
				if _, err := e.AddNPCs(NPCEntry{Name: p, HP: 5}, nil); err != nil {
					t.Fatal(err)
				}
			}
			a, err := e.AddNPCs(NPCEntry{Name: tt.add, Count: tt.count, HP: 5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range a.Arrivals {
				got = append(got, x.Combatant.Name)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("names %q, want %q", got, tt.want)
			}
		})
	}
}
