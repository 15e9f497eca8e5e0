package plans

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of plans on one page of the list (spec 2 section 9).
const PageSize = 9

// maxPlans bounds the grid, which lists a user's plans unpaged: nobody keeps more.
const maxPlans = 1000

// Plan is one plan as the list, the grid, the overview and the catalogue show it.
type Plan struct {
	ID            string
	UserID        string
	Name          string
	Notes         string
	ExerciseNames []string
	MuscleGroups  []int
	// OwnerDisplayName is the owner's display name (the By column), nil when unset.
	OwnerDisplayName *string
	// PricePence, Tagline and Level are the catalogue listing; PricePence is nil unless
	// the plan is published.
	PricePence *int64
	Tagline    string
	Level      string
	// CreatedFor lists the ids of the clients the plan was shared with.
	CreatedFor []string
	// TimesAWeek is how many times a week the plan is meant to be done, 0 for no target.
	TimesAWeek int
	// KeptAs is, for a plan its keeper (UserID) kept when its owner gave it up, how they had
	// it (RoleBought, RoleShared); "" for a plan made here.
	KeptAs string
}

// Published reports whether the plan is in the catalogue.
func (p Plan) Published() bool { return p.PricePence != nil }

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

// planColumns are a plan's columns and its owner's display name, from plans p joined to
// the accounts read model's users o.
const planColumns = `p.id, p.user_id, p.name, p.notes, p.exercise_names, p.muscle_groups, o.display_name,
	p.price_pence, p.tagline, p.level, p.created_for, p.times_a_week, p.kept_as`

const ownerJoin = ` LEFT JOIN users o ON o.id = p.user_id `

func scanPlan(s projections.Scanner) (Plan, error) {
	var p Plan
	var names, groups, createdFor string
	var tagline, level, keptAs sql.NullString
	if err := s.Scan(&p.ID, &p.UserID, &p.Name, &p.Notes, &names, &groups, &p.OwnerDisplayName, &p.PricePence, &tagline,
		&level, &createdFor, &p.TimesAWeek, &keptAs); err != nil {
		return Plan{}, err
	}
	p.Tagline, p.Level, p.KeptAs = tagline.String, level.String, keptAs.String
	p.ExerciseNames, p.MuscleGroups, p.CreatedFor = []string{}, []int{}, []string{}
	_ = json.Unmarshal([]byte(names), &p.ExerciseNames)
	_ = json.Unmarshal([]byte(groups), &p.MuscleGroups)
	_ = json.Unmarshal([]byte(createdFor), &p.CreatedFor)
	return p, nil
}

// Page returns page (from 1) of the plans the user has (their own, bought and shared with
// them), newest first, and how many there are.
func (q *Queries) Page(ctx context.Context, userID string, page int) ([]Plan, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM plan_members WHERE user_id = $1`, userID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count plans: %w", err)
	}
	out, err := q.list(ctx, userID, PageSize, (page-1)*PageSize)
	return out, total, err
}

// All returns the plans the user has, newest first (at most maxPlans): the grid.
func (q *Queries) All(ctx context.Context, userID string) ([]Plan, error) {
	return q.list(ctx, userID, maxPlans, 0)
}

func (q *Queries) list(ctx context.Context, userID string, limit, offset int) ([]Plan, error) {
	return projections.QueryAll(ctx, q.db, "list plans", scanPlan, `SELECT `+planColumns+` FROM plan_members m
		JOIN plans p ON p.id = m.plan_id`+ownerJoin+`WHERE m.user_id = $1 ORDER BY m.position DESC LIMIT $2 OFFSET $3`,
		userID, limit, offset)
}

// Catalogue returns page (from 1) of the published plans, newest first, and how many there
// are.
func (q *Queries) Catalogue(ctx context.Context, page int) ([]Plan, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM plans WHERE published_position IS NOT NULL`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count the catalogue: %w", err)
	}
	out, err := projections.QueryAll(ctx, q.db, "the catalogue", scanPlan, `SELECT `+planColumns+` FROM plans p`+ownerJoin+`
		WHERE p.published_position IS NOT NULL ORDER BY p.published_position DESC LIMIT $1 OFFSET $2`,
		PageSize, (page-1)*PageSize)
	return out, total, err
}

// Role returns why userID has the plan planID (RoleOwner, RoleBought, RoleShared), or ""
// when they do not.
func (q *Queries) Role(ctx context.Context, planID, userID string) (string, error) {
	var role string
	err := q.db.QueryRowContext(ctx, `SELECT role FROM plan_members WHERE user_id = $1 AND plan_id = $2`, userID, planID).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("role in plan %s: %w", planID, err)
	}
	return role, nil
}

// Member is someone who has a plan and why (RoleBought, RoleShared).
type Member struct {
	UserID string
	Role   string
}

// Keepers lists who has the plan planID other than its owner, a buyer or a client it was
// shared with, in the order they got it: those who keep it when its owner gives it up.
func (q *Queries) Keepers(ctx context.Context, planID string) ([]Member, error) {
	return projections.QueryAll(ctx, q.db, "the plan's members", func(s projections.Scanner) (Member, error) {
		var m Member
		return m, s.Scan(&m.UserID, &m.Role)
	}, `SELECT user_id, role FROM plan_members WHERE plan_id = $1 AND role IN ('`+RoleBought+`', '`+RoleShared+`')
		ORDER BY position, user_id`, planID)
}

// ByID returns one plan, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (Plan, error) {
	p, err := scanPlan(q.db.QueryRowContext(ctx, `SELECT `+planColumns+` FROM plans p`+ownerJoin+`WHERE p.id = $1`, id))
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
		WHERE plan_id = $1 ORDER BY position, seq`, planID)
}

// ExerciseByID returns one plan exercise, or a not-found error.
func (q *Queries) ExerciseByID(ctx context.Context, id string) (Exercise, error) {
	x, err := scanExercise(q.db.QueryRowContext(ctx, `SELECT `+exerciseColumns+` FROM plan_exercises WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Exercise{}, domain.NotFound("Plan exercise not found.")
	}
	return x, err
}

// Compliance is how a client kept to a plan shared with them that has a weekly target: the
// workouts they started from it in each period (the last 7, 30 and 90 of their days, today
// included), against what the target asks of the period.
type Compliance struct {
	PlanID, PlanName string
	TimesAWeek       int
	Periods          [3]Period
}

// Period is a client's workouts from a plan over Days days, and how many the target expects.
type Period struct {
	Days, Done int
	Expected   float64
}

// CompliancePeriods are the lengths, in days, of the periods compliance is counted over.
var CompliancePeriods = [3]int{7, 30, 90}

// Rate is Done against Expected (0 when nothing is expected).
func (p Period) Rate() float64 {
	if p.Expected == 0 {
		return 0
	}
	return float64(p.Done) / p.Expected
}

// NeedsAttention reports whether the 30-day rate fell by a fifth or more against the 90-day one.
func (c Compliance) NeedsAttention() bool {
	return c.Periods[2].Rate() > 0 && c.Periods[1].Rate() <= 0.8*c.Periods[2].Rate()
}

// Compliance returns, for each plan of ownerID's (any owner's when "") shared with clientID
// and given a weekly target, the workouts clientID started from it in each period ending on
// today (the client's day, YYYY-MM-DD), read from the workouts read model. Plans by name.
func (q *Queries) Compliance(ctx context.Context, ownerID, clientID, today string) ([]Compliance, error) {
	end, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return nil, fmt.Errorf("compliance: today %q: %w", today, err)
	}
	var from [3]string
	for i, days := range CompliancePeriods {
		from[i] = end.AddDate(0, 0, -days).Format(time.DateOnly)
	}
	count := func(i int) string {
		return `(SELECT COUNT(*) FROM workouts w WHERE w.user_id = $2 AND w.plan_id = p.id AND w.date > $` +
			strconv.Itoa(4+i) + ` AND w.date <= $3)`
	}
	return projections.QueryAll(ctx, q.db, "compliance", func(s projections.Scanner) (Compliance, error) {
		var c Compliance
		err := s.Scan(&c.PlanID, &c.PlanName, &c.TimesAWeek, &c.Periods[0].Done, &c.Periods[1].Done, &c.Periods[2].Done)
		for i, days := range CompliancePeriods {
			c.Periods[i].Days = days
			c.Periods[i].Expected = float64(c.TimesAWeek*days) / 7
		}
		return c, err
	}, `SELECT p.id, p.name, p.times_a_week, `+count(0)+`, `+count(1)+`, `+count(2)+`
		FROM plans p JOIN plan_members m ON m.plan_id = p.id AND m.user_id = $2 AND m.role = '`+RoleShared+`'
		WHERE ($1 = '' OR p.user_id = $1) AND p.times_a_week > 0 ORDER BY p.name, p.id`,
		ownerID, clientID, today, from[0], from[1], from[2])
}
