package discord

import (
	"context"
	"io"
	"net/http"
	"time"
)

// ReadyTimeout bounds the readiness check of /readyz: a store slower than this is not ready.
const ReadyTimeout = time.Second

// ReadyHandler answers GET /readyz for a load balancer: 200 "ok" while the process takes work and ready (the
// store reachable and its schema current) answers within ReadyTimeout, else 503 with the reason. A nil ready
// checks only stopping. /healthz stays the liveness check: a replica whose database is down is alive but not
// ready, and the balancer sends its traffic elsewhere until the database returns.
func ReadyHandler(ready func(context.Context) error, stopping func() bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if stopping != nil && stopping() {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "shutting down\n")
			return
		}
		if ready != nil {
			ctx, cancel := context.WithTimeout(r.Context(), ReadyTimeout)
			defer cancel()
			if err := ready(ctx); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				io.WriteString(w, "store not ready: "+err.Error()+"\n")
				return
			}
		}
		io.WriteString(w, "ok\n")
	}
}

// isClosing reports whether the responder stopped taking work.
func (e *responder) isClosing() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.closing
}
