package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
	"github.com/gymlog/gymlog/projections/relay/reactors"
	"github.com/gymlog/gymlog/ui"
)

// shutdownGrace is how long in-flight requests get to finish on SIGTERM.
const shutdownGrace = 10 * time.Second

// The limits on a request's time. A client gets readHeaderTimeout to send its headers and
// readTimeout for the whole request with its body (the API's bodies are a few kilobytes), so
// a body that never arrives holds a connection for seconds, not for the write timeout.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 2 * time.Minute
)

// nodeName names this node the same each time it starts: its host and the address it
// serves on (two nodes on one host cannot share an address).
func nodeName(addr string) string {
	host, err := os.Hostname()
	if err != nil {
		host = "localhost"
	}
	return host + " " + addr
}

// newHTTPServer serves h on addr with the limits above.
func newHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout: readTimeout, WriteTimeout: writeTimeout, IdleTimeout: idleTimeout}
}

// metricsMux serves the Prometheus metrics on /metrics and nothing else. It is only ever
// served on the metrics address, apart from the API, so that the metrics are not open to
// anyone who can reach the app.
func metricsMux(metrics http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics)
	return mux
}

// listen serves srv until ctx ends, then lets in-flight requests finish.
func listen(ctx context.Context, srv *http.Server) error {
	stopped := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		stopped <- srv.Shutdown(shutdownCtx)
	}()
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("listen on %s: %w", srv.Addr, err)
	}
	return <-stopped
}

// serve runs the API, the projection runner (the read models and the relay) and the relay's
// reactors until ctx ends.
func serve(ctx context.Context, cfg config, log *slog.Logger) error {
	now, offset, err := cfg.clock()
	if err != nil {
		return err
	}
	if offset != 0 {
		log.Warn("the clock is moved (GYMLOG_CLOCK_OFFSET): every change is stamped with the moved time; for tests and demos only",
			slog.String("offset", offset.String()), slog.Time("now", now()))
	}
	a, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.close()

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	feed, err := newRelay(ctx, a, cfg, now, log)
	if err != nil {
		return err
	}
	runnerOpts := []projections.Option{projections.WithMetrics(reg)}
	var peers projections.Peers
	if a.dialect == projections.Postgres {
		// Several nodes may serve this database: they tell each other what a poll would
		// learn late (projector progress, ended sessions).
		p, err := pgprojections.NewPeers(a.db, log)
		if err != nil {
			return err
		}
		defer p.Close()
		peers = p
		runnerOpts = append(runnerOpts, projections.WithPeers(p))
	}
	runner, err := a.runner(log, []projections.Projector{feed}, runnerOpts...)
	if err != nil {
		return err
	}

	proxies, err := httpapi.ParseProxies(cfg.TrustedProxies)
	if err != nil {
		return err
	}
	recheck, err := time.ParseDuration(cfg.PayPalRecheck)
	if err != nil || recheck <= 0 {
		return fmt.Errorf("paypal-recheck: want a positive duration such as 1h, got %q", cfg.PayPalRecheck)
	}
	api := httpapi.New(httpapi.Deps{
		Store: eventstore.Instrument(a.store, reg), DB: a.db, Waiter: runner, UI: ui.Dist(), Logger: log, Registry: reg,
		Ready: func(ctx context.Context) error {
			if err := a.db.PingContext(ctx); err != nil {
				return err
			}
			return runner.Ready(ctx) // a stopped read model serves stale or no data: not ready
		},
		Rebuilding: runner.Rebuilding,
		Payments:   cfg.payPal(), TrustedProxies: proxies, Peers: peers, NodeName: nodeName(cfg.Addr), Now: now,
	})
	// Every closing of an account begun is seen through, also one whose request was cut short.
	if err := feed.AddReactor(reactors.NewClosing(api)); err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	servers := []*http.Server{newHTTPServer(cfg.Addr, api)}
	if cfg.MetricsAddr != "" {
		servers = append(servers, newHTTPServer(cfg.MetricsAddr, metricsMux(api.Metrics())))
	}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(ctx) })
	g.Go(func() error { return feed.Run(ctx) })
	g.Go(func() error { recheckSubscriptions(ctx, api, recheck, log); return nil })
	g.Go(func() error { finishClosings(ctx, api, closingSweep, log); return nil })
	log.Info("serving", slog.String("addr", cfg.Addr), slog.String("metrics-addr", cfg.MetricsAddr),
		slog.String("database", string(a.dialect)))
	for _, srv := range servers {
		g.Go(func() error { return listen(ctx, srv) })
	}
	if err := g.Wait(); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// closingSweep is how often serve finishes the closings of accounts left unfinished.
const closingSweep = 5 * time.Minute

// repeat runs task every interval until ctx ends.
func repeat(ctx context.Context, every time.Duration, task func(context.Context)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			task(ctx)
		}
	}
}

// finishClosings finishes, every interval, the closings of accounts begun and not ended: the
// relay's closing reactor finishes a closing cut short at once, and gives up after its
// retries (PayPal down for longer); this takes them up again. Each node runs it; every step
// of a closing runs again harmlessly.
func finishClosings(ctx context.Context, api *httpapi.Server, every time.Duration, log *slog.Logger) {
	repeat(ctx, every, func(ctx context.Context) {
		n, err := api.FinishClosings(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("finishing closings of accounts", slog.Int("finished", n), slog.Any("error", err))
		} else if n > 0 {
			log.Info("finished closings of accounts", slog.Int("finished", n))
		}
	})
}

// recheckSubscriptions asks PayPal about every trainer's subscription every interval, so a
// cancellation whose webhook was lost is still seen and a trainer whose paid period ended
// stops being one. Each node runs it; the commands are idempotent.
func recheckSubscriptions(ctx context.Context, api *httpapi.Server, every time.Duration, log *slog.Logger) {
	repeat(ctx, every, func(ctx context.Context) {
		if err := api.RecheckSubscriptions(ctx); err != nil && ctx.Err() == nil {
			log.Warn("subscription re-check", slog.Any("error", err))
		}
	})
}
