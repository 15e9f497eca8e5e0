package workout

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// ReasonUndone is the reason of a set deleted by undoing its logging.
const ReasonUndone = "undone"

// Rules of undo:
//   - The owner can undo the workout's last change: a set logged is deleted, a set edited or
//     marked done gets its fields and done mark back, a set deleted is logged again as it
//     was (the same set), the details edited get their values back. The undo is a change
//     like any other, in the history; undoing it again redoes the change.
//   - Starting, finishing and deleting a workout are not undone (there is nothing to go
//     back to, or the workout is gone): delete it, or edit its finish time.

// undoStep is what undoing the last change needs, kept as each event is applied.
type undoStep struct {
	kind    string // the last event's type
	set     Set    // the set as it was before (or as logged, for a logging)
	details WorkoutDetailsEdited
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
		step.set = w.setBefore(e.SetID)
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

// Undo undoes the workout's last change.
func (w *Workout) Undo(now time.Time) ([]domain.Event, error) {
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
			return []domain.Event{SetLogged{SetID: s.ID, WorkoutID: w.id, UserID: w.userID, SetFields: s.SetFields, Done: s.Done,
				LoggedAt: now}}, nil
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
