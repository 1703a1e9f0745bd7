package store_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/template"

	"rulekeeper/store"
)

var allErrors = []error{store.ErrNotFound, store.ErrConflict, store.ErrLocked, store.ErrCorrupt,
	store.ErrNotDatabase, store.ErrTooLarge, store.ErrFull, store.ErrReadOnly, store.ErrBadExport,
	store.ErrNewerSchema, store.ErrInvalid, store.ErrClosed, store.ErrBusy, store.ErrUnavailable, store.ErrEmptyFile, store.ErrCannotOpen}

// readCatalog reads a flat catalog file: comments and lines of the form "key" = "value".
func readCatalog(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		key, err1 := strconv.Unquote(k)
		val, err2 := strconv.Unquote(v)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("%s: cannot read line %q", path, line)
		}
		if _, dup := m[key]; dup {
			t.Errorf("%s: %q twice", path, key)
		}
		m[key] = val
	}
	return m
}

var templateField = regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)

// TestCatalog: every error has a message in every language, under the key that is its text, using only the
// template arguments that Args provides.
func TestCatalog(t *testing.T) {
	var keys []string
	for _, e := range allErrors {
		keys = append(keys, e.Error())
	}
	slices.Sort(keys)
	args := map[string]bool{}
	for i, a := range store.Args(nil) {
		if i%2 == 0 {
			args[a.(string)] = true
		}
	}
	for _, lang := range []string{"en", "zh-CN", "zh-TW", "ko"} {
		path := filepath.Join("..", "locales", "catalog", "store."+lang+".toml")
		cat := readCatalog(t, path)
		var got []string
		for k := range cat {
			got = append(got, k)
		}
		slices.Sort(got)
		if !slices.Equal(got, keys) {
			t.Errorf("%s has keys\n%v\nwant\n%v", path, got, keys)
		}
		for k, v := range cat {
			if _, err := template.New(k).Parse(v); err != nil {
				t.Errorf("%s %s: %v", path, k, err)
			}
			for _, m := range templateField.FindAllStringSubmatch(v, -1) {
				if !args[m[1]] {
					t.Errorf("%s %s uses {{.%s}}, which Args does not give", path, k, m[1])
				}
			}
			if lang != "en" && v == readCatalog(t, filepath.Join("..", "locales", "catalog", "store.en.toml"))[k] {
				t.Errorf("%s %s is not translated", path, k)
			}
		}
	}
}
