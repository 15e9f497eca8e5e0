// Package exercises is the custom-exercise read model: each user's own exercises with their
// muscle groups, also read by name across users for the muscle-group TIP.
package exercises

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "exercises"

// Projector builds the custom_exercises table.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes lists the catalogue events, and the account closing that erases a user's rows.
func (Projector) EventTypes() []string {
	return []string{exercise.TypeCustomExerciseDefined, exercise.TypeMuscleGroupsChosen, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"custom_exercises"} }

// Apply turns one event into custom_exercises changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	table := tx.Table("custom_exercises")
	switch e := ev.Payload.(type) {
	case exercise.CustomExerciseDefined:
		err := tx.Defer(ctx, `INSERT INTO `+table+` (user_id, name_key, name, category) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, name_key) DO NOTHING`, e.UserID, exercise.Key(e.Name), e.Name, e.Category)
		return err
	case exercise.MuscleGroupsChosen:
		ids := e.MuscleGroupIDs
		if ids == nil {
			ids = []int{}
		}
		js, _ := json.Marshal(ids)
		err := tx.Defer(ctx, `UPDATE `+table+` SET muscle_groups = $3, has_groups = $4 WHERE user_id = $1 AND name_key = $2`,
			e.UserID, exercise.Key(e.Name), string(js), len(ids) > 0)
		return err
	case account.AccountClosed:
		err := tx.Defer(ctx, `DELETE FROM `+table+` WHERE user_id = $1`, e.UserID)
		return err
	}
	return nil
}

// Custom is one of a user's own exercises.
type Custom struct {
	Name         string
	Category     string
	MuscleGroups []int
}

// Queries reads the custom-exercise read model.
type Queries struct{ db *projections.Prepared }

// NewQueries returns the queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// maxCustom bounds a user's custom list; nobody has more, and a list is read whole.
const maxCustom = 2000

// List returns the user's custom exercises by name.
func (q *Queries) List(ctx context.Context, userID string) ([]Custom, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT name, category, muscle_groups FROM custom_exercises WHERE user_id = $1
		ORDER BY name_key LIMIT $2`, userID, maxCustom)
	if err != nil {
		return nil, fmt.Errorf("custom exercises: %w", err)
	}
	defer rows.Close()
	var out []Custom
	for rows.Next() {
		c, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ByName returns one of the user's custom exercises, or a not-found error.
func (q *Queries) ByName(ctx context.Context, userID, name string) (Custom, error) {
	c, err := scan(q.db.QueryRowContext(ctx, `SELECT name, category, muscle_groups FROM custom_exercises
		WHERE user_id = $1 AND name_key = $2`, userID, exercise.Key(name)))
	if errors.Is(err, sql.ErrNoRows) {
		return Custom{}, domain.NotFound("Exercise not found.")
	}
	return c, err
}

// maxVotes bounds how many other users' choices the TIP counts.
const maxVotes = 500

// Suggested returns the muscle groups other users chose for an exercise of this name, most
// chosen first.
func (q *Queries) Suggested(ctx context.Context, userID, name string) ([]int, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT muscle_groups FROM custom_exercises
		WHERE name_key = $1 AND has_groups = TRUE AND user_id <> $2 LIMIT $3`, exercise.Key(name), userID, maxVotes)
	if err != nil {
		return nil, fmt.Errorf("suggested muscle groups: %w", err)
	}
	defer rows.Close()
	votes := map[int]int{}
	for rows.Next() {
		var js string
		if err := rows.Scan(&js); err != nil {
			return nil, err
		}
		var ids []int
		_ = json.Unmarshal([]byte(js), &ids)
		for _, id := range ids {
			votes[id]++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]int, 0, len(votes))
	for id := range votes {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		if votes[out[i]] != votes[out[j]] {
			return votes[out[i]] > votes[out[j]]
		}
		return out[i] < out[j]
	})
	return out, nil
}

type scanner interface{ Scan(dest ...any) error }

func scan(s scanner) (Custom, error) {
	var c Custom
	var js string
	if err := s.Scan(&c.Name, &c.Category, &js); err != nil {
		return Custom{}, err
	}
	if err := json.Unmarshal([]byte(js), &c.MuscleGroups); err != nil {
		return Custom{}, fmt.Errorf("muscle groups of %s: %w", c.Name, err)
	}
	return c, nil
}
