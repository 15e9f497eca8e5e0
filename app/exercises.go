package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/exercises"
)

// ChooseMuscleGroups sets the muscle groups of one of the user's custom exercises.
type ChooseMuscleGroups struct {
	Meta         eventstore.Metadata
	UserID       string
	Exercise     string
	MuscleGroups []int
}

// ChooseMuscleGroups records the user's choice of muscle groups for an exercise.
func (a *App) ChooseMuscleGroups(ctx context.Context, cmd ChooseMuscleGroups) error {
	now := a.now()
	res, err := Execute(ctx, a, ExercisesStream(cmd.UserID), cmd.Meta,
		func() *exercise.Catalogue { return exercise.NewCatalogue(cmd.UserID) },
		func(c *exercise.Catalogue) ([]domain.Event, error) {
			return c.ChooseMuscleGroups(cmd.Exercise, cmd.MuscleGroups, now)
		})
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, exercises.Name)
	return nil
}
