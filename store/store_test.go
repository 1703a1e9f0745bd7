package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// TestMain turns the test binary into a helper process when the crash or lock tests start it.
func TestMain(m *testing.M) {
	if path := os.Getenv(crashChildEnv); path != "" {
		crashChild(path)
		return
	}
	if path := os.Getenv(lockChildEnv); path != "" {
		lockChild(path)
		return
	}
	os.Exit(m.Run())
}

var ctx = context.Background()

// openTemp opens a new database in t.TempDir and closes it at the end of the test.
func openTemp(t testing.TB, opt store.Options) (*store.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rulekeeper.db")
	db, err := store.Open(path, opt)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		db, _ := openTemp(t, store.Options{NoSync: true})
		return db
	})
}

func TestCodeAndArgs(t *testing.T) {
	for _, e := range allErrors {
		wrapped := &store.Error{Err: e, Path: "/x.db", Limit: 7, Cause: errors.New("cause")}
		if store.Code(e) != e.Error() || store.Code(wrapped) != e.Error() {
			t.Errorf("Code(%v) = %q, Code(wrapped) = %q", e, store.Code(e), store.Code(wrapped))
		}
		if !errors.Is(wrapped, e) {
			t.Errorf("errors.Is(wrapped, %v) = false", e)
		}
	}
	if store.Code(errors.New("other")) != "" || store.Code(nil) != "" || store.Code(context.Canceled) != "" {
		t.Errorf("Code of a foreign error is not empty")
	}
	args := store.Args(&store.Error{Err: store.ErrFull, Path: "/x.db", Limit: 1 << 20})
	if len(args) != 6 || args[0] != "Path" || args[1] != "/x.db" || args[2] != "Limit" || args[3] != int64(1<<20) || args[4] != "Cause" || args[5] != "" {
		t.Errorf("Args = %v", args)
	}
	if args := store.Args(store.ErrNotFound); args[1] != "" || args[3] != int64(0) {
		t.Errorf("Args(sentinel) = %v", args)
	}
}

func TestFoldName(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"Aria", "aRIA"}, {"Élodie", "éLODIE"}, {"Σίσυφος", "ΣΊΣΥΦΟΣ"}, {"ς", "σ"}, {"K", "\u212a"}, // Kelvin sign
		{"ſ", "S"}, {"가온", "가온"}, {"龙", "龙"},
	} {
		if store.FoldName(c.a) != store.FoldName(c.b) {
			t.Errorf("FoldName(%q) = %q != FoldName(%q) = %q", c.a, store.FoldName(c.a), c.b, store.FoldName(c.b))
		}
	}
	for _, c := range []struct{ a, b string }{{"Aria", "Aria "}, {"龙", "龍"}, {"e", "é"}} {
		if store.FoldName(c.a) == store.FoldName(c.b) {
			t.Errorf("FoldName(%q) == FoldName(%q)", c.a, c.b)
		}
	}
	if got := store.FoldName("AbC"); got != "abc" {
		t.Errorf("FoldName(AbC) = %q, want lower case", got)
	}
}

// TestFoldNameAllRunes: every rune folds to a member of its own case-folding orbit, the same member for the
// whole orbit, so FoldName(a) == FoldName(b) exactly when strings.EqualFold(a, b).
func TestFoldNameAllRunes(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		rep := store.FoldName(string(r))
		if !strings.EqualFold(rep, string(r)) {
			t.Fatalf("%U folds to %q, outside its orbit", r, rep)
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if store.FoldName(string(f)) != rep {
				t.Fatalf("%U and %U fold differently", r, f)
			}
		}
	}
}

// FuzzFoldName checks that FoldName agrees with strings.EqualFold.
func FuzzFoldName(f *testing.F) {
	f.Add("Aria", "aria")
	f.Add("K", "\u212a")
	f.Add("ß", "SS")
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, b := range []string{b, strings.ToUpper(a), strings.ToLower(a), strings.ToTitle(a)} {
			if (store.FoldName(a) == store.FoldName(b)) != strings.EqualFold(a, b) {
				t.Errorf("FoldName(%q)=%q FoldName(%q)=%q", a, store.FoldName(a), b, store.FoldName(b))
			}
		}
	})
}
