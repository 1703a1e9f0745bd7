// Package catalogtest checks, from a package's tests, that its catalog files (locales/catalog/<area>.<lang>.toml)
// match its code: the same keys in every language, templates that parse, and placeholders that the code really
// passes. Rules packages never import locales, so these checks read the files directly.
package catalogtest

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"
)

// Langs are the catalog languages.
var Langs = []string{"en", "zh-CN", "zh-TW", "ko"}

// moduleRoot walks up from the working directory to the folder holding go.mod.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("catalogtest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Read reads the flat `"key" = "value"` catalog of area in lang.
func Read(t testing.TB, area, lang string) map[string]string {
	t.Helper()
	path := filepath.Join(moduleRoot(t), "locales", "catalog", area+"."+lang+".toml")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
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
		quoted, err2 := strconv.QuotedPrefix(v)
		if rest := strings.TrimSpace(v[len(quoted):]); err2 == nil && rest != "" && !strings.HasPrefix(rest, "#") {
			err2 = strconv.ErrSyntax // only a comment may follow the value
		}
		val, err3 := strconv.Unquote(quoted)
		if err1 != nil || err2 != nil || err3 != nil {
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

// Keys checks that the catalog of area holds exactly want in every language, each message non-empty and a
// template that parses.
func Keys(t testing.TB, area string, want []string) {
	t.Helper()
	want = slices.Clone(want)
	slices.Sort(want)
	if d := slices.Compact(slices.Clone(want)); len(d) != len(want) {
		t.Errorf("%s: the code hands out a key twice", area)
	}
	want = slices.Compact(want)
	for _, lang := range Langs {
		cat := Read(t, area, lang)
		var got []string
		for k, v := range cat {
			got = append(got, k)
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s %s: %s is empty", area, lang, k)
			}
			if _, err := template.New(k).Parse(v); err != nil {
				t.Errorf("%s %s: %s: %v", area, lang, k, err)
			}
		}
		slices.Sort(got)
		if missing, unused := minus(want, got), minus(got, want); len(missing)+len(unused) > 0 {
			t.Errorf("%s.%s.toml: missing %v, unused %v", area, lang, missing, unused)
		}
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// Placeholders returns the template fields a message uses.
func Placeholders(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out[m[1]] = true
	}
	return out
}

// Args checks that each message of keys uses only the template fields the code passes with it (args[key]),
// and the same fields in every language as in English.
func Args(t testing.TB, area string, keys []string, args map[string]map[string]bool) {
	t.Helper()
	en := Read(t, area, "en")
	for _, lang := range Langs {
		cat := Read(t, area, lang)
		for _, k := range keys {
			used := Placeholders(cat[k])
			for p := range used {
				if !args[k][p] {
					t.Errorf("%s %s uses {{.%s}}, which the code never passes", lang, k, p)
				}
			}
			if ref := Placeholders(en[k]); !sameSet(ref, used) {
				t.Errorf("%s %s uses %v, en uses %v", lang, k, used, ref)
			}
		}
	}
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

// CallArgs scans the non-test Go files of the working directory for calls to any of funcs (a plain name such as
// newError, or a method name such as log) whose first argument is a string constant of the package or a string
// literal. It returns each key with the field names passed as string literals at the odd argument positions
// (name/value pairs). A key present in the map is produced somewhere.
func CallArgs(t testing.TB, funcs ...string) map[string]map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
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
							consts[n.Name], _ = strconv.Unquote(lit.Value)
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
			var name string
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			if !slices.Contains(funcs, name) {
				return true
			}
			var key string
			switch a := call.Args[0].(type) {
			case *ast.Ident:
				key = consts[a.Name]
			case *ast.BasicLit:
				if a.Kind == token.STRING {
					key, _ = strconv.Unquote(a.Value)
				}
			}
			if key == "" {
				return true
			}
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

// Produced checks that every key of codes appears in args (the code produces it somewhere).
func Produced(t testing.TB, codes []string, args map[string]map[string]bool) {
	t.Helper()
	for _, c := range codes {
		if _, ok := args[c]; !ok {
			t.Errorf("%s is never produced", c)
		}
	}
}
