package locales

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// variant is a word a language must not use because the concept has another word there (from
// ../shared/rules/glossary.md and the language review): the one word every catalog uses is named in use.
type variant struct {
	lang       Lang
	word       *regexp.Regexp
	use        string
	exceptKeys string // a key prefix where the word means something else
}

var variants = []variant{
	// Units: one per language.
	{ZhTW, regexp.MustCompile(`尺[^寸]|尺$`), "呎 (foot; 尺寸 is size)", ""},
	{ZhCN, regexp.MustCompile(`呎`), "尺", ""},
	{ZhCN, regexp.MustCompile(`(\d|\}\})里`), "英里 (里 is the Chinese li)", ""},
	// Rogue's Tale terms as the seed writes them.
	{ZhCN, regexp.MustCompile(`亡灵`), "不死生物", ""},
	{ZhTW, regexp.MustCompile(`亡靈`), "不死生物", ""},
	{ZhCN, regexp.MustCompile(`次要效果`), "次生效果", ""},
	{ZhTW, regexp.MustCompile(`次要效果`), "次生效果", ""},
	{ZhCN, regexp.MustCompile(`战斗者`), "参战者", ""},
	{ZhTW, regexp.MustCompile(`戰鬥者`), "參戰者", ""},
	// 5e terms.
	{ZhCN, regexp.MustCompile(`标记法`), "标记物法", ""},
	{ZhTW, regexp.MustCompile(`標記法`), "標記物法", ""},
	{ZhCN, regexp.MustCompile(`珊纳萨`), "珊娜萨", ""},
	{ZhTW, regexp.MustCompile(`珊納薩`), "珊娜薩", ""},
	{ZhCN, regexp.MustCompile(`哥布林`), "地精", ""},
	{ZhCN, regexp.MustCompile(`范围效果`), "效应范围 (area of effect)", ""},
	{ZhTW, regexp.MustCompile(`範圍效果`), "效應範圍 (area of effect)", ""},
	{ZhTW, regexp.MustCompile(`哥布林`), "地精", ""},
	{ZhCN, regexp.MustCompile(`治疗伤口`), "疗伤术", ""},
	{ZhTW, regexp.MustCompile(`治療傷口`), "療傷術", ""},
	{KO, regexp.MustCompile(`받아넘기기`), "쳐내기", ""},
	{KO, regexp.MustCompile(`불운`), "액운 (Bane)", ""},
	{KO, regexp.MustCompile(`보통`), "일반 (a straight roll; CoC's regular success is 보통 성공)", "coc."},
	{KO, regexp.MustCompile(`수동 감지`), "상시 감지", ""},
	{KO, regexp.MustCompile(`주사위 눈 (20|1)\b`), "내추럴 20 / 내추럴 1", ""},
	{KO, regexp.MustCompile(`자연값`), "내추럴", ""},
	{KO, regexp.MustCompile(`치명적 성공`), "대성공", ""},
	{KO, regexp.MustCompile(`절반 규칙`), "반 칸 방식", ""},
	{KO, regexp.MustCompile(`당신`), "본인", ""},
	{KO, regexp.MustCompile(`활성 캐릭터`), "사용 중인 캐릭터", ""},
	{KO, regexp.MustCompile(`파이어볼|매직 미사일`), "화염구, 마력탄", ""},
	{KO, regexp.MustCompile(`피해 유형`), "피해 종류", ""},
	{KO, regexp.MustCompile(`Discord`), "디스코드", ""},
	{KO, regexp.MustCompile(`\d+번째`), "위치 N (1번째 reads badly: 첫 번째)", ""},
	{KO, regexp.MustCompile(`명령(\s|[은는이가을를에]|$)`), "명령어 (a slash command)", "spell."},
	// Taiwan and mainland vocabulary.
	{ZhTW, regexp.MustCompile(`字符|保存|支持|默認|用戶|服務器|信息|數據|軟件|網絡|設置|創建|添加|視頻|菜單`),
		"字元, 儲存, 支援, 預設, 使用者, 伺服器, 訊息, 資料, 軟體, 網路, 設定, 建立, 新增", ""},
	{ZhTW, regexp.MustCompile(`命令`), "指令", "spell."},
	{ZhCN, regexp.MustCompile(`伺服器|档案|预设|讯息|资料库|使用者`), "服务器, 文件, 默认, 信息, 数据库, 用户", ""},
}

// TestOneWordPerConcept: no catalog of a language uses another word for a concept the glossary and the review
// name (尺/呎, 쳐내기/받아넘기기, 标记法/标记物法, 불운/액운, 일반/보통, 亡灵/不死生物, 次要/次生).
func TestOneWordPerConcept(t *testing.T) {
	for _, v := range variants {
		for _, m := range rawMessages(t, v.lang) {
			if v.exceptKeys != "" && strings.HasPrefix(m.key, v.exceptKeys) {
				continue
			}
			if w := v.word.FindString(m.value); w != "" {
				t.Errorf("%s %s: %q where the catalogs say %s: %q", v.lang, m.key, w, v.use, m.value)
			}
		}
	}
}

// sameWord lists keys that name one concept: in each language other than English (whose labels differ in
// capitals only) they must read the same.
var sameWord = []struct{ concept, keys string }{
	{"advantage", `^(dnd5e\.mode\.adv|cmd\..*\.mode\.choice\.adv)$`},
	{"disadvantage", `^(dnd5e\.mode\.dis|cmd\..*\.mode\.choice\.dis)$`},
	{"a straight roll", `^(dnd5e\.mode\.normal|cmd\..*\.mode\.choice\.normal)$`},
	{"the mode option", `^cmd\..*\.mode\.label$`},
	{"template method", `^(area\.method\.template|cmd\..*method\.choice\.template)$`},
	{"token method", `^(area\.method\.token|cmd\..*method\.choice\.token)$`},
	{"half-square rule", `^cmd\..*method\.choice\.half$`},
	{"sphere", `^(area\.shape\.sphere|spell\.shape\.sphere|cmd\.aoe\.shape\.choice\.sphere)$`},
	{"cone", `^(area\.shape\.cone|spell\.shape\.cone|cmd\.aoe\.shape\.choice\.cone)$`},
	{"cube", `^(area\.shape\.cube|spell\.shape\.cube|cmd\.aoe\.shape\.choice\.cube)$`},
	{"cylinder", `^(area\.shape\.cylinder|spell\.shape\.cylinder|cmd\.aoe\.shape\.choice\.cylinder)$`},
	{"line", `^(area\.shape\.line|spell\.shape\.line|cmd\.aoe\.shape\.choice\.line)$`},
	{"parry", `^(rogue\.defence\.parry|rogue\.src\.parry|cmd\.attack\.parry\.label)$`},
	{"dodge", `^(rogue\.defence\.dodge|rogue\.src\.dodge|cmd\.attack\.dodge\.label)$`},
	{"block", `^(rogue\.defence\.block|rogue\.src\.block|cmd\.attack\.block\.label)$`},
	{"the active character", `^cmd\..*\.character\.desc$`},
	{"Rogue's Tale critical failure", `^(rogue\.outcome\.fumble|rt\.outcome\.fumble)$`},
	{"D&D 5e", `^(system\.dnd5e|cmd\..*\.system\.choice\.dnd5e)$`},
	{"Rogue's Tale", `^(system\.rogue|cmd\..*\.system\.choice\.rogue)$`},
}

func TestSameConceptSameWord(t *testing.T) {
	en := rawCatalog(t, EN)
	for _, l := range []Lang{ZhCN, ZhTW, KO} {
		cat := rawCatalog(t, l)
		for _, g := range sameWord {
			re := regexp.MustCompile(g.keys)
			seen := map[string][]string{}
			for k, v := range cat {
				if !re.MatchString(k) {
					continue
				}
				// Character options share one description unless it says more than "the default is yours".
				if strings.HasSuffix(k, ".character.desc") && en[k] != "Character name (default: your active one)" {
					continue
				}
				seen[v] = append(seen[v], k)
			}
			if len(seen) == 0 {
				t.Errorf("%s: no key for %s", l, g.concept)
			}
			if len(seen) > 1 {
				var forms []string
				for v, ks := range seen {
					sort.Strings(ks)
					forms = append(forms, v+" ("+strings.Join(ks, ", ")+")")
				}
				sort.Strings(forms)
				t.Errorf("%s: %s reads %d ways: %s", l, g.concept, len(seen), strings.Join(forms, "; "))
			}
		}
	}
}
