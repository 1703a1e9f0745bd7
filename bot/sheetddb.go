package bot

import (
	"context"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/dnd5e/ddb"
)

// CharacterSource downloads a D&D Beyond character's JSON by id (fetch.DDB, wired by cmd): bounded in size and
// time, its errors coded with ddb-area catalog keys.
type CharacterSource interface {
	Character(ctx context.Context, id string) ([]byte, error)
}

// maxUnmappedText bounds the "not mapped" field of the import reply (Discord allows 1024 characters).
const maxUnmappedText = 1000

// ddbImport is the JSON result of a D&D Beyond import: the stored name and what the mapping made of the sheet.
type ddbImport struct {
	Name   string      `json:"name"`
	Import *ddb.Import `json:"import"`
}

// importDDBURL downloads the character a D&D Beyond URL (or bare id) names and imports it.
func (b *Bot) importDDBURL(req *Request, raw string) (*Reply, error) {
	id, err := ddb.CharacterID(raw)
	if err != nil {
		return nil, err
	}
	if b.cfg.DDB == nil {
		return nil, Errorf("sheet.err.no_download")
	}
	data, err := b.cfg.DDB.Character(req.Ctx, id)
	if err != nil {
		return nil, err
	}
	return b.importDDB(req, data)
}

// importDDB maps D&D Beyond JSON to a 5e sheet, stores it (with its SRD spells) as the caller's active character
// and lists the spells and what could not be mapped.
func (b *Bot) importDDB(req *Request, data []byte) (*Reply, error) {
	imp, err := ddb.Parse(data)
	if err != nil {
		return nil, err
	}
	spells := make([]play.KnownSpell, 0, len(imp.Spells))
	for _, s := range imp.Spells {
		spells = append(spells, play.KnownSpell{ID: s.ID, Prepared: s.Prepared})
	}
	sheet, err := play.EncodeSheet5e(imp.Character, spells)
	if err != nil {
		return nil, err
	}
	name, err := b.cfg.Table.ImportSheet(req.Ctx, req.caller(), system5e, imp.Character.Name, sheet)
	if err != nil {
		return nil, err
	}
	c := imp.Character
	r := &Reply{
		Body: req.T("sheet.ddb.imported", "Name", name, "Class", req.T(c.Class.Key()), "Level", c.Level,
			"HP", c.MaxHP, "AC", c.AC),
		Tone: ToneSuccess, Footer: name, Result: ddbImport{Name: name, Import: imp},
	}
	if len(imp.Spells) > 0 {
		names := make([]string, 0, len(imp.Spells))
		for _, s := range imp.Spells {
			names = append(names, spellName(req, s.ID))
		}
		r.Fields = append(r.Fields, Field{Name: req.T("sheet.ddb.spells"), Value: cut(req.P.List(names), maxUnmappedText)})
	}
	if len(imp.Unmapped) > 0 {
		lines := make([]string, 0, len(imp.Unmapped))
		for _, u := range imp.Unmapped {
			lines = append(lines, "• "+req.T(u.Kind.Key())+req.T("sheet.ddb.sep")+req.T(u.Reason.Key(), unmappedArgs(req, u)...))
		}
		r.Fields = append(r.Fields, Field{Name: req.T("sheet.ddb.unmapped", "Count", len(imp.Unmapped)), Value: cut(strings.Join(lines, "\n"), maxUnmappedText)})
	}
	return r, nil
}

// unmappedArgs are an unmapped entry's template arguments, skills and conditions named in the reply language.
func unmappedArgs(req *Request, u ddb.Unmapped) []any {
	args := u.Args()
	switch u.Kind {
	case ddb.KindSkill:
		args[1] = req.T(dnd5e.Skill(u.Name).Key())
	case ddb.KindCondition:
		if u.Name != "" {
			args[1] = req.T(dnd5e.Condition(u.Name).Key())
		}
	}
	return args
}

// cut shortens s to at most n bytes at a line boundary (or a rune boundary), ending with "…".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = strings.ToValidUTF8(s[:n], "")
	if i := strings.LastIndexByte(s, '\n'); i > 0 {
		return s[:i] + "\n…"
	}
	return s + "…"
}
