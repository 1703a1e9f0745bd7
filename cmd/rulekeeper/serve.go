package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/alecthomas/kong"

	"rulekeeper/bot"
	"rulekeeper/bot/discord"
	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/store"
)

// stopTimeout bounds a graceful stop: the replies in flight get this long to land.
const stopTimeout = 5 * time.Second

// DiscordFlags are the flags of the commands that talk to Discord. The bot token is never a flag and never read
// from the configuration file: it comes from $RULEKEEPER_TOKEN or the file named by --token-file.
type DiscordFlags struct {
	TokenFile []byte `name:"token-file" help:"${help_token_file}" type:"filecontent" placeholder:"FILE"`
	AppID     string `name:"app-id" help:"${help_app_id}" env:"RULEKEEPER_APP_ID" placeholder:"ID"`
	Guild     string `help:"${help_register_guild}" env:"RULEKEEPER_GUILD" placeholder:"ID"`
	APIURL    string `name:"api-url" hidden:"" help:"${help_api_url}" env:"RULEKEEPER_API_URL" placeholder:"URL"`
}

// ServeCmd runs the bot on Discord: over the gateway, as an HTTP interactions endpoint, or both.
type ServeCmd struct {
	DiscordFlags
	NoRegister bool          `name:"no-register" help:"${help_no_register}"`
	HTTP       string        `name:"http" help:"${help_http}" env:"RULEKEEPER_HTTP" placeholder:"ADDR"`
	PublicKey  string        `name:"public-key" help:"${help_public_key}" env:"RULEKEEPER_PUBLIC_KEY" placeholder:"HEX"`
	NoGateway  bool          `name:"no-gateway" help:"${help_no_gateway}"`
	Rate       int           `help:"${help_rate}" default:"10" env:"RULEKEEPER_RATE"`
	RatePer    time.Duration `name:"rate-per" help:"${help_rate_per}" default:"10s" env:"RULEKEEPER_RATE_PER"`
	// MetricsAddr serves /metrics and /healthz on a listener of their own, to keep private.
	MetricsAddr string `name:"metrics-addr" help:"${help_metrics_addr}" env:"RULEKEEPER_METRICS_ADDR" placeholder:"ADDR"`

	// ShardCount and Shards split the gateway: this process runs the listed shards of ShardCount, one session each,
	// IdentifyInterval apart.
	ShardCount       int           `name:"shard-count" help:"${help_shard_count}" default:"1" env:"RULEKEEPER_SHARD_COUNT"`
	Shards           string        `name:"shards" help:"${help_shards}" env:"RULEKEEPER_SHARDS" placeholder:"LIST"`
	IdentifyInterval time.Duration `name:"identify-interval" help:"${help_identify_wait}" default:"5s" env:"RULEKEEPER_IDENTIFY_INTERVAL"`

	metricsReady func(addr string) // tests: the metrics listener's address once it listens
}

// RegisterCmd registers the slash commands without serving.
type RegisterCmd struct {
	DiscordFlags
}

// discordHelpVars supplies the localized help of the serve and register flags (${help_…} in their tags).
func discordHelpVars(p *locales.Printer) kong.Vars {
	return kong.Vars{
		"help_serve":          p.T("discord.cli.help.serve"),
		"help_register":       p.T("discord.cli.help.register"),
		"help_token_file":     p.T("discord.cli.help.token_file"),
		"help_app_id":         p.T("discord.cli.help.app_id"),
		"help_register_guild": p.T("discord.cli.help.guild"),
		"help_no_register":    p.T("discord.cli.help.no_register"),
		"help_http":           p.T("discord.cli.help.http"),
		"help_public_key":     p.T("discord.cli.help.public_key"),
		"help_no_gateway":     p.T("discord.cli.help.no_gateway"),
		"help_rate":           p.T("discord.cli.help.rate"),
		"help_rate_per":       p.T("discord.cli.help.rate_per"),
		"help_api_url":        p.T("discord.cli.help.api_url"),
		"help_metrics_addr":   p.T("discord.cli.help.metrics_addr"),

		"help_shard_count":   p.T("discord.cli.help.shard_count"),
		"help_shards":        p.T("discord.cli.help.shards"),
		"help_identify_wait": p.T("discord.cli.help.identify_interval"),
	}
}

// Run registers the commands and prints how many.
func (c *RegisterCmd) Run(g *Globals) error {
	token, err := c.token()
	if err != nil {
		return err
	}
	s := discord.NewSession(token, c.APIURL)
	cmds, err := discord.Register(s, bot.New(bot.Config{Logger: g.Logger()}), c.AppID, c.Guild)
	if err != nil {
		return err
	}
	p := g.Printer()
	if c.Guild != "" {
		fmt.Println(p.T("discord.cli.registered_guild", "Count", len(cmds), "Guild", c.Guild))
	} else {
		fmt.Println(p.T("discord.cli.registered_global", "Count", len(cmds)))
	}
	return nil
}

// Run serves until SIGINT or SIGTERM, then stops taking work, lets the replies in flight land (up to five
// seconds) and closes the store.
func (c *ServeCmd) Run(g *Globals) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return c.serve(ctx, g, nil)
}

// serve runs until ctx ends; ready, when set, receives the HTTP address once everything is up.
func (c *ServeCmd) serve(ctx context.Context, g *Globals, ready chan<- string) (err error) {
	shards, err := discord.ParseShards(c.Shards, c.ShardCount)
	if err != nil {
		return err
	}
	// A token is needed where it is used: by the gateway and by registration. HTTP interactions alone need none
	// (their replies and edits are authenticated by each interaction's own token).
	token, err := c.token()
	switch {
	case err == nil:
	case !c.NoGateway:
		return bot.Errorf("discord.err.token_gateway")
	case !c.NoRegister:
		return bot.Errorf("discord.err.token_register")
	default:
		token = ""
	}
	var key ed25519.PublicKey
	switch {
	case c.NoGateway && c.HTTP == "":
		return bot.Errorf("discord.err.nothing_to_serve")
	case c.HTTP != "" && c.PublicKey == "":
		return bot.Errorf("discord.err.http_needs_key")
	case c.HTTP != "":
		k, err := hex.DecodeString(strings.TrimSpace(c.PublicKey))
		if err != nil || len(k) != ed25519.PublicKeySize {
			return bot.Errorf("discord.err.bad_public_key")
		}
		key = k
	}
	log := g.Logger()
	db, err := g.OpenStore(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil // stopped (SIGTERM, Ctrl-C) while connecting: nothing was served, nothing went wrong
		}
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	// `rulekeeper backup` and `export` reach the serving process through its admin socket.
	// A PostgreSQL store needs no socket: backup and export connect to the database themselves.
	if file, ok := db.(*store.DB); ok {
		if stopAdmin, err := serveAdmin(file); err != nil {
			log.Warn("no admin socket: backup and export need the bot stopped", "path", adminSocket(file.Path()), "err", err)
		} else {
			defer stopAdmin()
		}
	}
	log.Info("store open", "store", db.Target())
	b := bot.New(bot.Config{Logger: log, Table: play.New(db), DDB: g.DDB()})
	s := discord.NewSession(token, c.APIURL)
	if !c.NoRegister {
		cmds, err := discord.Register(s, b, c.AppID, c.Guild)
		if err != nil {
			return err
		}
		log.Info("registered commands", "count", len(cmds), "guild", c.Guild)
	}
	cfg := discord.Config{Limiter: discord.NewLimiter(c.Rate, c.RatePer), Metrics: discord.NewMetrics(), Logger: log,
		PrivateMetrics: c.MetricsAddr != ""}
	storeTransport(&cfg, db)
	var stopping atomic.Bool
	msrv, err := c.serveMetrics(cfg.Metrics, cfg.Ready, &stopping, log)
	if err != nil {
		return err
	}
	if msrv != nil {
		defer msrv.Close() // after the graceful stop below, or at once when serving fails to start
	}

	var gw *discord.Shards
	if !c.NoGateway {
		// The first shard reuses the registering session.
		gw, err = discord.OpenShards(ctx, b, discord.SessionsFrom(s, token, c.APIURL), cfg, c.ShardCount, shards,
			c.IdentifyInterval)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return bot.Errorf("discord.err.connect", "Error", err.Error())
		}
		log.Info("connected to the gateway", "shards", shards, "shard_count", c.ShardCount)
	}
	var (
		hs    *discord.HTTPServer
		srv   *http.Server
		addr  string
		srvCh = make(chan error, 1)
	)
	if c.HTTP != "" {
		ln, err := net.Listen("tcp", c.HTTP)
		if err != nil {
			if gw != nil {
				gw.Shutdown(context.Background())
			}
			return bot.Errorf("discord.err.listen", "Addr", c.HTTP, "Error", err.Error())
		}
		addr = ln.Addr().String()
		hs = discord.NewHTTPServer(b, key, s, cfg) // s is only used for REST here unless the gateway opened it
		srv = &http.Server{Handler: hs, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
			IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() { srvCh <- srv.Serve(ln) }()
		log.Info("answering HTTP interactions", "addr", addr)
	}
	if ready != nil {
		ready <- addr
	}

	select {
	case <-ctx.Done():
		log.Info("stopping: finishing the replies in flight")
	case err := <-srvCh:
		log.Error("HTTP server failed", "err", err)
	}
	stopping.Store(true)
	stopCtx, cancel := context.WithTimeout(context.Background(), stopTimeout)
	defer cancel()
	var errs []error
	if srv != nil {
		errs = append(errs, srv.Shutdown(stopCtx), hs.Shutdown(stopCtx))
	}
	if gw != nil {
		errs = append(errs, gw.Shutdown(stopCtx))
	}
	if err := errors.Join(errs...); err != nil {
		log.Warn("stopped with replies unfinished", "err", err)
	}
	return nil
}

// serveMetrics serves /metrics, /healthz and /readyz (the store: ready) on --metrics-addr (nil without it): a listener to keep private,
// apart from the public interactions endpoint. /healthz answers 503 once the bot is stopping.
func (c *ServeCmd) serveMetrics(m *discord.Metrics, ready func(context.Context) error, stopping *atomic.Bool, log *slog.Logger) (*http.Server, error) {
	if c.MetricsAddr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", c.MetricsAddr)
	if err != nil {
		return nil, bot.Errorf("discord.err.listen_metrics", "Addr", c.MetricsAddr, "Error", err.Error())
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if stopping.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "shutting down")
			return
		}
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", discord.ReadyHandler(ready, stopping.Load))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go srv.Serve(ln)
	log.Info("serving metrics", "addr", ln.Addr().String())
	if c.metricsReady != nil {
		c.metricsReady(ln.Addr().String())
	}
	return srv, nil
}

// token reads the bot token from --token-file, else $RULEKEEPER_TOKEN.
func (f *DiscordFlags) token() (string, error) {
	t := strings.TrimSpace(string(f.TokenFile))
	if t == "" {
		t = strings.TrimSpace(os.Getenv("RULEKEEPER_TOKEN"))
	}
	if t == "" {
		return "", bot.Errorf("discord.err.no_token")
	}
	if !strings.HasPrefix(t, "Bot ") {
		t = "Bot " + t
	}
	return t, nil
}
