package plan

import (
	"errors"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
)

func TestPlanUndo(t *testing.T) {
	renamed := PlanEdited{PlanID: pid, UserID: uid, Name: "Push B", EditedAt: t1}
	removed := ExerciseRemoved{ExerciseID: "x1", PlanID: pid, UserID: uid, RemovedAt: t1}
	readded := squat("x1")
	readded.AddedAt, readded.Restored = t1, &Restored{Position: 7, RemovedAt: t1}
	edited := ExerciseEdited{ExerciseID: "x1", PlanID: pid, UserID: uid, ExerciseFields: running("x1").ExerciseFields, EditedAt: t1}
	back := ExerciseEdited{ExerciseID: "x1", PlanID: pid, UserID: uid, ExerciseFields: squat("x1").ExerciseFields, EditedAt: t1}
	cases := []struct {
		name    string
		given   []domain.Event
		then    []domain.Event
		wantErr error
	}{
		{"a rename is taken back", []domain.Event{created(), renamed},
			[]domain.Event{PlanEdited{PlanID: pid, UserID: uid, Name: "Push A", Notes: "Heavy day", EditedAt: t1}}, nil},
		{"an exercise added is removed", []domain.Event{created(), squat("x1")}, []domain.Event{removed}, nil},
		{"an exercise edited gets its fields back", []domain.Event{created(), squat("x1"), edited}, []domain.Event{back}, nil},
		{"an exercise removed is added again as it was, restored to its first adding's place", []domain.Event{created(), squat("x1"), removed}, []domain.Event{readded}, nil},
		{"a creation is not undone", []domain.Event{created()}, nil, domain.ErrInvalid},
		{"nor anything of a deleted plan", []domain.Event{created(), squat("x1"), PlanDeleted{PlanID: pid, UserID: uid, DeletedAt: t1}},
			nil, domain.ErrNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := New(pid)
			for _, e := range c.given {
				p.Apply(e)
			}
			got, err := p.Undo(t1, func(id string) int64 {
				if id != "x1" {
					t.Errorf("first adding of %q asked", id)
				}
				return 7
			})
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) || got != nil {
					t.Fatalf("got %v %v, want %v", got, err, c.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, c.then) {
				t.Fatalf("got %#v %v\nwant %#v", got, err, c.then)
			}
		})
	}
}

// Undoing an exercise's removal puts it back in its place among the plan's exercises, where
// a plain adding goes last.
func TestUndoRestoresAnExerciseToItsPlace(t *testing.T) {
	p := New(pid)
	for _, e := range []domain.Event{created(), squat("x1"), squat("x2"), squat("x3"),
		ExerciseRemoved{ExerciseID: "x2", PlanID: pid, UserID: uid, RemovedAt: t1}} {
		p.Apply(e)
	}
	undone, err := p.Undo(t1, func(string) int64 { return 3 })
	if err != nil || len(undone) != 1 {
		t.Fatalf("undo: %v %v", undone, err)
	}
	p.Apply(undone[0])
	var order []string
	for _, x := range p.Exercises() {
		order = append(order, x.ID)
	}
	if !reflect.DeepEqual(order, []string{"x1", "x2", "x3"}) {
		t.Errorf("order after the undo: %v, want x1 x2 x3", order)
	}
	if place := undone[0].(ExerciseAdded).Place(9); place != 3 {
		t.Errorf("the restored exercise's place: %d, want its first adding's, 3", place)
	}
	p.Apply(squat("x4"))
	if xs := p.Exercises(); xs[len(xs)-1].ID != "x4" {
		t.Errorf("an exercise added later goes last: %v", xs)
	}
}
