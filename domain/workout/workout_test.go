package workout

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
)

var (
	t0  = time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	t1  = t0.Add(time.Hour)
	f   = func(x float64) *float64 { return &x }
	i   = func(x int) *int { return &x }
	str = func(s string) *string { return &s }
)

const (
	wid = "w1"
	uid = "u1"
)

func started() WorkoutStarted {
	return WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", StartedAt: t0}
}

func bench(id string, weight float64, reps int, rpe *int) SetLogged {
	return SetLogged{SetID: id, WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
		Category: "free-weights", Weight: &weight, Unit: "kg", Reps: &reps, RPE: rpe}, Done: rpe != nil, LoggedAt: t0}
}

// noted is e with its note.
func noted(e SetLogged, note string) SetLogged {
	e.Note = note
	return e
}

func finished(finish string) WorkoutFinished {
	return WorkoutFinished{WorkoutID: wid, UserID: uid, FinishTime: finish, FinishedAt: t1}
}

// pushPlan is a plan of a weighted exercise typed in pounds (two rows, the second without a
// weight), a bodyweight one and a cardio one.
func pushPlan() PlanSnapshot {
	return PlanSnapshot{ID: "p1", Version: 7, Name: " Push A ", Exercises: []PlannedExercise{
		{Exercise: "Barbell Bench Press", Category: "free-weights", Notes: "Pause at the chest",
			Targets: []SetFields{{Weight: f(60), Unit: "lb", Reps: i(8)}, {Weight: f(0), Unit: "lb", Reps: i(5)}}},
		{Exercise: "Dip", Category: "bodyweight", Targets: []SetFields{{Unit: "kg", Reps: i(10)}}},
		{Exercise: "Running", Category: "cardio", Notes: "Easy", Targets: []SetFields{{Distance: f(5), DistanceUnit: "km", Minutes: i(30)}}},
	}}
}

func planSetID(n int) string { return fmt.Sprintf("n%d", n) }

// full is a workout holding MaxSets sets.
func full() []domain.Event {
	events := []domain.Event{started()}
	for n := range MaxSets {
		events = append(events, bench(fmt.Sprintf("s%d", n), 80, 5, nil))
	}
	return events
}

func TestWorkoutRules(t *testing.T) {
	cases := []struct {
		name    string
		given   []domain.Event
		when    func(w *Workout) ([]domain.Event, error)
		then    []domain.Event
		wantErr error
		field   string
	}{
		{"start defaults to now", nil,
			func(w *Workout) ([]domain.Event, error) { return w.Start(StartInput{UserID: uid}, t0) },
			[]domain.Event{started()}, nil, ""},
		// Dates lie from 1900-01-01 to today in the latest time zone (UTC+14) at t0.
		{"a past workout of 1899 is refused", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.AddPast(StartInput{UserID: uid, Date: "1899-12-31", StartTime: "09:00"}, "10:00", t0)
			}, nil, domain.ErrInvalid, "date"},
		{"a past workout of 9999 is refused", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.AddPast(StartInput{UserID: uid, Date: "9999-12-31", StartTime: "09:00"}, "10:00", t0)
			}, nil, domain.ErrInvalid, "date"},
		{"a workout tomorrow in UTC+14 is refused (09:30 UTC is 23:30 there)", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.Start(StartInput{UserID: uid, Date: "2026-11-22"}, t0)
			}, nil, domain.ErrInvalid, "date"},
		{"a workout today in UTC+14 is today (20:30 UTC is 10:30 there, the next day)", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.Start(StartInput{UserID: uid, Date: "2026-11-22"}, t0.Add(11*time.Hour))
			},
			[]domain.Event{WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-22", StartTime: "20:30",
				StartedAt: t0.Add(11 * time.Hour)}}, nil, ""},
		{"a date moved to 1900-01-01 is kept", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{Date: str("1900-01-01")}, t0) },
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "1900-01-01", StartTime: "09:30", EditedAt: t0}}, nil, ""},
		{"a date moved into the future is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{Date: str("2027-01-01")}, t0) },
			nil, domain.ErrInvalid, "date"},
		{"a performed set is done without an RPE (an imported row)", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogPerformedStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(100), Reps: f(5)}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Squat",
				Category: "free-weights", Weight: f(100), Unit: "kg", Reps: i(5)}, Done: true, LoggedAt: t0}}, nil, ""},
		{"a warm-up is logged as one", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(60), Reps: f(5), RPE: f(4), Kind: KindWarmUp}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Squat",
				Category: "free-weights", Weight: f(60), Unit: "kg", Reps: i(5), RPE: i(4), Kind: KindWarmUp}, Done: true,
				LoggedAt: t0}}, nil, ""},
		{"an edit changes a set's kind", []domain.Event{started(), bench("s1", 80, 5, i(8))},
			func(w *Workout) ([]domain.Event, error) {
				return w.EditStrength("s1", StrengthInput{Exercise: "Barbell Bench Press", Weight: f(80), Reps: f(5), Kind: KindFailure}, "kg", t0)
			},
			[]domain.Event{SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
				Category: "free-weights", Weight: f(80), Unit: "kg", Reps: i(5), RPE: i(8), Kind: KindFailure}, Done: true,
				EditedAt: t0}}, nil, ""},
		{"a note keeps its lines, its Windows line ends made plain and the space around it trimmed", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(60), Reps: f(5),
					Note: str("  seat at 4\r\n\tleft knee: fine \n")}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Squat",
				Category: "free-weights", Weight: f(60), Unit: "kg", Reps: i(5), Note: "seat at 4\n\tleft knee: fine"}, LoggedAt: t0}}, nil, ""},
		{"an edit that sends no note keeps the set's note", []domain.Event{started(), noted(bench("s1", 80, 5, i(8)), "pause")},
			func(w *Workout) ([]domain.Event, error) {
				return w.EditStrength("s1", StrengthInput{Exercise: "Barbell Bench Press", Weight: f(82.5), Reps: f(5)}, "kg", t0)
			},
			[]domain.Event{SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
				Category: "free-weights", Weight: f(82.5), Unit: "kg", Reps: i(5), RPE: i(8), Note: "pause"}, Done: true, EditedAt: t0}}, nil, ""},
		{"an edit that sends an empty note clears it", []domain.Event{started(), noted(bench("s1", 80, 5, i(8)), "pause")},
			func(w *Workout) ([]domain.Event, error) {
				return w.EditStrength("s1", StrengthInput{Exercise: "Barbell Bench Press", Weight: f(80), Reps: f(5), Note: str("")}, "kg", t0)
			},
			[]domain.Event{SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
				Category: "free-weights", Weight: f(80), Unit: "kg", Reps: i(5), RPE: i(8)}, Done: true, EditedAt: t0}}, nil, ""},
		{"a cardio edit that sends an empty note clears it", []domain.Event{started(), noted(SetLogged{SetID: "c1", WorkoutID: wid,
			UserID: uid, SetFields: SetFields{Exercise: "Running", Category: "cardio", Minutes: i(20)}, LoggedAt: t0}, "hills")},
			func(w *Workout) ([]domain.Event, error) {
				return w.EditCardio("c1", CardioInput{Exercise: "Running", Minutes: f(21), Note: str(" ")}, t0)
			},
			[]domain.Event{SetEdited{SetID: "c1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Running",
				Category: "cardio", Minutes: i(21)}, EditedAt: t0}}, nil, ""},
		{"a note of 1001 characters is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogCardio("c1", CardioInput{Exercise: "Running", Minutes: f(20), Note: str(strings.Repeat("é", 1001))}, t0)
			}, nil, domain.ErrInvalid, "note"},
		{"a note with a control character other than tab and newline is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(60), Reps: f(5), Note: str("a\x1bb")}, "kg", t0)
			}, nil, domain.ErrInvalid, "note"},
		{"a workout starts with its notes", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.Start(StartInput{UserID: uid, Notes: "Deload week\r\n"}, t0)
			},
			[]domain.Event{WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", Notes: "Deload week",
				StartedAt: t0}}, nil, ""},
		{"an edit of the notes alone is an edit; one that sends none keeps them", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				w.Apply(WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", Notes: "Slept badly", EditedAt: t0})
				events, err := w.Edit(DetailsInput{Name: str("Legs")}, t1)
				if err == nil {
					more, _ := w.Edit(DetailsInput{Notes: str("")}, t1)
					events = append(events, more...)
				}
				return events, err
			},
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", Name: "Legs",
				Notes: "Slept badly", EditedAt: t1},
				WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", EditedAt: t1}}, nil, ""},
		{"workout notes of 1001 characters are refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.Edit(DetailsInput{Notes: str(strings.Repeat("x", 1001))}, t0)
			},
			nil, domain.ErrInvalid, "notes"},
		{"a kind Gymlog does not know is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(60), Reps: f(5), Kind: "cooldown"}, "kg", t0)
			}, nil, domain.ErrInvalid, "kind"},
		{"a performed cardio set is done without an RPE", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogPerformedCardio("c1", CardioInput{Exercise: "Running", Distance: f(5), Unit: "km"}, t0)
			},
			[]domain.Event{SetLogged{SetID: "c1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Running",
				Category: "cardio", Distance: f(5), DistanceUnit: "km"}, Done: true, LoggedAt: t0}}, nil, ""},
		{"start refuses a bad time", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.Start(StartInput{UserID: uid, StartTime: "25:00"}, t0)
			},
			nil, domain.ErrInvalid, "startTime"},
		{"a set with an RPE is done, weight to 2 decimals", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: " barbell  bench press ", Weight: f(80.004), Reps: f(5), RPE: f(8)}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "barbell bench press",
				Category: "free-weights", Weight: f(80), Unit: "kg", Reps: i(5), RPE: i(8)}, Done: true, LoggedAt: t0}}, nil, ""},
		// Bounds hold for the values stored, after rounding to 2 decimals.
		{"a weight that rounds to 10000 is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(9999.995), Reps: f(5)}, "kg", t0)
			}, nil, domain.ErrInvalid, "weight"},
		{"the largest weight kept", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(9999.994), Reps: f(5)}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Squat",
				Category: "free-weights", Weight: f(9999.99), Unit: "kg", Reps: i(5)}, LoggedAt: t0}}, nil, ""},
		{"a distance that rounds to 100000 is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogCardio("c1", CardioInput{Exercise: "Running", Distance: f(99999.999), Unit: "m"}, t0)
			}, nil, domain.ErrInvalid, "distance"},
		{"reps must be whole", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(100), Reps: f(5.5)}, "kg", t0)
			}, nil, domain.ErrInvalid, "reps"},
		{"RPE 11 is refused", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(100), Reps: f(5), RPE: f(11)}, "kg", t0)
			}, nil, domain.ErrInvalid, "rpe"},
		{"bodyweight needs no weight", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Pull-Up", Reps: f(10)}, "kg", t0)
			},
			[]domain.Event{SetLogged{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Pull-Up",
				Category: "bodyweight", Unit: "kg", Reps: i(10)}, LoggedAt: t0}}, nil, ""},
		{"cardio unit must be km, m, mi or none", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogCardio("c1", CardioInput{Exercise: "Running", Distance: f(5), Unit: "yd"}, t0)
			}, nil, domain.ErrInvalid, "unit"},
		{"cardio distance to 2 decimals", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogCardio("c1", CardioInput{Exercise: "Running", Distance: f(5.126), Unit: "km", Minutes: f(25), Seconds: f(30), RPE: f(7)}, t0)
			},
			[]domain.Event{SetLogged{SetID: "c1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Running",
				Category: "cardio", Distance: f(5.13), DistanceUnit: "km", Minutes: i(25), Seconds: i(30), RPE: i(7)}, Done: true, LoggedAt: t0}}, nil, ""},
		{"finishing drops the undone sets and keeps an empty name", []domain.Event{started(), bench("s1", 80, 5, i(8)), bench("s2", 85, 5, nil)},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("10:35")}, t1) },
			[]domain.Event{
				SetDeleted{SetID: "s2", WorkoutID: wid, UserID: uid, Reason: ReasonNotDone, DeletedAt: t1},
				WorkoutFinished{WorkoutID: wid, UserID: uid, FinishTime: "10:35", FinishedAt: t1}}, nil, ""},
		{"finishing names the workout after its plan when unnamed",
			[]domain.Event{WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", PlanName: "Push A", StartedAt: t0}},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("10:35")}, t1) },
			[]domain.Event{WorkoutFinished{WorkoutID: wid, UserID: uid, FinishTime: "10:35", Name: "Push A", FinishedAt: t1}}, nil, ""},
		{"editing a finished workout's times", []domain.Event{started(), WorkoutFinished{WorkoutID: wid, UserID: uid, FinishTime: "10:35", FinishedAt: t1}},
			func(w *Workout) ([]domain.Event, error) {
				return w.Edit(DetailsInput{FinishTime: str("10:50"), Name: str("Push")}, t1)
			},
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", FinishTime: "10:50", Name: "Push", EditedAt: t1}}, nil, ""},
		{"a finish before the start is refused when it makes the workout over 6 hours", []domain.Event{started(), finished("10:35")},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("08:22")}, t1) },
			nil, domain.ErrInvalid, "finishTime"},
		{"a workout across midnight is kept",
			[]domain.Event{WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "22:30", StartedAt: t0}, finished("23:45")},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("00:15")}, t1) },
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "22:30", FinishTime: "00:15", EditedAt: t1}}, nil, ""},
		{"a workout of exactly 6 hours is kept", []domain.Event{started(), finished("10:35")},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("15:30")}, t1) },
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", FinishTime: "15:30", EditedAt: t1}}, nil, ""},
		{"moving the start so the workout lasts over 6 hours is refused on the finish time", []domain.Event{started(), finished("10:35")},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{StartTime: str("03:00")}, t1) },
			nil, domain.ErrInvalid, "finishTime"},
		{"finishing over 6 hours after the start is refused", []domain.Event{started(), bench("s1", 80, 5, i(8))},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("16:00")}, t1) },
			nil, domain.ErrInvalid, "finishTime"},
		{"a past workout over 6 hours is refused", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.AddPast(StartInput{UserID: uid, Date: "2026-11-20", StartTime: "18:00"}, "17:00", t0)
			}, nil, domain.ErrInvalid, "finishTime"},
		{"renaming a workout stored over 6 hours long keeps its times", []domain.Event{started(), finished("08:22")},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{Name: str("Legs")}, t1) },
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", FinishTime: "08:22", Name: "Legs", EditedAt: t1}}, nil, ""},
		{"a workout holds at most MaxSets sets", full(),
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("one-more", StrengthInput{Exercise: "Squat", Weight: f(100), Reps: f(5)}, "kg", t1)
			}, nil, domain.ErrInvalid, "session"},
		{"a deleted set frees its place", append(full(), SetDeleted{SetID: "s0", WorkoutID: wid, UserID: uid}),
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("one-more", StrengthInput{Exercise: "Pull-Up", Reps: f(5)}, "kg", t1)
			},
			[]domain.Event{SetLogged{SetID: "one-more", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Pull-Up",
				Category: "bodyweight", Unit: "kg", Reps: i(5)}, LoggedAt: t1}}, nil, ""},
		{"mark done with an RPE", []domain.Event{started(), bench("s1", 80, 5, nil)},
			func(w *Workout) ([]domain.Event, error) { return w.MarkDone("s1", f(9), t1) },
			[]domain.Event{SetMarkedDone{SetID: "s1", WorkoutID: wid, UserID: uid, RPE: 9, DoneAt: t1}}, nil, ""},
		{"mark done needs an RPE", []domain.Event{started(), bench("s1", 80, 5, nil)},
			func(w *Workout) ([]domain.Event, error) { return w.MarkDone("s1", nil, t1) }, nil, domain.ErrInvalid, "rpe"},
		{"editing keeps done and the RPE", []domain.Event{started(), bench("s1", 80, 5, i(8))},
			func(w *Workout) ([]domain.Event, error) {
				return w.EditStrength("s1", StrengthInput{Exercise: "Barbell Bench Press", Weight: f(82.5), Reps: f(5)}, "kg", t1)
			},
			[]domain.Event{SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
				Category: "free-weights", Weight: f(82.5), Unit: "kg", Reps: i(5), RPE: i(8)}, Done: true, EditedAt: t1}}, nil, ""},
		{"a deleted set is not found", []domain.Event{started(), bench("s1", 80, 5, nil), SetDeleted{SetID: "s1", WorkoutID: wid, UserID: uid}},
			func(w *Workout) ([]domain.Event, error) { return w.DeleteSet("s1", t1) }, nil, domain.ErrNotFound, ""},
		{"a deleted workout takes nothing", []domain.Event{started(), WorkoutDeleted{WorkoutID: wid, UserID: uid}},
			func(w *Workout) ([]domain.Event, error) {
				return w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(100), Reps: f(5)}, "kg", t1)
			}, nil, domain.ErrNotFound, ""},
		{"a copy grows by the increments and starts undone", []domain.Event{},
			func(w *Workout) ([]domain.Event, error) {
				src := New("w0")
				src.Apply(started())
				src.Apply(bench("s1", 80, 5, i(8)))
				return w.StartCopy(StartInput{UserID: uid, Date: "2026-11-22", StartTime: "08:00", FromWorkoutID: "w0"}, src.Sets(),
					Copy{PlusWeight: 2.5, PlusReps: 1}, "kg", func(int) string { return "n1" }, t1)
			},
			[]domain.Event{
				WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-22", StartTime: "08:00", FromWorkoutID: "w0", StartedAt: t1},
				SetLogged{SetID: "n1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
					Category: "free-weights", Weight: f(82.5), Unit: "kg", Reps: i(6)}, LoggedAt: t1}}, nil, ""},
		{"a plan starts with its name, notes and targets as sets to do", nil,
			func(w *Workout) ([]domain.Event, error) {
				return w.StartFromPlan(StartInput{UserID: uid, StartTime: "08:00"}, pushPlan(), planSetID, t1)
			},
			append([]domain.Event{
				WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "08:00", PlanName: "Push A", StartedAt: t1},
				PlanCopied{WorkoutID: wid, UserID: uid, PlanID: "p1", PlanVersion: 7, Exercises: []CopiedExercise{
					{Exercise: "Barbell Bench Press", Category: "free-weights", Notes: "Pause at the chest", SetIDs: []string{"n0", "n1"}},
					{Exercise: "Dip", Category: "bodyweight", SetIDs: []string{"n2"}},
					{Exercise: "Running", Category: "cardio", Notes: "Easy", SetIDs: []string{"n3"}}}, CopiedAt: t1}},
				SetLogged{SetID: "n0", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
					Category: "free-weights", Weight: f(60), Unit: "lb", Reps: i(8)}, LoggedAt: t1},
				SetLogged{SetID: "n1", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Barbell Bench Press",
					Category: "free-weights", Weight: f(0), Unit: "lb", Reps: i(5)}, LoggedAt: t1},
				SetLogged{SetID: "n2", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Dip",
					Category: "bodyweight", Unit: "kg", Reps: i(10)}, LoggedAt: t1},
				SetLogged{SetID: "n3", WorkoutID: wid, UserID: uid, SetFields: SetFields{Exercise: "Running",
					Category: "cardio", Distance: f(5), DistanceUnit: "km", Minutes: i(30)}, LoggedAt: t1}), nil, ""},
		{"a plan's target that breaks a set's rules is refused", nil,
			func(w *Workout) ([]domain.Event, error) {
				p := pushPlan()
				p.Exercises[0].Targets[1].Reps = i(0)
				return w.StartFromPlan(StartInput{UserID: uid}, p, planSetID, t1)
			}, nil, domain.ErrInvalid, "id"},
		{"a plan with more targets than a workout holds is refused", nil,
			func(w *Workout) ([]domain.Event, error) {
				p := pushPlan()
				for len(p.Exercises[0].Targets) <= MaxSets {
					p.Exercises[0].Targets = append(p.Exercises[0].Targets, p.Exercises[0].Targets[0])
				}
				return w.StartFromPlan(StartInput{UserID: uid}, p, planSetID, t1)
			}, nil, domain.ErrInvalid, "id"},
		{"a workout that exists does not start again from a plan", []domain.Event{started()},
			func(w *Workout) ([]domain.Event, error) {
				return w.StartFromPlan(StartInput{UserID: uid}, pushPlan(), planSetID, t1)
			}, nil, domain.ErrConflict, ""},
		{"a workout from a plan finishes named after the plan as it stood, its undone targets dropped",
			[]domain.Event{WorkoutStarted{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", PlanName: "Push A", StartedAt: t0},
				PlanCopied{WorkoutID: wid, UserID: uid, PlanID: "p1", PlanVersion: 7, Exercises: []CopiedExercise{
					{Exercise: "Barbell Bench Press", Category: "free-weights", SetIDs: []string{"s1", "s2"}}}},
				bench("s1", 80, 5, nil), bench("s2", 80, 5, nil), SetMarkedDone{SetID: "s1", WorkoutID: wid, UserID: uid, RPE: 8}},
			func(w *Workout) ([]domain.Event, error) { return w.Edit(DetailsInput{FinishTime: str("10:35")}, t1) },
			[]domain.Event{
				SetDeleted{SetID: "s2", WorkoutID: wid, UserID: uid, Reason: ReasonNotDone, DeletedAt: t1},
				WorkoutFinished{WorkoutID: wid, UserID: uid, FinishTime: "10:35", Name: "Push A", FinishedAt: t1}}, nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := New(wid)
			for _, e := range tc.given {
				w.Apply(e)
			}
			got, err := tc.when(w)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("got error %v, want %v", err, tc.wantErr)
				}
				var ve *domain.ValidationError
				if tc.field != "" && (!errors.As(err, &ve) || ve.Violations[0].PropertyPath != tc.field) {
					t.Fatalf("got %v, want a violation on %s", err, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v", err)
			}
			if !reflect.DeepEqual(got, tc.then) {
				t.Fatalf("got  %#v\nwant %#v", got, tc.then)
			}
		})
	}
}

func TestRegisterKeepsOneWorkoutInProgress(t *testing.T) {
	claimed := WorkoutClaimed{UserID: uid, WorkoutID: "w1", ClaimedAt: t0}
	cases := []struct {
		name     string
		given    []domain.Event
		state    ClaimState
		now      time.Time
		then     []domain.Event
		wantOpen string
	}{
		{"nothing in progress: claim", nil, InProgress, t0, []domain.Event{WorkoutClaimed{UserID: uid, WorkoutID: "w2", ClaimedAt: t0}}, "w2"},
		{"one in progress: answer it", []domain.Event{claimed}, InProgress, t1, nil, "w1"},
		{"released: claim", []domain.Event{claimed, WorkoutReleased{UserID: uid, WorkoutID: "w1"}}, InProgress, t1,
			[]domain.Event{WorkoutClaimed{UserID: uid, WorkoutID: "w2", ClaimedAt: t1}}, "w2"},
		{"claimed one ended without release: heal", []domain.Event{claimed}, Ended, t1,
			[]domain.Event{WorkoutReleased{UserID: uid, WorkoutID: "w1", ReleasedAt: t1}, WorkoutClaimed{UserID: uid, WorkoutID: "w2", ClaimedAt: t1}}, "w2"},
		{"claimed one unwritten for a moment: still held", []domain.Event{claimed}, Unwritten, t0.Add(time.Second), nil, "w1"},
		{"claimed one unwritten for long: heal", []domain.Event{claimed}, Unwritten, t1,
			[]domain.Event{WorkoutReleased{UserID: uid, WorkoutID: "w1", ReleasedAt: t1}, WorkoutClaimed{UserID: uid, WorkoutID: "w2", ClaimedAt: t1}}, "w2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRegister(uid)
			for _, e := range tc.given {
				r.Apply(e)
			}
			got, open := r.Claim("w2", func(string) ClaimState { return tc.state }, tc.now)
			if !reflect.DeepEqual(got, tc.then) || open != tc.wantOpen {
				t.Fatalf("got %#v, %s; want %#v, %s", got, open, tc.then, tc.wantOpen)
			}
		})
	}
}

func TestSuggestNext(t *testing.T) {
	cases := []struct {
		weight     *float64
		reps, rpe  int
		unit       string
		wantWeight *float64
		wantReps   int
		advice     string
	}{
		{f(80), 5, 6, "kg", f(82.5), 5, AdviceAddWeight},
		{f(180), 5, 5, "lbs", f(185), 5, AdviceAddWeight},
		{nil, 10, 4, "kg", nil, 12, AdviceAddWeight},
		{f(80), 5, 7, "kg", f(80), 6, AdviceAddRep},
		{f(80), 5, 8, "kg", f(80), 6, AdviceAddRep},
		{f(80), 5, 9, "kg", f(80), 5, AdviceHold},
		{f(80), 5, 10, "kg", f(80), 5, AdviceHold},
	}
	for _, tc := range cases {
		got := SuggestNext(tc.weight, tc.reps, tc.rpe, tc.unit)
		if !reflect.DeepEqual(got.Weight, tc.wantWeight) || got.Reps != tc.wantReps || got.Advice != tc.advice {
			t.Errorf("SuggestNext(%v, %d, %d, %s): got %v %d %s", tc.weight, tc.reps, tc.rpe, tc.unit, got.Weight, got.Reps, got.Advice)
		}
	}
}

func TestCheckCopy(t *testing.T) {
	for _, tc := range []struct {
		unit   string
		w, r   float64
		wantOK bool
	}{{"kg", 1.25, 0, true}, {"kg", 2.5, 2, true}, {"kg", 5, 0, false}, {"lbs", 5, 1, true}, {"lbs", 1.25, 0, false}, {"kg", 0, 3, false}} {
		_, err := CheckCopy(tc.unit, f(tc.w), f(tc.r))
		if (err == nil) != tc.wantOK {
			t.Errorf("CheckCopy(%s, %v, %v): got %v, want ok %v", tc.unit, tc.w, tc.r, err, tc.wantOK)
		}
	}
}

// A "-0" typed as a weight or a distance is stored as 0: the events carry no negative zero.
func TestNegativeZeroIsStoredAsZero(t *testing.T) {
	w := New(wid)
	w.Apply(started())
	strength, err := w.LogStrength("s1", StrengthInput{Exercise: "Squat", Weight: f(math.Copysign(0, -1)), Reps: f(5)}, "kg", t0)
	if err != nil {
		t.Fatalf("got error %v", err)
	}
	cardio, err := w.LogCardio("c1", CardioInput{Exercise: "Running", Distance: f(math.Copysign(0, -1)), Unit: "km", Minutes: f(30)}, t0)
	if err != nil {
		t.Fatalf("got error %v", err)
	}
	if got := *strength[0].(SetLogged).Weight; got != 0 || math.Signbit(got) {
		t.Errorf("weight: got %v (sign bit %v), want +0", got, math.Signbit(got))
	}
	if got := *cardio[0].(SetLogged).Distance; got != 0 || math.Signbit(got) {
		t.Errorf("distance: got %v (sign bit %v), want +0", got, math.Signbit(got))
	}
}

// What a workout's own stream says of a claim on it, which app and the history generator both
// ask before a new workout may start.
func TestClaimStateFollowsTheWorkoutsStream(t *testing.T) {
	for _, c := range []struct {
		name   string
		events []domain.Event
		want   ClaimState
	}{
		{"no events", nil, Unwritten},
		{"started", []domain.Event{started()}, InProgress},
		{"a set logged", []domain.Event{started(), bench("s1", 60, 8, nil)}, InProgress},
		{"finished", []domain.Event{started(), finished("10:30")}, Ended},
		{"deleted", []domain.Event{started(), WorkoutDeleted{WorkoutID: wid, UserID: uid, DeletedAt: t1}}, Ended},
	} {
		w := New(wid)
		for _, e := range c.events {
			w.Apply(e)
		}
		if got := w.ClaimState(); got != c.want {
			t.Errorf("%s: ClaimState = %v, want %v", c.name, got, c.want)
		}
	}
}
