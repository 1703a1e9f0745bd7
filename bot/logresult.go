package bot

import (
	"fmt"
	"math/big"

	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/rogue"
)

// The log data of replies whose handlers do not attach it (record.go): read from the reply's JSON result, which
// holds the rules' results. Rogue's Tale and Call of Cthulhu checks and attacks, /hp of every system and /cast
// record their dice, verdict, exact odds and damage, like 5e's checks and attacks (logdata.go); /rt turn the
// damage its lingering effects dealt.

// logOfResult is the log entry of a reply's result, nil when it has no data beyond its words.
func logOfResult(result any) *sessionlog.Entry {
	switch res := result.(type) {
	case rtCheckResult:
		return logRogueCheck(res.Detail)
	case *rtAttackResult:
		return logRogueAttack(res)
	case *rtCastResult:
		return logRogueCast(res)
	case *rtTurnResult:
		return logRogueTurn(res)
	case cocCheckResult:
		if res.Detail == nil {
			return nil
		}
		var odds *coc.Chance
		if res.Odds != nil {
			odds = &res.Odds.Success
		}
		return &sessionlog.Entry{Kind: sessionlog.KindCheck, Roll: cocRoll(res.Detail, odds)}
	case cocAttackResult:
		return logCoCAttack(&res)
	case castResult:
		return logCast5e(&res)
	}
	return logOfHP(result)
}

// logOfHP is the log entry of /hp's result in any system: the amount and its target, the damage type when known,
// and the save it called for (a 5e concentration save, a Call of Cthulhu major wound's CON roll). The character who took it is the entry's character; no one is its
// source.
func logOfHP(result any) *sessionlog.Entry {
	var who, typ string
	amount, heal := 0, false
	switch res := result.(type) {
	case hpDamageResult:
		who, amount = res.Character, res.Applied
		if d := res.Detail; d != nil {
			typ = string(d.Type)
		}
	case hpResult:
		if d := res.Detail; d == nil || d.HPAfter <= d.HPBefore && d.TempAfter <= d.TempBefore {
			return nil // a max-HP or temporary change, or nothing
		}
		who, amount, heal = res.Character, res.Applied, true
	case rtHPResult:
		switch {
		case res.Damage != nil:
			who, amount, typ = res.Character, res.Damage.Final, string(res.Damage.Type)
		case res.Heal != nil:
			who, amount, heal = res.Character, res.Heal.Amount, true
		default:
			return nil
		}
	case cocHPResult:
		switch {
		case res.Wound != nil:
			who, amount = res.Character, res.Wound.Damage
		case res.Heal != nil:
			who, amount, heal = res.Character, res.Heal.Healed, true
		default:
			return nil
		}
	default:
		return nil
	}
	kind := sessionlog.KindDamage
	if heal {
		kind = sessionlog.KindHeal
	}
	e := &sessionlog.Entry{Kind: kind, Damage: &sessionlog.Damage{Amount: max(amount, 0), Type: typ, Target: who}}
	if res, ok := result.(hpDamageResult); ok && res.Concentration != nil && res.Concentration.Save != nil {
		if save := logRoll5e(res.Concentration.Save, res.Concentration.Save.Odds()); save != nil { // concentration
			e.Roll = save.Roll
		}
	}
	if res, ok := result.(cocHPResult); ok && res.Wound != nil && res.Wound.CON != nil { // a major wound's CON roll
		var odds *coc.Chance
		if res.CONOdds != nil {
			odds = &res.CONOdds.Success
		}
		e.Roll = cocRoll(res.Wound.CON, odds)
	}
	return e
}

// exactOdds is n in den as log odds, nil without a denominator.
func exactOdds(n, den int64) *sessionlog.Odds {
	if den <= 0 || n < 0 || n > den {
		return nil
	}
	return sessionlog.NewOdds(float64(n)/float64(den), big.NewRat(n, den))
}

// rogueRoll is a Rogue's Tale 2D6 roll as log data: its two dice, the total with its modifier, and the outcome.
// Natural stays 0: the log's natural is a d20's.
func rogueRoll(r rogue.Roll2, success bool) *sessionlog.Roll {
	out := &sessionlog.Roll{Expr: r.Notation, Total: r.Total}
	if out.Expr == "" {
		out.Expr = "2d6"
	}
	for _, face := range r.Dice {
		out.Dice = append(out.Dice, sessionlog.Die{Sides: 6, Face: face})
	}
	switch {
	case r.Outcome == rogue.OutcomeCritical:
		out.Outcome = sessionlog.Crit
	case r.Outcome == rogue.OutcomeFumble:
		out.Outcome = sessionlog.Fumble
	case success:
		out.Outcome = sessionlog.Success
	default:
		out.Outcome = sessionlog.Failure
	}
	return out
}

// logRogueCheck is the log entry of a Rogue's Tale check: the deciding roll against its difficulty, with its odds.
func logRogueCheck(res *rogue.CheckResult) *sessionlog.Entry {
	if res == nil || res.Dice == [2]int{} {
		return nil
	}
	r := rogueRoll(res.Roll2, res.Success)
	r.Target = res.Difficulty
	r.Odds = exactOdds(int64(res.Odds.Succeed()), int64(res.Odds.Den))
	return &sessionlog.Entry{Kind: sessionlog.KindCheck, Roll: r}
}

// logRogueAttack is the log entry of a Rogue's Tale attack: the deciding to-hit roll, its odds of a hit, and the
// damage dealt to a tracked target.
func logRogueAttack(out *rtAttackResult) *sessionlog.Entry {
	res := out.Detail
	if res == nil || res.Dice == [2]int{} {
		return nil
	}
	r := rogueRoll(res.Roll2, res.Hit)
	if res.Critical {
		r.Outcome = sessionlog.Crit
	}
	r.Odds = exactOdds(int64(res.Odds.Hits()), int64(res.Odds.Den))
	e := &sessionlog.Entry{Kind: sessionlog.KindAttack, Roll: r}
	if d := res.Damage; res.Hit && d != nil && out.Target != "" {
		amount := d.Total
		if d.Applied != nil {
			amount = d.Applied.Final
		}
		e.Damage = &sessionlog.Damage{Amount: amount, Type: string(d.Type), Target: out.Target}
	}
	return e
}

// logRogueCast is the log entry of a Rogue's Tale spell: its to-hit check, and the damage or healing it did.
func logRogueCast(out *rtCastResult) *sessionlog.Entry {
	res := out.Detail
	if res == nil {
		return nil
	}
	e := &sessionlog.Entry{Kind: sessionlog.KindCast}
	if c := res.ToHit; c != nil && c.Dice != [2]int{} {
		e.Roll = rogueRoll(c.Roll2, res.Hit)
		if res.Critical {
			e.Roll.Outcome = sessionlog.Crit
		}
		e.Roll.Target = c.Difficulty
		e.Roll.Odds = exactOdds(int64(c.Odds.Succeed()), int64(c.Odds.Den))
	}
	target := out.Target
	if target == "" {
		target = out.Caster
	}
	switch {
	case out.Damage > 0:
		typ := ""
		if res.Damage != nil {
			typ = string(res.Damage.Type)
		}
		e.Damage = &sessionlog.Damage{Amount: out.Damage, Type: typ, Target: target}
	case out.Healed > 0:
		e.Kind, e.Damage = sessionlog.KindHeal, &sessionlog.Damage{Amount: out.Healed, Target: target}
	}
	if e.Roll == nil && e.Damage == nil {
		return nil
	}
	return e
}

// logRogueTurn is the log entry of /rt turn when its lingering effects (poison, curses, burning …) dealt damage:
// their damage dice (one roll, or all of them summed as one while that fits a log's roll) and the damage the
// character took, with its type when they all had one; nil when no effect dealt damage, and when the result kept
// only some of many turns' events (its sum would be short).
func logRogueTurn(out *rtTurnResult) *sessionlog.Entry {
	if out.EventsTotal > len(out.Events) {
		return nil
	}
	var amount int
	var typ string
	var roll *sessionlog.Roll
	for _, ev := range out.Events {
		d := ev.Damage
		if d == nil || d.Final <= 0 {
			continue
		}
		switch {
		case amount == 0:
			typ = string(d.Type)
		case typ != string(d.Type):
			typ = "" // of several types
		}
		amount += d.Final
		if ev.Roll == nil || ev.Roll.Roll == nil {
			continue
		}
		r := sessionlog.FromDice(ev.Roll.Roll)
		if roll == nil {
			roll = &r
			continue
		}
		roll.Expr += "+" + r.Expr
		roll.Dice = append(roll.Dice, r.Dice...)
		roll.Total += r.Total
	}
	if amount == 0 {
		return nil
	}
	if roll != nil && (len(roll.Expr) > dice.MaxLength || len(roll.Dice) > dice.MaxDice) {
		roll = nil // too many rolls for one: the damage alone
	}
	return &sessionlog.Entry{Kind: sessionlog.KindDamage, Roll: roll,
		Damage: &sessionlog.Damage{Amount: amount, Type: typ, Target: out.Character}}
}

// cocRoll is a Call of Cthulhu d100 roll as log data: every candidate of the tens dice as one d100 (the kept one
// not dropped), the value kept after Luck, the highest roll that meets the difficulty, and the verdict.
func cocRoll(c *coc.CheckResult, odds *coc.Chance) *sessionlog.Roll {
	d := c.Roll
	r := &sessionlog.Roll{Expr: "1d100", Total: c.Final, Target: c.Target}
	switch {
	case d.Net > 0:
		r.Expr = fmt.Sprintf("%dd100kl1", 1+d.Net)
	case d.Net < 0:
		r.Expr = fmt.Sprintf("%dd100kh1", 1-d.Net)
	}
	for i, v := range d.Candidates {
		r.Dice = append(r.Dice, sessionlog.Die{Sides: 100, Face: v, Dropped: i != d.Kept})
	}
	switch {
	case c.Level == coc.Fumble:
		r.Outcome = sessionlog.Fumble
	case c.Success && c.Level == coc.Critical:
		r.Outcome = sessionlog.Crit
	case c.Success:
		r.Outcome = sessionlog.Success
	default:
		r.Outcome = sessionlog.Failure
	}
	if odds != nil {
		r.Odds = exactOdds(odds.Num, odds.Den)
	}
	return r
}

// logCoCAttack is the log entry of a Call of Cthulhu attack: the attacker's roll with its chance of a hit, and the
// damage its hit dealt to the target.
func logCoCAttack(out *cocAttackResult) *sessionlog.Entry {
	var r *sessionlog.Roll
	hit := out.Outcome == "hit"
	switch {
	case out.Melee != nil && out.Melee.Attack != nil:
		var odds *coc.Chance
		if out.MeleeOdds != nil {
			odds = &out.MeleeOdds.Hit
		}
		r = cocRoll(out.Melee.Attack, odds)
	case out.Shot != nil && out.Shot.Check != nil:
		var odds *coc.Chance
		if out.ShotOdds != nil {
			odds = &out.ShotOdds.Success
		}
		r = cocRoll(out.Shot.Check, odds)
	default:
		return nil
	}
	if r.Outcome.Succeeded() != hit { // the roll succeeded, but a dodge or a jam decided otherwise
		r.Outcome = sessionlog.Failure
		if hit {
			r.Outcome = sessionlog.Success
		}
	}
	e := &sessionlog.Entry{Kind: sessionlog.KindAttack, Roll: r}
	if hit && out.Target != "" {
		e.Damage = &sessionlog.Damage{Amount: out.Damage, Target: out.Target}
	}
	return e
}

// logCast5e is the log entry of a 5e spell: its first spell attack (with its verdict and odds), or its damage roll
// at its one target, or its shared damage or healing roll; and, cast at one target, what it dealt or healed.
func logCast5e(out *castResult) *sessionlog.Entry {
	res := out.Detail
	if res == nil {
		return nil
	}
	e := &sessionlog.Entry{Kind: sessionlog.KindCast}
	switch {
	case len(res.Targets) == 1 && len(res.Targets[0].Attacks) > 0:
		e.Roll = attackRoll5e(res.Targets[0].Attacks[0])
	case res.OpenAttack != nil:
		e.Roll = attackRoll5e(res.OpenAttack)
	case len(res.Targets) == 1 && res.Targets[0].Damage != nil && res.Targets[0].Damage.Roll != nil:
		r := sessionlog.FromDice(res.Targets[0].Damage.Roll)
		e.Roll = &r
	case res.DamageRoll != nil:
		r := sessionlog.FromDice(res.DamageRoll)
		e.Roll = &r
	case res.HealRoll != nil:
		r := sessionlog.FromDice(res.HealRoll)
		e.Roll = &r
	}
	if len(out.Targets) == 1 {
		switch t := out.Targets[0]; {
		case t.Damage > 0:
			e.Damage = &sessionlog.Damage{Amount: t.Damage, Target: t.Name}
		case t.Heal > 0:
			e.Kind, e.Damage = sessionlog.KindHeal, &sessionlog.Damage{Amount: t.Heal, Target: t.Name}
		}
	}
	if e.Roll == nil && e.Damage == nil {
		return nil
	}
	return e
}
