package locales

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Latin text a Chinese or Korean message may keep. What the user types literally (option names and values,
// command paths, field names) goes in backticks; the rest of this list is product names, acronyms the tables use in
// every language, Rogue's Tale's spell variables X/Y/Z and grid coordinates x,y.
var (
	// keptWords are whole Latin words allowed outside code spans (case-sensitive).
	keptWords = map[string]bool{
		"D&D": true, "5e": true, "Rogue's": true, "Tale": true, "Discord": true, "rulekeeper": true, "bbolt": true,
		"English": true, // the endonym of a language choice
		"HP":      true, "AC": true, "DC": true, "GM": true, "NPC": true, "ID": true, "RT": true, "SRD": true, "DMG": true,
		"JSON": true, "HTML": true, "TOML": true, "PNG": true, "URL": true, "API": true, "HTTP": true, "REST": true, "MiB": true,
		"X": true, "Y": true, "Z": true, "x": true, "y": true,
		// Lowercase option names that are these acronyms (Discord option names are lowercase): ac, hp, dc, gm, rt.
		"ac": true, "hp": true, "dc": true, "gm": true, "rt": true,
		// The short command name `/r` (for `/roll`) stays Latin in every language, as dice bots have it.
		"r": true,
	}
	// keptPatterns are removed before looking for Latin words: template actions, code spans, URLs, single-quoted
	// symbols of the dice grammar, command-line flags, environment variables, dice notation (also d{{.Die}}),
	// numbers with units.
	template     = regexp.MustCompile(`\{\{[^}]*\}\}`)
	codeSpan     = regexp.MustCompile("`[^`]*`")
	url          = regexp.MustCompile(`https?://\S+`)
	keptPatterns = []*regexp.Regexp{
		regexp.MustCompile(`\bd\{\{[^}]*\}\}`),
		template, codeSpan, url,
		regexp.MustCompile(`'[^'\s]{1,3}'`),
		regexp.MustCompile(`--[a-z][a-z-]*`),
		regexp.MustCompile(`\$?\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b`),
		regexp.MustCompile(`(?i)\b\d*d(\d+|%|f)[0-9a-z<>=+\-]*`),
		regexp.MustCompile(`\b\d+(ft|mi|MiB|s)\b`),
	}
	latinWord = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9&'_]*`)
)

// englishWords lists the Latin words of a value that are neither kept nor inside kept patterns.
func englishWords(value string) []string {
	for _, p := range keptPatterns {
		value = p.ReplaceAllString(value, " ")
	}
	var out []string
	for _, w := range latinWord.FindAllString(value, -1) {
		if !keptWords[w] && strings.ContainsFunc(w, func(r rune) bool { return r > '9' }) {
			out = append(out, w)
		}
	}
	return out
}

// TestNoEnglishInChineseOrKorean flags Latin words in every zh-CN, zh-TW and ko value outside code spans,
// template actions, numbers, dice notation, units and the kept words above.
func TestNoEnglishInChineseOrKorean(t *testing.T) {
	for _, l := range []Lang{ZhCN, ZhTW, KO} {
		n := 0
		for _, m := range rawMessages(t, l) {
			if ws := englishWords(m.value); len(ws) > 0 {
				n += len(ws)
				t.Errorf("%s %s: English %q in %q", l, m.key, ws, m.value)
			}
		}
		t.Logf("%s: English words left: %d", l, n)
	}
	kept := make([]string, 0, len(keptWords))
	for w := range keptWords {
		kept = append(kept, w)
	}
	sort.Strings(kept)
	t.Logf("kept Latin words: %s", strings.Join(kept, " "))
}

func TestEnglishWords(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"`/sheet set field:attack` 로 추가", ""},
		{"{{.Name}}은(는) 1d20+5, 4d6kh3, 2D6, d%, dF 굴림", ""},
		{"HP 10, AC 15, DC 12, 30ft, 1 MiB", ""},
		{"(기본값 https://discord.com), --rate-per, $RULEKEEPER_TOKEN", ""},
		{"'d' 뒤에 'kh'", ""},
		{"n, ne, e 중 하나", "n ne e"},
		{"true 또는 false", "true false"},
		{"옵션 defences", "defences"},
	}
	for _, tt := range tests {
		if got := strings.Join(englishWords(tt.in), " "); got != tt.want {
			t.Errorf("englishWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// zhHalfWidth finds ASCII punctuation that Chinese writes full width (，：；（）！？), except between Latin letters
// or digits ("3,4", "2.0", "x,y"), in code spans, template actions, URLs and quoted symbols.
var zhHalfWidth = regexp.MustCompile(`[,:;()!?]`)

func halfWidthPunctuation(value string) []string {
	for _, p := range []*regexp.Regexp{codeSpan, url, regexp.MustCompile(`[“「][^\p{Han}]{1,3}[”」]`)} {
		value = p.ReplaceAllString(value, "㊀")
	}
	value = template.ReplaceAllString(value, "0") // a template action reads as a value: "{{.X}},{{.Y}}"
	var out []string
	for _, loc := range zhHalfWidth.FindAllStringIndex(value, -1) {
		i := loc[0]
		before, after := byte(' '), byte(' ')
		if i > 0 {
			before = value[i-1]
		}
		if i+1 < len(value) {
			after = value[i+1]
		}
		if isAlnum(before) && isAlnum(after) {
			continue
		}
		from := max(0, i-6)
		out = append(out, value[from:min(len(value), i+4)])
	}
	return out
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// TestChinesePunctuation: Chinese values use full-width ，：；（）！？ outside code, numbers and coordinates.
func TestChinesePunctuation(t *testing.T) {
	for _, l := range []Lang{ZhCN, ZhTW} {
		for _, m := range rawMessages(t, l) {
			if bad := halfWidthPunctuation(m.value); len(bad) > 0 {
				t.Errorf("%s %s: half-width punctuation in %q (%q)", l, m.key, m.value, bad)
			}
		}
	}
}

func TestHalfWidthPunctuation(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"位置（{{.X}}, {{.Y}}）超出", 1}, {"源点 {{.X}},{{.Y}}", 0}, {"例如 3,4 和 2.0", 0}, {"已修改: 力量", 1},
		{"（来自麻痹）", 0}, {"(来自麻痹)", 2}, {"`/roll expr:1d20`", 0}, {"“(”没有闭合", 0}, {"好!", 1},
		{"https://discord.com）", 0},
	}
	for _, tt := range tests {
		if got := halfWidthPunctuation(tt.in); len(got) != tt.want {
			t.Errorf("halfWidthPunctuation(%q) = %q, want %d", tt.in, got, tt.want)
		}
	}
}
