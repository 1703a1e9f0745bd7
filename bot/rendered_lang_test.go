package bot_test

import (
	"regexp"
	"strings"
	"testing"
)

// The rendered-language check (issue 15, goal 4 and 1): real console replies of every command family, in Korean and
// both Chinese, with names that are not Latin, scanned for Korean particle markers left unresolved (goal 0) and for
// ASCII words outside code spans, numbers, dice, units and the allowed proper names (goal 0; the figure of the
// closing note). Every reply must have none.

// renderedLines is one session per language: {user, line}; in a line "%s" is the language's character name, "%n"
// an NPC's and "%w" a weapon's.
var renderedLines = [][2]string{
	{"alice", "/help"},
	{"alice", "/help command:sheet"},
	{"alice", "/help command:cast"},
	{"alice", "/roll expr:2d20kh1+5"},
	{"alice", "/stats expr:1d20+5 target:15"},
	{"alice", "/settings show"},
	{"alice", "/sheet show"},
	{"alice", "/sheet create name:%s class:wizard level:5 dex:14 int:18"},
	{"alice", "/sheet show"},
	{"alice", "/sheet set field:speed value:35"},
	{"alice", "/sheet set field:nonsense value:1"},
	{"alice", "/sheet set field:attack value:\"%w dex prof 1d4[piercing]\""},
	{"alice", "/sheet list"},
	{"alice", "/check skill:perception"},
	{"alice", "/check skill:perception mode:xyz"},
	{"alice", "/save ability:wis"},
	{"alice", "/condition add name:poisoned"},
	{"alice", "/condition list"},
	{"alice", "/hp damage amount:3 type:fire"},
	{"alice", "/hp heal amount:2"},
	{"alice", "/rest short"},
	{"gm", "/init start"},
	{"gm", "/init add name:%n hp:7 ac:13"},
	{"alice", "/init join"},
	{"gm", "/init next"},
	{"gm", "/init list"},
	{"alice", "/attack weapon:%w target:%n"},
	{"alice", "/cast spell:magic_missile target:%n"},
	{"alice", "/effect add name:bless"},
	{"alice", "/feature list"},
	{"alice", "/counter list"},
	{"alice", "/identify spell:fireball"},
	{"alice", "/aoe shape:sphere size:20 origin:5,5"},
	{"gm", "/init end"},
	{"alice", "/sheet create system:rogue name:%s2 race:human sex:male"},
	{"alice", "/rt rest"},
	{"alice", "/check skill:reflex"},
	{"alice", "/sheet create system:coc name:%s3 skills:\"STR 50 CON 60 SIZ 55 DEX 65 APP 50 INT 70 POW 60 EDU 85 Luck 40\""},
	{"alice", "/check skill:spot_hidden"},
	{"alice", "/san loss:1/1d6"},
	{"alice", "/help command:settings"},
	{"alice", "/help command:coc"},
	{"alice", "/help command:effect"},
	{"alice", "/help command:feature"},
	{"alice", "/help command:counter"},
	{"alice", "/help command:log"},
	{"alice", "/help command:monster"},
	{"alice", "/help command:time"},
	{"alice", "/help command:say"},
	{"alice", "/help command:san"},
	{"alice", "/help command:deathsave"},
	{"alice", "/help command:condition"},
	{"alice", "/help command:identify"},
	{"alice", "/help command:rest"},
	{"alice", "/help command:save"},
	{"alice", "/help command:stats"},
	{"alice", "/help command:r"},
	{"alice", "/help command:attack"},
	{"alice", "/help command:init"},
	{"alice", "/help command:rt"},
	{"alice", "/help command:hp"},
	{"alice", "/help command:aoe"},
	{"alice", "/help command:check"},
	{"alice", "/sheet show"},
	{"alice", "/sheet set field:energy value:3"},
	{"alice", "/roll expr:1d20 expr:2"},
	{"alice", "/sheet set field"},
}

var (
	markerRE = regexp.MustCompile(`은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)로|\(이\)`)
	// code spans, links, and the files a reply attaches as the console lists them, "(stats.png)": a file's name is
	// data (Discord shows the picture, not its name)
	codeSpanRE = regexp.MustCompile("`[^`]*`|https?://\\S+|\\([\\w.-]+\\.(?:png|json|md|html)\\)")
	asciiRE    = regexp.MustCompile(`[A-Za-z][A-Za-z'’&]*`)
	diceRE     = regexp.MustCompile(`\b\d*[dD]\d+\S*|\b\d+(ft|kh\d*|kl\d*)\b`)
	// allowedASCII are the words a native reader expects as they are: abbreviations of the games and units.
	allowedASCII = map[string]bool{"HP": true, "AC": true, "DC": true, "GM": true, "NPC": true, "D": true, "e": true,
		"Rogue's": true, "Tale": true, "D&D": true, "SAN": true, "MP": true, "d": true,
		"JSON": true, "PNG": true, "SRD": true, "png": true, "HTML": true, "alice": true, "gm": true, // file formats; the console's user names (data)
		"English": true} // a language picker names each language in itself (English, 한국어, 简体中文)
)

// foreignWords returns the ASCII words of text outside code spans, numbers, dice and allowed words.
func foreignWords(text string) []string {
	text = codeSpanRE.ReplaceAllString(text, " ")
	text = diceRE.ReplaceAllString(text, " ")
	var out []string
	for _, w := range asciiRE.FindAllString(text, -1) {
		if !allowedASCII[w] {
			out = append(out, w)
		}
	}
	return out
}

func TestRenderedLanguage(t *testing.T) {
	names := map[string]string{"ko": "아린", "zh-CN": "艾琳", "zh-TW": "艾琳"}
	npcs := map[string]string{"ko": "고블린", "zh-CN": "地精", "zh-TW": "地精"}
	weapons := map[string]string{"ko": "단검", "zh-CN": "匕首", "zh-TW": "匕首"}
	total, markers := 0, 0
	for _, lang := range []string{"ko", "zh-CN", "zh-TW"} {
		e := newPlayEnv(t)
		e.rec = nil // a check, not a transcript
		words := map[string]int{}
		for _, l := range renderedLines {
			line := strings.NewReplacer("%s", names[lang], "%n", npcs[lang], "%w", weapons[lang]).Replace(l[1])
			r := e.runLocale(l[0], lang, line, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
			if m := markerRE.FindAllString(r.Text, -1); len(m) > 0 {
				markers += len(m)
				t.Errorf("%s %s: particle markers left %q in %q", lang, line, m, r.Text)
			}
			if lang == "ko" && r.Error != "" {
				t.Logf("%s: %s", line, r.Text)
			}
			fw := foreignWords(r.Text)
			if len(fw) > 0 {
				t.Errorf("%s %s: ASCII words %q outside code in %q", lang, line, fw, r.Text)
			}
			for _, w := range fw {
				words[w]++
				total++
			}
		}
		t.Logf("%s: %d ASCII words outside code: %v", lang, sum(words), words)
	}
	t.Logf("rendered check: %d particle markers, %d ASCII words in %d replies × 3 languages", markers, total, len(renderedLines))
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// TestForeignWords: the scanner skips code spans, links, dice, numbers and allowed words.
func TestForeignWords(t *testing.T) {
	for in, want := range map[string]string{
		"예: https://www.dndbeyond.com/characters/1 링크": "",
		"`/sheet set` 1d8+3 HP 10/10 · AC 12":          "",
		"기본 시스템: dnd5e":                                "dnd",
		"效果范围方式：template、Rogue's Tale":                 "template",
		"**Bea** 2d20kh1 (3, 12)":                      "Bea",
		"범위 안에 참가자가 없습니다.\n(aoe.png)":                  "",
		"(stats.png) stats":                            "stats",
	} {
		if got := strings.Join(foreignWords(in), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
