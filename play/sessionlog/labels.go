package sessionlog

import (
	"strconv"

	"rulekeeper/rules/dice"
)

// Labels are the words the exports need, in the log's language. The caller fills them from the catalogs, usually
// with NewLabels(printer.T); an empty field shows nothing, a nil func shows the bare number or name.
type Labels struct {
	Title        string // above the log's name: "Session log"
	Participants string // heading of the list of characters and players
	HideOOC      string // the HTML filter toggle: "Hide out-of-character lines"
	OOC          string // tag of an out-of-character line in Markdown
	Revealed     string // tag of a secret roll, shown once revealed
	NPC          string // tag of a character the GM runs

	Success, Failure, Crit, Fumble string // the outcomes of a roll

	Round func(n int) string                 // a round marker: "Round 3"
	Turn  func(name string) string           // a turn marker: "Aria's turn"
	Odds  func(k Kind, chance string) string // a roll's odds: "Chance to hit: 79.75% (319/400)"
}

// Catalog keys of the labels (locales/catalog/sessionlog.*.toml), and the keys of other areas NewLabels uses.
const (
	keyTitle        = "sessionlog.label.title"
	keyParticipants = "sessionlog.label.participants"
	keyHideOOC      = "sessionlog.label.hide_ooc"
	keyOOC          = "sessionlog.label.ooc"
	keyRevealed     = "sessionlog.label.revealed"
	keyNPC          = "sessionlog.label.npc"
	keySuccess      = "sessionlog.label.success"
	keyFailure      = "sessionlog.label.failure"
	keyCrit         = "sessionlog.label.crit"
	keyFumble       = "sessionlog.label.fumble"
	keyRound        = "sessionlog.label.round" // N
	keyTurn         = "encounter.log.turn"     // Name
	keyOddsHit      = "stats.odds.hit"         // Chance
	keyOddsSuccess  = "stats.odds.success"     // Chance
)

// LabelKeys lists the catalog keys of area sessionlog that NewLabels looks up (for catalog tests).
func LabelKeys() []string {
	return []string{keyTitle, keyParticipants, keyHideOOC, keyOOC, keyRevealed, keyNPC, keySuccess, keyFailure,
		keyCrit, keyFumble, keyRound}
}

// NewLabels fills Labels with t, a catalog lookup such as (*locales.Printer).T: t(key, "Name", value, …).
func NewLabels(t func(key string, args ...any) string) Labels {
	return Labels{
		Title: t(keyTitle), Participants: t(keyParticipants), HideOOC: t(keyHideOOC), OOC: t(keyOOC),
		Revealed: t(keyRevealed), NPC: t(keyNPC),
		Success: t(keySuccess), Failure: t(keyFailure), Crit: t(keyCrit), Fumble: t(keyFumble),
		Round: func(n int) string { return t(keyRound, "N", n) },
		Turn:  func(name string) string { return t(keyTurn, "Name", name) },
		Odds: func(k Kind, chance string) string {
			if k == KindAttack {
				return t(keyOddsHit, "Chance", chance)
			}
			return t(keyOddsSuccess, "Chance", chance)
		},
	}
}

func (lb *Labels) round(n int) string {
	if lb.Round == nil {
		return strconv.Itoa(n)
	}
	return lb.Round(n)
}

func (lb *Labels) turn(name string) string {
	if lb.Turn == nil {
		return name
	}
	return lb.Turn(name)
}

// odds is the text of a roll's odds, "" without any.
func (lb *Labels) odds(k Kind, o *Odds) string {
	if o == nil {
		return ""
	}
	if lb.Odds == nil {
		return Chance(o)
	}
	return lb.Odds(k, Chance(o))
}

func (lb *Labels) outcome(o Outcome) string {
	switch o {
	case Success:
		return lb.Success
	case Failure:
		return lb.Failure
	case Crit:
		return lb.Crit
	case Fumble:
		return lb.Fumble
	}
	return ""
}

// Chance is odds as the bot shows them: "79.75% (319/400)", the fraction only when there is one other than 0 and 1.
func Chance(o *Odds) string {
	s := dice.Percent(o.P)
	if o.Fraction != "" && o.Fraction != "0" && o.Fraction != "1" {
		s += " (" + o.Fraction + ")"
	}
	return s
}
