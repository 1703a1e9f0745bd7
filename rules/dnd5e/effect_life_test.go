package dnd5e

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"
)

// TestEffectAC: mage armor's base, barkskin's floor, shield and shield of
// faith on top; shield cast in reaction turns a hit into a miss (Recheck).
func TestEffectAC(t *testing.T) {
	mage := fx("mage_armor", Mod{Kind: ModACBase, Value: 13})
	bark := fx("barkskin", Mod{Kind: ModACMin, Value: 16})
	shield := fx("shield", Mod{Kind: ModAC, Value: 5})
	faith := fx("shield_of_faith", Mod{Kind: ModAC, Value: 2})
	for _, tc := range []struct {
		name string
		ac   int
		dex  int
		fx   []ActiveEffect
		want int
	}{
		{"mage armor: 13 + DEX", 11, 3, []ActiveEffect{mage}, 16},
		{"mage armor lower than armor worn", 18, 1, []ActiveEffect{mage}, 18},
		{"shield +5", 14, 0, []ActiveEffect{shield}, 19},
		{"barkskin lifts AC 12 to 16", 12, 2, []ActiveEffect{bark}, 16},
		{"barkskin floor with shield of faith above it", 15, 0, []ActiveEffect{bark, faith}, 17},
		{"barkskin changes nothing at AC 18", 18, 0, []ActiveEffect{bark}, 18},
		{"mage armor, shield and shield of faith", 10, 2, []ActiveEffect{mage, shield, faith}, 22},
		{"unknown AC stays unknown", 0, 0, []ActiveEffect{shield}, 0},
	} {
		got, applied := Target{AC: tc.ac, DexMod: tc.dex, Effects: tc.fx}.ArmorClass()
		if got != tc.want {
			t.Errorf("%s: AC %d, want %d (%+v)", tc.name, got, tc.want, applied)
		}
		if tc.name == "barkskin changes nothing at AC 18" && len(applied) != 0 {
			t.Errorf("%s: applied %+v", tc.name, applied)
		}
	}
	// Shield in reaction: a 17 hits AC 15, then misses AC 20; a crit still hits.
	c := fighter3(t)
	hit, err := c.Attack("Longsword", Target{Name: "Ilse", AC: 15}, forced(12, 4), AttackOptions{})
	if err != nil || !hit.Hit {
		t.Fatalf("%+v %v", hit, err)
	}
	ac, _ := Target{AC: 15, Effects: []ActiveEffect{shield}}.ArmorClass()
	re := hit.Recheck(ac)
	if re.Hit || re.Outcome != OutcomeMiss || re.Damage != nil || re.AC != 20 || re.ACBefore != 15 || !hit.Hit {
		t.Errorf("recheck: %+v (original %+v)", re, hit)
	}
	crit, _ := c.Attack("Longsword", Target{AC: 15}, forced(20, 4, 4), AttackOptions{})
	if re := crit.Recheck(20); !re.Hit || re.Damage == nil {
		t.Errorf("a crit is still a hit: %+v", re)
	}
	if c.Effects != nil {
		t.Error("attacks must not change the sheet")
	}
}

// TestEffectHP: aid raises the maximum and the hit points (and wakes a dying
// character); removing it caps them; heroism's temporary HP come at the start
// of each turn and it ends frightened and keeps it away.
func TestEffectHP(t *testing.T) {
	aid := NewEffect(EffectSource{Kind: SourceSpell, ID: "aid"}, Hours(8), Mod{Kind: ModMaxHP, Value: 5})
	c := fighter3(t) // max 28
	c.HP = 20
	ch, err := c.AddEffect(aid)
	if err != nil || c.HP != 25 || c.EffectiveMaxHP() != 33 || ch.HP == nil || ch.HP.Applied != 5 {
		t.Fatalf("aid: HP %d/%d, %+v %v", c.HP, c.EffectiveMaxHP(), ch, err)
	}
	c.HP = 33
	if _, err := c.RemoveEffect("Aid"); err != nil || c.HP != 28 || c.EffectiveMaxHP() != 28 {
		t.Errorf("aid removed: HP %d/%d %v", c.HP, c.EffectiveMaxHP(), err)
	}
	if _, err := c.RemoveEffect("aid"); !errors.Is(err, &Error{Code: ErrUnknownEffect}) {
		t.Errorf("removing twice: %v", err)
	}
	// A dying character aided wakes with 5 HP.
	d := fighter3(t)
	if _, err := d.Damage(28, "", false); err != nil || d.State != Dying {
		t.Fatal(d.State, err)
	}
	if _, err := d.AddEffect(aid); err != nil || d.HP != 5 || d.State != Conscious || d.HasCondition(Unconscious) {
		t.Errorf("aid on the dying: HP %d %s %v", d.HP, d.State, err)
	}

	heroism := NewEffect(EffectSource{Kind: SourceSpell, ID: "heroism"}, Minutes(1),
		Mod{Kind: ModCondImmune, Condition: Frightened}, Mod{Kind: ModTempHP, Value: 3, EachTurn: true})
	h := fighter3(t)
	h.Conditions = conds(Frightened)
	ch, err = h.AddEffect(heroism)
	if err != nil || !reflect.DeepEqual(ch.Ended, []Condition{Frightened}) || h.HasCondition(Frightened) || h.TempHP != 0 {
		t.Fatalf("heroism: %+v %v", ch, err)
	}
	if _, err := h.AddCondition(Frightened, ConditionOptions{}); !errors.Is(err, &Error{Code: ErrConditionImmune}) {
		t.Errorf("frightened while heroic: %v", err)
	}
	if rep := h.OnTurn(TurnEvent{Who: "Brom"}); rep.TempHP == nil || h.TempHP != 3 {
		t.Errorf("turn start: %+v temp %d", rep, h.TempHP)
	}
	if rep := h.OnTurn(TurnEvent{Who: "goblin"}); rep.TempHP != nil {
		t.Errorf("another's turn grants nothing: %+v", rep)
	}
	// False-life-like temp HP on start keep the larger pool.
	h.TempHP = 7
	if _, err := h.AddEffect(custom("ward", Mod{Kind: ModTempHP, Value: 4})); err != nil || h.TempHP != 7 {
		t.Errorf("temp HP do not stack: %d %v", h.TempHP, err)
	}
	// Rage: resistance to slashing halves it; By names the effect.
	r := withEffects(t, fighter3(t), rageEffect(2))
	hp, err := r.Damage(11, "slashing", false)
	if err != nil || hp.Applied != 5 || hp.Defence == nil || !reflect.DeepEqual(hp.Defence.By, []string{"rage"}) {
		t.Errorf("raging: %+v %v", hp, err)
	}
}

// TestTickEffects: rounds count down at the end of the turn they count on;
// "until the start of X's next turn" and "until the end of X's next turn".
func TestTickEffects(t *testing.T) {
	shield := NewEffect(EffectSource{Kind: SourceSpell, ID: "shield"}, Duration{Kind: UntilTurnStart}, Mod{Kind: ModAC, Value: 5})
	bolt := NewEffect(EffectSource{Kind: SourceSpell, ID: "guiding_bolt"}, Duration{Kind: UntilTurnEnd, Turn: "Ana"},
		Mod{Kind: ModAdvantage, Roll: ScopeAttacked})
	bless := NewEffect(EffectSource{Kind: SourceSpell, ID: "bless"}, Rounds(2), blessAttack)
	list := []ActiveEffect{shield, bolt, bless}
	step := func(who string, end bool, wantEnded ...string) {
		t.Helper()
		var ended []ActiveEffect
		list, ended = TickEffects(list, "Brom", TurnEvent{Who: who, End: end})
		var ids []string
		for _, e := range ended {
			ids = append(ids, e.ID)
		}
		if !reflect.DeepEqual(ids, wantEnded) {
			t.Errorf("%s end=%v: ended %v, want %v", who, end, ids, wantEnded)
		}
	}
	step("Brom", true)                // cast during Brom's turn: bless 2 → 1
	step("Ana", false)                // Ana's next turn begins
	step("Ana", true, "guiding_bolt") // and ends the bolt's advantage
	step("Brom", false, "shield")     // Brom's next turn: shield ends
	step("Brom", true, "bless")       // bless's last round
	if len(list) != 0 {
		t.Errorf("left %+v", list)
	}
	// On a sheet: an aid ending by rounds caps the HP.
	c := fighter3(t)
	withEffects(t, c, NewEffect(EffectSource{Kind: SourceSpell, ID: "aid"}, Rounds(1), Mod{Kind: ModMaxHP, Value: 5}))
	if c.HP != 33 {
		t.Fatalf("HP %d", c.HP)
	}
	rep := c.OnTurn(TurnEvent{Who: "brom", End: true})
	if len(rep.Ended) != 1 || c.HP != 28 || c.Effects != nil {
		t.Errorf("aid ran out: %+v HP %d", rep, c.HP)
	}
}

// TestConcentrationAndRestEffects: effects end with their caster's
// concentration and with rests.
func TestConcentrationAndRestEffects(t *testing.T) {
	c := fighter3(t)
	b := bless
	b.Conc = &ConcLink{Caster: "Ana", Spell: "bless"}
	h := NewEffect(EffectSource{Kind: SourceSpell, ID: "haste"}, Minutes(1), Mod{Kind: ModAC, Value: 2})
	h.Conc = &ConcLink{Caster: "Ilse", Spell: "haste"}
	withEffects(t, c, b, h, NewEffect(EffectSource{Kind: SourceFeature, ID: "rage"}, Duration{Kind: UntilLongRest}, Mod{Kind: ModResist, Type: "fire"}),
		NewEffect(EffectSource{Kind: SourceItem, Name: "Potion of Heroism"}, Hours(1), Mod{Kind: ModTempHP, Value: 10}),
		NewEffect(EffectSource{Kind: SourceCustom, Name: "Blessing of the Oak"}, Hours(2), Mod{Kind: ModSpeed, Value: 10}))
	if ended := c.EndConcentrationEffects("ana", "bless"); len(ended) != 1 || ended[0].ID != "bless" || len(c.Effects) != 4 {
		t.Errorf("ana's concentration: %+v left %d", ended, len(c.Effects))
	}
	if ended := c.EndConcentrationEffects("Ana", ""); len(ended) != 0 {
		t.Errorf("nothing else is Ana's: %+v", ended)
	}
	res, err := c.ShortRest(0, forced())
	if err != nil {
		t.Fatal(err)
	}
	ids := func(list []ActiveEffect) (out []string) {
		for _, e := range list {
			out = append(out, e.ID)
		}
		return out
	}
	// An hour passes: haste (1 minute) and the potion (1 hour) end; the oak's blessing has an hour left.
	if got := ids(res.EffectsEnded); !reflect.DeepEqual(got, []string{"haste", "potion of heroism"}) {
		t.Errorf("short rest ended %v", got)
	}
	if got := ids(c.Effects); !reflect.DeepEqual(got, []string{"rage", "blessing of the oak"}) || c.Effects[1].Duration.Rounds != 600 {
		t.Errorf("after a short rest %v %+v", got, c.Effects)
	}
	lr, err := c.LongRest(time.Date(2026, 1, 2, 0, 0, 0, 0, time.UTC))
	if err != nil || len(lr.EffectsEnded) != 2 || c.Effects != nil {
		t.Errorf("long rest: %+v %v", lr.EffectsEnded, err)
	}
}

// TestEffectSheetRoundTrip: effects, spent resources and counters survive
// JSON; a version-1 sheet (before them) still decodes, as version 2.
func TestEffectSheetRoundTrip(t *testing.T) {
	c := withEffects(t, fighter3(t), bless, rageEffect(2), custom("Ring of Protection",
		Mod{Kind: ModAC, Value: 1}, Mod{Kind: ModBonus, Roll: ScopeSave, Value: 1}))
	c.Effects[0].Conc = &ConcLink{Caster: "Ana", Spell: "bless"}
	c.Effects[0].Uses = 0
	c.Subclass = "champion"
	c.TurnUses = map[string]string{"sneak_attack": "r1t2"}
	c.Spent = map[string]int{"second_wind": 1, "action_surge": 1}
	c.Counters = []Counter{{Name: "Arrows", Value: 12, Max: 20, Reset: ResetNone}, {Name: "Luck", Value: -1, Min: -3, Max: 3, Reset: ResetLong}}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, back) {
		t.Errorf("round trip:\n%+v\n%+v", c, back)
	}
	old := `{"v":1,"name":"Old","class":"rogue","level":3,"scores":{"str":10,"dex":16,"con":12,"int":10,"wis":10,"cha":10},` +
		`"ac":13,"hp":20,"max_hp":20,"speed":30,"hit_dice":3,"death_saves":{"successes":0,"failures":0},"state":"conscious",` +
		`"spell_slots":[{"max":0,"used":0},{"max":0,"used":0},{"max":0,"used":0},{"max":0,"used":0},{"max":0,"used":0},` +
		`{"max":0,"used":0},{"max":0,"used":0},{"max":0,"used":0},{"max":0,"used":0}]}`
	o, err := Decode([]byte(old))
	if err != nil || o.V != Version || o.Effects != nil || o.Subclass != "" {
		t.Errorf("old sheet: %+v %v", o, err)
	}
	if _, err := Decode([]byte(`{"v":0,"name":"x"}`)); !errors.Is(err, &Error{Code: ErrBadVersion}) {
		t.Errorf("version 0: %v", err)
	}
	for _, bad := range []map[string]int{{"flight": 1}, {"rage": -1}, {"ki": MaxHPLimit + 1}} {
		c.Spent = bad
		if err := c.Validate(); err == nil {
			t.Errorf("spent %v accepted", bad)
		}
	}
}

// TestEffectValidate: bad effects are refused with a coded error.
func TestEffectValidate(t *testing.T) {
	ok := Mod{Kind: ModAC, Value: 1}
	for _, tc := range []struct {
		name string
		e    ActiveEffect
		code string
	}{
		{"unknown spell", fx("fireballz", ok), ErrUnknownSource},
		{"unknown feature", NewEffect(EffectSource{Kind: SourceFeature, ID: "flight"}, Duration{}, ok), ErrUnknownSource},
		{"unknown kind", NewEffect(EffectSource{Kind: "potion", Name: "x"}, Duration{}, ok), ErrUnknownSource},
		{"empty custom name", custom("  ", ok), ErrBadEffectName},
		{"bracket in a name", custom("a[b]", ok), ErrBadEffectName},
		{"a damage type as a name", custom("Fire", ok), ErrBadEffectName},
		{"id not from the source", ActiveEffect{ID: "x", Source: EffectSource{Kind: SourceCustom, Name: "y"}, Mods: []Mod{ok}}, ErrBadEffect},
		{"no mods", custom("x"), ErrBadEffect},
		{"bad duration", NewEffect(EffectSource{Kind: SourceCustom, Name: "x"}, Duration{Kind: "forever"}, ok), ErrBadDuration},
		{"zero rounds", NewEffect(EffectSource{Kind: SourceCustom, Name: "x"}, Duration{Kind: ForRounds}, ok), ErrBadRounds},
		{"unknown mod", custom("x", Mod{Kind: "fly"}), ErrBadMod},
		{"bonus without a roll", custom("x", Mod{Kind: ModBonus, Value: 1}), ErrBadMod},
		{"bonus of nothing", custom("x", Mod{Kind: ModBonus, Roll: ScopeAttack}), ErrBadMod},
		{"bad dice", custom("x", Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "1d"}), ErrBadMod},
		{"comparison dice", custom("x", Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "1d4>2"}), ErrBadMod},
		{"AC +60", custom("x", Mod{Kind: ModAC, Value: 60}), ErrBadModValue},
		{"min d20 1", custom("x", Mod{Kind: ModMinD20, Roll: ScopeCheck, Value: 1}), ErrBadModValue},
		{"resist nothing", custom("x", Mod{Kind: ModResist}), ErrBadMod},
		{"immune to exhaustion", custom("x", Mod{Kind: ModCondImmune, Condition: Exhaustion}), ErrBadMod},
		{"unknown ability", custom("x", Mod{Kind: ModBonus, Roll: ScopeSave, Value: 1, Ability: "luck"}), ErrBadMod},
		{"upper-case type", custom("x", Mod{Kind: ModAdvantage, Roll: ScopeAttacked, VsTypes: []string{"Fiend"}}), ErrBadMod},
		{"bad concentration", func() ActiveEffect { e := bless; e.Conc = &ConcLink{Spell: "bless"}; return e }(), ErrBadEffect},
	} {
		err := tc.e.Validate()
		var ce *Error
		if !errors.As(err, &ce) || ce.Code != tc.code {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.code)
		}
		c := fighter3(t)
		if _, err := c.AddEffect(tc.e); err == nil || c.Effects != nil {
			t.Errorf("%s: added", tc.name)
		}
	}
	// Too many, and replacing one by the same ID.
	c := fighter3(t)
	for i := range MaxEffects {
		withEffects(t, c, custom(string(rune('a'+i%26))+string(rune('a'+i/26)), ok))
	}
	if _, err := c.AddEffect(custom("one more", ok)); !errors.Is(err, &Error{Code: ErrTooManyEffects}) {
		t.Errorf("33rd effect: %v", err)
	}
	if ch, err := c.AddEffect(custom("AA", Mod{Kind: ModAC, Value: 2})); err != nil || !ch.Replaced || len(c.Effects) != MaxEffects {
		t.Errorf("replace: %+v %v", ch, err)
	}
	dead := fighter3(t)
	dead.State, dead.HP = Dead, 0
	if _, err := dead.AddEffect(bless); !errors.Is(err, &Error{Code: ErrIsDead}) {
		t.Errorf("dead: %v", err)
	}
}

// TestSpeedEffects: longstrider adds, haste doubles, slow halves, conditions still stop.
func TestSpeedEffects(t *testing.T) {
	long := fx("longstrider", Mod{Kind: ModSpeed, Value: 10})
	haste := fx("haste", Mod{Kind: ModSpeedFactor, Value: 200})
	slow := fx("slow", Mod{Kind: ModSpeedFactor, Value: 50})
	for _, tc := range []struct {
		name  string
		fx    []ActiveEffect
		conds []Condition
		want  int
	}{
		{"longstrider", []ActiveEffect{long}, nil, 40},
		{"longstrider then haste", []ActiveEffect{long, haste}, nil, 80},
		{"slow", []ActiveEffect{slow}, nil, 15},
		{"haste and slow", []ActiveEffect{haste, slow}, nil, 30},
		{"grappled with haste", []ActiveEffect{haste}, []Condition{Grappled}, 0},
	} {
		c := withEffects(t, fighter3(t), tc.fx...)
		c.Conditions = conds(tc.conds...)
		if got, _ := c.EffectiveSpeed(); got != tc.want {
			t.Errorf("%s: speed %d, want %d", tc.name, got, tc.want)
		}
	}
}
