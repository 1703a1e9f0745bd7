package bot

import (
	"context"
	"time"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/dice"
)

// Kind says what a request is.
type Kind int

// Request kinds, after Discord's interaction types.
const (
	KindCommand      Kind = iota // a slash command (or a console line)
	KindComponent                // a button click; CustomID says which
	KindAutocomplete             // an option being typed; Focused names it
	KindModal                    // a submitted modal; CustomID and Options carry it
)

// Request is a transport-neutral command invocation.
type Request struct {
	Ctx          context.Context
	Kind         Kind
	Path         []string        // command path: ["roll"], ["sheet", "create"]
	Options      map[string]any  // typed option values: string, int64, float64, bool
	Focused      string          // autocomplete: the option being typed
	CustomID     string          // component or modal: the custom id
	Files        map[string]File // attachment options, fetched by the transport (bounded in size)
	Message      *Reply          // component: the clicked message as the transport read it (title, body, fields, footer)
	UserID       string
	UserName     string
	GuildID      string // "" in direct messages
	ChannelID    string
	Locale       string // the caller's client locale (Discord "locale")
	GuildLocale  string // the guild's locale (Discord "guild_locale")
	ManageServer bool   // the caller has Manage Server
	RoleIDs      []string
	Now          time.Time
	Style        Style // how the transport shows text (the console: Plain)

	// Set by the Bot before the handler runs.
	Dice      dice.Roller      // the roller for this request
	P         *locales.Printer // the reply language
	GM        bool             // the caller is a GM here (GM role or Manage Server)
	Guild     play.Settings    // the guild's settings (zero outside a guild or without a store)
	recording bool             // the channel records a running session log (record.go)
}

// Style is how a transport shows a reply's text: Discord renders Markdown, the console prints it as it is.
type Style uint8

// Styles.
const (
	Markdown Style = iota // bold faces and struck-out dice in Discord Markdown
	Plain                 // no Markdown: what a terminal shows as typed
)

// bold marks s bold in Markdown; Plain leaves it.
func (s Style) bold(x string) string {
	if s == Plain {
		return x
	}
	return "**" + x + "**"
}

// caller is who asks, for play.
func (r *Request) caller() play.Caller {
	return play.Caller{UserID: r.UserID, GuildID: r.GuildID, ChannelID: r.ChannelID, RoleIDs: r.RoleIDs,
		ManageServer: r.ManageServer, GM: r.GM}
}

// Str returns a string option, "" when absent.
func (r *Request) Str(name string) string { s, _ := r.Options[name].(string); return s }

// Int returns an integer option, def when absent.
func (r *Request) Int(name string, def int) int {
	if v, ok := r.Options[name].(int64); ok {
		return int(v)
	}
	return def
}

// Bool returns a boolean option, false when absent.
func (r *Request) Bool(name string) bool { b, _ := r.Options[name].(bool); return b }

// Has reports whether the option was given.
func (r *Request) Has(name string) bool { _, ok := r.Options[name]; return ok }

// T renders a message in the reply language.
func (r *Request) T(key string, args ...any) string { return r.P.T(key, args...) }

// MaxBody is the longest reply body (in characters) a handler should write; transports may clip longer ones
// (Discord's embed description holds 4096).
const MaxBody = 4096

// Tone colours a reply.
type Tone int

// Tones of a reply.
const (
	ToneNeutral Tone = iota
	ToneSuccess
	ToneFailure
	ToneCritical
)

// Field is a name/value pair of a reply (an embed field on Discord). A field without a name continues the one
// before it (a second column); each transport shows it its own way.
type Field struct {
	Name, Value string
	Inline      bool
}

// ButtonStyle is a button's look.
type ButtonStyle int

// Button styles, after Discord's.
const (
	ButtonPrimary   ButtonStyle = 1
	ButtonSecondary ButtonStyle = 2
	ButtonSuccess   ButtonStyle = 3
	ButtonDanger    ButtonStyle = 4
)

// Button is a clickable button whose custom id carries all of its state.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
}

// File is an attachment (a chart, an exported sheet).
type File struct {
	Name, ContentType string
	Data              []byte
}

// Choice is an autocomplete suggestion.
type Choice struct {
	Name  string
	Value string
}

// TextInput is one field of a modal.
type TextInput struct {
	CustomID, Label, Value string
	Paragraph              bool
	Required               bool
	MaxLength              int
}

// Modal is a form shown to the user.
type Modal struct {
	CustomID, Title string
	Inputs          []TextInput
}

// Reply is a transport-neutral answer.
type Reply struct {
	Title     string
	Body      string
	Fields    []Field
	Footer    string // the character's name, when the reply is about one
	Tone      Tone
	Ephemeral bool
	Buttons   []Button
	Files     []File
	Update    bool     // a component reply that replaces the clicked message instead of posting a new one
	Choices   []Choice // autocomplete answer
	Modal     *Modal   // show a modal instead of a message
	Result    any      // structured result for `console --json`
	ErrorCode string   // the catalog key of the error, for an error reply
	// Mention is a user id to notify (a turn ping): the transport puts the mention in the message's content, where
	// Discord notifies, and lets it ping that user and nobody else. The console prints it plainly.
	Mention string
	// Log is what the reply means as a session log entry (kind, character, roll, damage), when the handler knows
	// more than its words; the bot fills in who, when and the lines (record.go). Nil: recorded from the words.
	Log *sessionlog.Entry `json:"-"`
	// Markers are the round and turn markers a reply records before its entry (/init next).
	Markers []sessionlog.Entry `json:"-"`
	// Posts are messages the transport sends to channels besides the answer (issue 18: a secret roll's result to
	// the GM channel, its notice or its reveal in the roll's channel).
	Posts []Post `json:"-"`
	// Lang is the language of the reply's words ("" before the bot localizes it): the console joins a field's
	// name and value with its colon.
	Lang locales.Lang `json:"-"`
}

// Post is a message a transport sends to a channel on its own, not as the answer to the interaction.
type Post struct {
	ChannelID string
	GM        bool // the channel is the guild's GM channel (the console marks it so)
	Reply     *Reply
	// Refused is the line the transport adds to the answer when Discord refuses the post for a missing permission
	// (the answer tells the table, not only the bot's log); "" adds none.
	Refused string
}
