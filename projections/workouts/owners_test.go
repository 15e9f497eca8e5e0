package workouts_test

import (
	"context"
	"encoding/json"
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

// Short histories, each once a bug of the live path (version 2), applied live in batches,
// live one event at a time, rebuilt in memory and rebuilt in two parts of the users: every
// way leaves the same rows, and those hold what the case says. On both backends.
func TestOwnersAndBestsRegressions(t *testing.T) {
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	f := func(x float64) *float64 { return &x }
	n := func(x int) *int { return &x }
	started := func(id, user, date string) domain.Event {
		return workout.WorkoutStarted{WorkoutID: id, UserID: user, Date: date, StartTime: "09:00", StartedAt: at}
	}
	logged := func(id, w, user string, fields workout.SetFields) domain.Event {
		return workout.SetLogged{SetID: id, WorkoutID: w, UserID: user, SetFields: fields, Done: true, LoggedAt: at}
	}
	squat := workout.SetFields{Exercise: "Squat", Category: "free-weights", Weight: f(100), Unit: "kg", Reps: n(5), RPE: n(8)}
	for _, c := range []struct {
		name         string
		events       []domain.Event
		want, absent []string // rows the dump holds (by prefix) and does not
	}{{
		// Issue 25's six events: p starts and deletes wz; q starts wz and logs a set; p closes
		// the account. q's workout, set and best stay.
		name: "a closing deletes only the closing user's rows",
		events: []domain.Event{started("wz", "p", "2026-11-20"), workout.WorkoutDeleted{WorkoutID: "wz", UserID: "p", DeletedAt: at},
			started("wz", "q", "2026-11-21"), logged("s1", "wz", "q", squat), account.AccountClosed{UserID: "p", ClosedAt: at}},
		want: []string{"workouts wz q ", "workout_sets s1 wz q ", "personal_bests q squat "},
	}, {
		// Version 2 let p's late events change q's workout once q had started it under the id p
		// deleted: p's delete deleted q's workout and set, p's set went into it, p's finish
		// finished it. A user's events now change only that user's rows.
		name: "a workout id used again by another user is that user's",
		events: []domain.Event{started("wz", "p", "2026-11-20"), logged("s1", "wz", "p", squat),
			workout.WorkoutDeleted{WorkoutID: "wz", UserID: "p", DeletedAt: at},
			started("wz", "q", "2026-11-21"), logged("s2", "wz", "q", squat),
			logged("s3", "wz", "p", squat),
			workout.SetMarkedDone{SetID: "s2", WorkoutID: "wz", UserID: "p", RPE: 3, DoneAt: at},
			workout.WorkoutDetailsEdited{WorkoutID: "wz", UserID: "p", Name: "p's", Date: "2026-01-01", StartTime: "07:00", EditedAt: at},
			workout.PlanCopied{WorkoutID: "wz", UserID: "p", PlanID: "p's plan"},
			workout.WorkoutFinished{WorkoutID: "wz", UserID: "p", FinishTime: "10:00", Name: "p's", FinishedAt: at},
			workout.WorkoutDeleted{WorkoutID: "wz", UserID: "p", DeletedAt: at}},
		want:   []string{"workouts wz q  2026-11-21 09:00 <nil> ", "workout_sets s2 wz q Squat squat free-weights 100 kg 100 5 8 ", "personal_bests q squat Squat s2 "},
		absent: []string{"workout_sets s1 ", "workout_sets s3 ", "personal_bests p "},
	}, {
		// Version 2 decided a logged set's flag with its own measure of a best, unlike the
		// recomputation after an edit: a bodyweight set with a weight and no reps was a best
		// (by its weight), and a bodyweight best with a weight was beaten by fewer reps (its
		// weight taken for reps). Every best of a bodyweight exercise is now measured in reps.
		name: "a bodyweight best is measured in reps",
		events: []domain.Event{started("w1", "u1", "2026-11-20"),
			logged("b1", "w1", "u1", workout.SetFields{Exercise: "Pull-up", Category: "bodyweight", Unit: "kg", Reps: n(10), RPE: n(8)}),
			logged("b2", "w1", "u1", workout.SetFields{Exercise: "Pull-up", Category: "bodyweight", Weight: f(20), Unit: "kg", RPE: n(8)}),
			logged("d1", "w1", "u1", workout.SetFields{Exercise: "Dip", Category: "bodyweight", Weight: f(5), Unit: "kg", Reps: n(30), RPE: n(8)}),
			logged("d2", "w1", "u1", workout.SetFields{Exercise: "Dip", Category: "bodyweight", Unit: "kg", Reps: n(20), RPE: n(8)})},
		want: []string{"personal_bests u1 pull-up Pull-up b1 ", "personal_bests u1 dip Dip d1 ",
			"workout_sets b2 w1 u1 Pull-up pull-up bodyweight 20 kg 20 <nil> 8 1 0 ",
			"workout_sets d2 w1 u1 Dip dip bodyweight <nil> kg <nil> 20 8 1 0 "},
	}, {
		// Version 2 stopped on a set logged into a workout it did not hold, and on an edit of
		// such a workout's details: the read model stopped for every user. They change nothing.
		name: "events for a workout the user does not hold change nothing",
		events: []domain.Event{started("w1", "u1", "2026-11-20"), logged("x1", "w-none", "u1", squat),
			workout.WorkoutDetailsEdited{WorkoutID: "w-none", UserID: "u1", Date: "2026-11-21", StartTime: "09:00", EditedAt: at},
			logged("x2", "w1", "u2", squat), logged("s1", "w1", "u1", squat)},
		want:   []string{"workouts w1 u1 ", "workout_sets s1 w1 u1 "},
		absent: []string{"workout_sets x1 ", "workout_sets x2 ", "personal_bests u2 "},
	}, {
		// Version 3 kept a set by its id alone: u2's set s, logged after u1's, was ignored
		// (and a rebuild in parts of the users wrote s twice). Two users' sets of one id are
		// each the user's own: u2 marks theirs done, u1 deletes theirs.
		name: "a set id two users hold is each one's",
		events: []domain.Event{started("w1", "u1", "2026-11-20"), started("w2", "u2", "2026-11-21"),
			logged("s", "w1", "u1", squat), logged("s", "w2", "u2", squat),
			workout.SetMarkedDone{SetID: "s", WorkoutID: "w2", UserID: "u2", RPE: 9, DoneAt: at},
			workout.SetDeleted{SetID: "s", WorkoutID: "w1", UserID: "u1", DeletedAt: at}},
		want: []string{"workouts w2 u2  2026-11-21 09:00 <nil> 0  1 1 500 ", "workout_sets s w2 u2 Squat squat free-weights 100 kg 100 5 9 ",
			"personal_bests u2 squat Squat s "},
		absent: []string{"workout_sets s w1 ", "personal_bests u1 "},
	}} {
		t.Run(c.name, func(t *testing.T) {
			backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
				projectiontest.Migrate(t, b)
				var last int64
				for _, e := range c.events {
					data, err := json.Marshal(e)
					if err != nil {
						t.Fatal(err)
					}
					stream := "user-" + e.(domain.Owned).OwnerID()
					if s, ok := e.(workout.Subject); ok {
						id, _ := s.Subject()
						stream = "workout-" + id
					}
					res, err := b.Store.Append(context.Background(), stream, eventstore.Any,
						eventstore.EventData{ID: eventstore.NewID(), Type: e.EventType(), Data: data})
					if err != nil {
						t.Fatal(err)
					}
					last = res.Position
				}
				got := allPathsAgree(t, b, last)
				flags := strings.NewReplacer(" true", " 1", " false", " 0") // as SQLite shows them
				for i := range got {
					got[i] = flags.Replace(got[i])
				}
				has := func(prefix string) bool {
					return slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, prefix) })
				}
				for _, p := range c.want {
					if !has(p) {
						t.Errorf("no row starts %q:\n%s", p, strings.Join(got, "\n"))
					}
				}
				for _, p := range c.absent {
					if has(p) {
						t.Errorf("a row starts %q:\n%s", p, strings.Join(got, "\n"))
					}
				}
			})
		})
	}
}

// allPathsAgree applies the store's events up to last live in batches, then rebuilds them in
// memory, one event at a time through Apply, and in memory in two parts of the users; it
// fails unless all leave the same rows, and returns them.
func allPathsAgree(t *testing.T, b backendtest.Backend, last int64) []string {
	t.Helper()
	ctx := context.Background()
	tables := workouts.Projector{}.Tables()
	live := projectiontest.CatchUp(t, b, last, workouts.New())
	want := backendtest.Dump(t, b.DB, tables...)
	if err := live.Rebuild(ctx, workouts.Name); err != nil {
		t.Fatalf("rebuild in memory: %v", err)
	}
	requireSameDump(t, "live", want, "rebuilt in memory", backendtest.Dump(t, b.DB, tables...))
	one := projectiontest.CatchUp(t, b, last, oneAtATime{workouts.Projector{}})
	if err := one.Rebuild(ctx, workouts.Name); err != nil {
		t.Fatalf("rebuild one event at a time: %v", err)
	}
	requireSameDump(t, "live", want, "rebuilt one event at a time", backendtest.Dump(t, b.DB, tables...))
	events := readEvents(t, b.Store)
	requireSameDump(t, "rebuilt in one pass", rebuildRows(t, [][]projections.Event{events}),
		"rebuilt in two parts", rebuildRows(t, byOwner(t, events, 2)))
	return want
}
