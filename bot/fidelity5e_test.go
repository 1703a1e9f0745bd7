package bot_test

import (
	"strings"
	"testing"
)

// TestWarlockShortRestSlots (issue 14, 5e 2; PHB Pact Magic): a warlock regains its expended Pact Magic slots when it
// finishes a short rest, and the reply says how many.
func TestWarlockShortRestSlots(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Wex class:warlock level:2 str:8 dex:14 con:12 int:10 wis:10 cha:16")
	e.ok("wendy", "/cast spell:magic_missile any_class:true", 1, 2, 3)
	e.ok("wendy", "/cast spell:magic_missile any_class:true", 1, 2, 3)
	if r := e.run("wendy", "/cast spell:magic_missile any_class:true", 1, 2, 3); r.Error == "" {
		t.Fatalf("a third pact slot at level 2: %s", r.Text)
	}
	r := e.ok("wendy", "/rest short")
	if !strings.Contains(r.Text, "Spell slots restored: 2.") || sub(t, r.Result, "detail")["slots_restored"] != 2.0 {
		t.Errorf("short rest: %s %v", r.Text, r.Result)
	}
	e.ok("wendy", "/cast spell:magic_missile any_class:true", 1, 2, 3)
}

// TestShortRestNegativeCon (issue 14, 5e 11; PHB "Hit Dice": a die heals at least 0): a short rest asks for its Hit
// Dice — none by default, even when hurt — and a die the negative CON modifier takes below 0 reads "healed 0
// (minimum 0 per die)", not a negative total.
func TestShortRestNegativeCon(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Frail class:wizard level:2 str:8 dex:14 con:6 int:16 wis:10 cha:10")
	e.ok("wendy", "/hp damage amount:3")
	r := e.ok("wendy", "/rest short")
	if r.Result["hit_dice"] != 2.0 || !strings.Contains(r.Text, "No Hit Dice spent") {
		t.Errorf("a short rest without hit_dice: %s %v", r.Text, r.Result)
	}
	r = e.ok("wendy", "/rest short hit_dice:2", 1, 5)
	for _, w := range []string{"1d6 (**1**) - 2: healed 0 (minimum 0 per die)", "1d6 (5) - 2 = 3"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("text lacks %q:\n%s", w, r.Text)
		}
	}
	if strings.Contains(r.Text, "= -1") {
		t.Errorf("a negative total shown:\n%s", r.Text)
	}
}

// TestPetrifiedPoisonCommands (issue 14, 5e 3; SRD Petrified): poison damage on a petrified character is 0, and
// poisoned is refused, naming petrified in the reply's language.
func TestPetrifiedPoisonCommands(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Statue class:fighter level:3 str:14 dex:10 con:14 int:8 wis:10 cha:8")
	e.ok("wendy", "/condition add name:petrified")
	r := e.ok("wendy", "/hp damage amount:9 type:poison")
	if r.Result["hp"] != r.Result["hp_max"] {
		t.Errorf("poison damage while petrified: %s", r.Text)
	}
	r = e.run("wendy", "/condition add name:poisoned")
	if r.Error != "effect.err.condition_immune" || !strings.Contains(r.Text, "(Petrified)") {
		t.Errorf("poisoned while petrified: %+v", r)
	}
}

// TestIdentifyIncapacitated (issue 14, 5e 4; Xanathar's: identifying a spell takes a reaction or an action): an
// incapacitated creature cannot identify a spell; one that is not can.
func TestIdentifyIncapacitated(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Sage class:wizard level:3 str:8 dex:14 con:12 int:16 wis:10 cha:10")
	e.ok("wendy", "/condition add name:stunned")
	if r := e.run("wendy", "/identify spell:fireball", 15); r.Error != "spell.err.identify_incapacitated" {
		t.Errorf("stunned identifies: %+v", r)
	}
	e.ok("wendy", "/condition remove name:stunned")
	e.ok("wendy", "/identify spell:fireball", 15)
}

// TestConditionEndsConcentration (issue 14, 5e 10; digest B6: concentration ends when the caster is incapacitated):
// a condition that incapacitates — directly or through what it implies — ends the character's concentration, and
// the /condition reply says so and why; a condition that does not incapacitate leaves it.
func TestConditionEndsConcentration(t *testing.T) {
	for _, cond := range []string{"incapacitated", "unconscious", "paralyzed", "stunned", "petrified"} {
		t.Run(cond, func(t *testing.T) {
			e := newPlayEnv(t)
			e.ok("wendy", "/sheet create name:Cleo class:cleric level:3 str:10 dex:10 con:14 int:10 wis:16 cha:10")
			e.ok("wendy", "/cast spell:bless")
			r := e.ok("wendy", "/condition add name:poisoned")
			if strings.Contains(r.Text, "concentration") || r.Result["conc_ended"] != nil {
				t.Errorf("poisoned ended concentration: %s", r.Text)
			}
			r = e.ok("wendy", "/condition add name:"+cond)
			for _, w := range []string{"Cleo loses concentration on Bless.", "An incapacitated creature cannot concentrate."} {
				if !strings.Contains(r.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, r.Text)
				}
			}
			if r.Result["conc_ended"] != "bless" {
				t.Errorf("conc_ended = %v", r.Result["conc_ended"])
			}
		})
	}
}

// TestCastAutoCritWording (issue 14, 5e 5; digest conditions table: a hit on a paralyzed or unconscious creature
// from within 5 ft is a critical hit): a melee spell attack that crits by that rule says so, never "Natural 20".
func TestCastAutoCritWording(t *testing.T) {
	e := castEnv(t)
	e.ok("gm-carol", "/init condition combatant:Ogre name:paralyzed")
	// Advantage (paralyzed): 3 and 12 → 12 + 5 = 17 hits AC 11; the crit doubles 1d8 into 2d8 (4, 4).
	r := e.ok("wendy", "/cast spell:shocking_grasp target:Ogre", 3, 12, 4, 4)
	if tg := castTargets(t, r.Result)["Ogre"]; tg["critical"] != true || jnum(t, tg, "damage") != 8 {
		t.Fatalf("auto crit: %+v\n%s", tg, r.Text)
	}
	if !strings.Contains(r.Text, "**Critical hit!** (a hit from within 5 ft)") || strings.Contains(r.Text, "Natural 20") {
		t.Errorf("auto crit text:\n%s", r.Text)
	}
}

// TestInitiativeIsDexCheck (issue 14, 5e 1; digest B4: initiative is a DEX check): /init join rolls it as one —
// poisoned gives disadvantage, Jack of All Trades adds half proficiency, guidance adds its d4 (and is spent), bless
// does not apply; the reply names each cause. A character nothing changes rolls the plain 1d20 + DEX.
func TestInitiativeIsDexCheck(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm-carol", "/init start")
	e.ok("alice", "/sheet create name:Bard class:bard level:2 str:10 dex:14 con:12 int:10 wis:10 cha:16")
	e.ok("alice", "/condition add name:poisoned")
	r := e.ok("alice", "/init join", 15, 4)
	for _, w := range []string{"2d20kl1 (~~15~~, 4) + 2 + 1 [Jack of All Trades] = 7", "Poisoned: disadvantage", "Jack of All Trades: bonus +1"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("poisoned bard lacks %q:\n%s", w, r.Text)
		}
	}
	if sub(t, r.Result, "check")["total"] != 7.0 {
		t.Errorf("check: %v", r.Result["check"])
	}

	e.ok("bob", "/sheet create name:Cleric class:cleric level:3 str:10 dex:12 con:12 int:10 wis:16 cha:10")
	e.ok("bob", "/cast spell:bless")
	r = e.ok("bob", "/init join", 10)
	if !strings.Contains(r.Text, "1d20 (10) + 1 = 11") || r.Result["check"] != nil || strings.Contains(r.Text, "Bless") {
		t.Errorf("bless changed initiative:\n%s", r.Text)
	}

	e.ok("ivan", "/sheet create name:Fig class:fighter level:1 str:16 dex:12 con:14 int:8 wis:10 cha:10")
	e.ok("bob", "/cast spell:guidance target:Fig")
	r = e.ok("ivan", "/init join", 10, 3)
	if !strings.Contains(r.Text, "= 14") || !strings.Contains(r.Text, "Guidance") {
		t.Errorf("guidance on initiative:\n%s", r.Text)
	}
}

// TestCastWithoutTarget (issue 14, 5e 6; digest B6 cantrip scaling): /cast at no target still rolls — a spell
// attack its attack and damage, a save spell its damage — and a scaled cantrip shows its dice ("2d10"), not "×2".
func TestCastWithoutTarget(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Wiz class:wizard level:5 str:8 dex:14 con:12 int:16 wis:10 cha:10")
	r := e.ok("wendy", "/cast spell:fire_bolt", 12, 3, 4)
	for _, w := range []string{"Cantrip at character level 5: 2d10", "Attack roll: 1d20 (12) + 6 = 18", "Damage: 2d10 (3, 4) [fire] = 7"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("fire bolt lacks %q:\n%s", w, r.Text)
		}
	}
	if strings.Contains(r.Text, "×2") || sub(t, r.Result, "detail")["open_attack"] == nil {
		t.Errorf("fire bolt: %s %v", r.Text, r.Result["detail"])
	}
	r = e.ok("wendy", "/cast spell:burning_hands", 1, 2, 3)
	if !strings.Contains(r.Text, "Damage: 3d6 (**1**, 2, 3) [fire] = 6") {
		t.Errorf("burning hands:\n%s", r.Text)
	}
}

// TestCastInstancesWithoutTarget (issue 14, 5e 6): a spell of darts, rays or beams cast at no target rolls each of
// them, numbered — magic missile's three darts (1d4+1 each), scorching ray's three rays (attack and 2d6 each) and
// eldritch blast's two beams at character level 5.
func TestCastInstancesWithoutTarget(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Wiz class:wizard level:5 str:8 dex:14 con:12 int:16 wis:10 cha:10")
	r := e.ok("wendy", "/cast spell:magic_missile", 1, 2, 4)
	for _, w := range []string{"#1 Damage: 1d4 (**1**) [force] + 1 = 2", "#2 Damage: 1d4 (2) [force] + 1 = 3", "#3 Damage: 1d4 (**4**) [force] + 1 = 5"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("magic missile lacks %q:\n%s", w, r.Text)
		}
	}
	if d, _ := sub(t, r.Result, "detail")["open_darts"].([]any); len(d) != 3 {
		t.Errorf("magic missile darts: %v", r.Result["detail"])
	}
	r = e.ok("wendy", "/cast spell:scorching_ray", 12, 1, 2, 20, 3, 4, 5, 6, 1, 1, 1)
	for _, w := range []string{"#1 Attack roll: 1d20 (12) + 6 = 18", "#2 Attack roll: 1d20 (**20**) + 6 = 26", "#3 Attack roll: 1d20 (**1**) + 6 = 7"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("scorching ray lacks %q:\n%s", w, r.Text)
		}
	}
	if a, _ := sub(t, r.Result, "detail")["open_attacks"].([]any); len(a) != 3 {
		t.Errorf("scorching ray rays: %v", r.Result["detail"])
	}
	e.ok("wendy", "/sheet create name:Lock class:warlock level:5 str:8 dex:14 con:12 int:10 wis:10 cha:16")
	r = e.ok("wendy", "/cast spell:eldritch_blast", 15, 7, 9, 8)
	if a, _ := sub(t, r.Result, "detail")["open_attacks"].([]any); len(a) != 2 || !strings.Contains(r.Text, "#2 Attack roll: 1d20 (9) + 6 = 15") {
		t.Errorf("eldritch blast at level 5:\n%s\n%v", r.Text, r.Result["detail"])
	}
}

// TestCastInstancesSplit (issue 14, 5e 6): darts are split evenly between the targets named, or as the names are
// repeated ("Goblin 1, Goblin 1, Goblin 2": two darts and one); a count that does not add up is refused.
func TestCastInstancesSplit(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("wendy", "/sheet create name:Wiz class:wizard level:5 str:8 dex:14 con:12 int:16 wis:10 cha:10")
	e.ok("gm", "/init start")
	e.ok("gm", "/init add name:Goblin hp:20 ac:13 count:2", 5, 4)
	e.ok("wendy", "/init join", 10)
	darts := func(r playLine) map[string]int {
		out := map[string]int{}
		list, _ := sub(t, r.Result, "detail")["targets"].([]any)
		for _, v := range list {
			tg := v.(map[string]any)
			out[tg["name"].(string)] = jnum(t, tg, "instances")
		}
		return out
	}
	r := e.ok("wendy", `/cast spell:magic_missile target:"Goblin 1, Goblin 2"`, 1, 1, 1)
	if got := darts(r); got["Goblin 1"] != 2 || got["Goblin 2"] != 1 {
		t.Errorf("even split: %v", got)
	}
	r = e.ok("wendy", `/cast spell:magic_missile target:"Goblin 2, Goblin 2, Goblin 1"`, 1, 1, 1)
	if got := darts(r); got["Goblin 1"] != 1 || got["Goblin 2"] != 2 {
		t.Errorf("named twice: %v", got)
	}
	if e.npcHP("Goblin 2") != 20-2-4 { // one dart (1+1), then two (1+1 each)
		t.Errorf("Goblin 2 took %d", 20-e.npcHP("Goblin 2"))
	}
	e.refused("wendy", `/cast spell:magic_missile target:"Goblin 2, Goblin 2, Goblin 2, Goblin 1"`, "spell.err.bad_instances", 1, 1, 1, 1)
}

// TestConcentrationLineOnOtherCommands (issue 14, 5e 10; digest B6): the reply of /init condition that ends a
// character's concentration (stunned) says which spell it ended and why, and so does one that ends an NPC's.
// /sheet set cannot incapacitate (hp is 1 or more; no field sets a condition): its reply keeps concentration and
// says nothing of it.
func TestConcentrationLineOnOtherCommands(t *testing.T) {
	e := newPlayEnv(t)
	gm := "gm-carol"
	e.ok(gm, "/init start")
	e.ok("wendy", "/sheet create name:Cleo class:cleric level:3 str:10 dex:10 con:14 int:10 wis:16 cha:10")
	e.ok("wendy", "/init join", 10)
	e.ok("wendy", "/cast spell:bless")
	r := e.ok("wendy", "/sheet set field:hp value:5")
	if strings.Contains(r.Text, "concentration") {
		t.Errorf("/sheet set hp 5 speaks of concentration:\n%s", r.Text)
	}
	if r := e.ok("wendy", "/init list"); !strings.Contains(r.Text, "🧠") {
		t.Errorf("/sheet set ended concentration:\n%s", r.Text)
	}
	r = e.ok(gm, "/init condition combatant:Cleo name:stunned")
	for _, w := range []string{"Cleo loses concentration on Bless.", "An incapacitated creature cannot concentrate."} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("/init condition lacks %q:\n%s", w, r.Text)
		}
	}
	if r.Result["conc_ended"] != "bless" {
		t.Errorf("conc_ended = %v", r.Result["conc_ended"])
	}
	if r := e.ok("wendy", "/init list"); strings.Contains(r.Text, "🧠") {
		t.Errorf("still concentrating:\n%s", r.Text)
	}

	e.ok(gm, "/init add monster:cult_fanatic name:Fanatic", 5)
	e.ok(gm, `/cast spell:hold_person as:Fanatic target:Cleo`, 1)
	r = e.ok(gm, "/init condition combatant:Fanatic name:paralyzed")
	if !strings.Contains(r.Text, "Fanatic loses concentration on Hold Person.") || r.Result["conc_ended"] != "hold_person" {
		t.Errorf("NPC's concentration:\n%s\n%v", r.Text, r.Result)
	}
}

// TestNPCInitiativeConditions (issue 14, 5e 1; digest B4: initiative is a DEX check): NPCs that enter poisoned or
// frightened roll initiative at disadvantage, the reply names the cause, advantage cancels it, and the NPCs carry
// the conditions; exhaustion and a condition the monster is immune to are refused.
func TestNPCInitiativeConditions(t *testing.T) {
	e := newPlayEnv(t)
	gm := "gm-carol"
	e.ok(gm, "/init start")
	r := e.ok(gm, "/init add name:Goblin hp:7 bonus:2 conditions:poisoned", 15, 4)
	if !strings.Contains(r.Text, "2d20kl1 (~~15~~, 4) + 2 = 6") || !strings.Contains(r.Text, "Poisoned: disadvantage") {
		t.Errorf("poisoned goblin:\n%s", r.Text)
	}
	if c := e.npcConditions("Goblin"); len(c) != 1 || !strings.HasPrefix(c[0], "poisoned") {
		t.Errorf("goblin's conditions %v", c)
	}
	r = e.ok(gm, "/init add name:Orc hp:15 bonus:1 mode:adv conditions:frightened", 9)
	if !strings.Contains(r.Text, "1d20 (9) + 1 = 10") || !strings.Contains(r.Text, "Frightened: disadvantage") {
		t.Errorf("advantage cancels frightened:\n%s", r.Text)
	}
	r = e.ok(gm, "/init add name:Wolf hp:11 bonus:2 conditions:prone", 12)
	if !strings.Contains(r.Text, "1d20 (12) + 2 = 14") || strings.Contains(r.Text, "disadvantage") {
		t.Errorf("prone does not change initiative:\n%s", r.Text)
	}
	e.refused(gm, "/init add name:Ghoul hp:22 conditions:exhaustion", "init.err.exhaustion", 10)
	e.refused(gm, "/init add monster:skeleton conditions:poisoned", "npc.err.immune", 10)
}
