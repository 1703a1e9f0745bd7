package dnd5e

import (
	"testing"

	"rulekeeper/internal/catalogtest"
)

// TestFeatureCatalogs: the four features catalogs hold exactly FeatureKeys(),
// every template parses, and the names the brief fixes are there.
func TestFeatureCatalogs(t *testing.T) {
	catalogtest.Keys(t, "features", FeatureKeys())
	for lang, want := range map[string]map[string]string{
		"zh-CN": {"feature.sneak_attack": "偷袭", "feature.rage": "狂暴", "feature.bardic_inspiration": "吟游激励"},
		"ko":    {"feature.sneak_attack": "암습", "feature.rage": "격노", "feature.bardic_inspiration": "바드의 고양감"},
	} {
		cat := catalogtest.Read(t, "features", lang)
		for k, v := range want {
			if cat[k] != v {
				t.Errorf("%s: %s is %q, want %q", lang, k, cat[k], v)
			}
		}
	}
}

// TestFeatureErrorTemplateArgs: every code is returned somewhere, with the
// arguments its messages use, the same set in every language; the other keys
// take no argument.
func TestFeatureErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, FeatureErrorCodes(), args)
	for _, k := range FeatureKeys() {
		if _, isCode := args[k]; !isCode {
			args[k] = map[string]bool{}
		}
	}
	catalogtest.Args(t, "features", FeatureKeys(), args)
}
