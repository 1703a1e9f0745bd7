package coc

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"rulekeeper/internal/catalogtest"
)

// fold is the glossary's matching rule in small: NFKC for what players type (full-width ASCII and the ideographic
// space become ASCII), case folding, and no spaces or : ： ( ) （ ） / ／ ·.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000:
			r = ' '
		}
		if unicode.IsSpace(r) || strings.ContainsRune(":()/·", r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// readAliases reads locales/alias/coc.<lang>.toml: `"key" = ["alt", …]` lines.
func readAliases(t *testing.T, lang string) map[string][]string {
	t.Helper()
	path := filepath.Join("..", "..", "locales", "alias", "coc."+lang+".toml")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		key, err := strconv.Unquote(k)
		var alts []string
		if !ok || err != nil || json.Unmarshal([]byte(v), &alts) != nil || len(alts) == 0 {
			t.Fatalf("%s:%d: not a \"key\" = [\"alias\", …] line", path, n)
		}
		if _, dup := out[key]; dup {
			t.Fatalf("%s:%d: %s twice", path, n, key)
		}
		out[key] = alts
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// kind is the part of a key that names its id type: "coc.skill" for "coc.skill.dodge".
func kind(key string) string { return key[:strings.LastIndex(key, ".")] }

// subjectKinds are the kinds one name box may offer together (/check skill: takes skills, characteristics and stats).
var subjectKinds = []string{"coc.skill", "coc.char", "coc.stat"}

// nameIndex maps each folded name (ids, catalog names in every language and aliases) to the keys it names, per kind and
// for the subject kinds together ("subject").
func nameIndex(t *testing.T) map[string]map[string][]string {
	t.Helper()
	idx := map[string]map[string][]string{}
	add := func(key, name string) {
		kinds := []string{kind(key)}
		if slices.Contains(subjectKinds, kind(key)) {
			kinds = append(kinds, "subject")
		}
		for _, k := range kinds {
			if idx[k] == nil {
				idx[k] = map[string][]string{}
			}
			f := fold(name)
			if !slices.Contains(idx[k][f], key) {
				idx[k][f] = append(idx[k][f], key)
			}
		}
	}
	for _, lang := range catalogtest.Langs {
		for key, name := range catalogtest.Read(t, "coc", lang) {
			if !strings.HasPrefix(key, "coc.err.") {
				add(key, name)
				add(key, key[strings.LastIndex(key, ".")+1:]) // the id itself is typed too (skill:spot_hidden)
			}
		}
		for key, alts := range readAliases(t, lang) {
			for _, a := range alts {
				add(key, a)
			}
		}
	}
	return idx
}

// resolve is what a name finds in kind.
func resolve(idx map[string]map[string][]string, kind, name string) []string {
	return idx[kind][fold(name)]
}

// Every alias key is a catalog key of this package, and every alias resolves to exactly its own id, in its kind
// and among the subjects.
func TestAliases(t *testing.T) {
	keys := CatalogKeys()
	idx := nameIndex(t)
	count := 0
	for _, lang := range catalogtest.Langs {
		for key, alts := range readAliases(t, lang) {
			if !slices.Contains(keys, key) || strings.HasPrefix(key, "coc.err.") {
				t.Errorf("%s: alias key %s is not the catalog key of an id", lang, key)
				continue
			}
			for _, a := range alts {
				count++
				if fold(a) == "" {
					t.Errorf("%s %s: alias %q folds to nothing", lang, key, a)
				}
				if got := resolve(idx, kind(key), a); !slices.Equal(got, []string{key}) {
					t.Errorf("%s alias %q resolves to %v, want %s", lang, a, got, key)
				}
				if slices.Contains(subjectKinds, kind(key)) {
					if got := resolve(idx, "subject", a); !slices.Equal(got, []string{key}) {
						t.Errorf("%s alias %q among subjects resolves to %v", lang, a, got)
					}
				}
			}
		}
	}
	if count < 150 {
		t.Errorf("only %d aliases", count)
	}
}

// No two ids of one kind share a name (catalog names included), and no two subjects do.
func TestNamesUnambiguous(t *testing.T) {
	for k, names := range nameIndex(t) {
		for name, keys := range names {
			if len(keys) > 1 {
				t.Errorf("%s: %q names %v", k, name, keys)
			}
		}
	}
}

// glossaryTerms are the names and aliases of coc7-glossary.md §1–§3 (other spellings than our catalog names
// included), each with the id it must find.
var glossaryTerms = map[string][]string{
	"coc.char.str":                {"str", "力量", "근력"},
	"coc.char.con":                {"con", "体质", "體質", "건강"},
	"coc.char.siz":                {"siz", "体形", "體形", "体型", "크기"},
	"coc.char.dex":                {"dex", "민첩성", "민첩"},
	"coc.char.app":                {"app", "外表", "외모"},
	"coc.char.int":                {"int", "灵感", "靈感", "지능(아이디어)", "지능"},
	"coc.char.pow":                {"pow", "意志", "정신력", "정신"},
	"coc.char.edu":                {"edu", "知识", "知識", "교육"},
	"coc.char.luck":               {"luck", "运气", "運氣", "幸运", "幸運", "운", "행운"},
	"coc.stat.san":                {"san", "san值", "理智值", "理智", "心智", "이성"},
	"coc.stat.san_max":            {"san上限", "理智上限", "최대 이성"},
	"coc.stat.hp":                 {"hp", "生命", "体力", "血量", "生命值", "체력"},
	"coc.stat.mp":                 {"mp", "魔力", "魔法值", "마력"},
	"coc.stat.db":                 {"db", "伤害加值", "傷害加值", "피해 보너스"},
	"coc.stat.build":              {"build", "体格", "體格", "체구", "체격"},
	"coc.stat.mov":                {"mov", "移速", "移动力", "移動力", "移動速度", "이동력"},
	"coc.stat.armor":              {"ar", "装甲", "护甲", "護甲", "장갑"},
	"coc.stat.age":                {"年龄", "年齡", "나이"},
	"coc.stat.occupation":         {"职业", "職業", "직업"},
	"coc.skill.art_craft":         {"艺术和手艺", "技艺", "手艺", "工艺", "藝術與手藝", "藝術／手藝", "예술/공예"},
	"coc.skill.art_acting":        {"艺术和手艺：表演", "表演", "연기"},
	"coc.skill.art_forgery":       {"伪造文书", "伪造", "偽造", "위조"},
	"coc.skill.charm":             {"魅惑", "取悦", "取悅", "매혹"},
	"coc.skill.climb":             {"攀登", "攀岩", "攀爬", "오르기"},
	"coc.skill.computer_use":      {"电脑使用", "计算机", "电脑", "计算机使用", "電腦使用", "컴퓨터 사용"},
	"coc.skill.credit_rating":     {"信用", "信誉", "cr", "信用评级", "信用評級", "信譽", "재력"},
	"coc.skill.cthulhu_mythos":    {"cm", "克苏鲁", "克苏鲁神话", "克蘇魯神話", "크툴루 신화"},
	"coc.skill.disguise":          {"偽裝", "乔装", "喬裝", "변장"},
	"coc.skill.dodge":             {"躲闪", "闪避", "閃避", "회피"},
	"coc.skill.drive_auto":        {"驾驶", "开车", "開車", "汽车驾驶", "駕駛（汽車）", "汽車駕駛", "자동차 운전"},
	"coc.skill.electrical_repair": {"电器维修", "电工", "電氣維修", "电气维修", "電器維修", "전기 수리", "전기수리"},
	"coc.skill.fast_talk":         {"快速交谈", "快速交談", "话术", "話術", "말재주"},
	"coc.skill.fighting_brawl":    {"格斗：斗殴", "斗殴", "鬥毆", "格鬥（鬥毆）", "격투", "근접전(격투)"},
	"coc.skill.fighting_axe":      {"斧头", "斧子", "斧", "斧頭", "도끼"},
	"coc.skill.fighting_chainsaw": {"电锯", "链锯", "電鋸", "鏈鋸", "동력톱"},
	"coc.skill.fighting_flail":    {"链枷", "连枷", "連枷", "도리깨"},
	"coc.skill.fighting_garrote":  {"绞具", "绞索", "絞索", "絞殺", "가롯테"},
	"coc.skill.fighting_spear":    {"长矛", "矛", "창"},
	"coc.skill.fighting_sword":    {"剑术", "刀剑", "剑", "劍", "도검"},
	"coc.skill.fighting_whip":     {"鞭", "채찍"},
	"coc.group.fighting":          {"格斗", "格鬥", "근접전"},
	"coc.group.firearms":          {"火器", "枪械", "射击", "射擊", "사격"},
	"coc.skill.firearms_handgun":  {"手枪", "射击：手枪", "手槍", "射擊（手槍）", "권총", "사격(권총)"},
	"coc.skill.firearms_rifle_shotgun": {"步枪", "霰弹枪", "散弹枪", "步霰", "步枪/霰弹枪", "步槍／霰彈槍", "라이플/산탄총",
		"사격(라/산)"},
	"coc.skill.firearms_bow":            {"弓术", "弓箭", "弓", "활"},
	"coc.skill.firearms_heavy":          {"重武器", "중화기"},
	"coc.skill.firearms_flamethrower":   {"火焰喷射器", "火焰噴射器", "화염방사기"},
	"coc.skill.firearms_machine_gun":    {"机枪", "機槍", "기관총"},
	"coc.skill.firearms_smg":            {"冲锋枪", "衝鋒槍", "기관단총"},
	"coc.skill.first_aid":               {"急救", "응급처치"},
	"coc.skill.intimidate":              {"威吓", "威嚇", "威脅", "恐吓", "恐嚇", "위협"},
	"coc.skill.language_other":          {"语言", "其他语言", "外语", "語言", "外語", "언어 (외국어)"},
	"coc.skill.language_own":            {"母语", "母語", "언어 (모국어)", "모국어"},
	"coc.skill.law":                     {"律法", "法律", "법률"},
	"coc.skill.library_use":             {"图书馆", "图书馆利用", "圖書館", "图书馆使用", "圖書館使用", "자료 조사", "자료조사"},
	"coc.skill.listen":                  {"倾听", "傾聽", "聆听", "聆聽", "듣기"},
	"coc.skill.locksmith":               {"开锁", "撬锁", "锁匠", "鎖匠", "열쇠공"},
	"coc.skill.mechanical_repair":       {"机修", "机械维修", "機械維修", "기계 수리", "기계수리"},
	"coc.skill.medicine":                {"医疗", "醫藥", "医学", "醫學", "의료"},
	"coc.skill.natural_world":           {"自然", "自然学", "自然史", "博物学", "自然學", "博物學", "자연"},
	"coc.skill.navigate":                {"领航", "导航", "導航", "항법"},
	"coc.skill.occult":                  {"神秘学", "神秘學", "오컬트"},
	"coc.skill.operate_heavy_machinery": {"重型机械", "重机", "操作重型机械", "操作重機", "중장비 조작"},
	"coc.skill.persuade":                {"辩论", "议价", "演讲", "说服", "說服", "설득"},
	"coc.skill.pilot":                   {"驾驶:飞行器", "驾驶:船", "驾驶（飞行器/船）", "駕駛（任意）", "조종"},
	"coc.skill.psychoanalysis":          {"心理分析", "精神分析", "정신분석"},
	"coc.skill.psychology":              {"心理学", "心理學", "심리학"},
	"coc.skill.ride":                    {"骑术", "騎術", "승마"},
	"coc.skill.science_forensics":       {"司法学", "司法科学", "司法科學", "수사과학"},
	"coc.skill.science_geology":         {"地理学", "地质学", "地質學", "지질학"},
	"coc.skill.science_physics":         {"物理", "物理学", "物理學", "물리학"},
	"coc.skill.science_mathematics":     {"数学", "數學", "수학"},
	"coc.skill.sleight_of_hand":         {"藏匿", "盗窃", "妙手", "巧手", "손놀림"},
	"coc.skill.spot_hidden":             {"侦察", "偵察", "侦查", "偵查", "관찰력", "관찰"},
	"coc.skill.stealth":                 {"躲藏", "隱匿", "潜行", "潛行", "은밀행동", "은밀 행동"},
	"coc.skill.survival":                {"沙漠", "海洋", "极地", "生存", "생존술"},
	"coc.skill.swim":                    {"遊泳", "游泳", "수영"},
	"coc.skill.throw":                   {"投掷", "投擲", "투척"},
	"coc.skill.track":                   {"跟踪", "追踪", "追蹤", "추적"},
	"coc.skill.animal_handling":         {"驯兽", "驯养", "动物驯养", "動物馴養", "동물 다루기"},
	"coc.skill.artillery":               {"火炮", "炮术", "炮術", "포격"},
	"coc.skill.read_lips":               {"唇语", "读唇", "讀唇", "독순술"},
	"coc.skill.lore":                    {"学问", "学识", "學問", "지식"},
	"coc.level.critical":                {"大成功", "대성공"},
	"coc.level.extreme":                 {"极难成功", "極限成功", "극단적 성공", "대단한 성공"},
	"coc.level.hard":                    {"困难成功", "困難成功", "어려운 성공", "어려움 성공"},
	"coc.level.regular":                 {"成功", "普通成功", "常规成功", "一般成功", "通常成功", "보통 성공"},
	"coc.level.failure":                 {"失败", "失敗", "실패"},
	"coc.level.fumble":                  {"大失败", "大失敗", "대실패"},
	"coc.difficulty.regular":            {"常规", "普通", "一般", "常規", "보통"},
	"coc.difficulty.hard":               {"困难", "困難", "어려움"},
	"coc.difficulty.extreme":            {"极难", "極限", "극단적"},
	"coc.condition.major_wound":         {"重伤", "重傷", "중상"},
	"coc.condition.dying":               {"濒死", "瀕死", "빈사"},
	"coc.condition.unconscious":         {"昏迷", "의식불명", "의식상실"},
	"coc.condition.prone":               {"倒地", "俯卧", "쓰러짐"},
	"coc.condition.dead":                {"死亡", "사망"},
	"coc.condition.insanity_temp":       {"临时性疯狂", "臨時性瘋狂", "일시적 광기"},
	"coc.condition.insanity_indef":      {"不定性疯狂", "不定性瘋狂", "장기적 광기"},
	"coc.condition.insanity_perm":       {"永久疯狂", "永久性瘋狂", "영구적 광기"},
	"coc.defence.fight_back":            {"反击", "反擊", "반격"},
	"coc.defence.dodge":                 {"闪避", "閃避", "회피"},
	"coc.mod.outnumbered":               {"寡不敌众", "寡不敵眾", "수적 열세"},
	"coc.mod.aiming":                    {"瞄准", "瞄準", "조준"},
	"coc.mod.cover":                     {"掩体", "掩護", "은엄폐"},
	"coc.combined.partial":              {"部分成功", "부분적 성공"},
}

// Every glossary term finds its id (and only it) after folding.
func TestGlossaryTermsResolve(t *testing.T) {
	idx := nameIndex(t)
	for key, terms := range glossaryTerms {
		for _, term := range terms {
			if got := resolve(idx, kind(key), term); !slices.Equal(got, []string{key}) {
				t.Errorf("%q resolves to %v, want %s", term, got, key)
			}
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"자료 조사": "자료조사", "格斗：斗殴": "格斗斗殴", "格斗(斗殴)": "格斗斗殴",
		"射擊（手槍）": "射擊手槍", "射擊:手槍": "射擊手槍", "ＳＡＮ": "san", "Spot　Hidden": "spothidden", "a·b／c": "abc"} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}
