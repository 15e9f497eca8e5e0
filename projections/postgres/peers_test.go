package postgres_test

import (
	"context"
	"database/sql"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	espostgres "github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections/postgres"
)

// node opens a node's read-model handle on the database at url and its peers.
func node(t *testing.T, url string) (*sql.DB, *postgres.Peers) {
	t.Helper()
	cfg, err := espostgres.PoolConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	db := espostgres.OpenDB(cfg)
	t.Cleanup(func() { _ = db.Close() })
	p, err := postgres.NewPeers(db, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	t.Cleanup(func() { once.Do(p.Close) })
	return db, p
}

// heard keeps what a hearer was told.
type heard struct {
	mu      sync.Mutex
	notices []string
}

func (h *heard) on(notice string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.notices = append(h.notices, notice)
}

func (h *heard) got() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.DeleteFunc(slices.Clone(h.notices), func(n string) bool { return n == "" })
}

// Tell returns only once every other node has handed the notice on to its hearers.
func TestTellReturnsOnceEveryNodeTookTheNoticeIn(t *testing.T) {
	url := pgtest.NewDatabase(t)
	_, a := node(t, url)
	_, b := node(t, url)
	_, c := node(t, url)
	var atB, atC heard
	b.Hear("sessions", atB.on)
	c.Hear("sessions", atC.on)
	a.Hear("sessions", func(string) { t.Error("a node hears its own notice") })
	c.Hear("other", func(n string) {
		if n != "" {
			t.Errorf("a hearer of another topic got %q", n)
		}
	})
	// The nodes know each other once they have said hello and answered.
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; ; i++ {
		if err := a.Tell(t.Context(), "sessions", "token warm-up"); err != nil {
			t.Fatal(err)
		}
		if len(atB.got()) > i && len(atC.got()) > i {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the nodes never heard each other")
		}
	}
	for i := range 20 {
		notice := "user " + string(rune('a'+i))
		if err := a.Tell(t.Context(), "sessions", notice); err != nil {
			t.Fatal(err)
		}
		for name, h := range map[string]*heard{"b": &atB, "c": &atC} {
			if got := h.got(); got[len(got)-1] != notice {
				t.Fatalf("node %s when Tell returned: last notice %q, want %q", name, got[len(got)-1], notice)
			}
		}
	}
}

// A node that is gone holds a notice up once, for the acknowledgement bound, and then no
// more; one whose connection is cut hears "" (notices lost) and hears again once back.
func TestPeersOutliveANodeThatIsGone(t *testing.T) {
	url := pgtest.NewDatabase(t)
	dbA, a := node(t, url)
	_, b := node(t, url)
	var atA heard
	a.Hear("sessions", atA.on)
	for len(atA.got()) == 0 {
		if err := b.Tell(t.Context(), "sessions", "hello a"); err != nil {
			t.Fatal(err)
		}
	}

	// a's listening connection is cut: it hears that it may have missed notices.
	var lost sync.WaitGroup
	lost.Add(1)
	var once sync.Once
	a.Hear("lost", func(n string) {
		if n == "" {
			once.Do(lost.Done)
		}
	})
	if _, err := dbA.ExecContext(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN gymlog_peers%'`); err != nil {
		t.Fatal(err)
	}
	lost.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for !slices.Contains(atA.got(), "back") {
		if err := b.Tell(t.Context(), "sessions", "back"); err != nil {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("a does not hear again after its connection was cut")
		}
		time.Sleep(10 * time.Millisecond)
	}

	// The termination cut b's listening connection too (both LISTEN): b knows a again once a
	// acknowledges what b tells after b is back.
	for b.Nodes() != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("nodes b knows: got %d, want 1", b.Nodes())
		}
		if err := b.Tell(t.Context(), "sessions", "back"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	a.Close()
	for range 2 {
		began := time.Now()
		if err := b.Tell(context.Background(), "sessions", "anyone?"); err != nil {
			t.Fatal(err)
		}
		t.Logf("Tell with a gone node took %v", time.Since(began))
	}
	if got := b.Nodes(); got != 0 {
		t.Errorf("nodes b knows once a is gone: got %d, want 0", got)
	}
}
