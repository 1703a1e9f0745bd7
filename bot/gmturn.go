package bot

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/play"
	"rulekeeper/rules/encounter"
)

// The GM's table in /init replies (issue 12): the repeat saves a turn's end rolled, and replies that keep working
// with 20 and more combatants — the order line cut short, /init list in pages with buttons.

// repeatLines say the saves a combatant repeated as its turn ended, and what ended with a success.
func repeatLines(req *Request, rolls []play.RepeatRoll) []string {
	var lines []string
	for _, rr := range rolls {
		l := req.T("gm.repeat.save", "Name", rr.Name, "Spell", spellName(req, rr.Spell), "Ability", req.T(rr.Roll.Ability.Key())) +
			" " + rollText(req, rr.Roll.Roll) + " " + req.T("play.roll.vs_dc", "DC", rr.Roll.DC) + " — **" + req.T(rr.Roll.Outcome.Key()) + "**"
		lines = append(lines, l)
		if rr.Success {
			if len(rr.Ended) > 0 {
				lines = append(lines, req.T("gm.repeat.ended", "Name", rr.Name, "Conditions", conditionNames(req, rr.Ended)))
			} else {
				lines = append(lines, req.T("gm.repeat.ended_spell", "Name", rr.Name, "Spell", spellName(req, rr.Spell)))
			}
		}
	}
	return lines
}

// maxOrderRunes bounds the order line: the names beyond it are counted, not listed (/init list has them all).
const maxOrderRunes = 1200

// orderLine is "Order: A → B → C", cut short with a count of the rest.
func orderLine(req *Request, e *encounter.Encounter) string {
	names := orderNames(e)
	out, n := "", 0
	for i, name := range names {
		if i > 0 && n+utf8.RuneCountInString(name)+3 > maxOrderRunes {
			out += " → " + req.T("gm.init.more", "Count", len(names)-i)
			break
		}
		if i > 0 {
			out += " → "
			n += 3
		}
		out += name
		n += utf8.RuneCountInString(name)
	}
	return req.T("init.order", "Order", out)
}

// Limits of one page of /init list: rows, and characters of the body (Discord's embed holds 4096).
const (
	listPageRows  = 15
	listPageRunes = 3500
)

// pageLines cuts rows into pages of at most listPageRows rows and listPageRunes characters.
func pageLines(lines []string) [][]string {
	var pages [][]string
	var cur []string
	n := 0
	for _, l := range lines {
		size := utf8.RuneCountInString(l) + 1
		if len(cur) > 0 && (len(cur) == listPageRows || n+size > listPageRunes) {
			pages, cur, n = append(pages, cur), nil, 0
		}
		cur = append(cur, l)
		n += size
	}
	return append(pages, cur)
}

// listPage is one page of /init list (its page: option, from 1), with buttons to the pages before and after it
// and the "next turn" button.
func listPage(req *Request, title string, lines []string, res *initListResult) *Reply {
	pages := pageLines(lines)
	page := min(max(req.Int("page", 1), 1), len(pages))
	res.Page, res.Pages = page, len(pages)
	r := &Reply{Title: title, Body: strings.Join(pages[page-1], "\n"), Result: *res}
	if len(pages) > 1 {
		r.Title = req.T("gm.init.list_page", "Title", title, "Page", page, "Pages", len(pages))
		if page > 1 {
			r.Buttons = append(r.Buttons, Button{Label: req.T("gm.init.page_prev"), CustomID: listButtonID(req.ChannelID, page-1, req.Bool("detail")), Style: ButtonSecondary})
		}
		if page < len(pages) {
			r.Buttons = append(r.Buttons, Button{Label: req.T("gm.init.page_next"), CustomID: listButtonID(req.ChannelID, page+1, req.Bool("detail")), Style: ButtonSecondary})
		}
	}
	r.Buttons = append(r.Buttons, nextButton(req, req.ChannelID))
	return r
}

// listButtonID is a page button's custom id; detail (the GM's /init list detail:true) adds ":d".
func listButtonID(channel string, page int, detail bool) string {
	id := "init:list:" + channel + ":" + strconv.Itoa(page)
	if detail {
		id += ":d"
	}
	return id
}

// initListButton answers a page button of /init list ("<channel id>:<page>"): the page in place of the clicked one.
func (b *Bot) initListButton(req *Request, rest string) (*Reply, error) {
	rest, detail := strings.CutSuffix(rest, ":d")
	i := strings.LastIndexByte(rest, ':')
	if i <= 0 || i > maxChannelID {
		return nil, Errorf("core.err.unknown_component")
	}
	page, err := strconv.Atoi(rest[i+1:])
	if err != nil || page < 1 || page > encounter.MaxCombatants {
		return nil, Errorf("core.err.unknown_component")
	}
	req.ChannelID = rest[:i]
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	req.Options["page"] = int64(page)
	if detail {
		req.Options["detail"] = true
	}
	r, err := b.initList(req)
	if err != nil {
		return nil, err
	}
	r.Update = true
	return r, nil
}

// maxTurnRunes bounds the body of an /init reply other than the list: Discord's embed holds 4096 characters, and
// the transports clip what is longer.
const maxTurnRunes = 3800

// capLines keeps the lines that fit in maxTurnRunes, the last one saying how many more there were; the final line
// (whose turn it is, or the order) is always kept.
func capLines(req *Request, lines []string) []string {
	n := 0
	for _, l := range lines {
		n += utf8.RuneCountInString(l) + 1
	}
	if n <= maxTurnRunes || len(lines) < 2 {
		return lines
	}
	last := lines[len(lines)-1]
	budget := maxTurnRunes - utf8.RuneCountInString(last) - 40
	var out []string
	for i, l := range lines[:len(lines)-1] {
		size := utf8.RuneCountInString(l) + 1
		if size > budget {
			out = append(out, req.T("gm.init.more", "Count", len(lines)-1-i))
			break
		}
		out = append(out, l)
		budget -= size
	}
	return append(out, last)
}
