package coc

// entry returns the index of the sheet's entry for a skill and specialisation, or −1.
func (c *Character) entry(id Skill, spec string) int {
	k := entryKey(id, spec)
	for i, e := range c.Skills {
		if entryKey(e.ID, e.Spec) == k {
			return i
		}
	}
	return -1
}

// SkillValue is the character's value in a skill: the sheet's entry, else the skill's base value.
func (c *Character) SkillValue(id Skill, spec string) (int, error) {
	info, ok := id.Info()
	if !ok {
		return 0, newError(ErrUnknownSkill, "Skill", string(id))
	}
	spec, err := normSpec(id, spec)
	if err != nil {
		return 0, err
	}
	if i := c.entry(id, spec); i >= 0 {
		return c.Skills[i].Value, nil
	}
	return info.BaseValue(c.Scores), nil
}

// Value is the character's value for a roll subject: a skill, a characteristic, Luck or SAN.
func (c *Character) Value(s Subject) (int, error) {
	if err := s.validate(); err != nil {
		return 0, err
	}
	switch {
	case s.Skill != "":
		return c.SkillValue(s.Skill, s.Spec)
	case s.Char == Luck:
		return c.Luck, nil
	case s.Char != "":
		return c.Scores.Get(s.Char), nil
	case s.San:
		return c.SAN, nil
	}
	return 0, newError(ErrUnknownSkill, "Skill", "")
}

// SetSkill records a skill value on the sheet (keeping its mark). Raising Cthulhu Mythos lowers SAN to the new
// maximum.
func (c *Character) SetSkill(id Skill, spec string, value int) error {
	if !id.Valid() {
		return newError(ErrUnknownSkill, "Skill", string(id))
	}
	spec, err := normSpec(id, spec)
	if err != nil {
		return err
	}
	if value < 0 || value > MaxValue {
		return newError(ErrBadSkillValue, "Skill", string(id), "Value", value, "Max", MaxValue)
	}
	if i := c.entry(id, spec); i >= 0 {
		c.Skills[i].Value = value
	} else {
		if len(c.Skills) >= MaxSkills {
			return newError(ErrBadCount, "Count", len(c.Skills)+1, "Max", MaxSkills)
		}
		c.Skills = append(c.Skills, SkillEntry{ID: id, Spec: spec, Value: value})
	}
	if id == CthulhuMythos {
		c.SAN = min(c.SAN, c.MaxSAN())
	}
	return nil
}

// Mark gives a skill its development mark (recording its base value on the sheet if it is not there). Skills that
// never earn marks (Credit Rating, Cthulhu Mythos) are left alone; it reports whether a mark is now set.
func (c *Character) Mark(id Skill, spec string) (bool, error) {
	v, err := c.SkillValue(id, spec)
	if err != nil {
		return false, err
	}
	if !(Subject{Skill: id}).Markable() {
		return false, nil
	}
	spec, _ = normSpec(id, spec)
	i := c.entry(id, spec)
	if i < 0 {
		if err := c.SetSkill(id, spec, v); err != nil {
			return false, err
		}
		i = len(c.Skills) - 1
	}
	c.Skills[i].Mark = true
	return true, nil
}

// SkillLine is one skill as a sheet shows it.
type SkillLine struct {
	ID    Skill  `json:"id"`
	Spec  string `json:"spec,omitempty"`
	Value int    `json:"value"`
	Base  int    `json:"base"`
	Mark  bool   `json:"mark,omitempty"`
	Set   bool   `json:"set,omitempty"` // recorded on the sheet (else the base value)
}

// SkillList lists the character's skills in table order: every skill of the given kinds (none = Standard only)
// that takes no specialisation name (Language (Own) included), and every skill recorded on the sheet whatever its kind, each specialisation
// after its skill.
func (c *Character) SkillList(kinds ...SkillKind) []SkillLine {
	if len(kinds) == 0 {
		kinds = []SkillKind{Standard}
	}
	want := map[SkillKind]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var out []SkillLine
	for _, info := range skillTable {
		base := info.BaseValue(c.Scores)
		listed := false
		for _, e := range c.Skills {
			if e.ID == info.ID {
				out = append(out, SkillLine{ID: e.ID, Spec: e.Spec, Value: e.Value, Base: base, Mark: e.Mark, Set: true})
				listed = listed || e.Spec == ""
			}
		}
		if !listed && (!info.Any || info.ID == LanguageOwn) && want[info.Kind] {
			out = append(out, SkillLine{ID: info.ID, Value: base, Base: base})
		}
	}
	return out
}
