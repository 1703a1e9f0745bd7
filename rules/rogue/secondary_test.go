package rogue

import "testing"

// A9.3, A10.3: a creature vulnerable to an aura's type always suffers that type's secondary effect; it is put on
// the creature and returned as data. The bearer is a monster with STA 11 (X = 4): 1d3 + 4 = 5, ×1.5 adjacent = 7.
func TestAuraSecondaryEffect(t *testing.T) {
	tests := []struct {
		name  string
		aura  DamageType
		weak  bool
		other func(*Character)
		dice  []int // after the aura roll: the random pick, then the duration
		want  func(t *testing.T, c *Character, h *AuraHit)
	}{
		{"fire sets burning for 1d6 + X", Fire, true, nil, []int{2}, func(t *testing.T, c *Character, h *AuraHit) {
			if e, ok := c.effect(KindState, string(Burning)); !ok || e.Turns != 6 || e.Power != 4 || h.Effect.Duration.Notation != "1d6+4" {
				t.Errorf("burning: %+v %+v", h.Effect, c.Effects)
			}
		}},
		{"frost slows (power X) for 1d6 + X", Frost, true, nil, []int{1}, func(t *testing.T, c *Character, h *AuraHit) {
			if s := c.SlowEffects(); len(s) != 1 || s[0].Turns != 5 || s[0].Power != 4 {
				t.Errorf("slowed: %+v", c.Effects)
			}
		}},
		{"shock shocks for X/2", Shock, true, nil, nil, func(t *testing.T, c *Character, h *AuraHit) {
			if e, ok := c.effect(KindState, string(Shocked)); !ok || e.Turns != 2 || h.Effect.Duration != nil {
				t.Errorf("shocked: %+v", c.Effects)
			}
		}},
		{"poison: a random poison for (1d6 + X)×10", Poison, true, nil, []int{4, 3}, func(t *testing.T, c *Character, h *AuraHit) {
			if e, ok := c.effect(KindPoison, string(PoisonDeadly)); !ok || e.Turns != 70 || e.Power != 4 || h.Effect.Picked.Total != 4 {
				t.Errorf("poisoned: %+v %+v", h.Effect, c.Effects)
			}
		}},
		{"disease: a random disease", Disease, true, nil, []int{9, 1}, func(t *testing.T, c *Character, h *AuraHit) {
			if e, ok := c.effect(KindDisease, string(DiseaseRottingFlesh)); !ok || e.Turns != 50 {
				t.Errorf("diseased: %+v", c.Effects)
			}
		}},
		{"immunity stops it", Fire, true, func(c *Character) { c.Immune = []Immunity{Immunity(Fire)} }, nil, func(t *testing.T, c *Character, h *AuraHit) {
			if h.Effect != nil || c.HasState(Burning) || !h.Secondary {
				t.Errorf("immune: %+v %+v", h, c.Effects)
			}
		}},
		{"not vulnerable: none", Fire, false, nil, nil, func(t *testing.T, c *Character, h *AuraHit) {
			if h.Effect != nil || h.Secondary || len(c.Effects) != 0 {
				t.Errorf("not vulnerable: %+v", h)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := makeChar(t, "Elemental", Human, Male, 1, Attributes{8, 8, 11, 8}, monster, func(c *Character) { c.Aura = tt.aura })
			a, err := m.RollAura(faces(1))
			if err != nil || a.X != 4 || a.Adjacent != 7 {
				t.Fatalf("aura %+v %v", a, err)
			}
			c := sturdy(t)
			if tt.other != nil {
				tt.other(c)
			}
			if tt.weak {
				c.Weak = []DamageType{tt.aura}
			}
			h, err := ApplyAura(a, c, 1, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			tt.want(t, c, h)
		})
	}
}

// SufferSecondary: the table the orbs and auras share (A24–A25); X/2 = 0 shocks no one (G-A19); physical, magic
// and trap damage have no secondary effect.
func TestSufferSecondary(t *testing.T) {
	c := sturdy(t)
	se, err := c.SufferSecondary(Shock, 1, faces())
	if err != nil || se == nil || se.Change != nil || c.HasState(Shocked) {
		t.Errorf("X/2 = 0: %+v %v", se, err)
	}
	for _, typ := range []DamageType{Physical, Magic, Trap} {
		if se, err := c.SufferSecondary(typ, 3, faces()); se != nil || err != nil {
			t.Errorf("%s: %+v %v", typ, se, err)
		}
	}
	// AddEffect's own refusal (poison immunity) is reported in Change.
	im := sturdy(t, func(c *Character) { c.Immune = []Immunity{Immunity(Poison)} })
	se, err = im.SufferSecondary(Poison, 2, faces(1, 1))
	if err != nil || se.Change == nil || se.Change.Added || se.Change.Refused != Immunity(Poison).Key() {
		t.Errorf("refused: %+v %v", se, err)
	}
}
