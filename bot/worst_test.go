package bot_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/rules/dice"
)

// The worst /stats and /roll requests found within the documented limits (dice.MaxDice 1,000, dice.MaxSides
// 1,000,000, dice.MaxLength 1,000 bytes, dice.MaxDepth 64; /roll repeat 20), the two among them (issue 11
// §2), run whole through the bot: parsing, the gate of heavy computations, the distributions or rolls, the JSON,
// the table, the chart and the words. BenchmarkWorstCaseStats and BenchmarkWorstCaseRoll show the CPU (cpu-ms/op:
// the process's, garbage collection included) and the memory (B/op) of each: at most 100 ms and 32 MiB;
// TestWorstCaseMemory counts the bytes of each, not by the clock.

// worstMemory is the most one request may allocate.
const worstMemory = 32 << 20

// fill returns prefix followed by as many copies of unit as fit in dice.MaxLength bytes.
func fill(prefix, unit string) string {
	return prefix + strings.Repeat(unit, (dice.MaxLength-len(prefix))/len(unit))
}

// joinN returns n copies of term joined by sep, in at most room bytes.
func joinN(term, sep string, n, room int) string {
	n = min(n, (room+len(sep))/(len(term)+len(sep)))
	return strings.TrimSuffix(strings.Repeat(term+sep, n), sep)
}

// nest returns s in dice.MaxDepth parentheses.
func nest(s string) string {
	return strings.Repeat("(", dice.MaxDepth) + s + strings.Repeat(")", dice.MaxDepth)
}

// worstStats are /stats requests: expr and compare.
var worstStats = []struct{ name, expr, compare string }{
	{"issue_keep_half", "1000d6kh500", "1000d6kh499"},
	{"issue_million_sides", "1d1000000", "1d1000000"},
	{"keep_half_million_sides", "1000d1000000kh500", "1000d1000000kl500"},
	{"heaviest_exact_sums", "100d1000", "100d1000"},
	{"order_statistics", "300d6kh100", "100d10dh2k>0"},
	{"exploding_pools", "500d6!kh250", "999d1000000!"},
	{"explode_then_count", "500d10e10c>=8", "900d10e10"},
	{"counts_and_clamps", "1000d6mi2ma5c>3", "1000d6mi2"},
	{"products_quotients", "1d1000000*1d1000000", "1d1000/1d1000"},
	{"product_chains", joinN("1d1000", "*", 6, dice.MaxLength), joinN("1d6", "*", 24, dice.MaxLength)},
	{"rerolls_big_dice", "3d10000rr<3264rr<573", "1d1000000rr1rr2rr3rr4"},
	{"reroll_and_add_pools", "100d2e>1ra2mi1", "1d10000kh1ra10000kl1"},
	{"sets_of_pools", "(4d6,4d6,4d6,4d6,4d6,4d6)kh3", "(" + joinN("1d9", ",", 1000, dice.MaxLength-7) + ")kh100"},
	{"sets_of_big_dice", "(" + joinN("1d1000000", ",", 90, dice.MaxLength-5) + ")kh2", "(" + joinN("3d10000", ",", 90, dice.MaxLength-6) + ")kl45"},
	{"long_sum_chain", joinN("1d6", "+", 500, dice.MaxLength), joinN("1d1000000", "+", 500, dice.MaxLength)},
	{"comparisons", "500d6kh250>=500d6kh249", "1d1000000>=1d1000000"},
	{"rank_chains", fill("1000d6", "kh999pl1"), fill("1000d1000000", "kh999pl1")},
	{"nested", nest("1d1000000*1d1000"), nest("500d6!kh250")},
	{"compound_penetrate", "400d2!!kh200", "400d2!pkl200"},
	{"functions", "round(" + joinN("1d1000000/7", "+", 100, dice.MaxLength-7) + ")",
		"abs(" + joinN("(1d1000*3/7)", "-", 100, dice.MaxLength-5) + ")"},
	{"mixed_found_by_search", "50d20rr<4+10d10dh2-2d100dh1+(1d3ro2,50d10dh2k>0,3d20ro9kh3ma13,2d6)kh2",
		"2d3k>1k>2ma1%((2d1000,100d2kl2e>1,896d10kl8kl2ma3,76,65,78,57)kh7,28,67%13,36,97-25)kh2"},
}

// worstRolls are /roll requests with repeat:20.
var worstRolls = []struct{ name, expr string }{
	{"rank_chain", fill("1000d1000000", "kh999pl1")},
	{"reroll_rank_chain", fill("500d1000000", "roh1pl0")},
	{"thousand_dice", "1000d1000000"},
	{"explosions", "400d2!"},
	{"explode_drop_chain", fill("1d2", "e1p0")},
	{"rerolls", "700d20rr<4"},
	{"set_of_singles", "(" + joinN("1d9", ",", 1000, dice.MaxLength-7) + ")kh100"},
	{"set_rank_chain", fill("("+joinN("4d9", ",", 50, dice.MaxLength)+")", "kh49kl48")},
	{"long_sum_chain", joinN("3d6", "+", 500, dice.MaxLength)},
	{"nested", nest("1000d6kh500")},
	{"compound_ranked", fill("400d2!!", "kh399pl1")},
	{"penetrate_ranked", fill("400d2!p", "kh799pl1")},
	{"functions", "floor(" + joinN("1d1000000/7", "+", 100, dice.MaxLength-7) + ")"},
}

// statsRequest is /stats expr compare by user u.
func statsRequest(u, expr, compare string) *bot.Request {
	r := &bot.Request{Ctx: context.Background(), Path: []string{"stats"}, UserID: u, Options: map[string]any{"expr": expr}}
	if compare != "" {
		r.Options["compare"] = compare
	}
	return r
}

// rollRequest is /roll expr repeat:20 by user u.
func rollRequest(u, expr string) *bot.Request {
	return &bot.Request{Ctx: context.Background(), Path: []string{"roll"}, UserID: u, Dice: dice.NewSeeded(1),
		Options: map[string]any{"expr": expr, "repeat": int64(20)}}
}

// answered fails unless the reply is an answer: numbers, or the localized refusal of an expression too heavy even
// to estimate (dice.err.too_heavy, for the expression or the one compared).
func answered(tb testing.TB, what string, r *bot.Reply) {
	tb.Helper()
	if r.ErrorCode != "" && r.ErrorCode != dice.CodeTooHeavy && r.ErrorCode != "stats.err.compare" {
		tb.Fatalf("%s: %s %s", what, r.ErrorCode, r.Body)
	}
}

// BenchmarkWorstCaseStats measures each worst /stats request through the bot: cpu-ms/op and B/op.
func BenchmarkWorstCaseStats(b *testing.B) {
	bt := bot.New(bot.Config{})
	for _, c := range worstStats {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				answered(b, c.name, bt.Handle(statsRequest("u", c.expr, c.compare)))
			}
			b.ReportMetric(float64((cpuTime()-t0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkWorstCaseRoll measures each worst /roll request (repeat:20) through the bot.
func BenchmarkWorstCaseRoll(b *testing.B) {
	bt := bot.New(bot.Config{})
	for _, c := range worstRolls {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				answered(b, c.name, bt.Handle(rollRequest("u", c.expr)))
			}
			b.ReportMetric(float64((cpuTime()-t0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	fn()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestWorstCaseMemory (issue 11 §2): every worst /stats and /roll request, whole through the bot, allocates at
// most 32 MiB — counted, not timed.
func TestWorstCaseMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes the worst cases slow and counts their memory twice")
	}
	bt := bot.New(bot.Config{})
	for _, c := range worstStats {
		var r *bot.Reply
		n := allocated(func() { r = bt.Handle(statsRequest("u", c.expr, c.compare)) })
		answered(t, "stats "+c.name, r)
		if n > worstMemory {
			t.Errorf("stats %s: %.1f MiB allocated; at most %d", c.name, float64(n)/(1<<20), worstMemory>>20)
		}
		t.Logf("stats %-24s %5.1f MiB", c.name, float64(n)/(1<<20))
	}
	for _, c := range worstRolls {
		var r *bot.Reply
		n := allocated(func() { r = bt.Handle(rollRequest("u", c.expr)) })
		answered(t, "roll "+c.name, r)
		if n > worstMemory {
			t.Errorf("roll %s: %.1f MiB allocated; at most %d", c.name, float64(n)/(1<<20), worstMemory>>20)
		}
		t.Logf("roll  %-24s %5.1f MiB", c.name, float64(n)/(1<<20))
	}
}
