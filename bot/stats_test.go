package bot_test

import (
	"bytes"
	"encoding/json"
	"image/png"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"rulekeeper/bot"
	"rulekeeper/bot/chart"
	"rulekeeper/bot/console"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// statsLine runs one /stats line in the console and decodes the JSON result.
func statsLine(t *testing.T, locale, line string) (*bot.Reply, bot.StatsResult) {
	t.Helper()
	c := &console.Console{Bot: newTestBot(), UserID: "u", GuildID: "g", Locale: locale}
	r := c.Line(line)
	if r.ErrorCode != "" {
		t.Fatalf("%s: error %s: %s", line, r.ErrorCode, r.Body)
	}
	b, err := json.Marshal(r.Result)
	if err != nil {
		t.Fatal(err)
	}
	var res bot.StatsResult
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	return r, res
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestStatsKnownValues(t *testing.T) {
	// 2d20kh1: P(≥ 15) = 1 − (14/20)² = 51/100.
	r, res := statsLine(t, "", "/stats expr:2d20kh1 target:15")
	if !res.Exact || res.PTarget == nil || *res.PTarget != 0.51 || res.PTargetRat != "51/100" || *res.Target != 15 {
		t.Errorf("2d20kh1 target 15: %+v", res.StatsDist)
	}
	if res.MeanRat != "553/40" || res.Min != 1 || res.Max != 20 || len(res.AtLeast) != 20 || len(res.PMF) != 20 {
		t.Errorf("2d20kh1: %+v", res.StatsDist)
	}
	text := console.RenderText(r)
	for _, w := range []string{"Chance of 15 or more: **51% (51/100)**", "Mean: 13.825 (553/40)", "15      51%  51/100"} {
		if !strings.Contains(text, w) {
			t.Errorf("2d20kh1: text lacks %q:\n%s", w, text)
		}
	}

	// 4d6kh3: mean 15869/1296 ≈ 12.2446.
	r, res = statsLine(t, "", "/stats expr:4d6kh3")
	if res.MeanRat != "15869/1296" || !near(res.Mean, 15869.0/1296) || res.Min != 3 || res.Max != 18 || res.PTarget != nil {
		t.Errorf("4d6kh3: %+v", res.StatsDist)
	}
	if !strings.Contains(console.RenderText(r), "Mean: 12.2446 (15869/1296)") {
		t.Errorf("4d6kh3 text:\n%s", console.RenderText(r))
	}

	// A comparison gives its chance of success: 2d6 ≥ 7 is 21/36 = 7/12.
	r, res = statsLine(t, "", "/stats expr:2d6>=7")
	if res.PSuccess == nil || !near(*res.PSuccess, 7.0/12) || res.PSuccessRat != "7/12" || res.PTargetRat != "7/12" {
		t.Errorf("2d6>=7: %+v", res.StatsDist)
	}
	if !strings.Contains(console.RenderText(r), "Chance of success: **58.33% (7/12)**") {
		t.Errorf("2d6>=7 text:\n%s", console.RenderText(r))
	}

	// Advantage against a straight roll, both +5, target 15.
	r, res = statsLine(t, "", "/stats expr:2d20kh1+5 compare:1d20+5 target:15")
	if res.PTargetRat != "319/400" || res.Compare == nil || res.Compare.PTargetRat != "11/20" || res.Compare.Expr != "1d20+5" {
		t.Fatalf("2d20kh1+5 vs 1d20+5: %+v / %+v", res.StatsDist, res.Compare)
	}
	if res.Compare.MeanRat != "31/2" || len(res.Compare.AtLeast) != len(res.AtLeast) {
		t.Errorf("compare block: %+v", res.Compare)
	}
	// Versus, counted die by die: max(a, b) against c over 20³ outcomes.
	gt, eq := 0, 0
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			for c := 1; c <= 20; c++ {
				switch m := max(a, b); {
				case m > c:
					gt++
				case m == c:
					eq++
				}
			}
		}
	}
	v := res.Versus
	if v == nil || !near(v.Greater, float64(gt)/8000) || !near(v.Equal, float64(eq)/8000) || !near(v.Greater+v.Equal+v.Less, 1) {
		t.Errorf("versus %+v, want %v %v", v, float64(gt)/8000, float64(eq)/8000)
	}
	if len(r.Fields) != 3 || !r.Fields[0].Inline || !r.Fields[1].Inline || r.Fields[0].Name != "2d20kh1+5" || r.Fields[1].Name != "1d20+5" {
		t.Errorf("fields side by side: %+v", r.Fields)
	}
	if !strings.Contains(r.Fields[2].Value, "15     79.75%     55%") {
		t.Errorf("table:\n%s", r.Fields[2].Value)
	}
}

// TestStatsChart: the chart is attached as stats.png, a PNG of the chart's default size.
func TestStatsChart(t *testing.T) {
	for _, line := range []string{"/stats expr:2d20kh1+5 compare:1d20+5 target:15", "/stats expr:4d6kh3", "/stats expr:1d100000 target:5000"} {
		r, _ := statsLine(t, "", line)
		if len(r.Files) != 1 || r.Files[0].Name != "stats.png" || r.Files[0].ContentType != "image/png" {
			t.Fatalf("%s: files %+v", line, r.Files)
		}
		img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if b := img.Bounds(); b.Dx() != chart.DefaultWidth || b.Dy() != chart.DefaultHeight {
			t.Errorf("%s: %v", line, b)
		}
	}
	// Totals beyond what the chart can place: no chart, and the reply says so.
	if r, _ := statsLine(t, "", "/stats expr:1d6*1000000*1000000*1000"); len(r.Files) != 0 || !strings.Contains(r.Body, "No chart") {
		t.Errorf("huge totals: %d files, %q", len(r.Files), r.Body)
	}
	// A hundred thousand values are grouped into bars, and the reply says so.
	r, res := statsLine(t, "", "/stats expr:1d100000 target:5000")
	if !strings.Contains(r.Body, "each bar adds up 100 consecutive totals") || res.PMF != nil || res.PTargetRat != "95001/100000" {
		t.Errorf("1d100000: %s / %+v", r.Body, res.StatsDist)
	}
}

// TestStatsEstimates: a Monte-Carlo estimate says so (sample size, 95% intervals); explosions cut off say how
// much probability is left out.
func TestStatsEstimates(t *testing.T) {
	r, res := statsLine(t, "", "/stats expr:1000d1000 target:500000")
	if res.Exact || res.Samples == 0 || res.PTargetCI == nil || res.MeanCI == nil || res.PTargetCI[0] > *res.PTarget || res.PTargetCI[1] < *res.PTarget {
		t.Errorf("1000d1000: %+v", res.StatsDist)
	}
	text := console.RenderText(r)
	for _, w := range []string{"Monte-Carlo estimate from", "95% interval:"} {
		if !strings.Contains(text, w) {
			t.Errorf("1000d1000: text lacks %q:\n%s", w, text)
		}
	}
	r, res = statsLine(t, "", "/stats expr:1d6! compare:1d8")
	if !res.Exact || res.Leftover <= 0 || res.Compare.Leftover != 0 {
		t.Errorf("1d6!: %+v", res.StatsDist)
	}
	if !strings.Contains(console.RenderText(r), "Explosions cut off:") {
		t.Errorf("1d6! text:\n%s", console.RenderText(r))
	}
}

// TestStatsCompareShares: two compared expressions share one expression's budget (issue 11 §2): 100d1000 alone is
// exact, beside another 100d1000 each is a Monte-Carlo estimate with half the samples 1d1000000 alone takes, and
// the two estimates roll their own dice.
func TestStatsCompareShares(t *testing.T) {
	_, alone := statsLine(t, "", "/stats expr:100d1000")
	_, both := statsLine(t, "", "/stats expr:100d1000 compare:100d1000")
	if !alone.Exact || both.Exact || both.Compare.Exact || both.Samples == 0 || both.Versus == nil {
		t.Errorf("100d1000 alone exact %v; compared exact %v/%v, samples %d", alone.Exact, both.Exact, both.Compare.Exact, both.Samples)
	}
	_, one := statsLine(t, "", "/stats expr:1d1000000")
	_, two := statsLine(t, "", "/stats expr:1d1000000 compare:1d1000000")
	if one.Samples == 0 || two.Samples != one.Samples/2 || two.Compare.Samples != two.Samples {
		t.Errorf("1d1000000 samples: alone %d, compared %d and %d", one.Samples, two.Samples, two.Compare.Samples)
	}
	if both.Mean == both.Compare.Mean || two.Mean == two.Compare.Mean { // independent estimates, not one twice
		t.Errorf("the two sides' estimates share their dice: means %v/%v, %v/%v", both.Mean, both.Compare.Mean, two.Mean, two.Compare.Mean)
	}
}

// TestStatsBadInput: bad notation, a target out of range and a bad second expression are localized errors.
func TestStatsBadInput(t *testing.T) {
	tests := []struct{ line, code string }{
		{"/stats expr:1d20+", "dice.err."},
		{"/stats expr:2d", "dice.err."},
		{"/stats expr:1d6/0", "dice.err."},
		{"/stats expr:1d6 target:1000000001", "core.err.too_large"},
		{"/stats expr:1d6 target:-1000000001", "core.err.too_small"},
		{"/stats expr:1d6 target:many", "core.err.bad_integer"},
		{"/stats expr:1d6 compare:1d", "stats.err.compare"},
		{"/stats expr:1d6 compare:1d6/0", "stats.err.compare"},
	}
	for _, l := range locales.Langs {
		for _, tt := range tests {
			c := &console.Console{Bot: newTestBot(), UserID: "u", GuildID: "g", Locale: string(l)}
			r := c.Line(tt.line)
			if !strings.HasPrefix(r.ErrorCode, tt.code) || !r.Ephemeral {
				t.Errorf("%s %s: error %q, want %q", l, tt.line, r.ErrorCode, tt.code)
			}
			if r.Body == "" || strings.Contains(r.Body, "{{") || strings.Contains(r.Body, "err.") || strings.Contains(r.Body, "<no value>") {
				t.Errorf("%s %s: not a localized error: %q", l, tt.line, r.Body)
			}
		}
	}
	// The shared function checks the range itself (the CLI has no table to do it).
	big := bot.MaxStatsTarget + 1
	if _, err := bot.Stats(locales.For(locales.KO), bot.StatsInput{Expr: "1d6", Target: &big}); err == nil || err.(*bot.Error).Key != "stats.err.target_range" {
		t.Errorf("target out of range: %v", err)
	}
	// The inner error of compare: is in the caller's language.
	c := &console.Console{Bot: newTestBot(), UserID: "u", GuildID: "g", Locale: "ko"}
	r := c.Line("/stats expr:1d6 compare:1d")
	if ko := locales.For(locales.KO); !strings.Contains(r.Body, ko.T("stats.err.compare", "Error", "")) {
		t.Errorf("Korean compare error: %q", r.Body)
	}
}

// TestStatsLocalized: the words are in the reply language; the chart carries none.
func TestStatsLocalized(t *testing.T) {
	for _, tt := range []struct{ locale, want string }{{"zh-CN", "平均值"}, {"zh-TW", "標準差"}, {"ko", "평균"}, {"en", "Standard deviation"}} {
		r, _ := statsLine(t, tt.locale, "/stats expr:3d6 target:12")
		if text := strings.ReplaceAll(console.RenderText(r), "stats.png", ""); !strings.Contains(text, tt.want) || strings.Contains(text, "stats.") {
			t.Errorf("%s: %s", tt.locale, text)
		}
	}
	// Typed by its localized names, as on Discord.
	if r, res := statsLine(t, "", "/统计 表达式:2d6 目标:7"); res.PTargetRat != "7/12" {
		t.Errorf("localized names: %+v %s", res.StatsDist, r.Body)
	}
}

// TestStatsFitsDiscord: the longest texts stay within Discord's embed limits.
func TestStatsFitsDiscord(t *testing.T) {
	long := strings.Repeat("1d6+", 60) + "1d6"
	for _, in := range []bot.StatsInput{
		{Expr: long, Compare: long, Target: ptr(-1000000000)},
		{Expr: "1d100000", Compare: "1000d1000", Target: ptr(1000000000)},
		{Expr: "1d20", Compare: "1d6!", Target: ptr(-5)},
		{Expr: "1d6*1000000*1000", Target: ptr(3)},
	} {
		line := in.Expr + " vs " + in.Compare
		replies, err := bot.StatsInAll(in, locales.Langs) // computed once, worded in each language
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for i, l := range locales.Langs {
			r := replies[i]
			if n := utf8.RuneCountInString(r.Title); n > 256 {
				t.Errorf("%s: title %d", line, n)
			}
			if n := utf8.RuneCountInString(r.Body); n > 4096 {
				t.Errorf("%s: body %d", line, n)
			}
			total := utf8.RuneCountInString(r.Title) + utf8.RuneCountInString(r.Body)
			for _, f := range r.Fields {
				if utf8.RuneCountInString(f.Name) > 256 || utf8.RuneCountInString(f.Value) > 1024 {
					t.Errorf("%s %s: field %q: %d runes", line, l, f.Name, utf8.RuneCountInString(f.Value))
				}
				total += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
			}
			if total > 6000 {
				t.Errorf("%s %s: %d runes in the embed", line, l, total)
			}
		}
	}
}

// newTestBot is a bot without a store whose dice show faces.
func newTestBot(faces ...int) *bot.Bot {
	r := dice.NewScripted(faces)
	return bot.New(bot.Config{Dice: func() dice.Roller { return r }})
}

func ptr(n int) *int { return &n }
