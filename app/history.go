package app

import (
	"context"
	"fmt"
	"time"

	"github.com/gymlog/gymlog/domain"
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
// workouts read model has it.
func (a *App) UndoWorkout(ctx context.Context, cmd UndoWorkout) error {
	now := a.now()
	res, err := a.changeWorkout(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.Undo(now) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return nil
}

// WorkoutAsOf folds the workout id from the events recorded up to at: the workout as it
// stood then (not there yet, or already deleted, is not found).
func (a *App) WorkoutAsOf(ctx context.Context, id string, at time.Time) (*workout.Workout, error) {
	history, err := a.store.ReadStream(ctx, WorkoutStream(id), 1)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", WorkoutStream(id), err)
	}
	wk := workout.New(id)
	for _, rec := range history {
		if rec.RecordedAt.After(at) {
			break
		}
		ev, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
		if err != nil {
			return nil, fmt.Errorf("fold %s: %w", WorkoutStream(id), err)
		}
		wk.Apply(ev)
	}
	if !wk.Exists() {
		return nil, domain.NotFound("The workout did not exist then.")
	}
	return wk, nil
}
