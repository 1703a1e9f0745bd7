package dnd5e

import (
	"strconv"
	"strings"
)

// SpellDice is what a spell rolls when cast at a level: ScaledDice's result.
type SpellDice struct {
	CastLevel   int    `json:"cast_level"`             // slot level (the spell's own level for a ritual); 0 for a cantrip
	CasterLevel int    `json:"caster_level,omitempty"` // cantrips: the level that sets the tier
	Tier        int    `json:"tier,omitempty"`         // cantrips: 1 (levels 1–4), 2 (5–10), 3 (11–16), 4 (17–20)
	Damage      string `json:"damage,omitempty"`       // per instance when Instances > 0
	Heal        string `json:"heal,omitempty"`
	Pool        string `json:"pool,omitempty"`
	Instances   int    `json:"instances,omitempty"` // darts, rays or beams; 0 for other spells
}

// CantripTier is the cantrip damage tier at a character level: 1, then 2 at
// 5th level, 3 at 11th and 4 at 17th.
func CantripTier(level int) int {
	switch {
	case level >= 17:
		return 4
	case level >= 11:
		return 3
	case level >= 5:
		return 2
	}
	return 1
}

// ScaledDice returns the spell's notations cast at castLevel (ignored for
// cantrips; below the spell's level counts as its level) by a caster of
// casterLevel (cantrips only) whose spellcasting ability modifier is mod
// (added when the spell says so). Leveled spells add Upcast for every
// UpcastEvery levels above their own (and one instance per level); cantrips
// multiply their dice, or their instances, by the tier.
func (s Spell) ScaledDice(castLevel, casterLevel, mod int) SpellDice {
	out := SpellDice{Instances: s.Instances}
	steps := 0
	if s.Cantrip() {
		out.CasterLevel = casterLevel
		out.Tier = CantripTier(casterLevel)
	} else {
		out.CastLevel = max(castLevel, s.Level)
		every := max(1, s.UpcastEvery)
		steps = (out.CastLevel - s.Level) / every
		if s.Instances > 0 {
			out.Instances += out.CastLevel - s.Level
		}
	}
	scale := func(base string) string {
		if base == "" {
			return ""
		}
		ts := parseTerms(base)
		switch {
		case s.Cantrip() && s.Instances > 0:
			out.Instances = s.Instances * out.Tier
		case s.Cantrip():
			ts = ts.times(out.Tier)
		case s.Instances == 0 && s.Upcast != "" && steps > 0:
			ts = ts.plus(parseTerms(s.Upcast), steps)
		}
		if s.AddMod && mod != 0 {
			ts = ts.plus(spellTerms{{n: mod}}, 1)
		}
		return ts.String()
	}
	out.Damage = scale(s.Damage)
	out.Heal = scale(s.Heal)
	out.Pool = scale(s.Pool)
	return out
}

// spellTerm is one term of a table notation: n dice of sides faces with a
// damage-type label, or the whole number n when sides is 0.
type spellTerm struct {
	n, sides int
	label    string
}

type spellTerms []spellTerm

// parseTerms reads the table's notation subset: terms joined by "+", each
// "NdS[label]" or a whole number (a "-N" modifier too, as ScaledDice writes
// it). The table test checks every row parses.
func parseTerms(s string) spellTerms {
	var out spellTerms
	s = strings.ReplaceAll(strings.ReplaceAll(s, " ", ""), "-", "+-")
	for _, part := range strings.Split(s, "+") {
		if part == "" {
			continue
		}
		var t spellTerm
		if i := strings.IndexByte(part, '['); i >= 0 && strings.HasSuffix(part, "]") {
			t.label = part[i+1 : len(part)-1]
			part = part[:i]
		}
		if n, sides, ok := strings.Cut(part, "d"); ok {
			t.n, _ = strconv.Atoi(n)
			t.sides, _ = strconv.Atoi(sides)
		} else {
			t.n, _ = strconv.Atoi(part)
		}
		out = append(out, t)
	}
	return out
}

// times multiplies every dice count by k (whole numbers stay).
func (ts spellTerms) times(k int) spellTerms {
	out := make(spellTerms, len(ts))
	for i, t := range ts {
		if t.sides > 0 {
			t.n *= k
		}
		out[i] = t
	}
	return out
}

// plus adds k times add: dice join a term with the same die and label, whole
// numbers join the first whole number (which keeps its label); others are appended.
func (ts spellTerms) plus(add spellTerms, k int) spellTerms {
	out := append(spellTerms(nil), ts...)
	for _, a := range add {
		a.n *= k
		found := false
		for i := range out {
			if out[i].sides == a.sides && (a.sides == 0 || out[i].label == a.label) {
				out[i].n += a.n
				found = true
				break
			}
		}
		if !found {
			out = append(out, a)
		}
	}
	return out
}

// String renders "8d6[fire]+4d6[radiant]+3", "1d8-1".
func (ts spellTerms) String() string {
	var b strings.Builder
	for i, t := range ts {
		if t.sides == 0 && t.n == 0 && len(ts) > 1 {
			continue
		}
		switch {
		case t.n < 0:
			b.WriteString("-")
			b.WriteString(strconv.Itoa(-t.n))
		default:
			if i > 0 && b.Len() > 0 {
				b.WriteString("+")
			}
			b.WriteString(strconv.Itoa(t.n))
			if t.sides > 0 {
				b.WriteString("d")
				b.WriteString(strconv.Itoa(t.sides))
			}
		}
		if t.label != "" {
			b.WriteString("[" + t.label + "]")
		}
	}
	return b.String()
}
