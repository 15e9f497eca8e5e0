package progress_test

import (
	"math"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// A rebuild in memory, in one pass or in partitions of users, leaves every row the live path
// leaves, for every odd event the log can hold: events about workouts and sets never started
// or since deleted, duplicates, a set id held by another workout, events naming another user
// than the workout's, accounts closed with events of theirs about other users' workouts and
// the other way round, exercise names of one key but different case, hostile text. The read
// model is rebuilt and compared at every stage, so a stage that the next one would hide
// still counts.
func TestRebuildInMemoryOddLog(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		f := newFixture(t, b)
		reps := func(n int) *int { return &n }
		bodyweight := func(user, w, id, name string, n *int, done bool) workout.SetLogged {
			return workout.SetLogged{SetID: id, WorkoutID: w, UserID: user, Done: done, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: name, Category: "bodyweight", Reps: n}}
		}
		edited := func(user, w, id, name, category string, kg *float64, unit string, done bool) workout.SetEdited {
			return workout.SetEdited{SetID: id, WorkoutID: w, UserID: user, Done: done, EditedAt: at,
				SetFields: workout.SetFields{Exercise: name, Category: category, Weight: kg, Unit: unit, Reps: reps(5)}}
		}
		moved := func(user, w, date, start, finish string) workout.WorkoutDetailsEdited {
			return workout.WorkoutDetailsEdited{WorkoutID: w, UserID: user, Date: date, StartTime: start, FinishTime: finish, EditedAt: at}
		}
		done := func(user, w, id string) workout.SetMarkedDone {
			return workout.SetMarkedDone{SetID: id, WorkoutID: w, UserID: user, RPE: 8, DoneAt: at}
		}
		deleted := func(user, w, id string) workout.SetDeleted {
			return workout.SetDeleted{SetID: id, WorkoutID: w, UserID: user, DeletedAt: at}
		}
		gone := func(user, w string) workout.WorkoutDeleted {
			return workout.WorkoutDeleted{WorkoutID: w, UserID: user, DeletedAt: at}
		}
		const e1 = "0aa9c0e9-4f27-56d5-a369-d7e8026ebb0e" // an id as the app writes them, held as bytes
		stages := [][]domain.Event{
			// Names of one key in different case and spacing: the day and the exercise are named
			// by the greatest; sets without a value, bodyweight and weighted on one day; pounds.
			{
				started("u", "w1", "2026-11-01", "18:00"), finished("u", "w1", "19:05"),
				lifted("u", "w1", "a1", "bench press", 80, 5, true),
				lifted("u", "w1", "a2", "Bench  Press", 82.5, 5, true),
				lifted("u", "w1", "a3", "BENCH PRESS ", 90, 1, false),
				bodyweight("u", "w1", "a4", "Dip", nil, true),
				bodyweight("u", "w1", "a5", "Dip", reps(12), false),
				workout.SetLogged{SetID: "a6", WorkoutID: "w1", UserID: "u", Done: true, LoggedAt: at,
					SetFields: workout.SetFields{Exercise: "Dip", Category: "machine-weights", Unit: "kg", Reps: reps(3)}},
				workout.SetLogged{SetID: "a7", WorkoutID: "w1", UserID: "u", Done: true, LoggedAt: at,
					SetFields: workout.SetFields{Exercise: "Row", Category: "free-weights", Weight: ptr(135.5), Unit: "lbs", Reps: reps(8)}},
				workout.SetLogged{SetID: "a8", WorkoutID: "w1", UserID: "u", Done: true, LoggedAt: at,
					SetFields: workout.SetFields{Exercise: "Row", Category: "cardio", Minutes: reps(10)}},
				bodyweight("u", "w1", "a9", "Pull Up", reps(6), true),
				bodyweight("u", "w1", "a10", "Pull Up", nil, true),
				started("u", "w2", "2026-11-03", "23:30"),
				lifted("u", "w2", "b1", "Bench Press", 70, 5, true),
				lifted("u", "w2", "b2", "'); DROP TABLE exercise_days; --", 1, 1, true),
				lifted("u", "w2", "b3", "Bench\u202ePress 💪 %_\\", 2, 2, true),
				lifted("u", "w2", "b4", "   ", 3, 3, true),
				lifted("u", "w2", "b5", "", 4, 4, true),
				// -0 (a weight the domain once let through) ties with 0: the best is 0.
				lifted("u", "w2", "t1", "Zero", 0, 1, true), lifted("u", "w2", "t2", "Zero", math.Copysign(0, -1), 1, true),
				lifted("u", "w2", "t3", "Zero", math.Copysign(0, -1), 1, true), lifted("u", "w2", "t4", "Zero", 0, 1, true),
				lifted("u", "w2", "t5", "Nil", math.Copysign(0, -1), 1, true), lifted("u", "w2", "t6", "Nil", 0, 1, true),
				lifted("u", "w2", "t5", "Nil", math.Copysign(0, -1), 1, true), // logged again
			},
			// Marked done, twice; edited to another exercise, to cardio, back; a day losing its
			// last done set keeps the exercise's name while it has other days.
			{
				done("u", "w1", "a3"), done("u", "w1", "a3"), done("u", "w1", "a5"),
				edited("u", "w2", "b1", "Squat", "free-weights", ptr(100.0), "kg", true),
				edited("u", "w2", "b1", "Squat", "cardio", nil, "", true),
				edited("u", "w2", "b1", "bench press", "free-weights", ptr(60.0), "kg", false),
				edited("u", "w1", "a1", "Bench Press", "free-weights", nil, "kg", true),
				finished("u", "w2", "00:15"),
				lifted("u", "w1", "a2", "bench press", 81, 5, true), // logged again: replaces it
			},
			// Events about workouts and sets never started or held: nothing changes.
			{
				finished("u", "nope", "10:00"), moved("u", "nope", "2026-10-01", "09:00", ""), gone("u", "nope"),
				lifted("u", "nope", "x1", "Squat", 100, 5, true), done("u", "nope", "x1"), deleted("u", "nope", "x1"),
				done("u", "w1", "x2"), deleted("u", "w1", "x2"), edited("u", "w1", "x3", "Squat", "free-weights", ptr(1.0), "kg", true),
				started("u", "w1", "2026-12-25", "06:00"),     // started again: kept as it was
				started("other", "w1", "2026-11-01", "06:00"), // by someone else: theirs
			},
			// A set id held by another workout: events about it there change nothing.
			{
				started("u", "w3", "2026-11-05", "07:00"),
				lifted("u", "w3", "a1", "Squat", 140, 3, true), done("u", "w3", "a1"),
				edited("u", "w3", "a1", "Squat", "free-weights", ptr(150.0), "kg", true), deleted("u", "w3", "a1"),
				lifted("u", "w3", "c1", "Squat", 120, 5, true),
			},
			// Events naming another user than the workout's (sets logged into it, edited, marked
			// done) change nothing; the workout's moves and deletion move and delete its own sets.
			{
				lifted("v", "w3", "c2", "Squat", 125, 5, true),
				bodyweight("u", "w1", "a11", "Pull Up", reps(20), false),
				lifted("v", "w3", "c3", "Deadlift", 180, 1, true),
				edited("v", "w3", "c1", "Squat", "free-weights", ptr(121.0), "kg", true), // u's set: v holds none
				done("v", "w3", "c1"),
				moved("u", "w3", "2026-11-06", "07:00", "08:00"), // unfinished: no minutes
				moved("u", "w3", "2026-11-06", "07:30", ""),      // same day
				finished("u", "w3", "06:00"),                     // before the start: past midnight
				moved("u", "w3", "2026-11-01", "25:99", ""),      // finished, no finish time: 0 minutes
				moved("u", "w1", "2026-11-05", "18:00", "not a time"),
				moved("u", "w1", "2026-11-01", "18:00", "19:30"),
				started("v", "v1", "2026-11-01", "10:00"),
				lifted("u", "v1", "d1", "Squat", 200, 1, true),
				lifted("v", "v1", "d2", "Squat", 100, 1, true),
				done("v", "w1", "a11"), // v marks u's set: nothing
			},
			// Deleted workouts: later events about them and their sets change nothing, and the
			// id started again is a new workout.
			{
				started("u", "w4", "2026-11-07", "12:00"), lifted("u", "w4", e1, "Curl", 20, 10, true),
				lifted("v", "w4", "e2", "Curl", 22, 10, true),
				gone("u", "w4"), gone("u", "w4"),
				finished("u", "w4", "13:00"), moved("u", "w4", "2026-11-08", "12:00", "13:00"),
				lifted("u", "w4", "e3", "Curl", 25, 10, true), done("u", "w4", e1), deleted("u", "w4", e1),
				started("u", "w4", "2026-11-09", "12:00"),
				edited("u", "w4", e1, "Curl", "free-weights", ptr(30.0), "kg", true),
				deleted("u", "w3", "c3"), deleted("u", "w3", "c3"),
			},
			// Closing accounts: u's rows go, v's stay (v starting u's workout id has a workout of
			// its own). Events for u go on.
			{
				closed("u"), closed("u"), closed("nobody"),
				started("v", "w3", "2026-11-20", "08:00"),
				lifted("v", "w3", "f1", "Squat", 130, 2, true),
				moved("v", "w3", "2026-11-21", "08:00", ""),
				edited("v", "w3", "c2", "Squat", "free-weights", ptr(131.0), "kg", true),
				lifted("u", "w1", "a1", "Bench Press", 50, 5, true),
				started("u", "w5", "2026-11-22", "09:00"),
				lifted("u", "w5", "g1", "Bench Press", 55, 5, true),
			},
			{
				gone("v", "w3"),
				closed("v"),
				lifted("u", "w5", "c2", "Bench Press", 56, 5, true),
			},
		}
		for _, events := range stages {
			f.given(events...)
			f.requireRebuildSame()
		}
		if rows := dumpTables(t, b); len(rows) == 0 {
			t.Fatal("the log leaves no rows, want some")
		}
	})
}
