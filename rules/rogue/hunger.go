package rogue

// Hunger and thirst (A11): two independent 7-level tracks of 360 turns each.
// A counter holds the turns left; level = ceil(counter / 360), 1..7.

// Track constants.
const (
	LevelTurns     = 360  // turns per level
	TrackLevels    = 7    //
	TrackMax       = 2520 // 7 × 360; a counter above it (or below 1) deals 1 damage per turn
	SatiatedMax    = 1800 // eating and drinking stop at the top of Satiated (unless Curse of Gluttony)
	LevelSatiated  = 5    //
	LevelNotHungry = 4    //
)

// Track is hunger or thirst.
type Track string

// Tracks.
const (
	TrackHunger Track = "hunger"
	TrackThirst Track = "thirst"
)

// Key is the catalog key of the track's name.
func (t Track) Key() string {
	switch t {
	case TrackHunger:
		return "rogue.track.hunger"
	case TrackThirst:
		return "rogue.track.thirst"
	}
	return ""
}

var hungerKeys = [TrackLevels]string{
	"rogue.hunger.famished", "rogue.hunger.starving", "rogue.hunger.hungry", "rogue.hunger.not_hungry",
	"rogue.hunger.satiated", "rogue.hunger.bloated", "rogue.hunger.choking",
}

var thirstKeys = [TrackLevels]string{
	"rogue.thirst.parched", "rogue.thirst.dehydrated", "rogue.thirst.thirsty", "rogue.thirst.not_thirsty",
	"rogue.thirst.satiated", "rogue.thirst.hydrated", "rogue.thirst.drenched",
}

// LevelKey is the catalog key of level 1..7 of track t (Famished … Choking,
// Parched … Drenched).
func (t Track) LevelKey(level int) string {
	level = min(max(level, 1), TrackLevels)
	if t == TrackThirst {
		return thirstKeys[level-1]
	}
	return hungerKeys[level-1]
}

// Level is the level (1..7) of a counter: ceil(counter / 360), clamped.
func Level(counter int) int {
	if counter <= 0 {
		return 1
	}
	return min((counter+LevelTurns-1)/LevelTurns, TrackLevels)
}

// LeftInLevel is the turns left within the counter's level (1..360 in range).
func LeftInLevel(counter int) int { return counter - (Level(counter)-1)*LevelTurns }

// SetLevel is the counter after an effect sets the track to level: 180 left
// within it (A11).
func SetLevel(level int) int { return (level-1)*LevelTurns + LevelTurns/2 }

// LevelUp is the counter after an effect moves the track one level up: 90
// left within the new level (a quarter past the boundary crossed, G-A11).
// Moving up from level 7 overflows (counter 2610: 1 damage per turn).
func LevelUp(counter int) int { return Level(counter)*LevelTurns + LevelTurns/4 }

// LevelDown is the counter after an effect moves the track one level down:
// 270 left within the new level (G-A11). Moving down from level 1 gives −90.
func LevelDown(counter int) int { return (Level(counter)-2)*LevelTurns + LevelTurns*3/4 }

// Overflow reports whether a counter deals 1 damage per turn (below 1 or above 2520).
func Overflow(counter int) bool { return counter < 1 || counter > TrackMax }

// TrackPenalty is the check penalty of one track's level: −2 at level 1
// (Famished/Parched), −1 at level 2 (Starving/Dehydrated) and 7
// (Choking/Drenched), else 0.
func TrackPenalty(counter int) int {
	switch Level(counter) {
	case 1:
		return -2
	case 2, 7:
		return -1
	}
	return 0
}

// HungerMod is the penalty hunger and thirst give every ability-based check
// and to-hit roll. Decision: the two tracks do not add up; the worse one
// applies ("in either state" in the seed). The Mod's source is that level's
// key; ok is false when there is no penalty.
func (c *Character) HungerMod() (Mod, bool) {
	h, t := TrackPenalty(c.Hunger), TrackPenalty(c.Thirst)
	switch {
	case h == 0 && t == 0:
		return Mod{}, false
	case h <= t:
		return Mod{TrackHunger.LevelKey(Level(c.Hunger)), h}, true
	}
	return Mod{TrackThirst.LevelKey(Level(c.Thirst)), t}, true
}

// Starved reports whether either track is at level 1 (Famished/Parched):
// no energy regeneration (A8, A11).
func (c *Character) Starved() bool { return Level(c.Hunger) == 1 || Level(c.Thirst) == 1 }

// TrackState is a track's counter and level.
type TrackState struct {
	Counter int    `json:"counter"`
	Level   int    `json:"level"`
	Key     string `json:"key"` // catalog key of the level's name
}

func trackState(t Track, counter int) TrackState {
	return TrackState{Counter: counter, Level: Level(counter), Key: t.LevelKey(Level(counter))}
}

// ConsumeResult is what eating and drinking changed.
type ConsumeResult struct {
	HungerBefore TrackState `json:"hunger_before"`
	HungerAfter  TrackState `json:"hunger_after"`
	ThirstBefore TrackState `json:"thirst_before"`
	ThirstAfter  TrackState `json:"thirst_after"`
	Capped       bool       `json:"capped,omitempty"`   // some of it was wasted: tracks stop at Satiated
	Gluttony     bool       `json:"gluttony,omitempty"` // Curse of Gluttony lifted the Satiated limit
}

// Consume eats and drinks: food turns go to the hunger counter, water turns
// to the thirst counter (some foods restore both). A track is never filled
// past Satiated (1800) unless the creature has the Curse of Gluttony (A11).
// Amounts are 0..MaxHPLimit.
func (c *Character) Consume(food, water int) (*ConsumeResult, error) {
	for _, v := range []int{food, water} {
		if v < 0 || v > MaxHPLimit {
			return nil, newError(ErrBadAmount, "Amount", v, "Max", MaxHPLimit)
		}
	}
	res := &ConsumeResult{HungerBefore: trackState(TrackHunger, c.Hunger), ThirstBefore: trackState(TrackThirst, c.Thirst)}
	glut := c.hasEffect(KindCurse, string(CurseGluttony))
	res.Gluttony = glut && (c.Hunger+food > SatiatedMax || c.Thirst+water > SatiatedMax)
	add := func(counter, n int) int {
		if n == 0 {
			return counter
		}
		v := min(counter+n, MaxCounter)
		if !glut {
			limit := max(counter, SatiatedMax)
			if v > limit {
				res.Capped = true
				v = limit
			}
		}
		return v
	}
	c.Hunger = add(c.Hunger, food)
	c.Thirst = add(c.Thirst, water)
	res.HungerAfter, res.ThirstAfter = trackState(TrackHunger, c.Hunger), trackState(TrackThirst, c.Thirst)
	return res, nil
}

// TrackChange is a level-setting or level-moving effect on a track.
type TrackChange string

// Track changes (A11): set puts 180 left in the level, up 90, down 270.
const (
	TrackSet  TrackChange = "set"
	TrackUp   TrackChange = "up"
	TrackDown TrackChange = "down"
)

// ChangeTrack applies a level effect to track t: set (level 1..7), up or down.
func (c *Character) ChangeTrack(t Track, change TrackChange, level int) (before, after TrackState, err error) {
	p := &c.Hunger
	if t == TrackThirst {
		p = &c.Thirst
	} else if t != TrackHunger {
		return before, after, newError(ErrUnknownOption, "Option", "track", "Value", string(t))
	}
	before = trackState(t, *p)
	switch change {
	case TrackSet:
		if level < 1 || level > TrackLevels {
			return before, before, newError(ErrBadLevel, "Level", level, "Min", 1, "Max", TrackLevels)
		}
		*p = SetLevel(level)
	case TrackUp:
		*p = LevelUp(*p)
	case TrackDown:
		*p = LevelDown(*p)
	default:
		return before, before, newError(ErrUnknownOption, "Option", "change", "Value", string(change))
	}
	return before, trackState(t, *p), nil
}
