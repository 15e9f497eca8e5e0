package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/plans"
)

// PlanStream names a plan's stream.
func PlanStream(id string) string { return "plan-" + id }

// CreatePlan makes the plan ID for UserID.
type CreatePlan struct {
	Meta   eventstore.Metadata
	ID     string // the new plan's id, derived from the command
	UserID string
	Input  plan.Details
}

// CreatePlan creates a plan and waits until the plans read model has it.
func (a *App) CreatePlan(ctx context.Context, cmd CreatePlan) error {
	now := a.now()
	res, err := Execute(ctx, a, PlanStream(cmd.ID), cmd.Meta, func() *plan.Plan { return plan.New(cmd.ID) },
		func(p *plan.Plan) ([]domain.Event, error) { return p.Create(cmd.UserID, cmd.Input, now) })
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, plans.Name)
	return nil
}

// EditPlan changes a plan's name and notes.
type EditPlan struct {
	Meta      eventstore.Metadata
	ID        string
	Input     plan.Details
	MayChange Authorise
}

// EditPlan edits a plan.
func (a *App) EditPlan(ctx context.Context, cmd EditPlan) error {
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.Edit(cmd.Input, now) })
}

// DeletePlan deletes a plan and its exercises.
type DeletePlan struct {
	Meta      eventstore.Metadata
	ID        string
	MayChange Authorise
}

// DeletePlan deletes a plan.
func (a *App) DeletePlan(ctx context.Context, cmd DeletePlan) error {
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.Delete(now) })
}

// SavePlanExercise adds a strength exercise to a plan, or edits one of its exercises
// (ExerciseID given; PlanID may then be left out).
type SavePlanExercise struct {
	Meta       eventstore.Metadata
	PlanID     string
	ExerciseID string
	Unit       string // the owner's weight unit
	Input      plan.StrengthInput
	MayChange  Authorise
}

// SavePlanExercise saves a strength plan exercise and returns it as the read model holds it.
func (a *App) SavePlanExercise(ctx context.Context, cmd SavePlanExercise) (plans.Exercise, error) {
	now := a.now()
	return a.savePlanExercise(ctx, cmd.Meta, cmd.PlanID, cmd.ExerciseID, cmd.MayChange,
		func(p *plan.Plan, id string, edit bool) ([]domain.Event, error) {
			if edit {
				return p.EditStrength(id, cmd.Input, cmd.Unit, now)
			}
			return p.AddStrength(id, cmd.Input, cmd.Unit, now)
		})
}

// SavePlanCardio adds a cardio exercise to a plan, or edits one (ExerciseID given).
type SavePlanCardio struct {
	Meta       eventstore.Metadata
	PlanID     string
	ExerciseID string
	Input      plan.CardioInput
	MayChange  Authorise
}

// SavePlanCardio saves a cardio plan exercise and returns it as the read model holds it.
func (a *App) SavePlanCardio(ctx context.Context, cmd SavePlanCardio) (plans.Exercise, error) {
	now := a.now()
	return a.savePlanExercise(ctx, cmd.Meta, cmd.PlanID, cmd.ExerciseID, cmd.MayChange,
		func(p *plan.Plan, id string, edit bool) ([]domain.Event, error) {
			if edit {
				return p.EditCardio(id, cmd.Input, now)
			}
			return p.AddCardio(id, cmd.Input, now)
		})
}

// savePlanExercise runs save on the plan: an edit of exerciseID when given (its plan found in
// the read model when planID is not), otherwise an addition under an id derived from the
// command and the plan.
func (a *App) savePlanExercise(ctx context.Context, meta eventstore.Metadata, planID, exerciseID string, mayChange Authorise,
	save func(p *plan.Plan, id string, edit bool) ([]domain.Event, error)) (plans.Exercise, error) {
	edit := exerciseID != ""
	if edit && planID == "" {
		x, err := a.read.Plans.ExerciseByID(ctx, exerciseID)
		if err != nil {
			return plans.Exercise{}, err
		}
		planID = x.PlanID
	}
	if !edit {
		exerciseID = meta.EntityID("plan_exercise", planID) // scoped to the plan
	}
	if err := a.changePlan(ctx, meta, planID, mayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return save(p, exerciseID, edit) }); err != nil {
		return plans.Exercise{}, err
	}
	return a.read.Plans.ExerciseByID(ctx, exerciseID)
}

// DeletePlanExercise takes an exercise out of its plan.
type DeletePlanExercise struct {
	Meta       eventstore.Metadata
	ExerciseID string
	MayChange  Authorise
}

// DeletePlanExercise deletes a plan exercise.
func (a *App) DeletePlanExercise(ctx context.Context, cmd DeletePlanExercise) error {
	x, err := a.read.Plans.ExerciseByID(ctx, cmd.ExerciseID)
	if err != nil {
		return err
	}
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, x.PlanID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.RemoveExercise(x.ID, now) })
}

// changePlan runs one behaviour of the plan id, which the actor must be allowed to change,
// and waits until the plans read model has applied it.
func (a *App) changePlan(ctx context.Context, meta eventstore.Metadata, id string, mayChange Authorise,
	act func(*plan.Plan) ([]domain.Event, error)) error {
	if id == "" {
		return domain.NotFound("Plan not found.")
	}
	res, err := Execute(ctx, a, PlanStream(id), meta, func() *plan.Plan { return plan.New(id) },
		func(p *plan.Plan) ([]domain.Event, error) {
			if !p.Exists() {
				return nil, domain.NotFound("Plan not found.")
			}
			if err := mayChange(p.Owner()); err != nil {
				return nil, err
			}
			return act(p)
		})
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, plans.Name)
	return nil
}
