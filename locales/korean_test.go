package locales

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// koSamples fill every placeholder of every Korean message: names that end with and without a final consonant
// and with ㄹ, numbers (1 일, 2 이, 3 삼, 10 십), a numbered NPC, Latin names whose reading is clear, an acronym
// and a condition name that already ends in 상태.
var koSamples = []string{"보린", "아리아", "그릴", "1", "2", "3", "10", "고블린 2", "Luna", "Goblin", "Bill", "HP",
	"마비 상태"}

// leftMarker finds a particle marker that Josa did not resolve.
var leftMarker = regexp.MustCompile(`\((은|는|이|가|을|를|과|와|으)\)`)

// koParticles are particles as whole words, the form after a consonant first. (으)로 forms take 로 after ㄹ.
var koParticles = [][2]string{
	{"은", "는"}, {"이", "가"}, {"을", "를"}, {"과", "와"}, {"으로", "로"}, {"으로서", "로서"}, {"으로써", "로써"},
	{"으로는", "로는"}, {"으로도", "로도"}, {"으로부터", "로부터"}, {"이라는", "라는"}, {"이라고", "라고"},
	{"이나", "나"}, {"이어야", "여야"}, {"이여", "여"}, {"이며", "며"}, {"이고", "고"}, {"이다", "다"},
	{"이라", "라"}, {"이라도", "라도"}, {"이면", "면"}, {"이지만", "지만"}, {"이었다", "였다"},
	{"이에요", "예요"}, {"이므로", "므로"}, {"이야", "야"},
}

// gluedWrong reports a particle right after sample (past Markdown and closing quotes) whose form does not fit
// how sample ends, or "".
func gluedWrong(text, sample string) string {
	end := LastSound(sample)
	for rest := text; ; {
		i := strings.Index(rest, sample)
		if i < 0 {
			return ""
		}
		rest = rest[i+len(sample):]
		after := strings.TrimLeft(rest, closers) // not past a parenthesis: a particle there follows the word before it
		word := []rune{}
		for _, r := range after {
			if !unicode.Is(unicode.Hangul, r) {
				break
			}
			word = append(word, r)
		}
		w := string(word)
		for _, p := range koParticles {
			cons, vow := w == p[0], w == p[1]
			if !cons && !vow {
				continue
			}
			rieulTakesVowelForm := strings.HasPrefix(p[1], "로")
			want := end == EndConsonant || end == EndRieul && !rieulTakesVowelForm
			if cons != want {
				return sample + w
			}
		}
	}
}

// doubled reports two equal words in a row ("상태 상태"), other than the sample filling two placeholders side by
// side, or "".
func doubled(text, sample string) string {
	words := strings.Fields(text)
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w == words[i-1] && strings.TrimFunc(w, unicode.IsPunct) != sample && unicode.Is(unicode.Hangul, []rune(w)[0]) {
			return w + " " + w
		}
	}
	return ""
}

// TestKoreanParticles renders every Korean message with every sample in every placeholder: no particle marker
// is left, no particle is glued in the wrong form, no word is doubled.
func TestKoreanParticles(t *testing.T) {
	p := For(KO)
	left, rendered := 0, 0
	for _, m := range rawMessages(t, KO) {
		names := fields(t, m.key, m.value)
		for _, s := range koSamples {
			data := map[string]any{}
			for _, f := range names {
				data[f] = s
			}
			out := p.TMap(m.key, data)
			rendered++
			if leftMarker.MatchString(out) {
				left++
				t.Errorf("%s with %q keeps a marker: %s", m.key, s, out)
			}
			if g := gluedWrong(out, s); g != "" {
				t.Errorf("%s with %q glues %q: %s", m.key, s, g, out)
			}
			if d := doubled(out, s); d != "" {
				t.Errorf("%s with %q doubles %q: %s", m.key, s, d, out)
			}
		}
	}
	t.Logf("Korean messages rendered: %d; particle markers left: %d", rendered, left)
}

// TestKoreanMarkersOnlyAfterNames: a marker belongs after a placeholder (or Markdown around one); after fixed
// Korean text the catalog writes the right particle itself.
func TestKoreanMarkersOnlyAfterNames(t *testing.T) {
	marker := regexp.MustCompile(`(은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)|\(이\))`)
	for _, m := range rawMessages(t, KO) {
		for _, loc := range marker.FindAllStringIndex(m.value, -1) {
			before := strings.TrimRight(m.value[:loc[0]], closers)
			if !strings.HasSuffix(before, "}}") {
				t.Errorf("%s: marker %q after fixed text: %s", m.key, m.value[loc[0]:loc[1]], m.value)
			}
		}
	}
}
