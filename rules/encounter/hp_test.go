package encounter

import "testing"

func TestVagueState(t *testing.T) {
	tests := []struct {
		hp, max int
		want    State
	}{
		{10, 10, StateUnhurt}, {9, 10, StateWounded}, {6, 10, StateWounded}, {5, 10, StateBloodied},
		{1, 10, StateBloodied}, {0, 10, StateDown}, {-3, 10, StateDown},
		{4, 7, StateWounded}, {3, 7, StateBloodied}, {1, 1, StateUnhurt}, {1, 2, StateBloodied},
		{12, 10, StateUnhurt}, {5, 0, StateUnhurt}, {0, 0, StateDown},
	}
	for _, tt := range tests {
		if got := VagueState(tt.hp, tt.max); got != tt.want {
			t.Errorf("VagueState(%d, %d) = %s, want %s", tt.hp, tt.max, got, tt.want)
		}
	}
	for _, s := range States() {
		if s.Key() == "" {
			t.Errorf("%s has no key", s)
		}
	}
	if State("fine").Key() != "" {
		t.Error("unknown state has a key")
	}
}

func TestNPCHitPoints(t *testing.T) {
	e := mustNew(t, DnD5e)
	if _, err := e.AddNPCs(NPCEntry{Name: "Ogre", HP: 10, TempHP: 5, AC: 11}, faces(10)); err != nil {
		t.Fatal(err)
	}
	joinFixed(t, e, "Aria", 3)
	type op struct {
		kind   string // damage, heal, temp, set
		amount int
		max    int // set only
	}
	tests := []struct {
		op                        op
		absorbed, applied, hp, tp int
		state                     State
		downed, revived, noEffect bool
	}{
		{op{"damage", 3, 0}, 3, 0, 10, 2, StateUnhurt, false, false, false},
		{op{"damage", 8, 0}, 2, 6, 4, 0, StateBloodied, false, false, false},
		{op{"temp", 3, 0}, 0, 3, 4, 3, StateBloodied, false, false, false},
		{op{"temp", 2, 0}, 0, 0, 4, 3, StateBloodied, false, false, true},
		{op{"damage", 20, 0}, 3, 4, 0, 0, StateDown, true, false, false},
		{op{"damage", 5, 0}, 0, 0, 0, 0, StateDown, false, false, true},
		{op{"heal", 3, 0}, 0, 3, 3, 0, StateBloodied, false, true, false},
		{op{"heal", 100, 0}, 0, 7, 10, 0, StateUnhurt, false, false, false},
		{op{"heal", 1, 0}, 0, 0, 10, 0, StateUnhurt, false, false, true},
		{op{"damage", 0, 0}, 0, 0, 10, 0, StateUnhurt, false, false, true},
		{op{"set", 6, 0}, 0, -4, 6, 0, StateWounded, false, false, false},
		{op{"set", 6, 12}, 0, 0, 6, 0, StateBloodied, false, false, false},
		{op{"set", 0, 0}, 0, -6, 0, 0, StateDown, true, false, false},
	}
	for i, tt := range tests {
		var ch *HPChange
		var err error
		switch tt.op.kind {
		case "damage":
			ch, err = e.ApplyDamage("ogre", tt.op.amount)
		case "heal":
			ch, err = e.Heal("Ogre", tt.op.amount)
		case "temp":
			ch, err = e.SetTempHP("c1", tt.op.amount)
		case "set":
			ch, err = e.SetHP("Ogre", tt.op.amount, tt.op.max)
		}
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if ch.TempAbsorbed != tt.absorbed || ch.Applied != tt.applied || ch.HPAfter != tt.hp || ch.TempAfter != tt.tp ||
			ch.StateAfter != tt.state || ch.Downed != tt.downed || ch.Revived != tt.revived || ch.NoEffect != tt.noEffect {
			t.Errorf("%d %v: %+v", i, tt.op, ch)
		}
	}
	for _, f := range []func() (*HPChange, error){
		func() (*HPChange, error) { return e.ApplyDamage("Aria", 1) },
		func() (*HPChange, error) { return e.Heal("Aria", 1) },
		func() (*HPChange, error) { return e.SetTempHP("Aria", 1) },
		func() (*HPChange, error) { return e.SetHP("Aria", 1, 0) },
	} {
		_, err := f()
		wantCode(t, err, ErrNotNPC)
	}
}
