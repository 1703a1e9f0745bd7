package sessionlog

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Markdown exports the log for forums (CommonMark): the name as the title, the dates, the participants, then one
// paragraph per entry under round headings and turn subheadings. Speech reads "**Aria:** text", other entries
// "**Aria** · text", and rolls add their notation, dice (dropped ones struck through), total and odds. Every text
// from the log is escaped, so no user text becomes markup.
func Markdown(l *Log, lb Labels) []byte {
	var b bytes.Buffer
	b.WriteString("# " + mdEscape(l.Name) + "\n\n")
	if lb.Title != "" {
		b.WriteString("*" + mdEscape(lb.Title) + "* · ")
	}
	b.WriteString(dateRange(l.Started, l.Ended) + "\n\n")
	if ps := l.Participants(); len(ps) > 0 {
		if lb.Participants != "" {
			b.WriteString("**" + mdEscape(lb.Participants) + "**\n\n")
		}
		for _, p := range ps {
			b.WriteString("- **" + mdEscape(p.Name) + "**")
			for _, pl := range p.Players {
				b.WriteString(" — " + mdEscape(pl))
			}
			if p.NPC && lb.NPC != "" {
				b.WriteString(" · *" + mdEscape(lb.NPC) + "*")
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("---\n")
	for i := range l.Entries {
		b.WriteString("\n")
		mdEntry(&b, &l.Entries[i], &lb)
	}
	return b.Bytes()
}

// mdEntry writes one entry as a paragraph or heading.
func mdEntry(b *bytes.Buffer, e *Entry, lb *Labels) {
	text := mdLines(e.Lines)
	switch e.Kind {
	case KindRound:
		b.WriteString("## " + mdEscape(lb.round(e.Round)) + "\n")
		return
	case KindTurn:
		b.WriteString("### " + mdEscape(lb.turn(e.Character)) + "\n")
		return
	case KindSay:
		b.WriteString("**" + mdEscape(e.Who()) + ":** " + text)
	case KindOOC:
		if lb.OOC != "" {
			b.WriteString("*" + mdEscape(lb.OOC) + "* · ")
		}
		b.WriteString("**" + mdEscape(e.Who()) + ":** " + text)
	case KindSystem:
		b.WriteString("*" + text + "*")
	default:
		if e.Revealed && lb.Revealed != "" {
			b.WriteString("*" + mdEscape(lb.Revealed) + "* · ")
		}
		if who := e.Who(); who != "" {
			b.WriteString("**" + mdEscape(who) + "** · ")
		}
		b.WriteString(text)
		if r := e.Roll; r != nil {
			b.WriteString(" · " + mdRoll(r))
			if o := lb.odds(e.Kind, r.Odds); o != "" {
				b.WriteString(" · " + mdEscape(o))
			}
		}
	}
	b.WriteString("\n")
}

// maxShownDice bounds the dice an export lists; the rest show as an ellipsis.
const maxShownDice = 40

// mdRoll is a roll's notation, dice and total: `2d20kh1+5` [17, ~~8~~] = **22**.
func mdRoll(r *Roll) string {
	s := mdCode(r.Expr)
	if len(r.Dice) > 0 {
		faces := make([]string, 0, min(len(r.Dice), maxShownDice+1))
		for i, d := range r.Dice {
			if i == maxShownDice {
				faces = append(faces, "…")
				break
			}
			f := strconv.Itoa(d.Face)
			if d.Dropped {
				f = "~~" + f + "~~"
			}
			faces = append(faces, f)
		}
		s += " \\[" + strings.Join(faces, ", ") + "\\]"
	}
	return s + " = **" + strconv.Itoa(r.Total) + "**"
}

// mdLines joins lines with hard line breaks (a backslash before the newline), each escaped, also where it starts.
func mdLines(lines []string) string {
	out := make([]string, len(lines))
	for i, line := range lines {
		out[i] = mdLineStart(mdEscape(line))
	}
	return strings.Join(out, "\\\n")
}

// mdSpecial are the characters that can start markup inside a line: emphasis, code, links, HTML, entities,
// tables, strikethrough.
const mdSpecial = "\\`*_[]<>&|~"

// mdEscape puts a backslash before every character of mdSpecial.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune(mdSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mdLineStart escapes what would start a block at the beginning of a continued line: a heading, list item,
// quote, thematic break or setext underline.
func mdLineStart(s string) string {
	t := strings.TrimLeft(s, " ")
	pad := s[:len(s)-len(t)]
	if t == "" {
		return s
	}
	if strings.ContainsRune("#-+=>", rune(t[0])) {
		return pad + "\\" + t
	}
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	if n > 0 && n < len(t) && (t[n] == '.' || t[n] == ')') {
		return pad + t[:n] + "\\" + t[n:]
	}
	return s
}

// mdCode is s as a code span, fenced by more backticks than any run inside it.
func mdCode(s string) string {
	run, longest := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// dateRange shows when a log ran, in UTC: "2026-03-14 19:30 – 22:05 UTC", the date repeated when it ends on
// another day, only the start while it runs.
func dateRange(start, end time.Time) string {
	start = start.UTC()
	s := start.Format("2006-01-02 15:04")
	if end.IsZero() {
		return s + " UTC"
	}
	end = end.UTC()
	if end.Format("2006-01-02") == start.Format("2006-01-02") {
		return s + " – " + end.Format("15:04") + " UTC"
	}
	return s + " – " + end.Format("2006-01-02 15:04") + " UTC"
}
