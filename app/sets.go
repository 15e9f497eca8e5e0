package app

import (
	"context"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/workouts"
)

// SaveSet logs a set into a workout, or edits one of its sets (SetID given). One of
// Strength and Cardio is set.
type SaveSet struct {
	Meta      eventstore.Metadata
	UserID    string
	Unit      string // the user's weight unit
	WorkoutID string
	SetID     string
	Strength  *workout.StrengthInput
	Cardio    *workout.CardioInput
	// Performed logs a new set as done whether or not it has an RPE: an imported row is a
	// set that was done (workout.LogPerformedStrength).
	Performed bool
	MayChange Authorise
}

// SaveSet logs or edits a set, records the use of a custom exercise in the user's exercises,
// and returns the set as the read model holds it.
//
// The path of a logged set: the set's id derives from the command and the workout; the
// workout aggregate decides (workout.LogStrength) on the cached fold of its stream and the
// event is appended at the cached version (Execute); a custom exercise's first use is
// recorded in the user's exercises stream as a step of the same command (Follow); the use
// case waits until the workouts read model (and the exercises one, when a use was recorded)
// has applied them, and answers with the row the workouts projector noted as it wrote it.
func (a *App) SaveSet(ctx context.Context, cmd SaveSet) (workouts.Set, error) {
	edit := cmd.SetID != ""
	setID := cmd.SetID
	if !edit {
		setID = cmd.newSetID()
	}
	name := cmd.exercise()
	if cmd.Strength != nil {
		defaultCategory(cmd.Strength, a.customExercise(ctx, cmd.UserID))
	}
	act := cmd.decide(setID, a.now())
	var category string
	var decided []domain.Event
	res, err := a.changeWorkout(ctx, cmd.Meta, cmd.WorkoutID, cmd.MayChange, func(wk *workout.Workout) ([]domain.Event, error) {
		events, err := act(wk)
		category, decided = setCategory(events), events
		return events, err
	})
	if err != nil {
		return workouts.Set{}, err
	}
	position, models := res.Position, []string{workouts.Name}
	if category != "" {
		p, err := a.useExercise(ctx, cmd.Meta.Follow("use exercise in "+setID), cmd.UserID, name, category)
		if err != nil {
			return workouts.Set{}, err
		}
		if p > 0 {
			// Only an exercise's use changes the exercises read model: a set alone (of a
			// built-in or known exercise) waits for nothing there, nor for the node that
			// runs it.
			position, models = max(position, p), append(models, exercises.Name)
		}
	}
	caught := a.caughtUp(ctx, position, models...)
	if !edit {
		if x, ok := a.justLogged(cmd.UserID, setID); ok {
			return x, nil
		}
	}
	if !caught {
		// The set is stored, and the read model has not got it yet: the answer is the set
		// as the workout decided it, marked provisional, never a "not found".
		for _, e := range decided {
			if x, ok := workouts.Provisional(e, res.Position); ok && x.ID == setID {
				return x, nil
			}
		}
	}
	return a.read.Workouts.SetOf(ctx, cmd.UserID, setID)
}

// newSetID is the id of the set a log (not an edit) adds: derived from the command's id, so a
// retry names the same set, and scoped to the workout.
func (cmd SaveSet) newSetID() string { return cmd.Meta.EntityID("set", cmd.WorkoutID) }

// exercise is the name of the set's exercise.
func (cmd SaveSet) exercise() string {
	if cmd.Strength != nil {
		return cmd.Strength.Exercise
	}
	return cmd.Cardio.Exercise
}

// decide is what the command does to the workout: logs the set setID (done when Performed)
// or edits it.
func (cmd SaveSet) decide(setID string, now time.Time) func(*workout.Workout) ([]domain.Event, error) {
	edit := cmd.SetID != ""
	if in := cmd.Strength; in != nil {
		return func(wk *workout.Workout) ([]domain.Event, error) {
			switch {
			case edit:
				return wk.EditStrength(setID, *in, cmd.Unit, now)
			case cmd.Performed:
				return wk.LogPerformedStrength(setID, *in, cmd.Unit, now)
			}
			return wk.LogStrength(setID, *in, cmd.Unit, now)
		}
	}
	in := cmd.Cardio
	return func(wk *workout.Workout) ([]domain.Event, error) {
		switch {
		case edit:
			return wk.EditCardio(setID, *in, now)
		case cmd.Performed:
			return wk.LogPerformedCardio(setID, *in, now)
		}
		return wk.LogCardio(setID, *in, now)
	}
}

// setCategory is the category of the set that events log or edit, or "".
func setCategory(events []domain.Event) string {
	category := ""
	for _, e := range events {
		switch e := e.(type) {
		case workout.SetLogged:
			category = e.Category
		case workout.SetEdited:
			category = e.Category
		}
	}
	return category
}

// defaultCategory gives a strength set of a custom exercise without a category the one the
// user gave the exercise, which custom finds (the user's exercises read model, by name).
func defaultCategory(in *workout.StrengthInput, custom func(name string) (exercises.Custom, error)) {
	if _, builtin := exercise.LookupBuiltin(in.Exercise); in.Category != "" || builtin {
		return
	}
	if c, err := custom(in.Exercise); err == nil && c.Category != exercise.Cardio {
		in.Category = c.Category
	}
}

// customExercise returns a function that finds the user's custom exercises by name.
func (a *App) customExercise(ctx context.Context, userID string) func(name string) (exercises.Custom, error) {
	return func(name string) (exercises.Custom, error) { return a.read.Exercises.ByName(ctx, userID, name) }
}

// useExercise records in the user's exercises that a custom exercise was used (its first
// use adds it, with its category).
func (a *App) useExercise(ctx context.Context, meta eventstore.Metadata, userID, name, category string) (int64, error) {
	if _, ok := exercise.LookupBuiltin(name); ok {
		return 0, nil
	}
	now := a.now()
	res, err := Execute(ctx, a, ExercisesStream(userID), meta,
		func() *exercise.Catalogue { return exercise.NewCatalogue(userID) },
		func(c *exercise.Catalogue) ([]domain.Event, error) { return c.Use(name, category, now), nil })
	return res.Position, err
}

// justLogged returns the user's set setID as the workouts projector in this process has
// just written it, if it noted it: the answer to logging a set without reading it back.
func (a *App) justLogged(userID, setID string) (workouts.Set, bool) {
	if a.models == nil {
		return workouts.Set{}, false
	}
	v, ok := a.models.Take(workouts.Name, workouts.NoteKey(userID, setID))
	if !ok {
		return workouts.Set{}, false
	}
	x, ok := v.(workouts.Set)
	return x, ok
}

// MarkSetDone marks a set done with its RPE.
type MarkSetDone struct {
	Meta      eventstore.Metadata
	SetID     string
	RPE       *float64
	MayChange Authorise
}

// MarkSetDone marks a set done and returns it as the read model holds it.
func (a *App) MarkSetDone(ctx context.Context, cmd MarkSetDone) (workouts.Set, error) {
	x, err := a.read.Workouts.SetByID(ctx, cmd.SetID, cmd.Meta.ActorID, cmd.MayChange)
	if err != nil {
		return workouts.Set{}, err
	}
	now := a.now()
	res, err := a.changeWorkout(ctx, cmd.Meta, x.WorkoutID, cmd.MayChange,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.MarkDone(x.ID, cmd.RPE, now) })
	if err != nil {
		return workouts.Set{}, err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return a.read.Workouts.SetOf(ctx, x.UserID, x.ID)
}

// DeleteSet removes a set from its workout.
type DeleteSet struct {
	Meta      eventstore.Metadata
	SetID     string
	MayChange Authorise
}

// DeleteSet deletes a set.
func (a *App) DeleteSet(ctx context.Context, cmd DeleteSet) error {
	x, err := a.read.Workouts.SetByID(ctx, cmd.SetID, cmd.Meta.ActorID, cmd.MayChange)
	if err != nil {
		return err
	}
	now := a.now()
	res, err := a.changeWorkout(ctx, cmd.Meta, x.WorkoutID, cmd.MayChange,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.DeleteSet(x.ID, now) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return nil
}
