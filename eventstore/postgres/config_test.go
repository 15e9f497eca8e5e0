package postgres_test

import (
	"context"
	"sync"
	"testing"

	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
)

// The read models' handle keeps its sessions when they are released: sixteen statements at
// once, then sixteen again, open sixteen sessions, not thirty (database/sql's default kept two
// and closed the rest, so every burst started PostgreSQL backends anew).
func TestTheHandleKeepsItsSessions(t *testing.T) {
	cfg, err := postgres.PoolConfig(pgtest.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	db := postgres.OpenDB(cfg)
	defer db.Close()
	ctx := context.Background()
	for range 2 {
		var wg sync.WaitGroup
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := db.ExecContext(ctx, "SELECT pg_sleep(0.05)"); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
	}
	if s := db.Stats(); s.MaxIdleClosed > 0 || s.Idle != s.OpenConnections {
		t.Errorf("closed %d sessions as they were released; %d of %d open are idle", s.MaxIdleClosed, s.Idle, s.OpenConnections)
	}
}
