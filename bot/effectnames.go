package bot

import (
	"slices"

	"rulekeeper/locales"
	"rulekeeper/rules/dnd5e"
)

// Names of issue 13 typed in any language: the class features (their catalog names and the aliases in
// locales/alias/features.*.toml) and the options of the spells that offer some (/cast choice:).

// addEffectNames adds the class features and the spell choices to the rules index.
func addEffectNames(x *locales.Index) {
	seen := map[string]bool{}
	for _, f := range dnd5e.FeatureTable() {
		if !seen[f.ID] {
			seen[f.ID] = true
			x.Add(kindFeature, f.ID, f.Key())
		}
	}
	for _, id := range spellChoices() {
		x.Add(kindChoice, id, choiceKey(id))
	}
	for _, sub := range dnd5e.Subclasses() {
		x.Add(kindSubclass, string(sub), sub.Key())
	}
}

// parseSubclass reads a subclass of class c typed in any language (its id or its name).
func parseSubclass(s string, c dnd5e.Class) (dnd5e.Subclass, error) {
	if id := lookupName(kindSubclass, s); id != "" {
		s = id
	}
	return dnd5e.ParseSubclass(s, c)
}

// spellChoices lists every option a spell offers, each once, sorted.
func spellChoices() []string {
	var out []string
	for _, s := range dnd5e.Spells() {
		for _, c := range s.Choices {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// choiceKey is the catalog key of a spell option's name.
func choiceKey(id string) string { return "fx.choice." + id }
