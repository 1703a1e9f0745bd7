package ddb

import "strings"

// Sources of modifiers, in the order they are read. D&D Beyond's
// "modifiers.item" list is not read: item modifiers come from the
// grantedModifiers of the items in use (equipped, and attuned when the item
// needs it), so an unequipped cloak adds nothing. "modifiers.condition" is
// not read either: conditions are mapped from "conditions".
const (
	srcRace       = "race"
	srcClass      = "class"
	srcBackground = "background"
	srcFeat       = "feat"
	srcItem       = "item"
)

// activeMod is a modifier in effect, with where it comes from.
type activeMod struct {
	modifier
	src   string
	class int // index in classes of the class feature that grants it, -1 if none or unknown
}

// restricted reports whether the modifier applies only in some situation
// ("while you aren't wearing heavy armor", "against …"): those are not
// applied to numbers, except where a rule names its restriction.
func (m activeMod) restricted() bool { return strings.TrimSpace(m.Restriction) != "" }

// featureClasses maps each class and subclass feature id to the index of its class.
func featureClasses(classes []class) map[int]int {
	out := map[int]int{}
	for i, c := range classes {
		for _, f := range c.ClassFeatures {
			out[f.Definition.ID.Int()] = i
		}
		for _, f := range c.Definition.ClassFeatures {
			out[f.ID.Int()] = i
		}
		if c.SubclassDefinition != nil {
			for _, f := range c.SubclassDefinition.ClassFeatures {
				out[f.ID.Int()] = i
			}
		}
	}
	return out
}

// activeItem reports whether an item's modifiers apply: equipped, and attuned if it needs attunement.
func activeItem(it item) bool { return it.Equipped && (!it.Definition.CanAttune || it.IsAttuned) }

// collectMods gathers the modifiers in effect. A class modifier not
// available to multiclassing (a second class's saving throws) counts only
// when it comes from the starting class; isGranted:false ones never count.
func collectMods(ch *character) []activeMod {
	byFeature := featureClasses(ch.Classes)
	var out []activeMod
	add := func(m modifier, src string) {
		if m.IsGranted != nil && !*m.IsGranted {
			return
		}
		cls := -1
		if i, ok := byFeature[m.ComponentID.Int()]; ok && src == srcClass {
			cls = i
		}
		if src == srcClass && len(ch.Classes) > 1 && cls >= 0 && !ch.Classes[cls].IsStartingClass &&
			m.AvailableToMulticlass != nil && !*m.AvailableToMulticlass {
			return
		}
		out = append(out, activeMod{modifier: m, src: src, class: cls})
	}
	for _, src := range []string{srcRace, srcClass, srcBackground, srcFeat} {
		for _, m := range ch.Modifiers[src] {
			add(m, src)
		}
	}
	for _, it := range ch.Inventory {
		if activeItem(it) {
			for _, m := range it.Definition.GrantedModifiers {
				add(m, srcItem)
			}
		}
	}
	return out
}

// mods is the list of modifiers in effect, with lookups.
type mods []activeMod

// each calls f for every modifier of type typ and subType sub ("" = any subtype).
func (ms mods) each(typ, sub string, f func(activeMod)) {
	for _, m := range ms {
		if m.Type == typ && (sub == "" || m.SubType == sub) {
			f(m)
		}
	}
}

// sum adds the values of the unrestricted modifiers of type typ and subtype sub.
func (ms mods) sum(typ, sub string) int {
	n := 0
	ms.each(typ, sub, func(m activeMod) {
		if !m.restricted() {
			n += m.amount()
		}
	})
	return n
}

// has reports whether an unrestricted modifier of type typ and subtype sub is in effect.
func (ms mods) has(typ, sub string) bool {
	found := false
	ms.each(typ, sub, func(m activeMod) { found = found || !m.restricted() })
	return found
}
