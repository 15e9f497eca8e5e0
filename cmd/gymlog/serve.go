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

	api := httpapi.New(httpapi.Deps{
		Store: eventstore.Instrument(a.store, reg), DB: a.db, Waiter: runner, UI: ui.Dist(), Logger: log, Registry: reg,
		Ready: func(ctx context.Context) error { return a.db.PingContext(ctx) },
	})
	srv := &http.Server{Addr: cfg.Addr, Handler: api, ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(ctx) })
	g.Go(func() error { return feed.Run(ctx) })
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
