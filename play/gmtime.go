package play

import (
	"context"
	"strconv"
	"time"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// Game time and rests (issue 12). A guild's game time is the wall clock plus the time its GM has let pass with
// /time advance (Settings.House[HouseTimeOffset], in seconds): a long rest is dated in game time, so a night the GM
// skips counts. The wait between long rests is the guild's long_rest_cooldown (hours; 24 by default, 0 for none),
// and a GM may force a long rest with none.

// Guild settings of the GM's table (Settings.House keys).
const (
	// HouseShowNPCStats: "on" shows players NPC stat blocks (/monster) in the channel, and NPC numbers (HP, AC,
	// save bonuses) in public replies; by default a player's stat block is private (ephemeral), public replies
	// show a health word and hit or miss, and the GM reads the numbers with /init list detail:true.
	HouseShowNPCStats = "show_npc_stats"
	// HouseLongRestCooldown is the wait between long rests in whole hours ("24" by default, "0" for none).
	HouseLongRestCooldown = "long_rest_cooldown"
	// HouseTimeOffset is the game time the GM let pass beyond the wall clock, in seconds.
	HouseTimeOffset = "time_offset"
)

// MaxAdvance bounds one /time advance: a year.
const MaxAdvance = 366 * 24 * time.Hour

// maxOffset bounds the game time's lead on the wall clock: a hundred years.
const maxOffset = 100 * 366 * 24 * time.Hour

// GameTime is a guild's game time at wall-clock time now.
func GameTime(g Settings, now time.Time) time.Time { return now.Add(timeOffset(g)) }

func timeOffset(g Settings) time.Duration {
	n, err := strconv.ParseInt(g.House[HouseTimeOffset], 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, maxOffset)
}

// LongRestCooldown is a guild's wait between long rests.
func LongRestCooldown(g Settings) time.Duration {
	n, err := strconv.Atoi(g.House[HouseLongRestCooldown])
	if err != nil || n < 0 {
		return dnd5e.LongRestEvery
	}
	return time.Duration(n) * time.Hour
}

// ShowNPCStats reports whether a guild shows players NPC stat blocks in the channel.
func ShowNPCStats(g Settings) bool { return g.House[HouseShowNPCStats] == "on" }

// TimePassed is what /time advance did: the game time now, and the timed conditions that ran out on the guild's
// 5e characters.
type TimePassed struct {
	Now     time.Time
	Passed  time.Duration
	Expired []ConditionEnded
}

// ConditionEnded is a character's condition that ran out.
type ConditionEnded struct {
	Name      string          `json:"name"`
	Condition dnd5e.Condition `json:"condition"`
}

// AdvanceTime lets game time pass (GMs only): the guild's clock moves on by d, and the timed conditions of its 5e
// characters count down by as many rounds (six seconds each).
func (t *Table) AdvanceTime(ctx context.Context, c Caller, d time.Duration, now time.Time) (*TimePassed, error) {
	var out *TimePassed
	err := t.update(ctx, c, nil, func(s *scene) error {
		if !c.GM {
			return fail("gm.err.gm_only")
		}
		if d <= 0 || d > MaxAdvance {
			return fail("time.err.bad_advance", "Max", int(MaxAdvance/(24*time.Hour)))
		}
		g, err := s.settings()
		if err != nil {
			return err
		}
		off := min(timeOffset(g)+d, maxOffset)
		g.House = setHouse(g.House, HouseTimeOffset, strconv.FormatInt(int64(off/time.Second), 10), "0")
		if err := s.tx.PutGuild(g); err != nil {
			return err
		}
		s.guild = &g
		out = &TimePassed{Now: now.Add(off), Passed: d}
		all, err := s.tx.Characters()
		if err != nil {
			return err
		}
		rounds := int(min(d/(6*time.Second), dnd5e.MaxRounds))
		for _, ch := range all {
			if ch.System != System5e {
				continue
			}
			cr := s.character(ch)
			if err := cr.as5e(); err != nil {
				continue // an unreadable sheet keeps its conditions
			}
			for _, x := range cr.d5.PassRounds(rounds) {
				out.Expired = append(out.Expired, ConditionEnded{Name: cr.d5.Name, Condition: x})
				cr.dirty = true
			}
		}
		return nil
	})
	return out, err
}

// longRest5e takes a long rest at the guild's game time: after its cooldown, or with none when a GM forces it.
func (s *scene) longRest5e(cr *Creature, at time.Time, force bool) (*dnd5e.RestResult, error) {
	g, err := s.settings()
	if err != nil {
		return nil, err
	}
	every := LongRestCooldown(g)
	if force {
		if !s.c.GM {
			return nil, fail("gm.err.gm_only")
		}
		every = 0
	}
	return cr.d5.LongRestCooldown(GameTime(g, at), every)
}

// LongRest is a long rest of the acting character at wall-clock time at (in game time), forced past the guild's
// cooldown by a GM (force).
func (t *Table) LongRest(ctx context.Context, c Caller, character string, at time.Time, force bool, r dice.Roller) (*dnd5e.Character, *dnd5e.RestResult, error) {
	var (
		out *dnd5e.Character
		res *dnd5e.RestResult
	)
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.edit5e(character)
		if err != nil {
			return err
		}
		if res, err = s.longRest5e(cr, at, force); err != nil {
			return err
		}
		out = cr.d5
		return s.settle(cr)
	})
	return out, res, err
}
