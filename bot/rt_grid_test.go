package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/rules/rogue"
)

// TestRogueGridRange (issue 14, RT 2; A18): a ranged attack at a placed target takes its range modifier from the
// encounter grid — 3 across and 4 up is distance 5, modifier +2 — and range: overrides it.
func TestRogueGridRange(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join x:0 y:0")
	e.ok("gm", "/init add name:Orc hp:9 x:3 y:4")
	r := e.ok("alice", "/attack weapon:sling damage:1d4 kind:ranged target:Orc", 6, 5, 2, 3, 3, 3)
	if b := sub(t, sub(t, r.Result, "detail"), "bands"); b["range"] != 2.0 {
		t.Errorf("grid range: bands %v", b)
	}
	r = e.ok("alice", "/attack weapon:sling damage:1d4 kind:ranged target:Orc range:1", 6, 5, 2, 3, 3, 3)
	if b := sub(t, sub(t, r.Result, "detail"), "bands"); b["range"] != nil && b["range"] != 0.0 {
		t.Errorf("range:1 overrides the grid: bands %v", b)
	}
}

// TestRogueHealingWaveSplash (issue 14, RT 4; A23): Healing Wave heals its target and every creature adjacent to it
// on the grid, the caster included; the healed sheets are saved and the reply names each.
func TestRogueHealingWaveSplash(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_celestial")
	e.ok("carol", "/sheet set field:spells value:healing_wave")
	e.ok("gm", "/init start system:rogue")
	e.ok("carol", "/init join x:0 y:0")
	e.ok("alice", "/init join x:1 y:0")
	e.ok("gm", "/init join character:Grak x:2 y:1")
	e.ok("gm", "/init join character:Urg x:5 y:5")
	e.ok("alice", "/hp damage amount:4")
	for _, n := range []string{"Grak", "Urg"} {
		e.ok("gm", "/hp damage amount:4 character:"+n)
	}
	e.ok("carol", "/hp damage amount:4")
	r := e.ok("carol", "/cast spell:healing_wave target:Brom", 3, 4, 3)
	for name, want := range map[string]int{"Brom": 0, "Grak": 0, "Mira": 0, "Urg": 4} {
		c := e.rt(ownerOf(name), name)
		if c.MaxHP-c.HP != want {
			t.Errorf("%s: HP %d/%d, want %d missing", name, c.HP, c.MaxHP, want)
		}
	}
	if !strings.Contains(r.Text, "Grak") {
		t.Errorf("the reply does not name Grak:\n%s", r.Text)
	}
}

func ownerOf(name string) string {
	switch name {
	case "Brom":
		return "alice"
	case "Mira":
		return "carol"
	}
	return "gm"
}

// TestRogueSweepingBlowTargets (issue 14, RT 7; A21): Sweeping Blow takes its extra targets after the main one in
// target: ("Orc 1, Orc 2"; /attack has no room for a targets: option under Discord's 25) and rolls an attack at
// each; each target's HP is saved, and a target out of the talent's reach is refused before any roll.
func TestRogueSweepingBlowTargets(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("carol", "/sheet create system:rogue name:Sven level:6 str:10 agi:8 sta:8 cha:8 talents:crushing_blow,sweeping_blow")
	e.ok("gm", "/init start system:rogue")
	e.ok("carol", "/init join x:0 y:0")
	e.ok("gm", "/init add name:Orc hp:30 count:3")
	e.ok("gm", `/init move combatant:"Orc 1" x:1 y:0`)
	e.ok("gm", `/init move combatant:"Orc 2" x:0 y:1`)
	e.ok("gm", `/init move combatant:"Orc 3" x:5 y:5`)
	r := e.ok("carol", `/attack weapon:axe damage:1d8 talent:sweeping_blow target:"Orc 1, Orc 2"`, 4, 4, 1, 4, 4, 2, 2, 5, 3, 3, 3, 3)
	extras, _ := sub(t, r.Result, "detail")["extras"].([]any)
	if len(extras) != 1 {
		t.Fatalf("extras: %v", sub(t, r.Result, "detail")["extras"])
	}
	if got := e.rtCombatant("Orc 2").HP; got == 30 {
		t.Errorf("Orc 2 HP %d: the extra attack's damage was not saved", got)
	}
	if !strings.Contains(r.Text, "Also at Orc 2:") {
		t.Errorf("text:\n%s", r.Text)
	}
	if r := e.run("carol", `/attack weapon:axe damage:1d8 talent:sweeping_blow target:"Orc 1, Orc 3"`, 4, 4, 1); r.Error == "" {
		t.Errorf("Orc 3 is out of reach: %s", r.Text)
	}
}

// TestRogueMageArmourEndsOnEquipment (issue 14, RT 5; A24): Mage Armour ends when the caster's equipment changes,
// and the /sheet set that changed it says so.
func TestRogueMageArmourEndsOnEquipment(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_draconic")
	e.ok("carol", "/sheet set field:spells value:mage_armour")
	e.ok("carol", "/cast spell:mage_armour", 3, 4, 3, 3, 3, 3)
	if c := e.rt("carol", "Mira"); len(c.Effects) != 1 {
		t.Fatalf("Mage Armour not on: %+v", c.Effects)
	}
	r := e.ok("carol", "/sheet set field:level value:6")
	if strings.Contains(r.Text, "Mage Armour ends") {
		t.Errorf("a change of no equipment ends Mage Armour:\n%s", r.Text)
	}
	r = e.ok("carol", "/sheet set field:max_dodge value:2")
	if c := e.rt("carol", "Mira"); len(c.Effects) != 0 {
		t.Errorf("Mage Armour still on: %+v", c.Effects)
	}
	if !strings.Contains(r.Text, "Mage Armour ends: the equipment of Mira changed") {
		t.Errorf("text:\n%s", r.Text)
	}
}

// TestRogueTrapDamage (issue 14, RT 9): /hp type:trap is a damage type no resistance reduces.
func TestRogueTrapDamage(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createBrom)
	r := e.ok("alice", "/hp damage amount:3 type:trap")
	wantResult(t, "trap", r.Result, map[string]any{"hp": 6.0, "applied": 3.0})
	if r := e.run("alice", "/sheet set field:resist value:trap:1"); r.Error == "" {
		t.Errorf("a resistance to trap damage is accepted: %s", r.Text)
	}
}

// TestRogueAuraSecondary (issue 14, RT 3; A10.3): a creature vulnerable to an aura's type suffers its secondary
// effect — fire sets Grak burning on his sheet — and the encounter turn's reply says so.
func TestRogueAuraSecondary(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("alice", "/sheet set field:aura value:fire")
	e.ok("gm", "/sheet set field:weak value:fire character:Grak")
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join x:0 y:0")
	e.ok("gm", "/init join character:Grak x:1 y:0")
	r := e.ok("gm", "/rt turn encounter:true", 2, 3, 3, 3, 3, 3, 3)
	if !e.rt("gm", "Grak").HasState(rogue.Burning) {
		t.Errorf("Grak is not burning:\n%s", r.Text)
	}
	if !strings.Contains(r.Text, "secondary effect (vulnerable) · Grak: On fire") {
		t.Errorf("text:\n%s", r.Text)
	}
}
