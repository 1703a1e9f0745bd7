package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/locales"
	"rulekeeper/rules/rogue"
)

// TestRogueSheetCreate: defaults, every create option, and what /sheet show derives.
func TestRogueSheetCreate(t *testing.T) {
	e := newPlayEnv(t)
	r := e.ok("alice", "/sheet create system:rogue name:Pip")
	p := e.rt("alice", "Pip")
	if p.Race != rogue.Human || p.Sex != rogue.Male || p.Level != 1 || p.Base != (rogue.Attributes{Str: 7, Agi: 7, Sta: 7, Cha: 7}) ||
		p.HP != 7 || p.Energy != 3 || p.Hunger != 1620 || p.Thirst != 1620 {
		t.Fatalf("defaults: %+v", p)
	}
	wantResult(t, "Pip", r.Result, map[string]any{"hp": 7.0, "hp_max": 7.0, "energy": 3.0, "energy_max": 3.0})

	// Zed: female orc, level 9 (3 talent points); base STA 10 (+3) × 3 + 10 = 19 HP, raised to 30; AGI +3 dodges
	// 2 (max dodge) and parries 3 (Dual Wield: the full bonus, max parry 3).
	r = e.ok("alice", "/sheet create system:rogue name:Zed race:orc sex:female level:9 str:8 agi:10 sta:10 cha:11 talents:dual_wield,keen_eye,黑暗视觉 max_dodge:2 max_parry:3 max_cast:4 hp:30")
	z := e.rt("alice", "Zed")
	if z.Race != rogue.Orc || z.Sex != rogue.Female || z.Size != rogue.Large || z.MaxHP != 30 || z.HP != 30 || z.BonusHP != 11 ||
		len(z.Talents) != 3 || z.Talents[2] != rogue.DarkVision || *z.Equip.MaxCast != 4 || z.Equip.Shield != nil {
		t.Fatalf("Zed: %+v", z)
	}
	if d := sub(t, r.Result, "defences"); d["dodge"] != 2.0 || d["parry"] != 3.0 {
		t.Errorf("Zed's defences: %v", d)
	}
	if m := sub(t, r.Result, "modifiers"); m["str"] != 2.0 || m["agi"] != 3.0 {
		t.Errorf("orc modifiers: %v", m)
	}
	for _, w := range []string{"Zed — Orc, Female, level 9", "HP 30/30 · energy 6/6", "Dodge +2", "Parry +3", "Max cast: +4",
		"Dual Wield, Keen Eye, Dark Vision", "Talent points: 3/3", "Hunger: Satiated (1620)", "Agility (AGI) **10** → +3"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("show lacks %q:\n%s", w, r.Text)
		}
	}
	// A shield with a wider max block.
	e.ok("alice", "/sheet create system:rogue name:Tor shield:target max_block:2")
	if s := e.rt("alice", "Tor").Equip.Shield; s == nil || *s != (rogue.Shield{MinBlock: 1, MaxBlock: 2}) {
		t.Errorf("Tor's shield: %+v", s)
	}
	// In Chinese.
	e.console("alice").Locale = "zh-CN"
	r = e.ok("alice", "/sheet show character:Zed")
	e.console("alice").Locale = ""
	for _, w := range []string{"兽人", "女性", "敏捷 **10** → +3", "血量 30/30 · 精力 6/6", "双持", "满足（1620）"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("zh-CN show lacks %q:\n%s", w, r.Text)
		}
	}
}

// TestRogueSheetSet changes every field through /sheet set and checks the stored sheet.
func TestRogueSheetSet(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Zed level:12 str:8 agi:10 sta:10 cha:11")
	tests := []struct {
		field, value string
		check        func(c *rogue.Character) bool
	}{
		{"str", "9", func(c *rogue.Character) bool { return c.Base.Str == 9 }},
		{"agi_enhance", "+1", func(c *rogue.Character) bool { return c.Enhance.Agi == 1 && c.Mod(rogue.Agi) == 4 }},
		{"sta_enhance", "1", func(c *rogue.Character) bool { return c.Enhance.Sta == 1 }},
		{"ability_damage", "cha:1", func(c *rogue.Character) bool { return c.AbilityDamage.Cha == 1 && c.Score(rogue.Cha) == 10 }},
		{"level", "13", func(c *rogue.Character) bool { return c.Level == 13 }},
		{"sex", "female", func(c *rogue.Character) bool { return c.Sex == rogue.Female }},
		{"race", "兽人", func(c *rogue.Character) bool { return c.Race == rogue.Orc && c.Mod(rogue.Str) == 3 }},
		{"size", "huge", func(c *rogue.Character) bool { return c.Size == rogue.Huge }},
		{"monster", "true", func(c *rogue.Character) bool { return c.Monster }},
		{"monster", "no", func(c *rogue.Character) bool { return !c.Monster }},
		{"undead", "yes", func(c *rogue.Character) bool { return c.Undead }},
		{"daemon", "1", func(c *rogue.Character) bool { return c.Daemon }},
		{"talents", "literacy_common, 读写：天使, dual_wield", func(c *rogue.Character) bool {
			return len(c.Talents) == 3 && c.Talents[1] == rogue.LiteracyCelestial
		}},
		{"spells", "healing_touch, 治疗中毒", func(c *rogue.Character) bool { return len(c.Spells) == 2 && c.Spells[1] == rogue.CurePoison }},
		{"max_dodge", "2", func(c *rogue.Character) bool { return c.Equip.MaxDodge != nil && *c.Equip.MaxDodge == 2 }},
		{"max_dodge", "none", func(c *rogue.Character) bool { return c.Equip.MaxDodge == nil }},
		{"max_cast", "3", func(c *rogue.Character) bool { return *c.Equip.MaxCast == 3 }},
		{"max_parry", "2", func(c *rogue.Character) bool { return *c.Equip.MaxParry == 2 }},
		{"max_parry", "none", func(c *rogue.Character) bool { return c.Equip.MaxParry == nil }},
		{"shield", "buckler", func(c *rogue.Character) bool { return *c.Equip.Shield == rogue.Shield{MinBlock: 1, MaxBlock: 2} }},
		{"max_block", "3", func(c *rogue.Character) bool { return *c.Equip.Shield == rogue.Shield{MinBlock: 1, MaxBlock: 3} }},
		{"shield", "2/5", func(c *rogue.Character) bool { return *c.Equip.Shield == rogue.Shield{MinBlock: 2, MaxBlock: 5} }},
		{"cursed", "2", func(c *rogue.Character) bool { f, _ := c.FumbleMod(); return c.Equip.Cursed == 2 && f == 2 }},
		{"luck", "on", func(c *rogue.Character) bool { f, _ := c.FumbleMod(); return c.Equip.Luck && f == 1 }},
		{"crit_mod", "1", func(c *rogue.Character) bool { return c.Equip.CritMod == 1 }},
		{"large_weapon", "true", func(c *rogue.Character) bool { return c.Equip.LargeWeapon }},
		{"resist", "fire:2, physical:1/3", func(c *rogue.Character) bool {
			return c.Resist[rogue.Fire] == rogue.Resistance{Body: 2, Head: 2} && c.Resist[rogue.Physical] == rogue.Resistance{Body: 1, Head: 3}
		}},
		{"immune", "poison, instant_death", func(c *rogue.Character) bool {
			return c.IsImmune(rogue.Immunity(rogue.Poison)) && c.IsImmune(rogue.ImmuneInstantDeath)
		}},
		{"weak", "冰霜", func(c *rogue.Character) bool { return c.IsWeak(rogue.Frost) }},
		{"aura", "fire", func(c *rogue.Character) bool { return c.Aura == rogue.Fire }},
		{"aura", "none", func(c *rogue.Character) bool { return c.Aura == "" }},
		{"hunger", "吃撑", func(c *rogue.Character) bool { return c.Hunger == rogue.SetLevel(7) }},
		{"hunger", "hungry", func(c *rogue.Character) bool { return c.Hunger == rogue.SetLevel(3) }},
		{"thirst", "500", func(c *rogue.Character) bool { return c.Thirst == 500 }},
		{"bonus_hp", "5", func(c *rogue.Character) bool { return c.BonusHP == 5 && c.MaxHP == c.HPFormula()+5 }},
		{"hp", "10", func(c *rogue.Character) bool { return c.HP == 10 }},
		{"energy", "2", func(c *rogue.Character) bool { return c.Energy == 2 }},
	}
	for _, tt := range tests {
		line := "/sheet set field:" + tt.field + " value:\"" + tt.value + "\""
		r := e.run("alice", line)
		if r.Error != "" {
			t.Fatalf("%s: %s %s", line, r.Error, r.Text)
		}
		if c := e.rt("alice", "Zed"); !tt.check(c) {
			t.Errorf("%s: sheet %+v", line, c)
		}
		if !strings.Contains(r.Text, "Changed "+tt.field+" of **Zed**") {
			t.Errorf("%s: %s", line, r.Text)
		}
	}
	// Autocomplete of the field names is the Rogue's Tale list.
	r := e.bot.Handle(&bot.Request{Kind: bot.KindAutocomplete, Path: []string{"sheet", "set"}, Focused: "field", Options: map[string]any{"field": "max_"}, UserID: "alice", GuildID: playGuild})
	if len(r.Choices) != 4 || r.Choices[0].Value != "max_block" {
		t.Errorf("field autocomplete: %+v", r.Choices)
	}
}

// TestRogueBadInput: each bad line is its own localized, ephemeral error and changes nothing.
func TestRogueBadInput(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("bob", createBorin) // a D&D 5e character
	tests := []struct {
		user, line string
		code       string // "" = must succeed (sets up the next row)
		faces      []int
	}{
		// /check
		{"alice", "/check skill:stealth", "rt.err.unknown_check", nil},
		{"alice", "/check skill:str bonus:1d4", "rt.err.bad_bonus", nil},
		{"alice", "/check skill:str dc:1", rogue.ErrBadDifficulty, nil},
		{"alice", "/check skill:str dc:41", rogue.ErrBadDifficulty, nil},
		{"alice", "/check skill:str mode:adv", "rt.err.option_not_for_system", nil},
		{"alice", "/check skill:str bonus:99", rogue.ErrBadModifier, []int{3, 3}},
		// /attack
		{"alice", "/attack weapon:longsword target:Grak", "rt.attack.err.need_damage", nil},
		{"alice", "/attack damage:1d8 target:Nobody", "rt.err.no_target", nil},
		{"alice", "/attack damage:2d dodge:1", rogue.ErrBadDamage, nil},
		{"alice", "/attack damage:1d8 target:Grak", "play.err.harm_refused", nil},
		{"alice", "/attack damage:1d8 target:Grak dodge:1", "rt.attack.err.target_and_defences", nil},
		{"alice", "/attack damage:1d8 block:1 parry:1", rogue.ErrShieldAndParry, nil},
		{"alice", "/attack damage:1d8 ac:12", "rt.err.option_not_for_system", nil},
		{"alice", "/attack damage:1d8 mode:adv target:Grak", "rt.err.option_not_for_system", nil},
		{"alice", "/attack damage:1d8 kind:melee range:3", "rt.attack.err.range_melee", nil},
		{"alice", "/attack damage:1d8 kind:sideways", "core.err.bad_choice", nil},
		{"alice", "/attack damage:1d8 dodge:11", "core.err.too_large", nil},
		{"alice", "/attack damage:1d8 talent:aimed_shot", rogue.ErrTalentUnknownToMe, nil},
		{"alice", "/attack damage:1d8 talent:flying", rogue.ErrUnknownTalent, nil},
		{"alice", "/attack weapon:\"dagger small\" damage:1d4 hand:two", rogue.ErrBadHand, nil},
		{"alice", "/attack damage:1d8 bonus:two", "rt.err.bad_bonus", nil},
		{"alice", "/attack damage:1d8 target:Borin", "rt.err.not_rogue", nil},
		{"bob", "/attack weapon:longsword dodge:1", "rt.err.option_not_for_system", nil},
		// /hp
		{"alice", "/hp damage amount:3 type:slashing", rogue.ErrUnknownDamageType, nil},
		{"alice", "/hp temp amount:3", "rt.hp.err.no_temp", nil},
		{"alice", "/hp max amount:5", "rt.err.max_hp_below_formula", nil},
		{"alice", "/hp heal amount:-1", "core.err.too_small", nil},
		// /rt
		{"alice", "/rt turn count:1001", "core.err.too_large", nil},
		{"alice", "/rt turn count:0", "core.err.too_small", nil},
		{"alice", "/rt turn action:dance", "core.err.bad_choice", nil},
		{"alice", "/rt rest turns:0", "core.err.too_small", nil},
		{"alice", "/rt eat amount:0", "core.err.too_small", nil},
		{"alice", "/rt drink", "core.err.missing_option", nil},
		{"alice", "/rt effect add kind:curse", "rt.effect.err.need_name", nil},
		{"alice", "/rt effect add kind:curse name:boredom", rogue.ErrUnknownEffect, nil},
		{"alice", "/rt effect add kind:haste name:fast", rogue.ErrUnknownEffect, nil},
		{"alice", "/rt effect add kind:curse name:agony power:11", "core.err.too_large", nil},
		{"alice", "/rt effect add kind:curse name:agony turns:-1", "core.err.too_small", nil},
		{"alice", "/rt effect add kind:plague name:agony", "core.err.bad_choice", nil},
		{"alice", "/rt effect remove kind:poison", rogue.ErrEffectAbsent, nil},
		{"alice", "/rt effect remove kind:curse name:agony", rogue.ErrEffectAbsent, nil},
		{"bob", "/rt turn", "rt.err.not_rogue", nil},
		{"bob", "/rt effect list", "rt.err.not_rogue", nil},
		{"nobody", "/rt rest", "char.err.no_active", nil},
		// /cast
		{"alice", "/cast spell:fireball2", rogue.ErrUnknownSpell, nil},
		{"alice", "/cast spell:flaming_orb", rogue.ErrSpellNotKnown, nil},
		{"alice", "/cast spell:flaming_orb target:Grak", "play.err.harm_refused", nil},
		{"alice", "/cast spell:healing_touch range:3", "rt.cast.err.range_self", nil},
		{"alice", "/cast spell:healing_touch bonus:x", "rt.err.bad_bonus", nil},
		// /sheet create and set
		{"alice", "/sheet create system:rogue name:Ann str:12", rogue.ErrRuleOfThree, nil},
		{"alice", "/sheet create system:rogue name:Ann class:rogue", "rt.err.option_not_for_system", nil},
		{"alice", "/sheet create name:Ann class:bard race:orc", "rt.err.option_not_for_system", nil},
		{"alice", "/sheet create system:rogue name:Ann talents:aimed_shot", rogue.ErrTooManyTalents, nil},
		{"alice", "/sheet create system:rogue name:Ann level:3 talents:multi_shot", rogue.ErrTalentPrereq, nil},
		{"alice", "/sheet create system:rogue name:Ann talents:juggling", rogue.ErrUnknownTalent, nil},
		{"alice", "/sheet create system:rogue name:Ann hp:3", "rt.err.max_hp_below_formula", nil},
		{"alice", "/sheet create system:rogue name:Ann shield:buckler max_parry:2", rogue.ErrShieldAndParry, nil},
		{"alice", "/sheet create system:rogue name:Ann race:elf", "core.err.bad_choice", nil},
		{"alice", "/sheet create system:rogue name:Brom", "char.err.name_taken", nil},
		{"alice", "/sheet set field:str value:12", rogue.ErrRuleOfThree, nil},
		{"alice", "/sheet set field:spells value:flaming_orb", rogue.ErrSpellLiteracy, nil},
		{"alice", "/sheet set field:spells value:zap", rogue.ErrUnknownSpell, nil},
		{"alice", "/sheet set field:hp value:99", rogue.ErrBadHP, nil},
		{"alice", "/sheet set field:energy value:-1", rogue.ErrBadEnergy, nil},
		{"alice", "/sheet set field:wings value:1", "rt.err.unknown_field", nil},
		{"alice", "/sheet set field:level value:x", "rt.err.bad_field_number", nil},
		{"alice", "/sheet set field:level value:51", rogue.ErrBadLevel, nil},
		{"alice", "/sheet set field:shield value:huge", "rt.err.bad_shield", nil},
		{"alice", "/sheet set field:shield value:3/1", rogue.ErrBadShield, nil},
		{"alice", "/sheet set field:max_parry value:2", rogue.ErrShieldAndParry, nil},
		{"alice", "/sheet set field:resist value:fire", "rt.err.bad_resist", nil},
		{"alice", "/sheet set field:resist value:magic:2", rogue.ErrNotResistible, nil},
		{"alice", "/sheet set field:resist value:fire:21", rogue.ErrBadResistance, nil},
		{"alice", "/sheet set field:immune value:fire,fire", rogue.ErrDuplicate, nil},
		{"alice", "/sheet set field:aura value:physical", rogue.ErrBadAura, nil},
		{"alice", "/sheet set field:hunger value:stuffed", "rt.err.bad_track", nil},
		{"alice", "/sheet set field:thirst value:10000", rogue.ErrBadCounter, nil},
		{"alice", "/sheet set field:monster value:maybe", "rt.err.bad_field_bool", nil},
		{"alice", "/sheet set field:ability_damage value:sta", "rt.err.bad_attribute_values", nil},
		{"alice", "/sheet set field:race value:elf", rogue.ErrUnknownRace, nil},
		{"alice", "/sheet set field:max_cast value:11", rogue.ErrBadCap, nil},
		{"alice", "/sheet set field:cursed value:21", rogue.ErrBadCount, nil},
		{"alice", "/sheet set field:agi_enhance value:11", rogue.ErrBadEnhancement, nil},
	}
	for _, tt := range tests {
		e.refused(tt.user, tt.line, tt.code, tt.faces...)
	}
}

// TestRogueOwnership: only the owner or a GM changes a character; harm to another's needs a GM or a fight in this
// channel's encounter, help needs neither (issue 11).
func TestRogueOwnership(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("bob", "/sheet create system:rogue name:Vel")
	for _, c := range [][2]string{
		{"/attack character:Brom damage:1d8 target:Grak", "char.err.not_owner"},
		{"/rt turn character:Brom", "char.err.not_owner"},
		{"/rt rest character:Brom", "char.err.not_owner"},
		{"/rt eat amount:10 character:Brom", "char.err.not_owner"},
		{"/rt effect add kind:state name:stunned character:Brom", "char.err.not_owner"},
		{"/rt effect remove kind:state character:Brom", "char.err.not_owner"},
		{"/hp damage amount:1 character:Brom", "play.err.harm_refused"},
		{"/hp max amount:20 character:Brom", "char.err.not_owner"},
		{"/sheet set field:str value:8 character:Brom", "char.err.not_owner"},
		{"/cast spell:healing_touch character:Brom", "char.err.not_owner"},
		{"/attack damage:1d4 target:Brom", "play.err.harm_refused"},
	} {
		line, code := c[0], c[1]
		before := e.snapshot()
		r := e.run("bob", line, 3, 3, 3)
		if r.Error != code || !r.Ephemeral || !strings.Contains(r.Text, "Brom") {
			t.Errorf("%s: %+v", line, r)
		}
		if e.snapshot() != before {
			t.Errorf("%s changed the store", line)
		}
	}
	// Healing is help: Bob may heal Brom, and the reply names him.
	e.ok("alice", "/hp damage amount:2")
	if r := e.ok("bob", "/hp heal amount:1 character:Brom"); r.Result["by"] != "bob" || !strings.Contains(r.Text, "By bob.") {
		t.Errorf("bob heals Brom: %+v", r)
	}
	// In a fight of this channel, Bob's Vel may attack Brom; the GM may act for anyone.
	e.brawlRT("alice", "bob")
	e.ok("bob", "/attack damage:1d4 target:Brom", 1, 2)
	e.ok("gm", "/rt turn character:Brom")
	e.ok("gm", "/hp damage amount:1 character:Brom")
	if b := e.rt("alice", "Brom"); b.HP != 7 || b.Hunger != 1619 {
		t.Errorf("Brom after the GM: %+v", b)
	}
	// Reading is open: a check for another's character changes nothing.
	before := e.snapshot()
	e.ok("bob", "/check skill:str character:Brom", 3, 3)
	if e.snapshot() != before {
		t.Error("a check changed the store")
	}
}

// TestRogueErrorsLocalized: the ids in rules errors are named in the caller's language.
func TestRogueErrorsLocalized(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	tests := []struct {
		locale, line string
		want         []string
	}{
		{"zh-CN", "/sheet set field:spells value:flaming_orb", []string{"火球术", "读写：龙系"}},
		{"zh-TW", "/sheet set field:spells value:flaming_orb", []string{"火球術", "讀寫：龍系"}},
		{"ko", "/sheet set field:spells value:flaming_orb", []string{"화염 구체", "읽기·쓰기: 용언"}},
		{"en", "/sheet create system:rogue name:Ann level:3 talents:multi_shot", []string{"Multi Shot", "Aimed Shot"}},
		{"en", "/sheet create system:rogue name:Ann talents:aimed_shot", []string{"Too many talents for level 1: chosen 1, talent points 0"}},
		{"zh-CN", "/attack weapon:\"dagger small\" damage:1d4 hand:two", []string{"小型武器", "双手"}},
		{"ko", "/attack damage:1d4 kind:ranged talent:crushing_blow", []string{"분쇄 일격"}},
		{"zh-CN", "/rt effect remove kind:poison", []string{"Brom", "毒"}},
		{"zh-CN", "/attack damage:1d8 ac:12", []string{"ac", "Rogue's Tale"}},
	}
	for _, tt := range tests {
		c := e.console("alice")
		c.Locale = tt.locale
		r := e.run("alice", tt.line)
		c.Locale = ""
		if r.Error == "" {
			t.Errorf("%s %s: no error", tt.locale, tt.line)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%s %s: %q lacks %q", tt.locale, tt.line, r.Text, w)
			}
		}
	}
}

// TestRogueNames: every id of the tables the bot reads is found by its id and by its name in every language, and
// no name stands for two ids of one table.
func TestRogueNames(t *testing.T) {
	type entry struct{ id, key string }
	tables := map[string][]entry{}
	for _, a := range rogue.AllAttributes() {
		tables[bot.RkAttr] = append(tables[bot.RkAttr], entry{string(a), a.Key()})
	}
	for _, s := range rogue.Talents() {
		tables[bot.RkTalent] = append(tables[bot.RkTalent], entry{string(s.ID), s.ID.Key()})
	}
	for _, s := range rogue.Spells() {
		tables[bot.RkSpell] = append(tables[bot.RkSpell], entry{string(s.ID), s.ID.Key()})
	}
	for _, s := range rogue.States() {
		tables[bot.RkState] = append(tables[bot.RkState], entry{string(s), s.Key()})
	}
	for _, c := range rogue.Curses() {
		tables[bot.RkCurse] = append(tables[bot.RkCurse], entry{string(c), c.Key()})
	}
	for _, p := range rogue.Poisons() {
		tables[bot.RkPoison] = append(tables[bot.RkPoison], entry{string(p), p.Key()})
	}
	for _, d := range rogue.Diseases() {
		tables[bot.RkDisease] = append(tables[bot.RkDisease], entry{string(d.ID), d.ID.Key()})
	}
	for _, i := range rogue.Immunities() {
		tables[bot.RkImmunity] = append(tables[bot.RkImmunity], entry{string(i), i.Key()})
	}
	for kind, entries := range tables {
		for _, en := range entries {
			if got := bot.LookupRogue(kind, en.id); got != en.id {
				t.Errorf("table %s: id %q → %q", kind, en.id, got)
			}
			for _, l := range locales.Langs {
				name := locales.For(l).T(en.key)
				if got := bot.LookupRogue(kind, name); got != en.id {
					t.Errorf("table %s: %s name %q → %q, want %q", kind, l, name, got, en.id)
				}
			}
		}
	}
	for _, tt := range []struct {
		kind      string
		typed, id string
	}{{bot.RkAttr, "AGI", "agi"}, {bot.RkAttr, "Agility", "agi"}, {bot.RkCheck, "搜索检定", "search"}, {bot.RkHunger, "not hungry", "4"}, {bot.RkThirst, "喝撑", "7"}, {bot.RkWeaponSize, "大型武器", "large"}} {
		if got := bot.LookupRogue(tt.kind, tt.typed); got != tt.id {
			t.Errorf("%q → %q, want %q", tt.typed, got, tt.id)
		}
	}
}

// TestRogueAutocomplete: the shared commands suggest by the acting character's system.
func TestRogueAutocomplete(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("bob", createBorin)
	complete := func(user string, path []string, focused, typed string, more ...string) []string {
		opts := map[string]any{focused: typed}
		for i := 0; i+1 < len(more); i += 2 {
			opts[more[i]] = more[i+1]
		}
		r := e.bot.Handle(&bot.Request{Kind: bot.KindAutocomplete, Path: path, Focused: focused, Options: opts, UserID: user, GuildID: playGuild})
		var out []string
		for _, c := range r.Choices {
			out = append(out, c.Value)
		}
		return out
	}
	has := func(list []string, v string) bool {
		return strings.Contains(","+strings.Join(list, ",")+",", ","+v+",")
	}
	if got := complete("alice", []string{"check"}, "skill", "se"); !has(got, "search") || has(got, "stealth") {
		t.Errorf("RT check: %v", got)
	}
	if got := complete("bob", []string{"check"}, "skill", "ste"); !has(got, "stealth") || has(got, "search") {
		t.Errorf("5e check: %v", got)
	}
	if got := complete("alice", []string{"attack"}, "target", ""); !has(got, "Grak") || !has(got, "Urg") || has(got, "Borin") {
		t.Errorf("RT targets: %v", got)
	}
	if got := complete("alice", []string{"attack"}, "talent", ""); len(got) != 1 || got[0] != "crushing_blow" {
		t.Errorf("Brom's talents: %v", got)
	}
	if got := complete("alice", []string{"hp", "damage"}, "type", "f"); !has(got, "fire") || !has(got, "frost") || has(got, "force") {
		t.Errorf("RT damage types: %v", got)
	}
	if got := complete("alice", []string{"rt", "effect", "add"}, "name", "ag", "kind", "curse"); len(got) != 1 || got[0] != "agony" {
		t.Errorf("curse names: %v", got)
	}
	// 沉睡 is in the sleeping poison's name, and an alias of the asleep state (locales/alias/rogue.zh-CN.toml).
	if got := complete("alice", []string{"rt", "effect", "add"}, "name", "沉睡"); len(got) != 2 || !has(got, "sleeping") || !has(got, "asleep") {
		t.Errorf("effect names in Chinese: %v", got)
	}
}

// TestRogueExportImport: a Rogue's Tale sheet goes out and back in; a tampered file is refused by the rules.
func TestRogueExportImport(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("gm", "/rt effect add kind:poison name:deadly power:1 turns:5 character:Brom")
	write := e.exportFile("alice", "rogue", "Brom")
	e.ok("carl", "/sheet import file:"+write("good", func(map[string]any) {}))
	if c := e.rt("carl", "Brom"); c.HP != 9 || len(c.Effects) != 1 || c.Equip.Shield == nil {
		t.Errorf("imported: %+v", c)
	}
	for _, tt := range []struct {
		name   string
		mutate func(m map[string]any)
		code   string
	}{
		{"rule of three", func(m map[string]any) { m["base"].(map[string]any)["str"] = 12 }, rogue.ErrRuleOfThree},
		{"hunger counter", func(m map[string]any) { m["hunger"] = 99999 }, rogue.ErrBadCounter},
		{"unknown talent", func(m map[string]any) { m["talents"] = []string{"flying"} }, rogue.ErrUnknownTalent},
		{"bad effect", func(m map[string]any) { m["effects"] = []any{map[string]any{"kind": "curse", "id": "boredom"}} }, rogue.ErrUnknownEffect},
		{"version", func(m map[string]any) { m["v"] = 7 }, rogue.ErrBadVersion},
	} {
		before := e.snapshot()
		if r := e.run("dana", "/sheet import file:"+write(tt.name, tt.mutate)); r.Error != tt.code {
			t.Errorf("%s: %+v", tt.name, r)
		}
		if e.snapshot() != before {
			t.Errorf("%s: the refused import changed the store", tt.name)
		}
	}
}
