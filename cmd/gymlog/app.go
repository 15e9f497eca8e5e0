package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver for the read models

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/kurrentdb"
	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// app is the opened databases: the event store and the read models, in one SQLite file or
// one PostgreSQL database, or the event store on KurrentDB and the read models apart.
type app struct {
	store   eventstore.Store
	db      *sql.DB
	dialect projections.Dialect
	// transactions are the read models' own on PostgreSQL (pipelined); nil on SQLite,
	// where the runner's plain ones cost no round trip.
	transactions projections.Transactions
	closers      []func()
	// rebuildMemory is what a rebuild keeps within.
	rebuildMemory int64
}

// projectors lists every read model the app keeps.
func projectors() []projections.Projector { return readmodels.All() }

// open connects to the databases named by cfg, brings their schemas up to date and returns
// the app's stores: the event store and the read models in one SQLite file or one PostgreSQL
// database, or the event store on a KurrentDB server and the read models at ReadModelsURL.
func open(ctx context.Context, cfg config) (*app, error) {
	a := &app{}
	var err error
	if a.rebuildMemory, err = cfg.rebuildMemory(); err != nil {
		return nil, err
	}
	if kurrentdb.IsURL(cfg.DatabaseURL) {
		err = a.openKurrentDB(ctx, cfg)
	} else {
		err = a.openReadModels(ctx, cfg.DatabaseURL, true)
	}
	if err != nil {
		a.close()
		return nil, err
	}
	if err := projections.Migrate(ctx, a.db, a.dialect); err != nil {
		a.close()
		return nil, fmt.Errorf("migrate read models: %w", err)
	}
	return a, nil
}

// openReadModels opens the read models' database at url, and the event store in it too
// when withStore is set.
func (a *app) openReadModels(ctx context.Context, url string, withStore bool) error {
	if isPostgres(url) {
		pcfg, err := postgres.PoolConfig(url)
		if err != nil {
			return err
		}
		if withStore {
			pool, err := pgxpool.NewWithConfig(ctx, pcfg)
			if err != nil {
				return fmt.Errorf("connect to PostgreSQL: %w", err)
			}
			a.closers = append(a.closers, pool.Close)
			if a.store, err = postgres.New(ctx, pool); err != nil {
				return fmt.Errorf("open event store: %w", err)
			}
		}
		db := postgres.OpenDB(pcfg)
		// Keep the read-model connections open between queries: database/sql's default of
		// two idle connections makes a busy node open and close sessions constantly.
		db.SetMaxOpenConns(32)
		db.SetMaxIdleConns(32)
		db.SetConnMaxIdleTime(5 * time.Minute)
		a.db, a.dialect = db, projections.Postgres
		a.transactions = pgprojections.NewTransactions(db)
	} else {
		db, err := sqlite.OpenDB(url)
		if err != nil {
			return fmt.Errorf("open SQLite: %w", err)
		}
		a.db, a.dialect = db, projections.SQLite
		if withStore {
			if a.store, err = sqlite.New(ctx, db); err != nil {
				_ = db.Close()
				return fmt.Errorf("open event store: %w", err)
			}
		}
	}
	// Closed in reverse: the store and read models before the pool they may share.
	a.closers = append(a.closers, func() { _ = a.db.Close() })
	if withStore {
		a.closers = append(a.closers, func() { _ = a.store.Close() })
	}
	return nil
}

// openKurrentDB opens the event store on the KurrentDB server at cfg.DatabaseURL and the
// read models at cfg.ReadModelsURL.
func (a *app) openKurrentDB(ctx context.Context, cfg config) error {
	store, err := kurrentdb.New(ctx, cfg.DatabaseURL, kurrentdb.WithLogger(newLogger(cfg, os.Stderr)))
	if err != nil {
		return fmt.Errorf("open event store: %w", err)
	}
	a.store = store
	a.closers = append(a.closers, func() { _ = store.Close() })
	return a.openReadModels(ctx, cfg.ReadModelsURL, false)
}

func (a *app) close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
}

// runner builds the projection runner over every read model's projector and the extra
// ones (the relay, when serving).
func (a *app) runner(log *slog.Logger, extra []projections.Projector, opts ...projections.Option) (*projections.Runner, error) {
	opts = append([]projections.Option{projections.WithLogger(log), projections.WithTransactions(a.transactions),
		projections.WithRebuildMemory(a.rebuildMemory)}, opts...)
	r, err := projections.NewRunner(a.db, a.dialect, a.store, append(projectors(), extra...), opts...)
	if err != nil {
		return nil, errors.Join(errors.New("projection runner"), err)
	}
	return r, nil
}
