package bot

import "strings"

// Private things stay private (issue 11 §3). A command's `private:true` makes its reply ephemeral; every button of
// an ephemeral reply carries the mark privateMark before its custom id, so that its click — and the click of the
// buttons of that reply, and so on — is answered ephemerally too, whatever the handler of the button says. The
// mark lives in the custom id: nothing is remembered between requests.

// privateMark starts the custom id of a button of a private reply.
const privateMark = "p!"

// maxCustomID is the longest custom id Discord takes.
const maxCustomID = 100

// privateOption is the `private` option: only the caller sees the reply.
func privateOption() *Option { return &Option{Name: "private", Type: Boolean} }

// unmarkPrivate takes the private mark off a clicked button's custom id; private reports it was there.
func unmarkPrivate(req *Request) (private bool) {
	id, ok := strings.CutPrefix(req.CustomID, privateMark)
	if ok {
		req.CustomID = id
	}
	return ok
}

// keepPrivate makes r ephemeral when the request was private, and marks every button of an ephemeral reply; a
// button whose marked id would be too long is dropped rather than let out.
func keepPrivate(r *Reply, private bool) {
	if r == nil {
		return
	}
	if private {
		r.Ephemeral = true
	}
	if !r.Ephemeral || len(r.Buttons) == 0 {
		return
	}
	kept := r.Buttons[:0]
	for _, bt := range r.Buttons {
		if !strings.HasPrefix(bt.CustomID, privateMark) {
			bt.CustomID = privateMark + bt.CustomID
		}
		if len(bt.CustomID) <= maxCustomID {
			kept = append(kept, bt)
		}
	}
	r.Buttons = kept
}

// Private reports whether a request asks for a private reply before it runs: its `private` option, or a click on
// a button of a private reply (a transport deferring its answer picks the deferral's visibility by it).
func (r *Request) Private() bool {
	p, _ := r.Options["private"].(bool)
	return p || r.Options["visibility"] == visPrivate || ((r.Kind == KindComponent || r.Kind == KindModal) && strings.HasPrefix(r.CustomID, privateMark))
}

// ComponentName is the handler name of a button's or modal's custom id: what comes before its first ':', the
// private mark left out (metrics label components by it).
func ComponentName(customID string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(customID, privateMark), ":")
	return name
}
