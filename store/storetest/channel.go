package storetest

import (
	"maps"
	"testing"

	"rulekeeper/store"
)

// channelActive: a user's per-channel choice is kept apart from the guild-wide one, listed by ChannelActives,
// exported and imported with the guild, and cleared when its character is deleted.
func (s suite) channelActive(t *testing.T) {
	st := s.new(t)
	a := put(t, st, "g1", "u1", "Aria")
	b := put(t, st, "g1", "u1", "Bryn")
	update(t, st, "g1", func(tx store.Tx) error {
		if id, err := tx.ChannelActive("u1", "c1"); err != nil || id != "" {
			t.Errorf("fresh ChannelActive = %q, %v", id, err)
		}
		for _, err := range []error{tx.SetActive("u1", a.ID), tx.SetChannelActive("u1", "c1", a.ID),
			tx.SetChannelActive("u1", "c2", b.ID)} {
			if err != nil {
				return err
			}
		}
		wantErr(t, "SetChannelActive to a missing character", tx.SetChannelActive("u1", "c3", "no-such-id"),
			store.ErrNotFound)
		wantErr(t, "SetChannelActive with an empty channel", tx.SetChannelActive("u1", "", a.ID), store.ErrInvalid)
		return nil
	})
	want := map[string]map[string]string{"u1": {"c1": a.ID, "c2": b.ID}}
	view(t, st, "g1", func(tx store.Tx) error {
		for ch, w := range map[string]string{"c1": a.ID, "c2": b.ID, "c3": ""} {
			if id, err := tx.ChannelActive("u1", ch); err != nil || id != w {
				t.Errorf("ChannelActive(u1, %s) = %q, %v; want %q", ch, id, err, w)
			}
		}
		if as, _ := tx.Actives(); !maps.Equal(as, map[string]string{"u1": a.ID}) {
			t.Errorf("Actives() = %v, want only the guild-wide choice", as)
		}
		if m, err := tx.ChannelActives(); err != nil || !maps.EqualFunc(m, want, maps.Equal) {
			t.Errorf("ChannelActives() = %v, %v; want %v", m, err, want)
		}
		return nil
	})
	e, err := store.ExportGuild(ctx, st, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(e.ChannelActive, want, maps.Equal) {
		t.Errorf("export channel_active = %v, want %v", e.ChannelActive, want)
	}
	e.SetGuild("g2")
	if err := store.ImportGuild(ctx, st, e); err != nil {
		t.Fatal(err)
	}
	view(t, st, "g2", func(tx store.Tx) error {
		if m, err := tx.ChannelActives(); err != nil || !maps.EqualFunc(m, want, maps.Equal) {
			t.Errorf("imported ChannelActives() = %v, %v; want %v", m, err, want)
		}
		return nil
	})
	update(t, st, "g1", func(tx store.Tx) error { return tx.DeleteCharacter(b.ID) })
	view(t, st, "g1", func(tx store.Tx) error {
		if id, _ := tx.ChannelActive("u1", "c2"); id != "" {
			t.Errorf("after deleting %s: ChannelActive(u1, c2) = %q", b.ID, id)
		}
		if id, _ := tx.ChannelActive("u1", "c1"); id != a.ID {
			t.Errorf("ChannelActive(u1, c1) = %q, want %q", id, a.ID)
		}
		return nil
	})
}
