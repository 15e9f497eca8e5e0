package app

import (
	"context"
	"fmt"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/workouts"
)

// UndoWorkout undoes the last change to a workout.
type UndoWorkout struct {
	Meta      eventstore.Metadata
	ID        string
	MayChange Authorise
}

// UndoWorkout records the compensating change (workout.Workout.Undo) and waits until the
// workouts read model has it. A set restored goes back to the place its first logging gave it.
func (a *App) UndoWorkout(ctx context.Context, cmd UndoWorkout) error {
	now := a.now()
	firstLogged := func(setID string) int64 {
		return a.firstPosition(ctx, WorkoutStream(cmd.ID), workout.TypeSetLogged, func(ev domain.Event) bool {
			e, ok := ev.(workout.SetLogged)
			return ok && e.SetID == setID
		})
	}
	res, err := a.changeWorkout(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.Undo(now, firstLogged) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return nil
}

// LastChange is the change UndoWorkout would undo: What names it ("Set 3 of Bench Press
// logged"), Removes says undoing it deletes a set, and What is "" when nothing can be undone.
type LastChange struct {
	What    string
	Removes bool
}

// LastWorkoutChange names the change UndoWorkout would undo (workout.Workout.LastChange), for
// whoever may change the workout.
func (a *App) LastWorkoutChange(ctx context.Context, id string, mayChange Authorise) (LastChange, error) {
	wk := workout.New(id)
	if err := a.foldUntil(ctx, WorkoutStream(id), time.Unix(1<<40, 0), wk); err != nil {
		return LastChange{}, err
	}
	if !wk.Exists() {
		return LastChange{}, domain.NotFound("Workout not found.")
	}
	if err := mayChange(wk.Owner()); err != nil {
		return LastChange{}, err
	}
	what, removes, _ := wk.LastChange()
	return LastChange{What: what, Removes: removes}, nil
}

// firstPosition is the log position of the first event of type kind in stream that is
// wanted, 0 when none is (or the stream cannot be read: what is restored then goes last, its
// place all that is lost).
func (a *App) firstPosition(ctx context.Context, stream, kind string, wanted func(domain.Event) bool) int64 {
	history, err := a.store.ReadStream(ctx, stream, 1)
	if err != nil {
		return 0
	}
	for _, rec := range history {
		if rec.Type != kind {
			continue
		}
		ev, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
		if err == nil && wanted(ev) {
			return rec.Position
		}
	}
	return 0
}

// WorkoutAsOf folds the workout id from the events recorded up to at: the workout as it
// stood then (not there yet, or already deleted, is not found).
func (a *App) WorkoutAsOf(ctx context.Context, id string, at time.Time) (*workout.Workout, error) {
	wk := workout.New(id)
	if err := a.foldUntil(ctx, WorkoutStream(id), at, wk); err != nil {
		return nil, err
	}
	if !wk.Exists() {
		return nil, domain.NotFound("The workout did not exist then.")
	}
	return wk, nil
}

// UndoPlan undoes the last change to a plan.
type UndoPlan struct {
	Meta      eventstore.Metadata
	ID        string
	MayChange Authorise
}

// UndoPlan records the compensating change (plan.Plan.Undo).
func (a *App) UndoPlan(ctx context.Context, cmd UndoPlan) error {
	now := a.now()
	firstAdded := func(exerciseID string) int64 {
		return a.firstPosition(ctx, PlanStream(cmd.ID), plan.TypeExerciseAdded, func(ev domain.Event) bool {
			e, ok := ev.(plan.ExerciseAdded)
			return ok && e.ExerciseID == exerciseID
		})
	}
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange, func(p *plan.Plan) ([]domain.Event, error) { return p.Undo(now, firstAdded) })
}

// PlanAsOf folds the plan id from the events recorded up to at: the plan as it stood then.
func (a *App) PlanAsOf(ctx context.Context, id string, at time.Time) (*plan.Plan, error) {
	p := plan.New(id)
	if err := a.foldUntil(ctx, PlanStream(id), at, p); err != nil {
		return nil, err
	}
	if !p.Exists() {
		return nil, domain.NotFound("The plan did not exist then.")
	}
	return p, nil
}

// foldUntil applies to agg the events of stream recorded up to at.
func (a *App) foldUntil(ctx context.Context, stream string, at time.Time, agg domain.Aggregate) error {
	history, err := a.store.ReadStream(ctx, stream, 1)
	if err != nil {
		return fmt.Errorf("read %s: %w", stream, err)
	}
	for _, rec := range history {
		if rec.RecordedAt.After(at) {
			break
		}
		ev, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
		if err != nil {
			return fmt.Errorf("fold %s: %w", stream, err)
		}
		agg.Apply(ev)
	}
	return nil
}
