package dice

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/template"
)

var langs = []string{"en", "zh-CN", "zh-TW", "ko"}

// codeArgs lists the template data each code's Error carries.
var codeArgs = map[string][]string{
	CodeEmpty:               {},
	CodeUnexpectedChar:      {"Pos", "Token"},
	CodeUnexpectedEnd:       {"Pos"},
	CodeExpectedOperand:     {"Pos", "Op"},
	CodeExpectedSides:       {"Pos"},
	CodeUnclosedParen:       {"Pos", "Token"},
	CodeZeroSides:           {"Pos"},
	CodeTooManyDice:         {"Limit"}, // Pos too when positional, but messages cannot rely on it
	CodeTooManySides:        {"Pos", "Limit"},
	CodeTooLong:             {"Limit", "Length"},
	CodeTooDeep:             {"Pos", "Limit"},
	CodeTooHeavy:            {},
	CodeNumberTooLarge:      {"Pos"},
	CodeMissingSelector:     {"Pos", "Op"},
	CodeBadSelector:         {"Pos", "Op", "Allowed"},
	CodeSetOperator:         {"Pos", "Op"},
	CodeMisplacedComparison: {"Pos", "Op"},
	CodeDivisionByZero:      {"Pos", "Op"},
	CodeOverflow:            {"Pos"},
	CodeInvalidUTF8:         {"Pos"},
	CodeControlChar:         {"Pos", "Char"},
	CodeUnclosedLabel:       {"Pos"},
	CodeEmptyLabel:          {"Pos"},
	CodeForcedExhausted:     {"Count"},
	CodeForcedOutOfRange:    {"Face", "Min", "Max"},
	CodeBadFaces:            {"Token"},
	CodeDidYouMean:          {"Pos", "Token", "Hint"},
	CodeDetachedOperator:    {"Pos", "Token"},
	CodeAmbiguous:           {"Pos", "Token", "First", "Second"},
	CodeGroupPool:           {"Pos"},
	CodeModeNeedsD20:        {"Pos", "Token"},
	CodeModeConflict:        {"Pos", "Token", "First"},
	CodeTooManyRolls:        {"Limit"},
}

var (
	catalogOnce sync.Once
	catalogs    map[string]map[string]string
	catalogErr  error
)

// catalog reads locales/catalog/dice.<lang>.toml: flat `"key" = "value"` lines.
func catalog(t *testing.T, lang string) map[string]string {
	t.Helper()
	catalogOnce.Do(func() {
		catalogs = map[string]map[string]string{}
		for _, l := range langs {
			m, err := readCatalog(filepath.Join("..", "..", "locales", "catalog", "dice."+l+".toml"))
			if err != nil {
				catalogErr = err
				return
			}
			catalogs[l] = m
		}
	})
	if catalogErr != nil {
		t.Fatal(catalogErr)
	}
	return catalogs[lang]
}

func readCatalog(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		key, err1 := strconv.Unquote(k)
		val, err2 := strconv.Unquote(v)
		if !ok || err1 != nil || err2 != nil {
			return nil, &os.PathError{Op: "parse line " + strconv.Itoa(n), Path: path, Err: os.ErrInvalid}
		}
		if _, dup := m[key]; dup {
			return nil, &os.PathError{Op: "duplicate key " + key, Path: path, Err: os.ErrInvalid}
		}
		m[key] = val
	}
	return m, sc.Err()
}

var placeholderRE = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// placeholders returns the template fields a message uses, sorted.
func placeholders(msg string) []string {
	var out []string
	for _, m := range placeholderRE.FindAllStringSubmatch(msg, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogs: every code has a message in every language, and no other key;
// messages use only the data their error carries, the same fields in every
// language, and render as templates.
func TestCatalogs(t *testing.T) {
	codes := Codes()
	if got := slices.Sorted(maps.Keys(codeArgs)); !slices.Equal(got, codes) {
		t.Fatalf("codeArgs covers %v; Codes() is %v", got, codes)
	}
	for _, lang := range langs {
		cat := catalog(t, lang)
		if keys := slices.Sorted(maps.Keys(cat)); !slices.Equal(keys, codes) {
			t.Errorf("dice.%s.toml keys %v; want exactly Codes() %v", lang, keys, codes)
		}
		for code, msg := range cat {
			fields := placeholders(msg)
			for _, f := range fields {
				if !slices.Contains(codeArgs[code], f) {
					t.Errorf("%s %s uses {{.%s}}, which its error does not carry", lang, code, f)
				}
			}
			if en := placeholders(catalog(t, "en")[code]); !slices.Equal(fields, en) {
				t.Errorf("%s %s uses %v; en uses %v", lang, code, fields, en)
			}
			tmpl, err := template.New(code).Option("missingkey=error").Parse(msg)
			if err != nil {
				t.Errorf("%s %s: %v", lang, code, err)
				continue
			}
			data := map[string]any{}
			for _, a := range codeArgs[code] {
				data[a] = 7
			}
			var b strings.Builder
			if err := tmpl.Execute(&b, data); err != nil || strings.Contains(b.String(), "{{") {
				t.Errorf("%s %s renders %q, %v", lang, code, b.String(), err)
			}
		}
	}
}
