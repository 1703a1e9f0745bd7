package dnd5e

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rulekeeper/internal/catalogtest"
)

// TestFeatureAliases: every key of locales/alias/features.<lang>.toml is a
// catalog key of the features area, each with a list of non-empty names that
// are not already a catalog name in that language, and no name twice.
func TestFeatureAliases(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range FeatureKeys() {
		keys[k] = true
	}
	for _, lang := range catalogtest.Langs {
		cat := catalogtest.Read(t, "features", lang)
		names := map[string]bool{}
		for _, v := range cat {
			names[strings.ToLower(v)] = true
		}
		path := filepath.Join("..", "..", "locales", "alias", "features."+lang+".toml")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			k, v, ok := strings.Cut(line, " = ")
			key, err := strconv.Unquote(k)
			var alts []string
			if !ok || err != nil || json.Unmarshal([]byte(v), &alts) != nil || len(alts) == 0 {
				t.Errorf("%s:%d: not a \"key\" = [\"name\", …] line", path, n)
				continue
			}
			if !keys[key] {
				t.Errorf("%s:%d: %s is not a features catalog key", path, n, key)
			}
			for _, a := range alts {
				l := strings.ToLower(strings.TrimSpace(a))
				switch {
				case l == "":
					t.Errorf("%s:%d: an empty alias", path, n)
				case names[l]:
					t.Errorf("%s:%d: %q is already a catalog name", path, n, a)
				case seen[l] != "":
					t.Errorf("%s:%d: %q is also an alias of %s", path, n, a, seen[l])
				}
				seen[l] = key
			}
		}
		f.Close()
		if len(seen) == 0 {
			t.Errorf("%s: no alias", path)
		}
	}
}
