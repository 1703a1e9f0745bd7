package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/store"
)

// TestBackupWhileRunning: a console holds the database; `rulekeeper backup` asks it over the admin socket and the
// backup is a whole database with the console's latest write.
func TestBackupWhileRunning(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "console", "--gm", "--json")
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	lines := bufio.NewScanner(stdout)
	if _, err := stdin.Write([]byte("/settings language value:ko\n")); err != nil {
		t.Fatal(err)
	}
	if !lines.Scan() {
		t.Fatal("no reply from the console")
	}
	var reply struct{ Error string }
	if err := json.Unmarshal(lines.Bytes(), &reply); err != nil || reply.Error != "" {
		t.Fatalf("settings reply %q: %v", lines.Text(), err)
	}
	// The console holds the lock now; a direct open would time out.
	out, errs, code := rk(t, dir, "", nil, "backup", "--out", "copy.db")
	if code != 0 {
		t.Fatalf("backup: exit %d: %s %s", code, out, errs)
	}
	db, err := store.Open(filepath.Join(dir, "copy.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var g store.Guild
	err = db.View(context.Background(), "local", func(tx store.Tx) error {
		g, err = tx.Guild()
		return err
	})
	if err != nil || g.Language != "ko" {
		t.Errorf("backup guild %+v, %v", g, err)
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	if _, errs, code := rk(t, dir, "/settings crit_rule rule:max\n", nil, "console", "--gm", "--guild", "g1"); code != 0 {
		t.Fatalf("console: %s", errs)
	}
	out, errs, code := rk(t, dir, "", nil, "export", "--guild", "g1")
	if code != 0 || !strings.Contains(out, `"crit_rule": "max"`) {
		t.Fatalf("export exit %d: %q %s", code, out, errs)
	}
	os.WriteFile(filepath.Join(dir, "g1.json"), []byte(out), 0o600)
	if _, errs, code := rk(t, dir, "", []string{"RULEKEEPER_DB=other.db"}, "import", "g1.json"); code != 0 {
		t.Fatalf("import: %s", errs)
	}
	out, _, _ = rk(t, dir, "", []string{"RULEKEEPER_DB=other.db"}, "export", "--guild", "g1")
	if !strings.Contains(out, `"crit_rule": "max"`) {
		t.Errorf("re-export lacks the setting: %q", out)
	}
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"format":"nope"}`), 0o600)
	if _, errs, code := rk(t, dir, "", nil, "import", "bad.json"); code == 0 || strings.Contains(errs, "store.err") {
		t.Errorf("bad import: exit %d, %q", code, errs)
	}
}

// TestImportValidates (issue 11 §5): `rulekeeper import` checks every record with the rules: a character of
// level 1,000,000 is named with its record and field, and nothing is imported — the guild keeps its data;
// --check says a good file is valid and writes nothing; the README's example imports.
func TestImportValidates(t *testing.T) {
	dir := t.TempDir()
	example, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", "export-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.json")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(good, example, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(strings.Replace(string(example), `"level": 3`, `"level": 1000000`, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "g.db")
	if out, errs, code := rk(t, dir, "", nil, "import", "--check", good, "--db", db); code != 0 || !strings.Contains(out, "valid for guild 123456789012345678: characters 2, encounters 1") {
		t.Fatalf("import --check: exit %d, %q %q", code, out, errs)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("import --check created the database")
	}
	if out, errs, code := rk(t, dir, "", nil, "import", good, "--db", db); code != 0 {
		t.Fatalf("import: exit %d, %q %q", code, out, errs)
	}
	export := func() string { // the guild's data, without the time of the export
		out, _, _ := rk(t, dir, "", nil, "export", "--guild", "123456789012345678", "--db", db)
		var e map[string]any
		if err := json.Unmarshal([]byte(out), &e); err != nil {
			t.Fatal(err)
		}
		delete(e, "exported")
		b, _ := json.Marshal(e)
		return string(b)
	}
	before := export()
	_, errs, code := rk(t, dir, "", nil, "import", bad, "--db", db)
	if code != 1 || !strings.Contains(errs, `characters[0] “Aria”`) || !strings.Contains(errs, "Level 1000000") || !strings.Contains(errs, "nothing was imported") {
		t.Errorf("bad import: exit %d, %q", code, errs)
	}
	if _, errs, code := rk(t, dir, "", nil, "import", "--check", bad); code != 1 || !strings.Contains(errs, "1000000") {
		t.Errorf("import --check of the bad file: exit %d, %q", code, errs)
	}
	if after := export(); after != before || !strings.Contains(after, `"level":3`) {
		t.Errorf("a refused import changed the guild")
	}
}
