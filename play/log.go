package play

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/coded"
	"rulekeeper/store"
)

// Session logs (issue 18): one log per channel at a time, in the store as play/sessionlog's JSON. The commands
// that start, pause, resume and stop a log are play methods like any other; recording is one more: the bot calls
// Record once per public reply, after the command's own transaction, with the entry it rendered (the words are
// the bot's, so they exist only after the command's transaction). Record reads the log's header and appends inside
// its own transaction, so a retried transaction appends once. The store keeps the entries apart from the header
// (store.Tx.AppendLog), so an append costs the same at any length of the log.

// LogInfo is one log of /log list.
type LogInfo struct {
	ID, Name, Channel, Starter string
	State                      sessionlog.State
	Entries                    int
	Started, Ended             time.Time
}

// LogAction is what /log pause|resume|stop does to the channel's open log.
type LogAction int

// Log actions.
const (
	LogPause LogAction = iota
	LogResume
	LogStop
)

// Codes of play's log errors (catalog keys, area log).
const (
	ErrLogNone     = "log.err.none"      // (none): no open log in this channel
	ErrLogRunning  = "log.err.running"   // Name: this channel already records a log
	ErrLogNotYours = "log.err.not_yours" // Name: only a GM or the log's starter may change it
	ErrLogNotFound = "log.err.not_found" // Name: no log of that name
)

// LogStart starts recording this channel under name (any member), in language lang, at now.
func (t *Table) LogStart(ctx context.Context, c Caller, name, lang string, now time.Time) (*sessionlog.Log, error) {
	var out *sessionlog.Log
	err := t.update(ctx, c, nil, func(s *scene) error {
		out = nil
		if open, err := s.tx.OpenLog(c.ChannelID); err == nil {
			return fail(ErrLogRunning, "Name", logName(open))
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		all, err := s.tx.Logs()
		if err != nil {
			return err
		}
		if err := sessionlog.CheckGuild(len(all)); err != nil {
			return err
		}
		l, err := sessionlog.New(sessionlog.Header{ID: newLogID(c.ChannelID, now, all), Guild: c.GuildID,
			Channel: c.ChannelID, Name: strings.TrimSpace(name), Lang: lang, Starter: c.UserID, Started: now.UTC()})
		if err != nil {
			return err
		}
		out = l
		return putLog(s.tx, l, false)
	})
	return out, err
}

// newLogID is a log id unique in the guild: the channel and the start time, with a suffix on a clash.
func newLogID(channel string, now time.Time, all []*store.Log) string {
	base := channel + "-" + now.UTC().Format("20060102T150405")
	taken := map[string]bool{}
	for _, l := range all {
		taken[l.ID] = true
	}
	id := base
	for n := 2; taken[id]; n++ {
		id = base + "." + strconv.Itoa(n)
	}
	return id
}

// LogChange pauses, resumes or stops the channel's open log (its starter or a GM) at now.
func (t *Table) LogChange(ctx context.Context, c Caller, action LogAction, now time.Time) (*sessionlog.Log, error) {
	var out *sessionlog.Log
	err := t.update(ctx, c, nil, func(s *scene) error {
		out = nil
		l, err := openLog(s.tx, c.ChannelID)
		if err != nil {
			return err
		}
		if !c.GM && l.Starter != c.UserID {
			return fail(ErrLogNotYours, "Name", l.Name)
		}
		switch action {
		case LogPause:
			err = l.Pause()
		case LogResume:
			err = l.Resume()
		default:
			err = l.Stop(now.UTC())
		}
		if err != nil {
			return err
		}
		if err := putLog(s.tx, l, false); err != nil {
			return err
		}
		rec, err := s.tx.Log(l.ID)
		if err != nil {
			return err
		}
		out = l
		return readEntries(s.tx, rec, l) // the caller tells how many
	})
	return out, err
}

// Logs lists the guild's logs, oldest first.
func (t *Table) Logs(ctx context.Context, c Caller) ([]LogInfo, error) {
	var out []LogInfo
	err := t.view(ctx, c, nil, func(s *scene) error {
		out = nil
		all, err := s.tx.Logs()
		if err != nil {
			return err
		}
		for _, rec := range all {
			l, err := sessionlog.Decode(rec.Data)
			if err != nil {
				return err
			}
			out = append(out, LogInfo{ID: l.ID, Name: l.Name, Channel: l.Channel, Starter: l.Starter, State: l.State,
				Entries: len(l.Entries) + rec.Count, Started: l.Started, Ended: l.Ended})
		}
		sortLogInfos(out)
		return nil
	})
	return out, err
}

// LogNamed reads one log for an export or its stats: by name or id (the newest of that name); "" means this
// channel's open log, else its newest.
func (t *Table) LogNamed(ctx context.Context, c Caller, name string) (*sessionlog.Log, error) {
	var out *sessionlog.Log
	err := t.view(ctx, c, nil, func(s *scene) error {
		out = nil
		all, err := s.tx.Logs()
		if err != nil {
			return err
		}
		var best *sessionlog.Log
		var bestRec *store.Log
		bestOpen := false
		for _, rec := range all {
			if name == "" && rec.ChannelID != c.ChannelID {
				continue
			}
			l, err := sessionlog.Decode(rec.Data)
			if err != nil {
				return err
			}
			if name != "" && l.ID != name && !strings.EqualFold(l.Name, strings.TrimSpace(name)) {
				continue
			}
			if best == nil || (rec.Open && name == "") || (!bestOpen && l.Started.After(best.Started)) {
				best, bestRec, bestOpen = l, rec, rec.Open && name == ""
			}
		}
		if best == nil {
			if name == "" {
				return fail(ErrLogNone)
			}
			return fail(ErrLogNotFound, "Name", name)
		}
		out = best
		return readEntries(s.tx, bestRec, best)
	})
	return out, err
}

// Record appends entries (a reply's round and turn markers, then its entry) to the channel's running log and
// reports whether it did: nothing happens (false, nil) without a running log in the channel. The bot calls it once
// per public reply in a channel that Here says records; a store's retry re-reads the log, so the entries are
// appended once.
func (t *Table) Record(ctx context.Context, c Caller, entries ...sessionlog.Entry) (bool, error) {
	done := false
	err := t.update(ctx, c, nil, func(s *scene) error {
		done = false
		l, err := openLog(s.tx, c.ChannelID)
		if errors.Is(err, coded.Code(ErrLogNone)) {
			return nil
		}
		if err != nil {
			return err
		}
		if l.State != sessionlog.Running {
			return nil
		}
		rec, err := s.tx.OpenLog(c.ChannelID)
		if err != nil {
			return err
		}
		n, size := rec.Count, rec.Bytes
		add := make([]json.RawMessage, 0, len(entries))
		for _, e := range entries {
			data, err := l.EncodeNext(e, n, size)
			if errors.Is(err, coded.Code(sessionlog.ErrInvalid)) && (e.Roll != nil || e.Damage != nil) {
				e.Roll, e.Damage = nil, nil // data out of the log's bounds: keep the words
				data, err = l.EncodeNext(e, n, size)
			}
			if err != nil {
				return err
			}
			add = append(add, data)
			n, size = n+1, size+len(data)
		}
		done = true
		return s.tx.AppendLog(l.ID, add...)
	})
	return done, err
}

// runningLog reports whether the channel has a running log, reading only its state.
func runningLog(tx store.Tx, channel string) (bool, error) {
	rec, err := tx.OpenLog(channel)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var head struct{ State sessionlog.State }
	if err := json.Unmarshal(rec.Data, &head); err != nil {
		return false, err
	}
	return head.State == sessionlog.Running, nil
}

// openLog reads and decodes the header of the channel's open log (ErrLogNone when there is none), without its
// entries. A log stored whole by an older rulekeeper has its entries moved out of its header first (so it must
// be called in an update).
func openLog(tx store.Tx, channel string) (*sessionlog.Log, error) {
	rec, err := tx.OpenLog(channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(ErrLogNone)
	}
	if err != nil {
		return nil, err
	}
	l, err := sessionlog.Decode(rec.Data)
	if err != nil || len(l.Entries) == 0 {
		return l, err
	}
	if err := readEntries(tx, rec, l); err != nil {
		return nil, err
	}
	if err := putLog(tx, l, true); err != nil {
		return nil, err
	}
	return l.Head(), nil
}

// readEntries appends the entries stored apart from rec's header to l, decoded from rec.Data (whose own entries,
// if an older rulekeeper stored them inline, come first).
func readEntries(tx store.Tx, rec *store.Log, l *sessionlog.Log) error {
	if rec.Count == 0 {
		return nil
	}
	stored, err := tx.LogEntries(rec.ID)
	if err != nil {
		return err
	}
	for _, data := range stored {
		e, err := sessionlog.DecodeEntry(data)
		if err != nil {
			return err
		}
		l.Entries = append(l.Entries, e)
	}
	return nil
}

// putLog stores l's header (open unless stopped); with entries, l.Entries replace the stored entries, else the
// stored entries are kept.
func putLog(tx store.Tx, l *sessionlog.Log, entries bool) error {
	data, err := json.Marshal(l.Head())
	if err != nil {
		return err
	}
	rec := &store.Log{ID: l.ID, ChannelID: l.Channel, Open: l.State != sessionlog.Stopped, Data: data}
	if entries {
		rec.Entries = make([]json.RawMessage, len(l.Entries))
		for i := range l.Entries {
			if rec.Entries[i], err = json.Marshal(&l.Entries[i]); err != nil {
				return err
			}
		}
	}
	return tx.PutLog(rec)
}

// logName is the name of a stored log, or its id when it cannot be read.
func logName(rec *store.Log) string {
	l, err := sessionlog.Decode(rec.Data)
	if err != nil {
		return rec.ID
	}
	return l.Name
}

// sortLogInfos sorts by start, then id.
func sortLogInfos(ls []LogInfo) {
	slices.SortFunc(ls, func(a, b LogInfo) int {
		if c := a.Started.Compare(b.Started); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}
