package bot

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/bot/chart"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// The words, table and chart of /stats.

// reply words the numbers in p's language: each expression's numbers as a field (side by side when there are
// two), the table as the last field, the comparison and the notes on the chart in the body.
func (c *statsComputed) reply(p *locales.Printer) *Reply {
	res, a := c.res, c.sides[0]
	r := &Reply{Result: res}
	dists := []StatsDist{res.StatsDist}
	if res.Compare != nil {
		dists = append(dists, *res.Compare)
	}
	for i, s := range c.sides {
		r.Fields = append(r.Fields, Field{Name: clipRunes(s.name, 256), Value: statsFieldText(p, dists[i], res.Target), Inline: len(c.sides) > 1})
	}
	var body []string
	if v := res.Versus; v != nil {
		b := c.sides[1]
		r.Title = p.T("stats.title_compare", "Expr", clipRunes(a.name, statsNameRunes), "Compare", clipRunes(b.name, statsNameRunes))
		body = append(body, p.T("stats.versus", "A", clipRunes(a.name, statsNameRunes), "B", clipRunes(b.name, statsNameRunes),
			"Higher", dice.Percent(v.Greater), "Equal", dice.Percent(v.Equal), "Lower", dice.Percent(v.Less)))
	} else {
		r.Title = p.T("stats.title", "Expr", clipRunes(a.name, statsNameRunes*2))
	}
	r.Fields = append(r.Fields, Field{Name: p.T("stats.table"), Value: statsTable(c.sides, res)})
	switch {
	case c.chart == nil:
		body = append(body, p.T("stats.no_chart"))
	default:
		r.Files = []File{*c.chart}
		if c.width > 1 {
			body = append(body, p.T("stats.chart_grouped", "Width", c.width))
		}
	}
	r.Body = strings.Join(body, "\n")
	return r
}

// statsNumber renders a mean or a standard deviation: at most 4 decimals, trailing zeros dropped.
func statsNumber(x float64) string {
	s := strconv.FormatFloat(x, 'f', 4, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// chanceText is a probability for people with its fraction when shown, in p's brackets: "51% (51/100)",
// "51%（51/100）".
func chanceText(p *locales.Printer, chance float64, rat string) string {
	s := dice.Percent(chance)
	if rat != "" && rat != "0" && rat != "1" {
		s = p.Paren(s, rat)
	}
	return s
}

// statsFieldText is one expression's numbers: mean, standard deviation, range, the chances, and what makes them
// less than exact.
func statsFieldText(p *locales.Printer, j StatsDist, target *int) string {
	mean := statsNumber(j.Mean)
	if j.MeanRat != "" && strings.Contains(j.MeanRat, "/") {
		mean = p.Paren(mean, j.MeanRat)
	}
	lines := []string{
		p.T("stats.mean", "Mean", mean),
		p.T("stats.stddev", "StdDev", statsNumber(j.StdDev)),
		p.T("stats.range", "Min", j.Min, "Max", j.Max),
	}
	interval := func(ci *[2]float64) {
		if ci != nil {
			lines = append(lines, p.T("stats.interval", "Low", dice.Percent(ci[0]), "High", dice.Percent(ci[1])))
		}
	}
	if j.PSuccess != nil {
		lines = append(lines, p.T("stats.success", "Chance", chanceText(p, *j.PSuccess, j.PSuccessRat)))
		interval(j.PSuccessCI)
	}
	if target != nil {
		lines = append(lines, p.T("stats.p_target", "Target", *target, "Chance", chanceText(p, *j.PTarget, j.PTargetRat)))
		interval(j.PTargetCI)
	}
	switch {
	case j.Stopped:
		lines = append(lines, p.T("stats.stopped", "Samples", j.Samples))
	case !j.Exact:
		lines = append(lines, p.T("stats.estimate", "Samples", j.Samples))
	}
	if !j.Exact {
		if j.MeanCI != nil {
			lines = append(lines, p.T("stats.mean_interval", "Low", statsNumber(j.MeanCI[0]), "High", statsNumber(j.MeanCI[1])))
		}
	}
	if j.Leftover > 0 {
		lines = append(lines, p.T("stats.leftover", "Leftover", dice.Percent(j.Leftover)))
	}
	return strings.Join(lines, "\n")
}

// statsTable renders the "at least" rows as a monospaced table: the total, each expression's chance, and for one
// expression the exact fraction. At most 22 rows of at most 45 characters fit an embed field (1,024).
func statsTable(sides []*statsSide, res *StatsResult) string {
	dists := []*StatsDist{&res.StatsDist}
	if res.Compare != nil {
		dists = append(dists, res.Compare)
	}
	header := []string{"≥"}
	for _, s := range sides {
		header = append(header, clipRunes(s.name, 12))
	}
	table := [][]string{header}
	fractions := false
	for i, row := range dists[0].AtLeast {
		line := []string{strconv.Itoa(row.Value)}
		for _, d := range dists {
			line = append(line, dice.Percent(d.AtLeast[i].P))
		}
		if len(dists) == 1 && row.Rat != "" && row.Rat != "0" && row.Rat != "1" {
			line = append(line, row.Rat)
			fractions = true
		}
		table = append(table, line)
	}
	cols := len(header)
	if fractions {
		cols++
	}
	width := make([]int, cols)
	for _, line := range table {
		for c, cell := range line {
			width[c] = max(width[c], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	b.WriteString("```\n")
	for _, line := range table {
		var cells []string
		for c, cell := range line {
			pad := strings.Repeat(" ", width[c]-utf8.RuneCountInString(cell))
			if c == len(header) { // the fraction: left-aligned
				cells = append(cells, cell)
				continue
			}
			cells = append(cells, pad+cell)
		}
		b.WriteString(strings.TrimRight(strings.Join(cells, "  "), " ") + "\n")
	}
	b.WriteString("```")
	return b.String()
}

// statsChart draws the distributions; width > 1 says that each bar groups that many totals (for distributions
// of more than chart.MaxValues values, such as 1d1000000). The X axis leaves out tails below 1/1000 of the
// highest bar, as the chart itself does.
func statsChart(sides []*statsSide, target *int) (File, int, error) {
	series := make([]chart.Series, len(sides))
	names := make([]string, len(sides))
	lo, hi, most := math.MaxInt, math.MinInt, 0
	for i, s := range sides {
		peak := 0.0
		for _, p := range s.probs {
			peak = max(peak, p)
		}
		ser := chart.Series{Label: clipRunes(s.name, statsNameRunes), Values: make([]int, 0, len(s.vals)), Probs: make([]float64, 0, len(s.vals))}
		for k, v := range s.vals {
			if s.probs[k] >= peak/1000 && s.probs[k] > 0 {
				ser.Values = append(ser.Values, v)
				ser.Probs = append(ser.Probs, min(s.probs[k], 1))
			}
		}
		if len(ser.Values) > 0 {
			lo, hi = min(lo, ser.Values[0]), max(hi, ser.Values[len(ser.Values)-1])
		}
		most = max(most, len(ser.Values))
		series[i], names[i] = ser, ser.Label
	}
	width := 1
	if most > chart.MaxValues {
		span := float64(hi) - float64(lo) + 1
		width = int(math.Ceil(span / statsBars))
		origin := lo
		if target != nil {
			origin = *target // a bar starts at the target, so that the target line falls between bars
		}
		for i := range series {
			series[i] = groupSeries(series[i], origin, width)
		}
	}
	var buf bytes.Buffer
	err := chart.PNG(&buf, series, chart.Options{Title: strings.Join(names, " vs "), Target: target})
	if err != nil {
		return File{}, 0, err
	}
	return File{Name: "stats.png", ContentType: "image/png", Data: buf.Bytes()}, width, nil
}

// groupSeries adds up the probabilities of the totals in each bar [origin + k·width, origin + (k+1)·width).
func groupSeries(s chart.Series, origin, width int) chart.Series {
	out := chart.Series{Label: s.Label}
	for i, v := range s.Values {
		k := (v - origin) / width
		if (v-origin)%width < 0 {
			k-- // floor division
		}
		start := origin + k*width
		if n := len(out.Values); n > 0 && out.Values[n-1] == start {
			out.Probs[n-1] = min(out.Probs[n-1]+s.Probs[i], 1)
			continue
		}
		out.Values = append(out.Values, start)
		out.Probs = append(out.Probs, s.Probs[i])
	}
	return out
}

// clipRunes cuts s to at most n runes, marking a cut with "...".
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return string(rs[:n-3]) + "..."
}
