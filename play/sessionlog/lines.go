package sessionlog

import (
	"strings"
	"unicode/utf8"
)

// Lines turns a reply's plain text into an entry's lines: one per line of text, blank ones dropped, tabs and other
// control characters made spaces, each cut to MaxLineRunes characters and at most MaxLines of them (the last cut
// one ends with "…"). Invalid UTF-8 becomes U+FFFD.
func Lines(text string) []string {
	var out []string
	for line := range strings.SplitSeq(strings.ToValidUTF8(text, "\uFFFD"), "\n") {
		line = strings.TrimRight(strings.Map(func(r rune) rune {
			if r < 0x20 || r >= 0x7f && r < 0xa0 {
				return ' '
			}
			return r
		}, line), " ")
		if line == "" {
			continue
		}
		if len(out) == MaxLines {
			out[MaxLines-1] = cut(out[MaxLines-1], MaxLineRunes-1) + "…"
			break
		}
		if utf8.RuneCountInString(line) > MaxLineRunes {
			line = cut(line, MaxLineRunes-1) + "…"
		}
		out = append(out, line)
	}
	return out
}

// cut keeps the first n characters of s.
func cut(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
