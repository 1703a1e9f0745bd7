package dnd5e

import (
	"reflect"
	"testing"
)

func TestAddRemoveConditions(t *testing.T) {
	c := fighter3(t)
	ch, err := c.AddCondition(Poisoned, ConditionOptions{Rounds: 10})
	if err != nil || !reflect.DeepEqual(ch.Added, []Condition{Poisoned}) || ch.Rounds != 10 || ch.Refreshed {
		t.Fatalf("%+v %v", ch, err)
	}
	// Again: the longer duration stays.
	ch, _ = c.AddCondition(Poisoned, ConditionOptions{Rounds: 3})
	if !ch.Refreshed || ch.Rounds != 10 || len(ch.Added) != 0 {
		t.Errorf("refresh shorter %+v", ch)
	}
	ch, _ = c.AddCondition(Poisoned, ConditionOptions{Rounds: 20})
	if ch.Rounds != 20 {
		t.Errorf("refresh longer %+v", ch)
	}
	ch, _ = c.AddCondition(Poisoned, ConditionOptions{})
	if ch.Rounds != 0 {
		t.Errorf("until removed should win: %+v", ch)
	}
	ch, _ = c.AddCondition(Poisoned, ConditionOptions{Rounds: 5})
	if ch.Rounds != 0 {
		t.Errorf("until removed was replaced: %+v", ch)
	}
	// Unconscious implies prone.
	ch, _ = c.AddCondition(Unconscious, ConditionOptions{Rounds: 10})
	if !reflect.DeepEqual(ch.Added, []Condition{Unconscious, Prone}) || len(ch.Effects) != 1 || ch.Effects[0].Effect != EffectImpliesProne {
		t.Errorf("unconscious %+v", ch)
	}
	if !c.HasCondition(Incapacitated) {
		t.Error("unconscious does not imply incapacitated")
	}
	want := []ConditionStatus{{ID: Poisoned}, {ID: Prone}, {ID: Unconscious, Rounds: 10}, {ID: Incapacitated, ImpliedBy: Unconscious}}
	if got := c.ListConditions(); !reflect.DeepEqual(got, want) {
		t.Errorf("list %+v\nwant %+v", got, want)
	}
	ch, err = c.RemoveCondition(Unconscious)
	if err != nil || !reflect.DeepEqual(ch.Removed, []Condition{Unconscious}) || !c.HasCondition(Prone) {
		t.Errorf("remove %+v %v", ch, err)
	}
	_, err = c.RemoveCondition(Unconscious)
	wantCode(t, err, ErrConditionAbsent)
	_, err = c.AddCondition("dazed", ConditionOptions{})
	wantCode(t, err, ErrUnknownCondition)
	_, err = c.RemoveCondition("dazed")
	wantCode(t, err, ErrUnknownCondition)
	_, err = c.AddCondition(Prone, ConditionOptions{Rounds: -1})
	wantCode(t, err, ErrBadRounds)
	_, err = c.AddCondition(Prone, ConditionOptions{Rounds: MaxRounds + 1})
	wantCode(t, err, ErrBadRounds)
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}

func TestExhaustion(t *testing.T) {
	c := sheet12(t, 10)
	ch, err := c.AddCondition(Exhaustion, ConditionOptions{})
	if err != nil || c.Exhaustion != 1 || ch.ExhaustionBefore != 0 || ch.ExhaustionAfter != 1 {
		t.Fatalf("%+v %v", ch, err)
	}
	// Level 4: max HP halved, HP capped.
	ch, _ = c.AddCondition(Exhaustion, ConditionOptions{Levels: 3})
	if c.Exhaustion != 4 || c.EffectiveMaxHP() != 6 || c.HP != 6 || ch.MaxBefore != 12 || ch.MaxAfter != 6 || ch.HPBefore != 10 {
		t.Errorf("exhaustion 4: %+v", ch)
	}
	if !reflect.DeepEqual(ch.Effects, []Effect{{Condition: Exhaustion, Level: 4, Effect: EffectMaxHPHalved}}) {
		t.Errorf("effects %+v", ch.Effects)
	}
	// Level 6: dead.
	ch, _ = c.AddCondition(Exhaustion, ConditionOptions{Levels: 5})
	if c.Exhaustion != 6 || c.State != Dead || c.HP != 0 || ch.StateAfter != Dead {
		t.Errorf("exhaustion 6: %+v", c)
	}
	if !reflect.DeepEqual(ch.Effects, []Effect{{Condition: Exhaustion, Level: 6, Effect: EffectDeath}}) {
		t.Errorf("effects %+v", ch.Effects)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
	// Removing exhaustion does not raise the dead.
	ch, _ = c.RemoveCondition(Exhaustion)
	if c.Exhaustion != 0 || c.State != Dead || !reflect.DeepEqual(ch.Removed, []Condition{Exhaustion}) {
		t.Errorf("remove: %+v", c)
	}
	_, err = c.RemoveCondition(Exhaustion)
	wantCode(t, err, ErrConditionAbsent)
	_, err = c.AddCondition(Exhaustion, ConditionOptions{Levels: 7})
	wantCode(t, err, ErrBadExhaustion)
	_, err = c.SetExhaustion(-1)
	wantCode(t, err, ErrBadExhaustion)

	// Odd max HP rounds down; the list shows the level.
	c = sheet12(t, 12)
	c.SetMaxHP(13)
	c.SetExhaustion(5)
	if c.EffectiveMaxHP() != 6 || c.HP != 6 {
		t.Errorf("exhaustion 5 of 13: max %d HP %d", c.EffectiveMaxHP(), c.HP)
	}
	if got := c.ListConditions(); !reflect.DeepEqual(got, []ConditionStatus{{ID: Exhaustion, Level: 5}}) {
		t.Errorf("list %+v", got)
	}
	c.SetExhaustion(3)
	if c.EffectiveMaxHP() != 13 || c.HP != 6 {
		t.Errorf("back to 3: max %d HP %d", c.EffectiveMaxHP(), c.HP)
	}
}

func TestTickConditions(t *testing.T) {
	c := fighter3(t)
	c.AddCondition(Poisoned, ConditionOptions{Rounds: 2})
	c.AddCondition(Frightened, ConditionOptions{Rounds: 1})
	c.AddCondition(Prone, ConditionOptions{})
	if exp := c.TickConditions(); !reflect.DeepEqual(exp, []Condition{Frightened}) {
		t.Errorf("tick 1 expired %v", exp)
	}
	if !reflect.DeepEqual(c.Conditions, []ActiveCondition{{ID: Poisoned, Rounds: 1}, {ID: Prone}}) {
		t.Errorf("after tick 1: %+v", c.Conditions)
	}
	if exp := c.TickConditions(); !reflect.DeepEqual(exp, []Condition{Poisoned}) {
		t.Errorf("tick 2 expired %v", exp)
	}
	if exp := c.TickConditions(); exp != nil || !reflect.DeepEqual(c.Conditions, []ActiveCondition{{ID: Prone}}) {
		t.Errorf("tick 3: %v %+v", exp, c.Conditions)
	}
	kept, exp := TickConditions([]ActiveCondition{{ID: Stunned, Rounds: 1}})
	if kept != nil || !reflect.DeepEqual(exp, []Condition{Stunned}) {
		t.Errorf("TickConditions: %v %v", kept, exp)
	}
}

// TestPassRounds: game time the GM lets pass counts timed conditions down as rounds would; untimed ones stay.
func TestPassRounds(t *testing.T) {
	c := fighter3(t)
	for _, x := range []struct {
		id     Condition
		rounds int
	}{{Poisoned, 10}, {Blinded, 600}, {Prone, 0}} {
		if _, err := c.AddCondition(x.id, ConditionOptions{Rounds: x.rounds}); err != nil {
			t.Fatal(err)
		}
	}
	if got := c.PassRounds(0); got != nil {
		t.Errorf("no time: %v", got)
	}
	got := c.PassRounds(100) // 10 minutes
	if len(got) != 1 || got[0] != Poisoned {
		t.Errorf("expired %v", got)
	}
	if !c.HasCondition(Blinded) || !c.HasCondition(Prone) || c.HasCondition(Poisoned) || c.Conditions[0].Rounds != 500 {
		t.Errorf("left %+v", c.Conditions)
	}
}
