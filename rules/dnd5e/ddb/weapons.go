package ddb

import (
	"sort"
	"strings"

	"rulekeeper/rules/dnd5e"
)

// weapons turns every equipped weapon into a sheet attack: ranged weapons
// attack with DEX, finesse weapons (and a monk's monk weapons) with the better
// of STR and DEX, other melee weapons with STR; proficient by the simple or
// martial weapons proficiency, a proficiency in that weapon, or a pact
// weapon; the magic bonus ("bonus"/"magic" of the item, when in use) and the
// sheet's to-hit bonus go to the attack's bonus, ranged attacks add the
// "ranged-weapon-attacks" bonus (archery); the sheet's to-hit override sets
// the bonus so the total matches. Damage is the weapon's dice (a monk's
// martial arts die when larger) with the magic and the sheet's damage bonus,
// labelled with its type; the rules add the ability modifier.
func (b *builder) weapons() {
	monk := b.classLevel("monk")
	for _, it := range b.ch.Inventory {
		d := it.Definition
		name := strings.TrimSpace(d.Name)
		if !it.Equipped || name == "" || armorType(d) != 0 || !(d.FilterType == "Weapon" || d.Damage != nil && d.AttackType.ok) {
			continue
		}
		r, ok := rollOf(d.Damage)
		if !ok && d.FixedDamage.Int() > 0 && d.FixedDamage.Int() < 1000 {
			r, ok = roll{flat: d.FixedDamage.Int()}, true
		}
		if !ok {
			b.report(Unmapped{Kind: KindAttack, Name: name, ID: d.ID.Int(), Reason: ReasonNoDamage})
			continue
		}
		w := &Weapon{Range: d.Range.Int(), LongRange: d.LongRange.Int()}
		ranged := d.AttackType.Int() == attackRanged
		ability := dnd5e.Str
		_, finesse := hasProperty(d, "Finesse")
		monkWeapon := d.IsMonkWeapon && monk > 0
		switch {
		case ranged:
			ability = dnd5e.Dex
		case finesse || monkWeapon:
			ability = b.finesseAbility()
		}
		if monkWeapon && r.count > 0 {
			r.faces = max(r.faces, dnd5e.MartialArtsDie(monk))
		}
		if activeItem(it) {
			for _, m := range d.GrantedModifiers {
				if m.Type == "bonus" && m.SubType == "magic" {
					w.Magic += m.amount()
				}
			}
		}
		a := dnd5e.Attack{Name: name, Ability: ability, Ranged: ranged, Proficient: b.weaponProficient(d)}
		toHit, dmg, override, set := w.Magic, w.Magic, 0, false
		for _, v := range b.ch.CharacterValues {
			if v.ValueID.Int() != it.ID.Int() || !v.Value.ok {
				continue
			}
			switch v.TypeID.Int() {
			case cvItemToHit:
				toHit += v.Value.Int()
			case cvItemDamage:
				dmg += v.Value.Int()
			case cvItemToHitSet:
				override, set = v.Value.Int(), true
			case cvPactWeapon:
				a.Proficient = true
			case cvHexWeapon:
				b.report(Unmapped{Kind: KindAttack, Name: name, ID: d.ID.Int(), Reason: ReasonAttackAbility})
			}
		}
		if ranged {
			toHit += b.mods.sum("bonus", "ranged-weapon-attacks")
		}
		a.Bonus = toHit
		if set {
			a.Bonus = override - b.c.Mod(ability)
			if a.Proficient {
				a.Bonus -= b.c.Proficiency()
			}
		}
		dmg = b.clamp(KindAttack, name, dmg, -dnd5e.MaxAttackMod, dnd5e.MaxAttackMod)
		a.Damage = r.notation(dmg, dnd5e.DamageType(strings.ToLower(strings.TrimSpace(d.DamageType))))
		_, w.Thrown = hasProperty(d, "Thrown")
		w.Thrown = w.Thrown && !ranged
		if !ranged && !w.Thrown {
			w.Range, w.LongRange = 0, 0
		}
		if ranged && w.Range > 0 {
			a.Range = dnd5e.WeaponRange{Normal: w.Range, Long: max(w.LongRange, w.Range)}
		}
		if p, ok := hasProperty(d, "Versatile"); ok && diceString.MatchString(strings.TrimSpace(p.Notes)) {
			w.Versatile = strings.TrimSpace(p.Notes)
		}
		b.addAttack(a, w)
	}
}

// weaponProficient reports whether the character is proficient with the weapon.
func (b *builder) weaponProficient(d itemDef) bool {
	cat, typ := d.CategoryID.Int(), normalize(d.Type)
	ok := false
	b.mods.each("proficiency", "", func(m activeMod) {
		switch m.SubType {
		case "simple-weapons":
			ok = ok || cat == categorySimple
		case "martial-weapons":
			ok = ok || cat == categoryMartial
		default:
			ok = ok || typ != "" && (normalize(m.SubType) == typ || normalize(m.FriendlySubtypeName) == typ)
		}
	})
	return ok
}

// actionSources lists the keys of an actions (or spells) map: race, class,
// background, feat, item first, then any other in order.
func actionSources[T any](m map[string][]T) []string {
	out := []string{srcRace, srcClass, srcBackground, srcFeat, srcItem}
	var rest []string
	for k := range m {
		switch k {
		case srcRace, srcClass, srcBackground, srcFeat, srcItem:
		default:
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// actions turns the actions D&D Beyond shows as attacks (a monk's unarmed
// strike, a dragonborn's breath is not one) into sheet attacks: the action's
// ability (the better of STR and DEX for a monk's martial arts), dice (the
// martial arts die when larger), damage type and proficiency. Actions
// without dice are skipped; those with another ability are reported, and so
// are custom actions.
func (b *builder) actions() {
	monk := b.classLevel("monk")
	for _, src := range actionSources(b.ch.Actions) {
		for _, ac := range b.ch.Actions[src] {
			name := strings.TrimSpace(ac.Name)
			if !ac.DisplayAsAttack || name == "" {
				continue
			}
			r, ok := rollOf(ac.Dice)
			martial := ac.IsMartialArts && monk > 0
			if martial {
				if !ok || r.count == 0 {
					r, ok = roll{count: 1, faces: 1}, true
				}
				r.faces = max(r.faces, dnd5e.MartialArtsDie(monk))
			}
			if !ok {
				continue
			}
			ability := abilityOf(ac.AbilityModifierStatID.Int())
			if martial {
				ability = b.finesseAbility()
			}
			if ability != dnd5e.Str && ability != dnd5e.Dex {
				b.report(Unmapped{Kind: KindAttack, Name: name, Reason: ReasonAttackAbility})
				continue
			}
			b.addAttack(dnd5e.Attack{Name: name, Ability: ability, Proficient: ac.IsProficient,
				Ranged: ac.AttackTypeRange.Int() == attackRanged, Damage: r.notation(0, damageTypeIDs[ac.DamageTypeID.Int()])}, nil)
		}
	}
	for _, ca := range b.ch.CustomActions {
		b.report(Unmapped{Kind: KindAttack, Name: strings.TrimSpace(ca.Name), Reason: ReasonCustomAction})
	}
}
