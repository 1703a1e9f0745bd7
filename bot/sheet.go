package bot

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"rulekeeper/play"
)

// maxSheetFile bounds an imported sheet file: ours, or D&D Beyond's JSON (256 KiB, as fetch.MaxSize bounds a
// download; the D&D Beyond fixtures are at most 27 KiB).
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
			if have := FindOption(create, o.Name); have == nil {
				create = append(create, o)
			} else {
				widen(have, o)
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
		return &Option{Name: name, Type: String, Required: true, MaxLen: play.MaxNameLen, Complete: b.completeCharacter}
	}
	return &Command{
		Name: "sheet",
		Options: []*Option{
			{Name: "create", Type: SubCommand, Handler: b.sheetCreate, Options: create,
				Examples: []string{"/sheet create name:Aria class:rogue level:3 str:10 dex:16 con:14 int:12 wis:10 cha:13 skills:stealth,perception expertise:stealth",
					"/sheet create system:rogue name:Brom race:human sex:male level:3 str:9 agi:8 sta:8 cha:7 talents:crushing_blow max_dodge:3 shield:shield",
					"/sheet create system:coc name:Ada class:Librarian skills:\"STR 50 CON 60 SIZ 55 DEX 65 APP 50 INT 70 POW 60 EDU 85 Luck 40 Age 24 Library Use 60\""}},
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
				{Name: "file", Type: Attachment},
				{Name: "url", Type: String, MinLen: 1, MaxLen: 200},
			}, Examples: []string{"/sheet import file:aria.json", "/sheet import url:https://www.dndbeyond.com/characters/12345678"}},
		},
	}
}

func (b *Bot) sheetCreate(req *Request) (*Reply, error) {
	in := play.NewSheet{Name: req.Str("name"), System: req.Str("system")}
	for _, id := range systemChoices {
		b.systems[id].create(req, &in)
	}
	sh, err := b.cfg.Table.CreateSheet(req.Ctx, req.caller(), in)
	if err != nil {
		return nil, err
	}
	r := b.systems[sh.System].show(req, sh)
	r.Body = req.T("sheet.created", "Name", sh.Name) + "\n" + r.Body
	r.Tone = ToneSuccess
	return r, nil
}

// widen makes a /sheet create option that several systems read accept what any of them does (Integer bounds,
// string lengths); each system then checks its own (refuseCreateOptions).
func widen(have, o *Option) {
	if have.Min != nil && o.Min != nil && *o.Min < *have.Min {
		have.Min = o.Min
	}
	if have.Max != nil && o.Max != nil && *o.Max > *have.Max {
		have.Max = o.Max
	}
	have.MaxLen = max(have.MaxLen, o.MaxLen)
}

// refuseCreateOptions refuses a /sheet create option that only another system reads, rather than ignoring it, and
// a value outside the system's own bounds (the table's are the widest of all systems').
func refuseCreateOptions(req *Request, sys sheetSystem, system string) error {
	names := slices.Sorted(maps.Keys(req.Options))
	own := sys.createOptions()
	for _, name := range names {
		if name == "system" || name == "name" {
			continue
		}
		o := FindOption(own, name)
		if o == nil {
			return Errorf("rt.err.option_not_for_system", "Option", name, "System", req.T("system."+system))
		}
		if _, err := coerce(o, req.Options[name]); err != nil {
			return err
		}
	}
	return nil
}

// requestSystem is the rule system a request asks for: its `system` option, else the guild's default, else 5e.

func (b *Bot) sheetShow(req *Request) (*Reply, error) {
	sh, err := b.cfg.Table.ShowSheet(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	return b.systems[sh.System].show(req, sh), nil
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
	r, lines, err := b.sheetListLines(req, "")
	if err != nil || len(lines) == 0 {
		return r, err
	}
	return showPage(req, r, "sheets", "", lines, 0), nil
}

// sheetListLines builds /sheet list: the reply and its lines (none: the reply says so), paged by showPage.
func (b *Bot) sheetListLines(req *Request, _ string) (*Reply, []string, error) {
	list, err := b.cfg.Table.Sheets(req.Ctx, req.caller())
	if err != nil {
		return nil, nil, err
	}
	var res sheetListResult
	for _, c := range list {
		res.Characters = append(res.Characters, sheetListEntry{Name: c.Name, System: c.System, Owner: c.Owner, Active: c.Active})
	}
	if len(res.Characters) == 0 {
		return &Reply{Body: req.T("sheet.none"), Ephemeral: true, Result: res}, nil, nil
	}
	var lines []string
	for _, c := range res.Characters {
		line := req.P.Paren("• **"+c.Name+"**", req.T("system."+c.System))
		if c.Owner != req.UserID {
			line += " — <@" + c.Owner + ">"
		}
		if c.Active {
			line += " ← " + req.T("sheet.active")
		}
		lines = append(lines, line)
	}
	return &Reply{Title: req.T("sheet.list_title"), Result: res}, lines, nil
}

func (b *Bot) sheetUse(req *Request) (*Reply, error) {
	name, err := b.cfg.Table.UseSheet(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.now_active", "Name", name), Tone: ToneSuccess, Footer: name}, nil
}

func (b *Bot) sheetSet(req *Request) (*Reply, error) {
	typed := strings.ToLower(strings.TrimSpace(req.Str("field")))
	e := play.SheetEdit{Character: req.Str("character")}
	for _, id := range systemChoices {
		b.systems[id].edit(req, fieldID(id, typed), req.Str("value"), &e)
	}
	sh, err := b.cfg.Table.SetSheet(req.Ctx, req.caller(), e)
	if err != nil {
		return nil, err
	}
	r := b.systems[sh.System].show(req, sh)
	r.Body = req.T("sheet.changed", "Field", fieldName(req.P, fieldID(sh.System, typed)), "Name", sh.Name) + "\n" + r.Body
	r.Tone = ToneSuccess
	return r, nil
}

func (b *Bot) sheetRename(req *Request) (*Reply, error) {
	newName := strings.TrimSpace(req.Str("new_name"))
	old, err := b.cfg.Table.RenameSheet(req.Ctx, req.caller(), req.Str("character"), newName)
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.renamed", "Old", old, "Name", newName), Tone: ToneSuccess, Footer: newName}, nil
}

// sheetDelete asks for confirmation with a button whose custom id carries the character id.
func (b *Bot) sheetDelete(req *Request) (*Reply, error) {
	sh, err := b.cfg.Table.SheetToDelete(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	return &Reply{
		Body:      req.T("sheet.confirm_delete", "Name", sh.Name),
		Tone:      ToneFailure,
		Ephemeral: true,
		Buttons:   []Button{{Label: req.T("sheet.delete_button"), CustomID: "sheetdel:" + sh.ID, Style: ButtonDanger}},
	}, nil
}

// sheetDeleteConfirmed answers the delete button: custom id "sheetdel:<character id>".
func (b *Bot) sheetDeleteConfirmed(req *Request) (*Reply, error) {
	name, err := b.cfg.Table.DeleteSheet(req.Ctx, req.caller(), strings.TrimPrefix(req.CustomID, "sheetdel:"))
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.deleted", "Name", name), Update: true, Ephemeral: true}, nil
}

func (b *Bot) sheetExport(req *Request) (*Reply, error) {
	ch, err := b.cfg.Table.ExportSheet(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(sheetExport{Format: sheetFormat, System: ch.System, Name: ch.Name, Sheet: ch.Raw}, "", "  ")
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
	url := req.Str("url")
	switch {
	case ok && url != "":
		return nil, Errorf("sheet.err.file_or_url")
	case url != "":
		return b.importDDBURL(req, url)
	case !ok || len(f.Data) == 0:
		return nil, Errorf("sheet.err.no_file")
	case len(f.Data) > maxSheetFile:
		return nil, Errorf("sheet.err.file_too_large", "Max", maxSheetFile)
	}
	var e sheetExport
	if err := json.Unmarshal(f.Data, &e); err != nil || e.Format != sheetFormat {
		if err == nil && e.Format == "" {
			return b.importDDB(req, f.Data) // not ours: D&D Beyond's character JSON?
		}
		return nil, Errorf("sheet.err.bad_file")
	}
	if len(f.Data) > maxSheetFile {
		return nil, Errorf("sheet.err.file_too_large", "Max", maxSheetFile)
	}
	name, err := b.cfg.Table.ImportSheet(req.Ctx, req.caller(), e.System, e.Name, e.Sheet)
	if err != nil {
		return nil, err
	}
	return &Reply{Body: req.T("sheet.imported", "Name", name), Tone: ToneSuccess, Footer: name}, nil
}

// sheetSystem is one rule system's part of the character commands: how its sheets are created from
// `/sheet create` options, shown, and changed by `/sheet set`.
type sheetSystem interface {
	// createOptions are the `/sheet create` options this system reads (merged with the other systems' by name).
	createOptions() []*Option
	// create reads the request's options as this system's new sheet into in (the name comes from the "name"
	// option), refusing the options only other systems read.
	create(req *Request, in *play.NewSheet)
	// show renders a sheet.
	show(req *Request, sh *play.Sheet) *Reply
	// edit sets this system's change of one field (the value read and checked by the rules) into e.
	edit(req *Request, field, value string, e *play.SheetEdit)
	// fields lists the field names `/sheet set` accepts, for autocomplete and errors.
	fields() []string
}
