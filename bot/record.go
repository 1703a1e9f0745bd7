package bot

import (
	"errors"
	"strings"

	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/coded"
)

// Recording (issue 18): the one mechanism that puts the bot's replies into a channel's running log. A handler may
// attach what its reply means as data (Reply.Log: the kind, the roll with its dice, the damage); record completes
// it with who, when and the reply's words and calls play's Record once, after the command's own transaction has
// committed — the words exist only then. Record reads the log and appends in its own transaction, so a store's
// retry cannot append twice, and a channel without a running log costs one read. Ephemeral replies (a GM's secret
// roll among them) and errors are never recorded.

// unlogged are the commands whose replies are not part of the game's record: the log itself, help, settings,
// the odds charts, sheet management and stat blocks.
var unlogged = map[string]bool{"log": true, "help": true, "settings": true, "stats": true, "sheet": true, "monster": true, "reveal": true}

// kinds is the kind of entry a command's reply records when its handler does not say.
var kinds = map[string]sessionlog.Kind{
	"roll": sessionlog.KindRoll, "reroll": sessionlog.KindRoll,
	"check": sessionlog.KindCheck, "san": sessionlog.KindCheck, "coc": sessionlog.KindCheck, "identify": sessionlog.KindCheck,
	"save": sessionlog.KindSave, "deathsave": sessionlog.KindSave,
	"attack": sessionlog.KindAttack, "cast": sessionlog.KindCast, "aoe": sessionlog.KindCast,
	"condition": sessionlog.KindCondition, "effect": sessionlog.KindCondition,
	"hp": sessionlog.KindDamage, "say": sessionlog.KindSay,
}

// record appends the log entry of a public reply to the channel's running log, if there is one.
func (b *Bot) record(req *Request, r *Reply) {
	if !req.recording || r == nil || r.Ephemeral || r.ErrorCode != "" || r.Modal != nil || len(r.Choices) > 0 || req.GuildID == "" ||
		req.Kind == KindAutocomplete {
		return
	}
	what := ""
	if len(req.Path) > 0 {
		what = req.Path[0]
	} else if req.Kind == KindComponent {
		what, _, _ = strings.Cut(req.CustomID, ":")
	}
	if unlogged[what] {
		return
	}
	var e sessionlog.Entry
	if r.Log != nil {
		e = *r.Log
	} else if data := logOfResult(r.Result); data != nil { // logresult.go
		e = *data
	}
	if e.Kind == "" {
		e.Kind = kindOf(req, what)
	}
	e.Time, e.User, e.UserName = req.Now.UTC(), req.UserID, userLabel(req)
	if e.Character == "" && !e.Kind.Marker() {
		e.Character = r.Footer
	}
	if e.Lines == nil && !e.Kind.Marker() {
		e.Lines = sessionlog.Lines(plain(replyText(r)))
	}
	if len(e.Lines) == 0 && !e.Kind.Marker() {
		return
	}
	entries := make([]sessionlog.Entry, 0, len(r.Markers)+1)
	for _, m := range r.Markers {
		m.Time, m.User, m.UserName = e.Time, e.User, e.UserName
		entries = append(entries, m)
	}
	if _, err := b.cfg.Table.Record(req.Ctx, req.caller(), append(entries, e)...); err != nil {
		b.cfg.Logger.Warn("log entry not recorded", "guild", req.GuildID, "channel", req.ChannelID, "err", err)
		if errors.Is(err, coded.Code(sessionlog.ErrFullEntries)) || errors.Is(err, coded.Code(sessionlog.ErrFullBytes)) {
			notRecorded(b, req, r, err)
		}
	}
}

// notRecorded tells the table, under the reply, that a full log could not take it.
func notRecorded(b *Bot, req *Request, r *Reply, err error) {
	line := b.localizeText(req.P, req.T("log.not_recorded", "Reason", ErrorText(req.P, err)))
	if strings.TrimSpace(r.Body) == "" {
		r.Body = line
		return
	}
	r.Body += "\n" + line
}

// kindOf is the entry kind of a command without data of its own.
func kindOf(req *Request, what string) sessionlog.Kind {
	if what == "hp" && len(req.Path) > 1 && req.Path[1] != "damage" {
		return sessionlog.KindHeal
	}
	if k, ok := kinds[what]; ok {
		return k
	}
	return sessionlog.KindSystem
}

// replyText is a reply's words: title, body and fields, one per line.
func replyText(r *Reply) string {
	parts := []string{r.Title, r.Body}
	for _, f := range r.Fields {
		if name := strings.TrimSpace(strings.ReplaceAll(f.Name, "\u200b", "")); name != "" {
			parts = append(parts, name+": "+f.Value)
		} else {
			parts = append(parts, f.Value)
		}
	}
	return strings.Join(parts, "\n")
}

// plain drops Discord's inline markdown (bold, italics by underscores, strike, spoilers, code marks) and mention
// brackets: a log's lines are plain text.
var plainReplacer = strings.NewReplacer("**", "", "__", "", "~~", "", "||", "", "`", "")

func plain(s string) string { return plainReplacer.Replace(s) }
