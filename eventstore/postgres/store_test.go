package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return open(t, nil) },
		storetest.WithHeldAppends(func(t *testing.T, hold storetest.HoldFunc) eventstore.Store { return open(t, hold) }))
}

// open returns a store on a fresh database whose appends call beforeCommit (if not nil).
func open(t testing.TB, beforeCommit func(ctx context.Context, stream string)) *Store {
	t.Helper()
	pool := newPool(t, pgtest.NewDatabase(t))
	st, err := New(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	st.beforeCommit = beforeCommit
	t.Cleanup(func() { st.Close() })
	return st
}

func newPool(t testing.TB, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}
