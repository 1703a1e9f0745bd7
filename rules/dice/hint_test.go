package dice

import "testing"

// nearMisses are spellings that look like notation written apart, refused
// with the spelling they probably meant (spec §10: never swallowed as a comment).
var nearMisses = []bad{
	{"2d20 kh1 + 5", CodeDidYouMean, 5, map[string]any{"Token": "kh1", "Hint": "2d20kh1+5"}},
	{"4d6 kh3", CodeDidYouMean, 4, map[string]any{"Token": "kh3", "Hint": "4d6kh3"}},
	{"4d6 KH3", CodeDidYouMean, 4, map[string]any{"Token": "KH3", "Hint": "4d6kh3"}},
	{"4d6 kh3 strength", CodeDidYouMean, 4, map[string]any{"Token": "kh3", "Hint": "4d6kh3 strength"}},
	{"4d6 k3", CodeDidYouMean, 4, map[string]any{"Token": "k3", "Hint": "4d6k3"}},
	{"4d6 dl1", CodeDidYouMean, 4, map[string]any{"Token": "dl1", "Hint": "4d6dl1"}},
	{"4d6 d1", CodeDidYouMean, 4, map[string]any{"Token": "d1", "Hint": "4d6d1"}},    // fewer than 4: drop
	{"1d20 d6", CodeDidYouMean, 5, map[string]any{"Token": "d6", "Hint": "1d20+d6"}}, // a die
	{"1d20 1d6", CodeDidYouMean, 5, map[string]any{"Token": "1d6", "Hint": "1d20+1d6"}},
	{"1d20+5 2d6+3", CodeDidYouMean, 7, map[string]any{"Token": "2d6", "Hint": "1d20+5+2d6+3"}},
	{"1 d20", CodeDidYouMean, 2, map[string]any{"Token": "d20", "Hint": "1d20"}},
	{"1d20 d%", CodeDidYouMean, 5, map[string]any{"Token": "d%", "Hint": "1d20+d%"}},
	{"3d6 !>=5", CodeDidYouMean, 4, map[string]any{"Token": "!>=5", "Hint": "3d6!>=5"}},
	{"3d6 !p", CodeDidYouMean, 4, map[string]any{"Token": "!p", "Hint": "3d6!p"}},
	{"1d20 ro1", CodeDidYouMean, 5, map[string]any{"Token": "ro1", "Hint": "1d20ro1"}},
	{"2d6 r1 + 2", CodeDidYouMean, 4, map[string]any{"Token": "r1", "Hint": "2d6r1+2"}},
	{"4d6 min2", CodeDidYouMean, 4, map[string]any{"Token": "min2", "Hint": "4d6min2"}},
	{"1d20 cs>=19", CodeDidYouMean, 5, map[string]any{"Token": "cs>=19", "Hint": "1d20cs>=19"}},
	{"10d10 c>=8", CodeDidYouMean, 6, map[string]any{"Token": "c>=8", "Hint": "10d10c>=8"}},
	{"4d6 kh3dl1", CodeDidYouMean, 4, map[string]any{"Token": "kh3dl1", "Hint": "4d6kh3dl1"}},
	{"4d6 kh 3", CodeDidYouMean, 4, map[string]any{"Token": "kh 3", "Hint": "4d6kh3"}},
	{"4d6 min 2", CodeDidYouMean, 4, map[string]any{"Token": "min 2", "Hint": "4d6min2"}},
	{"4d6kh 3", CodeDidYouMean, 5, map[string]any{"Token": "kh 3", "Hint": "4d6kh3"}},
	{"4d6k >3", CodeDidYouMean, 4, map[string]any{"Token": "k >3", "Hint": "4d6k>3"}},
	{"1d 20", CodeDidYouMean, 2, map[string]any{"Token": "d 20", "Hint": "1d20"}},
	{"d 20 + 5", CodeDidYouMean, 1, map[string]any{"Token": "d 20", "Hint": "d20+5"}},
	{"(4d6 kh3)", CodeDidYouMean, 5, map[string]any{"Token": "kh3", "Hint": "(4d6kh3)"}},
	{"(1d6, 1d8 kh1)", CodeDidYouMean, 10, map[string]any{"Token": "kh1", "Hint": "(1d6,1d8kh1)"}},
	{"1d20 r2d2", CodeDidYouMean, 5, map[string]any{"Token": "r2d2", "Hint": "1d20r2d2"}}, // operators all the same
	{"1d20+5 adv", CodeDidYouMean, 7, map[string]any{"Token": "adv", "Hint": "2d20kh1+5"}},
	{"1d20+5 to hit ADV", CodeDidYouMean, 14, map[string]any{"Token": "ADV", "Hint": "2d20kh1+5 to hit"}},
	{"d20 dis", CodeDidYouMean, 4, map[string]any{"Token": "dis", "Hint": "2d20kl1"}},
	{"1d20ro1+3 ea", CodeDidYouMean, 10, map[string]any{"Token": "ea", "Hint": "3d20ro1kh1+3"}},
	{"1d20+5 >= 15 adv", CodeDidYouMean, 13, map[string]any{"Token": "adv", "Hint": "2d20kh1+5>=15"}},
	{"1d20+5 kh1", CodeDetachedOperator, 7, map[string]any{"Token": "kh1"}},
	{"2d6>=7 kh1", CodeDetachedOperator, 7, map[string]any{"Token": "kh1"}},
	{"2d20 kh1 +", CodeDetachedOperator, 5, map[string]any{"Token": "kh1"}},
	{"(1d20+5 kh1)", CodeDetachedOperator, 8, map[string]any{"Token": "kh1"}},
	{"2d6 adv", CodeModeNeedsD20, 0, map[string]any{"Token": "adv"}},
	{"2d20kh1+5 adv", CodeModeNeedsD20, 0, map[string]any{"Token": "adv"}},
	{"5 + 1d20 dis", CodeModeNeedsD20, 0, map[string]any{"Token": "dis"}},
	{"1d20! adv", CodeModeNeedsD20, 0, map[string]any{"Token": "adv"}},
	{"1d20kh1 adv", CodeModeNeedsD20, 0, map[string]any{"Token": "adv"}},
	{"1d20 adv dis", CodeModeConflict, 9, map[string]any{"Token": "dis", "First": "adv"}},
	{"2d6!=5", CodeAmbiguous, 3, map[string]any{"Token": "!=", "First": "2d6!5", "Second": "2d6 != 5"}},
	{"1d6!=6 to beat", CodeAmbiguous, 3, map[string]any{"Token": "!=", "First": "1d6!6 to beat", "Second": "1d6 != 6 to beat"}},
	{"1d6!!=6", CodeAmbiguous, 4, map[string]any{"Token": "!=", "First": "1d6!!6", "Second": "1d6! != 6"}},
	{"2d6kh1!=6", CodeAmbiguous, 6, map[string]any{"Token": "!=", "First": "2d6kh1!6", "Second": "2d6kh1 != 6"}},
	{"4d6!p1", CodeAmbiguous, 3, map[string]any{"Token": "!p", "First": "4d6!p=1", "Second": "4d6!dl1"}},
}

// TestNearMisses: each near miss is refused with its code, position and hint,
// and the hint itself parses.
func TestNearMisses(t *testing.T) {
	for _, b := range nearMisses {
		_, err := Parse(b.expr)
		checkError(t, b.expr, b.expr, err, b.code, b.pos, b.args)
		for _, k := range []string{"Hint", "First", "Second"} {
			if h, ok := b.args[k].(string); ok && (k == "Hint" || b.code == CodeAmbiguous) {
				if _, err := Parse(h); err != nil {
					t.Errorf("%q: %s %q does not parse: %v", b.expr, k, h, err)
				}
			}
		}
	}
}

// TestCommentsStay: real comments, including words that begin like an
// operator, are still comments (spec §4).
func TestCommentsStay(t *testing.T) {
	tests := []struct{ expr, notation, comment string }{
		{"1d20+5 to hit", "1d20+5", "to hit"},
		{"2d6 fire damage", "2d6", "fire damage"},
		{"1d20 kill it", "1d20", "kill it"},
		{"1d8 dmg", "1d8", "dmg"},
		{"1d20 roll for initiative", "1d20", "roll for initiative"},
		{"1d20 rage", "1d20", "rage"},
		{"1d20 c3po", "1d20", "c3po"},
		{"1d20 e.g. stealth", "1d20", "e.g. stealth"},
		{"1d20 5 goblins", "1d20", "5 goblins"},
		{"1d20 d20s are fun", "1d20", "d20s are fun"},
		{"1d20 dex save", "1d20", "dex save"},
		{"1d20 dfs", "1d20", "dfs"},
		{"1d20 !!!", "1d20", "!!!"},
		{"1d20 !", "1d20", "!"},
		{"1d6 max", "1d6", "max"},
		{"1d20 kh", "1d20", "kh"},
		{"1d20 kh the goblin", "1d20", "kh the goblin"},
		{"1d20 (advantage)", "1d20", "(advantage)"},
		{"1d20 advantage", "1d20", "advantage"},
		{"1d20 adventure", "1d20", "adventure"},
		{"2d20kh1+5 >= 15 to hit, with advantage", "2d20kh1+5>=15", "to hit, with advantage"},
		{"1d20 to hit 2d6 kh1", "1d20", "to hit 2d6 kh1"},
		{"1d20 +dex", "1d20", "+dex"},
		{"1d20 - stealthy", "1d20", "- stealthy"},
		{"1d20 ㅇㅇ", "1d20", "ㅇㅇ"},
		{"1d20 floor it", "1d20", "floor it"},
		{"1d20 round 2", "1d20", "round 2"},
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.expr, err)
			continue
		}
		if e.Notation() != tt.notation || e.Comment() != tt.comment {
			t.Errorf("Parse(%q) = %q with comment %q; want %q, %q", tt.expr, e.Notation(), e.Comment(), tt.notation, tt.comment)
		}
	}
}
