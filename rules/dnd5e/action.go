package dnd5e

import "strings"

// Actions with a rules effect (issue 14, 5e 9): Dodge, Help, Hide, Disengage and Dash, tracked as effects on a
// creature (SourceAction) so that the rolls that read effects (attacks, attacks against it, saves, checks) see them
// with no code of their own, and the turn machinery ends them.
//
// Decisions where the rules leave a choice:
//   - Dodge lasts until the start of the dodger's next turn: attacks against it have disadvantage, its DEX saves
//     advantage.
//   - Help goes on the helped creature: advantage on its next attack roll or ability check (one roll), until the
//     start of the helper's next turn.
//   - Hide records the Stealth total (a note's Value) and gives advantage on the hidden creature's next attack
//     roll (one roll); it lasts until that attack or until removed (found), not until the next turn, or the
//     advantage could never be used.
//   - Disengage and Dash change movement, which the bot does not track: they are recorded until the start of the
//     creature's next turn, and shown.

// Action is a combat action with an effect the bot tracks.
type Action string

// The tracked actions.
const (
	ActionDodge     Action = "dodge"
	ActionHelp      Action = "help"
	ActionHide      Action = "hide"
	ActionDisengage Action = "disengage"
	ActionDash      Action = "dash"
)

// Actions lists the tracked actions.
func Actions() []Action {
	return []Action{ActionDodge, ActionHelp, ActionHide, ActionDisengage, ActionDash}
}

// Valid reports whether a is a tracked action.
func (a Action) Valid() bool {
	switch a {
	case ActionDodge, ActionHelp, ActionHide, ActionDisengage, ActionDash:
		return true
	}
	return false
}

// Key is the catalog key of the action's name ("action.dodge"), or "".
func (a Action) Key() string {
	if !a.Valid() {
		return ""
	}
	return "action." + string(a)
}

// MaxNote is the largest Value of a note mod (a Stealth total).
const MaxNote = 99

// ActionEffect is the effect action a puts on its bearer: the acting creature, or for Help the helped one.
// helper names the helping creature (Help: its turn ends the help); stealth is Hide's Stealth total.
func ActionEffect(a Action, helper string, stealth int) (ActiveEffect, error) {
	src := EffectSource{Kind: SourceAction, ID: string(a)}
	untilMine := Duration{Kind: UntilTurnStart}
	var e ActiveEffect
	switch a {
	case ActionDodge:
		e = NewEffect(src, untilMine,
			Mod{Kind: ModDisadvantage, Roll: ScopeAttacked},
			Mod{Kind: ModAdvantage, Roll: ScopeSave, Ability: Dex})
	case ActionHelp:
		e = NewEffect(src, Duration{Kind: UntilTurnStart, Turn: strings.TrimSpace(helper)},
			Mod{Kind: ModAdvantage, Roll: ScopeAttack}, Mod{Kind: ModAdvantage, Roll: ScopeCheck})
		e.Uses = 1
	case ActionHide:
		e = NewEffect(src, Duration{}, Mod{Kind: ModAdvantage, Roll: ScopeAttack}, Mod{Kind: ModNote, Value: stealth})
		e.Uses = 1
	case ActionDisengage, ActionDash:
		e = NewEffect(src, untilMine, Mod{Kind: ModNote})
	default:
		return ActiveEffect{}, newError(ErrUnknownSource, "Kind", string(SourceAction), "ID", string(a))
	}
	return e, e.Validate()
}
