package app

import (
	"context"
	"strconv"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/workouts"
)

// WorkoutStream names a workout's stream; RegisterStream the user's one-in-progress claim;
// ExercisesStream the user's custom exercises.
func WorkoutStream(id string) string       { return "workout-" + id }
func RegisterStream(userID string) string  { return "inprogress-" + userID }
func ExercisesStream(userID string) string { return "exercises-" + userID }

// Authorise decides whether the actor of a command may act on what ownerID owns (see
// httpapi/authz.go, where it is decided for every resource).
type Authorise func(ownerID string) error

// StartWorkout starts the workout ID now for Input.UserID, unless one is in progress.
type StartWorkout struct {
	Meta  eventstore.Metadata
	ID    string // the new workout's id, derived from the command
	Input workout.StartInput
}

// Started is what a start did: the workout in progress, and whether it is the new one.
type Started struct {
	WorkoutID string
	Created   bool
}

// StartWorkout starts a workout, or answers with the one in progress.
func (a *App) StartWorkout(ctx context.Context, cmd StartWorkout) (Started, error) {
	now := a.now()
	return a.claimAndStart(ctx, cmd.Meta, cmd.Input.UserID, cmd.ID,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.Start(cmd.Input, now) })
}

// CopyWorkout starts the workout ID with the sets of the workout Input.FromWorkoutID,
// raised by Copy's increments, unless one is in progress.
type CopyWorkout struct {
	Meta    eventstore.Metadata
	ID      string
	Input   workout.StartInput
	Copy    workout.Copy
	Unit    string    // the user's weight unit
	MayRead Authorise // may the user read the source workout
}

// CopyWorkout starts a workout from another, or answers with the one in progress.
func (a *App) CopyWorkout(ctx context.Context, cmd CopyWorkout) (Started, error) {
	source := workout.New(cmd.Input.FromWorkoutID)
	if _, err := Load(ctx, a.store, WorkoutStream(cmd.Input.FromWorkoutID), source); err != nil {
		return Started{}, err
	}
	if !source.Exists() {
		return Started{}, domain.NotFound("Workout not found.")
	}
	if err := cmd.MayRead(source.Owner()); err != nil {
		return Started{}, err
	}
	now := a.now()
	return a.claimAndStart(ctx, cmd.Meta, cmd.Input.UserID, cmd.ID, func(wk *workout.Workout) ([]domain.Event, error) {
		return wk.StartCopy(cmd.Input, source.Sets(), cmd.Copy, cmd.Unit, func(i int) string {
			return eventstore.DeriveID("set", cmd.ID, strconv.Itoa(i))
		}, now)
	})
}

// StartFromPlan starts the workout ID from the plan PlanID as it stands now, unless one is in
// progress.
type StartFromPlan struct {
	Meta   eventstore.Metadata
	ID     string
	PlanID string
	Input  workout.StartInput
	Unit   string // the user's weight unit, for targets without one (bodyweight)
}

// StartFromPlan starts a workout from a plan the user may use (MayUsePlan), or answers with
// the one in progress. The workout's events hold the plan as read here, at its version.
func (a *App) StartFromPlan(ctx context.Context, cmd StartFromPlan) (Started, error) {
	p := plan.New(cmd.PlanID)
	history, err := Load(ctx, a.store, PlanStream(cmd.PlanID), p)
	if err != nil {
		return Started{}, err
	}
	if err := a.MayUsePlan(ctx, cmd.Input.UserID, cmd.PlanID, p); err != nil {
		return Started{}, err
	}
	var version int64
	if n := len(history); n > 0 {
		version = history[n-1].Version
	}
	snapshot := p.Snapshot(version, cmd.Unit)
	now := a.now()
	return a.claimAndStart(ctx, cmd.Meta, cmd.Input.UserID, cmd.ID, func(wk *workout.Workout) ([]domain.Event, error) {
		return wk.StartFromPlan(cmd.Input, snapshot, func(i int) string {
			return eventstore.DeriveID("set", cmd.ID, strconv.Itoa(i))
		}, now)
	})
}

// claimAndStart starts the workout id with start unless another is in progress: it claims
// the user's register first, so two devices starting at once get one workout.
func (a *App) claimAndStart(ctx context.Context, meta eventstore.Metadata, userID, id string,
	start func(*workout.Workout) ([]domain.Event, error)) (Started, error) {
	if _, err := start(workout.New(id)); err != nil {
		return Started{}, err // refuse bad input before claiming anything
	}
	now := a.now()
	state := func(claimed string) workout.ClaimState {
		w := workout.New(claimed)
		if _, err := Load(ctx, a.store, WorkoutStream(claimed), w); err != nil {
			return workout.InProgress // unsure: keep the claim, start nothing
		}
		return w.ClaimState()
	}
	open := ""
	if _, err := Execute(ctx, a, RegisterStream(userID), meta.Follow("claim "+id),
		func() *workout.Register { return workout.NewRegister(userID) },
		func(reg *workout.Register) ([]domain.Event, error) {
			events, got := reg.Claim(id, state, now)
			open = got
			return events, nil
		}); err != nil {
		return Started{}, err
	}
	if open != "" && open != id {
		a.awaitWorkout(ctx, open)
		return Started{WorkoutID: open}, nil
	}
	res, err := Execute(ctx, a, WorkoutStream(id), meta, func() *workout.Workout { return workout.New(id) }, start)
	if err != nil {
		return Started{}, err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return Started{WorkoutID: id, Created: true}, nil
}

// claimWait bounds how long a start that lost the race waits for the winner's workout.
const claimWait = 3 * time.Second

// awaitWorkout waits, bounded, until the workout another request just claimed is written
// and in the read model, so the answer can show it.
func (a *App) awaitWorkout(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(ctx, claimWait)
	defer cancel()
	wake, stop := a.store.Subscribe()
	defer stop()
	for {
		evs, err := a.store.ReadStream(ctx, WorkoutStream(id), 1)
		if err != nil {
			return
		}
		if len(evs) > 0 {
			a.caughtUp(ctx, evs[len(evs)-1].Position, workouts.Name)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// AddPastWorkout records a workout already done: started, finished, named.
type AddPastWorkout struct {
	Meta       eventstore.Metadata
	ID         string
	Input      workout.StartInput
	FinishTime string
}

// AddPastWorkout records a past workout.
func (a *App) AddPastWorkout(ctx context.Context, cmd AddPastWorkout) error {
	now := a.now()
	res, err := Execute(ctx, a, WorkoutStream(cmd.ID), cmd.Meta, func() *workout.Workout { return workout.New(cmd.ID) },
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.AddPast(cmd.Input, cmd.FinishTime, now) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, workouts.Name)
	return nil
}

// EditWorkout changes a workout's name, date or times; a finish time finishes it.
type EditWorkout struct {
	Meta      eventstore.Metadata
	ID        string
	Input     workout.DetailsInput
	MayChange Authorise
}

// EditWorkout edits a workout, and ends the user's claim on it when it finished.
func (a *App) EditWorkout(ctx context.Context, cmd EditWorkout) error {
	now := a.now()
	finished := false
	res, err := a.changeWorkout(ctx, cmd.Meta, cmd.ID, cmd.MayChange, func(wk *workout.Workout) ([]domain.Event, error) {
		events, err := wk.Edit(cmd.Input, now)
		finished = false
		for _, e := range events {
			if _, ok := e.(workout.WorkoutFinished); ok {
				finished = true
			}
		}
		return events, err
	})
	if err != nil {
		return err
	}
	position := res.Position
	if finished {
		if position, err = a.release(ctx, cmd.Meta, res.owner, cmd.ID, position); err != nil {
			return err
		}
	}
	a.caughtUp(ctx, position, workouts.Name)
	return nil
}

// DeleteWorkout deletes a workout and ends the user's claim on it.
type DeleteWorkout struct {
	Meta      eventstore.Metadata
	ID        string
	MayChange Authorise
}

// DeleteWorkout deletes a workout.
func (a *App) DeleteWorkout(ctx context.Context, cmd DeleteWorkout) error {
	now := a.now()
	res, err := a.changeWorkout(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.Delete(now) })
	if err != nil {
		return err
	}
	position, err := a.release(ctx, cmd.Meta, res.owner, cmd.ID, res.Position)
	if err != nil {
		return err
	}
	a.caughtUp(ctx, position, workouts.Name)
	return nil
}

// changed is where a change to a workout left it, and whose it is.
type changed struct {
	eventstore.AppendResult
	owner string
}

// changeWorkout runs one behaviour of the workout id, which the actor must be allowed to
// change.
func (a *App) changeWorkout(ctx context.Context, meta eventstore.Metadata, id string, mayChange Authorise,
	act func(*workout.Workout) ([]domain.Event, error)) (changed, error) {
	if id == "" {
		return changed{}, domain.NotFound("Workout not found.")
	}
	owner := ""
	res, err := Execute(ctx, a, WorkoutStream(id), meta, func() *workout.Workout { return workout.New(id) },
		ownWorkout(mayChange, &owner, act))
	return changed{AppendResult: res, owner: owner}, err
}

// ownWorkout is act behind the checks of every change of a workout: the workout exists and
// mayChange lets the actor change it. It notes the workout's owner in owner, unless nil.
func ownWorkout(mayChange Authorise, owner *string, act func(*workout.Workout) ([]domain.Event, error)) func(*workout.Workout) ([]domain.Event, error) {
	return func(w *workout.Workout) ([]domain.Event, error) {
		if !w.Exists() {
			return nil, domain.NotFound("Workout not found.")
		}
		if err := mayChange(w.Owner()); err != nil {
			return nil, err
		}
		if owner != nil {
			*owner = w.Owner()
		}
		return act(w)
	}
}

// release ends the owner's claim on a workout that finished or was deleted, and returns the
// later of the claim's position and position.
func (a *App) release(ctx context.Context, meta eventstore.Metadata, owner, id string, position int64) (int64, error) {
	if owner == "" {
		owner = meta.ActorID // the change was answered from an earlier attempt, which may have stopped before this
	}
	now := a.now()
	res, err := Execute(ctx, a, RegisterStream(owner), meta.Follow("release "+id),
		func() *workout.Register { return workout.NewRegister(owner) },
		func(reg *workout.Register) ([]domain.Event, error) { return reg.Release(id, now), nil })
	return max(res.Position, position), err
}
