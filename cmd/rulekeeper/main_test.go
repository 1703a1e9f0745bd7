package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"rulekeeper/locales"
)

// binary is the rulekeeper executable built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rulekeeper-bin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "rulekeeper")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.Stderr.Write(out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// rk runs the binary in dir with stdin and returns stdout, stderr and the exit code.
func rk(t *testing.T, dir, stdin string, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestRollCommand(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := rk(t, dir, "", nil, "roll", "--dice", "6,2,5,1", "4d6kh3")
	if code != 0 || strings.TrimSpace(out) == "" || errs != "" {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	if !strings.Contains(out, "= 13") {
		t.Errorf("breakdown %q lacks the total 13", out)
	}
	out, _, code = rk(t, dir, "", nil, "roll", "--json", "--dice", "20,3", "2d20kh1+5", "to", "hit")
	var res struct {
		Total   int    `json:"total"`
		Crit    string `json:"crit"`
		Comment string `json:"comment"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d, out %q", code, out)
	}
	if res.Total != 25 || res.Crit != "success" || res.Comment != "to hit" {
		t.Errorf("json %+v", res)
	}
}

// TestDoubleDash (issue 11 §5): `--` ends the flags and is not part of the expression (it used to become
// `--1d4+2`, a double negation that also hid a crit), and flags after the expression still work.
func TestDoubleDash(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"roll", "--dice", "3", "--", "-1d4+2"}, "-1d4 (3) + 2 = -1"},
		{[]string{"roll", "--dice", "20", "--", "1d20+5"}, "1d20 (20) + 5 = 25 — 💥 Critical!"},
		{[]string{"roll", "1d20+5", "--dice", "20"}, "= 25"},
		{[]string{"roll", "1d20+5", "to", "hit", "--dice", "4"}, "1d20 (4) + 5 = 9"},
		{[]string{"stats", "--", "-1d4+2"}, "-1d4+2"},
		{[]string{"stats", "2d6", "--target", "7"}, "58.33%"},
	} {
		out, errs, code := rk(t, dir, "", nil, c.args...)
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, "--") {
			t.Errorf("%v: exit %d, out %q, err %q; want %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestRollErrorsAreLocalized(t *testing.T) {
	dir := t.TempDir()
	for _, l := range locales.Langs {
		out, errs, code := rk(t, dir, "", nil, "roll", "--locale", string(l), "1d20+")
		if code == 0 || out != "" || strings.TrimSpace(errs) == "" {
			t.Fatalf("%s: exit %d, out %q, err %q", l, code, out, errs)
		}
		if strings.Contains(errs, "dice.err.") {
			t.Errorf("%s: raw key in %q", l, errs)
		}
	}
	_, errs, _ := rk(t, dir, "", nil, "roll", "--locale", "ko", "1d20+")
	if en := locales.For(locales.EN); strings.Contains(errs, en.T("dice.err.expected_operand", "Op", "+", "Pos", 5)) {
		t.Errorf("Korean error printed in English: %q", errs)
	}
}

func TestConsolePiped(t *testing.T) {
	dir := t.TempDir()
	in := "/roll expr:4d6kh3\n/roll expr:\"1d20 + 5 to hit\" private:true\n/nosuch\n"
	out, errs, code := rk(t, dir, in, nil, "console", "--json", "--dice", "6,2,5,1,11")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 replies, got %q", out)
	}
	type line struct {
		Text      string          `json:"text"`
		Ephemeral bool            `json:"ephemeral"`
		Error     string          `json:"error"`
		Result    json.RawMessage `json:"result"`
	}
	var got []line
	for _, l := range lines {
		var x line
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		got = append(got, x)
	}
	if !strings.Contains(string(got[0].Result), `"total":13`) || got[0].Ephemeral {
		t.Errorf("first: %+v", got[0])
	}
	if !strings.Contains(string(got[1].Result), `"total":16`) || !got[1].Ephemeral || !strings.Contains(string(got[1].Result), `"comment":"to hit"`) {
		t.Errorf("second: %+v", got[1])
	}
	if got[2].Error != "core.err.unknown_command" {
		t.Errorf("third: %+v", got[2])
	}
}

// TestConfigPrecedence: flags > environment > config file > defaults.
func TestConfigPrecedence(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "custom.toml")
	os.WriteFile(cfg, []byte("db = \"from-file.db\"\nlocale = \"ko\"\n"), 0o600)
	parse := func(env map[string]string, args ...string) *CLI {
		t.Helper()
		for k, v := range env {
			t.Setenv(k, v)
		}
		var cli CLI
		p, err := newParser(&cli, locales.For(locales.EN))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Parse(args); err != nil {
			t.Fatal(err)
		}
		return &cli
	}
	t.Run("defaults", func(t *testing.T) {
		t.Chdir(t.TempDir())
		if c := parse(nil, "version"); filepath.Base(c.DB) != "rulekeeper.db" || c.Locale != "" {
			t.Errorf("db %q locale %q", c.DB, c.Locale)
		}
	})
	t.Run("file", func(t *testing.T) {
		if c := parse(nil, "--config", cfg, "version"); filepath.Base(c.DB) != "from-file.db" || c.Locale != "ko" {
			t.Errorf("db %q locale %q", c.DB, c.Locale)
		}
	})
	t.Run("default file", func(t *testing.T) {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, "rulekeeper.toml"), []byte("locale = \"zh-TW\"\n"), 0o600)
		t.Chdir(d)
		if c := parse(nil, "version"); c.Locale != "zh-TW" {
			t.Errorf("locale %q", c.Locale)
		}
	})
	t.Run("env beats file", func(t *testing.T) {
		c := parse(map[string]string{"RULEKEEPER_DB": "from-env.db"}, "--config", cfg, "version")
		if filepath.Base(c.DB) != "from-env.db" || c.Locale != "ko" {
			t.Errorf("db %q locale %q", c.DB, c.Locale)
		}
	})
	t.Run("flag beats env", func(t *testing.T) {
		c := parse(map[string]string{"RULEKEEPER_DB": "from-env.db"}, "--config", cfg, "--db", "from-flag.db", "version")
		if filepath.Base(c.DB) != "from-flag.db" {
			t.Errorf("db %q", c.DB)
		}
	})
}

func TestHelpIsLocalized(t *testing.T) {
	dir := t.TempDir()
	for _, l := range locales.Langs {
		out, _, code := rk(t, dir, "", nil, "--locale", string(l), "--help")
		if code != 0 || !strings.Contains(out, locales.For(l).T("cli.help.console")) {
			t.Errorf("%s: exit %d, help %q", l, code, out)
		}
	}
}

// TestExampleConfig: config.example.toml parses, and every key it sets or mentions names a real flag.
func TestExampleConfig(t *testing.T) {
	var cli CLI
	p, err := newParser(&cli, locales.For(locales.EN))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Parse([]string{"--config", "../../config.example.toml", "version"}); err != nil {
		t.Fatal(err)
	}
	flags := map[string]bool{}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			flags[strings.ReplaceAll(f.Name, "-", "_")] = true
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(p.Model.Node)
	data, err := os.ReadFile("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "#"))
		key, _, ok := strings.Cut(line, " = ")
		if !ok || strings.ContainsAny(key, " ,.") {
			continue
		}
		if !flags[key] {
			t.Errorf("config.example.toml key %q is no flag", key)
		}
	}
	if strings.Contains(strings.ToLower(string(data)), "token =") {
		t.Error("the example config must hold no token key")
	}
}
