// Package plans is the plans read model: each user's plans with their exercises' names and
// muscle groups (the list and the grid), and every plan exercise with its target rows (the
// overview and the exercise forms).
package plans

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "plans"

// Projector builds the plans and plan_exercises tables.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes lists the plan events, and the account closing that erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{plan.TypePlanCreated, plan.TypePlanEdited, plan.TypePlanDeleted, plan.TypeExerciseAdded,
		plan.TypeExerciseEdited, plan.TypeExerciseRemoved, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"plans", "plan_exercises"} }

// Apply turns one event into plans and plan_exercises changes. Every statement is keyed by
// the plan the event names, so an event about a plan or exercise the read model does not hold
// changes nothing rather than fail.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	plans, exercises := tx.Table("plans"), tx.Table("plan_exercises")
	switch e := ev.Payload.(type) {
	case plan.PlanCreated:
		return tx.Defer(ctx, `INSERT INTO `+plans+` (id, user_id, name, notes, position) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (id) DO NOTHING`, e.PlanID, e.UserID, e.Name, e.Notes, ev.Position)
	case plan.PlanEdited:
		return tx.Defer(ctx, `UPDATE `+plans+` SET name = $2, notes = $3 WHERE id = $1`, e.PlanID, e.Name, e.Notes)
	case plan.PlanDeleted:
		if err := tx.Defer(ctx, `DELETE FROM `+exercises+` WHERE plan_id = $1`, e.PlanID); err != nil {
			return err
		}
		return tx.Defer(ctx, `DELETE FROM `+plans+` WHERE id = $1`, e.PlanID)
	case plan.ExerciseAdded:
		targets, groups := encode(e.Targets), encode(e.MuscleGroupIDs)
		if err := tx.Defer(ctx, `INSERT INTO `+exercises+` (id, plan_id, user_id, position, exercise, category, weight_unit,
			targets, notes, muscle_groups) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 WHERE EXISTS (SELECT 1 FROM `+plans+` WHERE id = $2)
			ON CONFLICT (id) DO NOTHING`, e.ExerciseID, e.PlanID, e.UserID, ev.Position, e.Exercise, e.Category, e.WeightUnit,
			targets, e.Notes, groups); err != nil {
			return err
		}
		return summarise(ctx, tx, e.PlanID)
	case plan.ExerciseEdited:
		if err := tx.Defer(ctx, `UPDATE `+exercises+` SET exercise = $3, category = $4, weight_unit = $5, targets = $6,
			notes = $7, muscle_groups = $8 WHERE id = $1 AND plan_id = $2`, e.ExerciseID, e.PlanID, e.Exercise, e.Category,
			e.WeightUnit, encode(e.Targets), e.Notes, encode(e.MuscleGroupIDs)); err != nil {
			return err
		}
		return summarise(ctx, tx, e.PlanID)
	case plan.ExerciseRemoved:
		if err := tx.Defer(ctx, `DELETE FROM `+exercises+` WHERE id = $1 AND plan_id = $2`, e.ExerciseID, e.PlanID); err != nil {
			return err
		}
		return summarise(ctx, tx, e.PlanID)
	case account.AccountClosed:
		if err := tx.Defer(ctx, `DELETE FROM `+exercises+` WHERE user_id = $1`, e.UserID); err != nil {
			return err
		}
		return tx.Defer(ctx, `DELETE FROM `+plans+` WHERE user_id = $1`, e.UserID)
	}
	return nil
}

// encode is v as the JSON text a column holds; nil is an empty list.
func encode[T any](v []T) string {
	if v == nil {
		v = []T{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// summarise sets the plan's exercise names (in the order added) and muscle groups (each once,
// in the order met) from its exercises: at most plan.MaxExercises rows, read by index.
func summarise(ctx context.Context, tx projections.Tx, planID string) error {
	rows, err := tx.QueryContext(ctx, `SELECT exercise, muscle_groups FROM `+tx.Table("plan_exercises")+`
		WHERE plan_id = $1 ORDER BY position`, planID)
	if err != nil {
		return fmt.Errorf("plan exercises of %s: %w", planID, err)
	}
	names := []string{}
	groups := []int{}
	seen := map[int]bool{}
	for rows.Next() {
		var name, js string
		if err := rows.Scan(&name, &js); err != nil {
			rows.Close()
			return err
		}
		names = append(names, name)
		var ids []int
		_ = json.Unmarshal([]byte(js), &ids)
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				groups = append(groups, id)
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	return tx.Defer(ctx, `UPDATE `+tx.Table("plans")+` SET exercise_names = $2, muscle_groups = $3 WHERE id = $1`,
		planID, encode(names), encode(groups))
}
