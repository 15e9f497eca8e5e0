// Package progress is the progress read model behind the dashboard and /progress: a user's
// workouts a day (the duration chart, the time widgets) and each exercise's done sets and
// best a day (the exercise charts, the repeated exercises, the muscle-group chart). Totals are
// kept as the events arrive, so every screen reads a few rows of an index, however long the
// user's history; what depends on today (days since the last workout, the past month) is
// left to the query, in the user's time zone.
package progress

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name.
const Name = "progress"

// Projector builds the progress tables from the workout events.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning. 2: an event changes only the rows of the user
// it names, and a day's best and name no longer depend on the order its sets are read in.
func (Projector) Version() int { return 2 }

// EventTypes lists the workout events progress is made of, and the account closing that
// erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{workout.TypeWorkoutStarted, workout.TypeWorkoutDetailsEdited, workout.TypeWorkoutFinished,
		workout.TypeWorkoutDeleted, workout.TypeSetLogged, workout.TypeSetEdited, workout.TypeSetMarkedDone,
		workout.TypeSetDeleted, account.TypeAccountClosed}
}

// tables are the read-model tables, each owned by this projector.
var tables = []string{"progress_workouts", "workout_days", "workout_totals", "progress_sets", "exercise_days", "exercise_totals"}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return append([]string(nil), tables...) }

// Apply turns one event into progress changes, by the rules of rules.go over the tables of
// tx.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return apply(sqlStore{ctx: ctx, tx: tx}, ev)
}

// PartitionsByOwner marks the read model as rebuilt a partition of users at a time: every
// row belongs to the user whose events wrote it (the events' OwnerID).
func (Projector) PartitionsByOwner() {}
