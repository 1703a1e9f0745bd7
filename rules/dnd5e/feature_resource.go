package dnd5e

import (
	"sort"
	"strings"
)

// Feature resources: the uses and points of class features, with their
// maximum by class, level and ability, and the rest that restores them. Only
// what is spent is stored (Character.Spent, by feature id); the maximum is
// computed, so a level up raises it at once.

// Reset is when something comes back: on a short rest (and a long one), on
// a long rest only, or never by itself.
type Reset string

// Resets.
const (
	ResetShort Reset = "short"
	ResetLong  Reset = "long"
	ResetNone  Reset = "none"
)

// Key is the catalog key of the reset ("feature.reset.short"), or "".
func (r Reset) Key() string {
	switch r {
	case ResetShort:
		return "feature.reset.short"
	case ResetLong:
		return "feature.reset.long"
	case ResetNone:
		return "feature.reset.none"
	}
	return ""
}

// ParseReset accepts "short", "long", "none" (or "" for none) in any case.
func ParseReset(s string) (Reset, error) {
	switch r := Reset(strings.ToLower(strings.TrimSpace(s))); r {
	case ResetShort, ResetLong, ResetNone:
		return r, nil
	case "":
		return ResetNone, nil
	}
	return "", newError(ErrBadReset, "Reset", s)
}

// Resource is one feature resource of a character, as it stands.
type Resource struct {
	ID        string `json:"id"`   // the feature id ("rage", "ki", "lay_on_hands")
	Max       int    `json:"max"`  // uses or points (0 with Unlimited)
	Used      int    `json:"used"` // spent since its reset
	Reset     Reset  `json:"reset"`
	Pool      bool   `json:"pool,omitempty"`      // points spent in any amount (ki, sorcery points, lay on hands), not single uses
	Unlimited bool   `json:"unlimited,omitempty"` // no limit (rage at 20th level)
}

// Left is what remains (Max − Used, at least 0; a large number when Unlimited).
func (r Resource) Left() int {
	if r.Unlimited {
		return MaxHPLimit
	}
	return max(0, r.Max-r.Used)
}

// Key is the catalog key of the resource's name: its feature's ("feature.ki").
func (r Resource) Key() string { return "feature." + r.ID }

// resourceRule is how a feature's resource is sized and restored.
type resourceRule struct {
	id   string
	pool bool
	max  func(c *Character) int // Unlimited for no limit; 0 when the character has none
	rest func(c *Character) Reset
}

func resetLong(*Character) Reset  { return ResetLong }
func resetShort(*Character) Reset { return ResetShort }
func oneUse(*Character) int       { return 1 }

var resourceRules = []resourceRule{
	{id: "rage", max: func(c *Character) int { return RageCount(c.Level) }, rest: resetLong},
	{id: "bardic_inspiration", max: func(c *Character) int { return max(1, c.Mod(Cha)) }, rest: func(c *Character) Reset {
		if c.HasFeature("font_of_inspiration") {
			return ResetShort
		}
		return ResetLong
	}},
	{id: "channel_divinity", max: func(c *Character) int { return ChannelDivinityUses(c.Class, c.Level) }, rest: resetShort},
	{id: "wild_shape", max: func(c *Character) int { return WildShapeUses(c.Level) }, rest: resetShort},
	{id: "natural_recovery", max: oneUse, rest: resetLong},
	{id: "second_wind", max: oneUse, rest: resetShort},
	{id: "action_surge", max: func(c *Character) int { return ActionSurges(c.Level) }, rest: resetShort},
	{id: "indomitable", max: func(c *Character) int { return IndomitableUses(c.Level) }, rest: resetLong},
	{id: "ki", pool: true, max: func(c *Character) int { return KiPoints(c.Level) }, rest: resetShort},
	{id: "wholeness_of_body", max: oneUse, rest: resetLong},
	{id: "divine_sense", max: func(c *Character) int { return max(1, 1+c.Mod(Cha)) }, rest: resetLong},
	{id: "lay_on_hands", pool: true, max: func(c *Character) int { return 5 * c.Level }, rest: resetLong},
	{id: "cleansing_touch", max: func(c *Character) int { return max(1, c.Mod(Cha)) }, rest: resetLong},
	{id: "stroke_of_luck", max: oneUse, rest: resetShort},
	{id: "sorcery_points", pool: true, max: func(c *Character) int { return SorceryPoints(c.Level) }, rest: resetLong},
	{id: "mystic_arcanum_6", max: oneUse, rest: resetLong},
	{id: "mystic_arcanum_7", max: oneUse, rest: resetLong},
	{id: "mystic_arcanum_8", max: oneUse, rest: resetLong},
	{id: "mystic_arcanum_9", max: oneUse, rest: resetLong},
	{id: "arcane_recovery", max: oneUse, rest: resetLong},
}

// ResourceIDs lists the ids of every feature with a resource.
func ResourceIDs() []string {
	out := make([]string, len(resourceRules))
	for i, r := range resourceRules {
		out[i] = r.id
	}
	return out
}

func ruleOf(id string) (resourceRule, bool) {
	for _, r := range resourceRules {
		if r.id == id {
			return r, true
		}
	}
	return resourceRule{}, false
}

// Resources lists the character's feature resources by its class, subclass
// and level, in table order, with what is spent.
func (c *Character) Resources() []Resource {
	var out []Resource
	for _, rule := range resourceRules {
		if r, ok := c.resource(rule); ok {
			out = append(out, r)
		}
	}
	return out
}

func (c *Character) resource(rule resourceRule) (Resource, bool) {
	if !c.HasFeature(rule.id) {
		return Resource{}, false
	}
	n := rule.max(c)
	if n == 0 {
		return Resource{}, false
	}
	r := Resource{ID: rule.id, Max: n, Reset: rule.rest(c), Pool: rule.pool, Used: c.Spent[rule.id]}
	if n == Unlimited {
		r.Max, r.Unlimited = 0, true
	} else {
		r.Used = min(r.Used, r.Max)
	}
	return r, true
}

// FindResource returns the character's resource of feature id; ok false when it has none.
func (c *Character) FindResource(id string) (Resource, bool) {
	rule, ok := ruleOf(id)
	if !ok {
		return Resource{}, false
	}
	return c.resource(rule)
}

// ResourceChange reports a change of a resource.
type ResourceChange struct {
	ID     string `json:"id"`
	Before int    `json:"before"` // left before
	After  int    `json:"after"`  // left after
	Max    int    `json:"max"`
}

// SpendResource spends n (1 or more) uses or points of feature id's resource:
// refused when the character lacks the feature (ErrNoFeature), n is below 1 or
// above what is left.
func (c *Character) SpendResource(id string, n int) (*ResourceChange, error) {
	r, ok := c.FindResource(id)
	if !ok {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", id)
	}
	if n < 1 || n > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", n, "Max", r.Left())
	}
	if n > r.Left() {
		if r.Pool {
			return nil, newError(ErrNotEnoughPool, "Name", c.Name, "Feature", id, "Want", n, "Have", r.Left())
		}
		return nil, newError(ErrNoUsesLeft, "Name", c.Name, "Feature", id, "Max", r.Max)
	}
	ch := &ResourceChange{ID: id, Before: r.Left(), Max: r.Max}
	if !r.Unlimited {
		c.setSpent(id, r.Used+n)
	}
	r, _ = c.FindResource(id)
	ch.After = r.Left()
	return ch, nil
}

// RestoreResource gives back n uses or points of feature id's resource (up
// to its maximum); n is at least 1.
func (c *Character) RestoreResource(id string, n int) (*ResourceChange, error) {
	r, ok := c.FindResource(id)
	if !ok {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", id)
	}
	if n < 1 || n > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", n, "Max", MaxHPLimit)
	}
	ch := &ResourceChange{ID: id, Before: r.Left(), Max: r.Max}
	c.setSpent(id, max(0, r.Used-n))
	r, _ = c.FindResource(id)
	ch.After = r.Left()
	return ch, nil
}

// setSpent stores what is spent of a resource (nothing stored for 0).
func (c *Character) setSpent(id string, n int) {
	if n <= 0 {
		delete(c.Spent, id)
		if len(c.Spent) == 0 {
			c.Spent = nil
		}
		return
	}
	if c.Spent == nil {
		c.Spent = map[string]int{}
	}
	c.Spent[id] = n
}

// ResetItem is one thing a rest restored: a resource or a counter.
type ResetItem struct {
	Kind   string `json:"kind"` // "resource" or "counter"
	ID     string `json:"id"`   // feature id or counter name
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// restResources restores the resources a rest restores (long: every one;
// short: the short-rest ones; a sorcerer of 20th level regains 4 sorcery
// points on a short rest) and reports them, in table order.
func (c *Character) restResources(long bool) []ResetItem {
	var out []ResetItem
	for _, r := range c.Resources() {
		if r.Used == 0 || !(long || r.Reset == ResetShort) {
			continue
		}
		c.setSpent(r.ID, 0)
		out = append(out, ResetItem{Kind: "resource", ID: r.ID, Before: r.Left(), After: r.Max})
	}
	if !long && c.HasFeature("sorcerous_restoration") {
		if r, ok := c.FindResource("sorcery_points"); ok && r.Used > 0 {
			before := r.Left()
			c.setSpent(r.ID, max(0, r.Used-4))
			r, _ = c.FindResource("sorcery_points")
			out = append(out, ResetItem{Kind: "resource", ID: r.ID, Before: before, After: r.Left()})
		}
	}
	return out
}

// validateSpent checks the stored spent amounts: known resources, 0–MaxHPLimit.
func (c *Character) validateSpent() error {
	ids := make([]string, 0, len(c.Spent))
	for id := range c.Spent {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if _, ok := ruleOf(id); !ok {
			return newError(ErrUnknownFeature, "Feature", id)
		}
		if n := c.Spent[id]; n < 0 || n > MaxHPLimit {
			return newError(ErrBadSpent, "Feature", id, "Spent", n, "Max", MaxHPLimit)
		}
	}
	return nil
}
