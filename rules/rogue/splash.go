package rogue

// SplashHit is what a spell did to one creature adjacent to its target:
// Healing Wave's healing or an enlarged orb's damage (A23, A24).
type SplashHit struct {
	ID     string        `json:"id"` // the Nearby's ID
	Heal   *HealResult   `json:"heal,omitempty"`
	Damage *DamageResult `json:"damage,omitempty"`
}

// around picks the creatures of o.Nearby adjacent to o.At, once each,
// leaving out the target; the caster stands for itself (its working copy
// a), the others are copies whose originals orig receive the result.
func (o CastOptions) around(caster, target, a *Character) (around []Nearby, orig []*Character) {
	if o.At == nil {
		return nil, nil
	}
	seen := map[*Character]bool{target: true}
	for _, n := range o.Nearby {
		if n.C == nil || n.At == nil || seen[n.C] || !o.At.Adjacent(*n.At) {
			continue
		}
		seen[n.C] = true
		switch n.C {
		case caster:
			around, orig = append(around, Nearby{ID: n.ID, At: n.At, C: a}), append(orig, nil)
		default:
			around, orig = append(around, Nearby{ID: n.ID, At: n.At, C: n.C.Clone()}), append(orig, n.C)
		}
	}
	return around, orig
}

// splashHeal heals every living creature adjacent to the target by amount (Healing Wave).
func (k *casting) splashHeal(amount int) {
	for _, n := range k.around {
		if n.C.Dead() {
			continue
		}
		hr := n.C.Heal(amount)
		k.res.Splashed = append(k.res.Splashed, SplashHit{ID: n.ID, Heal: &hr})
	}
}

// splashDamage deals an exploding orb's normal damage to every living
// creature adjacent to the target (Enlarge Orb). Decision: it strikes the
// body (the splash is no critical hit) and resistances apply as usual.
func (k *casting) splashDamage(amount int, typ DamageType) error {
	for _, n := range k.around {
		if n.C.Dead() {
			continue
		}
		dr, err := n.C.TakeDamage(Damage{Amount: min(amount, MaxHPLimit), Type: typ, Location: Body}, k.r)
		if err != nil {
			return err
		}
		k.res.Splashed = append(k.res.Splashed, SplashHit{ID: n.ID, Damage: dr})
	}
	return nil
}
