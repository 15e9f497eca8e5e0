package projections_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
)

// backend is an event store and its read-model database, migrated, with the test
// projector's tables, and the read-model transactions the app takes on it.
type backend struct {
	dialect projections.Dialect
	db      *sql.DB
	store   eventstore.Store
	tx      projections.Transactions
}

// newRunner returns a runner on b, with the app's read-model transactions there.
func newRunner(t *testing.T, b backend, projectors []projections.Projector, opts ...projections.Option) *projections.Runner {
	t.Helper()
	r, err := projections.NewRunner(b.db, b.dialect, b.store, projectors,
		append([]projections.Option{projections.WithTransactions(b.tx)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// forEachBackend runs test on SQLite, and on PostgreSQL when the environment provides one.
func forEachBackend(t *testing.T, test func(t *testing.T, b backend)) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) { test(t, setUp(t, fromBackend(b))) })
}

// newPostgresAt opens another node on the database at url: its own pool, store and
// read-model handle.
func newPostgresAt(t *testing.T, url string) backend {
	t.Helper()
	return setUp(t, fromBackend(backendtest.PostgresAt(t, url)))
}

func fromBackend(b backendtest.Backend) backend {
	return backend{dialect: projections.Dialect(b.Name), db: b.DB, store: b.Store, tx: b.Transactions}
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
