package play

import (
	"encoding/json"
	"strconv"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/store"
)

// Call of Cthulhu 7e (coc digest) as the third rule system. A CoC sheet is coc.Character's JSON with, beside the
// rules' fields, the character's last /check roll — what a push or a Luck spend after the roll refers to:
// {"v":1,…,"last_roll":{"seq":4,"roll":{…coc.CheckResult…}}} (coc.Decode ignores the key). The seq counts the
// character's rolls, so a "Push" or "Spend Luck" button of an older roll is refused.
//
// Guild house rules of CoC (Settings.House): the game day the Keeper advances (HouseCoCDay, default 1: the
// per-day Sanity tally of indefinite insanity) and the death rule (HouseCoCDeath: classic or pulp, G2).

// HouseCoCDay and HouseCoCDeath are the guild house-rule keys of Call of Cthulhu.
const (
	HouseCoCDay   = "coc_day"   // the game day (a number the Keeper advances with /coc day); default 1
	HouseCoCDeath = "coc_death" // a coc.DeathRule; default classic
)

// LastRoll is a character's last /check roll, kept on its sheet for a push or a Luck spend after the roll.
type LastRoll struct {
	Seq  int              `json:"seq"`
	Roll *coc.CheckResult `json:"roll"`
}

// cocExtras is the part of a stored CoC sheet kept beside the rules' fields.
type cocExtras struct {
	Last *LastRoll `json:"last_roll,omitempty"`
}

// sheetWithCoC is a CoC sheet with its extras, as stored.
type sheetWithCoC struct {
	*coc.Character
	cocExtras
}

// decodeCoC reads a stored character's CoC sheet and its last roll; any other system is a clear error.
func decodeCoC(ch *store.Character) (*coc.Character, *LastRoll, error) {
	if ch.System != SystemCoC {
		return nil, nil, fail("cthulhu.err.not_coc", "Name", ch.Name)
	}
	c, err := coc.Decode(ch.Sheet)
	if err != nil {
		return nil, nil, err
	}
	var x cocExtras
	if json.Unmarshal(ch.Sheet, &x) != nil || x.Last == nil || x.Last.Roll == nil {
		return c, nil, nil
	}
	return c, x.Last, nil
}

// encodeCoC validates a sheet and encodes it with its last roll (none when nil).
func encodeCoC(c *coc.Character, last *LastRoll) (json.RawMessage, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if last == nil {
		return json.Marshal(c)
	}
	return json.Marshal(sheetWithCoC{Character: c, cocExtras: cocExtras{Last: last}})
}

// asCoC decodes a character's CoC sheet (once); a character of another system is refused by name.
func (cr *Creature) asCoC() error {
	if cr.ch == nil || cr.cc != nil {
		return nil
	}
	c, last, err := decodeCoC(cr.ch)
	if err != nil {
		return err
	}
	cr.cc, cr.ccLast = c, last
	return nil
}

// remember keeps a roll as the character's last one (a new seq).
func (cr *Creature) remember(res *coc.CheckResult) int {
	seq := 1
	if cr.ccLast != nil {
		seq = cr.ccLast.Seq + 1
	}
	cr.ccLast = &LastRoll{Seq: seq, Roll: res}
	cr.dirty = true
	return seq
}

type sheetsCoC struct{}

func (sheetsCoC) load(cr *Creature) error          { return cr.asCoC() }
func (sheetsCoC) rename(cr *Creature, name string) { cr.cc.Name = name }

// fresh decodes and validates an imported CoC sheet; a new character has no last roll.
func (sheetsCoC) fresh(sheet json.RawMessage, name string) (json.RawMessage, error) {
	c, err := coc.Decode(sheet)
	if err != nil {
		return nil, err
	}
	c.Name = strings.TrimSpace(name)
	return encodeCoC(c, nil)
}

// editCoC is the acting CoC character, for a change (owner or GM only).
func (s *scene) editCoC(name string) (*Creature, error) {
	ch, err := s.editable(name)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if err := cr.asCoC(); err != nil {
		return nil, err
	}
	cr.dirty = true
	return cr, nil
}

// cocDay is the guild's game day (HouseCoCDay; 1 when unset or unreadable).
func (s *scene) cocDay() (int, error) {
	g, err := s.settings()
	if err != nil {
		return 0, err
	}
	if d, err := strconv.Atoi(g.House[HouseCoCDay]); err == nil && d >= 1 && d <= coc.MaxDay {
		return d, nil
	}
	return 1, nil
}

// cocDeath is the guild's death rule (HouseCoCDeath; classic when unset).
func (s *scene) cocDeath() (coc.DeathRule, error) {
	g, err := s.settings()
	if err != nil {
		return "", err
	}
	if r := coc.DeathRule(g.House[HouseCoCDeath]); r == coc.DeathPulp {
		return r, nil
	}
	return coc.DeathClassic, nil
}

type rulesCoC struct{}

// cast: Call of Cthulhu has no spell list of its own in rulekeeper; the Keeper describes spells (their MP, SAN and
// POW costs go through /sheet set and /san).
func (rulesCoC) cast(s *scene, in *Cast) (*CastResult, error) {
	ch, err := s.acting(in.Character)
	if err != nil {
		return nil, err
	}
	return nil, fail("cthulhu.err.no_cast", "Name", ch.Name)
}
