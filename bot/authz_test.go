package bot_test

import (
	"strings"
	"testing"
)

// TestHarmRefused (issue 11 §1): a player's character cannot kill another player's with no encounter and no GM —
// `/attack … damage:100d100` is an ephemeral, localized refusal (in the caller's language) and Borin keeps every
// hit point; the GM may, and so may a character fighting beside him in this channel's encounter.
func TestHarmRefused(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.refused("alice", "/attack bonus:5 damage:100d100 target:Borin", "play.err.harm_refused", 20)
	e.refused("alice", "/attack weapon:rapier damage:100d100 target:Borin", "play.err.harm_refused", 20)
	e.console("alice").Locale = "ko"
	if r := e.run("alice", "/attack bonus:5 damage:100d100 target:Borin", 20); r.Error != "play.err.harm_refused" ||
		!r.Ephemeral || !strings.Contains(r.Text, "Borin은 다른 사람의 캐릭터입니다") {
		t.Errorf("Korean refusal: %+v", r)
	}
	e.console("alice").Locale = ""
	if b := e.sheet("bob", "Borin"); b.HP != 20 {
		t.Fatalf("Borin lost HP to a refused attack: %d", b.HP)
	}
	e.ok("gm-carol", "/attack bonus:5 damage:3 target:Borin", 15)
	e.brawl("alice", "bob")
	e.ok("alice", "/attack bonus:5 damage:3 target:Borin", 15)
	if b := e.sheet("bob", "Borin"); b.HP != 14 {
		t.Errorf("Borin after the GM's and Aria's attacks: HP %d, want 14", b.HP)
	}
}

// TestHelpAllowed (issue 11 §1): healing and temporary HP reach any character of the guild, in or out of an
// encounter, and the reply names the helper; editing stays with the owner or a GM.
func TestHelpAllowed(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("bob", "/hp damage amount:8")
	r := e.ok("alice", "/hp heal amount:5 character:Borin")
	if r.Result["by"] != "alice" || !strings.Contains(r.Text, "By alice.") || jnum(t, r.Result, "hp") != 17 {
		t.Errorf("alice heals Borin: %+v", r)
	}
	if r := e.ok("alice", "/hp temp amount:4 character:Borin"); r.Result["by"] != "alice" || jnum(t, r.Result, "hp_temp") != 4 {
		t.Errorf("alice gives Borin temp HP: %+v", r)
	}
	if r := e.ok("bob", "/hp heal amount:1"); r.Result["by"] != nil || strings.Contains(r.Text, "By ") {
		t.Errorf("Bob heals his own Borin and is named: %+v", r)
	}
	e.refused("alice", "/hp max amount:30 character:Borin", "char.err.not_owner")
	e.refused("alice", "/condition add name:prone character:Borin", "play.err.harm_refused")
	e.ok("bob", "/condition add name:poisoned")
	e.ok("alice", "/condition remove name:poisoned character:Borin") // help: the poison ends
	if b := e.sheet("bob", "Borin"); len(b.Conditions) != 0 {
		t.Errorf("Borin's conditions: %+v", b.Conditions)
	}
}

// TestInitConditionHarm (issue 11 §1): the starter of an encounter who is not a GM runs it, but puts a harmful
// condition on another player's character only with a character of theirs fighting in it; taking one off helps.
func TestInitConditionHarm(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("alice", "/init start")
	e.ok("bob", "/init join total:10")
	e.refused("alice", "/init condition combatant:Borin name:prone", "play.err.harm_refused")
	e.ok("alice", "/init join total:12")
	e.ok("alice", "/init condition combatant:Borin name:prone")
	e.ok("alice", "/init end")
	e.ok("alice", "/init start")
	e.ok("bob", "/init join total:10")
	e.ok("alice", "/init condition combatant:Borin name:prone remove:true") // help
	if b := e.sheet("bob", "Borin"); len(b.Conditions) != 0 {
		t.Errorf("Borin's conditions: %+v", b.Conditions)
	}
}

// TestRogueEncounterTurnsHarm (issue 11 §1): /rt turn encounter:true changes every combatant's sheet (turns,
// auras): the encounter's starter who is not a GM is refused while another player's character fights in it, and
// nothing changes; the GM may.
func TestRogueEncounterTurnsHarm(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createBrom)
	e.ok("bob", "/sheet create system:rogue name:Vel")
	e.ok("alice", "/init start system:rogue")
	e.ok("alice", "/init join")
	e.ok("alice", "/rt turn encounter:true") // only her own Brom: allowed
	e.ok("bob", "/init join")
	e.refused("alice", "/rt turn encounter:true count:3", "play.err.harm_refused")
	e.ok("gm-carol", "/rt turn encounter:true count:3")
}

// TestRogueCastHarmOrHelp (issue 11 §1): a Rogue's Tale orb at another player's character is harm (refused
// outside a fight here), a healing touch is help (allowed anywhere).
func TestRogueCastHarmOrHelp(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createBrom)
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_draconic")
	e.ok("carol", "/sheet set field:spells value:flaming_orb")
	e.refused("carol", "/cast spell:flaming_orb target:Brom", "play.err.harm_refused", 3, 3, 4, 5, 5, 2)
	e.ok("dave", "/sheet create system:rogue name:Sol sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_celestial")
	e.ok("dave", "/sheet set field:spells value:healing_touch")
	e.ok("dave", "/cast spell:healing_touch target:Brom", 6, 6, 6, 6, 6, 6)
}
