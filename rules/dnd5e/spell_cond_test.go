package dnd5e

import (
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// spellConditions is the cross-check table of the conditions spells impose:
// "condition rounds" per condition, "!" after the rounds when it outlasts the
// spell (SpellCondition.Fixed), then "hp≤N" and "kills" for the power words.
var spellConditions = map[string]string{
	"animal_friendship":    "charmed 14400",
	"banishment":           "incapacitated 10", // banished to a demiplane, where it is incapacitated
	"black_tentacles":      "restrained 10",
	"blindness_deafness":   "blinded 10 (blinded), deafened 10 (deafened)", // the caster's choice
	"charm_person":         "charmed 600",
	"color_spray":          "blinded 1", // pool; "until the end of your next turn"
	"dominate_beast":       "charmed 10",
	"dominate_monster":     "charmed 600",
	"dominate_person":      "charmed 10",
	"entangle":             "restrained 10",                              // halt: no moving, no actions                                 // on a hit; the disease after three failed saves is not tracked                                   // a DEX save on the shaking ground
	"command":              "prone 0! (grovel), incapacitated 1! (halt)", // halt: no moving, no actions
	"contagion":            "poisoned 0",
	"darkness":             "blinded 100",                                       // inside the darkness: effectively blinded                                        // on a hit; the disease after three failed saves is not tracked
	"earthquake":           "prone 0!",                                          // a DEX save on the shaking ground
	"eyebite":              "unconscious 10 (asleep), frightened 10 (panicked)", // sickened is an effect
	"maze":                 "incapacitated 100",                                 // banished into the maze until it escapes
	"fog_cloud":            "blinded 600",                                       // inside the fog: effectively blinded
	"fear":                 "frightened 10",
	"flesh_to_stone":       "restrained 10", // the first stage; petrified after three failed saves is not tracked
	"geas":                 "charmed 0",     // 30 days: longer than MaxRounds, until removed
	"grease":               "prone 0!",
	"greater_invisibility": "invisible 10",
	"hideous_laughter":     "prone 0!, incapacitated 10",
	"hold_monster":         "paralyzed 10",
	"hold_person":          "paralyzed 10",
	"hypnotic_pattern":     "charmed 10, incapacitated 10",
	"imprisonment":         "incapacitated 0!", // bound away, out of the encounter
	"invisibility":         "invisible 600",
	"mislead":              "invisible 600", // the caster, when named as the target
	"modify_memory":        "charmed 10, incapacitated 10",
	"phantasmal_killer":    "frightened 10",
	"plane_shift":          "incapacitated 0!", // sent to another plane, out of the encounter
	"power_word_kill":      "hp≤100 kills",
	"power_word_stun":      "stunned 0! hp≤150", // until a CON save at the end of its turn
	"sleep":                "unconscious 10",    // pool // the creatures the caller names as inside the sphere
	"silence":              "deafened 100",      // the creatures the caller names as inside the sphere
	"sleet_storm":          "prone 0!",
	"stinking_cloud":       "incapacitated 1!", // it spends its action retching
	"storm_of_vengeance":   "deafened 50!",     // 5 minutes, past the storm
	"symbol":               "frightened 10! (fear), incapacitated 10! (pain), unconscious 100! (sleep), stunned 10! (stunning)",
	"sunbeam":              "blinded 1!", // until the caster's next turn
	"sunburst":             "blinded 10!",
	"weird":                "frightened 10",
	"web":                  "restrained 600",
}

// spellConditionSkipped: spells whose SRD text names one of the 14 conditions
// but which impose none here, and why.
var spellConditionSkipped = map[string]string{
	"animal_shapes":                 "unconscious: what happens when a shape drops to 0 HP",
	"antimagic_field":               "invisible: creatures and objects inside stop being invisible",
	"antipathy_sympathy":            "frightened: an enchantment on an object or area, saved against later",
	"arcane_eye":                    "invisible: the eye",
	"astral_projection":             "unconscious: the caster's own body",
	"awaken":                        "charmed: the awakened beast is friendly for 30 days; no save",
	"branding_smite":                "invisible: the target can't become invisible",
	"calm_emotions":                 "charmed, frightened: suppressed, not imposed",
	"clairvoyance":                  "invisible: the sensor",
	"compulsion":                    "charmed: creatures that can't be charmed succeed",
	"dispel_evil_and_good":          "charmed, frightened: ended, not imposed",
	"divine_word":                   "blinded, deafened, stunned by hit-point band: not modelled",
	"enhance_ability":               "incapacitated: mentioned for falling",
	"enthrall":                      "charmed: immunity; the effect is disadvantage on Perception",
	"faerie_fire":                   "invisible: the target can't benefit from it (advantage is not a condition)",
	"faithful_hound":                "invisible: the hound",
	"forcecage":                     "invisible: the cage",
	"freedom_of_movement":           "paralyzed, restrained, grappled: protection, not imposed",
	"gaseous_form":                  "incapacitated, stunned: mentioned for hovering",
	"glyph_of_warding":              "invisible: the glyph",
	"greater_restoration":           "charmed, petrified: ended, not imposed",
	"hallow":                        "charmed, frightened: options of a warded area",
	"heroes_feast":                  "frightened: immunity",
	"heroism":                       "frightened: immunity",
	"holy_aura":                     "blinded: only a fiend or undead that hits a warded creature",
	"instant_summons":               "invisible: the sapphire",
	"irresistible_dance":            "charmed: immunity; dancing is not a condition",
	"lesser_restoration":            "ends a condition",
	"magic_circle":                  "charmed, frightened: what the warded creatures can't do",
	"magnificent_mansion":           "invisible: the servants",
	"mass_heal":                     "blinded, deafened: cured",
	"mass_suggestion":               "charmed: immunity",
	"meld_into_stone":               "prone: not a condition imposed",
	"mind_blank":                    "charmed: immunity",
	"polymorph":                     "unconscious: reverting at 0 HP",
	"prismatic_spray":               "blinded, restrained, petrified by a d8 colour: not modelled",
	"prismatic_wall":                "blinded, restrained, petrified by layer: not modelled",
	"project_image":                 "blinded, deafened: the caster, using the image's senses",
	"protection_from_evil_and_good": "charmed, frightened: protection",
	"protection_from_poison":        "poisoned: cured and protected",
	"rope_trick":                    "invisible: the space",
	"scrying":                       "invisible: the sensor",
	"see_invisibility":              "invisible: seen",
	"sequester":                     "invisible: the hidden object",
	"shapechange":                   "unconscious: reverting at 0 HP",
	"shield":                        "invisible: the barrier",
	"speak_with_plants":             "restrained: plants may restrain, at the GM's word",
	"suggestion":                    "charmed: immunity",
	"telekinesis":                   "restrained after a contest of checks, not a save",
	"true_polymorph":                "unconscious: reverting at 0 HP",
	"unseen_servant":                "invisible: the servant",
	"wall_of_force":                 "invisible: the wall",
	"wind_walk":                     "incapacitated: while changing form",
}

// spellConditionImplied: conditions the table imposes that the SRD text
// describes without naming them.
var spellConditionImplied = map[string]string{
	"darkness":       "blinded: a heavily obscured area (SRD vision rules: effectively blinded)",
	"fog_cloud":      "blinded: a heavily obscured area (SRD vision rules: effectively blinded)",
	"imprisonment":   "incapacitated: bound away by one of five forms, out of the encounter",
	"plane_shift":    "incapacitated: sent to another plane, out of the encounter",
	"command":        "incapacitated: halt, it takes no actions",
	"contagion":      "poisoned: the disease's first stage, before the named diseases",
	"maze":           "incapacitated: banished to the maze until it escapes",
	"stinking_cloud": "incapacitated: it spends its action retching and reeling",
}

// conditionText writes a spell's conditions the way spellConditions does.
func conditionText(s Spell) string {
	var parts []string
	for _, c := range s.Conditions {
		p := string(c.ID) + " " + strconv.Itoa(c.Rounds)
		if c.Fixed {
			p += "!"
		}
		if c.Choice != "" {
			p += " (" + c.Choice + ")"
		}
		parts = append(parts, p)
	}
	out := strings.Join(parts, ", ")
	if s.HPLimit > 0 {
		out = strings.TrimSpace(out + " hp≤" + strconv.Itoa(s.HPLimit))
	}
	if s.Kills {
		out += " kills"
	}
	return out
}

func TestSpellConditionTable(t *testing.T) {
	got := map[string]string{}
	for _, s := range Spells() {
		if txt := conditionText(s); txt != "" {
			got[s.ID] = txt
		}
		for _, c := range s.Conditions {
			if !c.ID.Valid() || c.ID == Exhaustion || c.Rounds < 0 || c.Rounds > MaxRounds {
				t.Errorf("%s: bad condition %+v", s.ID, c)
			}
			// A condition that ends with the spell: the spell lasts at least as long, or the duration is the spell's.
			if !c.Fixed && s.Concentration && c.Rounds == 0 {
				t.Errorf("%s: %s ends with the spell but has no duration", s.ID, c.ID)
			}
		}
		if _, skipped := spellConditionSkipped[s.ID]; skipped && len(s.Conditions) > 0 {
			t.Errorf("%s imposes %s but is listed as skipped", s.ID, conditionText(s))
		}
	}
	if !reflect.DeepEqual(got, spellConditions) {
		for id, want := range spellConditions {
			if got[id] != want {
				t.Errorf("%s: %q, want %q", id, got[id], want)
			}
		}
		for id, g := range got {
			if _, ok := spellConditions[id]; !ok {
				t.Errorf("%s: %q is not in the cross-check table", id, g)
			}
		}
	}
	// A looked-up spell's conditions are its own copy.
	s := spell(t, "hold_person")
	s.Conditions[0].ID = Blinded
	if spell(t, "hold_person").Conditions[0].ID != Paralyzed {
		t.Error("LookupSpell shares the table's conditions")
	}
}

// TestSRDSpellConditions: every condition the table imposes is named in the
// spell's SRD text, and every spell whose text names one of the 14 conditions
// is either in the table or listed as skipped, with a reason.
func TestSRDSpellConditions(t *testing.T) {
	var rows []struct {
		Index string   `json:"index"`
		Desc  []string `json:"desc"`
	}
	readSRD(t, "Spells.json", &rows)
	for _, r := range rows {
		id := strings.ReplaceAll(r.Index, "-", "_")
		desc := strings.ToLower(strings.Join(r.Desc, " "))
		var named []string
		for _, c := range Conditions() {
			if c != Exhaustion && regexp.MustCompile(`\b`+string(c)+`\b`).MatchString(desc) {
				named = append(named, string(c))
			}
		}
		s := spell(t, id)
		for _, c := range s.Conditions {
			if _, implied := spellConditionImplied[id]; !implied && !strings.Contains(desc, string(c.ID)) {
				t.Errorf("%s imposes %s, which its SRD text does not name", id, c.ID)
			}
		}
		if s.Kills && !strings.Contains(desc, "dies") {
			t.Errorf("%s kills, its SRD text says no one dies", id)
		}
		_, skipped := spellConditionSkipped[id]
		_, listed := spellConditions[id]
		switch {
		case len(named) > 0 && !listed && !skipped:
			t.Errorf("%s names %v in its SRD text: add it to the spell table or to spellConditionSkipped", id, named)
		case skipped && len(named) == 0:
			t.Errorf("%s is listed as skipped but its SRD text names no condition", id)
		}
	}
	if len(spellConditionSkipped) == 0 {
		t.Fatal("empty skip list")
	}
	keys := make([]string, 0, len(spellConditionSkipped))
	for k := range spellConditionSkipped {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, ok := LookupSpell(k); !ok {
			t.Errorf("skipped %s is no spell", k)
		}
	}
}

func condIDs(cs []SpellCondition) string {
	var out []string
	for _, c := range cs {
		out = append(out, string(c.ID)+":"+strconv.Itoa(c.Rounds))
	}
	return strings.Join(out, ",")
}

// TestCastConditions: what Cast reports to apply on each target.
func TestCastConditions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		spell   string
		level   int // caster level (wizard; INT 16)
		targets []SpellTarget
		faces   []int
		want    []string // per target: its conditions ("" none), or "unaffected", "invalid", "killed"
		pool    int      // PoolLeft
	}{
		// Wizard 3: DC 13. A fails (5 + 2), B saves (12 + 2 = 14), C is invalid (no roll), D fails (1).
		{name: "hold person", spell: "hold_person", level: 3, faces: []int{5, 12, 1},
			targets: []SpellTarget{{Target: Target{Name: "A"}, SaveMod: 2}, {Target: Target{Name: "B"}, SaveMod: 2},
				{Target: Target{Name: "C"}, Invalid: true}, {Target: Target{Name: "D"}}},
			want: []string{"paralyzed:10", "", "invalid", "paralyzed:10"}},
		// Sleep: 5d8 = 22. HP 12 (B), 5 (A), 9 (E) in ascending order: A (5) and E (9) spend 14, 8 are left: B's 12
		// is too many. C is unconscious and D at 0 HP: skipped; F is invalid and spends nothing.
		{name: "sleep pool", spell: "sleep", level: 1, faces: []int{5, 5, 5, 5, 2},
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 5}}, {Target: Target{Name: "B", HP: 12}},
				{Target: Target{Name: "C", HP: 3, Conditions: []Condition{Unconscious}}}, {Target: Target{Name: "D"}},
				{Target: Target{Name: "E", HP: 9}}, {Target: Target{Name: "F", HP: 1}, Invalid: true}},
			want: []string{"unconscious:10", "unaffected", "unaffected", "unaffected", "unconscious:10", "invalid"}, pool: 8},
		// Color spray: 6d10 = 12; a blinded creature can't see and is skipped; ties keep the target order.
		{name: "color spray", spell: "color_spray", level: 1, faces: []int{2, 2, 2, 2, 2, 2},
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 6}}, {Target: Target{Name: "B", HP: 1, Conditions: []Condition{Blinded}}},
				{Target: Target{Name: "C", HP: 6}}, {Target: Target{Name: "D", HP: 6}}},
			want: []string{"blinded:1", "unaffected", "blinded:1", "unaffected"}},
		// Hideous laughter: both conditions.
		{name: "hideous laughter", spell: "hideous_laughter", level: 1, faces: []int{3},
			targets: []SpellTarget{{Target: Target{Name: "A"}}}, want: []string{"prone:0,incapacitated:10"}},
		// Invisibility: no save, no attack: affected.
		{name: "invisibility", spell: "invisibility", level: 3, targets: []SpellTarget{{Target: Target{Name: "A"}}},
			want: []string{"invisible:600"}},
		// Sunburst: the failure is blinded, the success takes half and is not.
		{name: "sunburst", spell: "sunburst", level: 15, faces: []int{2, 20, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
			targets: []SpellTarget{{Target: Target{Name: "A"}}, {Target: Target{Name: "B"}}}, want: []string{"blinded:10", ""}},
		// Power words: by current hit points, no roll.
		{name: "power word stun", spell: "power_word_stun", level: 15,
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 150}}, {Target: Target{Name: "B", HP: 151}}},
			want:    []string{"stunned:0", "unaffected"}},
		{name: "power word kill", spell: "power_word_kill", level: 17,
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 100}}, {Target: Target{Name: "B", HP: 101}}},
			want:    []string{"killed", "unaffected"}},
		// A spell attack with no condition: nothing even on a hit.
		{name: "fire bolt", spell: "fire_bolt", level: 1, faces: []int{15, 5},
			targets: []SpellTarget{{Target: Target{Name: "A", AC: 10}}}, want: []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := caster(t, "wizard", tc.level)
			r := faces(tc.faces...)
			res, err := c.Cast(spell(t, tc.spell), 0, tc.targets, r, CastOptions{AnyClass: true})
			if err != nil {
				t.Fatal(err)
			}
			if r.n != len(tc.faces) {
				t.Errorf("rolled %d dice, want %d", r.n, len(tc.faces))
			}
			for i, ct := range res.Targets {
				got := condIDs(ct.Conditions)
				switch {
				case ct.Invalid:
					got = "invalid"
				case ct.Unaffected:
					got = "unaffected"
				case ct.Killed:
					got = "killed"
				}
				if ct.Unaffected && (len(ct.Conditions) > 0 || ct.Killed) {
					t.Errorf("%s is unaffected and yet %+v", ct.Name, ct)
				}
				if got != tc.want[i] {
					t.Errorf("%s: %q, want %q", ct.Name, got, tc.want[i])
				}
			}
			if res.PoolLeft != tc.pool {
				t.Errorf("pool left %d, want %d", res.PoolLeft, tc.pool)
			}
		})
	}
}
