package plans

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of plans on one page of the list (spec 2 section 9).
const PageSize = 9

// maxPlans bounds the grid, which lists a user's plans unpaged: nobody keeps more.
const maxPlans = 1000

// Plan is one plan as the list, the grid and the overview show it.
type Plan struct {
	ID            string
	UserID        string
	Name          string
	Notes         string
	ExerciseNames []string
	MuscleGroups  []int
}

// Exercise is one plan exercise with its target rows.
type Exercise struct {
	ID             string
	PlanID         string
	UserID         string
	Exercise       string
	Category       string
	WeightUnit     string
	Targets        []plan.Target
	Notes          string
	MuscleGroupIDs []int
}

// Queries reads the plans read model.
type Queries struct{ db *projections.Prepared }

// NewQueries returns the queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

const planColumns = `id, user_id, name, notes, exercise_names, muscle_groups`

func scanPlan(s projections.Scanner) (Plan, error) {
	var p Plan
	var names, groups string
	if err := s.Scan(&p.ID, &p.UserID, &p.Name, &p.Notes, &names, &groups); err != nil {
		return Plan{}, err
	}
	p.ExerciseNames, p.MuscleGroups = []string{}, []int{}
	_ = json.Unmarshal([]byte(names), &p.ExerciseNames)
	_ = json.Unmarshal([]byte(groups), &p.MuscleGroups)
	return p, nil
}

// Page returns page (from 1) of the user's plans, newest first, and how many there are.
func (q *Queries) Page(ctx context.Context, userID string, page int) ([]Plan, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM plans WHERE user_id = $1`, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count plans: %w", err)
	}
	out, err := q.list(ctx, userID, PageSize, (page-1)*PageSize)
	return out, total, err
}

// All returns the user's plans, newest first (at most maxPlans): the grid.
func (q *Queries) All(ctx context.Context, userID string) ([]Plan, error) {
	return q.list(ctx, userID, maxPlans, 0)
}

func (q *Queries) list(ctx context.Context, userID string, limit, offset int) ([]Plan, error) {
	return projections.QueryAll(ctx, q.db, "list plans", scanPlan, `SELECT `+planColumns+` FROM plans WHERE user_id = $1
		ORDER BY position DESC LIMIT $2 OFFSET $3`, userID, limit, offset)
}

// ByID returns one plan, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (Plan, error) {
	p, err := scanPlan(q.db.QueryRowContext(ctx, `SELECT `+planColumns+` FROM plans WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Plan{}, domain.NotFound("Plan not found.")
	}
	return p, err
}

const exerciseColumns = `id, plan_id, user_id, exercise, category, weight_unit, targets, notes, muscle_groups`

func scanExercise(s projections.Scanner) (Exercise, error) {
	var x Exercise
	var targets, groups string
	if err := s.Scan(&x.ID, &x.PlanID, &x.UserID, &x.Exercise, &x.Category, &x.WeightUnit, &targets, &x.Notes, &groups); err != nil {
		return Exercise{}, err
	}
	x.Targets, x.MuscleGroupIDs = []plan.Target{}, []int{}
	_ = json.Unmarshal([]byte(targets), &x.Targets)
	_ = json.Unmarshal([]byte(groups), &x.MuscleGroupIDs)
	return x, nil
}

// Exercises returns the plan's exercises in the order added.
func (q *Queries) Exercises(ctx context.Context, planID string) ([]Exercise, error) {
	return projections.QueryAll(ctx, q.db, "plan exercises", scanExercise, `SELECT `+exerciseColumns+` FROM plan_exercises
		WHERE plan_id = $1 ORDER BY position`, planID)
}

// ExerciseByID returns one plan exercise, or a not-found error.
func (q *Queries) ExerciseByID(ctx context.Context, id string) (Exercise, error) {
	x, err := scanExercise(q.db.QueryRowContext(ctx, `SELECT `+exerciseColumns+` FROM plan_exercises WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Exercise{}, domain.NotFound("Plan exercise not found.")
	}
	return x, err
}
