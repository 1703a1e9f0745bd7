package discord

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// Gateway serves the bot over a Discord gateway session: each INTERACTION_CREATE becomes a request, and its reply
// is posted to the interaction's callback (deferred and edited in when the handler runs long).
type Gateway struct {
	s      *discordgo.Session
	resp   *responder
	remove func()
}

// NewGateway wires b to a session. The session's intents are cut to none: interactions arrive regardless.
func NewGateway(b *bot.Bot, s *discordgo.Session, cfg Config) *Gateway {
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	return &Gateway{s: s, resp: newResponder(b, s, cfg, true)}
}

// Open registers the interaction handler and connects to the gateway.
func (g *Gateway) Open() error {
	g.remove = g.s.AddHandler(g.onInteraction)
	if err := g.s.Open(); err != nil {
		g.remove()
		return err
	}
	return nil
}

// Shutdown stops taking interactions (late ones are told the bot is restarting), waits until ctx ends for the
// replies in flight, deferred ones included, then closes the session.
func (g *Gateway) Shutdown(ctx context.Context) error {
	err := g.resp.shutdown(ctx)
	if g.remove != nil {
		g.remove()
	}
	return errors.Join(err, g.s.Close())
}

func (g *Gateway) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	if i == nil {
		return
	}
	if !g.resp.acquire() {
		if resp := g.resp.busy(i); resp != nil {
			s.InteractionRespond(i, resp)
		}
		return
	}
	defer g.resp.release()
	first, finish, ok := g.resp.answer(context.Background(), i)
	if !ok {
		return
	}
	if err := s.InteractionRespond(i, first); err != nil {
		g.resp.cfg.Metrics.failed("respond")
		g.resp.log.Error("respond to interaction", "interaction", i.ID, "err", err)
		return
	}
	if finish != nil {
		finish()
	}
}
