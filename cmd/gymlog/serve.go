package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/sync/errgroup"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/ui"
)

// shutdownGrace is how long in-flight requests get to finish on SIGTERM.
const shutdownGrace = 10 * time.Second

// serve runs the API, the projection runner and the relay until ctx ends.
func serve(ctx context.Context, cfg config, log *slog.Logger) error {
	a, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.close()

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	runner, err := a.runner(log, projections.WithMetrics(reg))
	if err != nil {
		return err
	}
	feed, err := newRelay(ctx, a, cfg, log)
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
		Payments: cfg.payPal(),
	})
	srv := &http.Server{Addr: cfg.Addr, Handler: api, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(ctx) })
	g.Go(func() error { return feed.Run(ctx) })
	g.Go(func() error { recheckSubscriptions(ctx, api, recheck, log); return nil })
	g.Go(func() error {
		log.Info("serving", slog.String("addr", cfg.Addr), slog.String("database", string(a.dialect)))
		if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("listen: %w", err)
		}
		return nil
	})
	g.Go(func() error {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	})
	if err := g.Wait(); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}

// recheckSubscriptions asks PayPal about every trainer's subscription every interval, so a
// cancellation whose webhook was lost is still seen and a trainer whose paid period ended
// stops being one. Each node runs it; the commands are idempotent.
func recheckSubscriptions(ctx context.Context, api *httpapi.Server, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := api.RecheckSubscriptions(ctx); err != nil && ctx.Err() == nil {
				log.Warn("subscription re-check", slog.Any("error", err))
			}
		}
	}
}
