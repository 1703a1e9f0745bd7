package coc

// Subject is what a roll is made against: a skill (with its specialisation name, if any), a characteristic
// (Luck included), or Sanity. The zero Subject is a bare value (an NPC's number typed by the Keeper).
type Subject struct {
	Skill Skill          `json:"skill,omitempty"`
	Spec  string         `json:"spec,omitempty"` // Language (Other): "Latin"
	Char  Characteristic `json:"char,omitempty"`
	San   bool           `json:"san,omitempty"`
}

// SkillSubject is the subject of a skill roll.
func SkillSubject(s Skill) Subject { return Subject{Skill: s} }

// CharSubject is the subject of a characteristic roll (Idea = INT, Know = EDU, Luck).
func CharSubject(c Characteristic) Subject { return Subject{Char: c} }

// Key is the catalog key of the subject's name (the skill's, the characteristic's, or Sanity's); "" for a bare
// value.
func (s Subject) Key() string {
	switch {
	case s.Skill != "":
		return s.Skill.Key()
	case s.Char != "":
		return s.Char.Key()
	case s.San:
		return StatSAN.Key()
	}
	return ""
}

// String is the subject's id for messages: "spot_hidden", "language_other:Latin", "str", "san", "".
func (s Subject) String() string {
	switch {
	case s.Skill != "" && s.Spec != "":
		return string(s.Skill) + ":" + s.Spec
	case s.Skill != "":
		return string(s.Skill)
	case s.Char != "":
		return string(s.Char)
	case s.San:
		return "san"
	}
	return ""
}

func (s Subject) validate() error {
	n := 0
	if s.Skill != "" {
		n++
		if !s.Skill.Valid() {
			return newError(ErrUnknownSkill, "Skill", string(s.Skill))
		}
		if _, err := normSpec(s.Skill, s.Spec); err != nil {
			return err
		}
	} else if s.Spec != "" {
		return newError(ErrBadSpec, "Skill", "", "Max", MaxSpecLen)
	}
	if s.Char != "" {
		n++
		if !s.Char.Valid() {
			return newError(ErrUnknownChar, "Char", string(s.Char))
		}
	}
	if s.San {
		n++
	}
	if n > 1 {
		return newError(ErrUnknownSkill, "Skill", s.String())
	}
	return nil
}

// Pushable reports whether a failed roll of this subject may be pushed (§5.4): not Sanity, Luck, Cthulhu Mythos,
// Dodge or a Fighting or Firearms skill (G8: Luck rolls are not pushed).
func (s Subject) Pushable() bool {
	if s.San || s.Char == Luck || s.Skill == CthulhuMythos || s.Skill == Dodge {
		return false
	}
	return s.Skill.Group() == ""
}

// LuckAllowed reports whether Luck may be spent on a roll of this subject (§5.5): not on Luck or Sanity rolls.
func (s Subject) LuckAllowed() bool { return !s.San && s.Char != Luck }

// Markable reports whether a success earns the skill a development mark (§9): skills only, never Credit Rating or
// Cthulhu Mythos.
func (s Subject) Markable() bool {
	info, ok := s.Skill.Info()
	return ok && !info.NoMark
}
