package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

func (b *Bot) hpCommand() *Command {
	amount := func(min float64) *Option {
		return &Option{Name: "amount", Type: Integer, Required: true, Min: Bound(min), Max: Bound(dnd5e.MaxHPLimit)}
	}
	target := func() *Option { // an NPC of the channel's encounter, or a character by name (npc.go)
		return &Option{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeTargets}
	}
	return &Command{
		Name: "hp",
		Options: []*Option{
			{Name: "damage", Type: SubCommand, Handler: b.hpDamage, Options: []*Option{
				amount(0),
				{Name: "type", Type: String, MaxLen: 32, Complete: b.completeHPType},
				{Name: "crit", Type: Boolean},
				b.characterOption(), target(),
			}, Examples: []string{"/hp damage amount:7", "/hp damage amount:12 type:fire", "/hp damage amount:5 crit:true character:Borin",
				"/hp damage amount:10 target:Ogre"}},
			{Name: "heal", Type: SubCommand, Handler: b.hpHeal, Options: []*Option{amount(0), b.characterOption(), target()},
				Examples: []string{"/hp heal amount:8", "/hp heal amount:5 target:\"Goblin 2\""}},
			{Name: "temp", Type: SubCommand, Handler: b.hpTemp, Options: []*Option{amount(0), b.characterOption(), target()},
				Examples: []string{"/hp temp amount:5"}},
			{Name: "max", Type: SubCommand, Handler: b.hpMax, Options: []*Option{amount(1), b.characterOption(), target()},
				Examples: []string{"/hp max amount:31"}},
			{Name: "revive", Type: SubCommand, Handler: b.hpRevive, Options: []*Option{ // GMs (npc.go)
				{Name: "character", Type: String, Required: true, MaxLen: play.MaxNameLen, Complete: b.completeTargets},
				{Name: "hp", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxHPLimit)},
			}, Examples: []string{"/hp revive character:Zed", "/hp revive character:Zed hp:10"}},
			{Name: "set", Type: SubCommand, Handler: b.hpSet, Options: []*Option{ // GMs (npc.go)
				{Name: "character", Type: String, Required: true, MaxLen: play.MaxNameLen, Complete: b.completeTargets},
				amount(0),
			}, Examples: []string{"/hp set character:Zed amount:12", "/hp set character:Ogre amount:30"}},
		},
	}
}

// hpResult is the JSON of /hp.
type hpResult struct {
	hpStatus
	Character string          `json:"character"`
	Amount    int             `json:"amount"`
	Applied   int             `json:"applied"` // HP lost or gained (damage: after defences and temp HP)
	Detail    *dnd5e.HPChange `json:"detail"`
	By        string          `json:"by,omitempty"` // the user who changed another's character
}

func (b *Bot) hpDamage(req *Request) (*Reply, error) { return b.hp(req, play.HPDamage) }
func (b *Bot) hpHeal(req *Request) (*Reply, error)   { return b.hp(req, play.HPHeal) }
func (b *Bot) hpTemp(req *Request) (*Reply, error)   { return b.hp(req, play.HPTemp) }
func (b *Bot) hpMax(req *Request) (*Reply, error)    { return b.hp(req, play.HPMax) }

// hp runs one HP change on the request's character and words it by the character's system.
func (b *Bot) hp(req *Request, kind play.HPKind) (*Reply, error) {
	in := play.HP{Character: req.Str("character"), Target: strings.TrimSpace(req.Str("target")), Kind: kind,
		Amount: req.Int("amount", 0), Crit: req.Bool("crit")}
	if in.Target != "" && in.Character != "" {
		return nil, Errorf("npc.err.target_or_character")
	}
	if kind == play.HPDamage {
		in.Dnd5e.In, in.Dnd5e.Err = parseDamageType(req.Str("type"))
		in.Rogue.In = rogue.Physical
		if s := strings.TrimSpace(req.Str("type")); s != "" {
			in.Rogue.In, in.Rogue.Err = parseRogueDamageType(s)
		}
	}
	in.CoC = readHPCoC(req)
	res, err := b.cfg.Table.HP(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	r := hpWords(req, res, kind, in.Amount)
	if res.Others {
		namedBy(req, r)
	}
	return r, nil
}

// namedBy names the user who changed another's character, in the reply and its JSON.
func namedBy(req *Request, r *Reply) {
	r.Body += "\n" + req.T("play.hp.by", "Name", req.UserName)
	switch res := r.Result.(type) {
	case hpResult:
		res.By = req.UserName
		r.Result = res
	case hpDamageResult:
		res.By = req.UserName
		r.Result = res
	case rtHPResult:
		res.By = req.UserName
		r.Result = res
	case cocHPResult:
		res.By = req.UserName
		r.Result = res
	}
}

// hpWords words /hp's result by the character's system.
func hpWords(req *Request, res *play.HPResult, kind play.HPKind, amount int) *Reply {
	if res.NPC != nil {
		return npcHPReply(req, kind, res.NPC) // npc.go
	}
	if res.CoC != nil {
		return cocHPReply(req, kind, amount, res.CoC)
	}
	if r := res.Rogue; r != nil {
		switch kind {
		case play.HPDamage:
			return rogueDamageReply(req, r)
		case play.HPHeal:
			return rogueHealReply(req, r)
		}
		return rogueMaxHPReply(req, r)
	}
	c, ch := res.Dnd5e.Character, res.Dnd5e.Change
	switch kind {
	case play.HPDamage:
		return hpDamageReply(req, res.Dnd5e)
	case play.HPHeal:
		return hpReply(req, c, req.T("play.hp.heal_title", "Name", c.Name), ch)
	case play.HPTemp:
		r := hpReply(req, c, req.T("play.hp.temp_title", "Name", c.Name), ch)
		if ch.NoEffect {
			r.Body = req.T("play.hp.temp_no_stack", "Temp", c.TempHP) + "\n" + r.Body
		}
		return r
	}
	return hpReply(req, c, req.T("play.hp.max_title", "Name", c.Name), ch)
}

// hpReply renders an HP change: what was asked, what the defences and temp HP did, the HP before and after, and
// any change of state.
func hpReply(req *Request, c *dnd5e.Character, title string, ch *dnd5e.HPChange) *Reply {
	var lines []string
	if d := ch.Defence; d != nil {
		// Damage: the amount by type and what the sheet's defences made of it.
		lines = append(lines, req.T("play.hp.damage_line", "Amount", damagePartsText(req, []dnd5e.DamagePart{*d}), "Final", d.Final))
		lines = append(lines, effectLines(req, ch.Effects, false)...)
		if ch.TempAbsorbed > 0 {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", ch.TempAbsorbed))
		}
	}
	switch {
	case ch.NoEffect && ch.StateBefore == dnd5e.Dead:
		lines = append(lines, req.T("play.hp.already_dead", "Name", c.Name))
	case ch.NoEffect && ch.Defence == nil:
		lines = append(lines, req.T("play.hp.no_change"))
	}
	lines = append(lines, hpChangeLine(req, ch))
	lines = append(lines, stateChangeLines(req, c.Name, ch)...)
	if c.State == dnd5e.Dying {
		lines = append(lines, deathSavesLine(req, c.DeathSaves))
	}
	r := &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: c.Name}
	switch {
	case ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead:
		r.Tone = ToneCritical
	case ch.StateAfter == dnd5e.Dying:
		r.Tone = ToneFailure
	case ch.HPAfter > ch.HPBefore:
		r.Tone = ToneSuccess
	}
	r.Result = hpResult{hpStatus: statusOf(c), Character: c.Name, Amount: ch.Amount, Applied: ch.Applied, Detail: ch}
	return r
}

// hpDamageResult is the JSON of /hp damage on a 5e character: the HP change, and its concentration save.
type hpDamageResult struct {
	hpResult
	Concentration *concSaveJSON   `json:"concentration,omitempty"` // with its chance (odds.go)
	ConcEnded     string          `json:"conc_ended,omitempty"`    // the spell lost without a save (0 HP)
	Released      []play.Released `json:"released,omitempty"`      // conditions that ended with it
}

// hpDamageReply words /hp damage on a 5e character: the HP change, then its concentration save (or the spell
// lost without one) and the conditions that ended with it.
func hpDamageReply(req *Request, h *play.HP5e) *Reply {
	c := h.Character
	r := hpReply(req, c, req.T("play.hp.damage_title", "Name", c.Name), h.Change)
	if lines := concText(req, h.Hit); len(lines) > 0 {
		r.Body += "\n" + strings.Join(lines, "\n")
	}
	if res, ok := r.Result.(hpResult); ok {
		r.Result = hpDamageResult{hpResult: res, Concentration: concSaveOut(h.Hit.ConcSave), ConcEnded: h.Hit.ConcEnded, Released: h.Hit.Released}
	}
	return r
}

// rtHPResult is the JSON of /hp on a Rogue's Tale character.
type rtHPResult struct {
	rogueStatus
	Character string              `json:"character"`
	Amount    int                 `json:"amount"`
	Applied   int                 `json:"applied"` // HP lost (after vulnerability and resistance) or gained
	Damage    *rogue.DamageResult `json:"damage,omitempty"`
	Heal      *rogue.HealResult   `json:"heal,omitempty"`
	By        string              `json:"by,omitempty"` // the user who changed another's character
}

func rogueDamageReply(req *Request, h *play.HPRogue) *Reply {
	c, dr := h.Character, h.Damage
	r := &Reply{Title: req.T("rt.hp.damage_title", "Name", c.Name), Footer: c.Name,
		Body:   strings.Join(append(damageLines(req, c.Name, dr), statusLine(req, c)), "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: dr.Amount, Applied: dr.Final, Damage: dr}}
	if dr.Dead && dr.HPBefore > 0 {
		r.Tone = ToneCritical
	}
	return r
}

func rogueHealReply(req *Request, h *play.HPRogue) *Reply {
	c, heal := h.Character, h.Heal
	lines := []string{req.T("rt.hp_change", "Name", c.Name, "Before", heal.Before, "After", heal.After)}
	if h.WasDead {
		lines = append(lines, req.T("rt.hp.dead_no_heal", "Name", c.Name))
	}
	lines = append(lines, statusLine(req, c))
	r := &Reply{Title: req.T("rt.hp.heal_title", "Name", c.Name), Footer: c.Name, Body: strings.Join(lines, "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: req.Int("amount", 0), Applied: heal.Amount, Heal: heal}}
	if heal.Amount > 0 {
		r.Tone = ToneSuccess
	}
	return r
}

func rogueMaxHPReply(req *Request, h *play.HPRogue) *Reply {
	c := h.Character
	return &Reply{Title: req.T("rt.hp.max_title", "Name", c.Name), Footer: c.Name, Tone: ToneSuccess,
		Body: strings.Join([]string{
			req.T("rt.hp.max_line", "Before", h.MaxBefore, "After", c.MaxHP, "Formula", c.HPFormula(), "Bonus", c.BonusHP),
			statusLine(req, c),
		}, "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: req.Int("amount", 0)}}
}
