// Package plans is the plans read model: each plan with its exercises' names and muscle
// groups and its catalogue listing (the list, the grid, the catalogue), who has each plan
// (owner, buyers, clients it was shared with: the lists and the access check), and every
// plan exercise with its target rows (the overview and the exercise forms).
package plans

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

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

// Version changes when Apply changes meaning. 4: a plan's weekly target (times_a_week).
// 5: plans kept by their buyers and clients (kept_as, plan_exercises.seq).
func (Projector) Version() int { return 5 }

// EventTypes lists the plan events, and the account closing that erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{plan.TypePlanCreated, plan.TypePlanEdited, plan.TypePlanDeleted, plan.TypeExerciseAdded,
		plan.TypeExerciseEdited, plan.TypeExerciseRemoved, plan.TypePlanPublished, plan.TypePlanUnpublished,
		plan.TypePlanShared, plan.TypePlanBought, plan.TypeWeeklyTargetSet, plan.TypePlanKept, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"plans", "plan_exercises", "plan_members"} }

// Apply turns one event into plans and plan_exercises changes. Every statement is keyed by
// the plan the event names, so an event about a plan or exercise the read model does not hold
// changes nothing rather than fail.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	plans, exercises, members := tx.Table("plans"), tx.Table("plan_exercises"), tx.Table("plan_members")
	switch e := ev.Payload.(type) {
	case plan.PlanCreated:
		if err := tx.Defer(ctx, `INSERT INTO `+plans+` (id, user_id, name, notes, position) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (id) DO NOTHING`, e.PlanID, e.UserID, e.Name, e.Notes, ev.Position); err != nil {
			return err
		}
		return addMember(ctx, tx, e.UserID, e.PlanID, RoleOwner, ev.Position)
	case plan.PlanEdited:
		return tx.Defer(ctx, `UPDATE `+plans+` SET name = $2, notes = $3 WHERE id = $1`, e.PlanID, e.Name, e.Notes)
	case plan.PlanDeleted:
		for _, t := range []string{exercises, members} {
			if err := tx.Defer(ctx, `DELETE FROM `+t+` WHERE plan_id = $1`, e.PlanID); err != nil {
				return err
			}
		}
		return tx.Defer(ctx, `DELETE FROM `+plans+` WHERE id = $1`, e.PlanID)
	case plan.PlanPublished:
		return tx.Defer(ctx, `UPDATE `+plans+` SET price_pence = $2, tagline = $3, level = $4,
			published_position = COALESCE(published_position, $5) WHERE id = $1`, e.PlanID, e.PricePence, e.Tagline, e.Level,
			ev.Position)
	case plan.PlanUnpublished:
		return tx.Defer(ctx, `UPDATE `+plans+` SET price_pence = NULL, tagline = NULL, level = NULL,
			published_position = NULL WHERE id = $1`, e.PlanID)
	case plan.PlanShared:
		if err := addMember(ctx, tx, e.ClientID, e.PlanID, RoleShared, ev.Position); err != nil {
			return err
		}
		return createdFor(ctx, tx, e.PlanID, e.ClientID)
	case plan.PlanBought:
		return addMember(ctx, tx, e.UserID, e.PlanID, RoleBought, ev.Position)
	case plan.WeeklyTargetSet:
		return tx.Defer(ctx, `UPDATE `+plans+` SET times_a_week = $2 WHERE id = $1 AND user_id = $3`, e.PlanID,
			max(0, min(e.TimesAWeek, plan.MaxTimesAWeek)), e.UserID)
	case plan.PlanKept:
		return keep(ctx, tx, e, ev.Position)
	case plan.ExerciseAdded:
		targets, groups := encode(e.Targets), encode(e.MuscleGroupIDs)
		if err := tx.Defer(ctx, `INSERT INTO `+exercises+` (id, plan_id, user_id, position, exercise, category, weight_unit,
			targets, notes, muscle_groups) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 WHERE EXISTS (SELECT 1 FROM `+plans+` WHERE id = $2)
			ON CONFLICT (id) DO NOTHING`, e.ExerciseID, e.PlanID, e.UserID, e.Place(ev.Position), e.Exercise, e.Category, e.WeightUnit,
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
		for _, stmt := range []string{
			`DELETE FROM ` + exercises + ` WHERE user_id = $1`,
			`DELETE FROM ` + members + ` WHERE user_id = $1 OR plan_id IN (SELECT id FROM ` + plans + ` WHERE user_id = $1)`,
			`DELETE FROM ` + plans + ` WHERE user_id = $1`,
		} {
			if err := tx.Defer(ctx, stmt, e.UserID); err != nil {
				return err
			}
		}
		return notCreatedFor(ctx, tx, e.UserID)
	}
	return nil
}

// keep adds the keeper's copy of a plan, with its exercises in their order, and gives it to
// them in the role they had the original in (bought, or shared for anything else: never
// owner, since nobody changes a kept plan).
func keep(ctx context.Context, tx projections.Tx, e plan.PlanKept, position int64) error {
	role := RoleShared
	if e.Role == RoleBought {
		role = RoleBought
	}
	plans := tx.Table("plans")
	if err := tx.Defer(ctx, `INSERT INTO `+plans+` (id, user_id, name, notes, position, kept_as) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (id) DO NOTHING`, e.PlanID, e.UserID, e.Name, e.Notes, position, role); err != nil {
		return err
	}
	for i, x := range e.Exercises {
		if err := tx.Defer(ctx, `INSERT INTO `+tx.Table("plan_exercises")+` (id, plan_id, user_id, position, seq, exercise, category,
			weight_unit, targets, notes, muscle_groups) SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
			WHERE EXISTS (SELECT 1 FROM `+plans+` WHERE id = $2 AND user_id = $3 AND kept_as IS NOT NULL) ON CONFLICT (id) DO NOTHING`,
			x.ExerciseID, e.PlanID, e.UserID, position, i, x.Exercise, x.Category, x.WeightUnit, encode(x.Targets), x.Notes,
			encode(x.MuscleGroupIDs)); err != nil {
			return err
		}
	}
	if err := summarise(ctx, tx, e.PlanID); err != nil {
		return err
	}
	return tx.Defer(ctx, `INSERT INTO `+tx.Table("plan_members")+` (user_id, plan_id, role, position)
		SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM `+plans+` WHERE id = $2 AND user_id = $1 AND kept_as IS NOT NULL)
		ON CONFLICT (user_id, plan_id) DO NOTHING`, e.UserID, e.PlanID, role, position)
}

// notCreatedFor takes a closed account's id out of the clients every plan was shared with.
func notCreatedFor(ctx context.Context, tx projections.Tx, userID string) error {
	quoted := encode([]string{userID}) // ["id"], the id as created_for's JSON writes it
	pattern := strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(quoted[1 : len(quoted)-1])
	rows, err := tx.QueryContext(ctx, `SELECT id, created_for FROM `+tx.Table("plans")+`
		WHERE created_for LIKE $1 ESCAPE '!'`, "%"+pattern+"%")
	if err != nil {
		return fmt.Errorf("plans shared with %s: %w", userID, err)
	}
	changed := map[string]string{}
	for rows.Next() {
		var id, js string
		if err := rows.Scan(&id, &js); err != nil {
			rows.Close()
			return err
		}
		var ids []string
		_ = json.Unmarshal([]byte(js), &ids)
		if kept := slices.DeleteFunc(ids, func(c string) bool { return c == userID }); len(kept) < len(ids) {
			changed[id] = encode(kept)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range slices.Sorted(maps.Keys(changed)) {
		if err := tx.Defer(ctx, `UPDATE `+tx.Table("plans")+` SET created_for = $2 WHERE id = $1`, id, changed[id]); err != nil {
			return err
		}
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
		WHERE plan_id = $1 ORDER BY position, seq`, planID)
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

// Roles of a plan's members: who has the plan, and why.
const (
	RoleOwner  = "owner"
	RoleBought = "bought"
	RoleShared = "shared"
)

// addMember gives userID the plan planID, if the read model holds it; a user who has it
// already keeps the role they had.
func addMember(ctx context.Context, tx projections.Tx, userID, planID, role string, position int64) error {
	return tx.Defer(ctx, `INSERT INTO `+tx.Table("plan_members")+` (user_id, plan_id, role, position)
		SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM `+tx.Table("plans")+` WHERE id = $2)
		ON CONFLICT (user_id, plan_id) DO NOTHING`, userID, planID, role, position)
}

// createdFor adds clientID to the clients the plan was shared with, once.
func createdFor(ctx context.Context, tx projections.Tx, planID, clientID string) error {
	var js string
	err := tx.QueryRowContext(ctx, `SELECT created_for FROM `+tx.Table("plans")+` WHERE id = $1`, planID).Scan(&js)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("clients of plan %s: %w", planID, err)
	}
	var ids []string
	_ = json.Unmarshal([]byte(js), &ids)
	if slices.Contains(ids, clientID) {
		return nil
	}
	return tx.Defer(ctx, `UPDATE `+tx.Table("plans")+` SET created_for = $2 WHERE id = $1`, planID, encode(append(ids, clientID)))
}
