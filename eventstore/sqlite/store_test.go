package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return open(t, nil) },
		storetest.WithHeldAppends(func(t *testing.T, hold storetest.HoldFunc) eventstore.Store { return open(t, hold) }))
}

// open returns a store on a fresh file whose appends call beforeCommit (if not nil).
func open(t testing.TB, beforeCommit func(ctx context.Context, stream string)) *Store {
	t.Helper()
	db, err := OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	st, err := New(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.beforeCommit = beforeCommit
	t.Cleanup(func() { st.Close() })
	return st
}
