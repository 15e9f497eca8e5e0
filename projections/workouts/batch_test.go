package workouts_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/progress"
	"github.com/gymlog/gymlog/projections/workouts"
)

// TestBatchEqualsOneByOne proves that applying the workouts projector's events in batches
// (through ApplyBatch, once the projector has it) leaves exactly the read model that Apply
// leaves one event per transaction:
//
//  1. A seeded random history of several users (interleaved runs of set logs, sets logged
//     into workouts dated before others, marks, edits, deletes, moves, finishes and workout
//     deletes) is applied one event per transaction, through Apply alone, to a reference
//     read model, which then follows the store to the end.
//  2. The read model under test, in its own database, is rebuilt in batches of 500 and must
//     equal the reference.
//  3. More history is applied live in batches of 7 (a backlog of full batches, then whatever
//     has arrived) by the projector the app runs, which remembers what it wrote (New), and
//     both read models are compared every few commands: later events recompute bests, so a
//     wrong flag could be gone by the end, and a stale memory shows in the next run.
//
// The progress read model (projections/progress), fed from the same events, runs beside it in
// every pass: rebuilt and live, it must equal its one-at-a-time reference, and each of its
// days and totals must equal a recomputation from the workouts read model's workouts and
// sets.
//
// Every read model is also checked against bests recomputed from its sets. A batch that
// fails, so that the runner falls back to Apply, fails the test: the batch path must do the
// work itself. It runs on SQLite, and on PostgreSQL when GYMLOG_TEST_POSTGRES_URL is set.
func TestBatchEqualsOneByOne(t *testing.T) {
	_, batched := any(workouts.Projector{}).(projections.BatchProjector)
	t.Logf("workouts.Projector implements projections.BatchProjector: %v", batched)
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		testBatchEqualsOneByOne(t, projections.SQLite, openSQLite(t))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		testBatchEqualsOneByOne(t, projections.Postgres, openPostgres(t))
	})
}

// batchBackend is an event store and two read-model databases fed from it: one built one
// event at a time, the reference, and one under test.
type batchBackend struct {
	store         eventstore.Store
	reference, db *sql.DB
	// txs are the transactions of the database under test as the app takes them (pipelined
	// on PostgreSQL); the reference takes the runner's plain ones.
	txs projections.Transactions
}

func testBatchEqualsOneByOne(t *testing.T, dialect projections.Dialect, b batchBackend) {
	ctx := context.Background()
	for _, db := range []*sql.DB{b.reference, b.db} {
		if err := projections.Migrate(ctx, db, dialect); err != nil {
			t.Fatal(err)
		}
	}
	logs := &warnings{}
	runner := func(db *sql.DB, p projections.Projector, batch int) *projections.Runner {
		t.Helper()
		var txs projections.Transactions
		if db == b.db {
			txs = b.txs
		}
		r, err := projections.NewRunner(db, dialect, b.store, []projections.Projector{p, progress.Projector{}},
			projections.WithBatchSize(batch), projections.WithPollInterval(20*time.Millisecond),
			projections.WithLogger(slog.New(logs)), projections.WithTransactions(txs))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	h := newHistory(t, b.store, rand.New(rand.NewPCG(20261121, 7)))

	// 1. The whole history first, no runner; then the reference, one event per transaction.
	h.write(ctx, 400)
	h.requireVariety()
	t.Logf("history: %d events; %d runs of set logs (longest %d): %d appending to every exercise's history, "+
		"%d with a set before an exercise's newest, %d before one of the same run; commands %v",
		h.events, h.runs, h.longest, h.appending, h.behind, h.crossed, h.done)
	reference := runner(b.reference, oneAtATime{workouts.Projector{}}, 1)
	defer runRunner(ctx, reference)()
	waitFor(t, ctx, reference, h.last)
	logs.check(t, "reference")
	checkBestsPerUser(t, b.reference)
	checkSetNumbers(t, b.reference)
	checkProgress(t, b.reference)
	want := dumpWithProgress(t, b.reference)

	// 2. The same history rebuilt in batches of 500: all of it in one transaction.
	rebuilt := &batchLog{}
	rebuilder := runner(b.db, recording{Projector: workouts.New(), log: rebuilt}, 500)
	for _, name := range []string{workouts.Name, progress.Name} {
		if err := rebuilder.Rebuild(ctx, name); err != nil {
			t.Fatalf("rebuild %s in batches of 500: %v", name, err)
		}
	}
	logs.check(t, "rebuild in batches of 500")
	t.Logf("rebuild in batches of 500: %v", rebuilt)
	requireSameDump(t, "reference", want, "rebuilt in batches of 500", dumpWithProgress(t, b.db))

	// 3. Batches of 7, live: a backlog first (full batches that cut runs of set logs), then
	// more history written while the runners follow (batches of whatever has arrived).
	h.write(ctx, 50)
	batches := &batchLog{}
	live := runner(b.db, recording{Projector: workouts.New(), log: batches}, 7)
	stopLive := runRunner(ctx, live)
	defer stopLive()
	checkpoints := 0
	compare := func() {
		t.Helper()
		checkpoints++
		waitFor(t, ctx, live, h.last)
		waitFor(t, ctx, reference, h.last)
		at := fmt.Sprintf("applied live in batches of 7, to position %d", h.last)
		checkBestsPerUser(t, b.db)
		checkSetNumbers(t, b.db)
		checkProgress(t, b.db)
		if t.Failed() {
			t.Fatalf("%s: wrong bests or progress", at)
		}
		requireSameDump(t, "reference", dumpWithProgress(t, b.reference), at, dumpWithProgress(t, b.db))
	}
	compare()
	h.after = func() {
		if h.rng.IntN(2) == 0 {
			compare()
		}
	}
	h.write(ctx, 80)
	h.after = nil
	compare()
	stopLive()
	logs.check(t, "live batches of 7")
	t.Logf("live batches of 7, compared at %d points: %v", checkpoints, batches)
	if batches.withRun < 3 || batches.cut < 1 {
		t.Fatalf("live batches of 7: %v; too few hold runs of set logs for the test to prove much", batches)
	}
	t.Logf("read models: %d rows from %d events", len(dumpWithProgress(t, b.db)), h.events)
}

// oneAtATime is the workouts projector without its ApplyBatch (only the methods of the
// Projector interface are promoted): the runner hands it one event at a time.
type oneAtATime struct{ projections.Projector }

// recording is the workouts projector, batch path included, noting the batches it is handed.
// Before the projector has a batch path, it applies a batch one event at a time, in its
// transaction, as the runner would.
type recording struct {
	workouts.Projector
	log *batchLog
}

func (p recording) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	p.log.add(events)
	if bp, ok := any(p.Projector).(projections.BatchProjector); ok {
		return bp.ApplyBatch(ctx, tx, events)
	}
	for _, ev := range events {
		if err := p.Projector.Apply(ctx, tx, ev); err != nil {
			return err
		}
	}
	return nil
}

// batchLog sums up the batches a projector was handed.
type batchLog struct {
	mu      sync.Mutex
	batches int
	sizes   [8]int // batches of 1 to 7 events; 0 counts the larger ones
	withRun int    // batches holding two or more set logs in a row
	cut     int    // batches starting inside a run of set logs the previous one ended
	last    string // the type of the previous batch's last event
}

func (l *batchLog) add(events []projections.Event) {
	if len(events) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.batches++
	if n := len(events); n < len(l.sizes) {
		l.sizes[n]++
	} else {
		l.sizes[0]++
	}
	run, longest := 0, 0
	for _, ev := range events {
		if ev.Type != workout.TypeSetLogged {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	if longest >= 2 {
		l.withRun++
	}
	if l.last == workout.TypeSetLogged && events[0].Type == workout.TypeSetLogged {
		l.cut++
	}
	l.last = events[len(events)-1].Type
}

func (l *batchLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var sizes []string
	for n, c := range l.sizes[1:] {
		if c > 0 {
			sizes = append(sizes, fmt.Sprintf("%d×%d", c, n+1))
		}
	}
	if l.sizes[0] > 0 {
		sizes = append(sizes, fmt.Sprintf("%d larger", l.sizes[0]))
	}
	return fmt.Sprintf("%d batches (%s), %d holding a run of set logs, %d cutting one",
		l.batches, strings.Join(sizes, ", "), l.withRun, l.cut)
}

// openSQLite returns two fresh SQLite databases: the store's, also the read model under
// test, and the reference read model's.
func openSQLite(t *testing.T) batchBackend {
	t.Helper()
	b := backendtest.SQLite(t)
	reference, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "reference.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = reference.Close() })
	return batchBackend{store: b.Store, db: b.DB, reference: reference}
}

// openPostgres returns two fresh PostgreSQL databases (skipping without a server): the
// store's, also the read model under test, and the reference read model's.
func openPostgres(t *testing.T) batchBackend {
	t.Helper()
	b, reference := backendtest.Postgres(t), backendtest.Postgres(t)
	return batchBackend{store: b.Store, db: b.DB, reference: reference.DB, txs: b.Transactions}
}

// runRunner runs r until the returned stop is first called; stop waits for Run to return.
func runRunner(ctx context.Context, r *projections.Runner) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = r.Run(ctx) }()
	return func() { cancel(); <-done }
}

func waitFor(t *testing.T, ctx context.Context, r *projections.Runner, position int64) {
	t.Helper()
	// A ceiling to catch a runner that stalls, not a timing check: under -race beside every
	// other package on two cores, catching up took over 30 s.
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := r.WaitFor(ctx, position); err != nil {
		t.Fatalf("wait for position %d: %v", position, err)
	}
}

// warnings records what the runner logs at warning level and above.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (w *warnings) WithAttrs([]slog.Attr) slog.Handler           { return w }
func (w *warnings) WithGroup(string) slog.Handler                { return w }

func (w *warnings) Handle(_ context.Context, r slog.Record) error {
	msg := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
	w.mu.Lock()
	w.msgs = append(w.msgs, msg)
	w.mu.Unlock()
	return nil
}

// check fails the test when the runner fell back from a failed batch to one event at a
// time, or an event failed: the read model would then not be the batch path's. Other
// warnings (a lease lost at shutdown) are only logged. It clears what it saw.
func (w *warnings) check(t *testing.T, pass string) {
	t.Helper()
	w.mu.Lock()
	msgs := w.msgs
	w.msgs = nil
	w.mu.Unlock()
	var failed []string
	for _, m := range msgs {
		if strings.Contains(m, "batch") || strings.Contains(m, "fail") {
			failed = append(failed, m)
		} else {
			t.Logf("%s: runner warned: %s", pass, m)
		}
	}
	if len(failed) > 0 {
		t.Fatalf("%s: the batch path failed and the runner applied events one at a time instead:\n  %s",
			pass, strings.Join(failed, "\n  "))
	}
}

// requireSameDump fails with the first lines that only one of two sorted dumps holds.
func requireSameDump(t *testing.T, wantName string, want []string, gotName string, got []string) {
	t.Helper()
	if reflect.DeepEqual(want, got) {
		return
	}
	var diff []string
	i, j := 0, 0
	for (i < len(want) || j < len(got)) && len(diff) < 12 {
		switch {
		case j == len(got) || i < len(want) && want[i] < got[j]:
			diff = append(diff, "  only "+wantName+": "+want[i])
			i++
		case i == len(want) || got[j] < want[i]:
			diff = append(diff, "  only "+gotName+": "+got[j])
			j++
		default:
			i, j = i+1, j+1
		}
	}
	t.Fatalf("read model %s differs from %s (%d rows vs %d); first differences:\n%s",
		gotName, wantName, len(got), len(want), strings.Join(diff, "\n"))
}

// checkSetNumbers checks that every set's number counts the sets of its exercise in its
// workout up to it, in the order they were logged.
func checkSetNumbers(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT id, workout_id, exercise_key, set_number FROM workout_sets ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	counts := map[[2]string]int64{}
	renumbered := 0
	for rows.Next() {
		var id, workoutID, key string
		var number int64
		if err := rows.Scan(&id, &workoutID, &key, &number); err != nil {
			t.Fatal(err)
		}
		k := [2]string{workoutID, key}
		counts[k]++
		if number != counts[k] {
			t.Errorf("set %s: number %d, want %d", id, number, counts[k])
		}
		if counts[k] > 1 {
			renumbered++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if renumbered == 0 {
		t.Fatal("no exercise has two sets in a workout: the test proves little")
	}
}

// checkBestsPerUser is checkBests for many users and cardio sets: every pb flag and every
// personal_bests row equals a recomputation from each user's whole history of the exercise,
// in history-key order. Cardio sets are never bests.
func checkBestsPerUser(t *testing.T, db *sql.DB) {
	t.Helper()
	type set struct {
		id, user, key, category, hk string
		done, pb                    bool
		value                       *float64
	}
	rows, err := db.Query(`SELECT id, user_id, exercise_key, category, history_key, done, pb,
		CASE WHEN category = 'bodyweight' THEN reps ELSE weight_kg END FROM workout_sets`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var sets []set
	for rows.Next() {
		var s set
		if err := rows.Scan(&s.id, &s.user, &s.key, &s.category, &s.hk, &s.done, &s.pb, &s.value); err != nil {
			t.Fatal(err)
		}
		sets = append(sets, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// Sorted here, byte-wise, so the check does not depend on the database's collation.
	sort.Slice(sets, func(i, j int) bool {
		a, b := sets[i], sets[j]
		if a.user != b.user {
			return a.user < b.user
		}
		if a.key != b.key {
			return a.key < b.key
		}
		return a.hk < b.hk
	})
	type exercise struct{ user, key string }
	best := map[exercise]float64{}
	previous := map[exercise]*float64{}
	latest := map[exercise]string{}
	pbs := 0
	for _, s := range sets {
		e := exercise{s.user, s.key}
		b, seen := best[e]
		want := s.done && s.category != "cardio" && s.value != nil && (!seen || *s.value > b)
		if want {
			pbs++
			if seen {
				p := b
				previous[e] = &p
			}
			best[e], latest[e] = *s.value, s.id
		}
		if s.pb != want {
			t.Errorf("set %s of %s (%s, value %v, done %v): pb %v, want %v", s.id, s.user, s.key, deref(s.value), s.done, s.pb, want)
		}
	}
	if len(sets) < 100 || pbs < 10 {
		t.Fatalf("only %d sets and %d bests: the test proves little", len(sets), pbs)
	}
	got := map[exercise]string{}
	bests, err := db.Query(`SELECT user_id, exercise_key, set_id, previous_value FROM personal_bests`)
	if err != nil {
		t.Fatal(err)
	}
	defer bests.Close()
	for bests.Next() {
		var e exercise
		var id string
		var prev *float64
		if err := bests.Scan(&e.user, &e.key, &id, &prev); err != nil {
			t.Fatal(err)
		}
		got[e] = id
		if !reflect.DeepEqual(prev, previous[e]) {
			t.Errorf("best of %s for %s: previous %v, want %v", e.key, e.user, deref(prev), deref(previous[e]))
		}
	}
	if err := bests.Err(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, latest) {
		t.Errorf("personal_bests: got %v, want %v", got, latest)
	}
}

// history writes random workout commands for a few users straight into the store, a minute
// of event time apart. It keeps a small model of the sets, for its statistics and choices.
type history struct {
	t     *testing.T
	store eventstore.Store
	rng   *rand.Rand
	now   time.Time
	users []string
	units map[string]string
	// open lists each user's workouts not deleted; sets every set logged, gone or not.
	open map[string][]*historyWorkout
	sets []*historySet
	n    int // ids handed out

	last      int64          // position of the newest event
	events    int            // events written
	runs      int            // runs of two or more consecutive set logs
	longest   int            // the longest run
	appending int            // runs whose every done strength set is its exercise's newest
	behind    int            // runs with a done strength set before its exercise's newest
	crossed   int            // runs with a done strength set before one of the same run
	done      map[string]int // commands that wrote events, by kind

	// after, when set, runs after each run of set logs and each other command.
	after func()
}

type historyWorkout struct {
	id, user    string
	date, start string
	finished    bool
	deleted     bool
}

// when orders workouts in time, as the read model's history keys do.
func (w *historyWorkout) when() string { return w.date + "T" + w.start }

type historySet struct {
	workout  *historyWorkout
	id       string
	exercise string // empty for cardio
	done     bool
	deleted  bool
}

func (s *historySet) live() bool { return !s.deleted && !s.workout.deleted }

func newHistory(t *testing.T, store eventstore.Store, rng *rand.Rand) *history {
	return &history{
		t: t, store: store, rng: rng,
		now:   time.Date(2028, 1, 1, 9, 0, 0, 0, time.UTC), // after every date the history gives: none is in the future
		users: []string{"u1", "u2", "u3", "u4"},
		units: map[string]string{"u1": "kg", "u2": "kg", "u3": "lbs", "u4": "kg"},
		open:  map[string][]*historyWorkout{},
		done:  map[string]int{},
	}
}

// exec runs one command of kind on a workout and reports whether it wrote events; a command
// on a set or workout gone since is no error, it just writes nothing.
func (h *history) exec(ctx context.Context, kind string, w *historyWorkout,
	act func(wk *workout.Workout, now time.Time) ([]domain.Event, error)) bool {
	h.t.Helper()
	return h.execAs(ctx, kind, w, eventstore.Metadata{CommandID: h.id("c")}, act)
}

// execAs is exec with the command's metadata given.
func (h *history) execAs(ctx context.Context, kind string, w *historyWorkout, meta eventstore.Metadata,
	act func(wk *workout.Workout, now time.Time) ([]domain.Event, error)) bool {
	h.t.Helper()
	h.now = h.now.Add(time.Minute)
	var n int
	res, err := app.Execute(ctx, app.New(h.store, app.Queries{}), "workout-"+w.id, meta,
		func() *workout.Workout { return workout.New(w.id) },
		func(wk *workout.Workout) ([]domain.Event, error) {
			events, err := act(wk, h.now)
			n = len(events)
			return events, err
		})
	if err != nil && domain.KindOf(err) != domain.KindNotFound {
		h.t.Fatalf("%s on workout %s: %v", kind, w.id, err)
	}
	if err != nil || n == 0 {
		return false
	}
	h.events += n
	h.last = max(h.last, res.Position)
	h.done[kind]++
	return true
}

func (h *history) id(prefix string) string {
	h.n++
	return fmt.Sprintf("%s%d", prefix, h.n)
}

// date is a random day in October and November 2026, so new workouts land before old ones.
func (h *history) date() string {
	return time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, h.rng.IntN(61)).Format(time.DateOnly)
}

// start starts a workout of user on date, a random one when empty.
func (h *history) start(ctx context.Context, user, date string) {
	if date == "" {
		date = h.date()
	}
	w := &historyWorkout{id: h.id("w"), user: user, date: date, start: []string{"07:00", "12:30", "18:15"}[h.rng.IntN(3)]}
	h.exec(ctx, "start", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
		in := workout.StartInput{UserID: user, Date: w.date, StartTime: w.start}
		if h.n%3 == 0 { // every third from a plan, without drawing from rng: its sets to do, its notes
			return wk.StartFromPlan(in, historyPlan(h.units[user]), func(i int) string { return fmt.Sprintf("%s-p%d", w.id, i) }, now)
		}
		return wk.Start(in, now)
	})
	h.open[user] = append(h.open[user], w)
}

// historyPlan is the plan every third workout of a history starts from: sets to do of two of
// the history's exercises (one twice in the plan, with two notes) and a run.
func historyPlan(unit string) workout.PlanSnapshot {
	f := func(x float64) *float64 { return &x }
	n := func(x int) *int { return &x }
	return workout.PlanSnapshot{ID: "p1", Version: 3, Name: "Plan A", Exercises: []workout.PlannedExercise{
		{Exercise: "Barbell Back Squat", Category: "free-weights", Notes: "Brace",
			Targets: []workout.SetFields{{Weight: f(70), Unit: unit, Reps: n(5)}, {Weight: f(70), Unit: unit, Reps: n(5)}}},
		{Exercise: "Pull-Up", Category: "bodyweight", Targets: []workout.SetFields{{Unit: unit, Reps: n(6)}}},
		{Exercise: "Barbell Back Squat", Category: "free-weights", Notes: "Back-off sets",
			Targets: []workout.SetFields{{Weight: f(50), Unit: unit, Reps: n(8)}}},
		{Exercise: "Running", Category: "cardio", Notes: "Cool down", Targets: []workout.SetFields{{Distance: f(1), DistanceUnit: "km"}}},
	}}
}

// nextDate is a day or two after the user's latest workout, and after any date() gives.
func (h *history) nextDate(user string) string {
	d := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	for _, w := range h.open[user] {
		if t, _ := time.Parse(time.DateOnly, w.date); t.After(d) {
			d = t
		}
	}
	return d.AddDate(0, 0, 1+h.rng.IntN(2)).Format(time.DateOnly)
}

// Where a run of set logs goes, for each set: a random user's latest workout (training
// today), one of the user's two latest (going back and forth between two sessions, which
// puts sets of one run out of time order), or any (a past workout filled in).
const (
	latest = iota
	recent
	anyWorkout
)

// pick returns an open workout of user (a random one when empty), as where says.
func (h *history) pick(ctx context.Context, where int, user string) *historyWorkout {
	if user == "" {
		user = h.users[h.rng.IntN(len(h.users))]
	}
	if len(h.open[user]) == 0 {
		h.start(ctx, user, "")
	}
	ws := slices.SortedFunc(slices.Values(h.open[user]), func(a, b *historyWorkout) int {
		return strings.Compare(b.when(), a.when())
	})
	switch where {
	case latest:
		return ws[0]
	case recent:
		return ws[h.rng.IntN(min(2, len(ws)))]
	}
	return ws[h.rng.IntN(len(ws))]
}

// newest is the latest workout time of a live set of the user's exercise among sets.
func newest(sets []*historySet, user, exercise string) string {
	var newest string
	for _, s := range sets {
		if s.live() && s.workout.user == user && s.exercise == exercise {
			newest = max(newest, s.workout.when())
		}
	}
	return newest
}

// strength is a random set of a weighted or bodyweight exercise, done (with an RPE) two
// times in three. Loads creep up as the history grows, so new bests keep coming.
func (h *history) strength() workout.StrengthInput {
	f := func(x float64) *float64 { return &x }
	progress := float64(h.n / 40)
	var in workout.StrengthInput
	switch h.rng.IntN(3) {
	case 0:
		in = workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: f(60 + 5*float64(h.rng.IntN(6)) + 2.5*progress), Reps: f(float64(3 + h.rng.IntN(6)))}
	case 1:
		in = workout.StrengthInput{Exercise: "Barbell Bench Press", Weight: f(40 + 2.5*float64(h.rng.IntN(8)) + 1.25*progress), Reps: f(float64(3 + h.rng.IntN(8)))}
	default:
		in = workout.StrengthInput{Exercise: "Pull-Up", Reps: f(float64(3 + h.rng.IntN(6) + h.n/60))}
	}
	if h.rng.IntN(3) > 0 {
		in.RPE = f(float64(6 + h.rng.IntN(5)))
	}
	return in
}

// cardio is a random run, done half the time.
func (h *history) cardio() workout.CardioInput {
	f := func(x float64) *float64 { return &x }
	in := workout.CardioInput{Exercise: "Running", Distance: f(float64(2+h.rng.IntN(80)) / 8), Unit: "km",
		Minutes: f(float64(10 + h.rng.IntN(50))), Seconds: f(float64(h.rng.IntN(60)))}
	if h.rng.IntN(2) == 0 {
		in.RPE = f(float64(5 + h.rng.IntN(5)))
	}
	return in
}

// logSet logs a strength set (one in six a cardio one) into a workout of user (or a random
// user), and reports whether it is a done strength set before its exercise's newest set,
// and whether that set was logged in the same run, since h.sets[from].
func (h *history) logSet(ctx context.Context, where int, user string, from int) (behind, crossed bool) {
	w := h.pick(ctx, where, user)
	// Most set ids derive from their workout and command, as the app's do (the projector's
	// memory may answer for those); some are made otherwise, as before ids were scoped, or
	// by a copy or an import (read, whatever memory holds).
	meta := eventstore.Metadata{CommandID: h.id("c")}
	s := &historySet{workout: w, id: meta.EntityID("set", w.id)}
	if h.n%4 == 0 { // not from rng, which draws the rest of the history
		s.id = h.id("s")
	}
	var ok bool
	if h.rng.IntN(6) == 0 {
		in := h.cardio()
		ok = h.execAs(ctx, "log cardio", w, meta, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
			return wk.LogCardio(s.id, in, now)
		})
		s.done = in.RPE != nil
	} else {
		in, unit := h.strength(), h.units[w.user]
		s.exercise, s.done = in.Exercise, in.RPE != nil
		before := newest(h.sets[:from], w.user, s.exercise)
		behind = s.done && w.when() < max(before, newest(h.sets[from:], w.user, s.exercise))
		crossed = behind && w.when() >= before
		ok = h.execAs(ctx, "log strength", w, meta, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
			return wk.LogStrength(s.id, in, unit, now)
		})
	}
	if !ok {
		return false, false
	}
	h.sets = append(h.sets, s)
	return behind, crossed
}

// write appends commands until about n more events are stored: runs of set logs that mix
// users' workouts, between them single other commands.
func (h *history) write(ctx context.Context, n int) {
	h.t.Helper()
	f := func(x float64) *float64 { return &x }
	target := h.events + n
	if len(h.open) == 0 {
		for range 4 {
			for _, u := range h.users {
				h.start(ctx, u, "")
			}
		}
	}
	for h.events < target {
		if len(h.sets) == 0 || h.rng.IntN(3) == 0 {
			// Half the runs are people training: sets appended to their latest workouts. A
			// quarter are one user's, between two sessions, the newer often just started.
			run, where, user := 1+h.rng.IntN(10), []int{latest, latest, recent, anyWorkout}[h.rng.IntN(4)], ""
			if where == recent {
				user = h.users[h.rng.IntN(len(h.users))]
				if h.rng.IntN(2) == 0 {
					h.start(ctx, user, h.nextDate(user))
				}
			}
			from, behind, crossed := len(h.sets), false, false
			for range run {
				b, c := h.logSet(ctx, where, user, from)
				behind, crossed = behind || b, crossed || c
			}
			if run > 1 {
				h.runs++
				h.longest = max(h.longest, run)
				switch {
				case crossed:
					h.crossed++
				case behind:
					h.behind++
				default:
					h.appending++
				}
			}
			if h.after != nil {
				h.after()
			}
			continue
		}
		// Mostly a set still there; one command in ten aims at a set or workout gone since.
		live := slices.DeleteFunc(slices.Clone(h.sets), func(s *historySet) bool { return !s.live() })
		if len(live) == 0 || h.rng.IntN(10) == 0 {
			live = h.sets
		}
		s := live[h.rng.IntN(len(live))]
		w := s.workout
		switch op := h.rng.IntN(20); {
		case op < 6:
			rpe := f(float64(6 + h.rng.IntN(5)))
			if h.exec(ctx, "mark done", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.MarkDone(s.id, rpe, now)
			}) {
				s.done = true
			}
		case op < 9 && s.exercise == "":
			in := h.cardio()
			if h.exec(ctx, "edit cardio", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.EditCardio(s.id, in, now)
			}) {
				s.done = s.done || in.RPE != nil
			}
		case op < 9:
			in, unit := h.strength(), h.units[w.user] // may change the exercise too
			if h.exec(ctx, "edit strength", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.EditStrength(s.id, in, unit, now)
			}) {
				s.exercise, s.done = in.Exercise, s.done || in.RPE != nil
			}
		case op < 12:
			if h.exec(ctx, "delete set", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.DeleteSet(s.id, now)
			}) {
				s.deleted = true
			}
		case op < 15:
			date := h.date()
			if h.exec(ctx, "move", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.Edit(workout.DetailsInput{Date: &date}, now)
			}) {
				w.date = date
			}
		case op < 17:
			finish := map[string]string{"07:00": "08:15", "12:30": "13:45", "18:15": "19:45"}[w.start] // within 6 hours
			if h.exec(ctx, "finish", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.Edit(workout.DetailsInput{FinishTime: &finish}, now)
			}) && !w.finished {
				w.finished = true
				for _, o := range h.sets {
					if o.workout == w && !o.done {
						o.deleted = true // a workout finishes with the sets lifted
					}
				}
			}
		case op < 18:
			if h.exec(ctx, "delete workout", w, func(wk *workout.Workout, now time.Time) ([]domain.Event, error) {
				return wk.Delete(now)
			}) {
				w.deleted = true
				h.open[w.user] = slices.DeleteFunc(h.open[w.user], func(o *historyWorkout) bool { return o == w })
			}
		default:
			h.start(ctx, h.users[h.rng.IntN(len(h.users))], "")
		}
		if h.after != nil {
			h.after()
		}
	}
}

// requireVariety fails when the history lacks a kind of command the test is meant to cover.
func (h *history) requireVariety() {
	h.t.Helper()
	for _, kind := range []string{"start", "log strength", "log cardio", "mark done", "edit strength", "edit cardio",
		"delete set", "move", "finish", "delete workout"} {
		if h.done[kind] == 0 {
			h.t.Fatalf("the history has no %q command: the test proves less than it says (%v)", kind, h.done)
		}
	}
	if h.appending < 10 || h.behind < 5 || h.crossed < 3 {
		h.t.Fatalf("the history has %d runs of set logs appending to every exercise's history, %d with a set "+
			"before an exercise's newest and %d before one of the same run: too few of one kind",
			h.appending, h.behind, h.crossed)
	}
}
