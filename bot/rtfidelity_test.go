package bot_test

import (
	"strings"
	"testing"
)

// TestRogueSummonDaemon (issue 14, RT 8; seed A25, A12): Summon Daemon cast in an encounter brings a daemon of
// the summoner's level into it right after its summoner, with the Enslave check rolled: a success charms it for
// the summoner (whose player acts for it), a failure leaves it hostile. The reply's title names no target.
func TestRogueSummonDaemon(t *testing.T) {
	for _, tc := range []struct {
		name     string
		faces    []int
		enslaved bool
	}{
		{"enslaved", []int{6, 6, 6, 6, 3, 3, 3, 3}, true},
		{"hostile", []int{6, 6, 1, 1, 1, 1, 1, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newPlayEnv(t)
			e.warband()
			e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:9 cha:10 talents:literacy_common,literacy_infernal")
			e.ok("carol", "/sheet set field:spells value:summon_daemon")
			e.brawlRT("carol", "gm:Grak")
			r := e.ok("carol", "/cast spell:summon_daemon", tc.faces...)
			order := e.order()
			if !strings.Contains(order, "Mira,Daemon") {
				t.Errorf("the daemon does not act right after Mira: %s\n%s", order, r.Text)
			}
			ch := sub(t, sub(t, r.Result, "detail"), "chance")
			if ch["success"] != tc.enslaved {
				t.Errorf("Enslave check %v, want success %v\n%s", ch, tc.enslaved, r.Text)
			}
			want := "Daemon appears, hostile"
			if tc.enslaved {
				want = "Daemon appears, enslaved by Mira."
			}
			if !strings.Contains(r.Text, want) || !strings.Contains(r.Text, "Daemon acts right after Mira") {
				t.Errorf("reply lacks %q:\n%s", want, r.Text)
			}
			if strings.Contains(r.Text, "Summon Daemon on") || !strings.Contains(r.Text, "Mira casts Summon Daemon") { // no target
				t.Errorf("a summon's title names a target:\n%s", r.Text)
			}
			if owner := e.rtCombatant("Daemon").OwnerID; (owner != "") != tc.enslaved {
				t.Errorf("daemon's owner %q (enslaved %v)", owner, tc.enslaved)
			}
		})
	}
}

// TestRogueTexts (issue 14, RT 10): Rogue's Tale's encounter list is not headed "Initiative" (its order is fixed,
// A12) and shows its characters' HP and energy in its own words; an effect without power reads without "power 0".
func TestRogueTexts(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Pip")
	r := e.ok("alice", "/rt effect add kind:state name:blinded turns:3")
	if strings.Contains(r.Text, "power 0") || !strings.Contains(r.Text, "Blinded — turns left: 3") {
		t.Errorf("effect without power:\n%s", r.Text)
	}
	e.brawlRT("alice")
	for _, want := range []string{"Encounter order · not started", "Encounter order · round 1"} {
		r = e.ok("gm", "/init list")
		if strings.Contains(r.Text, "Initiative") || !strings.Contains(r.Text, want) || !strings.Contains(r.Text, "**Pip** — HP 7/7 · energy") {
			t.Errorf("Rogue's Tale /init list title, want %q:\n%s", want, r.Text)
		}
		e.ok("gm", "/init next")
	}
}

// TestRogueInvisibleToHitLine (issue 14, RT 10; seed A16: melee against an invisible target has base 12): the
// "To hit" line adds up to the total needed — 7 + 5 = 12, not "12 + 5".
func TestRogueInvisibleToHitLine(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Pip")
	e.ok("alice", "/sheet create system:rogue name:Grak")
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join character:Pip")
	e.ok("alice", "/init join character:Grak")
	e.ok("alice", "/rt effect add kind:state name:invisible turns:3 character:Grak")
	r := e.ok("alice", "/attack damage:1d6 target:Grak character:Pip", 4, 4)
	if !strings.Contains(r.Text, "vs 12") || !strings.Contains(r.Text, "To hit: 7 + Invisible target") {
		t.Errorf("invisible target's to-hit line:\n%s", r.Text)
	}
}

// TestRogueTalentDamageLine (issue 14, RT 10; G-A6: Crushing Blow turns each point of the damage bonus into a D3):
// the damage modifiers read as what the talent gives, not as a penalty.
func TestRogueTalentDamageLine(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.brawlRT("alice", "gm:Grak")
	r := e.ok("alice", "/attack weapon:longsword damage:1d8 talent:crushing_blow target:Grak", 5, 5, 4, 2, 2, 1, 1, 1, 1, 1)
	if !strings.Contains(r.Text, "Crushing Blow: +2 as 2D3") || strings.Contains(r.Text, "Crushing Blow -2") {
		t.Errorf("talent damage line:\n%s", r.Text)
	}
}

// TestRogueSheetSpellResistances (issue 14, RT 10; A24: Divine Grace gives +1 resistance to physical, poison and
// disease): the resistances a spell gives appear on the sheet.
func TestRogueSheetSpellResistances(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Pip")
	if r := e.ok("alice", "/sheet show"); !strings.Contains(r.Text, "Resistances (body/head): none") {
		t.Fatalf("Pip starts with resistances:\n%s", r.Text)
	}
	e.ok("alice", "/rt effect add kind:spell name:divine_grace turns:3")
	if r := e.ok("alice", "/sheet show"); !strings.Contains(r.Text, "Physical 1/1, Disease 1/1, Poison 1/1") {
		t.Errorf("Divine Grace's resistances on the sheet:\n%s", r.Text)
	}
}

// TestRogueSpellCritEffect (issue 14, RT 1; A19.4): a spell's critical hit makes the target's crit effect check
// (2D6 + STA ≥ 7 + unresisted damage), shown in the /cast reply as for a weapon.
func TestRogueSpellCritEffect(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_draconic")
	e.ok("carol", "/sheet set field:spells value:flaming_orb")
	e.brawlRT("carol", "gm:Grak")
	r := e.ok("carol", "/cast spell:flaming_orb target:Grak", 6, 6, 2, 1, 1, 1, 1, 1, 1, 1, 1)
	detail := sub(t, r.Result, "detail")
	if detail["crit_effect"] == nil || !strings.Contains(r.Text, "Crit effect check for Grak") {
		t.Errorf("a spell crit without its crit effect check:\n%s\n%v", r.Text, detail)
	}
}

// TestRogueMagicBonusInsideCap (issue 14, RT 6; A2, G-A6): a weapon's magic damage bonus counts inside the +5
// attribute-modifier cap — STR +4 and a +3 weapon deal the roll + 5, with the cap named.
func TestRogueMagicBonusInsideCap(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("carol", "/sheet create system:rogue name:Tor level:3 str:11 agi:8 sta:8 cha:8")
	e.brawlRT("carol:Tor", "gm:Grak")
	r := e.ok("carol", `/attack weapon:"longsword +3" damage:1d8 target:Grak`, 5, 5, 4, 1, 1, 1, 1)
	for _, w := range []string{"Damage: 1d8 (4) + 5 = 9", "Magic damage modifier +3", "Cap (+5) -2"} {
		if !strings.Contains(strings.ReplaceAll(r.Text, "−", "-"), w) {
			t.Errorf("magic bonus and the cap: lacks %q\n%s", w, r.Text)
		}
	}
}

// TestRogueHitThreshold (issue 14, RT 10; A5: a natural 2 is always a critical failure): with +5 against a
// defenceless target (7 needed: a natural 2 would reach it) the bands say "hit on 3+", never "hit on 2+".
func TestRogueHitThreshold(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Pip")
	e.ok("alice", "/sheet create system:rogue name:Grak")
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join character:Pip")
	e.ok("alice", "/init join character:Grak")
	r := e.ok("alice", "/attack damage:1d6 target:Grak character:Pip bonus:5", 4, 4, 3)
	if !strings.Contains(r.Text, "hit on 3+") || strings.Contains(r.Text, "hit on 2+") {
		t.Errorf("hit threshold:\n%s", r.Text)
	}
}

// TestRogueNPCListWords (issue 14, RT 10; A12): /init list shows a Rogue's Tale NPC's health in Rogue's Tale's
// words, not 5e's (Unhurt, Bloodied, Down): its HP ("HP 3/9") to the GM with detail:true, a word for its
// health to everyone else, and "dead" at 0 HP (Rogue's Tale has no dying).
func TestRogueNPCListWords(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.brawlRT("alice")
	e.ok("gm", "/init add name:Orc hp:9")
	e.ok("gm", "/init add name:Wolf hp:20")
	e.ok("gm", "/init add name:Rat hp:3")
	e.ok("gm", "/init add name:Bat hp:4")
	for _, target := range []string{"Orc", "Wolf", "Rat"} { // Brom hits each for 1d8 (4) + 2 = 6
		e.ok("alice", "/attack weapon:longsword damage:1d8 target:"+target, 1, 4, 4)
	}
	r := e.ok("gm", "/init list")
	for _, want := range []string{"**Orc** — low health", "**Wolf** — hurt", "**Rat** — **dead**", "**Bat** — full health"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("/init list lacks %q:\n%s", want, r.Text)
		}
	}
	d := e.ok("gm", "/init list detail:true")
	for _, want := range []string{"**Orc** — HP 3/9\n", "**Rat** — HP 0/3 · **dead**", "**Bat** — HP 4/4\n"} {
		if !strings.Contains(d.Text, want) {
			t.Errorf("/init list detail:true lacks %q:\n%s", want, d.Text)
		}
	}
	for _, text := range []string{r.Text, d.Text} {
		for _, word := range []string{"Unhurt", "Wounded", "Bloodied", "Down"} {
			if strings.Contains(text, word) {
				t.Errorf("5e's %q in a Rogue's Tale list:\n%s", word, text)
			}
		}
	}
}
