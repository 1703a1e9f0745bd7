package bot

import (
	"errors"
	"slices"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

// Errors: every error a handler returns is rendered in the caller's own language as an ephemeral reply. Errors
// are catalog keys with their data (bot's own Error, the rules' and play's coded.Error, dice.Error); the ids in a
// rules error's data (abilities, conditions, talents, systems…) are named in that language too.

// ErrorReply renders err in the caller's own language as an ephemeral reply.
func (b *Bot) ErrorReply(req *Request, err error) *Reply {
	p := locales.For(locales.Choose(b.cfg.Language, req.Locale, req.GuildLocale))
	key, args := errorKey(p, err)
	switch key {
	case "core.err.internal":
		b.cfg.Logger.Error("internal error", "path", strings.Join(req.Path, " "), "err", err)
	case "store.err.unavailable", "store.err.full", "store.err.corrupt":
		// The operator's to fix: the log says what the system reported and which file (the error's data).
		b.cfg.Logger.Error("cannot save", "command", strings.Join(req.Path, " "), "file", args["Path"], "cause", args["Cause"], "err", err)
	}
	r := &Reply{Body: p.TMap(key, args), Tone: ToneFailure, Ephemeral: true, ErrorCode: key}
	b.localizeOptionSpans(p, req.Path, r)
	b.localizeReply(p, r)
	return r
}

// ErrorText renders any error in p's language (the CLI's error lines).
func ErrorText(p *locales.Printer, err error) string {
	key, args := errorKey(p, err)
	return p.TMap(key, args)
}

// errorKey maps an error to its catalog key and data; p is the language in which the ids in a rules error's
// data (abilities, skills, conditions, classes, damage types) are named.
func errorKey(p *locales.Printer, err error) (string, map[string]any) {
	var be *Error
	if errors.As(err, &be) {
		return be.Key, be.localArgs(p)
	}
	var ce *coded.Error
	if errors.As(err, &ce) {
		return ce.Code, localizeArgs(p, ce)
	}
	var de *dice.Error
	if errors.As(err, &de) {
		return de.Code, de.Args
	}
	return "core.err.internal", nil
}

// idNamers name the ids in a rules error's data, by the package prefix of its code ("dnd5e.err.…").
var idNamers = map[string]func(code, arg, id string) string{
	"dnd5e":     dnd5eIDKey,
	"spell":     dnd5eIDKey,
	"rogue":     rogueIDKey,
	"encounter": encounterIDKey,
	"rt":        systemIDKey, // play's errors that name a rule system
	"init":      systemIDKey,
	"npc":       dnd5eIDKey,  // play's NPC errors (npc.go): conditions
	"effect":    effectIDKey, // issue 13: effects, features, counters (effectwords.go)
	"feature":   effectIDKey,
	"counter":   effectIDKey,
	"play":      systemIDKey, // play.err.not_dnd5e names the character's system
	"coc":       cocIDKey,    // the rules' Call of Cthulhu errors (namescoc.go)
	"cthulhu":   cocIDKey,    // play's and bot's
}

// systemIDKey names a rule system in an error's data.
func systemIDKey(code, arg, s string) string {
	if arg == "System" && slices.Contains(systemChoices, s) {
		return "system." + s
	}
	return ""
}

// localizeArgs copies a rules error's data with its ids (abilities, conditions, talents, …) replaced by their names
// in p's language; values that name nothing known (what the user typed) stay as they are.
func localizeArgs(p *locales.Printer, e *coded.Error) map[string]any {
	prefix, _, _ := strings.Cut(e.Code, ".")
	namer := idNamers[prefix]
	out := make(map[string]any, len(e.Args))
	for k, v := range e.Args {
		out[k] = v
		if s, ok := v.(string); ok && namer != nil {
			if key := namer(e.Code, k, s); key != "" {
				out[k] = p.T(key)
			}
		}
	}
	return out
}

// pairs turns name/value pairs into template data.
func pairs(args []any) map[string]any {
	m := make(map[string]any, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok {
			m[k] = args[i+1]
		}
	}
	return m
}

// Error is a user-facing error: a catalog key and its template data. Handlers return it; the bot renders it
// in the caller's language as an ephemeral reply.
type Error struct {
	Key   string
	Args  map[string]any
	names *errNames // the command, option and choice names it quotes, named in the caller's language (cmdnames.go)
}

func (e *Error) Error() string { return e.Key }

// Errorf builds an *Error from a key and name/value pairs.
func Errorf(key string, args ...any) *Error {
	return &Error{Key: key, Args: pairs(args)}
}

func rulesError(code, arg, value string) error {
	return &dnd5e.Error{Code: code, Args: map[string]any{arg: value}}
}

func rogueErr(code string, kv ...any) error { return &rogue.Error{Code: code, Args: pairs(kv)} }

// dnd5eIDKey is the catalog key naming an id in a 5e (or spell) rules error's data; "" leaves the value as it is
// (an unknown id is what the user typed).
func dnd5eIDKey(code, arg, s string) string {
	switch arg {
	case "Ability":
		return dnd5e.Ability(s).Key()
	case "Skill":
		return dnd5e.Skill(s).Key()
	case "Class":
		return dnd5e.Class(s).Key()
	case "Condition":
		return dnd5e.Condition(s).Key()
	case "Type":
		return dnd5e.DamageType(s).Key()
	case "State":
		return dnd5e.State(s).Key()
	case "Spell": // spell errors name the spell in English (or as typed, when unknown)
		if sp, err := dnd5e.ParseSpell(s); err == nil {
			return sp.Key()
		}
	case "Name":
		if code == dnd5e.ErrDuplicate {
			for _, k := range []string{dnd5e.Skill(s).Key(), dnd5e.Ability(s).Key(), dnd5e.Condition(s).Key(), dnd5e.DamageType(s).Key()} {
				if k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// rogueIDKey is the catalog key naming an id in a Rogue's Tale rules error's data; "" leaves the value as it is
// (an unknown id is what the user typed).
func rogueIDKey(code, arg, s string) string {
	switch arg {
	case "Attribute":
		return rogue.Attribute(s).Key()
	case "Race":
		return rogue.Race(s).Key()
	case "Sex":
		return rogue.Sex(s).Key()
	case "Size":
		if code == rogue.ErrBadHand {
			return rogue.WeaponSize(s).Key()
		}
		return rogue.Size(s).Key()
	case "Talent", "Needs":
		return rogue.Talent(s).Key()
	case "Spell":
		return rogue.Spell(s).Key()
	case "State":
		return rogue.State(s).Key()
	case "Type":
		return rogue.Immunity(s).Key()
	case "Hand":
		return rogue.Hand(s).Key()
	case "Kind":
		if code == rogue.ErrTalentAttack {
			return rogue.AttackKind(s).Key()
		}
		return rogue.EffectKind(s).Key()
	case "Need":
		switch s {
		case "undead":
			return "rt.need.undead"
		case "daemon":
			return "rt.need.daemon"
		}
	case "Name":
		if code == rogue.ErrDuplicate {
			for _, k := range []string{rogue.Talent(s).Key(), rogue.Spell(s).Key(), rogue.Immunity(s).Key()} {
				if k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// encounterIDKey is the catalog key naming an id in an encounter error's data: 5e conditions and game systems.
func encounterIDKey(code, arg, s string) string {
	switch arg {
	case "Condition":
		if c := dnd5e.Condition(s); c.Valid() {
			return c.Key()
		}
	case "System":
		if slices.Contains(systemChoices, s) {
			return "system." + s
		}
	}
	return ""
}
