package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/plans"
)

// KeptPlanID names keeperID's copy of the plan planID (domain/plan/kept.go).
func KeptPlanID(planID, keeperID string) string {
	return plan.KeepingFor(planID, keeperID, eventstore.DeriveID).PlanID
}

// handOver gives each buyer of the plan planID (p, as it stands) and each client it was
// shared with a copy of their own, before its owner gives it up for reason: deletes it or
// closes their account. It runs before the plan goes, so a crash in between leaves the copies
// beside the plan (the owner's retry finishes the job), never a buyer without their plan; each
// copy is made once, whoever retries.
func (a *App) handOver(ctx context.Context, planID string, p *plan.Plan, reason string) error {
	if err := a.plansCaughtUp(ctx); err != nil {
		return err
	}
	keepers, err := a.read.Plans.Keepers(ctx, planID)
	if err != nil {
		return err
	}
	now := a.now()
	for _, m := range keepers {
		ids := plan.KeepingFor(planID, m.UserID, eventstore.DeriveID)
		// No actor: the copy is Gymlog's doing, and names nobody but its keeper.
		meta := eventstore.Metadata{CommandID: ids.CommandID}
		if _, err := Execute(ctx, a, PlanStream(ids.PlanID), meta, func() *plan.Plan { return plan.New(ids.PlanID) },
			func(k *plan.Plan) ([]domain.Event, error) {
				return k.Keep(p, m.UserID, m.Role, reason, ids.ExerciseID, now)
			}); err != nil {
			return fmt.Errorf("keep plan %s for %s: %w", planID, m.UserID, err)
		}
	}
	return nil
}

// plansCaughtUp waits until the plans read model has every purchase and share appended so
// far, so that nobody who has the plan is missed.
func (a *App) plansCaughtUp(ctx context.Context) error {
	if a.models == nil {
		return nil
	}
	head, err := a.store.Head(ctx)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, erasureWait)
	defer cancel()
	if err := a.models.WaitFor(wctx, head, plans.Name); err != nil {
		return fmt.Errorf("the plans read model has not reached %d, so who has the plan is not known: %w", head, err)
	}
	return nil
}

// handOverAll hands over every plan userID owns among streams (their streams, found before
// their account is closed).
func (a *App) handOverAll(ctx context.Context, userID string, streams []string) error {
	for _, stream := range streams {
		id, ok := strings.CutPrefix(stream, "plan-")
		if !ok {
			continue
		}
		p := plan.New(id)
		if _, err := Load(ctx, a.store, stream, p); err != nil {
			return err
		}
		if p.Exists() && p.Owner() == userID {
			if err := a.handOver(ctx, id, p, plan.KeptClosed); err != nil {
				return err
			}
		}
	}
	return nil
}
