package play

import (
	"context"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// CoCAid is /coc aid's input: a healer's First Aid or Medicine (Skill) on a CoC character of the guild (Target;
// "" = the healer).
type CoCAid struct {
	Healer string
	Target string
	Skill  coc.Skill // coc.FirstAidSkill or coc.MedicineSkill
}

// CoCAidResult is what /coc aid did: the healer's roll and what it did to the patient.
type CoCAidResult struct {
	Healer  string
	Patient *coc.Character
	Roll    *coc.CheckResult
	Odds    *coc.Odds
	Heal    *coc.HealResult
}

// CoCAidTo rolls the acting character's First Aid or Medicine (owner or GM; a success marks it) for a patient: First
// Aid gives 1 HP, wakes and stabilises the dying; Medicine gives 1D3 HP (rolled after the healer's roll) and wakes.
// Help reaches any character of the guild (mayHelp).
func (t *Table) CoCAidTo(ctx context.Context, c Caller, in CoCAid, r dice.Roller) (*CoCAidResult, error) {
	var out *CoCAidResult
	err := t.update(ctx, c, r, func(s *scene) error {
		healer, err := s.editCoC(in.Healer)
		if err != nil {
			return err
		}
		patient := healer
		if strings.TrimSpace(in.Target) != "" {
			if patient, err = s.targetCoC(in.Target); err != nil {
				return err
			}
			if patient.cc == nil {
				return fail("cthulhu.err.aid_npc", "Name", patient.Name())
			}
			if err := s.mayHelp(healer, patient); err != nil {
				return err
			}
			patient.dirty = true
		}
		roll, err := healer.cc.Check(s.r, coc.CheckOptions{Subject: coc.SkillSubject(in.Skill)})
		if err != nil {
			return err
		}
		out = &CoCAidResult{Healer: healer.cc.Name, Patient: patient.cc, Roll: roll, Odds: roll.Odds()}
		if in.Skill == coc.MedicineSkill {
			out.Heal, err = patient.cc.Medicine(s.r, roll)
		} else {
			out.Heal, err = patient.cc.FirstAid(roll)
		}
		return err
	})
	return out, err
}
