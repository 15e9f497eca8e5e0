package progress_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/progress"
)

// fixture is a backend with the progress projector following its store: events given to it
// are stored and applied before given returns.
type fixture struct {
	t       *testing.T
	b       backendtest.Backend
	runner  *projections.Runner
	q       *progress.Queries
	last    int64
	counter int
}

func newFixture(t *testing.T, b backendtest.Backend) *fixture {
	t.Helper()
	f := newIdleFixture(t, b)
	f.start()
	return f
}

// newIdleFixture is a fixture whose projector starts to follow the store when start is called:
// the events stored before then are applied in batches as large as the runner reads.
func newIdleFixture(t *testing.T, b backendtest.Backend) *fixture {
	t.Helper()
	if err := projections.Migrate(context.Background(), b.DB, projections.Dialect(b.Name)); err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, b: b, q: progress.NewQueries(b.DB)}
}

func (f *fixture) start() {
	f.t.Helper()
	r, err := projections.NewRunner(f.b.DB, projections.Dialect(f.b.Name), f.b.Store, []projections.Projector{progress.Projector{}},
		projections.WithPollInterval(10*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
		projections.WithTransactions(f.b.Transactions))
	if err != nil {
		f.t.Fatal(err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = r.Run(runCtx) }()
	f.t.Cleanup(func() { cancel(); <-done })
	f.runner = r
}

// given stores events, each in its stream as the app would, and waits for them to be applied.
func (f *fixture) given(events ...domain.Event) {
	f.t.Helper()
	f.store(events...)
	f.wait()
}

// store stores events, each in its stream as the app would.
func (f *fixture) store(events ...domain.Event) {
	f.t.Helper()
	ctx := context.Background()
	for _, e := range events {
		stream := "closed-" + e.(domain.Owned).OwnerID()
		if s, ok := e.(workout.Subject); ok {
			id, _ := s.Subject()
			stream = "workout-" + id
		}
		data, err := json.Marshal(e)
		if err != nil {
			f.t.Fatal(err)
		}
		f.counter++
		res, err := f.b.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{
			ID: fmt.Sprintf("7d0c6f7e-5d55-4b0e-9a43-%012d", f.counter), Type: e.EventType(), Data: data})
		if err != nil {
			f.t.Fatal(err)
		}
		f.last = res.Position
	}
}

// wait waits until the projector has applied every event stored.
func (f *fixture) wait() {
	f.t.Helper()
	wait, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.runner.WaitFor(wait, f.last, progress.Name); err != nil {
		f.t.Fatal(err)
	}
}

// requireRebuildSame rebuilds the read model from the events and fails unless it equals what
// was built as they arrived, and unless a rebuild in partitions of users writes the rows a
// rebuild in one pass does.
func (f *fixture) requireRebuildSame() {
	f.t.Helper()
	f.requirePartitionsSame()
	live := dumpTables(f.t, f.b)
	if err := f.runner.Rebuild(context.Background(), progress.Name); err != nil {
		f.t.Fatal(err)
	}
	if rebuilt := dumpTables(f.t, f.b); !slices.Equal(live, rebuilt) {
		f.t.Fatalf("rebuilt:\n%s\nwant as built live:\n%s", strings.Join(rebuilt, "\n"), strings.Join(live, "\n"))
	}
}

// dumpTables lists every row of the progress tables, sorted.
func dumpTables(t *testing.T, b backendtest.Backend) []string {
	return backendtest.Dump(t, b.DB, (progress.Projector{}).Tables()...)
}

var at = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

func started(user, id, date, start string) workout.WorkoutStarted {
	return workout.WorkoutStarted{WorkoutID: id, UserID: user, Date: date, StartTime: start, StartedAt: at}
}

func finished(user, id, finish string) workout.WorkoutFinished {
	return workout.WorkoutFinished{WorkoutID: id, UserID: user, FinishTime: finish, FinishedAt: at}
}

func lifted(user, workoutID, setID, name string, kg float64, reps int, done bool) workout.SetLogged {
	return workout.SetLogged{SetID: setID, WorkoutID: workoutID, UserID: user, Done: done, LoggedAt: at,
		SetFields: workout.SetFields{Exercise: name, Category: "free-weights", Weight: &kg, Unit: "kg", Reps: &reps}}
}

func closed(user string) account.AccountClosed { return account.AccountClosed{UserID: user} }
