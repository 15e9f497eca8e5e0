package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
)

// MayUsePlan decides whether userID may read the plan planID (p, folded from its stream) in
// full, and so start a workout from it: today its owner only. Sharing with a client and
// buying a catalogue plan (issue #13) widen it here, the one place that decides. To anyone
// else the plan is not found, so its existence is not told (as httpapi/authz.go's
// canReadPlan).
func (a *App) MayUsePlan(ctx context.Context, userID, planID string, p *plan.Plan) error {
	if p.Exists() && p.Owner() == userID {
		return nil
	}
	return domain.NotFound("Plan not found.")
}
