package area

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
)

var catalogLangs = []string{"en", "zh-CN", "zh-TW", "ko"}

// readCatalog reads the flat area catalog of one language (`"key" = "value"` lines).
func readCatalog(t *testing.T, lang string) map[string]string {
	t.Helper()
	path := filepath.Join("..", "..", "locales", "catalog", "area."+lang+".toml")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		if !ok {
			t.Fatalf("%s:%d: not a key = value line", path, n)
		}
		key, err1 := strconv.Unquote(k)
		val, err2 := strconv.Unquote(v)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad quoting", path, n)
		}
		if _, dup := out[key]; dup {
			t.Fatalf("%s:%d: duplicate key %s", path, n, key)
		}
		out[key] = val
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// codeKeys are every catalog key the package hands out.
func codeKeys() []string {
	var keys []string
	for _, s := range Shapes() {
		keys = append(keys, s.Key())
	}
	for _, m := range Methods() {
		keys = append(keys, m.Key())
	}
	for k := 0; k < 8; k++ {
		key, _ := DirKey(float64(45 * k))
		keys = append(keys, key)
	}
	return append(keys, ErrorCodes()...)
}

func TestCatalogMatchesCode(t *testing.T) {
	want := codeKeys()
	sort.Strings(want)
	for _, lang := range catalogLangs {
		cat := readCatalog(t, lang)
		var got []string
		for k, v := range cat {
			got = append(got, k)
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %s is empty", lang, k)
			}
			if _, err := template.New(k).Parse(v); err != nil {
				t.Errorf("%s: %s: %v", lang, k, err)
			}
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s catalog: missing %v, unused %v", lang, diff(want, got), diff(got, want))
		}
	}
}

// TestTranslated: the zh and ko names differ from English, and zh-TW is not a copy of zh-CN
// wherever simplified and traditional characters differ.
func TestTranslated(t *testing.T) {
	en, cn, tw, ko := readCatalog(t, "en"), readCatalog(t, "zh-CN"), readCatalog(t, "zh-TW"), readCatalog(t, "ko")
	for k, v := range en {
		for name, c := range map[string]map[string]string{"zh-CN": cn, "zh-TW": tw, "ko": ko} {
			if c[k] == v {
				t.Errorf("%s %s is the English text", name, k)
			}
		}
	}
	for _, k := range []string{"area.shape.cone", "area.shape.line", "area.method.token", "area.dir.e", "area.err.bad_size"} {
		if cn[k] == tw[k] {
			t.Errorf("zh-TW %s is the simplified text %q", k, cn[k])
		}
	}
}

func diff(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// TestErrorTemplateArgs checks every error message uses only template arguments
// that the code passes with that code (newError calls in the package's non-test
// source), in every language, and the same set everywhere.
func TestErrorTemplateArgs(t *testing.T) {
	args := errorArgs(t)
	for _, code := range ErrorCodes() {
		if _, ok := args[code]; !ok {
			t.Errorf("%s is never returned", code)
		}
	}
	first := readCatalog(t, "en")
	for _, lang := range catalogLangs {
		cat := readCatalog(t, lang)
		for _, code := range ErrorCodes() {
			used := placeholders(cat[code])
			for p := range used {
				if !args[code][p] {
					t.Errorf("%s %s uses {{.%s}}, which the code never passes", lang, code, p)
				}
			}
			if ref := placeholders(first[code]); !sameSet(ref, used) {
				t.Errorf("%s %s uses %v, en uses %v", lang, code, used, ref)
			}
		}
		// Names take no arguments.
		for _, k := range codeKeys()[:16] {
			if len(placeholders(cat[k])) != 0 {
				t.Errorf("%s %s has template arguments", lang, k)
			}
		}
	}
}

func placeholders(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out[m[1]] = true
	}
	return out
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// errorArgs maps each error code to the union of the argument names passed to
// newError with it anywhere in the package.
func errorArgs(t *testing.T) map[string]map[string]bool {
	t.Helper()
	consts := map[string]string{} // constant name → code
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							consts[n.Name] = v
						}
					}
				}
			}
		}
	}
	out := map[string]map[string]bool{}
	for _, af := range parsed {
		ast.Inspect(af, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "newError" || len(call.Args) == 0 {
				return true
			}
			id, ok := call.Args[0].(*ast.Ident)
			if !ok {
				return true
			}
			code := consts[id.Name]
			if out[code] == nil {
				out[code] = map[string]bool{}
			}
			for i := 1; i < len(call.Args); i += 2 {
				if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					k, _ := strconv.Unquote(lit.Value)
					out[code][k] = true
				}
			}
			return true
		})
	}
	return out
}
