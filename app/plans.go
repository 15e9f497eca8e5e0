package app

import (
	"context"
	"errors"

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

// DeletePlan deletes a plan; its buyers and the clients it was shared with keep a copy.
func (a *App) DeletePlan(ctx context.Context, cmd DeletePlan) error {
	p := plan.New(cmd.ID)
	if cmd.ID != "" {
		if _, err := Load(ctx, a.store, PlanStream(cmd.ID), p); err != nil {
			return err
		}
	}
	if p.Exists() && cmd.MayChange(p.Owner()) == nil {
		if err := a.handOver(ctx, cmd.ID, p, plan.KeptDeleted); err != nil {
			return err
		}
	}
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

// Clients tells who is whose confirmed client. Trainer-client relationships come with issue
// #14, which plugs its read model in with WithClients; until then nobody is anyone's client.
type Clients interface {
	// IsConfirmedClient reports whether clientID is a confirmed client of trainerID.
	IsConfirmedClient(ctx context.Context, trainerID, clientID string) (bool, error)
	// ConfirmedClients lists the ids of trainerID's confirmed clients.
	ConfirmedClients(ctx context.Context, trainerID string) ([]string, error)
}

// WithClients sets where the use cases learn who is whose client.
func WithClients(c Clients) Option { return func(a *App) { a.clients = c } }

// noClients is the relationships of an App given none (WithClients): nobody is anyone's client.
type noClients struct{}

func (noClients) IsConfirmedClient(context.Context, string, string) (bool, error) { return false, nil }
func (noClients) ConfirmedClients(context.Context, string) ([]string, error)      { return nil, nil }

func (a *App) relationships() Clients {
	if a.clients == nil {
		return noClients{}
	}
	return a.clients
}

// PublishPlan puts a plan in the catalogue, or changes its listing.
type PublishPlan struct {
	Meta      eventstore.Metadata
	ID        string
	Trainer   bool // whether the actor, the owner, is a trainer now
	Listing   plan.Listing
	MayChange Authorise
}

// PublishPlan publishes a plan.
func (a *App) PublishPlan(ctx context.Context, cmd PublishPlan) error {
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.Publish(cmd.Trainer, cmd.Listing, now) })
}

// UnpublishPlan takes a plan out of the catalogue.
type UnpublishPlan struct {
	Meta      eventstore.Metadata
	ID        string
	MayChange Authorise
}

// UnpublishPlan unpublishes a plan.
func (a *App) UnpublishPlan(ctx context.Context, cmd UnpublishPlan) error {
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.Unpublish(now) })
}

// SetPlanTarget sets how many times a week a plan is meant to be done.
type SetPlanTarget struct {
	Meta       eventstore.Metadata
	ID         string
	Trainer    bool     // whether the actor is a trainer now
	TimesAWeek *float64 // as sent
	MayChange  Authorise
}

// SetPlanTarget records the plan's weekly target (plan.Plan.SetWeeklyTarget).
func (a *App) SetPlanTarget(ctx context.Context, cmd SetPlanTarget) error {
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(cmd.Trainer, cmd.TimesAWeek, now) })
}

// SharePlan gives a plan to a client of its owner.
type SharePlan struct {
	Meta      eventstore.Metadata
	ID        string
	TrainerID string // the actor
	Trainer   bool   // whether the actor is a trainer now
	ClientID  string
	MayChange Authorise
}

// SharePlan shares a plan with a confirmed client of the actor, its owner.
func (a *App) SharePlan(ctx context.Context, cmd SharePlan) error {
	isClient := false
	if cmd.ClientID != "" {
		var err error
		if isClient, err = a.relationships().IsConfirmedClient(ctx, cmd.TrainerID, cmd.ClientID); err != nil {
			return err
		}
	}
	now := a.now()
	return a.changePlan(ctx, cmd.Meta, cmd.ID, cmd.MayChange,
		func(p *plan.Plan) ([]domain.Event, error) { return p.Share(cmd.Trainer, cmd.ClientID, isClient, now) })
}

// ClientsWithoutPlan lists the ids of trainerID's confirmed clients who do not have the plan
// planID (the share dropdown).
func (a *App) ClientsWithoutPlan(ctx context.Context, trainerID, planID string) ([]string, error) {
	clients, err := a.relationships().ConfirmedClients(ctx, trainerID)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, c := range clients {
		role, err := a.read.Plans.Role(ctx, planID, c)
		if err != nil {
			return nil, err
		}
		if role == "" {
			out = append(out, c)
		}
	}
	return out, nil
}

// OrderStream names the stream of a payment provider's order: one purchase at most.
func OrderStream(orderID string) string { return "order-" + orderID }

// BoughtStream is the stream of buyerID's claim on the plan planID (plan.Claim).
func BoughtStream(buyerID, planID string) string { return "bought-" + buyerID + "-" + planID }

// BuyPlan records that BuyerID bought PlanID with the payment provider's order OrderID,
// which the browser paid with the provider's one-off button.
type BuyPlan struct {
	Meta    eventstore.Metadata
	PlanID  string
	BuyerID string
	OrderID string // only a name: the order is read from the provider
}

// BuyPlan reads the order from the payment provider and records the purchase in the
// order's stream, so an order buys one plan once, then waits until the plans read model
// gives the buyer the plan. The domain accepts the order only when captured in GBP for the
// plan's price as it stands when the order is decided on. A buyer who has the plan already
// (another order, a share) is refunded through the provider, and told so either way: nobody
// is charged twice for one plan without a word.
func (a *App) BuyPlan(ctx context.Context, cmd BuyPlan) error {
	if err := plan.CheckOrderID(cmd.OrderID); err != nil {
		return err
	}
	if a.payments == nil {
		return ErrPaymentsOff
	}
	order, captureID, err := a.payments.PaidOrder(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	err = a.buyPlan(ctx, cmd, order)
	if !errors.Is(err, plan.ErrHaveItAlready) {
		return err
	}
	// Asked again for the same order, the provider answers with the first refund.
	if err := a.payments.Refund(ctx, captureID); err != nil {
		a.log.ErrorContext(ctx, "refund of a second payment for a plan failed", "order", cmd.OrderID, "err", err)
		return domain.Invalid("orderId", "You have this plan already. Refunding this payment failed: please ask PayPal "+
			"for a refund of order "+cmd.OrderID+".")
	}
	return domain.Invalid("orderId", "You have this plan already, so this payment was refunded.")
}

func (a *App) buyPlan(ctx context.Context, cmd BuyPlan, paid plan.Order) error {
	if err := plan.CheckOrderID(paid.ID); err != nil {
		return err
	}
	p := plan.New(cmd.PlanID)
	if cmd.PlanID != "" {
		if _, err := Load(ctx, a.store, PlanStream(cmd.PlanID), p); err != nil {
			return err
		}
	}
	// Whether the buyer has the plan already, by another order or a share, is read from the
	// plans read model; two orders paid for at the same instant both pass it, and the claim
	// below lets one of them through.
	role, err := a.read.Plans.Role(ctx, cmd.PlanID, cmd.BuyerID)
	if err != nil {
		return err
	}
	has := role == plans.RoleBought || role == plans.RoleShared
	now := a.now()
	buy := func(o *plan.Purchase) ([]domain.Event, error) { return o.Buy(cmd.BuyerID, p, has, paid, now) }
	// The order is checked first; then it claims the plan for the buyer (the first order to
	// claim it wins, so two orders paid for at the same instant cannot both buy it), then it
	// is recorded.
	order := plan.NewPurchase(paid.ID)
	if _, err := Load(ctx, a.store, OrderStream(paid.ID), order); err != nil {
		return err
	}
	if events, err := buy(order); err != nil || len(events) == 0 {
		return err
	}
	if _, err := Execute(ctx, a, BoughtStream(cmd.BuyerID, cmd.PlanID), cmd.Meta.Follow("claim "+cmd.PlanID),
		func() *plan.Claim { return plan.NewClaim(cmd.BuyerID, cmd.PlanID) },
		func(c *plan.Claim) ([]domain.Event, error) { return c.Take(paid.ID, now) }); err != nil {
		return err
	}
	res, err := Execute(ctx, a, OrderStream(paid.ID), cmd.Meta, func() *plan.Purchase { return plan.NewPurchase(paid.ID) }, buy)
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, plans.Name)
	return nil
}

// CanUsePlan reports whether userID has the plan planID in full: its owner, a buyer, or a
// client it was shared with. Others see at most the preview of a published plan. A plan
// that does not exist is a not-found error. Starting a workout from a plan asks this too.
func (a *App) CanUsePlan(ctx context.Context, userID, planID string) (bool, error) {
	if _, err := a.read.Plans.ByID(ctx, planID); err != nil {
		return false, err
	}
	role, err := a.read.Plans.Role(ctx, planID, userID)
	return role != "", err
}
