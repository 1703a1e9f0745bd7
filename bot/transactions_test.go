package bot_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// countingStore counts the transactions run through a store.
type countingStore struct {
	store.Store
	mu            sync.Mutex
	reads, writes int
}

func (c *countingStore) Update(ctx context.Context, guild string, fn func(store.Tx) error) error {
	c.mu.Lock()
	c.writes++
	c.mu.Unlock()
	return c.Store.Update(ctx, guild, fn)
}

func (c *countingStore) View(ctx context.Context, guild string, fn func(store.Tx) error) error {
	c.mu.Lock()
	c.reads++
	c.mu.Unlock()
	return c.Store.View(ctx, guild, fn)
}

func (c *countingStore) take() (int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, w := c.reads, c.writes
	c.reads, c.writes = 0, 0
	return r, w
}

// TestTransactionsPerLine types each command through the console and counts the store transactions it takes: the
// guild's settings (one read, for the reply language and the GM role), then the command's own one transaction.
// /attack against a tracked target is one write and one read.
func TestTransactionsPerLine(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "play.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cs := &countingStore{Store: db}
	var faces []int
	b := bot.New(bot.Config{Table: play.New(cs), Dice: func() dice.Roller { return dice.NewScripted(faces) }})
	run := func(user, line string, f ...int) string {
		faces = f
		con := &console.Console{Bot: b, UserID: user, GuildID: playGuild, ChannelID: "c1", GM: strings.HasPrefix(user, "gm"), JSON: true}
		r := con.Line(line)
		if r.ErrorCode != "" {
			t.Fatalf("%s: %s %s", line, r.ErrorCode, r.Body)
		}
		return r.Body
	}
	run("alice", createAria)
	run("alice", attackAria)
	run("bob", createBorin)
	run("bob", attackBorin)
	run("carl", "/sheet create system:rogue name:Grak")
	run("dave", createMira)
	run("gm", "/init start")
	run("alice", "/init join", 12)
	run("bob", "/init join", 9) // Borin may harm Aria: both fight here (issue 11)
	run("gm", "/init add name:Goblin hp:7 ac:13 bonus:2 count:2", 5, 3)
	cs.take()
	var table strings.Builder
	for _, tt := range []struct {
		user, line    string
		faces         []int
		reads, writes int
	}{
		{"bob", "/attack weapon:longsword target:\"Goblin 1\"", []int{15, 6}, 1, 1},
		{"bob", "/attack weapon:longsword target:Aria", []int{15, 6}, 1, 1},
		{"carl", "/attack damage:1d6 dodge:1", []int{6, 6, 3, 3, 3, 3}, 1, 1},
		{"alice", "/check skill:stealth", []int{10}, 1, 1}, // a write: a check spends the uses of its effects (guidance); a CoC roll marks and keeps
		{"bob", "/hp damage amount:3", nil, 1, 1},
		{"dave", "/cast spell:fire_bolt target:\"Goblin 2\"", []int{15, 5, 5}, 1, 1},
		{"gm", "/init next", nil, 1, 1},
		{"gm", "/init list", nil, 2, 0},
		{"carl", "/rt turn", []int{3, 3, 3, 3}, 1, 1},
		{"bob", "/sheet set field:ac value:16", nil, 1, 1},
		{"bob", "/roll expr:1d20", []int{7}, 1, 0},
		// a macro: the settings, the macro's lookup (a read), then the saved command's own transaction
		{"bob", `/macro save name:hurt command:"/hp damage amount:{n}"`, nil, 1, 1},
		{"bob", `/macro run name:hurt args:"n:1"`, nil, 2, 1},
		{"bob", `/macro save name:d20 command:"/roll expr:1d20"`, nil, 1, 1},
		{"bob", "/macro run name:d20", []int{7}, 2, 0},
		{"bob", "/macro list", nil, 2, 0},
	} {
		run(tt.user, tt.line, tt.faces...)
		reads, writes := cs.take()
		fmt.Fprintf(&table, "%-50s %d read, %d write\n", tt.line, reads, writes)
		if reads != tt.reads || writes != tt.writes {
			t.Errorf("%s: %d reads, %d writes; want %d and %d", tt.line, reads, writes, tt.reads, tt.writes)
		}
	}
	t.Logf("transactions per console line:\n%s", table.String())
}
