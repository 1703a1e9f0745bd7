package bot_test

import (
	"bytes"
	"context"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/play"
	"rulekeeper/store"
)

// refusing is a store whose writes fail the way a read-only file system, a disk full or a permission refuses them.
type refusing struct {
	store.Store
	cause error
}

func (r refusing) Update(ctx context.Context, guild string, fn func(store.Tx) error) error {
	return &store.Error{Err: store.ErrUnavailable, Path: "/srv/rulekeeper.db", Cause: &fs.PathError{Op: "write", Path: "/srv/rulekeeper.db", Err: r.cause}}
}

// TestCannotSave (issue 11 §5): when the system refuses to write the database (read-only file, permission
// denied, disk full), the user reads "the bot cannot save right now; nothing was changed" in their language —
// not the generic bug message — and the log says the cause and the path.
func TestCannotSave(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "r.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, cause := range []error{syscall.EROFS, syscall.EACCES, syscall.ENOSPC} {
		var logs bytes.Buffer
		b := bot.New(bot.Config{Table: play.New(refusing{db, cause}), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		req := &bot.Request{Path: []string{"sheet", "create"}, UserID: "u", GuildID: "g", ChannelID: "c", Locale: "ko",
			Options: map[string]any{"name": "Aria", "class": "rogue"}}
		r := b.Handle(req)
		if r.ErrorCode != "store.err.unavailable" || !r.Ephemeral || !strings.Contains(r.Body, "저장할 수 없습니다") {
			t.Errorf("%v: %+v", cause, r)
		}
		if l := logs.String(); !strings.Contains(l, "/srv/rulekeeper.db") || !strings.Contains(l, cause.Error()) {
			t.Errorf("%v: the log lacks the path or the cause: %s", cause, l)
		}
	}
}
