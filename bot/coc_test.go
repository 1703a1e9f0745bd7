package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"rulekeeper/rules/coc"
	"rulekeeper/store"
)

// Call of Cthulhu through the console: sheets, the scripted investigation in Chinese and Korean, exact odds, /init
// and bad input. Forced d100 faces: the tens die, the units die, then each extra tens die (10 reads as 0).

// createAda: a librarian; HP 11, SAN 60, Luck 40, INT 70, CON 60, DEX 65 (Dodge 32), damage bonus 0; Library Use 60,
// Spot Hidden 50, Fighting (Brawl) 50.
const createAda = `/sheet create system:coc name:Ada class:Librarian skills:"STR 50 CON 60 SIZ 55 DEX 65 APP 50 INT 70 POW 60 EDU 85 Luck 40 Age 24 Library Use 60, Spot Hidden 50, Fighting (Brawl) 50"`

// coc reads a CoC character's stored sheet.
func (e *playEnv) coc(owner, name string) *coc.Character {
	e.t.Helper()
	var c *coc.Character
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter(owner, name)
		if err != nil {
			return err
		}
		c, err = coc.Decode(ch.Sheet)
		return err
	})
	if err != nil {
		e.t.Fatalf("sheet %s/%s: %v", owner, name, err)
	}
	return c
}

// sub2 reads a nested JSON object.
func sub2(t *testing.T, m map[string]any, keys ...string) map[string]any {
	t.Helper()
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("result lacks object %q: %v", k, m)
		}
		m = next
	}
	return m
}

// oddsOf decodes a result's exact odds object.
func oddsOf(t *testing.T, v any) coc.Odds {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var o coc.Odds
	if err := json.Unmarshal(data, &o); err != nil {
		t.Fatal(err)
	}
	return o
}

func skillValue(t *testing.T, c *coc.Character, id coc.Skill) int {
	t.Helper()
	v, err := c.SkillValue(id, "")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCoCSheetCreateShowSet: an investigator made from a values list in any language, shown in Chinese and Korean,
// changed field by field (skills by their Chinese and Korean names), and every derived value on the sheet.
func TestCoCSheetCreateShowSet(t *testing.T) {
	e := newPlayEnv(t)
	r := e.ok("alice", createAda)
	ada := e.coc("alice", "Ada")
	if ada.Scores != (coc.Scores{STR: 50, CON: 60, SIZ: 55, DEX: 65, APP: 50, INT: 70, POW: 60, EDU: 85}) || ada.Luck != 40 ||
		ada.Age != 24 || ada.Occupation != "Librarian" || ada.MaxHP != 11 || ada.HP != 11 || ada.MaxMP != 12 || ada.SAN != 60 {
		t.Fatalf("Ada %+v", ada)
	}
	if skillValue(t, ada, "library_use") != 60 || skillValue(t, ada, coc.FightingBrawl) != 50 || skillValue(t, ada, coc.Dodge) != 32 {
		t.Errorf("skills %+v", ada.Skills)
	}
	d := sub(t, r.Result, "derived")
	if d["hp"] != 11.0 || d["mp"] != 12.0 || d["mov"] != 8.0 || d["build"] != 0.0 || d["dodge"] != 32.0 || d["language_own"] != 85.0 {
		t.Errorf("derived %v", d)
	}
	for _, w := range []string{"Ada — Librarian, age 24", "HP 11/11 · magic points 12/12 · Sanity 60/99 · Luck 40",
		"Library Use **60** (30/12)", "Intelligence **70** (35/14)", "**Unarmed** — Fighting (Brawl) 50, 1d3 + damage bonus"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("show lacks %q:\n%s", w, r.Text)
		}
	}
	// Chinese and Korean: SealDice-style values without separators, and names as those tables write them.
	e.console("bob").Locale = "zh-CN"
	r = e.ok("bob", `/sheet create system:coc name:林 class:记者 skills:"力量60体质50体型70敏捷45外貌60智力75意志55教育70幸运65 年龄35 侦查55 聆听45 图书馆使用50 心理学40 斗殴45 外语：拉丁语 30"`)
	lin := e.coc("bob", "林")
	if lin.Age != 35 || lin.MaxHP != 12 || skillValue(t, lin, "spot_hidden") != 55 || skillValue(t, lin, "psychology") != 40 {
		t.Fatalf("林 %+v", lin)
	}
	if v, err := lin.SkillValue(coc.LanguageOther, "拉丁语"); err != nil || v != 30 {
		t.Errorf("拉丁语 %d %v", v, err)
	}
	if b := sub(t, r.Result, "derived")["db"]; b == nil {
		t.Errorf("no damage bonus in %v", r.Result)
	}
	for _, w := range []string{"林——记者，35 岁", "生命值 12/12 · 魔法值 11/11 · 理智 55/99 · 幸运 65", "侦查 **55**（27/11）", "外语（拉丁语） **30**"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("zh-CN show lacks %q:\n%s", w, r.Text)
		}
	}
	e.console("carol").Locale = "ko"
	e.ok("carol", `/sheet create system:coc name:민지 skills:"근력 45 건강 55 크기 50 민첩성 70 외모 65 지능 80 정신력 70 교육 75 행운 50 자료조사 65 관찰력 60 듣기 50"`)
	r = e.ok("carol", "/sheet show")
	for _, w := range []string{"민지, 20세", "자료 조사 **65** (32/13)", "관찰력 **60** (30/12)", "이성 70/99"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("ko show lacks %q:\n%s", w, r.Text)
		}
	}
	// /sheet set: a skill by its name in any language, a characteristic, pools, a weapon, a condition.
	tests := []struct {
		field, value string
		check        func(c *coc.Character) bool
	}{
		{"图书馆使用", "70", func(c *coc.Character) bool { return skillValue(t, c, "library_use") == 70 }},
		{"관찰력", "55", func(c *coc.Character) bool { return skillValue(t, c, "spot_hidden") == 55 }},
		{"skill", "Listen 45", func(c *coc.Character) bool { return skillValue(t, c, "listen") == 45 }},
		{"skills", "闪避 40, 心理学 35", func(c *coc.Character) bool {
			return skillValue(t, c, coc.Dodge) == 40 && skillValue(t, c, "psychology") == 35
		}},
		{"dex", "70", func(c *coc.Character) bool { return c.Scores.DEX == 70 }},
		{"意志", "65", func(c *coc.Character) bool { return c.Scores.POW == 65 }},
		{"hp_max", "12", func(c *coc.Character) bool { return c.MaxHP == 12 && c.HP == 11 }},
		{"hp", "12", func(c *coc.Character) bool { return c.HP == 12 }},
		{"理智", "58", func(c *coc.Character) bool { return c.SAN == 58 }},
		{"luck", "45", func(c *coc.Character) bool { return c.Luck == 45 }},
		{"armor", "1", func(c *coc.Character) bool { return c.Armour == 1 }},
		{"occupation", "Archivist", func(c *coc.Character) bool { return c.Occupation == "Archivist" }},
		{"weapon", ".38 revolver, handgun, 1d10, range 15, impale, malfunction 100", func(c *coc.Character) bool {
			w, err := c.FindWeapon(".38 Revolver")
			return err == nil && w.Skill == "firearms_handgun" && w.Range == 15 && w.Impale && w.Malfunction == 100
		}},
		{"weapon", "Knife, 斗殴, 1d4+db, impale", func(c *coc.Character) bool {
			w, err := c.FindWeapon("knife")
			return err == nil && w.Skill == coc.FightingBrawl && w.DB == coc.DBFull && w.Damage == "1d4"
		}},
		{"weapon_remove", "Knife", func(c *coc.Character) bool { return len(c.Weapons) == 1 }},
		{"condition", "倒地", func(c *coc.Character) bool { return c.Has(coc.Prone) }},
		{"condition_remove", "prone", func(c *coc.Character) bool { return !c.Has(coc.Prone) }},
	}
	for _, tt := range tests {
		line := "/sheet set field:" + tt.field + " value:\"" + tt.value + "\" character:Ada"
		r := e.run("alice", line)
		if r.Error != "" {
			t.Fatalf("%s: %s %s", line, r.Error, r.Text)
		}
		if c := e.coc("alice", "Ada"); !tt.check(c) {
			t.Errorf("%s: sheet %+v", line, c)
		}
	}
	before := e.snapshot()
	for _, tt := range []struct{ line, code string }{
		{"/sheet set field:nonsense value:3", "play.err.unknown_field"},
		{"/sheet set field:str value:120", "coc.err.bad_char"},
		{"/sheet set field:hp value:30", "coc.err.bad_pool"},
		{"/sheet set field:weapon value:\"Club, 1d8\"", "cthulhu.err.bad_weapon"},
		{"/sheet set field:weapon value:\"Club, dodge, 1d8\"", "coc.err.weapon_skill"},
		{"/sheet set field:skills value:\"侦查\"", "cthulhu.err.bad_skill_entry"},
	} {
		if r := e.run("alice", tt.line); r.Error != tt.code {
			t.Errorf("%s: error %q (%s), want %s", tt.line, r.Error, r.Text, tt.code)
		}
	}
	if e.snapshot() != before {
		t.Error("a refused /sheet set changed a sheet")
	}
}

// investigation is the scripted session of TestCoCInvestigation in one language: the names typed and words the
// replies must hold.
type investigation struct {
	locale                   string
	library, spot, ghoul     string
	pushed, luck, temporary  string // words of the push, the Luck spend and the insanity
	majorWound, unconscious  string
	libraryTitle, sanityDays string
}

// TestCoCInvestigation plays an investigation through the console in Chinese and in Korean, asserting the JSON of
// every step: a library search pushed after a failure (E5.13), a Luck spend by its button (E5.14), a Sanity loss
// with temporary insanity and the first Mythos insanity (E6.3), a fight in a CoC encounter that ends in a major
// wound and a failed CON roll (E7.9's thresholds with max HP 11), and the development phase.
func TestCoCInvestigation(t *testing.T) {
	for _, inv := range []investigation{
		{locale: "zh-CN", library: "图书馆使用", spot: "侦查", ghoul: "食尸鬼", pushed: "孤注一掷（第一次掷出 71）",
			luck: "消耗幸运 8 点 → 结果视为 50", temporary: "**Ada陷入临时性疯狂，持续 4 小时。**",
			majorWound: "**重伤**：Ada倒地。", unconscious: "Ada陷入昏迷。", libraryTitle: "**Ada：图书馆使用 60**",
			sanityDays: "第 1 个游戏日：今日已损失 6"},
		{locale: "ko", library: "자료조사", spot: "관찰력", ghoul: "구울", pushed: "강행 판정 (처음 굴림 71)",
			luck: "행운 8 사용 → 결과는 50으로 봅니다", temporary: "**Ada는 4시간 동안 일시적 광기에 빠졌습니다.**",
			majorWound: "**중상**: Ada가 쓰러집니다.", unconscious: "Ada가 의식을 잃습니다.", libraryTitle: "**Ada: 자료 조사 60**",
			sanityDays: "게임 1일째: 오늘 6 잃음"},
	} {
		t.Run(inv.locale, func(t *testing.T) { playInvestigation(t, inv) })
	}
}

func playInvestigation(t *testing.T, inv investigation) {
	e := newPlayEnv(t)
	e.console("alice").Locale = inv.locale
	e.console("gm").Locale = inv.locale
	e.ok("gm", "/settings system system:coc")
	e.ok("alice", strings.Replace(createAda, "system:coc ", "", 1)) // the guild's default system
	want := func(r playLine, words ...string) {
		t.Helper()
		for _, w := range words {
			if !strings.Contains(r.Text, w) {
				t.Errorf("reply lacks %q:\n%s", w, r.Text)
			}
		}
	}

	// The library: Library Use 60 rolls 71, a failure; the Push button rolls 44, a regular success, marked.
	r := e.ok("alice", "/check skill:"+inv.library, 7, 1)
	want(r, inv.libraryTitle)
	if r.Result["level"] != "failure" || r.Result["roll"] != 71.0 || r.Result["seq"] != 1.0 || r.Result["success"] != false {
		t.Fatalf("library: %v", r.Result)
	}
	if o := oddsOf(t, r.Result["odds"]); o != *coc.CheckOdds(60, coc.DifficultyRegular, 0, 0) {
		t.Errorf("library odds %+v", o)
	}
	if b, _ := r.Result["buttons"].([]any); len(b) != 2 || !strings.HasPrefix(b[0].(string), "coc:push:") ||
		!strings.HasSuffix(b[1].(string), ":1:11") {
		t.Errorf("buttons %v", r.Result["buttons"])
	}
	r = e.ok("alice", "click 1", 4, 4)
	want(r, inv.pushed, "✓")
	if r.Result["level"] != "regular" || r.Result["pushed"] != true || r.Result["mark"] != true || r.Result["seq"] != 2.0 ||
		sub(t, r.Result, "before")["final"] != 71.0 {
		t.Fatalf("push: %v", r.Result)
	}
	// The console's last buttons are the failed roll's: pushing it again is refused (it is no longer the last roll).
	if r := e.run("alice", "click 1", 4, 4); r.Error != "cthulhu.err.stale_roll" {
		t.Errorf("a second push: %q %s", r.Error, r.Text)
	}

	// Spot Hidden 50 rolls 58; the "Spend 8 Luck" button makes it 50, a regular success, without a mark: Luck 32.
	r = e.ok("alice", "/check skill:"+inv.spot, 5, 8)
	if r.Result["roll"] != 58.0 || r.Result["luck"] != 40.0 {
		t.Fatalf("spot hidden: %v", r.Result)
	}
	r = e.ok("alice", "click 2")
	want(r, inv.luck)
	if r.Result["roll"] != 50.0 || r.Result["level"] != "regular" || r.Result["luck_spent"] != 8.0 || r.Result["luck"] != 32.0 ||
		r.Result["mark"] != nil {
		t.Fatalf("luck: %v", r.Result)
	}
	if c := e.coc("alice", "Ada"); c.Luck != 32 {
		t.Errorf("stored Luck %d", c.Luck)
	}

	// The tome: SAN 60 rolls 75, 1d6 loses 6; INT 70 rolls 35: temporarily insane for 1d10 = 4 hours; the first
	// Mythos insanity: Cthulhu Mythos 5, maximum SAN 94; the bout: 3 rounds, entry 7.
	r = e.ok("alice", "/san loss:1/1d6 mythos:true", 7, 5, 6, 3, 5, 4, 3, 7)
	want(r, inv.temporary, inv.sanityDays)
	if r.Result["lost"] != 6.0 || r.Result["san"] != 54.0 || r.Result["san_max"] != 94.0 || r.Result["temporary"] != true ||
		r.Result["hours"] != 4.0 || r.Result["mythos"] != 5.0 || r.Result["day"] != 1.0 || r.Result["day_limit"] != 12.0 {
		t.Fatalf("sanity: %v", r.Result)
	}
	if b := sub(t, r.Result, "bout"); b["mode"] != "realtime" || sub(t, b, "duration")["total"] != 3.0 || sub(t, b, "entry")["total"] != 7.0 {
		t.Errorf("bout %v", b)
	}
	if o := oddsOf(t, r.Result["odds"]); o != *coc.CheckOdds(60, coc.DifficultyRegular, 0, 0) {
		t.Errorf("sanity odds %+v", o)
	}
	if o := oddsOf(t, r.Result["int_odds"]); o != *coc.CheckOdds(70, coc.DifficultyRegular, 0, 0) {
		t.Errorf("INT odds %+v", o)
	}

	// The fight: Ada (DEX 65) and a ghoul (DEX 70) in the channel's encounter.
	e.ok("gm", "/init start")
	e.ok("alice", "/init join")
	r = e.ok("gm", "/init add name:"+inv.ghoul+" hp:13 dex:70 defences:dodge:30,fighting:50,damage:1d6,armour:1")
	if o, _ := r.Result["order"].([]any); len(o) != 2 || o[0] != inv.ghoul {
		t.Fatalf("order %v", r.Result["order"])
	}
	// Ada's Brawl 50 rolls 20 (hard); the ghoul's Dodge 30 rolls 50: a hit; 1d3 rolls 2, less 1 armour.
	r = e.ok("alice", "/attack target:"+inv.ghoul, 2, 10, 5, 10, 2)
	if r.Result["outcome"] != "hit" || r.Result["damage"] != 1.0 || sub2(t, r.Result, "hurt", "npc_hp")["hp_after"] != 12.0 {
		t.Fatalf("Ada's blow: %v", r.Result)
	}
	mo := sub(t, r.Result, "melee_odds")
	if mo["hit"] == nil || r.Result["chance"].(float64) <= 0 {
		t.Errorf("melee odds %v", mo)
	}
	// The ghoul's Fighting 50 rolls 30; Ada's Dodge 32 rolls 90; 1d6 rolls 6 of her 11 HP: a major wound; CON 60 rolls
	// 75: she falls unconscious.
	r = e.ok("gm", "/attack character:"+inv.ghoul+" target:Ada", 3, 10, 9, 10, 6, 7, 5)
	want(r, inv.majorWound, inv.unconscious)
	w := sub2(t, r.Result, "hurt", "wound")
	if r.Result["damage"] != 6.0 || w["major_wound"] != true || w["unconscious"] != true || w["after"] != 5.0 ||
		sub(t, w, "con")["success"] != false {
		t.Fatalf("major wound: %v", r.Result)
	}
	if o := oddsOf(t, sub(t, r.Result, "hurt")["con_odds"]); o != *coc.CheckOdds(60, coc.DifficultyRegular, 0, 0) {
		t.Errorf("CON odds %+v", o)
	}
	ada := e.coc("alice", "Ada")
	if ada.HP != 5 || !ada.Has(coc.MajorWound) || !ada.Has(coc.Unconscious) || !ada.Has(coc.Prone) {
		t.Errorf("stored Ada %+v", ada)
	}
	if r := e.run("alice", "/attack target:"+inv.ghoul, 1, 1); r.Error != "cthulhu.err.unconscious" {
		t.Errorf("unconscious Ada attacked: %s", r.Error)
	}

	// After the scenario, in sheet order: Library Use 60 (marked by the push) rolls 99: +1d10 = 5; Fighting (Brawl)
	// 50 (marked by Ada's blow) rolls 55: +1d10 = 10; Luck 32: d100 50, +1d10 = 3. Spot Hidden earned no mark.
	r = e.ok("alice", "/coc develop luck:true", 9, 9, 5, 5, 5, 10, 5, 10, 3)
	imps, _ := r.Result["improvements"].([]any)
	if len(imps) != 2 {
		t.Fatalf("development: %v", r.Result)
	}
	for i, want := range []struct {
		skill       string
		after       float64
		roll, value float64
	}{{"library_use", 65, 99, 60}, {"fighting_brawl", 60, 55, 50}} {
		imp := imps[i].(map[string]any)
		if imp["skill"] != want.skill || imp["after"] != want.after || imp["before"] != want.value || sub(t, imp, "roll")["value"] != want.roll {
			t.Errorf("improvement %d: %v", i, imp)
		}
		if c := coc.ImproveOdds(int(want.value)); sub(t, imp, "chance")["num"] != float64(c.Num) || sub(t, imp, "chance")["den"] != float64(c.Den) {
			t.Errorf("improvement %d chance %v, want %v", i, imp["chance"], c)
		}
	}
	if l := sub(t, r.Result, "luck"); l["improved"] != true || l["after"] != 35.0 {
		t.Errorf("luck recovery %v", l)
	}
	ada = e.coc("alice", "Ada")
	if skillValue(t, ada, "library_use") != 65 || skillValue(t, ada, coc.FightingBrawl) != 60 || ada.Luck != 35 {
		t.Errorf("after development %+v", ada)
	}
}

// TestCoCOdds: every roll's JSON carries the exact odds rules/coc computes, bonus and penalty dice included (the
// check's, /stats cc…'s, and an opposed pair's).
func TestCoCOdds(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)
	tests := []struct {
		line  string
		faces []int
		value int
		d     coc.Difficulty
		net   int
	}{
		{"/check skill:library_use", []int{5, 5}, 60, coc.DifficultyRegular, 0},
		{"/check skill:spot_hidden bonus_dice:1", []int{6, 8, 2}, 50, coc.DifficultyRegular, 1},
		{"/check skill:spot_hidden bonus_dice:2 penalty_dice:1 difficulty:hard", []int{6, 8, 2}, 50, coc.DifficultyHard, 1},
		{"/check skill:str penalty_dice:2 difficulty:extreme", []int{6, 8, 2, 9}, 50, coc.DifficultyExtreme, -2},
		{"/check skill:luck", []int{5, 5}, 40, coc.DifficultyRegular, 0},
		{"/check skill:dodge difficulty:critical", []int{10, 1}, 32, coc.DifficultyCritical, 0},
	}
	for _, tt := range tests {
		r := e.ok("alice", tt.line, tt.faces...)
		want := *coc.CheckOdds(tt.value, tt.d, tt.net, 0)
		if got := oddsOf(t, r.Result["odds"]); got != want {
			t.Errorf("%s: odds %+v, want %+v", tt.line, got, want)
		}
		if r.Result["chance"] != want.Success.Float() && r.Result["chance"] != float64(int(want.Success.Float()*1e4+0.5))/1e4 {
			t.Errorf("%s: chance %v, want %v", tt.line, r.Result["chance"], want.Success.Float())
		}
		if sub(t, r.Result, "detail")["net"] != float64(tt.net) {
			t.Errorf("%s: net %v", tt.line, sub(t, r.Result, "detail")["net"])
		}
	}
	// /stats cc…: the rules' own numbers (one bonus die at 50: 3/4, enumerated in rules/coc).
	r := e.ok("alice", "/stats expr:cc(1)50")
	if got := oddsOf(t, r.Result["odds"]); got != *coc.CheckOdds(50, coc.DifficultyRegular, 1, 0) {
		t.Errorf("stats odds %+v", got)
	}
	if !strings.Contains(r.Text, "75% (3/4)") {
		t.Errorf("stats text:\n%s", r.Text)
	}
	r = e.ok("alice", "/stats expr:\"cc(-1) 70 困难\"")
	if r.Result["difficulty"] != "hard" || r.Result["net"] != -1.0 || oddsOf(t, r.Result["odds"]) != *coc.CheckOdds(70, coc.DifficultyHard, -1, 0) {
		t.Errorf("stats penalty/hard: %v", r.Result)
	}
	r = e.ok("alice", "/stats expr:cc70 compare:cc55")
	op := sub(t, r.Result, "opposed")
	want := coc.OpposedOddsOf(coc.CheckInput{Value: 70}, coc.CheckInput{Value: 55})
	if op["win"].(map[string]any)["num"] != float64(want.Win.Num) || op["win"].(map[string]any)["den"] != float64(want.Win.Den) {
		t.Errorf("opposed %v, want %+v", op, want)
	}
	// An opposed roll by command: E5.16 STR 70 rolls 50 and STR 60 rolls 44: same level, the higher value wins.
	e.ok("alice", "/sheet set field:str value:70")
	r = e.ok("alice", "/coc opposed skill:str value:60", 5, 10, 4, 4)
	if r.Result["outcome"] != "win" || r.Result["by_value"] != true {
		t.Errorf("E5.16: %v", r.Result)
	}
}

// TestCoCInit: a Call of Cthulhu encounter orders by DEX, a readied firearm +50, ties in arrival order; other
// systems' characters and options are refused.
func TestCoCInit(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda) // DEX 65
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`)
	e.ok("carol", `/sheet create system:coc name:Cleo skills:"STR 40 CON 50 SIZ 50 DEX 65 APP 60 INT 70 POW 55 EDU 70 Luck 50"`)
	e.ok("dave", createBorin) // 5e
	r := e.ok("gm", "/init start system:coc")
	if !strings.Contains(r.Text, "Call of Cthulhu 7e") {
		t.Errorf("start: %s", r.Text)
	}
	e.ok("alice", "/init join")
	r = e.ok("bob", "/init join firearm:true")
	if a := sub(t, r.Result, "added"); sub(t, a["arrivals"].([]any)[0].(map[string]any), "roll")["total"] != 105.0 {
		t.Errorf("Ben's order value: %v", a)
	}
	e.ok("carol", "/init join")
	e.ok("gm", "/init add name:Cultist hp:9 dex:50 count:2 defences:dodge:25,fighting:40")
	r = e.ok("gm", "/init add name:Ghoul hp:13 dex:70 firearm:false")
	order, _ := r.Result["order"].([]any)
	var got []string
	for _, o := range order {
		got = append(got, o.(string))
	}
	if strings.Join(got, ", ") != "Ben, Ghoul, Ada, Cleo, Cultist 1, Cultist 2" {
		t.Errorf("order %v", got)
	}
	r = e.ok("gm", "/init list")
	if !strings.Contains(r.Text, "Ben") || !strings.Contains(r.Text, "Cultist 2") {
		t.Errorf("list:\n%s", r.Text)
	}
	before := e.snapshot()
	for _, tt := range []struct{ user, line, code string }{
		{"dave", "/init join", "init.err.wrong_system"},
		{"carol", "/init join bonus:2 character:Cleo", "cthulhu.err.init_order"},
		{"gm", "/init add name:Thug hp:9 mode:adv", "rt.err.option_not_for_system"},
		{"gm", "/init add name:Thug hp:9 defences:dodge:thirty", "cthulhu.err.bad_npc"},
		{"gm", "/init add name:Thug hp:9 saves:dex+2", "rt.err.option_not_for_system"},
		// the GM's table (issue 12): the order is DEX, and SRD monsters are 5e's
		{"gm", "/init add name:Thug hp:9 initiative:20", "rt.err.option_not_for_system"},
		{"gm", "/init add monster:goblin", "rt.err.option_not_for_system"},
	} {
		if r := e.run(tt.user, tt.line); r.Error != tt.code {
			t.Errorf("%s: %q %s, want %s", tt.line, r.Error, r.Text, tt.code)
		}
	}
	if e.snapshot() != before {
		t.Error("a refused /init changed a sheet")
	}
	// A 5e encounter refuses a readied firearm.
	e.ok("gm", "/init end")
	e.ok("gm", "/init start system:dnd5e")
	if r := e.run("dave", "/init join firearm:true", 10); r.Error != "rt.err.option_not_for_system" {
		t.Errorf("firearm in 5e: %q", r.Error)
	}
}

// TestCoCBadInput: each bad line is its own localized, ephemeral error and changes nothing.
func TestCoCBadInput(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)
	e.ok("alice", `/sheet set field:weapon value:".38 revolver, handgun, 1d10, range 15, impale, malfunction 100"`)
	e.ok("bob", createBorin)
	e.ok("alice", "/check skill:dodge", 8, 8) // a failed Dodge: never pushed
	before := e.snapshot()
	for _, tt := range []struct{ user, line, code string }{
		{"alice", `/sheet create system:coc name:Zed skills:"STR 50"`, "cthulhu.err.need_chars"},
		{"alice", `/sheet create system:coc name:Zed str:100`, "core.err.too_large"},
		{"alice", `/sheet create system:coc name:Zed race:orc`, "rt.err.option_not_for_system"},
		{"alice", `/sheet create system:coc name:Zed skills:"STR 50 CON 60 SIZ 55 DEX 65 APP 50 INT 70 POW 60 EDU 85 Luck 40 Necromancy 40"`, "coc.err.unknown_skill"},
		{"alice", "/check skill:侦查 mode:adv", "rt.err.option_not_for_system"},
		{"alice", "/check skill:necromancy", "coc.err.unknown_skill"},
		{"alice", "/check skill:侦查 push:true bonus_dice:1", "cthulhu.err.push_options"},
		{"alice", "/check skill:dodge push:true", "coc.err.no_push"},
		{"alice", "/check skill:侦查 push:true", "cthulhu.err.last_roll_other"},
		{"alice", "/check skill:侦查 bonus_dice:3", "core.err.too_large"},
		{"bob", "/check skill:stealth difficulty:hard", "rt.err.option_not_for_system"},
		{"alice", "/attack weapon:whip", "coc.err.unknown_weapon"},
		{"alice", "/attack weapon:\".38 revolver\"", "cthulhu.err.need_distance"},
		{"alice", "/attack weapon:\".38 revolver\" distance:1000", "coc.err.out_of_range"},
		{"alice", "/attack ac:12", "rt.err.option_not_for_system"},
		{"alice", "/attack smite:1", "rt.err.option_not_for_system"},
		{"alice", "/attack mods:lucky", "coc.err.unknown_mod"},
		{"alice", "/attack target:Borin", "cthulhu.err.not_coc"},
		{"alice", "/attack defend:40 target:Borin", "cthulhu.err.target_and_defend"},
		{"alice", "/hp temp amount:3", "cthulhu.err.no_temp_hp"},
		{"alice", "/hp damage amount:3 type:fire", "rt.err.option_not_for_system"},
		{"alice", "/san loss:abc", "coc.err.bad_loss"},
		{"bob", "/san loss:0/1", "cthulhu.err.not_coc"},
		{"alice", "/coc day next:true", "cthulhu.err.not_keeper"},
		{"alice", "/coc opposed skill:str", "cthulhu.err.need_value"},
		{"alice", "/coc develop", "coc.err.no_marks"},
		{"alice", "/coc generate occupation:Spy", "cthulhu.err.generate_name"},
		{"alice", "/cast spell:fire_bolt", "cthulhu.err.no_cast"},
		{"alice", "/save ability:con", "play.err.not_dnd5e"},
		{"alice", "/stats expr:cc(3)50", "coc.err.bad_dice"},
		{"alice", "/stats expr:cc50 target:3", "cthulhu.err.stats_target"},
		{"alice", "/stats expr:cc50 extremely", "coc.err.bad_difficulty"},
		{"alice", "/stats expr:ccx", "cthulhu.err.bad_expr"},
		{"alice", "click coc:luck:1:x:2", "core.err.unknown_component"},
		{"alice", "click coc:spend:1:2", "core.err.unknown_component"},
		{"alice", "click coc:push:c999:1", "char.err.gone"},
	} {
		r := e.run(tt.user, tt.line)
		if r.Error != tt.code || !r.Ephemeral {
			t.Errorf("%s %s: error %q (%s), want %s", tt.user, tt.line, r.Error, r.Text, tt.code)
		}
	}
	if e.snapshot() != before {
		t.Error("a refused line changed a sheet")
	}
}

// TestCoCGenerateAndHP: /coc generate rolls the standard way (STR CON SIZ DEX APP INT POW EDU, then Luck) and saves
// a named investigator; /hp on a CoC character: a hit at the guild's death rule (E7.9: 11 damage of max HP 11 is a
// major wound and dying under the classic rule, death under Pulp), healing, a new maximum.
func TestCoCGenerateAndHP(t *testing.T) {
	e := newPlayEnv(t)
	faces := []int{3, 4, 5, 2, 3, 4, 3, 4, 5, 5, 5, 1, 2, 3, 6, 6, 4, 4, 4, 5, 6, 2, 2, 2}
	r := e.ok("alice", "/coc generate", faces...)
	g := sub(t, r.Result, "generated")
	sc := sub(t, g, "scores")
	if sc["str"] != 60.0 || sc["con"] != 45.0 || sc["siz"] != 65.0 || sc["dex"] != 75.0 || sc["app"] != 30.0 ||
		sc["int"] != 90.0 || sc["pow"] != 60.0 || sc["edu"] != 85.0 || g["luck"] != 30.0 || r.Result["saved"] != nil {
		t.Fatalf("generated %v", g)
	}
	if d := sub(t, g, "derived"); d["hp"] != 11.0 || d["mp"] != 12.0 || g["total"] != 510.0 || g["with_luck"] != 540.0 {
		t.Errorf("derived %v", g)
	}
	if r := e.run("alice", "/sheet show"); r.Error != "char.err.no_active" {
		t.Errorf("an unnamed roll saved a sheet: %s", r.Error)
	}
	e.console("alice").Locale = "ko"
	r = e.ok("alice", "/coc generate name:Ida occupation:기자", faces...)
	e.console("alice").Locale = ""
	ida := e.coc("alice", "Ida")
	if ida.Scores.INT != 90 || ida.Luck != 30 || ida.Age != 20 || ida.Occupation != "기자" || ida.MaxHP != 11 ||
		sub(t, r.Result, "saved")["name"] != "Ida" || !strings.Contains(r.Text, "새 탐사자 Ida") {
		t.Fatalf("saved %+v\n%s", ida, r.Text)
	}
	// With an age the age table applies: 40 takes 5 points (from STR by default), APP −5, two EDU checks (d100 over
	// EDU 85 adds 1D10: 90 adds 4, 30 adds nothing).
	r = e.ok("alice", "/coc generate age:40", append(faces, 9, 10, 4, 3, 10)...)
	a := sub2(t, r.Result, "generated", "age")
	if a["age"] != 40.0 || sub(t, a, "after")["str"] != 55.0 || sub(t, a, "after")["app"] != 25.0 || sub(t, a, "after")["edu"] != 89.0 {
		t.Errorf("age %v", a)
	}

	// /hp: the classic rule (damage above max HP kills): 11 of 11 is a major wound, 0 HP, dying.
	r = e.ok("alice", "/hp damage amount:11", 9, 9)
	w := sub(t, r.Result, "wound")
	if w["major_wound"] != true || w["dying"] != true || w["dead"] != nil || r.Result["hp"] != 0.0 {
		t.Fatalf("classic: %v", r.Result)
	}
	r = e.ok("alice", "/hp heal amount:6")
	if r.Result["hp"] != 6.0 || sub(t, r.Result, "heal")["major_wound_ended"] != true {
		t.Errorf("heal: %v", r.Result)
	}
	r = e.ok("alice", "/hp max amount:14")
	if r.Result["hp_max"] != 14.0 || r.Result["hp"] != 6.0 {
		t.Errorf("max: %v", r.Result)
	}
	// Pulp (damage of max HP or more kills): 14 of 14.
	e.ok("gm", "/settings coc_death rule:pulp")
	r = e.ok("alice", "/hp damage amount:14")
	if sub(t, r.Result, "wound")["dead"] != true {
		t.Errorf("pulp: %v", r.Result)
	}
	if c := e.coc("alice", "Ida"); !c.Has(coc.Dead) {
		t.Errorf("stored %+v", c.Conditions)
	}
	if r := e.run("alice", "/check skill:luck"); r.Error != "coc.err.dead" {
		t.Errorf("the dead rolled: %s", r.Error)
	}
}

// TestCoCAid: First Aid on a dying investigator (1 HP, awake, stabilised) and Medicine after it (1D3 HP), rolled by
// another player's investigator; a failed roll changes nothing but the healer's odds are still shown.
func TestCoCAid(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)
	e.ok("bob", `/sheet create system:coc name:Doc skills:"STR 50 CON 50 SIZ 50 DEX 50 APP 50 INT 70 POW 50 EDU 80 Luck 50 First Aid 60 Medicine 50"`)
	// Harm to another's investigator needs a GM or a fight (issue 11): Doc may not punch Ada; aid is help.
	e.refused("bob", "/attack target:Ada", "play.err.harm_refused", 10, 3)
	// 11 damage of 11: a major wound at 0 HP, dying.
	e.ok("alice", "/hp damage amount:11")
	r := e.ok("bob", "/coc aid skill:first_aid target:Ada", 9, 9)
	if r.Result["hp"] != 0.0 || sub(t, r.Result, "roll")["success"] != false {
		t.Fatalf("failed first aid: %v", r.Result)
	}
	r = e.ok("bob", "/coc aid skill:first_aid target:Ada", 2, 10)
	h := sub(t, r.Result, "heal")
	if r.Result["hp"] != 1.0 || h["stabilised"] != true || h["woke"] != true {
		t.Fatalf("first aid: %v", r.Result)
	}
	if o := oddsOf(t, r.Result["odds"]); o != *coc.CheckOdds(60, coc.DifficultyRegular, 0, 0) {
		t.Errorf("first aid odds %+v", o)
	}
	ada := e.coc("alice", "Ada")
	if ada.HP != 1 || !ada.Has(coc.Stable) || ada.Has(coc.Dying) || ada.Has(coc.Unconscious) {
		t.Errorf("after first aid %+v", ada.Conditions)
	}
	e.console("bob").Locale = "zh-CN"
	r = e.ok("bob", "/coc aid skill:医学 target:Ada", 10, 1, 2) // 01: a critical success; 1D3 rolls 2
	if r.Result["hp"] != 3.0 || sub(t, r.Result, "heal")["healed"] != 2.0 || !strings.Contains(r.Text, "Doc为Ada进行医学") {
		t.Fatalf("medicine: %v\n%s", r.Result, r.Text)
	}
	if c := e.coc("alice", "Ada"); c.HP != 3 || c.Has(coc.Stable) {
		t.Errorf("after medicine %+v", c.Conditions)
	}
	if c := e.coc("bob", "Doc"); !c.Skills[0].Mark && !c.Skills[1].Mark {
		t.Errorf("the healer's skills earned no mark: %+v", c.Skills)
	}
}

// TestCoCShot: firearms are not opposed; the range band sets the difficulty (E7.5: base range 15 yd, DEX 55 — 10
// ft is point-blank with a bonus die, 80 ft is long range, Hard); an extreme hit with an impaling weapon deals its
// maximum and one more damage roll (E7.8: handgun 1D10 extreme → 10 + 1D10), less the target's armour.
func TestCoCShot(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40 Handgun 55"`)
	e.ok("bob", `/sheet set field:weapon value:".38 revolver, handgun, 1d10, range 15, impale, malfunction 100"`)
	e.ok("gm", "/init start system:coc")
	e.ok("gm", "/init add name:Ghoul hp:40 dex:65 defences:dodge:30,fighting:50,damage:1d6,armour:1")
	// 80 ft: long range, Hard (27); 10 is an extreme success (11): 10 + 1D10 (4) impale = 14, less 1 armour.
	r := e.ok("bob", "/attack weapon:\".38 revolver\" target:Ghoul distance:80", 1, 10, 4)
	shot := sub(t, r.Result, "shot")
	hit := sub(t, r.Result, "hit")
	if shot["band"] != "long" || r.Result["extreme"] != true || r.Result["damage"] != 13.0 || hit["raw"] != 14.0 ||
		sub(t, hit, "impale")["total"] != 4.0 || sub(t, hit, "roll")["total"] != 10.0 {
		t.Fatalf("long shot: %v", r.Result)
	}
	w, err := e.coc("bob", "Ben").FindWeapon(".38 revolver")
	if err != nil {
		t.Fatal(err)
	}
	in := coc.ShotInput{Value: 55, DEX: 55, Weapon: w, Distance: 80}
	if o := oddsOf(t, r.Result["shot_odds"]); o != *coc.ShotOdds(in) {
		t.Errorf("shot odds %+v, want %+v", o, coc.ShotOdds(in))
	}
	// 10 ft: point-blank, a bonus die; tens 8 and 3 with units 0: 80 or 30, 30 kept, a regular success; 1D10 rolls 6.
	r = e.ok("bob", "/attack weapon:\".38 revolver\" target:Ghoul distance:10", 8, 10, 3, 6)
	if sub(t, r.Result, "shot")["band"] != "point_blank" || sub2(t, r.Result, "shot", "check")["net"] != 1.0 ||
		r.Result["outcome"] != "hit" || r.Result["damage"] != 5.0 {
		t.Fatalf("point-blank: %v", r.Result)
	}
	// A roll of 100 reaches the malfunction number: jammed, no shot.
	r = e.ok("bob", "/attack weapon:\".38 revolver\" target:Ghoul distance:30", 10, 10)
	if r.Result["jammed"] != true || r.Result["outcome"] != "miss" || r.Result["damage"] != 0.0 {
		t.Errorf("jam: %v", r.Result)
	}
}

// TestCoCDying: at 0 HP with a major wound an investigator is dying (digest §7.5, E7.9: 11 damage of 11 HP); at the
// end of each round (the /init next that wraps the round) every dying investigator rolls CON, in the encounter's
// order, and a failure kills. First Aid stabilises: a stable investigator no longer rolls at the round's end.
func TestCoCDying(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda) // CON 60, HP 11, DEX 65
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40 First Aid 40"`)
	e.ok("carol", `/sheet create system:coc name:Cleo skills:"STR 40 CON 50 SIZ 50 DEX 65 APP 60 INT 70 POW 55 EDU 70 Luck 50"`)
	e.ok("gm", "/init start system:coc")
	e.ok("gm", "/init add name:Ghoul hp:13 dex:70")
	for _, u := range []string{"alice", "carol", "bob"} {
		e.ok(u, "/init join")
	}
	e.ok("alice", "/hp damage amount:11") // 2×11 ≥ 11, 0 HP: dying
	e.ok("carol", "/hp damage amount:10") // 2×10 ≥ 10, 0 HP: dying (not above max: alive)
	for range 4 {                         // round 1: Ghoul, Ada, Cleo, Ben — no round has ended yet
		if r := e.ok("gm", "/init next"); sub(t, r.Result, "turn")["coc_dying"] != nil {
			t.Fatalf("a dying roll inside round 1: %v", r.Result)
		}
	}
	// Round 1 ends: Ada rolls 20 against CON 60 (holds), Cleo 99 against CON 50 (dies).
	r := e.ok("gm", "/init next", 2, 10, 9, 9)
	rolls, _ := sub(t, r.Result, "turn")["coc_dying"].([]any)
	if len(rolls) != 2 {
		t.Fatalf("round end rolls: %v\n%s", r.Result, r.Text)
	}
	for i, want := range []struct {
		name string
		dead bool
	}{{"Ada", false}, {"Cleo", true}} {
		d := rolls[i].(map[string]any)
		if d["name"] != want.name || (sub(t, d, "result")["dead"] == true) != want.dead {
			t.Errorf("roll %d: %v", i, d)
		}
	}
	if !strings.Contains(r.Text, "Cleo dies") || !strings.Contains(r.Text, "Ada holds on") {
		t.Errorf("text:\n%s", r.Text)
	}
	if c := e.coc("carol", "Cleo"); !c.Has(coc.Dead) || c.Has(coc.Dying) {
		t.Errorf("Cleo %+v", c.Conditions)
	}
	if a := e.coc("alice", "Ada"); !a.Has(coc.Dying) || a.Has(coc.Dead) {
		t.Errorf("Ada %+v", a.Conditions)
	}
	// Ben's First Aid (20 against 40) stabilises Ada: no more rolls at the end of round 2.
	e.ok("bob", "/coc aid skill:first_aid target:Ada", 2, 10)
	if a := e.coc("alice", "Ada"); !a.Has(coc.Stable) || a.Has(coc.Dying) || a.HP != 1 {
		t.Fatalf("Ada after first aid %+v", a.Conditions)
	}
	for i := 0; ; i++ {
		r := e.ok("gm", "/init next")
		turn := sub(t, r.Result, "turn")
		if turn["coc_dying"] != nil {
			t.Fatalf("a stable investigator rolled: %v", r.Result)
		}
		if turn["new_round"] == true {
			break
		}
		if i > 5 {
			t.Fatal("round 2 never ended")
		}
	}
}

// TestCoCCombined: /check skill:A also:B is one d100 against both skills (digest §5.7); need:all (the default) needs
// both, need:any one. Edges at Library Use 60 and Spot Hidden 50, at hard difficulty (30 and 25), and E5.17 (roll 38
// against Stealth 40 and Throw 30: any succeeds, all fails). The odds are exact.
func TestCoCCombined(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda) // Library Use 60, Spot Hidden 50
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40 Stealth 40, Throw 30"`)
	for _, tt := range []struct {
		user, line string
		faces      []int
		outcome    string
		success    bool
		parts      []bool
	}{
		{"alice", "/check skill:library_use also:spot_hidden", []int{5, 10}, "success", true, []bool{true, true}},  // 50
		{"alice", "/check skill:library_use also:spot_hidden", []int{5, 1}, "partial", false, []bool{true, false}}, // 51
		{"alice", "/check skill:library_use also:spot_hidden need:any", []int{5, 1}, "partial", true, []bool{true, false}},
		{"alice", "/check skill:library_use also:spot_hidden need:any", []int{6, 10}, "partial", true, []bool{true, false}},           // 60
		{"alice", "/check skill:library_use also:spot_hidden need:any", []int{6, 1}, "failure", false, []bool{false, false}},          // 61
		{"alice", "/check skill:library_use also:spot_hidden difficulty:hard", []int{2, 5}, "success", true, []bool{true, true}},      // 25
		{"alice", "/check skill:library_use also:spot_hidden difficulty:hard", []int{2, 6}, "partial", false, []bool{true, false}},    // 26
		{"alice", "/check skill:library_use also:spot_hidden penalty_dice:1", []int{2, 1, 6}, "failure", false, []bool{false, false}}, // 21 or 61: the worse, 61, is kept
		{"bob", "/check skill:stealth also:throw need:any", []int{3, 8}, "partial", true, []bool{true, false}},                        // E5.17
		{"bob", "/check skill:stealth also:throw", []int{3, 8}, "partial", false, []bool{true, false}},                                // E5.17
	} {
		r := e.ok(tt.user, tt.line, tt.faces...)
		if r.Result["outcome"] != tt.outcome || r.Result["success"] != tt.success || r.Result["combined"] != true {
			t.Errorf("%s %v: %v\n%s", tt.line, tt.faces, r.Result, r.Text)
			continue
		}
		parts, _ := r.Result["parts"].([]any)
		for i, want := range tt.parts {
			if parts[i].(map[string]any)["success"] != want {
				t.Errorf("%s %v: part %d %v", tt.line, tt.faces, i, parts[i])
			}
		}
	}
	// Exact odds: all needs ≤ 50 (1/2), any ≤ 60 (3/5); with a bonus die, all = P(min of two tens ≤ 50).
	for _, tt := range []struct {
		line  string
		mode  coc.CombinedMode
		bonus int
		wins  coc.Chance
	}{
		{"/check skill:library_use also:spot_hidden", coc.CombinedAll, 0, coc.NewChance(1, 2)},
		{"/check skill:library_use also:spot_hidden need:any", coc.CombinedAny, 0, coc.NewChance(3, 5)},
		// one bonus die: the better of two tens dice is ≤ 50 unless both are over: 1 − (1/2)²
		{"/check skill:library_use also:spot_hidden bonus_dice:1", coc.CombinedAll, 1, coc.NewChance(3, 4)},
	} {
		r := e.ok("alice", tt.line, 9, 9, 9)
		want := coc.CombinedOddsOf(coc.CombinedInput{Mode: tt.mode, Bonus: tt.bonus, Parts: []coc.CombinedPart{
			{Subject: coc.SkillSubject("library_use"), Value: 60}, {Subject: coc.SkillSubject("spot_hidden"), Value: 50}}})
		got := sub(t, sub(t, r.Result, "odds"), "wins")
		if got["num"] != float64(want.Wins.Num) || got["den"] != float64(want.Wins.Den) || want.Wins != tt.wins {
			t.Errorf("%s: chance %v, want %v (%v)", tt.line, got, want.Wins, tt.wins)
		}
	}
	if c := e.coc("bob", "Ben"); !c.Skills[0].Mark && !c.Skills[1].Mark {
		t.Errorf("no development mark from the combined success: %+v", c.Skills)
	}
	// In Chinese: the skills by their Chinese names.
	e.console("alice").Locale = "zh-CN"
	r := e.ok("alice", "/check skill:图书馆使用 also:侦查 need:any", 4, 10)
	if r.Result["outcome"] != "success" || !strings.Contains(r.Text, "组合检定") {
		t.Errorf("zh-CN: %v\n%s", r.Result, r.Text)
	}
	for _, tt := range []struct{ line, code string }{
		{"/check skill:library_use need:any", "cthulhu.err.need_alone"},
		{"/check skill:library_use also:spot_hidden push:true", "cthulhu.err.combined_option"},
		{"/check skill:library_use also:spot_hidden luck:10", "cthulhu.err.combined_option"},
		{"/check skill:library_use also:spot_hidden,dodge,listen,psychology,str", "coc.err.bad_combined"},
		{"/check skill:library_use also:nonsense", "coc.err.unknown_skill"},
	} {
		e.refused("alice", tt.line, tt.code)
	}
}

// TestCoCNPCShot: a CoC NPC with a firearm (/init add … firearm:true defences:firearms:50,gun:1d10,range:15) goes
// +50 in the order and shoots by the firearm rules when /attack gives a distance (digest §7.3, E7.5, E7.8): DEX 50
// makes 10 ft point-blank (a bonus die), 80 ft is long range (Hard), 150 ft very long (Extreme); an extreme hit deals
// the gun's maximum and an impaling roll. Without a distance it fights with its Fighting.
func TestCoCNPCShot(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`) // HP 13
	e.ok("gm", "/init start system:coc")
	e.ok("bob", "/init join")
	r := e.ok("gm", "/init add name:Gunman hp:12 dex:50 firearm:true defences:fighting:40,firearms:50,gun:1d10,range:15")
	if order := r.Result["order"].([]any); order[0] != "Gunman" {
		t.Fatalf("the readied gun's +50 (100 before 55): %v", order)
	}
	// 10 ft: point-blank; tens 6 and 2, units 5: 65 or 25, 25 kept, a regular success; 1D10 rolls 4.
	r = e.ok("gm", "/attack character:Gunman target:Ben distance:10", 6, 5, 2, 4)
	if sub(t, r.Result, "shot")["band"] != "point_blank" || sub2(t, r.Result, "shot", "check")["net"] != 1.0 ||
		r.Result["outcome"] != "hit" || r.Result["damage"] != 4.0 {
		t.Fatalf("point-blank: %v\n%s", r.Result, r.Text)
	}
	if o := oddsOf(t, r.Result["shot_odds"]); o != *coc.ShotOdds(coc.ShotInput{Value: 50, DEX: 50, Distance: 10,
		Weapon: coc.Weapon{Name: "1d10", Skill: "firearms_handgun", Damage: "1d10", DB: coc.DBNone, Impale: true, Range: 15}}) {
		t.Errorf("point-blank odds %+v", o)
	}
	// 80 ft: long range, Hard (25): 30 misses.
	r = e.ok("gm", "/attack character:Gunman target:Ben distance:80", 3, 10)
	if sub(t, r.Result, "shot")["band"] != "long" || r.Result["outcome"] != "miss" {
		t.Errorf("long: %v", r.Result)
	}
	// 150 ft: very long range, Extreme (10): 10 hits, an extreme success: 10 + 1D10 (3) impale = 13 → Ben 9 → 0.
	r = e.ok("gm", "/attack character:Gunman target:Ben distance:150", 1, 10, 3)
	if sub(t, r.Result, "shot")["band"] != "very_long" || r.Result["extreme"] != true || r.Result["damage"] != 13.0 {
		t.Fatalf("very long: %v\n%s", r.Result, r.Text)
	}
	if b := e.coc("bob", "Ben"); b.HP != 0 || !b.Has(coc.Dying) || !b.Has(coc.MajorWound) {
		t.Errorf("Ben after the extreme shot: HP %d %+v", b.HP, b.Conditions)
	}
	// No distance: the NPC fights (Fighting 40; Ben is unconscious and does not defend): 20 hits for 1D3 (2).
	r = e.ok("gm", "/attack character:Gunman target:Ben", 2, 10, 2)
	if r.Result["shot"] != nil || r.Result["outcome"] != "hit" {
		t.Errorf("melee: %v", r.Result)
	}
	e.refused("gm", "/init add name:Bad hp:5 defences:range:0", "cthulhu.err.bad_npc")
}

// TestCoCManoeuvre: /coc manoeuvre, a fighting manoeuvre (digest §7.2, E7.4): one penalty die per point of Build the initiator lacks,
// impossible at a gap of 3; it must beat the defence's level (a tie fails); no damage; a knock-down leaves a character
// prone.
func TestCoCManoeuvre(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)                                                                                                  // Fighting (Brawl) 50, Build 0
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`) // Build 1, Dodge 27
	e.ok("gm", "/init start system:coc")
	e.ok("alice", "/init join")
	e.ok("bob", "/init join")
	e.ok("gm", "/init add name:Brute hp:20 dex:40 defences:dodge:20,fighting:50,build:3")
	// Build 0 against 1: one penalty die; tens 1 and 2, units 0: 10 or 20, 20 kept (Hard); Ben's Dodge rolls 99.
	r := e.ok("alice", "/coc manoeuvre kind:knock_down target:Ben", 1, 10, 2, 9, 9)
	m := sub(t, r.Result, "manoeuvre")
	if m["penalty"] != 1.0 || m["success"] != true || m["prone"] != true || r.Result["damage"] != 0.0 ||
		r.Result["outcome"] != "manoeuvre" {
		t.Fatalf("knock-down: %v\n%s", r.Result, r.Text)
	}
	if b := e.coc("bob", "Ben"); !b.Has(coc.Prone) || b.HP != 13 {
		t.Errorf("Ben %d %+v", b.HP, b.Conditions)
	}
	// A tie fails: Ada Hard (20), Ben's Dodge Hard (10 ≤ 13).
	r = e.ok("alice", "/coc manoeuvre kind:grapple target:Ben", 1, 10, 2, 1, 10)
	if m := sub(t, r.Result, "manoeuvre"); m["success"] != false || r.Result["outcome"] != "manoeuvre_failed" {
		t.Errorf("tie: %v", r.Result)
	}
	e.refused("alice", "/coc manoeuvre kind:disarm target:Brute", "cthulhu.err.manoeuvre_impossible") // gap 3
	e.refused("dave", "/coc manoeuvre kind:disarm target:Ben", "rt.err.option_not_for_system")        // no CoC character
	// A knock-down harms: a player outside the encounter may not knock another's investigator down (issue 11).
	e.ok("carol", `/sheet create system:coc name:Cora skills:"STR 90 CON 60 SIZ 90 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`)
	e.refused("carol", "/coc manoeuvre kind:knock_down target:Ben", "play.err.harm_refused")
	// The other way round: no penalty dice for the bigger one (Build 3 against 0).
	r = e.ok("gm", "/coc manoeuvre kind:disarm character:Brute target:Ada", 5, 10, 9, 9)
	if m := sub(t, r.Result, "manoeuvre"); m["penalty"] != 0.0 || m["success"] != true || m["prone"] != nil {
		t.Errorf("Brute disarms: %v", r.Result)
	}
}
