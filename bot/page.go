package bot

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// No list is silently clipped (issue 11 §5): a list longer than a reply holds is cut into pages of whole lines,
// each saying which page it is, with "previous" and "next" buttons. A button's custom id names the list, the page
// and the list's argument ("page:<list>:<n>:<arg>": the character or target it lists); its click builds
// the list again for the one who clicks and shows that page in place of the message (nothing is remembered between
// requests).

// pageRoom is the most runes of list lines on one page: a reply's body, less the page line.
const pageRoom = MaxBody - 96

// pagedList builds a list's reply (title, result, …) and its lines, for the caller of req, with the list's
// argument (the command's option it depends on, "" for none).
type pagedList func(req *Request, arg string) (*Reply, []string, error)

// pages cuts lines into pages of at most room runes each (a line longer than room is a page of its own, cut).
func pages(lines []string, room int) [][]string {
	var out [][]string
	var cur []string
	size := 0
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > room {
			l = clipRunes(l, room)
		}
		n := utf8.RuneCountInString(l) + 1
		if len(cur) > 0 && size+n > room {
			out = append(out, cur)
			cur, size = nil, 0
		}
		cur = append(cur, l)
		size += n
	}
	if len(cur) > 0 || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}

// showPage puts page n (from 0; clamped) of lines into r's body, with the page line and the buttons when there
// is more than one page.
func showPage(req *Request, r *Reply, list, arg string, lines []string, n int) *Reply {
	ps := pages(lines, pageRoom)
	n = max(0, min(n, len(ps)-1))
	r.Body = strings.Join(ps[n], "\n")
	if len(ps) == 1 {
		return r
	}
	r.Body += "\n" + req.T("core.page", "Page", n+1, "Pages", len(ps))
	button := func(label string, to int) Button {
		return Button{Label: label, CustomID: "page:" + list + ":" + strconv.Itoa(to) + ":" + arg, Style: ButtonSecondary}
	}
	if n > 0 {
		r.Buttons = append(r.Buttons, button(req.T("core.page_prev"), n-1))
	}
	if n < len(ps)-1 {
		r.Buttons = append(r.Buttons, button(req.T("core.page_next"), n+1))
	}
	return r
}

// pageButton shows the page a "previous" or "next" button asks for, in place of the message.
func (b *Bot) pageButton(req *Request) (*Reply, error) {
	parts := strings.SplitN(req.CustomID, ":", 4)
	if len(parts) != 4 {
		return nil, Errorf("core.err.unknown_component")
	}
	build, ok := b.lists[parts[1]]
	n, err := strconv.Atoi(parts[2])
	if !ok || err != nil {
		return nil, Errorf("core.err.unknown_component")
	}
	r, lines, err := build(req, parts[3])
	if err != nil || len(lines) == 0 {
		return r, err
	}
	r = showPage(req, r, parts[1], parts[3], lines, n)
	r.Update = true
	return r, nil
}
