package bodylog_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/bodylog"
)

type entry struct {
	ID         string
	Day        string
	Amount     float64
	Difference *float64
}

var testLog = bodylog.Log[entry]{
	Table:    "test_entries",
	Columns:  `id, day, amount`,
	Date:     "day",
	NotFound: "Test entry not found.",
	Difference: func(newer *entry, older entry) {
		d := math.Round((newer.Amount-older.Amount)*10) / 10
		newer.Difference = &d
	},
}

func scan(s bodylog.Scanner) (entry, error) {
	var e entry
	err := s.Scan(&e.ID, &e.Day, &e.Amount)
	return e, err
}

// A page is the newest entries first (by day, then the later logged, then id), each with its
// difference from the entry before it, including the last on the page, whose predecessor is on
// the next page; the where clause and its arguments choose the entries counted and listed.
func TestPage(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		if _, err := b.DB.ExecContext(ctx, `CREATE TABLE test_entries (id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
			kind TEXT NOT NULL, day TEXT NOT NULL, amount DOUBLE PRECISION NOT NULL, logged_at BIGINT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		add := func(id, user, kind, day string, amount float64, loggedAt int64) {
			t.Helper()
			if _, err := b.DB.ExecContext(ctx, `INSERT INTO test_entries (id, user_id, kind, day, amount, logged_at)
				VALUES ($1, $2, $3, $4, $5, $6)`, id, user, kind, day, amount, loggedAt); err != nil {
				t.Fatal(err)
			}
		}
		// Eleven entries of u-1's arms, one a day, growing by 0.5; two on the last day, the
		// later logged first; others' entries and u-1's waist in between.
		for i := 1; i <= 10; i++ {
			add(fmt.Sprintf("e%02d", i), "u-1", "arms", fmt.Sprintf("2024-01-%02d", i), 30+float64(i)/2, int64(i))
		}
		add("e11", "u-1", "arms", "2024-01-10", 36, 100)
		add("other", "u-2", "arms", "2024-01-05", 99, 5)
		add("waist", "u-1", "waist", "2024-01-05", 80, 5)
		db := projections.NewPrepared(b.DB)

		first, total, err := testLog.Page(ctx, db, scan, 1, `user_id = $1 AND kind = $2`, "u-1", "arms")
		if err != nil {
			t.Fatal(err)
		}
		if total != 11 || len(first) != bodylog.PageSize {
			t.Fatalf("page 1: got %d of %d entries, want %d of 11", len(first), total, bodylog.PageSize)
		}
		wantIDs := []string{"e11", "e10", "e09", "e08", "e07", "e06", "e05", "e04", "e03"}
		for i, e := range first {
			if e.ID != wantIDs[i] {
				t.Errorf("page 1 entry %d: got %s, want %s", i, e.ID, wantIDs[i])
			}
			if e.Difference == nil {
				t.Errorf("page 1 entry %s: got no difference, want one", e.ID)
			}
		}
		if got, want := *first[0].Difference, 1.0; got != want {
			t.Errorf("e11's difference: got %v, want %v", got, want)
		}
		if got, want := *first[8].Difference, 0.5; got != want {
			t.Errorf("e03's difference (from e02, on page 2): got %v, want %v", got, want)
		}

		second, _, err := testLog.Page(ctx, db, scan, 2, `user_id = $1 AND kind = $2`, "u-1", "arms")
		if err != nil {
			t.Fatal(err)
		}
		if len(second) != 2 || second[0].ID != "e02" || second[1].ID != "e01" {
			t.Fatalf("page 2: got %+v, want e02 and e01", second)
		}
		if second[1].Difference != nil {
			t.Errorf("the first entry's difference: got %v, want none", *second[1].Difference)
		}
	})
}

// ByID reads one entry, and answers the log's not-found message for an id it does not hold.
func TestByID(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		if _, err := b.DB.ExecContext(ctx, `CREATE TABLE test_entries (id TEXT PRIMARY KEY, day TEXT NOT NULL,
			amount DOUBLE PRECISION NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := b.DB.ExecContext(ctx, `INSERT INTO test_entries (id, day, amount) VALUES ('e1', '2024-01-01', 30.5)`); err != nil {
			t.Fatal(err)
		}
		db := projections.NewPrepared(b.DB)

		got, err := testLog.ByID(ctx, db, scan, "e1")
		if err != nil {
			t.Fatal(err)
		}
		if want := (entry{ID: "e1", Day: "2024-01-01", Amount: 30.5}); got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
		_, err = testLog.ByID(ctx, db, scan, "gone")
		if !errors.Is(err, domain.ErrNotFound) || err.Error() != "Test entry not found." {
			t.Errorf("an unknown id: got %v, want not found: Test entry not found.", err)
		}
	})
}
