package bot_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// sourceStrings returns every string literal in the module's non-test Go files, and the literal first arguments
// of calls to T, TMap, Errorf, fail and coded.New (message lookups).
func sourceStrings(t *testing.T) (literals, lookups map[string]bool) {
	t.Helper()
	literals, lookups = map[string]bool{}, map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BasicLit:
				if x.Kind == token.STRING {
					if s, err := strconv.Unquote(x.Value); err == nil {
						literals[s] = true
					}
				}
			case *ast.CallExpr:
				name := ""
				switch fn := x.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
					if pkg, ok := fn.X.(*ast.Ident); ok && pkg.Name == "coded" && name == "New" {
						name = "coded.New"
					}
				case *ast.Ident:
					name = fn.Name
				}
				// message lookups: T and TMap, and the errors of bot (Errorf), play (fail) and the rules (coded.New)
				if (name == "T" || name == "TMap" || name == "Errorf" || name == "fail" || name == "coded.New") && len(x.Args) > 0 {
					if lit, ok := x.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(s, ".") && !strings.Contains(s, " ") {
							lookups[s] = true
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return literals, lookups
}

// TestCatalogCoversCode fails when code looks up a key, or the command table needs one, that the catalogs lack.
func TestCatalogCoversCode(t *testing.T) {
	_, lookups := sourceStrings(t)
	b := bot.New(bot.Config{})
	need := map[string]bool{}
	for k := range lookups {
		need[k] = true
	}
	for _, k := range bot.TableKeys(b.Commands()) {
		need[k] = true
	}
	for _, k := range bot.DynamicKeys() {
		need[k] = true
	}
	for _, c := range dice.Codes() {
		need[c] = true
	}
	for _, l := range locales.Langs {
		p := locales.For(l)
		for k := range need {
			if !p.Has(k) {
				t.Errorf("%s catalog lacks %q", l, k)
			}
		}
	}
}

// TestCatalogHasNoUnusedKeys fails when a catalog holds a key that no code uses.
func TestCatalogHasNoUnusedKeys(t *testing.T) {
	literals, _ := sourceStrings(t)
	used := map[string]bool{}
	for k := range literals {
		used[k] = true
	}
	for _, k := range bot.TableKeys(bot.New(bot.Config{}).Commands()) {
		used[k] = true
	}
	for _, k := range bot.DynamicKeys() {
		used[k] = true
	}
	for _, k := range locales.Keys(locales.EN) {
		if !used[k] {
			t.Errorf("catalog key %q is used by no code", k)
		}
	}
}
