package sessionlog

import "time"

// New returns a running log with header h, or ErrBadName or ErrInvalid when a field of h is out of bounds.
// h.Started must be set.
func New(h Header) (*Log, error) {
	l := &Log{Version: Version, Header: h, State: Running, Entries: []Entry{}}
	if err := checkHeader(&l.Header); err != nil {
		return nil, err
	}
	return l, nil
}

// Append records e at the end of a running log. It returns ErrPaused or ErrStopped when the log does not record,
// ErrFullEntries or ErrFullBytes when e would pass MaxEntries or MaxBytes, and ErrInvalid when a field of e is out
// of bounds; the log is then unchanged.
func (l *Log) Append(e Entry) error {
	if err := l.recording(); err != nil {
		return err
	}
	if len(l.Entries) >= MaxEntries {
		return newError(ErrFullEntries, "Max", MaxEntries)
	}
	if err := checkEntry(&e, "entry"); err != nil {
		return err
	}
	n, err := entrySize(&e)
	if err != nil {
		return newError(ErrInvalid, "Field", "entry")
	}
	if l.Size()+comma(len(l.Entries))+n > MaxBytes {
		return newError(ErrFullBytes, "MaxMiB", MaxBytes>>20)
	}
	l.Entries = append(l.Entries, e)
	l.entriesSize += comma(l.counted) + n
	l.counted++
	return nil
}

// recording returns nil for a running log, else ErrPaused or ErrStopped.
func (l *Log) recording() error {
	switch l.State {
	case Paused:
		return newError(ErrPaused)
	case Stopped:
		return newError(ErrStopped)
	}
	return nil
}

// Pause stops recording until Resume: ErrPaused if it is paused already, ErrStopped if it is stopped.
func (l *Log) Pause() error {
	if err := l.recording(); err != nil {
		return err
	}
	l.State = Paused
	return nil
}

// Resume records again after Pause: ErrNotPaused if the log runs, ErrStopped if it is stopped.
func (l *Log) Resume() error {
	switch l.State {
	case Running:
		return newError(ErrNotPaused)
	case Stopped:
		return newError(ErrStopped)
	}
	l.State = Running
	return nil
}

// Stop closes the log for good at now (at its start, if now is earlier): ErrStopped if it is stopped already.
func (l *Log) Stop(now time.Time) error {
	if l.State == Stopped {
		return newError(ErrStopped)
	}
	if now.Before(l.Started) {
		now = l.Started
	}
	l.State, l.Ended = Stopped, now
	return nil
}
