package bot

import (
	"slices"
	"strings"

	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
)

// Secret rolls (issue 18). `secret:true` on /roll, /r, /check and /save, and `visibility:secret` on /attack (it
// has Discord's 25 options: optfold.go) shows the channel a notice without numbers and sends the whole result to the guild's GM channel
// (/settings gm_channel) as a Post, with a Reveal button whose custom id carries the roll's channel. A GM's own
// secret roll answers the GM ephemerally and goes to the GM channel, with no notice. Without a GM channel the
// roller sees the result ephemerally and the channel's notice says the GM has no channel. The notice records in a
// running log as words only; the result enters the roll channel's log only when revealed.

// secretMark starts the name of the field the GM channel's copy adds (where and who): a reveal leaves it out,
// whatever the language.
const secretMark = "🔒 "

// secretOption is the `secret` option: the result goes to the GM.
func secretOption() *Option { return &Option{Name: "secret", Type: Boolean} }

// secretResult is the JSON of a secret roll's public answer.
type secretResult struct {
	Secret    bool   `json:"secret"`
	GMChannel string `json:"gm_channel,omitempty"`
}

// keepSecret turns the reply of a `secret:true` command into its notice and its post to the GM channel.
func (b *Bot) keepSecret(req *Request, r *Reply) *Reply {
	if req.Kind != KindCommand || !(req.Bool("secret") || req.Str("visibility") == visSecret) || r == nil || r.ErrorCode != "" || r.Modal != nil || req.GuildID == "" {
		return r
	}
	who := r.Footer
	if who == "" {
		who = userLabel(req)
	}
	gm := req.Guild.House[play.HouseGMChannel]
	full := *r
	full.Ephemeral, full.Update, full.Buttons, full.Log, full.Markers, full.Posts = false, false, nil, nil, nil, nil
	notice := &Reply{Title: req.T("secret.notice", "Name", who), Result: secretResult{Secret: true, GMChannel: gm}}
	if gm == "" {
		notice.Body = req.T("secret.no_channel")
		full.Ephemeral = true
		full.Posts = []Post{{ChannelID: req.ChannelID, Reply: notice}}
		return &full
	}
	toGM := full
	toGM.Fields = append(slices.Clone(full.Fields), Field{Name: secretMark + req.T("secret.from"), Value: "<#" + req.ChannelID + "> · " + userLabel(req)})
	toGM.Buttons = []Button{{Label: req.T("secret.reveal"), CustomID: "reveal:" + req.ChannelID + ":" + req.UserID, Style: ButtonPrimary}}
	post := Post{ChannelID: gm, GM: true, Reply: &toGM, Refused: req.T("secret.gm_channel_refused", "Channel", "<#"+gm+">")}
	if req.GM {
		full.Ephemeral = true
		full.Posts = []Post{post}
		return &full
	}
	notice.Posts = []Post{post}
	return notice
}

// reveal answers the Reveal button of a secret roll in the GM channel (custom id "reveal:<channel>:<roller>", or
// "reveal:<channel>" from before the roller was kept): the result is posted in the roll's channel, recorded in its
// running log under the roller's name, and the GM's copy loses its button.
func (b *Bot) reveal(req *Request) (*Reply, error) {
	if !req.GM {
		return nil, Errorf("secret.err.not_gm")
	}
	ch, roller, _ := strings.Cut(strings.TrimPrefix(req.CustomID, "reveal:"), ":")
	if req.Message == nil || ch == "" || req.GuildID == "" {
		return nil, Errorf("secret.err.gone")
	}
	rollerName := ""
	for _, f := range req.Message.Fields {
		if strings.HasPrefix(f.Name, secretMark) {
			_, rollerName, _ = strings.Cut(f.Value, " · ")
		}
	}
	shown := *req.Message
	shown.Fields = slices.DeleteFunc(slices.Clone(shown.Fields), func(f Field) bool { return strings.HasPrefix(f.Name, secretMark) })
	shown.Buttons, shown.Update, shown.Ephemeral, shown.Posts = nil, false, false, nil
	shown.Body = strings.TrimSpace(shown.Body + "\n" + req.T("secret.revealed", "Name", userLabel(req)))
	b.recordRevealed(req, ch, roller, rollerName, shown)
	kept := *req.Message
	kept.Buttons, kept.Update, kept.Ephemeral = nil, true, false
	kept.Posts = []Post{{ChannelID: ch, Reply: &shown, Refused: req.T("secret.reveal_refused", "Channel", "<#"+ch+">")}}
	kept.Result = secretResult{Secret: false}
	return &kept, nil
}

// recordRevealed records a revealed result in the running log of the roll's channel, if it has one, as the
// roller's (user id and display name; the revealing GM's when the button did not keep them).
func (b *Bot) recordRevealed(req *Request, channel, roller, rollerName string, shown Reply) {
	in := *req
	in.ChannelID, in.Kind, in.Path = channel, KindCommand, []string{"roll"}
	if roller != "" {
		in.UserID, in.UserName = roller, strings.TrimSpace(rollerName)
	}
	var err error
	if _, _, in.recording, err = b.cfg.Table.Here(req.Ctx, in.caller()); err != nil {
		b.cfg.Logger.Warn("revealed roll not recorded", "guild", req.GuildID, "channel", channel, "err", err)
		return
	}
	shown.Log = &sessionlog.Entry{Kind: sessionlog.KindRoll, Revealed: true}
	b.record(&in, &shown)
}
