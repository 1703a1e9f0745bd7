package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// /feature use|restore|list (issue 13): a 5e character's class features that it uses by hand and the resources
// they spend — rage, bardic inspiration (to another character), second wind, action surge, ki, lay on hands,
// channel divinity, wild shape, sorcery points (and flexible casting), arcane recovery … Passive features (extra
// attack, sneak attack, improved critical, reliable talent, jack of all trades, evasion …) apply by themselves;
// divine smite is /attack smite:. Autocomplete offers the features the sheet has, with what is left.

// activeFeatures are the features used by hand that spend another's resource or none.
var activeFeatures = []string{"reckless_attack", "cutting_words", "sacred_weapon", "preserve_life", "uncanny_dodge"}

func (b *Bot) featureCommand() *Command {
	feature := func(complete func(*Request) []Choice) *Option {
		return &Option{Name: "feature", Type: String, Required: true, MaxLen: 64, Complete: complete}
	}
	return &Command{
		Name: "feature",
		Options: []*Option{
			{Name: "use", Type: SubCommand, Handler: b.featureUse, Options: []*Option{
				feature(b.completeUsableFeature),
				{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeTargets},
				{Name: "amount", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxHPLimit)},
				{Name: "slots", Type: String, MaxLen: 32},
				{Name: "create_slot", Type: Integer, Min: Bound(1), Max: Bound(5)},
				{Name: "convert_slot", Type: Integer, Min: Bound(1), Max: Bound(9)},
				b.characterOption(),
			}, Examples: []string{
				"/feature use feature:rage",
				"/feature use feature:bardic_inspiration target:Borin",
				"/feature use feature:second_wind",
				"/feature use feature:lay_on_hands amount:10 target:Aria",
				"/feature use feature:ki amount:2",
				"/feature use feature:arcane_recovery slots:2,1",
				"/feature use feature:sorcery_points create_slot:2",
				"/feature use feature:uncanny_dodge",
			}},
			{Name: "restore", Type: SubCommand, Handler: b.featureRestore, Options: []*Option{
				feature(b.completeResourceFeature),
				{Name: "amount", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxHPLimit)},
				b.characterOption(),
			}, Examples: []string{"/feature restore feature:rage", "/feature restore feature:ki amount:3"}},
			{Name: "list", Type: SubCommand, Handler: b.featureList, Options: []*Option{b.characterOption()},
				Examples: []string{"/feature list"}},
		},
	}
}

// featureResult is the JSON of /feature use.
type featureResult struct {
	Character string                `json:"character"`
	Feature   string                `json:"feature"`
	Name      string                `json:"name"` // in the reply language
	Resource  *dnd5e.ResourceChange `json:"resource,omitempty"`
	Effect    *dnd5e.ActiveEffect   `json:"effect,omitempty"`
	Target    string                `json:"target,omitempty"`
	Roll      *dice.Result          `json:"roll,omitempty"`
	HP        *dnd5e.HPChange       `json:"hp,omitempty"`   // its own healing (second wind)
	Heal      int                   `json:"heal,omitempty"` // lay on hands, preserve life: hit points to give
	TargetHP  *dnd5e.HPChange       `json:"target_hp,omitempty"`
	Slots     []int                 `json:"slots,omitempty"`
	hpStatus
}

func (b *Bot) featureUse(req *Request) (*Reply, error) {
	id, err := parseFeature(req.Str("feature"))
	if err != nil {
		return nil, err
	}
	in := play.FeatureUse{Character: req.Str("character"), Feature: id, Amount: req.Int("amount", 0),
		Target: strings.TrimSpace(req.Str("target")), CreateSlot: req.Int("create_slot", 0), ConvertSlot: req.Int("convert_slot", 0)}
	for _, s := range splitList(req.Str("slots")) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, Errorf("core.err.bad_integer", "Name", "slots", "Value", s)
		}
		in.Slots = append(in.Slots, n)
	}
	res, err := b.cfg.Table.UseFeature(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	c, use := res.Character, res.Use
	name := req.T("feature." + use.Feature)
	out := featureResult{Character: c.Name, Feature: use.Feature, Name: name, Resource: use.Resource, Effect: use.Effect,
		Roll: use.Roll, HP: use.HP, Heal: use.Heal, Slots: use.Slots, hpStatus: statusOf(c)}
	lines := []string{req.T("feat.used", "Name", c.Name, "Feature", name)}
	if r := use.Resource; r != nil {
		lines = append(lines, resourceChangeLine(req, r))
	}
	if use.Roll != nil {
		lines = append(lines, rollText(req, use.Roll))
	}
	if use.HP != nil {
		lines = append(lines, req.P.Label(c.Name, hpChangeLine(req, use.HP)))
	}
	if use.Effect != nil && !use.OnTarget {
		lines = append(lines, effect5eText(req, *use.Effect))
	}
	if len(use.Slots) > 0 {
		lines = append(lines, req.T("feat.slots", "Slots", slotsText(use.Slots)))
	}
	if use.Feature == "preserve_life" {
		lines = append(lines, req.T("feat.pool", "Amount", use.Heal))
	}
	if h := res.Target; h != nil {
		out.Target = h.Name
		if use.Effect != nil && use.OnTarget {
			lines = append(lines, effectsAddedText(req, h.Name, h.Effects)...)
			lines = append(lines, effect5eText(req, *use.Effect))
		}
		if h.Healed != nil {
			out.TargetHP = h.Healed
			lines = append(lines, req.P.Label(h.Name, hpChangeLine(req, h.Healed)))
		}
	}
	return &Reply{Title: req.T("feat.title", "Name", c.Name, "Feature", name), Body: strings.Join(lines, "\n"),
		Footer: c.Name, Tone: ToneSuccess, Result: out}, nil
}

// resourceResult is the JSON of /feature restore.
type resourceResult struct {
	Character string                `json:"character"`
	Resource  *dnd5e.ResourceChange `json:"resource"`
}

func (b *Bot) featureRestore(req *Request) (*Reply, error) {
	id, err := parseFeature(req.Str("feature"))
	if err != nil {
		return nil, err
	}
	c, ch, err := b.cfg.Table.FeatureRestore(req.Ctx, req.caller(), req.Str("character"), id, req.Int("amount", 1))
	if err != nil {
		return nil, err
	}
	name := req.T("feature." + id)
	return &Reply{Title: req.T("feat.title", "Name", c.Name, "Feature", name), Body: resourceChangeLine(req, ch),
		Footer: c.Name, Tone: ToneSuccess, Result: resourceResult{Character: c.Name, Resource: ch}}, nil
}

// featureListResult is the JSON of /feature list.
type featureListResult struct {
	Character string           `json:"character"`
	Subclass  string           `json:"subclass,omitempty"`
	Features  []string         `json:"features"` // ids, in class order
	Resources []dnd5e.Resource `json:"resources"`
}

func (b *Bot) featureList(req *Request) (*Reply, error) {
	c, err := b.cfg.Table.Sheet5e(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	out := featureListResult{Character: c.Name, Subclass: string(c.Subclass), Features: []string{}, Resources: c.Resources()}
	if out.Resources == nil {
		out.Resources = []dnd5e.Resource{}
	}
	lines := featureLines(req, c, &out)
	if len(lines) == 0 {
		lines = []string{req.T("feat.none", "Name", c.Name)}
	}
	title := req.T("feat.list_title", "Name", c.Name, "Class", req.T(c.Class.Key()), "Level", c.Level)
	if c.Subclass != "" {
		title = req.P.Paren(title, req.T(c.Subclass.Key()))
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: c.Name, Result: out}, nil
}

// featureLines lists a character's features: each with its resource (what is left, its rest) or as passive.
func featureLines(req *Request, c *dnd5e.Character, out *featureListResult) []string {
	var lines []string
	for _, f := range dnd5e.FeaturesOf(c.Class, c.Subclass, c.Level) {
		if slices.Contains(out.Features, f.ID) {
			continue
		}
		out.Features = append(out.Features, f.ID)
		line := "• **" + req.T(f.Key()) + "**"
		if r, ok := c.FindResource(f.ID); ok {
			line += " — " + resourceText(req, r)
		} else if !slices.Contains(activeFeatures, f.ID) && f.ID != "divine_smite" {
			line = req.P.Paren(line, req.T("feat.passive"))
		}
		lines = append(lines, line)
	}
	return lines
}

// resourceText is "2/3 · long rest" (∞ when unlimited).
func resourceText(req *Request, r dnd5e.Resource) string {
	left := strconv.Itoa(r.Left()) + "/" + strconv.Itoa(r.Max)
	if r.Unlimited {
		left = "∞"
	}
	return left + " · " + req.T(r.Reset.Key())
}

// resourceChangeLine is "Rage: 3 → 2 (of 3)".
func resourceChangeLine(req *Request, r *dnd5e.ResourceChange) string {
	return req.T("feat.resource", "Feature", req.T("feature."+r.ID), "Before", r.Before, "After", r.After, "Max", r.Max)
}

// slotsText is "2, 1".
func slotsText(levels []int) string {
	s := make([]string, len(levels))
	for i, l := range levels {
		s[i] = strconv.Itoa(l)
	}
	return strings.Join(s, ", ")
}

// parseFeature reads a feature typed in any language (its id, its name, an alias).
func parseFeature(s string) (string, error) {
	if id := lookupName(kindFeature, s); id != "" {
		return id, nil
	}
	f, err := dnd5e.ParseFeature(s)
	return f.ID, err
}

// completeUsableFeature suggests the acting character's features used by hand, with what is left of each.
func (b *Bot) completeUsableFeature(req *Request) []Choice {
	return b.completeFeatures(req, func(c *dnd5e.Character, id string) bool {
		_, ok := c.FindResource(id)
		return ok || slices.Contains(activeFeatures, id)
	})
}

// completeResourceFeature suggests the acting character's features with a resource.
func (b *Bot) completeResourceFeature(req *Request) []Choice {
	return b.completeFeatures(req, func(c *dnd5e.Character, id string) bool {
		_, ok := c.FindResource(id)
		return ok
	})
}

// completeFeatures suggests the acting 5e character's features that keep says, matching what was typed in any
// language, with their resource when they have one.
func (b *Bot) completeFeatures(req *Request, keep func(*dnd5e.Character, string) bool) []Choice {
	sh := b.acting(req)
	if sh == nil || sh.Dnd5e == nil {
		return nil
	}
	c := sh.Dnd5e
	var entries []Choice
	for _, f := range dnd5e.FeaturesOf(c.Class, c.Subclass, c.Level) {
		if !keep(c, f.ID) || slices.ContainsFunc(entries, func(x Choice) bool { return x.Value == f.ID }) {
			continue
		}
		name := req.T(f.Key())
		if r, ok := c.FindResource(f.ID); ok {
			name = req.P.Paren(name, resourceText(req, r))
		}
		entries = append(entries, Choice{Name: name, Value: f.ID})
	}
	if strings.TrimSpace(req.Str(req.Focused)) == "" {
		return entries[:min(25, len(entries))]
	}
	return completeNames(req, entries, kindFeature)
}
