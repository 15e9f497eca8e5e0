package workouts_test

import (
	"context"
	"encoding/json"
	"fmt"
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
	"github.com/gymlog/gymlog/projections/projectiontest"
	"github.com/gymlog/gymlog/projections/workouts"
)

// A rebuild in memory leaves exactly the rows that the live projector leaves, and that a
// rebuild through Apply's statements one event at a time leaves, from a hand-written log of
// the odd cases: a workout started twice, sets logged twice and ids held by another
// workout, events for workouts never started or deleted, a set logged by another user, sets
// logged into earlier workouts, edits that move a set to another exercise, marks, deletes
// in the middle of an exercise, workouts moved in time, finished and edited with and
// without a finish, plans copied with notes, bodyweight sets with and without reps or with a
// weight, cardio, pounds, accounts closed (then their ids used again) and hostile text. On
// both backends.
func TestRebuildInMemoryEqualsLiveOnOddCases(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		last := writeOddLog(t, b.Store)

		live := projectiontest.CatchUp(t, b, last, workouts.New())
		tables := workouts.Projector{}.Tables()
		want := backendtest.Dump(t, b.DB, tables...)
		checkOddRows(t, want)

		if err := live.Rebuild(ctx, workouts.Name); err != nil {
			t.Fatalf("rebuild in memory: %v", err)
		}
		requireSameDump(t, "live", want, "rebuilt in memory", backendtest.Dump(t, b.DB, tables...))

		// The same through Apply's statements, one event at a time.
		sql := projectiontest.CatchUp(t, b, last, oneAtATime{workouts.Projector{}})
		if err := sql.Rebuild(ctx, workouts.Name); err != nil {
			t.Fatalf("rebuild one event at a time: %v", err)
		}
		requireSameDump(t, "live", want, "rebuilt one event at a time", backendtest.Dump(t, b.DB, tables...))

		// And through ApplyBatch's statements, with the memory of the copies, as a rebuild's
		// copies catch up after the swap.
		batched := projectiontest.CatchUp(t, b, last, inSQL{workouts.New()})
		if err := batched.Rebuild(ctx, workouts.Name); err != nil {
			t.Fatalf("rebuild in batches: %v", err)
		}
		requireSameDump(t, "live", want, "rebuilt in batches", backendtest.Dump(t, b.DB, tables...))
	})
}

// inSQL is the projector the app runs, batches and memory included, but rebuilt through its
// statements: it is no projections.MemoryRebuilt.
type inSQL struct{ p workouts.Projector }

func (s inSQL) Name() string         { return s.p.Name() }
func (s inSQL) Version() int         { return s.p.Version() }
func (s inSQL) EventTypes() []string { return s.p.EventTypes() }
func (s inSQL) Tables() []string     { return s.p.Tables() }
func (s inSQL) Forget()              { s.p.Forget() }
func (s inSQL) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return s.p.Apply(ctx, tx, ev)
}
func (s inSQL) ApplyBatch(ctx context.Context, tx projections.Tx, events []projections.Event) error {
	return s.p.ApplyBatch(ctx, tx, events)
}

// checkOddRows checks that the odd cases left what they are there for, so that the dumps
// compared hold them.
func checkOddRows(t *testing.T, dump []string) {
	t.Helper()
	count := func(prefix string) int {
		return len(slices.DeleteFunc(slices.Clone(dump), func(l string) bool { return !strings.HasPrefix(l, prefix) }))
	}
	for _, c := range []struct {
		prefix string
		want   int
	}{
		{"workouts w1 u1 ", 1},
		{"workouts w-deleted ", 0},
		{"workouts w-closed ", 0},
		{"workouts w-reused u4 ", 1},
		{"workout_sets held w1 ", 1},
		{"workout_sets held ", 1},
		{"workout_sets s-closed", 0},
		{"personal_bests u1 barbell back squat ", 1},
		{"personal_bests u2 ", 0},
	} {
		if got := count(c.prefix); got != c.want {
			t.Errorf("%d rows start %q, want %d:\n%s", got, c.prefix, c.want, strings.Join(dump, "\n"))
		}
	}
}

// writeOddLog appends the odd log and returns the position of its last event.
func writeOddLog(t *testing.T, store eventstore.Store) int64 {
	t.Helper()
	ctx := context.Background()
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	var last int64
	add := func(e domain.Event, command string) {
		t.Helper()
		data, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		stream := "odd"
		if s, ok := e.(workout.Subject); ok {
			id, _ := s.Subject()
			stream = "workout-" + id
		}
		at = at.Add(time.Minute)
		res, err := store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: eventstore.NewID(), Type: e.EventType(),
			Data: data, Metadata: eventstore.Metadata{CommandID: command}})
		if err != nil {
			t.Fatal(err)
		}
		last = res.Position
	}
	f := func(x float64) *float64 { return &x }
	n := func(x int) *int { return &x }
	start := func(id, user, date, startTime, name string) {
		add(workout.WorkoutStarted{WorkoutID: id, UserID: user, Date: date, StartTime: startTime, Name: name,
			PlanName: name + " plan", StartedAt: at}, "")
	}
	strength := func(exercise, category string, weight *float64, unit string, reps, rpe *int) workout.SetFields {
		return workout.SetFields{Exercise: exercise, Category: category, Weight: weight, Unit: unit, Reps: reps, RPE: rpe}
	}
	log := func(id, w, user string, fields workout.SetFields, done bool) {
		add(workout.SetLogged{SetID: id, WorkoutID: w, UserID: user, SetFields: fields, Done: done, LoggedAt: at}, "")
	}
	squat := func(kg float64, reps int) workout.SetFields {
		return strength("Barbell Back Squat", "free-weights", f(kg), "kg", n(reps), n(8))
	}
	edit := func(id, w, user string, fields workout.SetFields, done bool) {
		add(workout.SetEdited{SetID: id, WorkoutID: w, UserID: user, SetFields: fields, Done: done, EditedAt: at}, "")
	}
	mark := func(id, w, user string, rpe int) {
		add(workout.SetMarkedDone{SetID: id, WorkoutID: w, UserID: user, RPE: rpe, DoneAt: at}, "")
	}
	del := func(id, w, user string) {
		add(workout.SetDeleted{SetID: id, WorkoutID: w, UserID: user, Reason: "odd", DeletedAt: at}, "")
	}

	// Events for a workout never started change nothing (but a set logged, which stops the
	// projector, and a details edit, likewise).
	add(workout.WorkoutFinished{WorkoutID: "w-none", UserID: "u1", FinishTime: "10:00", FinishedAt: at}, "")
	mark("s-none", "w-none", "u1", 7)
	edit("s-none", "w-none", "u1", squat(1, 1), true)
	del("s-none", "w-none", "u1")
	add(workout.PlanCopied{WorkoutID: "w-none", UserID: "u1", PlanID: "p0"}, "")
	add(workout.WorkoutDeleted{WorkoutID: "w-none", UserID: "u1", DeletedAt: at}, "")

	// w1: started twice (the second start changes nothing), a plan copied, sets of every kind.
	// (Not by another user: the rows of one user follow from that user's events alone, and
	// the domain starts a workout once, with an id derived from its user.)
	start("w1", "u1", "2026-11-20", "09:00", "Legs <day> & \"more\"")
	start("w1", "u1", "2026-01-01", "07:00", "again")
	add(workout.PlanCopied{WorkoutID: "w1", UserID: "u1", PlanID: "p1", PlanVersion: 3, CopiedAt: at,
		Exercises: []workout.CopiedExercise{{Exercise: "Barbell Back Squat", Notes: "Brace <hard> & breathe"},
			{Exercise: "barbell  back squat", Notes: "Knees out"}, {Exercise: "BARBELL BACK SQUAT", Notes: "Knees out"},
			{Exercise: "Pull-up", Notes: ""}, {Exercise: "Läufer ✓", Notes: "ünïcödé \u2028 sep"}}}, "")
	log("s1", "w1", "u1", squat(100, 5), true)
	log("s1", "w1", "u1", squat(140, 5), true) // the same set again: applied once
	log("s2", "w1", "u1", squat(90, 5), true)
	log("s3", "w1", "u1", squat(110, 3), true)
	log("s4", "w1", "u1", squat(120, 1), false)
	log("s5", "w1", "u1", strength("  barbell   BACK squat ", "free-weights", f(250), "lbs", n(2), nil), true)
	log("s6", "w1", "u1", strength("Pull-up", "bodyweight", nil, "kg", n(10), n(9)), true)
	log("s7", "w1", "u1", strength("Pull-up", "bodyweight", f(10), "kg", n(8), n(9)), true)
	log("s8", "w1", "u1", strength("Pull-up", "bodyweight", f(20), "kg", nil, nil), true)
	log("s9", "w1", "u1", strength("Pull-up", "bodyweight", nil, "kg", n(12), nil), false)
	log("s10", "w1", "u1", workout.SetFields{Exercise: "Läufer ✓", Category: "cardio", Unit: "kg", Distance: f(5.25),
		DistanceUnit: "km", Minutes: n(30), Seconds: n(15)}, true)
	log("s11", "w1", "u1", workout.SetFields{Exercise: "Rowing", Category: "cardio", Weight: f(3), Unit: "kg", Reps: n(3),
		Minutes: n(1)}, true)
	log("s12", "w1", "u1", strength("Bench <Press>", "free-weights", f(60.125), "kg", n(8), nil), true)
	log("s13", "w1", "u1", strength("Bench <Press>", "free-weights", f(0.1), "lbs", n(3), nil), true)
	log("held", "w1", "u1", strength("Bench <Press>", "free-weights", f(62.5), "kg", n(5), n(10)), true)

	// w2: a set id held by w1 is not logged again, and w2's events for it change nothing.
	start("w2", "u1", "2026-11-22", "18:30", "")
	log("held", "w2", "u1", squat(300, 1), true)
	mark("held", "w2", "u1", 6)
	edit("held", "w2", "u1", squat(300, 1), true)
	del("held", "w2", "u1")
	log("t1", "w2", "u1", squat(130, 2), true)
	log("t2", "w2", "u1", squat(50, 10), false)
	// Sets logged by other users into u1's workout change nothing (a workout is its user's),
	// nor does u1's edit of one.
	log("t3", "w2", "u2", squat(500, 1), true)
	log("t4", "w2", "u5", squat(20, 1), true)
	edit("t4", "w2", "u1", squat(10, 1), true)

	// w0, dated before w1: its sets land before the newest in the histories.
	start("w0", "u1", "2026-11-01", "06:00", "early")
	log("e1", "w0", "u1", squat(135, 1), true)
	log("e2", "w0", "u1", squat(95, 1), false)
	log("e3", "w0", "u1", strength("Pull-up", "bodyweight", nil, "kg", n(15), nil), true)
	mark("e2", "w0", "u1", 9)
	// Edits: a set moved to another exercise (numbers close up), one of the same exercise
	// made heavier, one made not done, the mark of a set already done.
	edit("s2", "w1", "u1", strength("Bench <Press>", "free-weights", f(95), "kg", n(5), nil), true)
	edit("s3", "w1", "u1", squat(160, 3), true)
	edit("t1", "w2", "u1", squat(130, 2), false)
	mark("s6", "w1", "u1", 10)
	mark("s4", "w1", "u1", 8)
	// Deletes in the middle of an exercise, and of a best.
	del("s5", "w1", "u1")
	del("e1", "w0", "u1")
	// Workouts moved in time: w0 after the others (unfinished: no finish), w2 to the same
	// date and start (nothing moves).
	add(workout.WorkoutDetailsEdited{WorkoutID: "w0", UserID: "u1", Date: "2026-11-30", StartTime: "20:00",
		FinishTime: "21:00", Name: "late", EditedAt: at}, "")
	add(workout.WorkoutDetailsEdited{WorkoutID: "w2", UserID: "u1", Date: "2026-11-22", StartTime: "18:30",
		Name: "same time", EditedAt: at}, "")
	// Finished, then edited with a finish and without one.
	add(workout.WorkoutFinished{WorkoutID: "w1", UserID: "u1", FinishTime: "10:30", Name: "Legs", FinishedAt: at}, "")
	add(workout.WorkoutFinished{WorkoutID: "w2", UserID: "u1", FinishTime: "", Name: "", FinishedAt: at}, "")
	add(workout.WorkoutDetailsEdited{WorkoutID: "w1", UserID: "u1", Date: "2026-11-19", StartTime: "09:00",
		FinishTime: "11:00", Name: "Legs moved", EditedAt: at}, "")
	add(workout.WorkoutDetailsEdited{WorkoutID: "w2", UserID: "u1", Date: "2026-11-22", StartTime: "18:45",
		Name: "no finish", EditedAt: at}, "")
	// Sets logged with ids scoped to their workout, the way the app logs them (the live
	// projector remembers their workout and skips its read).
	for i := range 3 {
		command := fmt.Sprintf("c%d", i)
		id := eventstore.Metadata{CommandID: command}.EntityID("set", "w1")
		add(workout.SetLogged{SetID: id, WorkoutID: "w1", UserID: "u1", SetFields: squat(150+float64(i)*5, 1), Done: i != 1,
			LoggedAt: at}, command)
	}

	// A deleted workout: its bests go, events after it change nothing, and its id starts
	// again as a new workout.
	start("w-deleted", "u1", "2026-11-23", "07:00", "gone")
	log("d1", "w-deleted", "u1", squat(200, 1), true)
	log("d2", "w-deleted", "u1", strength("Deadlift", "free-weights", f(180), "kg", n(1), nil), true)
	add(workout.WorkoutDeleted{WorkoutID: "w-deleted", UserID: "u1", DeletedAt: at}, "")
	mark("d1", "w-deleted", "u1", 5)
	del("d2", "w-deleted", "u1")
	add(workout.WorkoutFinished{WorkoutID: "w-deleted", UserID: "u1", FinishTime: "08:00", FinishedAt: at}, "")
	add(workout.WorkoutDeleted{WorkoutID: "w-deleted", UserID: "u1", DeletedAt: at}, "")
	start("w-reused", "u1", "2026-11-24", "07:00", "first")
	add(workout.WorkoutDeleted{WorkoutID: "w-reused", UserID: "u1", DeletedAt: at}, "")
	start("w-reused", "u4", "2026-11-24", "08:00", "second")
	log("r1", "w-reused", "u4", squat(60, 5), true)

	// A closed account: u2's set in u1's workout goes with it (the workout's totals stay),
	// and its workouts and bests; its id is used again after.
	start("w-closed", "u2", "2026-11-21", "12:00", "closed")
	log("s-closed1", "w-closed", "u2", squat(80, 5), true)
	log("s-closed2", "w-closed", "u2", strength("Pull-up", "bodyweight", nil, "kg", n(3), nil), true)
	add(account.AccountClosed{UserID: "u2", ClosedAt: at}, "")
	mark("s-closed1", "w-closed", "u2", 5)
	start("w-u2", "u2", "2026-11-26", "12:00", "after")
	log("u2a", "w-u2", "u2", squat(40, 5), false)
	add(account.AccountClosed{UserID: "u3", ClosedAt: at}, "") // nobody's rows
	mark("t2", "w2", "u1", 7)                                  // w2's totals without u2's set
	log("s14", "w1", "u1", squat(170, 1), true)
	// A bodyweight best with a weight: the next set is measured against the weight.
	log("dip1", "w1", "u1", strength("Dip", "bodyweight", f(5), "kg", n(30), nil), true)
	add(workout.PlanCopied{WorkoutID: "w-none", UserID: "u1", PlanID: "p0"}, "") // ends the run of logged sets
	log("dip2", "w1", "u1", strength("Dip", "bodyweight", nil, "kg", n(20), nil), true)
	// Ties: a set as heavy as the best is no best, logged or recomputed (a mark again).
	log("tie1", "w1", "u1", strength("Bench <Press>", "free-weights", f(100), "kg", n(1), nil), true)
	log("tie2", "w1", "u1", strength("Bench <Press>", "free-weights", f(100), "kg", n(1), nil), true)
	mark("tie1", "w1", "u1", 9)
	// Last, a best logged into a workout before all others: the later sets lose their flags.
	start("w-past", "u1", "2026-10-01", "10:00", "past")
	log("p1", "w-past", "u1", squat(300, 1), true)
	log("p2", "w-past", "u1", strength("barbell back squat", "free-weights", f(20), "kg", n(5), nil), false) // one name
	return last
}
