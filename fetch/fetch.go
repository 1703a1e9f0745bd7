// Package fetch holds rulekeeper's downloads (cmd wires them into bot.Config). It downloads a D&D Beyond character's JSON from the character
// service (ddb.ServiceURL), bounded in size and time, for ddb.Parse. It is the
// only part of the import that does I/O, kept out of package ddb so that the
// mapping stays pure; it uses the standard library only. Errors are
// *coded.Error values whose codes are catalog keys of the ddb area.
package fetch

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dnd5e/ddb"
)

// DefaultTimeout bounds a download whose context has no deadline.
const DefaultTimeout = 15 * time.Second

// Error codes (= catalog keys in locales/catalog/ddb.*.toml). The template arguments are listed after each.
const (
	ErrNotShared   = "ddb.err.not_shared"   // (none): 401, 403 or 404: private, or no such character
	ErrRateLimited = "ddb.err.rate_limited" // (none): 429
	ErrUpstream    = "ddb.err.upstream"     // Status: any other status than 200
	ErrUnreachable = "ddb.err.unreachable"  // (none): no connection, or the body broke off
	ErrTimeout     = "ddb.err.timeout"      // (none): the deadline passed
)

// ErrorCodes lists every code above (the download also returns ddb.ErrTooLarge, ddb.ErrBadBase and ddb.ErrBadURL).
func ErrorCodes() []string {
	return []string{ErrNotShared, ErrRateLimited, ErrUpstream, ErrUnreachable, ErrTimeout}
}

func newError(code string, kv ...any) *coded.Error { return coded.New(code, kv...) }

// Character downloads the JSON of character id (digits: see ddb.CharacterID)
// from the character service at base (ddb.DefaultBase when empty), reading
// at most limit bytes (MaxSize when limit is 0 or more than that): a larger
// answer is refused with ddb.ErrTooLarge. A nil client is a plain
// http.Client; a ctx without a deadline gets DefaultTimeout. The answer is
// returned as is, for ddb.Parse.
func Character(ctx context.Context, client *http.Client, base, id string, limit int64) ([]byte, error) {
	u, err := ddb.ServiceURL(base, id)
	if err != nil {
		return nil, err
	}
	if limit <= 0 || limit > MaxSize {
		limit = MaxSize
	}
	if client == nil {
		client = &http.Client{}
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, newError(ErrUnreachable)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return nil, transportError(ctx, err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
		return nil, newError(ErrNotShared)
	case http.StatusTooManyRequests:
		return nil, newError(ErrRateLimited)
	default:
		return nil, newError(ErrUpstream, "Status", resp.StatusCode)
	}
	if resp.ContentLength > limit {
		return nil, coded.New(ddb.ErrTooLarge, "Max", limit)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, transportError(ctx, err)
	}
	if int64(len(body)) > limit {
		return nil, coded.New(ddb.ErrTooLarge, "Max", limit)
	}
	return body, nil
}

// transportError tells a deadline (the context's or the client's) from a failed connection.
func transportError(ctx context.Context, err error) error {
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &ne) && ne.Timeout() {
		return newError(ErrTimeout)
	}
	return newError(ErrUnreachable)
}
