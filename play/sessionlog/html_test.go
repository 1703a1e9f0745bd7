package sessionlog

import (
	"bytes"
	"html"
	"regexp"
	"strings"
	"testing"

	"rulekeeper/locales"
)

var (
	tagRE    = regexp.MustCompile(`<[a-zA-Z!/][^>]*>`)
	styleRE  = regexp.MustCompile(`(?s)<style>(.*?)</style>`)
	scriptRE = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	cspRE    = regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`)
)

// TestHTMLSelfContained: the page's only tags are the template's (user text is escaped: no <script> or <img> of
// its own, one script in all), no tag loads or links anything, and the Content-Security-Policy allows exactly the
// inline style sheet and script by their hashes.
func TestHTMLSelfContained(t *testing.T) {
	page := HTML(fight(t), english())
	for _, tag := range tagRE.FindAll(page, -1) {
		if bytes.Contains(tag, []byte("src=")) || bytes.Contains(tag, []byte("href=")) || bytes.Contains(tag, []byte("<img")) ||
			bytes.Contains(tag, []byte("on")) && regexp.MustCompile(`\son\w+=`).Match(tag) {
			t.Errorf("tag %s", tag)
		}
	}
	if n := bytes.Count(page, []byte("<script")); n != 1 {
		t.Errorf("%d script tags, want the page's own", n)
	}
	csp := cspRE.FindSubmatch(page)
	style, script := styleRE.FindSubmatch(page), scriptRE.FindSubmatch(page)
	if csp == nil || style == nil || script == nil {
		t.Fatal("no CSP, style or script")
	}
	policy := html.UnescapeString(string(csp[1]))
	for _, want := range []string{"default-src 'none'", "style-src " + hashSource(string(style[1])),
		"script-src " + hashSource(string(script[1]))} {
		if !strings.Contains(policy, want) {
			t.Errorf("policy %q lacks %q", policy, want)
		}
	}
	if bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) {
		t.Error("an address in the page")
	}
}

// TestHTMLHasEveryLine: every line, name and roll of the fixture is in the page's text, and each character has its
// colour rule for both themes.
func TestHTMLHasEveryLine(t *testing.T) {
	l := fight(t)
	page := HTML(l, english())
	text := html.UnescapeString(tagRE.ReplaceAllString(string(page), "\n"))
	for _, e := range l.Entries {
		for _, line := range e.Lines {
			if !strings.Contains(text, line) {
				t.Errorf("line %q missing", line)
			}
		}
		if e.Roll != nil && !strings.Contains(text, e.Roll.Expr) {
			t.Errorf("roll %s missing", e.Roll.Expr)
		}
	}
	var names []string
	for _, p := range l.Participants() {
		names = append(names, p.Name)
	}
	for i, name := range names {
		c := palette(names)[name]
		for _, rule := range []string{".c" + string(rune('0'+i)) + "{--c:" + c.Light + "}", ".c" + string(rune('0'+i)) + "{--c:" + c.Dark + "}"} {
			if !bytes.Contains(page, []byte(rule)) {
				t.Errorf("%s: no rule %s", name, rule)
			}
		}
	}
	for _, w := range []string{"Round 1", "Round 2", "Mira's turn", "Hide out-of-character lines"} {
		if !strings.Contains(text, w) {
			t.Errorf("%q missing", w)
		}
	}
	if titles := regexp.MustCompile(`title="[^"]*"`).FindAll(page, -1); len(titles) != 5 ||
		!strings.Contains(html.UnescapeString(string(titles[1])), "Chance to hit: 79.75% (319/400)") {
		t.Errorf("odds titles %q: want the five rolls with odds", titles)
	}
}

// TestHTMLLanguages: the page says its language and shows each language's labels.
func TestHTMLLanguages(t *testing.T) {
	l := fight(t)
	for _, lang := range locales.Langs {
		l.Lang = string(lang)
		lb := NewLabels(locales.For(lang).T)
		page := string(HTML(l, lb))
		text := html.UnescapeString(page)
		if !strings.Contains(page, `<html lang="`+string(lang)+`">`) {
			t.Errorf("%s: no lang attribute", lang)
		}
		for _, w := range []string{lb.Title, lb.HideOOC, lb.Round(1), lb.Turn("Aria"), lb.Crit, lb.Fumble} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q missing", lang, w)
			}
		}
	}
}

// TestHTMLWithoutLabels: empty Labels show bare numbers and names, and nothing breaks.
func TestHTMLWithoutLabels(t *testing.T) {
	page := string(HTML(fight(t), Labels{}))
	if !strings.Contains(page, `<div class="marker round"><span>2</span></div>`) || !strings.Contains(page, `title="79.75% (319/400)"`) {
		t.Errorf("bare labels:\n%s", page)
	}
}
