package projections_test

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
)

// backend is an event store and its read-model database, migrated, with the test
// projector's tables.
type backend struct {
	dialect projections.Dialect
	db      *sql.DB
	store   eventstore.Store
}

// forEachBackend runs test on SQLite, and on PostgreSQL when the environment provides one.
func forEachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		test(t, newSQLite(t))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		test(t, newPostgres(t))
	})
}

func newSQLite(t *testing.T) backend {
	t.Helper()
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	store, err := sqlite.New(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return setUp(t, backend{dialect: projections.SQLite, db: db, store: store})
}

func newPostgres(t *testing.T) backend {
	t.Helper()
	return newPostgresAt(t, pgtest.NewDatabase(t))
}

// newPostgresAt opens another node on the database at url: its own pool, store and
// read-model handle.
func newPostgresAt(t *testing.T, url string) backend {
	t.Helper()
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	store, err := postgres.New(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	db := stdlib.OpenDBFromPool(pool)
	t.Cleanup(func() { db.Close() })
	return setUp(t, backend{dialect: projections.Postgres, db: db, store: store})
}

func setUp(t *testing.T, b backend) backend {
	t.Helper()
	ctx := context.Background()
	if err := projections.Migrate(ctx, b.db, b.dialect); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range testTablesDDL {
		if _, err := b.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	return b
}
