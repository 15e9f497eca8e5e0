package ownership_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/ownership"
)

// The owner's streams are recorded once each, whether events come one per transaction or a
// batch at a time, and an account closing in the middle of a batch forgets exactly the
// streams recorded before it; the user's later streams are recorded again.
func TestStreamsOneByOneAndInBatches(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		testStreams(t, projections.Dialect(b.Name), b.DB, b.Store, b.Transactions)
	})
}

func testStreams(t *testing.T, dialect projections.Dialect, db *sql.DB, store eventstore.Store, txs projections.Transactions) {
	ctx := context.Background()
	if err := projections.Migrate(ctx, db, dialect); err != nil {
		t.Fatal(err)
	}
	add := func(stream, typ, userID string) {
		t.Helper()
		data := fmt.Sprintf(`{"userId":%q}`, userID)
		if userID == "" {
			data = `{"note":"nobody's"}`
		}
		_, err := store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: uuid.NewString(), Type: typ, Data: []byte(data)})
		if err != nil {
			t.Fatal(err)
		}
	}
	// First in the batch: the rows a statement deferred before the closing holds must not
	// change when the batch goes on after it.
	add("workout-c0", workout.TypeSetLogged, "c")
	for i := range 30 {
		add(fmt.Sprintf("workout-a%d", i%4), workout.TypeSetLogged, "a")
		add(fmt.Sprintf("workout-b%d", i%3), workout.TypeSetLogged, "b")
	}
	add("user-a", account.TypeProfileEdited, "a")
	add("system", account.TypeEmailReleased, "")
	add("closed-a", account.TypeAccountClosed, "a")
	add("workout-a9", workout.TypeSetLogged, "a") // after closing: recorded again
	add("workout-b0", workout.TypeSetLogged, "b")
	// A relationship's stream is the trainer's and, once known, the client's too; closing
	// either account erases it, so both rows go.
	for _, s := range []struct{ stream, data string }{{"coaching-x", `{"userId":"b","clientId":"d"}`},
		{"coaching-y", `{"userId":"b","clientId":"e"}`}, {"closed-d", `{"userId":"d"}`}} {
		typ := coaching.TypeRequestAccepted
		if s.stream == "closed-d" {
			typ = account.TypeAccountClosed
		}
		if _, err := store.Append(ctx, s.stream, eventstore.Any, eventstore.EventData{ID: uuid.NewString(),
			Type: typ, Data: []byte(s.data)}); err != nil {
			t.Fatal(err)
		}
	}

	want := []string{"a workout-a9", "b coaching-y", "b workout-b0", "b workout-b1", "b workout-b2", "c workout-c0", "e coaching-y"}
	for _, batch := range []int{1, 7, 500} {
		r, err := projections.NewRunner(db, dialect, store, []projections.Projector{ownership.Projector{}},
			projections.WithBatchSize(batch), projections.WithLogger(slog.New(slog.DiscardHandler)),
			projections.WithTransactions(txs))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Rebuild(ctx, "ownership"); err != nil {
			t.Fatal(err)
		}
		if got := streams(t, db); !slices.Equal(got, want) {
			t.Errorf("batches of %d: got %v, want %v", batch, got, want)
		}
	}
}

func streams(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT user_id, stream FROM user_streams ORDER BY user_id, stream`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u, s string
		if err := rows.Scan(&u, &s); err != nil {
			t.Fatal(err)
		}
		out = append(out, u+" "+s)
	}
	return out
}

// An event of a type the domain does not know (written by a newer build) stops the
// ownership read model there, as a failing Apply does: skipping it would leave a stream that
// closing its owner's account never finds.
func TestUnknownEventTypeStopsOwnership(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		dialect := projections.Dialect(b.Name)
		if err := projections.Migrate(ctx, b.DB, dialect); err != nil {
			t.Fatal(err)
		}
		for _, typ := range []string{workout.TypeSetLogged, "plan.created.v1", workout.TypeSetLogged} {
			if _, err := b.Store.Append(ctx, "workout-w", eventstore.Any,
				eventstore.EventData{ID: uuid.NewString(), Type: typ, Data: []byte(`{"userId":"u"}`)}); err != nil {
				t.Fatal(err)
			}
		}
		r, err := projections.NewRunner(b.DB, dialect, b.Store, []projections.Projector{ownership.Projector{}},
			projections.WithRetry(1, time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
			projections.WithTransactions(b.Transactions))
		if err != nil {
			t.Fatal(err)
		}
		err = r.Rebuild(ctx, "ownership")
		if err == nil || !strings.Contains(err.Error(), `unknown event type "plan.created.v1"`) {
			t.Fatalf("Rebuild: got %v, want it stopped at the unknown type", err)
		}
	})
}

// Found by the property test (seed 273): a claims an address and gives it up, b claims it and
// closes the account, which erases the address's stream with b's others. a's row of that
// stream goes with the claim, so the read model built as the events came is the one a rebuild
// makes from what the log keeps, and no row names a stream that is gone.
func TestAnAddressTakenOverIsErasedWithItsHolder(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		dialect := projections.Dialect(b.Name)
		if err := projections.Migrate(ctx, b.DB, dialect); err != nil {
			t.Fatal(err)
		}
		var head int64
		for _, e := range []struct{ stream, typ, user string }{
			{"email-x", account.TypeEmailClaimed, "a"}, {"email-x", account.TypeEmailReleased, "a"},
			{"email-y", account.TypeEmailClaimed, "a"}, {"email-x", account.TypeEmailClaimed, "b"},
			{"closed-b", account.TypeAccountClosed, "b"},
		} {
			res, err := b.Store.Append(ctx, e.stream, eventstore.Any, eventstore.EventData{ID: uuid.NewString(), Type: e.typ,
				Data: fmt.Appendf(nil, `{"userId":%q}`, e.user)})
			if err != nil {
				t.Fatal(err)
			}
			head = res.Position
		}
		r, err := projections.NewRunner(b.DB, dialect, b.Store, []projections.Projector{ownership.Projector{}},
			projections.WithPollInterval(10*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
			projections.WithTransactions(b.Transactions))
		if err != nil {
			t.Fatal(err)
		}
		run, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- r.Run(run) }()
		wait, cancel := context.WithTimeout(ctx, time.Minute)
		err = r.WaitFor(wait, head)
		cancel()
		stop()
		if runErr := <-done; runErr != nil && !errors.Is(runErr, context.Canceled) {
			t.Fatal(runErr)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"a email-y"}
		if got := streams(t, b.DB); !slices.Equal(got, want) {
			t.Errorf("as the events came: %v, want %v", got, want)
		}
		// The closing erased b's streams, the address's among them.
		if err := b.Store.DeleteStream(ctx, "email-x"); err != nil {
			t.Fatal(err)
		}
		if err := r.Rebuild(ctx, "ownership"); err != nil {
			t.Fatal(err)
		}
		if got := streams(t, b.DB); !slices.Equal(got, want) {
			t.Errorf("rebuilt: %v, want %v", got, want)
		}
	})
}
