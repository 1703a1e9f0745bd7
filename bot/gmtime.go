package bot

import (
	"strings"
	"time"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /time (issue 12): game time passes when the GM says so. The guild's game time is the wall clock plus what its GMs
// let pass with /time advance; long rests are dated in game time (so a night the GM skips counts towards the
// guild's long_rest_cooldown), and the guild's 5e characters' timed conditions count down by as many rounds.

func (b *Bot) timeCommand() *Command {
	bound := func(name string, hi float64) *Option {
		return &Option{Name: name, Type: Integer, Min: Bound(0), Max: Bound(hi)}
	}
	return &Command{
		Name: "time",
		Options: []*Option{
			{Name: "show", Type: SubCommand, Handler: b.timeShow, Examples: []string{"/time show"}},
			{Name: "advance", Type: SubCommand, Handler: b.timeAdvance, Options: []*Option{
				bound("days", 366), bound("hours", 24*366), bound("minutes", 60*24*366),
			}, Examples: []string{"/time advance hours:8", "/time advance days:1", "/time advance minutes:10"}},
		},
	}
}

// timeResult is the JSON of /time.
type timeResult struct {
	GameTime          time.Time             `json:"game_time"`
	Ahead             int64                 `json:"ahead_seconds"`            // game time's lead on the wall clock
	Passed            int64                 `json:"passed_seconds,omitempty"` // advance: the time let pass
	LongRestCooldown  int                   `json:"long_rest_cooldown_hours"`
	ConditionsExpired []play.ConditionEnded `json:"conditions_expired,omitempty"`
}

// gameTimeText is a game time as the reply shows it (UTC, to the minute).
func gameTimeText(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") }

// gameDurationText is "1 d 8 h 0 min" in the reply language.
func gameDurationText(req *Request, d time.Duration) string {
	mins := int(d / time.Minute)
	return req.T("gm.time.duration", "Days", mins/(24*60), "Hours", mins/60%24, "Minutes", mins%60)
}

func (b *Bot) timeShow(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	g := req.Guild // read with the request
	now := play.GameTime(g, req.Now)
	ahead := now.Sub(req.Now)
	cd := play.LongRestCooldown(g)
	lines := []string{req.T("gm.time.now", "Time", gameTimeText(now)), req.T("gm.time.ahead", "Duration", gameDurationText(req, ahead))}
	lines = append(lines, cooldownLine(req, cd))
	return &Reply{Title: req.T("gm.time.title"), Body: strings.Join(lines, "\n"),
		Result: timeResult{GameTime: now.UTC(), Ahead: int64(ahead / time.Second), LongRestCooldown: int(cd / time.Hour)}}, nil
}

// cooldownLine says how long the guild waits between long rests.
func cooldownLine(req *Request, cd time.Duration) string {
	if cd <= 0 {
		return req.T("gm.rest.no_cooldown")
	}
	return req.T("gm.rest.cooldown", "Hours", int(cd/time.Hour))
}

func (b *Bot) timeAdvance(req *Request) (*Reply, error) {
	d := time.Duration(req.Int("days", 0))*24*time.Hour + time.Duration(req.Int("hours", 0))*time.Hour +
		time.Duration(req.Int("minutes", 0))*time.Minute
	res, err := b.cfg.Table.AdvanceTime(req.Ctx, req.caller(), d, req.Now)
	if err != nil {
		return nil, err
	}
	lines := []string{req.T("gm.time.passed", "Duration", gameDurationText(req, res.Passed)), req.T("gm.time.now", "Time", gameTimeText(res.Now))}
	for _, x := range res.Expired {
		lines = append(lines, req.T("init.expired", "Name", x.Name, "Condition", req.T(x.Condition.Key())))
	}
	return &Reply{Title: req.T("gm.time.title"), Body: strings.Join(lines, "\n"), Tone: ToneSuccess,
		Result: timeResult{GameTime: res.Now.UTC(), Ahead: int64(res.Now.Sub(req.Now) / time.Second), Passed: int64(res.Passed / time.Second),
			LongRestCooldown: int(play.LongRestCooldown(req.Guild) / time.Hour), ConditionsExpired: res.Expired}}, nil
}

// longRestForced is /rest long: the guild's cooldown in game time, or none when a GM forces it.
func (b *Bot) longRestForced(req *Request) (*dnd5e.Character, *dnd5e.RestResult, error) {
	return b.cfg.Table.LongRest(req.Ctx, req.caller(), req.Str("character"), req.Now, req.Bool("force"), req.Dice)
}
