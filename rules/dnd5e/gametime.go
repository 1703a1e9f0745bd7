package dnd5e

// Game time (issue 12): time the GM lets pass outside the turn order counts down a character's timed conditions
// as that many rounds of its turns would.

// PassRounds lets rounds rounds of game time pass for the character: its timed conditions count down by rounds and
// those that run out end (returned). Conditions until removed stay.
func (c *Character) PassRounds(rounds int) []Condition {
	if rounds <= 0 {
		return nil
	}
	var expired []Condition
	kept := c.Conditions[:0:0]
	for _, ac := range c.Conditions {
		if ac.Rounds > 0 {
			if ac.Rounds <= rounds {
				expired = append(expired, ac.ID)
				continue
			}
			ac.Rounds -= rounds
		}
		kept = append(kept, ac)
	}
	if len(kept) == 0 {
		kept = nil
	}
	c.Conditions = kept
	return expired
}
