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
