package progress_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/progress"
)

func TestWorkoutDaysAndTotals(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		f := newFixture(t, b)
		f.given(
			started("u", "w1", "2026-11-18", "18:00"), finished("u", "w1", "19:10"),
			started("u", "w2", "2026-11-18", "07:00"), finished("u", "w2", "07:30"),
			started("u", "w3", "2026-11-20", "23:30"), finished("u", "w3", "00:15"), // past midnight: 45 minutes
			started("u", "w4", "2026-11-21", "09:00"), // in progress: counted, no duration
			started("other", "o1", "2026-11-19", "09:00"), finished("other", "o1", "10:00"),
		)
		days, err := f.q.Durations(ctx, "u")
		want := []progress.Day{{Date: "2026-11-18", Value: 100}, {Date: "2026-11-20", Value: 45}}
		if err != nil || !reflect.DeepEqual(days, want) {
			t.Errorf("durations: got %v, %v; want %v", days, err, want)
		}
		totals, err := f.q.Totals(ctx, "u")
		wantTotals := progress.Totals{Workouts: 4, Finished: 3, Minutes: 145, First: "2026-11-18", Last: "2026-11-21"}
		if err != nil || totals != wantTotals {
			t.Errorf("totals: got %+v, %v; want %+v", totals, err, wantTotals)
		}

		// Moving a workout to another day and changing its times moves its minutes; deleting
		// the last workout of a day removes the day.
		f.given(workout.WorkoutDetailsEdited{WorkoutID: "w2", UserID: "u", Date: "2026-11-17", StartTime: "07:00",
			FinishTime: "08:00", EditedAt: at},
			workout.WorkoutDeleted{WorkoutID: "w4", UserID: "u", DeletedAt: at},
			workout.WorkoutDetailsEdited{WorkoutID: "missing", UserID: "u", Date: "2026-11-01", StartTime: "07:00", EditedAt: at})
		days, err = f.q.Durations(ctx, "u")
		want = []progress.Day{{Date: "2026-11-17", Value: 60}, {Date: "2026-11-18", Value: 70}, {Date: "2026-11-20", Value: 45}}
		if err != nil || !reflect.DeepEqual(days, want) {
			t.Errorf("durations after the edits: got %v, %v; want %v", days, err, want)
		}
		totals, err = f.q.Totals(ctx, "u")
		wantTotals = progress.Totals{Workouts: 3, Finished: 3, Minutes: 175, First: "2026-11-17", Last: "2026-11-20"}
		if err != nil || totals != wantTotals {
			t.Errorf("totals after the edits: got %+v, %v; want %+v", totals, err, wantTotals)
		}
		f.requireRebuildSame()

		f.given(closed("u"))
		if totals, err := f.q.Totals(ctx, "u"); err != nil || totals != (progress.Totals{}) {
			t.Errorf("closed: got %+v, %v; want nothing", totals, err)
		}
		if days, err := f.q.Durations(ctx, "u"); err != nil || len(days) != 0 {
			t.Errorf("closed durations: got %v, %v; want none", days, err)
		}
		if totals, err := f.q.Totals(ctx, "other"); err != nil || totals.Workouts != 1 {
			t.Errorf("another user: got %+v, %v; want one workout kept", totals, err)
		}
		f.requireRebuildSame()
	})
}

func TestExerciseDays(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		f := newFixture(t, b)
		reps := func(n int) *int { return &n }
		lbs := 225.0
		f.given(
			started("u", "w1", "2026-11-18", "18:00"),
			lifted("u", "w1", "s1", "Bench Press", 80, 5, true),
			lifted("u", "w1", "s2", "bench  press", 85, 3, true),
			lifted("u", "w1", "s3", "Bench Press", 100, 1, false), // not done: not counted
			workout.SetLogged{SetID: "s4", WorkoutID: "w1", UserID: "u", Done: true, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: "Pull Up", Category: "bodyweight", Reps: reps(8)}},
			workout.SetLogged{SetID: "s5", WorkoutID: "w1", UserID: "u", Done: true, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: "Running", Category: "cardio", Minutes: reps(20)}},
			started("u", "w2", "2026-11-20", "18:00"),
			workout.SetLogged{SetID: "s6", WorkoutID: "w2", UserID: "u", Done: true, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: "Bench Press", Category: "free-weights", Weight: &lbs, Unit: "lbs", Reps: reps(2)}},
			workout.SetLogged{SetID: "s7", WorkoutID: "w2", UserID: "u", Done: true, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: "Pull Up", Category: "bodyweight", Reps: reps(10)}},
			lifted("u", "gone", "s8", "Squat", 100, 5, true), // no such workout
		)
		bests, err := f.q.ExerciseBests(ctx, "u", "BENCH PRESS")
		want := []progress.Best{{Day: progress.Day{Date: "2026-11-18", Value: 85}},
			{Day: progress.Day{Date: "2026-11-20", Value: 102.0583}}}
		if err != nil || len(bests) != 2 || bests[0] != want[0] || bests[1].Date != want[1].Date || bests[1].Value < 102.05 || bests[1].Value > 102.06 {
			t.Errorf("bench bests: got %+v, %v; want %+v", bests, err, want)
		}
		if bests, err := f.q.ExerciseBests(ctx, "u", "Pull Up"); err != nil || !reflect.DeepEqual(bests, []progress.Best{
			{Day: progress.Day{Date: "2026-11-18", Value: 8}, Bodyweight: true}, {Day: progress.Day{Date: "2026-11-20", Value: 10}, Bodyweight: true}}) {
			t.Errorf("pull-up bests: got %+v, %v", bests, err)
		}
		repeated, err := f.q.Repeated(ctx, "u")
		if err != nil || !reflect.DeepEqual(repeated, []string{"Bench Press", "Pull Up"}) {
			t.Errorf("repeated: got %v, %v; want Bench Press and Pull Up", repeated, err)
		}
		sets, err := f.q.SetsSince(ctx, "u", "2026-11-19")
		if err != nil || !reflect.DeepEqual(sets, []progress.ExerciseSets{{Exercise: "Bench Press", Sets: 1}, {Exercise: "Pull Up", Sets: 1}}) {
			t.Errorf("sets since: got %+v, %v", sets, err)
		}
		f.requireRebuildSame()

		// The set that earned a day's best is edited, then deleted: the best moves. Marking a set
		// done counts it; moving a workout moves its sets' days; deleting it leaves one day of the
		// exercise, which is then no longer repeated.
		f.given(
			workout.SetEdited{SetID: "s2", WorkoutID: "w1", UserID: "u", Done: true, EditedAt: at,
				SetFields: workout.SetFields{Exercise: "Bench Press", Category: "free-weights", Weight: ptr(82.5), Unit: "kg", Reps: reps(3)}},
			workout.SetMarkedDone{SetID: "s3", WorkoutID: "w1", UserID: "u", RPE: 9, DoneAt: at},
		)
		if bests, _ := f.q.ExerciseBests(ctx, "u", "Bench Press"); len(bests) != 2 || bests[0].Value != 100 {
			t.Errorf("marked done: got %+v, want 100 on the first day", bests)
		}
		f.given(workout.SetDeleted{SetID: "s3", WorkoutID: "w1", UserID: "u", DeletedAt: at})
		if bests, _ := f.q.ExerciseBests(ctx, "u", "Bench Press"); len(bests) != 2 || bests[0].Value != 82.5 {
			t.Errorf("deleted: got %+v, want 82.5 on the first day", bests)
		}
		f.given(workout.WorkoutDetailsEdited{WorkoutID: "w2", UserID: "u", Date: "2026-11-18", StartTime: "20:00", EditedAt: at})
		if bests, _ := f.q.ExerciseBests(ctx, "u", "Bench Press"); len(bests) != 1 || bests[0].Date != "2026-11-18" || bests[0].Value < 102 {
			t.Errorf("moved to the same day: got %+v, want one day with the heavier set", bests)
		}
		if repeated, _ := f.q.Repeated(ctx, "u"); len(repeated) != 0 {
			t.Errorf("one day each: got %v repeated, want none", repeated)
		}
		f.requireRebuildSame()
		f.given(workout.WorkoutDeleted{WorkoutID: "w2", UserID: "u", DeletedAt: at},
			workout.SetEdited{SetID: "s4", WorkoutID: "w1", UserID: "u", Done: true, EditedAt: at,
				SetFields: workout.SetFields{Exercise: "Chin Up", Category: "bodyweight", Reps: reps(6)}})
		sets, err = f.q.SetsSince(ctx, "u", "2026-01-01")
		if err != nil || !reflect.DeepEqual(sets, []progress.ExerciseSets{{Exercise: "Bench Press", Sets: 2}, {Exercise: "Chin Up", Sets: 1}}) {
			t.Errorf("after the deletes: got %+v, %v", sets, err)
		}
		f.requireRebuildSame()
	})
}

// Text already stored, however hostile, is kept as text: a projector never fails on it.
func TestHostileExerciseNames(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		f := newFixture(t, b)
		names := []string{"'); DROP TABLE exercise_days; --", "Bench\u202ePress", "💪 Curl", "%_\\", ""}
		events := []domain.Event{started("u", "w1", "2026-11-18", "18:00"), started("u", "w2", "2026-11-19", "18:00")}
		for i, n := range names {
			events = append(events, lifted("u", "w1", "a"+string(rune('0'+i)), n, 10, 5, true), lifted("u", "w2", "b"+string(rune('0'+i)), n, 20, 5, true))
		}
		f.given(events...)
		repeated, err := f.q.Repeated(ctx, "u")
		if err != nil || len(repeated) != len(names) {
			t.Errorf("got %q, %v; want every name", repeated, err)
		}
		f.requireRebuildSame()
	})
}

func ptr[T any](v T) *T { return &v }

// A set id logged into a second workout (as a log written before set ids were scoped to
// their workout may hold) is applied once: events about it in the second workout change
// nothing.
func TestSetIDAppliedOnce(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		f := newFixture(t, b)
		f.given(started("u", "w1", "2026-11-18", "18:00"), started("u", "w2", "2026-11-19", "18:00"),
			lifted("u", "w1", "s1", "Squat", 100, 5, false),
			lifted("u", "w2", "s1", "Squat", 120, 5, true),
			workout.SetMarkedDone{SetID: "s1", WorkoutID: "w2", UserID: "u", RPE: 8, DoneAt: at},
			workout.SetDeleted{SetID: "s1", WorkoutID: "w2", UserID: "u", DeletedAt: at})
		if bests, err := f.q.ExerciseBests(ctx, "u", "Squat"); err != nil || len(bests) != 0 {
			t.Errorf("got %+v, %v; want no done squat", bests, err)
		}
		f.given(workout.SetMarkedDone{SetID: "s1", WorkoutID: "w1", UserID: "u", RPE: 8, DoneAt: at})
		if bests, err := f.q.ExerciseBests(ctx, "u", "Squat"); err != nil || len(bests) != 1 || bests[0].Value != 100 || bests[0].Date != "2026-11-18" {
			t.Errorf("got %+v, %v; want the first workout's 100 kg", bests, err)
		}
		f.requireRebuildSame()
	})
}
