package coc

import "strings"

// Condition is a lasting state of an investigator.
type Condition string

// The conditions.
const (
	MajorWound         Condition = "major_wound"    // half max HP or more lost to one hit; heals by weekly rolls
	Prone              Condition = "prone"          // on the ground
	Unconscious        Condition = "unconscious"    // out of the action
	Dying              Condition = "dying"          // 0 HP with a major wound: CON roll each round or die
	Stable             Condition = "stable"         // a dying investigator given First Aid; needs Medicine soon
	Dead               Condition = "dead"           // lost
	InsanityTemporary  Condition = "insanity_temp"  // temporary insanity (Day it started, Hours it lasts)
	InsanityIndefinite Condition = "insanity_indef" // indefinite insanity (Day it started)
	InsanityPermanent  Condition = "insanity_perm"  // SAN 0: lost to the player
)

var conditionTable = []struct {
	id  Condition
	key string
}{
	{MajorWound, "coc.condition.major_wound"},
	{Prone, "coc.condition.prone"},
	{Unconscious, "coc.condition.unconscious"},
	{Dying, "coc.condition.dying"},
	{Stable, "coc.condition.stable"},
	{Dead, "coc.condition.dead"},
	{InsanityTemporary, "coc.condition.insanity_temp"},
	{InsanityIndefinite, "coc.condition.insanity_indef"},
	{InsanityPermanent, "coc.condition.insanity_perm"},
}

// Conditions returns every condition.
func Conditions() []Condition {
	out := make([]Condition, len(conditionTable))
	for i, e := range conditionTable {
		out[i] = e.id
	}
	return out
}

// Key is the catalog key of the condition's name ("coc.condition.dying"), or "".
func (c Condition) Key() string {
	for _, e := range conditionTable {
		if e.id == c {
			return e.key
		}
	}
	return ""
}

// Valid reports whether c is a known condition.
func (c Condition) Valid() bool { return c.Key() != "" }

// ParseCondition accepts a condition id in any case.
func ParseCondition(s string) (Condition, error) {
	c := Condition(strings.ToLower(strings.TrimSpace(s)))
	if !c.Valid() {
		return "", newError(ErrUnknownCondition, "Condition", s)
	}
	return c, nil
}

// Insane reports whether c is one of the insanities.
func (c Condition) Insane() bool {
	return c == InsanityTemporary || c == InsanityIndefinite || c == InsanityPermanent
}

// ActiveCondition is a condition on a sheet. Day is the game day it started (insanity; 0 when not tracked), Hours
// how long a temporary insanity lasts.
type ActiveCondition struct {
	ID    Condition `json:"id"`
	Day   int       `json:"day,omitempty"`
	Hours int       `json:"hours,omitempty"`
}

// Has reports whether the character has condition id.
func (c *Character) Has(id Condition) bool {
	for _, a := range c.Conditions {
		if a.ID == id {
			return true
		}
	}
	return false
}

// Insane reports whether the character is insane (temporarily, indefinitely or permanently).
func (c *Character) Insane() bool {
	for _, a := range c.Conditions {
		if a.ID.Insane() {
			return true
		}
	}
	return false
}

// AddCondition adds (or replaces) a condition; it reports whether the condition is new.
func (c *Character) AddCondition(a ActiveCondition) (bool, error) {
	if !a.ID.Valid() {
		return false, newError(ErrUnknownCondition, "Condition", string(a.ID))
	}
	if err := checkDay(a.Day); err != nil {
		return false, err
	}
	if a.Hours < 0 || a.Hours > MaxHours {
		return false, newError(ErrBadHours, "Hours", a.Hours, "Max", MaxHours)
	}
	for i, x := range c.Conditions {
		if x.ID == a.ID {
			c.Conditions[i] = a
			return false, nil
		}
	}
	c.Conditions = append(c.Conditions, a)
	return true, nil
}

// RemoveCondition removes a condition; it reports whether it was there.
func (c *Character) RemoveCondition(id Condition) bool {
	for i, x := range c.Conditions {
		if x.ID == id {
			c.Conditions = append(c.Conditions[:i], c.Conditions[i+1:]...)
			return true
		}
	}
	return false
}

// add is AddCondition for ids known to be valid.
func (c *Character) add(id Condition) bool {
	added, _ := c.AddCondition(ActiveCondition{ID: id})
	return added
}

// MaxDay is the highest game-day number; MaxHours the longest temporary insanity stored.
const (
	MaxDay   = 1_000_000
	MaxHours = 1000
)

func checkDay(day int) error {
	if day < 0 || day > MaxDay {
		return newError(ErrBadDay, "Day", day, "Max", MaxDay)
	}
	return nil
}
