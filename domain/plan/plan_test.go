package plan

import (
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
)

var (
	t0 = time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	t1 = t0.Add(time.Hour)
	f  = func(x float64) *float64 { return &x }
	i  = func(x int) *int { return &x }
)

const (
	pid = "p1"
	uid = "u1"
)

func created() PlanCreated {
	return PlanCreated{PlanID: pid, UserID: uid, Name: "Push A", Notes: "Heavy day", CreatedAt: t0}
}

func squat(id string) ExerciseAdded {
	return ExerciseAdded{ExerciseID: id, PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Front Squat",
		Category: exercise.FreeWeights, WeightUnit: "kg", Targets: []Target{{Weight: f(100), Reps: i(5)}},
		MuscleGroupIDs: builtinGroups("Front Squat")}, AddedAt: t0}
}

func running(id string) ExerciseAdded {
	return ExerciseAdded{ExerciseID: id, PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Running",
		Category: exercise.Cardio, Targets: []Target{{Distance: f(5), DistanceUnit: "km"}},
		MuscleGroupIDs: builtinGroups("Running")}, AddedAt: t0}
}

func builtinGroups(name string) []int {
	b, _ := exercise.LookupBuiltin(name)
	if len(b.MuscleGroups) == 0 {
		return nil
	}
	return b.MuscleGroups
}

// fullPlan is a plan holding MaxExercises exercises.
func fullPlan() []domain.Event {
	events := []domain.Event{created()}
	for n := range MaxExercises {
		events = append(events, squat(strings.Repeat("x", n+1)))
	}
	return events
}

func TestPlanRules(t *testing.T) {
	cases := []verdict{
		{"create trims the name and notes", nil,
			func(p *Plan) ([]domain.Event, error) {
				return p.Create(uid, Details{Name: "  Push A ", Notes: " Heavy day "}, t0)
			},
			[]domain.Event{created()}, nil, nil},
		{"a plan needs a name", nil,
			func(p *Plan) ([]domain.Event, error) { return p.Create(uid, Details{Name: "  "}, t0) },
			nil, domain.ErrInvalid, []string{"name"}},
		{"name and notes are bounded", nil,
			func(p *Plan) ([]domain.Event, error) {
				return p.Create(uid, Details{Name: strings.Repeat("n", 101), Notes: strings.Repeat("é", 1001)}, t0)
			},
			nil, domain.ErrInvalid, []string{"name", "notes"}},
		{"a plan is created once", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Create(uid, Details{Name: "Again"}, t0) },
			nil, domain.ErrConflict, nil},
		{"edit renames", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Edit(Details{Name: "Push B"}, t1) },
			[]domain.Event{PlanEdited{PlanID: pid, UserID: uid, Name: "Push B", EditedAt: t1}}, nil, nil},
		{"an edit that changes nothing records nothing", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Edit(Details{Name: "Push A", Notes: "Heavy day"}, t1) },
			nil, nil, nil},
		{"a deleted plan is not found", []domain.Event{created(), PlanDeleted{PlanID: pid, UserID: uid}},
			func(p *Plan) ([]domain.Event, error) { return p.Edit(Details{Name: "Push B"}, t1) },
			nil, domain.ErrNotFound, nil},
		{"a plan that was never created is not found", nil,
			func(p *Plan) ([]domain.Event, error) { return p.Delete(t1) },
			nil, domain.ErrNotFound, nil},
		{"delete", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Delete(t1) },
			[]domain.Event{PlanDeleted{PlanID: pid, UserID: uid, DeletedAt: t1}}, nil, nil},
		{"a strength exercise: weights to 2 decimals, a missing weight is 0, built-in muscle groups locked", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: " front  squat ", Targets: []StrengthTarget{{Weight: f(100.004), Reps: f(5)},
					{Reps: f(8)}}, Notes: " Pause at the bottom ", MuscleGroups: []int{1}}, "kg", t0)
			},
			[]domain.Event{ExerciseAdded{ExerciseID: "e1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "front squat",
				Category: exercise.FreeWeights, WeightUnit: "kg", Targets: []Target{{Weight: f(100), Reps: i(5)}, {Weight: f(0), Reps: i(8)}},
				Notes: "Pause at the bottom", MuscleGroupIDs: builtinGroups("Front Squat")}, AddedAt: t0}}, nil, nil},
		{"a bodyweight exercise has no weight", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: "Pull-Up", Targets: []StrengthTarget{{Weight: f(20), Reps: f(10)}}}, "kg", t0)
			},
			[]domain.Event{ExerciseAdded{ExerciseID: "e1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Pull-Up",
				Category: exercise.Bodyweight, Targets: []Target{{Reps: i(10)}}, MuscleGroupIDs: builtinGroups("Pull-Up")}, AddedAt: t0}}, nil, nil},
		{"a custom exercise keeps the muscle groups chosen, each once", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: "My lift", Category: exercise.MachineWeights,
					Targets: []StrengthTarget{{Weight: f(40), Reps: f(12)}}, MuscleGroups: []int{5, 10, 5}}, "lbs", t0)
			},
			[]domain.Event{ExerciseAdded{ExerciseID: "e1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "My lift",
				Category: exercise.MachineWeights, WeightUnit: "lbs", Targets: []Target{{Weight: f(40), Reps: i(12)}},
				MuscleGroupIDs: []int{5, 10}}, AddedAt: t0}}, nil, nil},
		{"unknown muscle groups are refused", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: "My lift", Targets: []StrengthTarget{{Reps: f(12)}}, MuscleGroups: []int{99}}, "kg", t0)
			}, nil, domain.ErrInvalid, []string{"muscleGroups"}},
		{"row violations name their row from 1", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: "Front Squat", Targets: []StrengthTarget{{Weight: f(100), Reps: f(5)},
					{Weight: f(-1), Reps: f(5.5)}, {Weight: f(100)}}}, "kg", t0)
			}, nil, domain.ErrInvalid, []string{"reps_2", "reps_3", "weight_2"}},
		{"at least one target row", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: ""}, "kg", t0)
			}, nil, domain.ErrInvalid, []string{"exercise", "targets"}},
		{"at most 50 target rows", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				rows := make([]StrengthTarget, MaxTargets+1)
				return p.AddStrength("e1", StrengthInput{Exercise: "Front Squat", Targets: rows}, "kg", t0)
			}, nil, domain.ErrInvalid, []string{"targets"}},
		{"a strength exercise is not cardio", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("e1", StrengthInput{Exercise: "Front Squat", Category: "cardio",
					Targets: []StrengthTarget{{Reps: f(5)}, {Reps: f(5)}}}, "kg", t0)
			}, nil, domain.ErrInvalid, []string{"category"}},
		{"cardio: distance to 2 decimals, every value optional", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddCardio("c1", CardioInput{Exercise: "Running", Targets: []CardioTarget{
					{Distance: f(5.126), Unit: "km", Minutes: f(25), Seconds: f(30)}, {}}}, t0)
			},
			[]domain.Event{ExerciseAdded{ExerciseID: "c1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Running",
				Category: exercise.Cardio, Targets: []Target{{Distance: f(5.13), DistanceUnit: "km", Minutes: i(25), Seconds: i(30)}, {}},
				MuscleGroupIDs: builtinGroups("Running")}, AddedAt: t0}}, nil, nil},
		{"cardio rows are checked row by row", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddCardio("c1", CardioInput{Exercise: "Running", Targets: []CardioTarget{{Unit: "yd", Minutes: f(1.5)}, {Seconds: f(60)}}}, t0)
			}, nil, domain.ErrInvalid, []string{"minutes_1", "seconds_2", "unit_1"}},
		{"a plan holds at most MaxExercises exercises", fullPlan(),
			func(p *Plan) ([]domain.Event, error) {
				return p.AddStrength("one-more", StrengthInput{Exercise: "Front Squat", Targets: []StrengthTarget{{Reps: f(5)}}}, "kg", t1)
			}, nil, domain.ErrInvalid, []string{"plan"}},
		{"edit replaces an exercise's fields", []domain.Event{created(), squat("e1")},
			func(p *Plan) ([]domain.Event, error) {
				return p.EditStrength("e1", StrengthInput{Exercise: "Front Squat", Targets: []StrengthTarget{{Weight: f(110), Reps: f(3)}}}, "kg", t1)
			},
			[]domain.Event{ExerciseEdited{ExerciseID: "e1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Front Squat",
				Category: exercise.FreeWeights, WeightUnit: "kg", Targets: []Target{{Weight: f(110), Reps: i(3)}},
				MuscleGroupIDs: builtinGroups("Front Squat")}, EditedAt: t1}}, nil, nil},
		{"a strength exercise cannot become cardio", []domain.Event{created(), squat("e1")},
			func(p *Plan) ([]domain.Event, error) {
				return p.EditCardio("e1", CardioInput{Exercise: "Running", Targets: []CardioTarget{{}}}, t1)
			}, nil, domain.ErrInvalid, []string{"category"}},
		{"editing an exercise not in the plan", []domain.Event{created(), running("c1")},
			func(p *Plan) ([]domain.Event, error) {
				return p.EditCardio("c2", CardioInput{Exercise: "Running", Targets: []CardioTarget{{}}}, t1)
			}, nil, domain.ErrNotFound, nil},
		{"remove an exercise", []domain.Event{created(), squat("e1"), running("c1")},
			func(p *Plan) ([]domain.Event, error) { return p.RemoveExercise("e1", t1) },
			[]domain.Event{ExerciseRemoved{ExerciseID: "e1", PlanID: pid, UserID: uid, RemovedAt: t1}}, nil, nil},
		{"a removed exercise is not found", []domain.Event{created(), squat("e1"), ExerciseRemoved{ExerciseID: "e1", PlanID: pid, UserID: uid}},
			func(p *Plan) ([]domain.Event, error) { return p.RemoveExercise("e1", t1) },
			nil, domain.ErrNotFound, nil},
		{"a deleted plan takes no exercise", []domain.Event{created(), PlanDeleted{PlanID: pid, UserID: uid}},
			func(p *Plan) ([]domain.Event, error) {
				return p.AddCardio("c1", CardioInput{Exercise: "Running", Targets: []CardioTarget{{}}}, t1)
			}, nil, domain.ErrNotFound, nil},
	}
	runVerdicts(t, cases)
}

// The plan's state follows its events: exercises in the order added, edits and removals
// applied.
func TestPlanFoldsItsHistory(t *testing.T) {
	p := New(pid)
	for _, e := range []domain.Event{created(), squat("e1"), running("c1"), squat("e2"),
		ExerciseEdited{ExerciseID: "e1", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Hack Squat"}},
		ExerciseRemoved{ExerciseID: "e2", PlanID: pid, UserID: uid}, PlanEdited{PlanID: pid, UserID: uid, Name: "Legs"}} {
		p.Apply(e)
	}
	got := p.Exercises()
	if len(got) != 2 || got[0].ID != "e1" || got[0].Exercise != "Hack Squat" || got[1].ID != "c1" {
		t.Fatalf("got %+v, want e1 (Hack Squat) then c1", got)
	}
	if !p.Exists() || p.Owner() != uid || p.Name() != "Legs" {
		t.Fatalf("got exists %v, owner %q, name %q", p.Exists(), p.Owner(), p.Name())
	}
}

// A workout started from a plan copies it as it stands: its name and version, each target as
// the fields of a set, and a weight without a unit of its own in the lifter's unit.
func TestSnapshotIsThePlanAsAWorkoutStartsFromIt(t *testing.T) {
	p := New(pid)
	dip := ExerciseAdded{ExerciseID: "e3", PlanID: pid, UserID: uid, ExerciseFields: ExerciseFields{Exercise: "Dip",
		Category: exercise.Bodyweight, Targets: []Target{{Weight: f(10), Reps: i(12)}}}, AddedAt: t0}
	for _, e := range []domain.Event{created(), squat("e1"), running("e2"), dip} {
		p.Apply(e)
	}
	s := p.Snapshot(4, "lb")
	if s.ID != pid || s.Version != 4 || s.Name != "Push A" || len(s.Exercises) != 3 {
		t.Fatalf("snapshot = %+v", s)
	}
	if got := s.Exercises[0].Targets[0]; got.Unit != "kg" || *got.Weight != 100 || *got.Reps != 5 {
		t.Errorf("squat's target = %+v, want 100 kg × 5", got)
	}
	if got := s.Exercises[1].Targets[0]; *got.Distance != 5 || got.DistanceUnit != "km" {
		t.Errorf("running's target = %+v, want 5 km", got)
	}
	if got := s.Exercises[2].Targets[0]; got.Unit != "lb" || *got.Weight != 10 {
		t.Errorf("dip's target = %+v, want 10 in the lifter's lb", got)
	}
}
