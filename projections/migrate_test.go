package projections_test

import (
	"context"
	"slices"
	"testing"

	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/projectiontest"
)

// keyedByUser is a migration that keys a read model's rows by user and id, and how its down
// step is checked: the rows it writes while keyed by user (two users holding one id), the
// rows of that id it must leave keyed by id alone, and the projector whose checkpoint it
// sets below every version.
type keyedByUser struct {
	version   int64 // the migration before it
	projector string
	tables    []string // the tables it changes, emptied after the check
	inserts   []string
	read      string // the rows left, one text each, in order
	want      []string
}

var keyedByUserMigrations = []keyedByUser{
	{version: 60, projector: "progress", tables: []string{"progress_workouts", "progress_sets"},
		inserts: []string{
			`INSERT INTO progress_workouts (id, user_id, date, start_time, minutes) VALUES
				('w', 'u2', '2026-01-02', '09:00', 60), ('w', 'u1', '2026-01-01', '08:00', 50)`,
			`INSERT INTO progress_sets (id, user_id, workout_id, exercise_key, exercise, date, value, bodyweight, done) VALUES
				('s', 'u2', 'w', 'squat', 'Squat', '2026-01-02', 100, FALSE, TRUE),
				('s', 'u1', 'w', 'squat', 'Squat', '2026-01-01', 90, FALSE, TRUE)`,
		},
		read: `SELECT id || ' ' || user_id || ' ' || date FROM progress_workouts UNION ALL
			SELECT id || ' ' || user_id || ' ' || date FROM progress_sets ORDER BY 1`,
		want: []string{"s u1 2026-01-01", "w u1 2026-01-01"}},
	{version: 65, projector: "workouts", tables: []string{"workout_sets"},
		inserts: []string{`INSERT INTO workout_sets (id, workout_id, user_id, exercise, exercise_key, category, logged_at, seq,
				history_key) VALUES
				('s', 'w1', 'u1', 'Squat', 'squat', 'free-weights', 0, 7, 'k'),
				('s', 'w2', 'u2', 'Squat', 'squat', 'free-weights', 0, 3, 'k'),
				('s', 'w3', 'u0', 'Squat', 'squat', 'free-weights', 0, 3, 'k'),
				('t', 'w1', 'u1', 'Squat', 'squat', 'free-weights', 0, 8, 'k')`},
		// The set logged first stays, as the older rules kept it; a tie goes to the first user.
		read: `SELECT id || ' ' || user_id || ' ' || workout_id FROM workout_sets ORDER BY 1`,
		want: []string{"s u0 w3", "t u1 w1"}},
	{version: 66, projector: "history", tables: []string{"history_entities"},
		inserts: []string{`INSERT INTO history_entities (id, subject, owner_id, kind, name, position, state) VALUES
				('s', 'workout-w1', 'u1', 'set', 'Squat', 7, '{}'), ('s', 'workout-w2', 'u2', 'set', 'Squat', 3, '{}'),
				('p', 'plan-p', 'u2', 'plan', '', 4, '{}'), ('p', 'plan-p', 'u1', 'plan', '', 4, '{}')`},
		// The entity kept first stays, as the older rules kept it; a tie goes to the first user.
		read: `SELECT id || ' ' || owner_id || ' ' || subject FROM history_entities ORDER BY 1`,
		want: []string{"p u1 plan-p", "s u2 workout-w2"}},
}

// Each down step of a migration that keyed rows by user leaves one row of an id two users
// hold (the same one on both databases, not whichever comes first) and sets the projector's
// checkpoint below every version, so that the older build rebuilds the read model from the
// log instead of going on from (or refusing) rows a newer version wrote. The schema then
// migrates up again.
func TestDownStepsOfKeyingByUserKeepOneRowAndRebuild(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		d := projections.Dialect(b.Name)
		for _, m := range slices.Backward(keyedByUserMigrations) {
			projectiontest.Migrate(t, b)
			for _, stmt := range append(m.inserts, `INSERT INTO projection_checkpoints (name, version, position, updated_at)
				VALUES ('`+m.projector+`', 9, 100, 'now')`) {
				if _, err := b.DB.ExecContext(ctx, stmt); err != nil {
					t.Fatal(err)
				}
			}
			if err := projections.MigrateDownTo(ctx, b.DB, d, m.version); err != nil {
				t.Fatalf("down to %d: %v", m.version, err)
			}
			var got []string
			rows, err := b.DB.QueryContext(ctx, m.read)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var row string
				if err := rows.Scan(&row); err != nil {
					t.Fatal(err)
				}
				got = append(got, row)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
			if !slices.Equal(got, m.want) {
				t.Errorf("down to %d: got rows %q, want %q", m.version, got, m.want)
			}
			var version int
			if err := b.DB.QueryRowContext(ctx, `SELECT version FROM projection_checkpoints WHERE name = $1`,
				m.projector).Scan(&version); err != nil || version != 0 {
				t.Errorf("down to %d: %s's checkpoint version %d (%v), want 0", m.version, m.projector, version, err)
			}
			for _, table := range append([]string{"projection_checkpoints"}, m.tables...) {
				if _, err := b.DB.ExecContext(ctx, `DELETE FROM `+table); err != nil {
					t.Fatal(err)
				}
			}
		}
		projectiontest.Migrate(t, b)
	})
}
