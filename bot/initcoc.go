package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /init in a Call of Cthulhu encounter: the order is DEX, +50 with a readied firearm (firearm:true), nothing is
// rolled. A CoC NPC gives its DEX (dex:) and its numbers in defences: "dodge:30,fighting:45,damage:1d6+1d4,armour:1"
// (dodge and fighting are its values, damage its attack's damage with its bonus in it).

// cocNPCDefaultDEX is the DEX of a CoC NPC added without one.
const cocNPCDefaultDEX = 50

// readCoCNPC reads /init add's options as a Call of Cthulhu NPC.
func readCoCNPC(req *Request) (r play.Reading[play.NewCoCNPC]) {
	r.In = play.NewCoCNPC{DEX: req.Int("dex", cocNPCDefaultDEX), Firearm: req.Bool("firearm")}
	if r.Err = refuseOptions(req, systemCoC, []string{"ac", "bonus", "mode", "initiative"}); r.Err != nil { // the order is DEX
		return r
	}
	r.In.Stats, r.Err = parseCoCNPCSpec(req.Str("defences"))
	return r
}

// parseCoCNPCSpec reads "dodge:30,fighting:45,damage:1d6+1d4,armour:1" (= also separates), and a gun:
// "firearms:50,gun:1d10,range:15" (its Firearms skill, its damage, its base range in yards; a gun impales).
func parseCoCNPCSpec(s string) (play.CoCNPC, error) {
	var n play.CoCNPC
	for _, part := range splitList(s) {
		k, v, ok := strings.Cut(strings.ReplaceAll(part, "=", ":"), ":")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		bad := Errorf("cthulhu.err.bad_npc", "Value", part)
		if !ok {
			return n, bad
		}
		if k == "damage" || k == "gun" {
			if _, _, err := coc.ParseDamage(v); err != nil {
				return n, err
			}
			if k == "gun" {
				n.Gun = v
			} else {
				n.Damage = v
			}
			continue
		}
		num, err := strconv.Atoi(v)
		if k == "build" && err == nil && num >= -2 && num <= coc.MaxValue {
			n.Build = num
			continue
		}
		if err != nil || num < 0 {
			return n, bad
		}
		switch {
		case k == "dodge" && num <= coc.MaxValue:
			n.Dodge = num
		case k == "fighting" && num <= coc.MaxValue:
			n.Fighting = num
		case (k == "armour" || k == "armor") && num <= coc.MaxArmour:
			n.Armour = num
		case k == "firearms" && num <= coc.MaxValue:
			n.Firearms = num
		case k == "range" && num >= 1 && num <= coc.MaxRange:
			n.Range = num
		default:
			return n, bad
		}
	}
	return n, nil
}

// cocDyingLines say the dying investigators' CON rolls at the end of a round: each roll, and a death.
func cocDyingLines(req *Request, rolls []play.CoCDyingRoll) []string {
	var lines []string
	for _, d := range rolls {
		lines = append(lines, req.T("cthulhu.dying.round", "Name", d.Name),
			cocRollLine(req, req.T("cthulhu.dying.con"), d.Result.CON))
		if d.Result.Dead {
			lines = append(lines, req.T("cthulhu.wound.dead", "Name", d.Name))
		} else {
			lines = append(lines, req.T("cthulhu.dying.holds", "Name", d.Name))
		}
	}
	return lines
}
