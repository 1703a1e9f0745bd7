package rogue

// Summon is a creature a spell brought in (Summon Daemon, A25). The
// encounter adds it right after its summoner (A12); Creature is its sheet as
// summoned, charmed by the summoner for (D6 + Y)×10 turns when the Enslave
// Daemon check passed (Enslaved), hostile otherwise.
type Summon struct {
	Creature *Character `json:"creature"`
	Summoner string     `json:"summoner"` // the caster's name
	Enslaved bool       `json:"enslaved"`
}

// NewDaemon makes a daemon for Summon Daemon to bring in: a monster that
// Banish and Enslave Daemon work on, of the given level, every attribute 7
// (modifier 0), human-sized. Decision: the sources give no daemon's numbers;
// the caller may pass any daemon sheet to CastOptions.Daemon instead.
func NewDaemon(name string, level int) (*Character, error) {
	return New(name, Human, Male, level, Attributes{7, 7, 7, 7}, NewOptions{Monster: true, Daemon: true})
}

// checkSummon: Summon Daemon at a target needs a daemon there (it tries to
// enslave it); cast without one, it needs the daemon to summon.
func checkSummon(t *Character, self bool, o CastOptions) error {
	wrong := newError(ErrWrongTarget, "Spell", string(o.Spell), "Need", "daemon")
	switch {
	case !self:
		if !t.Daemon {
			return wrong
		}
	case o.Daemon == nil || !o.Daemon.Daemon:
		return wrong
	case o.Daemon.Dead():
		return newError(ErrDead, "Name", o.Daemon.Name)
	}
	if self {
		return o.Daemon.Validate()
	}
	return nil
}
