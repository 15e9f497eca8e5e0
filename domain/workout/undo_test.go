package workout

import (
	"errors"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
)

func TestUndo(t *testing.T) {
	edited := SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: bench("s1", 62.5, 5, nil).SetFields, EditedAt: t1}
	back := SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: bench("s1", 60, 5, nil).SetFields, EditedAt: t1}
	done := SetMarkedDone{SetID: "s1", WorkoutID: wid, UserID: uid, RPE: 8, DoneAt: t1}
	deleted := SetDeleted{SetID: "s1", WorkoutID: wid, UserID: uid, DeletedAt: t1}
	relogged := bench("s1", 60, 5, nil)
	relogged.LoggedAt = t1
	renamed := WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-22", StartTime: "10:00", Name: "Legs", EditedAt: t1}
	cases := []struct {
		name    string
		given   []domain.Event
		then    []domain.Event
		wantErr error
	}{
		{"a set logged is deleted", []domain.Event{started(), bench("s1", 60, 5, nil)},
			[]domain.Event{SetDeleted{SetID: "s1", WorkoutID: wid, UserID: uid, Reason: ReasonUndone, DeletedAt: t1}}, nil},
		{"a set edited gets its values back", []domain.Event{started(), bench("s1", 60, 5, nil), edited}, []domain.Event{back}, nil},
		{"a set marked done is not done again", []domain.Event{started(), bench("s1", 60, 5, nil), done}, []domain.Event{back}, nil},
		{"a set deleted is logged again as it was", []domain.Event{started(), bench("s1", 60, 5, nil), deleted},
			[]domain.Event{relogged}, nil},
		{"the details get their values back", []domain.Event{started(), renamed},
			[]domain.Event{WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-21", StartTime: "09:30", EditedAt: t1}}, nil},
		{"undoing an undo redoes", []domain.Event{started(), bench("s1", 60, 5, nil), edited, back}, []domain.Event{edited}, nil},
		{"a start is not undone", []domain.Event{started()}, nil, domain.ErrInvalid},
		{"a finish is not undone", []domain.Event{started(), finished("10:30")}, nil, domain.ErrInvalid},
		{"nor anything of a deleted workout", []domain.Event{started(), bench("s1", 60, 5, nil),
			WorkoutDeleted{WorkoutID: wid, UserID: uid, DeletedAt: t1}}, nil, domain.ErrNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := New(wid)
			for _, e := range c.given {
				w.Apply(e)
			}
			got, err := w.Undo(t1)
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
