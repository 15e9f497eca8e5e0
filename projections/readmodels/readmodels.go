// Package readmodels lists every projector the app runs, so the server, the command line
// and the tests all keep the same read models.
package readmodels

import (
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/coaching"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/history"
	"github.com/gymlog/gymlog/projections/ownership"
	"github.com/gymlog/gymlog/projections/plans"
	"github.com/gymlog/gymlog/projections/progress"
	"github.com/gymlog/gymlog/projections/sizes"
	"github.com/gymlog/gymlog/projections/weights"
	"github.com/gymlog/gymlog/projections/workouts"
)

// All returns a fresh list of every projector.
func All() []projections.Projector {
	return []projections.Projector{accounts.Projector{}, weights.Projector{}, sizes.Projector{}, ownership.Projector{},
		workouts.New(), exercises.Projector{}, progress.Projector{}, plans.Projector{},
		coaching.Projector{}, history.Projector{}}
}
