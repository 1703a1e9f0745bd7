package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/rules/area"
	"rulekeeper/rules/dnd5e"
)

// The casters of the /cast tests. Wiz (wendy): wizard 1, INT 16, DEX 14: two 1st-level slots, spell attack +5,
// DC 13, 7 HP. Ilse (ivan): cleric 1, WIS 16. Mira (alice): wizard 5 (fight5e_test.go). Borin (bob): fighter 2.
const (
	createWiz  = "/sheet create name:Wiz class:wizard level:1 str:8 dex:14 con:12 int:16 wis:10 cha:10"
	createIlse = "/sheet create name:Ilse class:cleric level:1 str:10 dex:10 con:12 int:10 wis:16 cha:10"
)

// castEnv: the casters, and an encounter with an Ogre (59 HP, AC 11, DEX save −1) in channel c1.
func castEnv(t *testing.T) *playEnv {
	e := newPlayEnv(t)
	e.ok("wendy", createWiz)
	e.ok("ivan", createIlse)
	e.ok("alice", createMira)
	e.ok("bob", createBorin)
	e.ok("gm-carol", "/init start")
	e.ok("gm-carol", "/init add name:Ogre hp:59 ac:11 bonus:-1 x:10 y:10", 5)
	return e
}

// detailDice reads /cast's detail.dice.
func detailDice(t *testing.T, r playLine) map[string]any {
	t.Helper()
	return jobj(t, jobj(t, r.Result, "detail"), "dice")
}

func TestCastSlots(t *testing.T) {
	e := castEnv(t)
	// Magic missile: three darts, one 3d4+3 roll for the one target.
	r := e.ok("wendy", "/cast spell:magic_missile target:Ogre", 1, 2, 3)
	if jnum(t, r.Result, "slot_level") != 1 || jnum(t, r.Result, "slots_left") != 1 {
		t.Fatalf("first: %+v", r.Result)
	}
	if tg := castTargets(t, r.Result)["Ogre"]; tg["outcome"] != "affected" || jnum(t, tg, "damage") != 9 || e.npcHP("Ogre") != 50 {
		t.Fatalf("magic missile: %+v", tg)
	}
	if r := e.ok("wendy", "/cast spell:magic_missile target:Ogre", 1, 1, 1); jnum(t, r.Result, "slots_left") != 0 || e.npcHP("Ogre") != 44 {
		t.Fatalf("second: %+v", r.Result)
	}
	if e.sheet("wendy", "Wiz").SlotsLeft(1) != 0 {
		t.Fatal("the slots were not spent on the sheet")
	}
	// None left: refused, nothing changes.
	chars, enc := e.snapshot(), e.encounterData()
	for line, code := range map[string]string{
		"/cast spell:magic_missile target:Ogre":         dnd5e.ErrNoSlotAvailable,
		"/cast spell:magic_missile target:Ogre level:1": dnd5e.ErrNoSlotLeft,
		"/cast spell:magic_missile target:Ogre level:2": dnd5e.ErrNoSlots,
	} {
		if r := e.run("wendy", line, 1, 1, 1); r.Error != code || !r.Ephemeral || !strings.Contains(r.Text, "Wiz") {
			t.Errorf("%s: %+v, want %s", line, r, code)
		}
	}
	if e.snapshot() != chars || e.encounterData() != enc {
		t.Fatal("a refused cast changed the store")
	}
	// Cantrips need no slot.
	if r := e.ok("wendy", "/cast spell:fire_bolt target:Ogre", 2); castTargets(t, r.Result)["Ogre"]["outcome"] != "miss" {
		t.Errorf("fire bolt with no slots: %+v", r.Result)
	}
	// A long rest brings them back.
	e.ok("wendy", "/rest long")
	if e.sheet("wendy", "Wiz").SlotsLeft(1) != 2 {
		t.Error("a long rest restores the slots")
	}
}

func TestCastUpcast(t *testing.T) {
	e := castEnv(t)
	// Burning hands from a 3rd-level slot: 3d6 + 2d6. The Ogre fails its DEX save (2 − 1).
	r := e.ok("alice", "/cast spell:burning_hands level:3 target:Ogre", 2, 1, 2, 3, 4, 5)
	if d := detailDice(t, r); d["damage"] != "5d6[fire]" || jnum(t, d, "cast_level") != 3 {
		t.Fatalf("upcast dice: %+v", d)
	}
	if tg := castTargets(t, r.Result)["Ogre"]; tg["outcome"] != "failure" || jnum(t, tg, "damage") != 15 || e.npcHP("Ogre") != 44 {
		t.Fatalf("upcast damage: %+v", tg)
	}
	if jnum(t, r.Result, "slot_level") != 3 || e.sheet("alice", "Mira").SlotsLeft(3) != 1 {
		t.Errorf("slot: %+v", r.Result)
	}
	// Magic missile from a 2nd-level slot: four darts.
	r = e.ok("alice", "/cast spell:magic_missile level:2 target:Ogre", 1, 1, 1, 1)
	if d := detailDice(t, r); jnum(t, d, "instances") != 4 || jnum(t, castTargets(t, r.Result)["Ogre"], "damage") != 8 {
		t.Errorf("four darts: %+v %+v", d, r.Result["targets"])
	}
	// The level is the lowest slot that works when not given: Mira's 1st-level slots come first.
	if r := e.ok("alice", "/cast spell:magic_missile target:Ogre", 1, 1, 1); jnum(t, r.Result, "slot_level") != 1 {
		t.Errorf("default slot: %+v", r.Result)
	}
}

func TestCastCantripScaling(t *testing.T) {
	e := castEnv(t)
	for _, c := range []struct {
		user, setup, want string
		faces             []int
	}{
		{"wendy", "", "1d10[fire]", []int{15, 5}},
		{"alice", "", "2d10[fire]", []int{15, 5, 5}},
		{"alice", "/sheet set field:level value:11", "3d10[fire]", []int{15, 5, 5, 5}},
		{"alice", "/sheet set field:level value:17", "4d10[fire]", []int{15, 5, 5, 5, 5}},
	} {
		if c.setup != "" {
			e.ok(c.user, c.setup)
		}
		r := e.ok(c.user, "/cast spell:fire_bolt target:Ogre", c.faces...)
		if d := detailDice(t, r); d["damage"] != c.want || jnum(t, castTargets(t, r.Result)["Ogre"], "damage") != 5*(len(c.faces)-1) {
			t.Errorf("%s %s: %+v", c.user, c.setup, d)
		}
	}
	// A level change brought the level-17 slot table (the slots followed the table).
	if m := e.sheet("alice", "Mira"); m.SpellSlots[8].Max != 1 || m.SpellSlots[0].Max != 4 {
		t.Errorf("Mira's slots at 17: %+v", m.SpellSlots)
	}
	// Slots set by hand stay when the level changes.
	e.ok("wendy", "/sheet set field:slots value:3")
	e.ok("wendy", "/sheet set field:level value:3")
	if w := e.sheet("wendy", "Wiz"); w.SpellSlots[0].Max != 3 || w.SpellSlots[1].Max != 0 {
		t.Errorf("hand-set slots: %+v", w.SpellSlots)
	}
}

func TestCastSpellAttackCrit(t *testing.T) {
	e := castEnv(t)
	// Natural 20: the dice double (2d10) and the spell hits whatever the AC.
	r := e.ok("wendy", "/cast spell:fire_bolt target:Ogre", 20, 4, 6)
	tg := castTargets(t, r.Result)["Ogre"]
	if tg["outcome"] != "hit" || tg["critical"] != true || jnum(t, tg, "damage") != 10 || e.npcHP("Ogre") != 49 {
		t.Fatalf("crit: %+v", tg)
	}
	if !strings.Contains(r.Text, "critical hit") || !strings.Contains(r.Text, "2d10 (4, 6)") {
		t.Errorf("crit text:\n%s", r.Text)
	}
	// Natural 1 misses.
	if tg := castTargets(t, e.ok("wendy", "/cast spell:fire_bolt target:Ogre", 1).Result)["Ogre"]; tg["outcome"] != "miss" || jnum(t, tg, "damage") != 0 {
		t.Errorf("fumble: %+v", tg)
	}
	// 6 + 5 = 11 meets AC 11.
	if tg := castTargets(t, e.ok("wendy", "/cast spell:fire_bolt target:Ogre", 6, 7).Result)["Ogre"]; tg["outcome"] != "hit" || tg["critical"] == true {
		t.Errorf("hit: %+v", tg)
	}
}

func TestCastConcentration(t *testing.T) {
	e := castEnv(t)
	conc := func() string { return storedConc(e.sheetRecord("alice", "Mira")).Spell }
	r := e.ok("alice", "/cast spell:invisibility")
	if k := jobj(t, r.Result, "concentration"); k["started"] != "invisibility" || conc() != "invisibility" {
		t.Fatalf("invisibility: %+v", k)
	}
	// A new concentration spell ends the old one.
	r = e.ok("alice", "/cast spell:hold_person target:Ogre", 15)
	if k := jobj(t, r.Result, "concentration"); k["started"] != "hold_person" || k["ended"] != "invisibility" || conc() != "hold_person" {
		t.Fatalf("hold person: %+v", k)
	}
	if !strings.Contains(r.Text, "concentrates on Hold Person") || !strings.Contains(r.Text, "Invisibility ends") {
		t.Errorf("text:\n%s", r.Text)
	}
	// Other commands keep it.
	e.ok("alice", "/sheet set field:ac value:12")
	e.ok("alice", "/condition add name:poisoned")
	if conc() != "hold_person" {
		t.Fatal("a sheet change lost the concentration")
	}
	// Damage: a CON save at DC max(10, 22/2) = 11. 5 + 2 = 7 fails: the spell ends.
	r = e.ok("gm-carol", "/attack bonus:5 damage:22 target:Mira", 15, 5)
	if k := jobj(t, r.Result, "concentration"); k["kept"] != false || jnum(t, k, "dc") != 11 || conc() != "" {
		t.Fatalf("lost: %+v", k)
	}
	if !strings.Contains(r.Text, "Mira loses concentration on Hold Person") {
		t.Errorf("text:\n%s", r.Text)
	}
	// Again, then a fire bolt from Wiz (8 damage, DC 10): 15 + 2 = 17 keeps it.
	e.ok("alice", "/cast spell:hold_person target:Ogre", 15)
	e.join("alice", "wendy") // Wiz may harm Mira: both fight in the channel's encounter (issue 11)
	r = e.ok("wendy", "/cast spell:fire_bolt target:Mira", 12, 8, 15)
	if k := jobj(t, castTargets(t, r.Result)["Mira"], "concentration"); k["kept"] != true || jnum(t, k, "dc") != 10 || conc() != "hold_person" {
		t.Fatalf("kept: %+v", k)
	}
	if m := e.sheet("alice", "Mira"); m.HP != 2 {
		t.Fatalf("Mira's HP: %d", m.HP)
	}
	// Dropping to 0 ends it with no save.
	r = e.ok("gm-carol", "/attack bonus:5 damage:10 target:Mira", 15)
	if r.Result["concentration"] != nil || conc() != "" || !strings.Contains(r.Text, "loses concentration") {
		t.Fatalf("down: %+v\n%s", r.Result, r.Text)
	}
}

func TestCastInvalidTarget(t *testing.T) {
	e := castEnv(t)
	// Charm person: a successful save avoids it, so the invalid Ogre appears to save; no die is rolled; the slot is spent.
	r := e.ok("alice", "/cast spell:charm_person target:Ogre invalid:Ogre")
	tg := castTargets(t, r.Result)["Ogre"]
	if tg["outcome"] != "success" || jnum(t, tg, "damage") != 0 || jnum(t, r.Result, "slots_left") != 3 {
		t.Fatalf("charm person: %+v", r.Result)
	}
	if !strings.Contains(r.Text, "**Ogre**: Wisdom save — **success**") {
		t.Errorf("text:\n%s", r.Text)
	}
	// Magic missile has no save: the caster sees that nothing happened.
	r = e.ok("alice", "/cast spell:magic_missile target:Ogre invalid:Ogre")
	if tg := castTargets(t, r.Result)["Ogre"]; tg["outcome"] != "no_effect" || e.npcHP("Ogre") != 59 || jnum(t, r.Result, "slots_left") != 2 {
		t.Fatalf("magic missile: %+v", r.Result)
	}
	// One valid, one invalid: the darts are shared, the invalid share does nothing.
	r = e.ok("alice", "/cast spell:magic_missile target:\"Ogre, Borin\" invalid:Borin", 1, 1)
	if tg := castTargets(t, r.Result); jnum(t, tg["Ogre"], "damage") != 4 || tg["Borin"]["outcome"] != "no_effect" || e.sheet("bob", "Borin").HP != 20 {
		t.Fatalf("shared darts: %+v", tg)
	}
}

func TestCastHealAndArea(t *testing.T) {
	e := castEnv(t)
	e.ok("bob", "/hp damage amount:20")
	// Cure wounds: 1d8 + 3 wakes Borin.
	r := e.ok("ivan", "/cast spell:cure_wounds target:Borin", 5)
	if tg := castTargets(t, r.Result)["Borin"]; tg["outcome"] != "affected" || jnum(t, tg, "heal") != 8 {
		t.Fatalf("cure wounds: %+v", tg)
	}
	if b := e.sheet("bob", "Borin"); b.HP != 8 || b.State != dnd5e.Conscious {
		t.Fatalf("Borin: %+v", b)
	}
	// Thunderwave (a cube from the caster, range self): Mira stands at 9,10 next to the Ogre; the cube east of the
	// intersection 10,10 holds the Ogre's square but not Mira's own.
	e.ok("alice", "/init join x:9 y:10", 10)
	r = e.ok("alice", "/cast spell:thunderwave origin:10,10 direction:e", 3, 2, 2)
	tg := castTargets(t, r.Result)
	if len(tg) != 1 || tg["Ogre"]["outcome"] != "failure" || jnum(t, tg["Ogre"], "damage") != 4 {
		t.Fatalf("thunderwave: %+v", r.Result["targets"])
	}
	if a := jobj(t, r.Result, "area"); jnum(t, a, "count") != 9 || r.Result["area"] == nil {
		t.Errorf("area: %+v", a)
	}
	if !strings.Contains(r.Text, "(aoe.png)") {
		t.Errorf("no picture:\n%s", r.Text)
	}
}

func TestCastBadInput(t *testing.T) {
	e := castEnv(t)
	e.ok("bob", "/hp damage amount:40") // Borin dies (massive damage)
	chars, enc := e.snapshot(), e.encounterData()
	for _, tt := range []struct{ user, line, code string }{
		{"alice", "/cast spell:nonsense", dnd5e.ErrUnknownSpell},
		{"alice", "/cast spell:fire_bolt origin:1,1", "cast.err.no_area"},
		{"alice", "/cast spell:burning_hands origin:1,1", area.ErrNoDirection},
		{"alice", "/cast spell:fireball origin:x", area.ErrBadOrigin},
		{"alice", "/cast spell:fireball direction:e", "cast.err.origin_needed"},
		{"alice", "/cast spell:fireball target:Nobody", "cast.err.no_target"},
		{"alice", "/cast spell:fireball target:Ogre invalid:Wiz", "cast.err.invalid_not_target"},
		{"alice", "/cast spell:fireball scroll:true", "rt.err.option_not_for_system"},
		{"alice", "/cast spell:fire_bolt target:Ogre distance:125", dnd5e.ErrSpellOutOfRange}, // 120 ft (issue 14, 5e 7)
		{"alice", "/cast spell:cure_wounds target:Ogre", dnd5e.ErrClassCantCast},
		{"alice", "/cast spell:fireball level:2", dnd5e.ErrSlotTooLow},
		{"alice", "/cast spell:fireball level:10", "core.err.too_large"},
		{"alice", "/cast spell:fireball mode:sideways", "core.err.bad_choice"},
		{"alice", "/cast spell:magic_missile ritual:true", dnd5e.ErrNotRitual},
		{"bob", "/cast spell:fire_bolt", dnd5e.ErrIsDead},
		{"bob", "/cast spell:fire_bolt character:Mira", "char.err.not_owner"},
		{"ivan", "/cast spell:cure_wounds target:Borin", dnd5e.ErrIsDead},
		{"nobody", "/cast spell:fire_bolt", "char.err.no_active"},
		{"gm-carol", "/cast spell:fireball target:Ogre", "char.err.no_active"},
	} {
		r := e.run(tt.user, tt.line, 4, 4, 4, 4, 4, 4, 4, 4, 4)
		if r.Error != tt.code || !r.Ephemeral || strings.HasPrefix(r.Text, tt.code) {
			t.Errorf("%s %s: %+v, want %s", tt.user, tt.line, r, tt.code)
		}
	}
	if e.snapshot() != chars || e.encounterData() != enc {
		t.Fatal("a refused cast changed the store")
	}
	// In the caller's language, with the ids named in it.
	if r := e.runLocale("alice", "zh-CN", "/cast spell:cure_wounds"); !strings.Contains(r.Text, "疗伤术") || !strings.Contains(r.Text, "法师") {
		t.Errorf("zh-CN: %+v", r)
	}
	if r := e.runLocale("alice", "ko", "/cast spell:nonsense"); !strings.Contains(r.Text, "nonsense") || strings.Contains(r.Text, "There is") {
		t.Errorf("ko: %+v", r)
	}
	// Spell names in any language.
	if r := e.ok("alice", "/cast spell:화염살 target:Ogre", 1); r.Result["spell"] != "fire_bolt" {
		t.Errorf("Korean spell name: %+v", r.Result)
	}
	if r := e.ok("alice", "/cast spell:火球術 origin:0,0", 1, 1, 1, 1, 1, 1, 1, 1); r.Result["spell"] != "fireball" {
		t.Errorf("zh-TW spell name: %+v", r.Result)
	}
}

func TestIdentify(t *testing.T) {
	e := castEnv(t)
	// Mira: INT +3, Arcana proficient +3. Fireball: DC 18.
	r := e.ok("alice", "/identify spell:fireball", 11)
	if jnum(t, r.Result, "dc") != 18 || jnum(t, r.Result, "total") != 17 || r.Result["outcome"] != "failure" {
		t.Fatalf("fireball: %+v", r.Result)
	}
	// Cast as a wizard spell, identified by a wizard: advantage (3 and 12 → 12).
	r = e.ok("alice", "/identify spell:fireball same_class:true", 3, 12)
	if jnum(t, r.Result, "total") != 18 || r.Result["outcome"] != "success" || r.Result["mode"] != "adv" || !strings.Contains(r.Text, "Identified: Fireball") {
		t.Fatalf("same class: %+v\n%s", r.Result, r.Text)
	}
	// A cantrip is DC 15; names in any language.
	if r := e.ok("alice", "/identify spell:화염살", 9); jnum(t, r.Result, "dc") != 15 || r.Result["outcome"] != "success" {
		t.Errorf("cantrip: %+v", r.Result)
	}
	// Borin: INT 8, not proficient: −1. INT even for a WIS caster's spell.
	if r := e.ok("bob", "/identify spell:cure_wounds", 17); jnum(t, r.Result, "dc") != 16 || jnum(t, r.Result, "total") != 16 || r.Result["outcome"] != "success" {
		t.Errorf("Borin: %+v", r.Result)
	}
	for line, code := range map[string]string{
		"/identify spell:zzz":                dnd5e.ErrUnknownSpell,
		"/identify spell:fireball bonus:1d":  "dice.err.expected_operand",
		"/identify spell:fireball mode:fast": "core.err.bad_choice",
	} {
		if r := e.run("alice", line, 10); r.Error != code && !(strings.HasPrefix(code, "dice.") && strings.HasPrefix(r.Error, "dice.")) {
			t.Errorf("%s: %+v", line, r)
		}
	}
	if r := e.runLocale("alice", "zh-CN", "/identify spell:fireball", 11); !strings.Contains(r.Text, "火球术") {
		t.Errorf("zh-CN: %s", r.Text)
	}
}
