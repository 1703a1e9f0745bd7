package dnd5e

import (
	"strings"
	"unicode/utf8"
)

// Effects (issue 13): a named modifier on a creature — a spell (bless), a class
// feature (rage), an item or a house rule — with a source, a duration, an
// optional link to its caster's concentration, and the list of things it
// changes (Mods). Effects are stored on the sheet (Character.Effects) or, for
// a creature without a sheet, in a list the caller keeps (Target.Effects);
// the rules functions read them and every roll result lists what each one
// added (Applied). Passive class features are effects too (FeatureEffects),
// computed from the class, subclass and level rather than stored.
//
// Decisions where the rules leave a choice:
//   - Identity: an effect's ID is its spell or feature id, or the lower-case
//     name of an item or custom effect. Adding an effect whose ID is already
//     on the creature replaces it (two blesses do not stack: SRD "combining
//     magical effects"), keeping the larger number of uses left.
//   - Dice an effect adds to a roll are rolled inside the roll's notation,
//     labelled with the effect's ID ("1d20+5+1d4[bless]"), so the breakdown
//     shows them and the odds include them exactly.
//   - Timed effects (Duration rounds) count down at the end of the turn of the
//     creature named in Duration.Turn (the bearer when empty), as conditions do.
//     "Until the start/end of X's next turn" is tracked by name.
//   - Once-per-turn damage (sneak attack, divine strike) compares the turn key
//     the caller passes (AttackOptions.Turn, e.g. "round 3, turn 2"); with no
//     key every attack counts as a new turn.
//   - Uses: an effect with Uses > 0 (guidance, bardic inspiration, guiding bolt's
//     advantage) applies to that many rolls; the roll reports it Spent and the
//     caller spends it (Character.SpendEffects, SpendEffects) when it keeps the roll.

// Limits of the effect model.
const (
	MaxEffects     = 32  // effects on one creature (stored ones; passive features come on top)
	MaxMods        = 16  // mods in one effect
	MaxEffectUses  = 99  // Uses
	MaxModValue    = 50  // |Value| of a bonus or AC mod
	MaxExtraAttack = 3   // extra attacks from one mod
	maxDiceLen     = 32  // bytes of a mod's dice notation
	maxVsTypes     = 12  // creature types in one mod
	maxTypeLen     = 32  // bytes of a creature type id
	maxSpeedFactor = 400 // percent
)

// SourceKind says where an effect comes from.
type SourceKind string

// Source kinds.
const (
	SourceSpell   SourceKind = "spell"   // ID is a spell id
	SourceFeature SourceKind = "feature" // ID is a class feature id
	SourceItem    SourceKind = "item"    // Name is the item's name
	SourceCustom  SourceKind = "custom"  // Name is what the user called it (a house rule, a GM ruling)
	SourceAction  SourceKind = "action"  // ID is a tracked Action (dodge, help, hide …)
)

// SourceKinds lists the source kinds.
func SourceKinds() []SourceKind {
	return []SourceKind{SourceSpell, SourceFeature, SourceItem, SourceCustom, SourceAction}
}

// Key is the catalog key of the kind's name ("effect.source.spell"), or "".
func (k SourceKind) Key() string {
	switch k {
	case SourceSpell:
		return "effect.source.spell"
	case SourceFeature:
		return "effect.source.feature"
	case SourceItem:
		return "effect.source.item"
	case SourceCustom:
		return "effect.source.custom"
	case SourceAction:
		return "effect.source.action"
	}
	return ""
}

// EffectSource is what an effect comes from.
type EffectSource struct {
	Kind SourceKind `json:"kind"`
	ID   string     `json:"id,omitempty"`   // spell or feature id
	Name string     `json:"name,omitempty"` // item or custom effect: the name as given
}

// Key is the catalog key of the source's name: "spell.bless", "feature.rage";
// "" for items and custom effects, whose Name is shown as typed.
func (s EffectSource) Key() string {
	switch s.Kind {
	case SourceSpell:
		return "spell." + s.ID
	case SourceFeature:
		return "feature." + s.ID
	case SourceAction:
		return Action(s.ID).Key()
	}
	return ""
}

// EffectID is the ID an effect from source s has on a creature: the spell or
// feature id, or the trimmed lower-case name of an item or custom effect.
func EffectID(s EffectSource) string {
	switch s.Kind {
	case SourceSpell, SourceFeature, SourceAction:
		return s.ID
	}
	return strings.ToLower(strings.TrimSpace(s.Name))
}

func (s EffectSource) validate() error {
	switch s.Kind {
	case SourceSpell:
		if _, ok := LookupSpell(s.ID); !ok {
			return newError(ErrUnknownSource, "Kind", string(s.Kind), "ID", s.ID)
		}
	case SourceFeature:
		if _, ok := LookupFeature(s.ID); !ok {
			return newError(ErrUnknownSource, "Kind", string(s.Kind), "ID", s.ID)
		}
	case SourceAction:
		if !Action(s.ID).Valid() {
			return newError(ErrUnknownSource, "Kind", string(s.Kind), "ID", s.ID)
		}
	case SourceItem, SourceCustom:
		return validEffectName(s.Name)
	default:
		return newError(ErrUnknownSource, "Kind", string(s.Kind), "ID", s.ID)
	}
	return nil
}

// validEffectName: 1–64 runes, no brackets (the name labels dice), not a
// damage type id (a damage label would type the dice).
func validEffectName(name string) error {
	n := strings.TrimSpace(name)
	if n == "" || utf8.RuneCountInString(n) > MaxNameLen || strings.ContainsAny(n, "[]") ||
		DamageType(strings.ToLower(n)).Valid() {
		return newError(ErrBadEffectName, "Max", MaxNameLen)
	}
	return nil
}

// DurationKind is how an effect ends.
type DurationKind string

// Duration kinds. The zero kind lasts until removed.
const (
	UntilRemoved   DurationKind = ""           // until removed by hand (or by its concentration ending)
	ForRounds      DurationKind = "rounds"     // Rounds left, counted down at the end of Turn's turn
	UntilShortRest DurationKind = "short_rest" // ends with the next short or long rest
	UntilLongRest  DurationKind = "long_rest"  // ends with the next long rest
	UntilTurnStart DurationKind = "turn_start" // until the start of Turn's next turn (shield)
	UntilTurnEnd   DurationKind = "turn_end"   // until the end of Turn's next turn (guiding bolt)
)

// DurationKinds lists every duration kind.
func DurationKinds() []DurationKind {
	return []DurationKind{UntilRemoved, ForRounds, UntilShortRest, UntilLongRest, UntilTurnStart, UntilTurnEnd}
}

// Key is the catalog key of the kind ("effect.duration.rounds"); UntilRemoved is "effect.duration.until_removed".
func (k DurationKind) Key() string {
	switch k {
	case UntilRemoved:
		return "effect.duration.until_removed"
	case ForRounds:
		return "effect.duration.rounds"
	case UntilShortRest:
		return "effect.duration.short_rest"
	case UntilLongRest:
		return "effect.duration.long_rest"
	case UntilTurnStart:
		return "effect.duration.turn_start"
	case UntilTurnEnd:
		return "effect.duration.turn_end"
	}
	return ""
}

// Duration is how long an effect lasts.
type Duration struct {
	Kind   DurationKind `json:"kind,omitempty"`
	Rounds int          `json:"rounds,omitempty"` // ForRounds: rounds left (1 minute = 10)
	// Turn names the creature whose turns count (ForRounds, UntilTurnStart,
	// UntilTurnEnd); "" is the bearer.
	Turn string `json:"turn,omitempty"`
	// Begun (UntilTurnEnd): Turn's next turn has begun, so its end ends the effect.
	Begun bool `json:"begun,omitempty"`
}

// Rounds is a duration of n rounds (6 seconds each).
func Rounds(n int) Duration { return Duration{Kind: ForRounds, Rounds: n} }

// Minutes is a duration of n minutes (10 rounds each).
func Minutes(n int) Duration { return Duration{Kind: ForRounds, Rounds: 10 * n} }

// Hours is a duration of n hours (600 rounds each).
func Hours(n int) Duration { return Duration{Kind: ForRounds, Rounds: 600 * n} }

func (d Duration) validate() error {
	if d.Kind.Key() == "" {
		return newError(ErrBadDuration, "Kind", string(d.Kind))
	}
	if d.Kind == ForRounds && (d.Rounds < 1 || d.Rounds > MaxRounds) {
		return newError(ErrBadRounds, "Rounds", d.Rounds, "Max", MaxRounds)
	}
	if d.Kind != ForRounds && d.Rounds != 0 {
		return newError(ErrBadRounds, "Rounds", d.Rounds, "Max", 0)
	}
	if utf8.RuneCountInString(d.Turn) > MaxNameLen {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	return nil
}

// ConcLink ties an effect to a caster's concentration: it ends when that
// caster's concentration on that spell ends (EndConcentrationEffects).
type ConcLink struct {
	Caster string `json:"caster"` // the concentrating creature, as the caller names it (sheet or combatant name)
	Spell  string `json:"spell"`  // spell id
}

// ActiveEffect is an effect on a creature.
type ActiveEffect struct {
	ID       string       `json:"id"` // EffectID(Source): unique on the creature
	Source   EffectSource `json:"source"`
	Duration Duration     `json:"duration,omitzero"`
	Conc     *ConcLink    `json:"conc,omitempty"`
	// Uses is how many rolls it still applies to (0 = every roll while it lasts).
	Uses int   `json:"uses,omitempty"`
	Mods []Mod `json:"mods"`
}

// NewEffect builds an effect from its source, mods and duration, with its ID set.
func NewEffect(src EffectSource, d Duration, mods ...Mod) ActiveEffect {
	if src.Kind == SourceItem || src.Kind == SourceCustom {
		src.Name = strings.TrimSpace(src.Name)
	}
	return ActiveEffect{ID: EffectID(src), Source: src, Duration: d, Mods: mods}
}

// Label is the text that labels the effect's dice in a roll: its ID.
func (e ActiveEffect) Label() string { return e.ID }

// Validate checks the effect: a known source, a matching ID, a valid duration
// and concentration link, 0–99 uses and 1–16 valid mods.
func (e ActiveEffect) Validate() error {
	if err := e.Source.validate(); err != nil {
		return err
	}
	if e.ID == "" || e.ID != EffectID(e.Source) {
		return newError(ErrBadEffect, "Effect", e.ID, "Field", "id")
	}
	if err := e.Duration.validate(); err != nil {
		return err
	}
	if e.Conc != nil {
		if _, ok := LookupSpell(e.Conc.Spell); !ok || strings.TrimSpace(e.Conc.Caster) == "" ||
			utf8.RuneCountInString(e.Conc.Caster) > MaxNameLen {
			return newError(ErrBadEffect, "Effect", e.ID, "Field", "conc")
		}
	}
	if e.Uses < 0 || e.Uses > MaxEffectUses {
		return newError(ErrBadEffect, "Effect", e.ID, "Field", "uses")
	}
	if len(e.Mods) == 0 || len(e.Mods) > MaxMods {
		return newError(ErrBadEffect, "Effect", e.ID, "Field", "mods")
	}
	for _, m := range e.Mods {
		if err := m.validate(e.ID); err != nil {
			return err
		}
	}
	return nil
}

// clone copies the effect so that it shares no slice with e.
func (e ActiveEffect) clone() ActiveEffect {
	if e.Conc != nil {
		k := *e.Conc
		e.Conc = &k
	}
	mods := make([]Mod, len(e.Mods))
	for i, m := range e.Mods {
		m.VsTypes = append([]string(nil), m.VsTypes...)
		mods[i] = m
	}
	e.Mods = mods
	return e
}

func cloneEffects(list []ActiveEffect) []ActiveEffect {
	if list == nil {
		return nil
	}
	out := make([]ActiveEffect, len(list))
	for i, e := range list {
		out[i] = e.clone()
	}
	return out
}

func validateEffects(list []ActiveEffect) error {
	if len(list) > MaxEffects {
		return newError(ErrTooManyEffects, "Max", MaxEffects)
	}
	seen := map[string]bool{}
	for _, e := range list {
		if err := e.Validate(); err != nil {
			return err
		}
		if seen[e.ID] {
			return newError(ErrDuplicate, "Name", e.ID)
		}
		seen[e.ID] = true
	}
	return nil
}
