package play

// activeID is the caller's active character ID in this channel: the one chosen here (/sheet use, /sheet create),
// else the guild-wide one; "" when none.
func (s *scene) activeID() (string, error) {
	if s.c.ChannelID != "" {
		id, err := s.tx.ChannelActive(s.c.UserID, s.c.ChannelID)
		if err != nil || id != "" {
			return id, err
		}
	}
	return s.tx.Active(s.c.UserID)
}

// setActive makes the character the caller's active one in this channel and the guild-wide default (which the
// channels without a choice of their own use).
func (s *scene) setActive(characterID string) error {
	if err := s.tx.SetActive(s.c.UserID, characterID); err != nil {
		return err
	}
	if s.c.ChannelID == "" {
		return nil
	}
	return s.tx.SetChannelActive(s.c.UserID, s.c.ChannelID, characterID)
}
