package locales

import "testing"

func TestLastSound(t *testing.T) {
	tests := []struct {
		in   string
		want Ending
	}{
		// Hangul by its final consonant.
		{"아리아", EndVowel}, {"보린", EndConsonant}, {"그릴", EndRieul}, {"마비 상태", EndVowel}, {"화염구", EndVowel},
		{"마력탄", EndConsonant}, {"탈진", EndConsonant}, {"ㄱ", EndConsonant}, {"ㄹ", EndRieul}, {"ㅏ", EndVowel},
		// Markdown, quotes and closing brackets are skipped.
		{"**보린**", EndConsonant}, {"“화염구”", EndVowel}, {"`그릴`", EndRieul}, {"__아리아__", EndVowel},
		{"~~보린~~", EndConsonant}, {"'보린'", EndConsonant}, {"\"아리아\"", EndVowel}, {"‘보린’", EndConsonant},
		{"[아리아]", EndVowel}, {"【보린】", EndConsonant},
		// A particle after parentheses follows the word before them; a text that is all parenthetical is read inside.
		{"무의식 상태 (10)", EndVowel}, {"범위(0–10)", EndVowel}, {"보린 (아리아)", EndConsonant},
		{"방어도(AC (10))", EndVowel}, {"(10)", EndConsonant}, {"（보린）", EndConsonant}, {"아리아（10）", EndVowel},
		{"보린)", EndConsonant},
		// Digits by their Korean reading, trailing zeros by their unit.
		{"0", EndConsonant}, {"1", EndRieul}, {"2", EndVowel}, {"3", EndConsonant}, {"4", EndVowel},
		{"5", EndVowel}, {"6", EndConsonant}, {"7", EndRieul}, {"8", EndRieul}, {"9", EndVowel},
		{"10", EndConsonant}, {"11", EndRieul}, {"12", EndVowel}, {"20", EndConsonant}, {"100", EndConsonant},
		{"1000", EndConsonant}, {"1,000", EndConsonant}, {"10000", EndConsonant}, {"1000000000000", EndVowel},
		{"고블린 2", EndVowel}, {"고블린 1", EndRieul}, {"1.5", EndVowel}, {"2.0", EndConsonant}, {"３", EndConsonant},
		{"50%", EndVowel}, {"45°", EndVowel}, {"+3", EndConsonant}, {"−2", EndVowel}, {"1d20", EndConsonant},
		{"2d6", EndConsonant}, {"1d8", EndRieul},
		// Latin: acronyms and single letters by the letters' names, units, words whose spelling is clear.
		{"HP", EndVowel}, {"AC", EndVowel}, {"GM", EndConsonant}, {"NPC", EndVowel}, {"URL", EndRieul},
		{"JSON", EndConsonant}, {"D&D 5e", EndVowel}, {"x", EndVowel}, {"L", EndRieul}, {"30ft", EndVowel},
		{"2mi", EndRieul}, {"Rogue's Tale", EndRieul}, {"Discord", EndVowel},
		{"Luna", EndVowel}, {"Goblin", EndConsonant}, {"Bill", EndRieul}, {"Thor", EndVowel}, {"Ming", EndConsonant},
		{"James", EndVowel}, {"Noah", EndVowel}, {"Lee", EndVowel}, {"Adam", EndConsonant}, {"Rich", EndVowel},
		{"Kate", EndVowel}, {"Jane", EndConsonant}, {"Dale", EndRieul}, {"Time", EndConsonant}, {"Fred", EndVowel},
		{"Greg", EndVowel}, {"attack", EndConsonant}, {"check", EndVowel}, {"Smith", EndVowel}, {"Chloe", EndVowel},
		// Unclear readings stay unknown.
		{"Grak", EndUnknown}, {"Matt", EndUnknown}, {"Bob", EndUnknown}, {"Philip", EndUnknown}, {"林风", EndUnknown}, {"🎲", EndUnknown},
		{"", EndUnknown}, {"보린 ", EndUnknown}, {"[", EndUnknown},
	}
	for _, tt := range tests {
		if got := LastSound(tt.in); got != tt.want {
			t.Errorf("LastSound(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestJosa(t *testing.T) {
	tests := []struct{ in, want string }{
		{"보린은(는) 아리아은(는) 그릴은(는)", "보린은 아리아는 그릴은"},
		{"보린이(가) 아리아이(가) 그릴이(가)", "보린이 아리아가 그릴이"},
		{"보린을(를) 아리아을(를) 그릴을(를)", "보린을 아리아를 그릴을"},
		{"보린과(와) 아리아과(와) 그릴과(와)", "보린과 아리아와 그릴과"},
		{"보린는(은) 아리아가(이) 그릴를(을) 보린와(과)", "보린은 아리아가 그릴을 보린과"},
		{"장검(으)로 화염구(으)로 활(으)로", "장검으로 화염구로 활로"},
		{"그릴(으)며 보린(으)며", "그릴며 보린으며"},
		{"보린(이)라는 아리아(이)라는 그릴(이)라는", "보린이라는 아리아라는 그릴이라는"},
		{"보린(이)나 아리아(이)나", "보린이나 아리아나"},
		{"10(이)어야 5(이)어야", "10이어야 5여야"},
		{"보린(이)여 아리아(이)여", "보린이여 아리아여"},
		{"보린(이)에요 아리아(이)에요", "보린이에요 아리아예요"},
		{"보린(이)다 아리아(이)다", "보린이다 아리아다"},
		// After Markdown, quotes and brackets; after numbers and Latin names.
		{"**보린**은(는)", "**보린**은"},
		{"“화염구”(이)라는 SRD 주문은 없습니다", "“화염구”라는 SRD 주문은 없습니다"},
		{"`이점`은(는) 선택지가 아닙니다", "`이점`은 선택지가 아닙니다"},
		{"💀 고블린 2이(가) 사망합니다.", "💀 고블린 2가 사망합니다."},
		{"고블린 1이(가) 고블린 3이(가) 고블린 10이(가)", "고블린 1이 고블린 3이 고블린 10이"},
		{"HP 5과(와) HP 10과(와)", "HP 5와 HP 10과"},
		{"Goblin은(는) Luna은(는) Bill(으)로", "Goblin은 Luna는 Bill로"},
		// An unclear reading keeps the marker; text without markers is unchanged.
		{"Grak은(는) 林风이(가) 🎲을(를)", "Grak은(는) 林风이(가) 🎲을(를)"},
		{"(이)라는 문장 처음", "(이)라는 문장 처음"},
		{"이름 (10)과 (2) (이름) (이)", "이름 (10)과 (2) (이름) (이)"},
		{"범위(0–10)을(를) 벗어남", "범위(0–10)를 벗어남"},
		{"그냥 글", "그냥 글"}, {"", ""}, {"(", "("}, {"(이", "(이"}, {"(으", "(으"},
	}
	for _, tt := range tests {
		if got := Josa(tt.in); got != tt.want {
			t.Errorf("Josa(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestJosaOnlyInKorean: the Printer resolves markers in Korean replies and leaves other languages alone.
func TestJosaOnlyInKorean(t *testing.T) {
	for _, tt := range []struct {
		name, want string
	}{{"보린", "보린"}, {"아리아", "아리아"}} {
		got := For(KO).T("char.err.not_found", "Name", tt.name)
		if want := Josa(tt.want + "(이)라는 캐릭터가 없습니다"); got != want {
			t.Errorf("ko char.err.not_found with %s = %q, want %q", tt.name, got, want)
		}
	}
	if got := For(EN).T("char.err.not_found", "Name", "Grak"); got != "no character called Grak" {
		t.Errorf("en char.err.not_found = %q", got)
	}
}

func FuzzJosa(f *testing.F) {
	for _, s := range []string{"보린은(는)", "10(이)어야", "**Goblin**(으)로", "(이", "\xff(은)", "은(는)은(는)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Josa(s)
		if len(out) > len(s)+len("이에")*len(s) {
			t.Fatalf("Josa(%q) grew to %d bytes", s, len(out))
		}
	})
}

func BenchmarkJosa(b *testing.B) {
	s := "💀 **고블린 2**이(가) 사망합니다. **보린**은(는) “화염구”(이)라는 주문을 장검(으)로 막았습니다."
	for b.Loop() {
		Josa(s)
	}
}
