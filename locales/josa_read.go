package locales

import (
	"strings"
	"unicode/utf8"
)

// digitEndings is how each digit ends in its Sino-Korean reading: 영 일 이 삼 사 오 육 칠 팔 구.
var digitEndings = [10]Ending{EndConsonant, EndRieul, EndVowel, EndConsonant, EndVowel, EndVowel, EndConsonant,
	EndRieul, EndRieul, EndVowel}

// numberEnding reads the number at the end of text: its last digit, or the unit its trailing zeros name
// (10 십, 100 백, 1000 천, 10000 만, 10⁸ 억, 10¹² 조). Thousands separators are skipped; after a decimal point
// only the last digit counts (1.5 일 점 오).
func numberEnding(text string) Ending {
	var digits []int // from the last digit backwards
	decimal := false
	for len(text) > 0 {
		r, size := utf8.DecodeLastRuneInString(text)
		switch {
		case r >= '0' && r <= '9':
			digits = append(digits, int(r-'0'))
		case r >= '０' && r <= '９':
			digits = append(digits, int(r-'０'))
		case (r == ',' || r == '.') && len(digits) > 0:
			if r == '.' && !decimal && len(digits) > 0 {
				decimal = true
				digits = digits[:1] // only the last decimal digit is read after the point
				digits[0] = -digits[0] - 1
			}
		default:
			return readDigits(digits)
		}
		text = text[:len(text)-size]
	}
	return readDigits(digits)
}

// readDigits reads digits stored last first; a negative entry marks the single digit after a decimal point.
func readDigits(digits []int) Ending {
	if len(digits) == 0 {
		return EndUnknown
	}
	if d := digits[0]; d < 0 {
		return digitEndings[-d-1]
	}
	zeros := 0
	for zeros < len(digits) && digits[zeros] == 0 {
		zeros++
	}
	switch {
	case zeros == len(digits): // 영
		return EndConsonant
	case zeros == 0:
		return digitEndings[digits[0]]
	case zeros >= 12 && zeros < 16: // 조
		return EndVowel
	}
	return EndConsonant // 십, 백, 천, 만, 억, 경
}

// letterEndings is how each Latin letter's Korean name ends: 에이, 비, 씨, 디, 이, 에프, 지, 에이치, 아이, 제이,
// 케이, 엘, 엠, 엔, 오, 피, 큐, 알, 에스, 티, 유, 브이, 더블유, 엑스, 와이, 제트.
var letterEndings = [26]Ending{EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel,
	EndVowel, EndVowel, EndVowel, EndRieul, EndConsonant, EndConsonant, EndVowel, EndVowel, EndVowel, EndRieul,
	EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel, EndVowel}

// latinWords are words whose Korean reading the spelling does not tell: units after a number and names the bot
// prints itself.
var latinWords = map[string]Ending{
	"ft": EndVowel, "feet": EndVowel, "mi": EndRieul, "m": EndVowel, "km": EndVowel, "cm": EndVowel,
	"kg": EndConsonant, "g": EndConsonant, "lb": EndVowel, "lbs": EndVowel, "s": EndVowel, "min": EndConsonant,
	"h": EndVowel, "kib": EndVowel, "mib": EndVowel, "json": EndConsonant, "toml": EndRieul,
	"discord": EndVowel, "tale": EndRieul, "rulekeeper": EndVowel, "bbolt": EndVowel, "png": EndVowel,
}

// latinEnding reads the Latin word at the end of text: a known word or unit, an acronym or single letter by the
// letters' names (HP 에이치피, NPC 엔피시, GM 지엠), a word by its last sounds where the spelling is clear
// (Luna 루나, Goblin 고블린, Bill 빌, Thor 토르). Endings such as -k, -t, -e are read either way (그락/그라크)
// and stay unknown.
func latinEnding(text string) Ending {
	end := len(text)
	start := end
	for start > 0 && isLatin(text[start-1]) {
		start--
	}
	word := text[start:end]
	lower := strings.ToLower(word)
	afterDigit := start > 0 && text[start-1] >= '0' && text[start-1] <= '9'
	if e, ok := latinWords[lower]; ok && (afterDigit || len(word) > 2) {
		return e
	}
	if len(word) == 1 || word == strings.ToUpper(word) {
		return letterEndings[lower[len(lower)-1]-'a']
	}
	return spelledEnding(lower)
}

func isLatin(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isVowelLetter(c byte) bool { return strings.IndexByte("aeiouy", c) >= 0 }

// spelledEnding guesses the final sound of a lowercase Latin word from its spelling the way Korean writes
// loanwords, or EndUnknown: a final voiced d or g is written 드, 그; -ck is ㄱ (어택); a silent e leaves the
// consonant before it (Jane 제인, Dale 데일, Kate 케이트). A final p, t, k or b is read either way (밥/보브).
func spelledEnding(w string) Ending {
	if w == "check" { // 체크
		return EndVowel
	}
	last := w[len(w)-1]
	var prev byte
	if len(w) > 1 {
		prev = w[len(w)-2]
	}
	switch {
	case strings.HasSuffix(w, "ng"), last == 'm', last == 'n':
		return EndConsonant
	case last == 'l':
		return EndRieul
	case last == 'a', last == 'i', last == 'o', last == 'u', last == 'y':
		return EndVowel
	case last == 'r' && isVowelLetter(prev): // -ar, -er, -or: 아, 어, 오르
		return EndVowel
	case last == 's', last == 'x', last == 'z', last == 'd', last == 'g': // 스, 즈, 드, 그
		return EndVowel
	case last == 'k' && prev == 'c': // 어택, 블랙
		return EndConsonant
	case last == 'h' && (prev == 'c' || prev == 's' || prev == 't' || isVowelLetter(prev)): // 치, 시, 스, -ah 아
		return EndVowel
	case last == 'w' && isVowelLetter(prev): // -ow 오, -ew 유
		return EndVowel
	case last == 'e' && isVowelLetter(prev): // -ee 이, -ie 이
		return EndVowel
	case last == 'e' && len(w) > 2: // a silent e: the consonant before it decides (제인, 타임, 데일, 케이트)
		switch prev {
		case 'n', 'm':
			return EndConsonant
		case 'l':
			return EndRieul
		}
		return EndVowel
	}
	return EndUnknown
}
