package bot_test

import (
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// FuzzConsoleLine: no line a user types — any command, option or value — panics the bot or leaves a reply
// without text; an error reply always carries its catalog key. The bot runs on a real store holding a party,
// an encounter and a Rogue's Tale character, with seeded dice.
func FuzzConsoleLine(f *testing.F) {
	seeds := []string{
		"/roll expr:4d6kh3 repeat:6", `/roll expr:"1d20 + 5 to hit" private:true`, "/stats expr:2d20kh1+5 compare:1d20+5 target:15",
		"/sheet show", "/sheet set field:attack value:\"axe str prof 1d8[slashing]\"", "/check skill:stealth mode:adv dc:15 bonus:1d4",
		"/save ability:dex dc:14", "/attack weapon:axe target:Borin", "/attack bonus:5 ac:15 damage:2d6", "/hp damage amount:30 type:fire",
		"/deathsave roll", "/rest short hit_dice:1", "/rest long", "/condition add name:poisoned rounds:3", "/init next",
		"/init add name:Ogre hp:59 ac:11 count:2", "/cast spell:fireball origin:3,3 level:4", "/identify spell:fireball",
		"/aoe shape:cone size:30 method:token origin:2,2 direction:ne", "/rt turn count:3", "/rt effect add kind:poison name:deadly power:2 turns:3",
		"/settings language value:ko", "/help command:attack", "click 1", "/掷骰 表达式:1d6", "/sheet import file:/nonexistent",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "file:") || strings.Contains(line, "--") {
			t.Skip() // attachment options read local files; that is the console's job, not the fuzzer's
		}
		db, err := store.Open(filepath.Join(t.TempDir(), "fuzz.db"), store.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		r := dice.NewSeeded(1)
		b := bot.New(bot.Config{Table: play.New(db), Dice: func() dice.Roller { return r }})
		gm := &console.Console{Bot: b, UserID: "gm", GuildID: "g", ChannelID: "c", GM: true}
		for _, setup := range []string{
			"/sheet create name:Aria class:wizard level:5 int:16",
			"/init start", "/init join", "/init add name:Goblin hp:7 ac:15 count:2",
		} {
			gm.Line(setup)
		}
		player := &console.Console{Bot: b, UserID: "p", GuildID: "g", ChannelID: "c"}
		player.Line("/sheet create name:Borin class:fighter level:3 str:16")
		for _, c := range []*console.Console{gm, player} {
			reply := c.Line(line)
			if reply == nil || (console.RenderText(reply) == "" && len(reply.Choices) == 0 && reply.Modal == nil) {
				t.Fatalf("%q: empty reply %+v", line, reply)
			}
			if reply.ErrorCode != "" && (reply.Body == "" || reply.Body == reply.ErrorCode) {
				t.Fatalf("%q: error %s is not localized: %q", line, reply.ErrorCode, reply.Body)
			}
		}
	})
}
