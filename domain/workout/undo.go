package workout

import (
	"fmt"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// ReasonUndone is the reason of a set deleted by undoing its logging.
const ReasonUndone = "undone"

// Rules of undo:
//   - The owner can undo the workout's last change: a set logged is deleted, a set edited or
//     marked done gets its fields and done mark back, a set deleted is restored as it was (the
//     same set, back in its place: SetLogged with Restored), the details edited get their
//     values back. The undo is a change
//     like any other, in the history; undoing it again redoes the change.
//   - Starting, finishing and deleting a workout are not undone (there is nothing to go
//     back to, or the workout is gone): delete it, or edit its finish time.

// undoStep is what undoing the last change needs, kept as each event is applied.
type undoStep struct {
	kind      string // the last event's type
	set       Set    // the set as it was before (or as logged, for a logging)
	deletedAt time.Time
	details   WorkoutDetailsEdited
}

// noteUndo keeps, before e is applied, what undoing e will need.
func (w *Workout) noteUndo(e domain.Event) {
	step := undoStep{kind: e.EventType()}
	switch e := e.(type) {
	case SetLogged:
		step.set = Set{ID: e.SetID, SetFields: e.SetFields, Done: e.Done}
	case SetEdited:
		step.set = w.setBefore(e.SetID)
	case SetMarkedDone:
		step.set = w.setBefore(e.SetID)
	case SetDeleted:
		step.set, step.deletedAt = w.setBefore(e.SetID), e.DeletedAt
	case WorkoutDetailsEdited:
		step.details = WorkoutDetailsEdited{Date: w.date, StartTime: w.startTime, FinishTime: w.finishTime, Name: w.name}
	}
	w.undo = step
}

func (w *Workout) setBefore(id string) Set {
	if s := w.sets[id]; s != nil {
		return *s
	}
	return Set{}
}

// Undo undoes the workout's last change. firstLogged gives the log position of a set's first
// logging (0 when unknown), where a restored set goes back to.
func (w *Workout) Undo(now time.Time, firstLogged func(setID string) int64) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	s := w.undo.set
	switch w.undo.kind {
	case TypeSetLogged:
		if w.sets[s.ID] != nil {
			return []domain.Event{SetDeleted{SetID: s.ID, WorkoutID: w.id, UserID: w.userID, Reason: ReasonUndone, DeletedAt: now}}, nil
		}
	case TypeSetEdited, TypeSetMarkedDone:
		if s.ID != "" && w.sets[s.ID] != nil {
			return []domain.Event{SetEdited{SetID: s.ID, WorkoutID: w.id, UserID: w.userID, SetFields: s.SetFields, Done: s.Done,
				EditedAt: now}}, nil
		}
	case TypeSetDeleted:
		if s.ID != "" && w.sets[s.ID] == nil && len(w.sets) < MaxSets {
			var place int64
			if firstLogged != nil {
				place = firstLogged(s.ID)
			}
			return []domain.Event{SetLogged{SetID: s.ID, WorkoutID: w.id, UserID: w.userID, SetFields: s.SetFields, Done: s.Done,
				LoggedAt: now, Restored: &Restored{Position: place, DeletedAt: w.undo.deletedAt}}}, nil
		}
	case TypeWorkoutDetailsEdited:
		d := w.undo.details
		e := WorkoutDetailsEdited{WorkoutID: w.id, UserID: w.userID, Date: d.Date, StartTime: d.StartTime, Name: d.Name, EditedAt: now}
		if w.finished {
			e.FinishTime = d.FinishTime
		}
		return []domain.Event{e}, nil
	}
	return nil, domain.Invalid("undo", "The last change to this workout cannot be undone.")
}

// LastChange names the change Undo would undo, as History numbers sets ("Set 3 of Bench Press
// logged"), and whether undoing it removes data (a set logged is deleted); ok is false when
// nothing can be undone. It asks Undo itself, so the two never disagree.
func (w *Workout) LastChange() (what string, removes, ok bool) {
	events, err := w.Undo(time.Time{}, nil)
	if err != nil || len(events) == 0 {
		return "", false, false
	}
	s := w.undo.set
	switch w.undo.kind {
	case TypeSetLogged:
		return w.setName(s, -1) + " logged", true, true
	case TypeSetEdited:
		return w.setName(s, -1) + " edited", false, true
	case TypeSetMarkedDone:
		return w.setName(s, -1) + " marked done", false, true
	case TypeSetDeleted:
		return w.setName(s, w.lastDeleted.index) + " deleted", false, true
	}
	return "The workout's details edited", false, true
}

// setName names s as History does, "Set 2 of Bench Press": its number among the sets of its
// exercise in order, or, for a set no longer there, among those before index.
func (w *Workout) setName(s Set, index int) string {
	n := 1
	for i, id := range w.order {
		if id == s.ID || (index >= 0 && i >= index) {
			break
		}
		if w.sets[id].Exercise == s.Exercise {
			n++
		}
	}
	return fmt.Sprintf("Set %d of %s", n, s.Exercise)
}
