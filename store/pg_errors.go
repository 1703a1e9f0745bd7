package store

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// retryKind says whether a failed attempt may run again, and why.
type retryKind int

const (
	retryNone     retryKind = iota
	retryConflict           // the server rolled the attempt back: serialization failure or deadlock
	retryConn               // the connection was refused or lost before COMMIT: nothing was committed
)

// SQLSTATE codes the store acts on.
const (
	sqlSerialization = "40001"
	sqlDeadlock      = "40P01"
	sqlUnique        = "23505"
	sqlLockTimeout   = "55P03"
	sqlCanceled      = "57014" // statement_timeout
	sqlReadOnly      = "25006"
	sqlDiskFull      = "53100"
	sqlTooManyConns  = "53300"
	sqlAdminShutdown = "57P01"
	sqlCrashShutdown = "57P02"
	sqlCannotConnect = "57P03"
	sqlIdleTimeout   = "25P03" // idle_in_transaction_session_timeout
)

func pgCode(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// classify says whether an error inside an attempt (before COMMIT) allows running it again.
// A unique violation is one too: under the guild lock it cannot happen, and in SERIALIZABLE mode it is the
// race of two creators of one name, which the next attempt reports as ErrConflict.
func classify(err error) retryKind {
	if err == nil || isCtxErr(err) {
		return retryNone
	}
	switch code := pgCode(err); {
	case code == sqlSerialization || code == sqlDeadlock || code == sqlUnique:
		return retryConflict
	case code == sqlAdminShutdown || code == sqlCrashShutdown || code == sqlCannotConnect || code == sqlTooManyConns ||
		strings.HasPrefix(code, "08"):
		return retryConn
	case code != "":
		return retryNone
	}
	if isConnErr(err) {
		return retryConn
	}
	return retryNone
}

// isConnErr reports a refused, broken or closed connection.
func isConnErr(err error) bool {
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || pgconn.SafeToRetry(err) || errors.As(err, &ne) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed)
}

func isCtxErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err)
}

// mapErr turns a database error into the store's errors, keeping it as the cause.
func (db *PG) mapErr(err error) error {
	if err == nil {
		return nil
	}
	var se *Error
	if errors.As(err, &se) || isCtxErr(err) {
		return err
	}
	wrap := func(sentinel error, detail string) error {
		return &Error{Err: sentinel, Path: db.target, Detail: detail, Cause: err}
	}
	switch code := pgCode(err); code {
	case sqlSerialization, sqlDeadlock, sqlUnique:
		return wrap(ErrBusy, "too many concurrent changes to the guild")
	case sqlLockTimeout, sqlCanceled, sqlIdleTimeout:
		return wrap(ErrBusy, "timed out")
	case sqlReadOnly:
		return wrap(ErrReadOnly, "")
	case sqlDiskFull:
		return wrap(ErrFull, "")
	}
	if classify(err) == retryConn {
		return wrap(ErrUnavailable, "")
	}
	return &Error{Err: errInternal, Path: db.target, Cause: err}
}

// errInternal marks a database error the store has no sentinel for (a bug, or a schema changed by hand). It is
// no catalog key: Code returns "" for it, so the bot shows its generic error.
var errInternal = errors.New("store: database error")
