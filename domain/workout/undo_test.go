package workout

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/gymlog/gymlog/domain"
)

func TestUndo(t *testing.T) {
	edited := SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: bench("s1", 62.5, 5, nil).SetFields, EditedAt: t1}
	back := SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid, SetFields: bench("s1", 60, 5, nil).SetFields, EditedAt: t1}
	done := SetMarkedDone{SetID: "s1", WorkoutID: wid, UserID: uid, RPE: 8, DoneAt: t1}
	deleted := SetDeleted{SetID: "s1", WorkoutID: wid, UserID: uid, DeletedAt: t1}
	relogged := bench("s1", 60, 5, nil)
	relogged.LoggedAt, relogged.Restored = t1, &Restored{Position: 7, DeletedAt: t1}
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
		{"a set deleted is restored as it was, to its place", []domain.Event{started(), bench("s1", 60, 5, nil), deleted},
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
			got, err := w.Undo(t1, func(id string) int64 { return map[string]int64{"s1": 7}[id] })
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

// A restored set goes back to its place among the workout's sets, and undoing the restore
// deletes it again.
func TestUndoRestoresASetToItsPlace(t *testing.T) {
	w := New(wid)
	for _, e := range []domain.Event{started(), bench("s1", 60, 5, nil), bench("s2", 70, 5, nil), bench("s3", 80, 5, nil),
		SetDeleted{SetID: "s2", WorkoutID: wid, UserID: uid, DeletedAt: t1}} {
		w.Apply(e)
	}
	restore, err := w.Undo(t1, nil)
	if err != nil || len(restore) != 1 {
		t.Fatalf("undo the delete: %v %v", restore, err)
	}
	if e, ok := restore[0].(SetLogged); !ok || e.Restored == nil || e.Restored.Position != 0 || !e.Restored.DeletedAt.Equal(t1) {
		t.Fatalf("the restore: %#v", restore[0])
	}
	w.Apply(restore[0])
	var order []string
	for _, s := range w.Sets() {
		order = append(order, s.ID)
	}
	if !reflect.DeepEqual(order, []string{"s1", "s2", "s3"}) {
		t.Errorf("the sets after the restore: %v", order)
	}
	again, err := w.Undo(t1, nil)
	if err != nil || !reflect.DeepEqual(again, []domain.Event{SetDeleted{SetID: "s2", WorkoutID: wid, UserID: uid, Reason: ReasonUndone, DeletedAt: t1}}) {
		t.Errorf("undo the restore: %#v %v", again, err)
	}
}

// The last change is named as History numbers sets, with whether undoing it removes a set.
func TestLastChange(t *testing.T) {
	twoBench := []domain.Event{started(), bench("s1", 60, 5, nil), bench("s2", 70, 5, nil)}
	cases := []struct {
		name    string
		given   []domain.Event
		what    string
		removes bool
	}{
		{"a set logged", twoBench, "Set 2 of Barbell Bench Press logged", true},
		{"a set edited", append(slices.Clone(twoBench), SetEdited{SetID: "s1", WorkoutID: wid, UserID: uid,
			SetFields: bench("s1", 65, 5, nil).SetFields, EditedAt: t1}), "Set 1 of Barbell Bench Press edited", false},
		{"a set marked done", append(slices.Clone(twoBench), SetMarkedDone{SetID: "s2", WorkoutID: wid, UserID: uid, RPE: 8, DoneAt: t1}),
			"Set 2 of Barbell Bench Press marked done", false},
		{"a set deleted", append(slices.Clone(twoBench), SetDeleted{SetID: "s1", WorkoutID: wid, UserID: uid, DeletedAt: t1}),
			"Set 1 of Barbell Bench Press deleted", false},
		{"the details", []domain.Event{started(), WorkoutDetailsEdited{WorkoutID: wid, UserID: uid, Date: "2026-11-22",
			StartTime: "10:00", EditedAt: t1}}, "The workout's details edited", false},
		{"nothing", []domain.Event{started()}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := New(wid)
			for _, e := range c.given {
				w.Apply(e)
			}
			what, removes, ok := w.LastChange()
			if what != c.what || removes != c.removes || ok != (c.what != "") {
				t.Errorf("got %q %v %v, want %q %v", what, removes, ok, c.what, c.removes)
			}
		})
	}
}
