package bot

import (
	"context"

	"rulekeeper/locales"
)

// Internals the external tests (package bot_test) reach.
var (
	DynamicKeys = dynamicKeys
	ErrorKey    = errorKey
	LookupRogue = lookupRogue
	ParseAttack = parseAttack
	ParseSaves  = parseSaves
	SheetFormat = sheetFormat
)

type (
	SheetExport = sheetExport
)

// Names is the index of the rules tables' names.
var Names = names

// Labels is the index of the command table's names.
func (b *Bot) Labels() *locales.Index { return b.labels }

// Rogue's Tale name tables.
const (
	RkAttr       = rkAttr
	RkCheck      = rkCheck
	RkCurse      = rkCurse
	RkDisease    = rkDisease
	RkHunger     = rkHunger
	RkImmunity   = rkImmunity
	RkPoison     = rkPoison
	RkSpell      = rkSpell
	RkState      = rkState
	RkTalent     = rkTalent
	RkThirst     = rkThirst
	RkWeaponSize = rkWeaponSize
)

// StatsInAll computes in once and words it in each language.
func StatsInAll(in StatsInput, langs []locales.Lang) ([]*Reply, error) {
	c, err := computeStats(context.Background(), nil, locales.For(locales.EN), in)
	if err != nil {
		return nil, err
	}
	out := make([]*Reply, len(langs))
	for i, l := range langs {
		out[i] = c.reply(locales.For(l))
	}
	return out, nil
}

// LocalizeText names the command paths of a text in p's language.
func (b *Bot) LocalizeText(p *locales.Printer, text string) string { return b.localizeText(p, text) }
