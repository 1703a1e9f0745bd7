package dnd5e

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulekeeper/rules/dice"
)

// srdRepeatExceptions are the SRD spells whose text repeats a save at the end of a creature's turn that the table
// does not mark (Spell.RepeatSave), and why.
var srdRepeatExceptions = map[string]string{
	"blink":           "the caster rolls a d20 at the end of its own turns: no save",
	"contagion":       "successes and failures count to three; the disease is not modelled",
	"eyebite":         "only the sickened option repeats its save; the table models asleep",
	"flesh_to_stone":  "successes and failures count to three before the creature is petrified",
	"prismatic_spray": "the indigo ray's saves count to three before the creature is petrified",
	"prismatic_wall":  "the indigo layer's saves count to three before the creature is petrified",
}

// repeatRE finds the SRD's sentence of a save made again at the end of each of the creature's turns.
var repeatRE = regexp.MustCompile(`(?i)[^.|]*(end of (each of )?(its|the target's|your) turns?\b|end of each round)[^.|]*\.`)

// TestSRDRepeatSaves: every SRD spell whose description repeats a saving throw at the end of the creature's turns is
// marked with that save's ability, or listed with the reason it is not; every mark is such a spell.
func TestSRDRepeatSaves(t *testing.T) {
	var rows []struct {
		Index string   `json:"index"`
		Desc  []string `json:"desc"`
	}
	readSRD(t, "Spells.json", &rows)
	said := map[string]Ability{}
	for _, r := range rows {
		id := strings.ReplaceAll(r.Index, "-", "_")
		for _, m := range repeatRE.FindAllString(strings.Join(r.Desc, " "), -1) {
			low := strings.ToLower(m)
			if !strings.Contains(low, "saving throw") && !strings.Contains(low, "d20") {
				continue
			}
			a := Ability("")
			for name, x := range map[string]Ability{"strength": Str, "dexterity": Dex, "constitution": Con,
				"intelligence": Int, "wisdom": Wis, "charisma": Cha} {
				if strings.Contains(low, name) {
					a = x
				}
			}
			said[id] = a
		}
	}
	var ids []string
	for id := range said {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s, _ := LookupSpell(id)
		_, excepted := srdRepeatExceptions[id]
		switch {
		case excepted && s.RepeatSave != "":
			t.Errorf("%s: marked and listed as an exception", id)
		case !excepted && s.RepeatSave == "":
			t.Errorf("%s: the SRD repeats a save at the end of its turns; mark it or list why not", id)
		case !excepted && said[id] != "" && s.RepeatSave != said[id]:
			t.Errorf("%s: repeat save %s, the SRD says %s", id, s.RepeatSave, said[id])
		}
	}
	for _, s := range Spells() {
		if s.RepeatSave != "" {
			if _, ok := said[s.ID]; !ok {
				t.Errorf("%s: marked, but the SRD text repeats no save at the end of a turn", s.ID)
			}
		}
	}
	for id := range srdRepeatExceptions {
		if _, ok := said[id]; !ok {
			t.Errorf("exception %s: the SRD text no longer repeats a save", id)
		}
	}
}

// TestRepeatSave: the record a landed spell leaves (prone is left out: a creature stands up by itself), and the save
// rolled with the creature's conditions (a paralyzed creature still saves WIS normally) — hold person, SRD.
func TestRepeatSave(t *testing.T) {
	hold, _ := LookupSpell("hold_person")
	if hold.RepeatSave != Wis {
		t.Fatalf("hold person repeats %q", hold.RepeatSave)
	}
	rs, ok := NewRepeatSave(hold, 13, "Zed", []Condition{Paralyzed})
	if !ok || rs.DC != 13 || rs.Ability != Wis || !slices.Equal(rs.Conditions, []Condition{Paralyzed}) {
		t.Fatalf("record %+v %v", rs, ok)
	}
	laugh, _ := LookupSpell("hideous_laughter")
	if rs, _ := NewRepeatSave(laugh, 12, "Zed", []Condition{Prone, Incapacitated}); !slices.Equal(rs.Conditions, []Condition{Incapacitated}) {
		t.Errorf("hideous laughter keeps %v", rs.Conditions)
	}
	fireball, _ := LookupSpell("fireball")
	if _, ok := NewRepeatSave(fireball, 15, "Zed", nil); ok {
		t.Error("fireball has no repeat save")
	}
	bugbear := NPCStats{Monster: "bugbear"}
	self := bugbear.Target("Bugbear", 16, 27, 27, 0, []string{"paralyzed"})
	for _, tt := range []struct {
		face int
		want Outcome
	}{{13, OutcomeSuccess}, {12, OutcomeFailure}} {
		res, err := rs.Roll(self, bugbear.SaveMod(Wis, 2), dice.NewScripted([]int{tt.face}))
		if err != nil {
			t.Fatal(err)
		}
		// The bugbear's WIS is 11: +0.
		if res.Outcome != tt.want || res.Total != tt.face {
			t.Errorf("d20 %d: %d %s, want %s", tt.face, res.Total, res.Outcome, tt.want)
		}
	}
	list := AddRepeat(AddRepeat(nil, rs), RepeatSave{Spell: "slow", Ability: Wis, DC: 14})
	list = AddRepeat(list, RepeatSave{Spell: "hold_person", Ability: Wis, DC: 15})
	if len(list) != 2 || list[1].DC != 15 {
		t.Errorf("AddRepeat: %+v", list)
	}
}
