package play_test

import (
	"context"
	"errors"
	"testing"

	"rulekeeper/play"
	"rulekeeper/rules/area"
	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// highest rolls every die at its highest face: attacks hit (a natural 20), damage and healing are never 0, so a
// change that is allowed always shows on the target's sheet.
type highest struct{}

func (highest) Roll(_, max int) (int, error) { return max, nil }

// lowest rolls every die at 1: saves fail, so a debuff lands.
type lowest struct{}

func (lowest) Roll(_, _ int) (int, error) { return 1, nil }

// authzActors are the callers of the authorization matrix, each acting with a wizard of theirs (a longsword on
// the sheet, every slot full). Aria (alice's) is the target: in this channel's (c1) encounter at square (3,3),
// and in c2's encounter too.
var authzActors = []struct {
	name   string
	caller play.Caller
	actor  string // the acting character
}{
	{"owner", caller("alice"), "Ana"},
	{"other player", caller("bob"), "Bex"},
	{"GM", caller("gm"), "Gale"},
	{"combatant here", caller("carl"), "Cato"},              // in c1's encounter with Aria
	{"combatant of another channel", caller("dave"), "Dax"}, // in c2's encounter with Aria, acting in c1
}

// authzWorld builds the matrix's guild: the characters, c1's encounter (Aria, Cato) and c2's (Aria, Dax); Aria
// has lost 10 HP, so healing shows.
func authzWorld(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	ctx := context.Background()
	e.sheet5e("alice", "Aria", "fighter", 5, borinScores)
	for _, a := range authzActors {
		e.sheet5e(a.caller.UserID, a.actor, "wizard", 5, miraScores)
	}
	in := func(user, channel, character string, x int) {
		c := caller(user)
		c.ChannelID = channel
		if _, _, err := e.table.InitJoin(ctx, c, play.InitJoin{Character: character, Total: new(10), Pos: &encounter.Pos{X: x, Y: 3}}, roll()); err != nil {
			t.Fatal(err)
		}
	}
	for _, ch := range []string{"c1", "c2"} {
		c := caller("gm")
		c.ChannelID = ch
		if _, err := e.table.InitStart(ctx, c, ""); err != nil {
			t.Fatal(err)
		}
		in("alice", ch, "Aria", 3)
	}
	in("carl", "c1", "Cato", 30)
	in("dave", "c2", "Dax", 30)
	if _, err := e.table.HP(ctx, caller("alice"), play.HP{Character: "Aria", Kind: play.HPDamage, Amount: 10}, roll()); err != nil {
		t.Fatal(err)
	}
	return e
}

// ariaSheet is Aria's stored record.
func ariaSheet(t *testing.T, e *env) string {
	t.Helper()
	var out string
	err := e.store.View(context.Background(), guild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter("alice", "Aria")
		if err == nil {
			out = string(ch.Sheet)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestAuthorizationMatrix (issue 11): who may harm or help a character they do not own — the owner, another
// player, a GM, a combatant of this channel's encounter, a combatant of another channel's — by each path that
// changes another's character. Harm needs ownership, a GM or a fight here; help is open to all; editing the
// sheet stays with the owner and GMs. A refusal changes nothing; an allowed change shows on Aria's sheet.
func TestAuthorizationMatrix(t *testing.T) {
	spell := func(id string) dnd5e.Spell {
		sp, ok := dnd5e.LookupSpell(id)
		if !ok {
			t.Fatalf("no spell %s", id)
		}
		return sp
	}
	fireball, err := area.Compile(area.Area{Shape: area.Sphere, Size: 20, Origin: area.Square{X: 3, Y: 3}})
	if err != nil {
		t.Fatal(err)
	}
	castWith := func(r dice.Roller, sp dnd5e.Spell, targets []string, fp *area.Footprint) func(*play.Table, play.Caller, string) error {
		return func(tb *play.Table, c play.Caller, actor string) error {
			in := play.Cast{Character: actor, Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: sp, Targets: targets,
				Area: fp, Mode: dnd5e.Normal, AnyClass: true, Distance: new(5)}}} // within reach: the grid keeps them apart for the fireball
			_, err := tb.Cast(context.Background(), c, in, r)
			return err
		}
	}
	cast := func(sp dnd5e.Spell, targets []string, fp *area.Footprint) func(*play.Table, play.Caller, string) error {
		return castWith(highest{}, sp, targets, fp)
	}
	hp := func(kind play.HPKind) func(*play.Table, play.Caller, string) error {
		return func(tb *play.Table, c play.Caller, _ string) error {
			_, err := tb.HP(context.Background(), c, play.HP{Character: "Aria", Kind: kind, Amount: 3}, highest{})
			return err
		}
	}
	const (
		ok       = ""
		harm     = "play.err.harm_refused"
		notOwner = "char.err.not_owner"
	)
	paths := []struct {
		name string
		run  func(tb *play.Table, c play.Caller, actor string) error
		want [5]string // owner, other player, GM, combatant here, combatant of another channel
	}{
		{"attack", func(tb *play.Table, c play.Caller, actor string) error {
			in := attack5e("Aria", "longsword")
			in.Character = actor
			_, err := tb.Attack(context.Background(), c, in, highest{})
			return err
		}, [5]string{ok, harm, ok, ok, harm}},
		{"harmful cast (fire bolt)", cast(spell("fire_bolt"), []string{"Aria"}, nil), [5]string{ok, harm, ok, ok, harm}},
		{"healing cast (cure wounds)", cast(spell("cure_wounds"), []string{"Aria"}, nil), [5]string{ok, ok, ok, ok, ok}},
		{"beneficial effect (bless)", cast(spell("bless"), []string{"Aria"}, nil), [5]string{ok, ok, ok, ok, ok}},
		{"debuff (bane)", castWith(lowest{}, spell("bane"), []string{"Aria"}, nil), [5]string{ok, harm, ok, ok, harm}},
		{"area spell (fireball on Aria's square)", cast(spell("fireball"), nil, fireball), [5]string{ok, harm, ok, ok, harm}},
		{"condition add (poisoned)", func(tb *play.Table, c play.Caller, _ string) error {
			_, err := tb.SetCondition(context.Background(), c, play.Condition{Character: "Aria", Condition: dnd5e.Poisoned})
			return err
		}, [5]string{ok, harm, ok, ok, harm}},
		{"hp damage", hp(play.HPDamage), [5]string{ok, harm, ok, ok, harm}},
		{"hp heal", hp(play.HPHeal), [5]string{ok, ok, ok, ok, ok}},
		{"sheet set", func(tb *play.Table, c play.Caller, _ string) error {
			_, err := tb.SetSheet(context.Background(), c, play.SheetEdit{Character: "Aria", Dnd5e: func(c *dnd5e.Character) error { c.AC = 19; return nil }})
			return err
		}, [5]string{ok, notOwner, ok, notOwner, notOwner}},
	}
	for _, p := range paths {
		for i, a := range authzActors {
			t.Run(p.name+"/"+a.name, func(t *testing.T) {
				e := authzWorld(t)
				before := ariaSheet(t, e)
				err := p.run(e.table, a.caller, a.actor)
				after := ariaSheet(t, e)
				switch want := p.want[i]; {
				case want == ok && err != nil:
					t.Fatalf("refused: %v", err)
				case want == ok && after == before:
					t.Fatal("allowed, but Aria did not change")
				case want != ok && !errors.Is(err, coded.Code(want)):
					t.Fatalf("error %v, want %s", err, want)
				case want != ok && after != before:
					t.Fatal("refused, but Aria changed")
				}
			})
		}
	}
}
