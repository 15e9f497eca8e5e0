// Package backendtest opens the real event-store backends for the tests of what is built on
// them: a fresh SQLite file, or a fresh PostgreSQL database (skipped without a server, a
// failure where GYMLOG_REQUIRE_POSTGRES=1; see pgtest). Everything is closed when the test
// ends.
package backendtest

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
)

// Backend is an event store and the database beside it that read models use.
type Backend struct {
	// Name is "sqlite" or "postgres", as projections.Dialect spells them.
	Name  string
	DB    *sql.DB
	Store eventstore.Store
	// Transactions are the read-model transactions the app's runner takes on this backend
	// (projections.WithTransactions): pipelined on PostgreSQL, nil (the runner's own) on
	// SQLite.
	Transactions projections.Transactions
	// URL is the PostgreSQL database's, to open another node on it; empty for SQLite.
	URL string
}

// Each runs test on SQLite and on PostgreSQL, as parallel subtests.
func Each(t *testing.T, test func(t *testing.T, b Backend)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		test(t, SQLite(t))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		test(t, Postgres(t))
	})
}

// SQLite opens a fresh SQLite file and its event store.
func SQLite(t testing.TB) Backend {
	t.Helper()
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	store, err := sqlite.New(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	return Backend{Name: "sqlite", DB: db, Store: store}
}

// Postgres creates a fresh PostgreSQL database and opens a node on it.
func Postgres(t testing.TB) Backend {
	t.Helper()
	return PostgresAt(t, pgtest.NewDatabase(t))
}

// PostgresAt opens a node on the PostgreSQL database at url: its own pool, event store and
// database handle over the pool.
func PostgresAt(t testing.TB, url string) Backend {
	t.Helper()
	ctx := context.Background()
	cfg, err := postgres.PoolConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	store, err := postgres.New(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	db := stdlib.OpenDBFromPool(pool)
	t.Cleanup(func() { _ = db.Close() })
	return Backend{Name: "postgres", DB: db, Store: store, Transactions: pgprojections.NewTransactions(db), URL: url}
}
