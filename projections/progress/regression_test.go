package progress_test

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/progress"
)

// Each test here is a history on which the read model used to go wrong, live or rebuilt.

func deletedWorkout(user, id string) workout.WorkoutDeleted {
	return workout.WorkoutDeleted{WorkoutID: id, UserID: user, DeletedAt: at}
}

// requireRowsOf fails unless user has rows in the progress tables as many as want says
// (none in a table it leaves out).
func (f *fixture) requireRowsOf(user string, want map[string]int) {
	f.t.Helper()
	for _, table := range (progress.Projector{}).Tables() {
		var n int
		if err := f.b.DB.QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE user_id = $1`, user).Scan(&n); err != nil {
			f.t.Fatal(err)
		}
		if n != want[table] {
			f.t.Errorf("%s's rows of %s: got %d, want %d", user, table, n, want[table])
		}
	}
}

// requireTotals fails unless user's workout totals are want.
func (f *fixture) requireTotals(user string, want progress.Totals) {
	f.t.Helper()
	if got, err := f.q.Totals(context.Background(), user); err != nil || got != want {
		f.t.Errorf("%s's totals: got %+v, %v; want %+v", user, got, err, want)
	}
}

// requireBests fails unless user's bests of an exercise are want.
func (f *fixture) requireBests(user, exercise string, want ...progress.Best) {
	f.t.Helper()
	got, err := f.q.ExerciseBests(context.Background(), user, exercise)
	if want == nil {
		want = []progress.Best{}
	}
	if err != nil || !reflect.DeepEqual(got, want) {
		f.t.Errorf("%s's bests of %s: got %+v, %v; want %+v", user, exercise, got, err, want)
	}
}

func best(date string, v float64) progress.Best {
	return progress.Best{Day: progress.Day{Date: date, Value: v}}
}

// User p starts workout wz and deletes it; user q starts wz and logs a set; p closes the
// account: q's rows stay, live and rebuilt (a rebuild that closed p's account by the workouts
// p had ever started dropped q's workout).
func TestAccountClosedKeepsAWorkoutIDReusedByAnotherUser(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		f.given(started("p", "wz", "2026-11-01", "08:00"), deletedWorkout("p", "wz"),
			started("q", "wz", "2026-11-02", "09:00"), lifted("q", "wz", "s1", "Squat", 100, 5, true),
			finished("q", "wz", "10:00"), closed("p"))
		f.requireTotals("q", progress.Totals{Workouts: 1, Finished: 1, Minutes: 60, First: "2026-11-02", Last: "2026-11-02"})
		f.requireBests("q", "Squat", best("2026-11-02", 100))
		f.requireRowsOf("p", nil)
		f.requireRebuildSame()
	})
}

// Once another user holds a workout id, the events of its first user about that id change
// nothing of theirs (the live read model found workouts by id alone: p's finish, sets and
// deletion of wz changed q's workout).
func TestAnotherUsersEventsLeaveAWorkoutAlone(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		f.given(started("p", "wz", "2026-11-01", "08:00"), deletedWorkout("p", "wz"),
			started("q", "wz", "2026-11-02", "09:00"), lifted("q", "wz", "s1", "Squat", 100, 5, true),
			finished("p", "wz", "11:00"), lifted("p", "wz", "s2", "Squat", 200, 5, true),
			workout.WorkoutDetailsEdited{WorkoutID: "wz", UserID: "p", Date: "2026-12-01", StartTime: "07:00", EditedAt: at},
			deletedWorkout("p", "wz"))
		f.requireTotals("q", progress.Totals{Workouts: 1, First: "2026-11-02", Last: "2026-11-02"})
		f.requireBests("q", "Squat", best("2026-11-02", 100))
		f.requireRowsOf("p", nil)
		f.requireRebuildSame()
	})
}

// Two users may hold one workout id at once (a log can, whatever the app lets happen): each
// has their own workout (the second's start was ignored, and a rebuild in partitions of
// users would write two rows of one key).
func TestOneWorkoutIDTwoUsers(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		f.given(started("u", "w1", "2026-11-01", "08:00"), started("v", "w1", "2026-11-03", "18:00"),
			lifted("v", "w1", "s1", "Row", 50, 8, true), lifted("u", "w1", "s1", "Squat", 100, 5, true),
			finished("v", "w1", "19:00"))
		f.requireTotals("u", progress.Totals{Workouts: 1, First: "2026-11-01", Last: "2026-11-01"})
		f.requireTotals("v", progress.Totals{Workouts: 1, Finished: 1, Minutes: 60, First: "2026-11-03", Last: "2026-11-03"})
		f.requireBests("u", "Squat", best("2026-11-01", 100))
		f.requireBests("v", "Row", best("2026-11-03", 50))
		f.requireRebuildSame()
	})
}

// Sets another user logs into a workout are not the workout's: moving or deleting it leaves
// no day of theirs counting sets that are gone (they stayed, stale, in that user's exercise
// days), and another user marking a set done does not mark it (the set's own day was then
// not summed again).
func TestAnotherUsersSetsInAWorkout(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		f.given(started("u", "w1", "2026-11-01", "08:00"),
			lifted("v", "w1", "s1", "Squat", 100, 5, true), lifted("u", "w1", "s2", "Squat", 90, 5, false),
			workout.SetMarkedDone{SetID: "s2", WorkoutID: "w1", UserID: "v", RPE: 8, DoneAt: at},
			workout.WorkoutDetailsEdited{WorkoutID: "w1", UserID: "u", Date: "2026-11-02", StartTime: "08:00", EditedAt: at})
		f.requireRowsOf("v", nil)
		f.requireRowsOf("u", map[string]int{"progress_workouts": 1, "workout_days": 1, "workout_totals": 1, "progress_sets": 1})
		f.requireRebuildSame()
		f.given(workout.SetMarkedDone{SetID: "s2", WorkoutID: "w1", UserID: "u", RPE: 8, DoneAt: at}, deletedWorkout("u", "w1"))
		f.requireRowsOf("u", nil)
		f.requireRebuildSame()
	})
}

// A set id another user holds is no hindrance: the set counts (it was taken for a set of
// another workout, and changed nothing).
func TestOneSetIDTwoUsers(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		f.given(started("u", "w1", "2026-11-01", "08:00"), started("v", "w2", "2026-11-02", "08:00"),
			lifted("u", "w1", "s1", "Squat", 100, 5, true), lifted("v", "w2", "s1", "Squat", 120, 5, true))
		f.requireBests("u", "Squat", best("2026-11-01", 100))
		f.requireBests("v", "Squat", best("2026-11-02", 120))
		f.requireRebuildSame()
	})
}

// A day's best is 0, not -0, when its sets weigh both (as a log written before the domain
// stored -0 as 0 may hold), whatever order they are read in: PostgreSQL's MAX kept the one it
// met last.
func TestBestOfZeroAndNegativeZero(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		negative := math.Copysign(0, -1)
		f.given(started("u", "w1", "2026-11-01", "08:00"),
			lifted("u", "w1", "s1", "Zero", 0, 1, true), lifted("u", "w1", "s2", "Zero", negative, 1, true),
			lifted("u", "w1", "s3", "Nil", negative, 1, true), lifted("u", "w1", "s4", "Nil", 0, 1, true),
			lifted("u", "w1", "s3", "Nil", negative, 1, true))
		rows, err := b.DB.Query(`SELECT exercise_key, best FROM exercise_days`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var key string
			var best float64
			if err := rows.Scan(&key, &best); err != nil {
				t.Fatal(err)
			}
			if best != 0 || math.Signbit(best) {
				t.Errorf("%s: best %v, want 0", key, best)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		f.requireRebuildSame()
	})
}

// A batch that holds a user's sets and then the closing of their account leaves none of their
// rows: what the batch's overlay kept of them to write is dropped with the rest (a close read
// in one batch with the events it erases, before their streams are deleted).
func TestABatchThatClosesAnAccountLeavesNoneOfItsRows(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newIdleFixture(t, b)
		f.store(started("p", "wp", "2026-11-01", "08:00"), lifted("p", "wp", "s1", "Squat", 100, 5, true),
			started("q", "wq", "2026-11-02", "09:00"), lifted("q", "wq", "s2", "Squat", 80, 5, true),
			lifted("p", "wp", "s3", "Bench Press", 60, 5, true), finished("p", "wp", "09:00"),
			closed("p"), finished("q", "wq", "10:00"))
		f.start()
		f.wait()
		f.requireRowsOf("p", nil)
		f.requireBests("q", "Squat", best("2026-11-02", 80))
		f.requireRebuildSame()
	})
}
