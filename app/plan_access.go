package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
)

// MayUsePlan decides whether userID may read the plan planID (p, folded from its stream) in
// full, and so start a workout from it: its owner, a buyer, or a client it was shared with
// (CanUsePlan, the one access rule of plans). To anyone else the plan is not found, so its
// existence is not told (as httpapi/authz.go's canReadPlan).
func (a *App) MayUsePlan(ctx context.Context, userID, planID string, p *plan.Plan) error {
	if !p.Exists() {
		return domain.NotFound("Plan not found.")
	}
	if p.Owner() == userID {
		return nil
	}
	ok, err := a.CanUsePlan(ctx, userID, planID)
	if domain.KindOf(err) == domain.KindNotFound || (err == nil && !ok) {
		return domain.NotFound("Plan not found.")
	}
	return err
}
