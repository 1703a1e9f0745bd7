package sessionlog

import "slices"

// Participant is a name that acts in a log: a character with the players who ran it, or a player who acted
// without a character.
type Participant struct {
	Name    string
	Players []string // the display names of who ran the character, other than Name, in order of appearance
	NPC     bool     // a character the GM runs
}

// Participants lists the characters and players of a log in order of first appearance. A player is listed on
// their own only when they ran no character in the log. Turn markers name characters but no players (the user of a
// marker is whoever moved the turn on).
func (l *Log) Participants() []Participant {
	var out []Participant
	index := map[string]int{}
	runsOne := map[string]bool{} // display names that ran a character
	for i := range l.Entries {
		if e := &l.Entries[i]; e.Character != "" && e.UserName != "" && !e.Kind.Marker() {
			runsOne[e.UserName] = true
		}
	}
	for i := range l.Entries {
		e := &l.Entries[i]
		name, lone := e.Who(), e.Character == ""
		if name == "" || lone && (runsOne[name] || e.Kind == KindSystem || e.Kind.Marker()) {
			continue
		}
		j, ok := index[name]
		if !ok {
			j = len(out)
			index[name] = j
			out = append(out, Participant{Name: name})
		}
		p := &out[j]
		p.NPC = p.NPC || e.NPC
		ranBy := !lone && !e.Kind.Marker() && e.UserName != "" && e.UserName != name
		if ranBy && !slices.Contains(p.Players, e.UserName) {
			p.Players = append(p.Players, e.UserName)
		}
	}
	return out
}
