package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/locales"
)

func TestStatsCommand(t *testing.T) {
	dir := t.TempDir()
	// JSON: 4d6kh3's mean is 15869/1296.
	out, errs, code := rk(t, dir, "", nil, "stats", "--json", "4d6kh3")
	var res struct {
		Expr    string  `json:"expr"`
		Exact   bool    `json:"exact"`
		Mean    float64 `json:"mean"`
		MeanRat string  `json:"mean_rat"`
		StdDev  float64 `json:"stddev"`
		Min     int     `json:"min"`
		Max     int     `json:"max"`
		AtLeast []struct {
			Value int     `json:"value"`
			P     float64 `json:"p"`
		} `json:"at_least"`
	}
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d, out %q, err %q", code, out, errs)
	}
	if res.Expr != "4d6kh3" || !res.Exact || res.MeanRat != "15869/1296" || res.Min != 3 || res.Max != 18 || len(res.AtLeast) != 16 || res.StdDev < 2.84 || res.StdDev > 2.85 {
		t.Errorf("json %+v", res)
	}

	// --target, --compare and --png: the text and the chart file.
	file := filepath.Join(dir, "odds.png")
	out, errs, code = rk(t, dir, "", nil, "stats", "--target", "15", "--compare", "1d20+5", "--png", file, "2d20kh1+5")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, err %q", code, errs)
	}
	for _, w := range []string{"79.75% (319/400)", "55% (11/20)", "1d20+5"} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() < 200 || img.Bounds().Dy() < 150 {
		t.Fatalf("png: %v", err)
	}

	// JSON of a comparison with a target, and the compare block.
	out, _, code = rk(t, dir, "", nil, "stats", "--json", "--target", "7", "--compare", "1d12", "2d6>=7")
	var cmp struct {
		PTarget  float64 `json:"p_target"`
		PSuccess string  `json:"p_success_rat"`
		Compare  struct {
			PTarget float64 `json:"p_target"`
		} `json:"compare"`
		Versus map[string]float64 `json:"versus"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &cmp) != nil {
		t.Fatalf("exit %d, out %q", code, out)
	}
	if cmp.PSuccess != "7/12" || cmp.PTarget != 7.0/12 || cmp.Compare.PTarget != 0.5 || len(cmp.Versus) != 3 {
		t.Errorf("compare json %+v", cmp)
	}
	if !strings.Contains(out, `"expr":"2d6>=7"`) {
		t.Errorf("HTML escaping in %q", out)
	}

	// The console's JSON lines carry the same result.
	out, errs, code = rk(t, dir, "/stats expr:2d20kh1 target:15\n", nil, "console", "--json")
	var line struct {
		Result struct {
			PTarget    float64 `json:"p_target"`
			PTargetRat string  `json:"p_target_rat"`
			Exact      bool    `json:"exact"`
		} `json:"result"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &line) != nil {
		t.Fatalf("console: exit %d, out %q, err %q", code, out, errs)
	}
	if line.Result.PTarget != 0.51 || line.Result.PTargetRat != "51/100" || !line.Result.Exact {
		t.Errorf("console json %+v", line.Result)
	}
}

func TestStatsErrorsAreLocalized(t *testing.T) {
	dir := t.TempDir()
	for _, l := range locales.Langs {
		for _, args := range [][]string{
			{"1d20+"},
			{"--target", "2000000000", "1d6"},
			{"--compare", "1d", "1d6"},
		} {
			out, errs, code := rk(t, dir, "", nil, append([]string{"stats", "--locale", string(l)}, args...)...)
			if code != 1 || out != "" || strings.TrimSpace(errs) == "" || strings.Contains(errs, "err.") {
				t.Errorf("%s %v: exit %d, out %q, err %q", l, args, code, out, errs)
			}
		}
	}
	_, errs, _ := rk(t, dir, "", nil, "stats", "--locale", "zh-TW", "--target", "2000000000", "1d6")
	if !strings.Contains(errs, "目標") {
		t.Errorf("zh-TW: %q", errs)
	}
	// The help is localized too.
	out, _, code := rk(t, dir, "", nil, "--locale", "ko", "stats", "--help")
	if code != 0 || !strings.Contains(out, locales.For(locales.KO).T("stats.cli.help.png")) {
		t.Errorf("help: exit %d, %q", code, out)
	}
}
