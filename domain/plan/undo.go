package plan

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Rules of undo:
//   - The owner can undo the plan's last change: the name and notes edited get their values
//     back, an exercise added is removed, an exercise edited gets its fields back, an
//     exercise removed is added again as it was, back in its place (ExerciseAdded with
//     Restored, naming its first adding's log position, which read models order it by). The
//     undo is a change like any other, in the history; undoing it again redoes the change.
//   - Creating, deleting, publishing, unpublishing and sharing a plan are not undone: they
//     are undone by their own opposite (delete, unpublish) or not at all (a share reached
//     the client).

// undoStep is what undoing the last change needs, kept as each event is applied.
type undoStep struct {
	kind      string
	name      string
	notes     string
	exercise  Exercise  // as it was before the change (or as added)
	removedAt time.Time // when the exercise was removed
}

// noteUndo keeps, before e is applied, what undoing e will need.
func (p *Plan) noteUndo(e domain.Event) {
	step := undoStep{kind: e.EventType(), name: p.name, notes: p.notes}
	switch e := e.(type) {
	case ExerciseAdded:
		step.exercise = Exercise{ID: e.ExerciseID, ExerciseFields: e.ExerciseFields}
	case ExerciseEdited:
		if x := p.exercises[e.ExerciseID]; x != nil {
			step.exercise = *x
		}
	case ExerciseRemoved:
		if x := p.exercises[e.ExerciseID]; x != nil {
			step.exercise = *x
		}
		step.removedAt = e.RemovedAt
	}
	p.undo = step
}

// Undo undoes the plan's last change. firstAdded gives the log position of an exercise's
// first adding (0 when unknown), where an exercise whose removal is undone goes back.
func (p *Plan) Undo(now time.Time, firstAdded func(exerciseID string) int64) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	x := p.undo.exercise
	switch p.undo.kind {
	case TypePlanEdited:
		return []domain.Event{PlanEdited{PlanID: p.id, UserID: p.userID, Name: p.undo.name, Notes: p.undo.notes, EditedAt: now}}, nil
	case TypeExerciseAdded:
		if p.exercises[x.ID] != nil {
			return []domain.Event{ExerciseRemoved{ExerciseID: x.ID, PlanID: p.id, UserID: p.userID, RemovedAt: now}}, nil
		}
	case TypeExerciseEdited:
		if x.ID != "" && p.exercises[x.ID] != nil {
			return []domain.Event{ExerciseEdited{ExerciseID: x.ID, PlanID: p.id, UserID: p.userID, ExerciseFields: x.ExerciseFields,
				EditedAt: now}}, nil
		}
	case TypeExerciseRemoved:
		if x.ID != "" && p.exercises[x.ID] == nil && len(p.exercises) < MaxExercises {
			return []domain.Event{ExerciseAdded{ExerciseID: x.ID, PlanID: p.id, UserID: p.userID, ExerciseFields: x.ExerciseFields,
				AddedAt: now, Restored: &Restored{Position: firstAdded(x.ID), RemovedAt: p.undo.removedAt}}}, nil
		}
	}
	return nil, domain.Invalid("undo", "The last change to this plan cannot be undone.")
}

// View is a plan as a read-only view shows it (as it stood on a date).
type View struct {
	Name, Notes string
	Exercises   []Exercise
}

// View returns the plan's name, notes and exercises.
func (p *Plan) View() View { return View{Name: p.name, Notes: p.notes, Exercises: p.Exercises()} }
