package encounter

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

// readCatalog reads a flat catalog file of `"key" = "value"` lines.
func readCatalog(t *testing.T, lang string) map[string]string {
	t.Helper()
	path := filepath.Join("..", "..", "locales", "catalog", "encounter."+lang+".toml")
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
	for _, k := range Kinds() {
		keys = append(keys, k.Key())
	}
	for _, s := range States() {
		keys = append(keys, s.Key())
	}
	for _, u := range Untils() {
		keys = append(keys, u.Key())
	}
	keys = append(keys, LogEvents()...)
	keys = append(keys, ErrorCodes()...)
	return keys
}

func TestCatalogMatchesCode(t *testing.T) {
	want := codeKeys()
	sort.Strings(want)
	for i := 1; i < len(want); i++ {
		if want[i] == want[i-1] {
			t.Errorf("key %s handed out twice", want[i])
		}
	}
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

// TestTemplateArgs checks every error message and log event uses only
// template arguments the code really passes with that key (newError and log
// calls in the package's non-test source), in every language, and the same
// set everywhere; and that every error code and log event is produced somewhere.
// Until messages take Name (the anchor), which the bot passes.
func TestTemplateArgs(t *testing.T) {
	args := codeArgs(t)
	keys := append(append([]string(nil), ErrorCodes()...), LogEvents()...)
	for _, k := range keys {
		if _, ok := args[k]; !ok {
			t.Errorf("%s is never produced", k)
		}
	}
	for _, u := range Untils() {
		args[u.Key()] = map[string]bool{"Name": true}
		keys = append(keys, u.Key())
	}
	var first map[string]string
	for _, lang := range catalogLangs {
		cat := readCatalog(t, lang)
		if first == nil {
			first = cat
		}
		for _, k := range keys {
			used := placeholders(cat[k])
			for p := range used {
				if !args[k][p] {
					t.Errorf("%s %s uses {{.%s}}, which the code never passes", lang, k, p)
				}
			}
			if ref := placeholders(first[k]); !sameSet(ref, used) {
				t.Errorf("%s %s uses %v, en uses %v", lang, k, used, ref)
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

// codeArgs maps each error code and log event constant to the union of the
// argument names passed with it to newError or log anywhere in the package.
func codeArgs(t *testing.T) map[string]map[string]bool {
	t.Helper()
	consts := map[string]string{} // constant name → key
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
			if !ok || len(call.Args) == 0 {
				return true
			}
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				if fn.Name != "newError" {
					return true
				}
			case *ast.SelectorExpr:
				if fn.Sel.Name != "log" {
					return true
				}
			default:
				return true
			}
			id, ok := call.Args[0].(*ast.Ident)
			if !ok {
				return true
			}
			key := consts[id.Name]
			if out[key] == nil {
				out[key] = map[string]bool{}
			}
			for i := 1; i < len(call.Args); i += 2 {
				if lit, ok := call.Args[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					k, _ := strconv.Unquote(lit.Value)
					out[key][k] = true
				}
			}
			return true
		})
	}
	return out
}
