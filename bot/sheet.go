package bot

import (
	"encoding/json"
	"slices"
	"strings"

	"rulekeeper/store"
)

// maxSheetFile bounds an imported sheet file.
const maxSheetFile = 256 << 10

// sheetExport is the JSON of `/sheet export` and `/sheet import` (README "Sheet files").
type sheetExport struct {
	Format string          `json:"format"` // "rulekeeper-sheet"
	System string          `json:"system"`
	Name   string          `json:"name"`
	Sheet  json.RawMessage `json:"sheet"`
}

const sheetFormat = "rulekeeper-sheet"

func (b *Bot) sheetCommand() *Command {
	create := []*Option{
		{Name: "system", Type: String, Choices: systemChoices},
		{Name: "name", Type: String, Required: true, MinLen: 1, MaxLen: 64},
	}
	for _, id := range systemChoices {
		sys := b.systems[id]
		if sys == nil {
			continue
		}
		for _, o := range sys.createOptions() {
			if FindOption(create, o.Name) == nil {
				create = append(create, o)
			}
		}
	}
	// Discord wants required options first.
	slices.SortStableFunc(create, func(a, b *Option) int {
		switch {
		case a.Required == b.Required:
			return 0
		case a.Required:
			return -1
		}
		return 1
	})
	named := func(name string) *Option {
		return &Option{Name: name, Type: String, Required: true, MaxLen: store.MaxNameLen, Complete: b.completeCharacter}
	}
	return &Command{
		Name: "sheet",
		Options: []*Option{
			{Name: "create", Type: SubCommand, Handler: b.sheetCreate, Options: create,
				Examples: []string{"/sheet create name:Aria class:rogue level:3 str:10 dex:16 con:14 int:12 wis:10 cha:13 skills:stealth,perception expertise:stealth",
					"/sheet create system:rogue name:Brom race:human sex:male level:3 str:9 agi:8 sta:8 cha:7 talents:crushing_blow max_dodge:3 shield:shield"}},
			{Name: "show", Type: SubCommand, Handler: b.sheetShow, Options: []*Option{b.characterOption()}, Examples: []string{"/sheet show"}},
			{Name: "list", Type: SubCommand, Handler: b.sheetList, Examples: []string{"/sheet list"}},
			{Name: "use", Type: SubCommand, Handler: b.sheetUse, Options: []*Option{named("character")}, Examples: []string{"/sheet use character:Aria"}},
			{Name: "set", Type: SubCommand, Handler: b.sheetSet, Options: []*Option{
				{Name: "field", Type: String, Required: true, MaxLen: 32, Complete: b.completeField},
				{Name: "value", Type: String, Required: true, MaxLen: 1000},
				b.characterOption(),
			}, Examples: []string{"/sheet set field:ac value:16", "/sheet set field:attack value:\"longsword str prof 1d8[slashing]\""}},
			{Name: "rename", Type: SubCommand, Handler: b.sheetRename, Options: []*Option{
				{Name: "new_name", Type: String, Required: true, MinLen: 1, MaxLen: 64},
				b.characterOption(),
			}, Examples: []string{"/sheet rename new_name:Aria the Bold"}},
			{Name: "delete", Type: SubCommand, Handler: b.sheetDelete, Options: []*Option{named("character")}, Examples: []string{"/sheet delete character:Aria"}},
			{Name: "export", Type: SubCommand, Handler: b.sheetExport, Options: []*Option{b.characterOption()}, Examples: []string{"/sheet export"}},
			{Name: "import", Type: SubCommand, Handler: b.sheetImport, Options: []*Option{
				{Name: "file", Type: Attachment, Required: true},
			}, Examples: []string{"/sheet import file:aria.json"}},
		},
	}
}

// systemOf returns the rule system of a stored character.
func (b *Bot) systemOf(ch *store.Character) (sheetSystem, error) {
	if sys := b.systems[ch.System]; sys != nil {
		return sys, nil
	}
	return nil, Errorf("char.err.unknown_system", "System", ch.System)
}

func (b *Bot) sheetCreate(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	system := requestSystem(req)
	sys := b.systems[system]
	if sys == nil {
		return nil, Errorf("char.err.unknown_system", "System", system)
	}
	// An option only another system reads is refused rather than ignored.
	for name := range req.Options {
		if name != "system" && name != "name" && FindOption(sys.createOptions(), name) == nil {
			return nil, Errorf("rt.err.option_not_for_system", "Option", name, "System", req.T("system."+system))
		}
	}
	sheet, err := sys.create(req)
	if err != nil {
		return nil, err
	}
	ch := &store.Character{OwnerID: req.UserID, Name: strings.TrimSpace(req.Str("name")), System: system, Sheet: sheet}
	if err := b.addCharacter(req, ch); err != nil {
		return nil, err
	}
	r, err := sys.show(req, ch)
	if err != nil {
		return nil, err
	}
	r.Body = req.T("sheet.created", "Name", ch.Name) + "\n" + r.Body
	r.Tone = ToneSuccess
	return r, nil
}

// requestSystem is the rule system a request asks for: its `system` option, else the guild's default, else 5e.
func requestSystem(req *Request) string {
	switch {
	case req.Str("system") != "":
		return req.Str("system")
	case req.Guild.System != "":
		return req.Guild.System
	}
	return systemChoices[0]
}

// addCharacter stores a new character of the caller and makes it their active one, in one transaction.
func (b *Bot) addCharacter(req *Request, ch *store.Character) error {
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		if err := tx.PutCharacter(ch); err != nil {
			return err
		}
		return tx.SetActive(req.UserID, ch.ID)
	})
	return conflictName(err, ch.Name)
}

// conflictName turns a store name conflict into a message that names the character.
func conflictName(err error, name string) error {
	if store.Code(err) == "store.err.conflict" {
		return Errorf("char.err.name_taken", "Name", name)
	}
	return err
}

func (b *Bot) sheetShow(req *Request) (*Reply, error) {
	ch, err := b.viewCharacter(req)
	if err != nil {
		return nil, err
	}
	sys, err := b.systemOf(ch)
	if err != nil {
		return nil, err
	}
	return sys.show(req, ch)
}

// sheetListResult is the JSON of /sheet list.
type sheetListResult struct {
	Characters []sheetListEntry `json:"characters"`
}

type sheetListEntry struct {
	Name   string `json:"name"`
	System string `json:"system"`
	Owner  string `json:"owner"`
	Active bool   `json:"active"`
}

func (b *Bot) sheetList(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	var res sheetListResult
	err := b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		active, err := tx.Active(req.UserID)
		if err != nil {
			return err
		}
		var list []*store.Character
		if req.GM {
			list, err = tx.Characters()
		} else {
			list, err = tx.CharactersOf(req.UserID)
		}
		for _, c := range list {
			res.Characters = append(res.Characters, sheetListEntry{Name: c.Name, System: c.System, Owner: c.OwnerID, Active: c.ID == active})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if len(res.Characters) == 0 {
		return &Reply{Body: req.T("sheet.none"), Ephemeral: true, Result: res}, nil
	}
	var lines []string
	for _, c := range res.Characters {
		line := "• **" + c.Name + "** (" + req.T("system."+c.System) + ")"
		if c.Owner != req.UserID {
			line += " — <@" + c.Owner + ">"
		}
		if c.Active {
			line += " ← " + req.T("sheet.active")
		}
		lines = append(lines, line)
	}
	return &Reply{Title: req.T("sheet.list_title"), Body: strings.Join(lines, "\n"), Result: res}, nil
}

func (b *Bot) sheetUse(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	var ch *store.Character
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		var err error
		// Only one's own characters can be active.
		if ch, err = tx.FindCharacter(req.UserID, req.Str("character")); err != nil {
			if errorsIsNotFound(err) {
				return Errorf("char.err.not_found", "Name", req.Str("character"))
			}
			return err
		}
		return tx.SetActive(req.UserID, ch.ID)
	})
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.now_active", "Name", ch.Name), Tone: ToneSuccess, Footer: ch.Name}, nil
}

func (b *Bot) sheetSet(req *Request) (*Reply, error) {
	field := strings.ToLower(strings.TrimSpace(req.Str("field")))
	ch, err := b.editCharacter(req, func(tx store.Tx, ch *store.Character) error {
		sys, err := b.systemOf(ch)
		if err != nil {
			return err
		}
		sheet, err := sys.set(req, ch, field, req.Str("value"))
		if err != nil {
			return err
		}
		if sheet, err = keepConcentrationEdit(tx, req, ch, sheet); err != nil { // releases held conditions (spellcond.go)
			return err
		}
		ch.Sheet = sheet
		return nil
	})
	if err != nil {
		return nil, err
	}
	sys, _ := b.systemOf(ch)
	r, err := sys.show(req, ch)
	if err != nil {
		return nil, err
	}
	r.Body = req.T("sheet.changed", "Field", field, "Name", ch.Name) + "\n" + r.Body
	r.Tone = ToneSuccess
	return r, nil
}

// completeField suggests `/sheet set` fields of the caller's character's system.
func (b *Bot) completeField(req *Request) []Choice {
	ch, err := b.viewCharacter(req)
	if err != nil {
		return nil
	}
	sys, err := b.systemOf(ch)
	if err != nil {
		return nil
	}
	typed := strings.ToLower(req.Str("field"))
	var out []Choice
	for _, f := range sys.fields() {
		if strings.HasPrefix(f, typed) {
			out = append(out, Choice{Name: f, Value: f})
		}
	}
	return out
}

func (b *Bot) sheetRename(req *Request) (*Reply, error) {
	newName := strings.TrimSpace(req.Str("new_name"))
	var old string
	ch, err := b.editCharacter(req, func(tx store.Tx, ch *store.Character) error {
		sys, err := b.systemOf(ch)
		if err != nil {
			return err
		}
		sheet, err := sys.rename(ch.Sheet, newName)
		if err != nil {
			return err
		}
		if sheet, err = keepConcentrationEdit(tx, req, ch, sheet); err != nil {
			return err
		}
		old, ch.Name, ch.Sheet = ch.Name, newName, sheet
		return nil
	})
	if err != nil {
		return nil, conflictName(err, newName)
	}
	return &Reply{Body: req.T("sheet.renamed", "Old", old, "Name", ch.Name), Tone: ToneSuccess, Footer: ch.Name}, nil
}

// sheetDelete asks for confirmation with a button whose custom id carries the character id.
func (b *Bot) sheetDelete(req *Request) (*Reply, error) {
	ch, err := b.viewCharacter(req)
	if err != nil {
		return nil, err
	}
	if !canEdit(req, ch) {
		return nil, Errorf("char.err.not_owner", "Name", ch.Name)
	}
	return &Reply{
		Body:      req.T("sheet.confirm_delete", "Name", ch.Name),
		Tone:      ToneFailure,
		Ephemeral: true,
		Buttons:   []Button{{Label: req.T("sheet.delete_button"), CustomID: "sheetdel:" + ch.ID, Style: ButtonDanger}},
	}, nil
}

// sheetDeleteConfirmed answers the delete button: custom id "sheetdel:<character id>".
func (b *Bot) sheetDeleteConfirmed(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	id := strings.TrimPrefix(req.CustomID, "sheetdel:")
	var name string
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		ch, err := tx.Character(id)
		if err != nil {
			if errorsIsNotFound(err) {
				return Errorf("char.err.gone")
			}
			return err
		}
		if !canEdit(req, ch) {
			return Errorf("char.err.not_owner", "Name", ch.Name)
		}
		name = ch.Name
		return tx.DeleteCharacter(id)
	})
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.deleted", "Name", name), Update: true, Ephemeral: true}, nil
}

func (b *Bot) sheetExport(req *Request) (*Reply, error) {
	ch, err := b.viewCharacter(req)
	if err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(sheetExport{Format: sheetFormat, System: ch.System, Name: ch.Name, Sheet: ch.Sheet}, "", "  ")
	if err != nil {
		return nil, err
	}
	return &Reply{
		Body:      req.T("sheet.exported", "Name", ch.Name),
		Ephemeral: true,
		Footer:    ch.Name,
		Files:     []File{{Name: fileName(ch.Name) + ".json", ContentType: "application/json", Data: data}},
		Result:    json.RawMessage(data),
	}, nil
}

// fileName makes a safe attachment name from a character name.
func fileName(name string) string {
	s := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' || r == '"' {
			return '_'
		}
		return r
	}, name)
	if s == "" {
		return "sheet"
	}
	return s
}

func (b *Bot) sheetImport(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	f, ok := req.Files["file"]
	if !ok || len(f.Data) == 0 {
		return nil, Errorf("sheet.err.no_file")
	}
	if len(f.Data) > maxSheetFile {
		return nil, Errorf("sheet.err.file_too_large", "Max", maxSheetFile)
	}
	var e sheetExport
	if err := json.Unmarshal(f.Data, &e); err != nil || e.Format != sheetFormat {
		return nil, Errorf("sheet.err.bad_file")
	}
	sys := b.systems[e.System]
	if sys == nil {
		return nil, Errorf("char.err.unknown_system", "System", e.System)
	}
	// Re-validate the sheet through the system: a file is untrusted input.
	sheet, err := sys.rename(e.Sheet, e.Name)
	if err != nil {
		return nil, err
	}
	if sheet, err = withoutConcentration(e.System, sheet); err != nil { // a new character holds no other creature's condition
		return nil, err
	}
	ch := &store.Character{OwnerID: req.UserID, Name: strings.TrimSpace(e.Name), System: e.System, Sheet: sheet}
	if err := b.addCharacter(req, ch); err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.imported", "Name", ch.Name), Tone: ToneSuccess, Footer: ch.Name}, nil
}
