package rogue

import "testing"

func TestTrackLevels(t *testing.T) {
	for counter, want := range map[int]int{-5: 1, 0: 1, 1: 1, 360: 1, 361: 2, 720: 2, 721: 3, 1440: 4, 1441: 5, 1800: 5, 1801: 6, 2520: 7, 2521: 7} {
		if got := Level(counter); got != want {
			t.Errorf("Level(%d) = %d, want %d", counter, got, want)
		}
	}
	if Overflow(1) || Overflow(2520) || !Overflow(0) || !Overflow(2521) {
		t.Error("Overflow")
	}
}

// A11, G-A11: set → 180 left in the level, up → 90, down → 270.
func TestTrackSetUpDown(t *testing.T) {
	for level := 1; level <= 7; level++ {
		c := SetLevel(level)
		if Level(c) != level || LeftInLevel(c) != 180 {
			t.Errorf("set %d: counter %d level %d left %d", level, c, Level(c), LeftInLevel(c))
		}
	}
	tests := []struct{ from, change, level, left int }{
		{SetLevel(3), +1, 4, 90},
		{SetLevel(3), -1, 2, 270},
		{1000, +1, 4, 90},
		{1000, -1, 2, 270},
		{SetLevel(6), +1, 7, 90},
	}
	for _, tt := range tests {
		got := LevelUp(tt.from)
		if tt.change < 0 {
			got = LevelDown(tt.from)
		}
		if Level(got) != tt.level || LeftInLevel(got) != tt.left {
			t.Errorf("from %d change %d: counter %d level %d left %d, want level %d left %d", tt.from, tt.change, got, Level(got), LeftInLevel(got), tt.level, tt.left)
		}
	}
	// Past the ends: overflow.
	if got := LevelUp(SetLevel(7)); got != 2610 || !Overflow(got) {
		t.Errorf("up from 7: %d", got)
	}
	if got := LevelDown(SetLevel(1)); got != -90 || !Overflow(got) {
		t.Errorf("down from 1: %d", got)
	}
	c := human(t, "H", avg)
	before, after, err := c.ChangeTrack(TrackThirst, TrackDown, 0)
	if err != nil || before.Level != 5 || after.Level != 4 || c.Thirst != 3*360+270 {
		t.Errorf("ChangeTrack down: %v %+v %+v", err, before, after)
	}
	if _, _, err := c.ChangeTrack(TrackHunger, TrackSet, 8); err == nil {
		t.Error("set level 8 accepted")
	}
	if _, after, _ := c.ChangeTrack(TrackHunger, TrackSet, 2); after.Counter != 540 || after.Key != "rogue.hunger.starving" {
		t.Errorf("set 2: %+v", after)
	}
}

func TestTrackPenalties(t *testing.T) {
	for level, want := range map[int]int{1: -2, 2: -1, 3: 0, 4: 0, 5: 0, 6: 0, 7: -1} {
		if got := TrackPenalty(SetLevel(level)); got != want {
			t.Errorf("level %d penalty %d, want %d", level, got, want)
		}
	}
	c := human(t, "H", avg)
	if _, ok := c.HungerMod(); ok {
		t.Error("satiated has no penalty")
	}
	c.Hunger, c.Thirst = SetLevel(2), SetLevel(1)
	if m, ok := c.HungerMod(); !ok || m != (Mod{"rogue.thirst.parched", -2}) {
		t.Errorf("worse track: %+v", m)
	}
	c.Hunger, c.Thirst = SetLevel(7), SetLevel(5)
	if m, _ := c.HungerMod(); m != (Mod{"rogue.hunger.choking", -1}) {
		t.Errorf("choking: %+v", m)
	}
	// The penalty applies to checks.
	res, err := c.Check(CheckOptions{Attr: Str}, faces(3, 4))
	if err != nil || res.Modifier != -1 || res.Success {
		t.Errorf("check with choking: %v %+v", err, res)
	}
}

func TestConsume(t *testing.T) {
	c := human(t, "H", avg, func(c *Character) { c.Hunger, c.Thirst = 1000, 1700 })
	res, err := c.Consume(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	if c.Hunger != 1300 || c.Thirst != SatiatedMax || !res.Capped || res.ThirstAfter.Level != 5 {
		t.Errorf("eat/drink: %d %d %+v", c.Hunger, c.Thirst, res)
	}
	// Already past Satiated (after a curse): eating adds nothing.
	c.Hunger = 2000
	c.Consume(100, 0)
	if c.Hunger != 2000 {
		t.Errorf("bloated eating: %d", c.Hunger)
	}
	// Curse of Gluttony lifts the limit.
	c.Effects = []Effect{{Kind: KindCurse, ID: string(CurseGluttony), Power: 1}}
	res, _ = c.Consume(600, 0)
	if c.Hunger != 2600 || !res.Gluttony || res.Capped {
		t.Errorf("gluttony: %d %+v", c.Hunger, res)
	}
	if _, err := c.Consume(-1, 0); err == nil {
		t.Error("negative amount accepted")
	}
}
