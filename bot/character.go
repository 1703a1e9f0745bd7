package bot

import (
	"rulekeeper/play"
)

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

// characterOption is the optional `character:` option of every command that acts on a character.
func (b *Bot) characterOption() *Option {
	return &Option{Name: "character", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeCharacter}
}
