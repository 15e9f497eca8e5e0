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
	readded.AddedAt = t1
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
		{"an exercise removed is added again as it was", []domain.Event{created(), squat("x1"), removed}, []domain.Event{readded}, nil},
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
			got, err := p.Undo(t1)
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
