package locales

import (
	"strings"
	"unicode/utf8"
)

// Korean particles (josa) change form with the sound before them: 보린은 but 아리아는, 화염구로 but 마력탄으로.
// A catalog cannot know which name a placeholder will hold, so Korean messages write a marker after it
// ("{{.Name}}은(는)", "{{.Name}}(이)라는", "{{.Weapon}}(으)로") and Josa picks the form once the text is rendered.

// Ending is how a text ends when read aloud in Korean, which decides the form of a particle after it.
type Ending int

const (
	// EndUnknown means the reading is unclear (a symbol, a Latin word such as "Grak"): a marker stays as written.
	EndUnknown Ending = iota
	// EndVowel is no final consonant: 가, 2 (이), HP (에이치피).
	EndVowel
	// EndRieul is a final ㄹ: 일, 1 (일), 7 (칠), L (엘). It takes 로 where other consonants take 으로.
	EndRieul
	// EndConsonant is any other final consonant: 린, 3 (삼), 10 (십), M (엠).
	EndConsonant
)

// particle is one marker and its forms after a consonant, after ㄹ and after a vowel.
type particle struct{ marker, consonant, rieul, vowel string }

// pairs are the markers written as both forms, the form after a consonant first (the reverse order works too).
var pairs = []particle{
	{"은(는)", "은", "은", "는"}, {"는(은)", "은", "은", "는"},
	{"이(가)", "이", "이", "가"}, {"가(이)", "이", "이", "가"},
	{"을(를)", "을", "을", "를"}, {"를(을)", "을", "을", "를"},
	{"과(와)", "과", "과", "와"}, {"와(과)", "과", "과", "와"},
}

// Josa resolves the Korean particle markers in rendered text by the last spoken character before each one,
// skipping Markdown and closing quotes or brackets (“**보린**”은(는) → “**보린**”은): 은(는), 이(가), 을(를),
// 과(와) (and the reverse orders), (으)로… and (이)라는, (이)나, (이)어야, (이)에요… (the copula 이 before any
// ending, contracted after a vowel: 여야, 예요). A marker whose reading is unclear is left as written.
func Josa(text string) string {
	if !strings.Contains(text, "(") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf && text[i] != '(' {
			b.WriteByte(text[i])
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		if text[i] == '(' || strings.HasPrefix(text[i+size:], "(") { // every marker starts with or before "("
			if form, n := resolve(text[i:], b.String()); n > 0 {
				b.WriteString(form)
				i += n
				continue
			}
		}
		b.WriteString(text[i : i+size])
		i += size
	}
	return b.String()
}

// resolve reads a marker at the start of rest and returns its form after before and the marker's length,
// or n = 0 when rest does not start with a marker.
func resolve(rest, before string) (form string, n int) {
	for _, p := range pairs {
		if strings.HasPrefix(rest, p.marker) {
			return pick(p, LastSound(before)), len(p.marker)
		}
	}
	switch {
	case strings.HasPrefix(rest, "(으)"):
		// (으)로, (으)며, (으)면: 으 after a consonant other than ㄹ.
		return pick(particle{"(으)", "으", "", ""}, LastSound(before)), len("(으)")
	case strings.HasPrefix(rest, "(이)"):
		// The copula 이 before an ending: 이라는/라는, 이나/나; 이어/여 and 이에/예 contract after a vowel.
		m := len("(이)")
		next, size := utf8.DecodeRuneInString(rest[m:])
		p := particle{"(이)", "이", "이", ""}
		switch next {
		case '어':
			p = particle{"(이)어", "이어", "이어", "여"}
		case '에':
			p = particle{"(이)에", "이에", "이에", "예"}
		default:
			size = 0
		}
		return pick(p, LastSound(before)), m + size
	}
	return "", 0
}

func pick(p particle, e Ending) string {
	switch e {
	case EndConsonant:
		return p.consonant
	case EndRieul:
		return p.rieul
	case EndVowel:
		return p.vowel
	}
	return p.marker
}

// closers are skipped at the end of a text before its last spoken character: Markdown, closing quotes and
// square brackets, whose content is what is read ("“화염구”라는", "**보린**은").
const closers = "*_~`\"'“”‘’」』》〉]】"

// LastSound returns how text ends when read aloud in Korean: a Hangul syllable by its final consonant, a number
// by its Korean reading (10 십, 1000 천, 1.5 오), Latin letters by their usual reading where it is clear (HP
// 에이치피, Goblin 고블린, ft 피트). Markdown, closing quotes and square brackets at the end are skipped; a
// particle after parentheses follows the word before them, as Korean spelling does ("범위(0–10)를").
func LastSound(text string) Ending {
	text = strings.TrimRight(text, closers)
	if before, ok := beforeParens(text); ok {
		return LastSound(before)
	}
	if t := strings.TrimSuffix(strings.TrimSuffix(text, ")"), "）"); t != text {
		return LastSound(t) // nothing before the parenthesis, or no opening one: read what is inside
	}
	r, _ := utf8.DecodeLastRuneInString(text)
	switch {
	case r >= 0xAC00 && r <= 0xD7A3: // a Hangul syllable
		switch (r - 0xAC00) % 28 {
		case 0:
			return EndVowel
		case 8:
			return EndRieul
		}
		return EndConsonant
	case r >= 0x3131 && r <= 0x314E: // a consonant letter read by its name: ㄱ 기역, ㄹ 리을
		if r == 'ㄹ' {
			return EndRieul
		}
		return EndConsonant
	case r >= 0x314F && r <= 0x3163: // a vowel letter: ㅏ 아
		return EndVowel
	case r >= '0' && r <= '9', r >= '０' && r <= '９':
		return numberEnding(text)
	case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		return latinEnding(text)
	case r == '%' || r == '°' || r == '+' || r == '−': // 퍼센트, 도, 플러스, 마이너스
		return EndVowel
	}
	return EndUnknown
}

// beforeParens returns the text before a parenthetical that ends text ("상태 (10)" → "상태"), if there is one
// and something stands before it.
func beforeParens(text string) (string, bool) {
	var open, closing string
	switch {
	case strings.HasSuffix(text, ")"):
		open, closing = "(", ")"
	case strings.HasSuffix(text, "）"):
		open, closing = "（", "）"
	default:
		return "", false
	}
	depth := 0
	for i := len(text); i > 0; {
		_, size := utf8.DecodeLastRuneInString(text[:i])
		i -= size
		switch {
		case strings.HasPrefix(text[i:], closing):
			depth++
		case strings.HasPrefix(text[i:], open):
			depth--
			if depth == 0 {
				before := strings.TrimRight(text[:i], " ")
				return before, before != ""
			}
		}
	}
	return "", false
}
