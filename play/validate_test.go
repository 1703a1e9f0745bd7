package play_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"rulekeeper/play"
	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// example reads the README's export (store/testdata/export-v1.json).
func example(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "store", "testdata", "export-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readExport(t testing.TB, b []byte) *store.Export {
	t.Helper()
	e, err := store.ReadExport(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestExportExampleWorks (issue 11 §5): the README's export imports into characters and an encounter the
// commands use: the sheets read, a check and a turn of the encounter, an attack on its goblin.
func TestExportExampleWorks(t *testing.T) {
	e := readExport(t, example(t))
	if err := play.ValidateImport(e); err != nil {
		t.Fatalf("the README's example is refused:\n%v", err)
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "ex.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Import(e); err != nil {
		t.Fatal(err)
	}
	tb := play.New(db)
	ctx := context.Background()
	owner := play.Caller{UserID: "323456789012345678", GuildID: "123456789012345678", ChannelID: "423456789012345678"}
	for _, name := range []string{"Aria", "林风"} {
		if _, err := tb.ShowSheet(ctx, owner, name); err != nil {
			t.Errorf("/sheet show %s: %v", name, err)
		}
	}
	if _, err := tb.Check(ctx, owner, play.Check{Dnd5e: play.Reading[play.Check5e]{In: play.Check5e{Skill: "stealth"}}}, dice.NewScripted([]int{10})); err != nil {
		t.Errorf("/check: %v", err)
	}
	if _, err := tb.Check(ctx, owner, play.Check{Character: "林风", Rogue: play.Reading[rogue.CheckOptions]{In: rogue.CheckOptions{Attr: rogue.Str}}}, dice.NewScripted([]int{3, 4})); err != nil {
		t.Errorf("/check 林风: %v", err)
	}
	in := play.Attack{Target: "Goblin", Dnd5e: play.Reading[play.Attack5e]{In: play.Attack5e{Damage: "1d6", Bonus: "+5", Mode: dnd5e.Normal}}}
	if res, err := tb.Attack(ctx, owner, in, dice.NewScripted([]int{15, 6})); err != nil || res.Dnd5e.Target == nil || res.Dnd5e.Target.Status.HP != 0 {
		t.Errorf("/attack the goblin: %+v %v", res, err)
	}
	gm := owner
	gm.GM = true
	if _, turn, err := tb.InitTurn(ctx, gm, true, dice.NewScripted(nil)); err != nil || turn.TurnChange == nil {
		t.Errorf("/init next: %v", err)
	}
}

// TestValidateImport (issue 11 §5): every record is checked with the rules and each bad one is named with the
// rules' error, whose data says the field — a level of 1,000,000 among them.
func TestValidateImport(t *testing.T) {
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(example(t), &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	char := func(m map[string]any, i int) map[string]any {
		return m["characters"].([]any)[i].(map[string]any)["sheet"].(map[string]any)
	}
	tests := []struct {
		name   string
		file   []byte
		record string // of the first error
		code   string
	}{
		{"level 1,000,000", edit(func(m map[string]any) { char(m, 0)["level"] = 1000000 }), "characters[0]", dnd5e.ErrBadLevel},
		{"HP above the maximum", edit(func(m map[string]any) { char(m, 0)["hp"] = 99 }), "characters[0]", ""},
		{"unknown class", edit(func(m map[string]any) { char(m, 0)["class"] = "pirate" }), "characters[0]", dnd5e.ErrUnknownClass},
		{"Rogue's Tale race", edit(func(m map[string]any) { char(m, 1)["race"] = "elf" }), "characters[1]", ""},
		{"unknown system", edit(func(m map[string]any) {
			m["characters"].([]any)[1].(map[string]any)["system"] = "gurps"
		}), "characters[1]", "char.err.unknown_system"},
		{"encounter turn past its combatants", edit(func(m map[string]any) {
			m["encounters"].([]any)[0].(map[string]any)["data"].(map[string]any)["turn"] = 9
		}), "encounters[0]", ""},
		{"a Rogue's Tale sheet as a Call of Cthulhu one", edit(func(m map[string]any) {
			m["characters"].([]any)[1].(map[string]any)["system"] = "coc"
		}), "characters[1]", ""},
		{"coc_death", edit(func(m map[string]any) {
			m["guild"].(map[string]any)["house"] = map[string]any{"coc_death": "sometimes"}
		}), "guild", "play.import.err.setting"},
		{"crit rule", edit(func(m map[string]any) { m["guild"].(map[string]any)["crit_rule"] = "triple" }), "guild", "play.import.err.setting"},
		{"language", edit(func(m map[string]any) { m["guild"].(map[string]any)["language"] = "fr" }), "guild", "play.import.err.setting"},
		{"a macro's name over 32 characters", edit(func(m map[string]any) {
			m["macros"] = []any{map[string]any{"owner_id": "u1", "name": strings.Repeat("n", 33), "command": "/roll expr:1"}}
		}), "macros[0]", "macro.err.bad_name"},
		{"a macro's command over 500 characters", edit(func(m map[string]any) {
			m["macros"] = []any{map[string]any{"name": "x", "command": "/roll expr:" + strings.Repeat("1", 490)}}
		}), "macros[0]", "macro.err.too_long"},
		{"51 macros of one user", edit(func(m map[string]any) {
			var ms []any
			for i := range play.MaxMacros + 1 {
				ms = append(ms, map[string]any{"owner_id": "u1", "name": strconv.Itoa(i), "command": "/roll expr:1"})
			}
			m["macros"] = ms
		}), "macros[50]", "macro.err.too_many"},
		{"show_npc_stats", edit(func(m map[string]any) {
			m["guild"].(map[string]any)["house"] = map[string]any{"show_npc_stats": "maybe"}
		}), "guild", "play.import.err.setting"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := play.ValidateImport(readExport(t, tt.file))
			var bad play.ImportErrors
			if !errors.As(err, &bad) || len(bad) == 0 {
				t.Fatalf("accepted: %v", err)
			}
			if bad[0].Record != tt.record || (tt.code != "" && !errors.Is(bad[0], coded.Code(tt.code))) {
				t.Errorf("first error %v; want %s %s", bad[0], tt.record, tt.code)
			}
		})
	}
	// Every bad record is named, in file order.
	both := edit(func(m map[string]any) { char(m, 0)["level"] = 0; char(m, 1)["level"] = 0 })
	var bad play.ImportErrors
	if err := play.ValidateImport(readExport(t, both)); !errors.As(err, &bad) || len(bad) != 2 || !strings.Contains(bad.Error(), "林风") {
		t.Errorf("two bad characters: %v", err)
	}
}

// FuzzValidateImport: whatever the file, ValidateImport does not panic, and an export it accepts imports into
// characters and encounters that load: every sheet shows, every encounter reads.
func FuzzValidateImport(f *testing.F) {
	f.Add(example(f))
	f.Add([]byte(`{"format":"rulekeeper-guild","version":1,"exported":"2026-03-01T12:00:00Z","guild":{"guild_id":"g"},"characters":[],"active":{},"encounters":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := store.ReadExport(bytes.NewReader(data))
		if err != nil || e.Validate() != nil {
			return
		}
		if play.ValidateImport(e) != nil {
			return
		}
		db, err := store.Open(filepath.Join(t.TempDir(), "f.db"), store.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Import(e); err != nil {
			return // refused by the store (names, ids): nothing imported
		}
		tb := play.New(db)
		for _, ch := range e.Characters {
			c := play.Caller{UserID: ch.OwnerID, GuildID: e.Guild.GuildID, ChannelID: "x"}
			if _, err := tb.ShowSheet(context.Background(), c, ch.Name); err != nil {
				t.Errorf("accepted character %q does not load: %v", ch.Name, err)
			}
		}
		for _, enc := range e.Encounters {
			c := play.Caller{UserID: "u", GuildID: e.Guild.GuildID, ChannelID: enc.ChannelID}
			if _, err := tb.Encounter(context.Background(), c); err != nil {
				t.Errorf("accepted encounter %q does not load: %v", enc.ChannelID, err)
			}
		}
	})
}
