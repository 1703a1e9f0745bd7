package dnd5e

// What a creature's effects do to its AC, its damage defences and its hits.

// ArmorClass is the creature's AC with its effects: the highest of its AC and
// each ac_base (Value + DexMod: mage armor), plus every ac mod (shield,
// shield of faith, haste, slow), and at least every ac_min (barkskin). An
// unknown AC (0) stays unknown. Applied lists the effects that changed it.
func (t Target) ArmorClass() (int, []Applied) {
	if t.AC <= 0 {
		return t.AC, nil
	}
	ac := t.AC
	var applied []Applied
	var base *Applied
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModACBase && m.Value+t.DexMod > ac {
				ac = m.Value + t.DexMod
				base = &Applied{Effect: e.ID, Source: e.Source, Kind: ModACBase, Value: ac}
			}
		}
	}
	if base != nil {
		applied = append(applied, *base)
	}
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModAC {
				ac += m.Value
				applied = append(applied, Applied{Effect: e.ID, Source: e.Source, Kind: ModAC, Value: m.Value, Total: m.Value})
			}
		}
	}
	floor, floorFrom := 0, -1
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModACMin && m.Value > floor {
				floor = m.Value
				floorFrom = len(applied)
				applied = append(applied, Applied{Effect: e.ID, Source: e.Source, Kind: ModACMin, Value: m.Value})
			}
		}
	}
	if floor > ac {
		ac = floor
	} else if floorFrom >= 0 {
		applied = append(applied[:floorFrom], applied[floorFrom+1:]...) // the floor changed nothing
	}
	return min(max(ac, MinAC), MaxAC), applied
}

// defence reports whether the creature has the damage defence kind
// (ModResist, ModImmune, ModVuln) against typ, from its sheet lists or an
// effect; by is the effect's id ("" when the sheet's own list says so).
func (t Target) defence(kind ModKind, typ DamageType) (ok bool, by string) {
	if typ == "" {
		return false, ""
	}
	if kind == ModImmune && typ == "poison" && t.has(Petrified) {
		return true, "" // petrified: immune to poison damage (SRD Petrified)
	}
	var list []DamageType
	switch kind {
	case ModResist:
		list = t.Resist
	case ModImmune:
		list = t.Immune
	case ModVuln:
		list = t.Vuln
	}
	if hasType(list, typ) {
		return true, ""
	}
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == kind && m.Type == typ {
				return true, e.ID
			}
		}
	}
	return false, ""
}

// hasMod reports whether any effect has a mod of kind k (and which).
func (t Target) hasMod(k ModKind) (bool, string) {
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == k {
				return true, e.ID
			}
		}
	}
	return false, ""
}

// hitFx is what the attacker's effects add to a hit: damage terms and extra crit dice.
type hitFx struct {
	applied  []Applied
	notation string // "+2[rage]+1d6[hunters_mark]"
	critDice int    // more weapon dice on a critical hit (brutal critical)
	critFrom *Applied
}

// gatherHit collects the attacker's damage and crit_dice mods for attack q.
// A once-per-turn mod whose effect already dealt damage in turn (used[id] ==
// turn, turn not "") is left out.
func gatherHit(list []ActiveEffect, q rollQuery, turn string, used map[string]string) hitFx {
	var fx hitFx
	for _, e := range list {
		for _, m := range e.Mods {
			if !m.hitApplies(q) {
				continue
			}
			switch m.Kind {
			case ModDamage:
				if m.OncePerTurn && turn != "" && used[e.ID] == turn {
					continue
				}
				fx.applied = append(fx.applied, Applied{Effect: e.ID, Source: e.Source, Kind: ModDamage,
					Value: m.Value, Dice: m.Dice, Type: m.Type, Spent: m.OncePerTurn || e.Uses > 0})
				fx.notation += labelled(m.Value, m.Dice, m.Type, e.Label())
			case ModCritDice:
				fx.critDice += m.Value
				fx.critFrom = &Applied{Effect: e.ID, Source: e.Source, Kind: ModCritDice, Value: m.Value}
			}
		}
	}
	return fx
}

// extraAttacks is the number of extra attacks the effects give with the Attack action.
func extraAttacks(list []ActiveEffect) (int, []Applied) {
	n := 0
	var applied []Applied
	best := 0
	for _, e := range list {
		for _, m := range e.Mods {
			if m.Kind != ModExtraAttacks {
				continue
			}
			// Extra Attack from several classes does not add up (SRD): the best counts;
			// other sources (haste's action) add one each.
			if e.Source.Kind == SourceFeature {
				if m.Value > best {
					best = m.Value
				}
				continue
			}
			n += m.Value
			applied = append(applied, Applied{Effect: e.ID, Source: e.Source, Kind: ModExtraAttacks, Value: m.Value})
		}
	}
	if best > 0 {
		for _, e := range list {
			if e.Source.Kind == SourceFeature {
				for _, m := range e.Mods {
					if m.Kind == ModExtraAttacks && m.Value == best {
						applied = append([]Applied{{Effect: e.ID, Source: e.Source, Kind: ModExtraAttacks, Value: best}}, applied...)
						return n + best, applied
					}
				}
			}
		}
	}
	return n, applied
}
