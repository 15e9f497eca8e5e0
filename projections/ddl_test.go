package projections_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// schemaTableDDL is a table with every kind of column, constraint and index a read model
// may use, in SQL both databases take.
var schemaTableDDL = []string{
	`CREATE TABLE test_schema (
		id TEXT NOT NULL,
		part BIGINT NOT NULL DEFAULT 0,
		name TEXT NOT NULL UNIQUE,
		score DOUBLE PRECISION CHECK (score >= 0),
		done BOOLEAN NOT NULL DEFAULT FALSE,
		PRIMARY KEY (id, part)
	)`,
	`CREATE INDEX test_schema_newest ON test_schema (part DESC, id)`,
	`CREATE UNIQUE INDEX "test_schema_Best"
		ON test_schema (score) WHERE done`,
	`CREATE INDEX IF NOT EXISTS test_schema_lower ON test_schema (lower(name))`,
}

// schemaProjector writes a row of test_schema per counter event.
type schemaProjector struct{}

func (schemaProjector) Name() string         { return "schema" }
func (schemaProjector) Version() int         { return 1 }
func (schemaProjector) EventTypes() []string { return []string{typeAdded} }
func (schemaProjector) Tables() []string     { return []string{"test_schema"} }

func (schemaProjector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	return tx.Defer(ctx, `INSERT INTO `+tx.Table("test_schema")+` (id, part, name, score, done)
		VALUES ($1, $2, $3, $4, $5)`, ev.ID, ev.Position, ev.ID, float64(ev.Position), ev.Position%2 == 0)
}

// memSchemaProjector is schemaProjector rebuilt in memory, its rows written in bulk.
type memSchemaProjector struct{ schemaProjector }

func (memSchemaProjector) NewRebuilding() projections.Rebuilding { return &schemaRows{} }

type schemaRows struct{ rows [][]any }

func (s *schemaRows) Apply(ev projections.Event) error {
	s.rows = append(s.rows, []any{ev.ID, ev.Position, ev.ID, float64(ev.Position), ev.Position%2 == 0})
	return nil
}

func (s *schemaRows) Flush(ctx context.Context, w projections.RowWriter) error {
	return w.Write(ctx, "test_schema", []string{"id", "part", "name", "score", "done"}, slices.Values(s.rows))
}

// A rebuilt table has the columns, constraints and indexes, names included, of the table
// it replaced, and the next rebuild copies it again: the test table with every kind of
// constraint and index, rebuilt through SQL and in memory, and every table of the app's read
// models.
func TestRebuiltTablesKeepTheirSchema(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		for _, stmt := range schemaTableDDL {
			if _, err := b.db.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		for i := range 5 {
			appendEvent(t, b.store, typeAdded, testPayload{Key: fmt.Sprint("k", i), N: 1})
		}
		projectors := append(readmodels.All(), schemaProjector{}, memSchemaProjector{})
		for _, p := range projectors {
			r := newRunner(t, b, []projections.Projector{p})
			before := map[string][]string{}
			for _, table := range p.Tables() {
				before[table] = schemaOf(t, b, table)
			}
			for round := range 2 {
				if err := r.Rebuild(ctx, p.Name()); err != nil {
					t.Fatalf("rebuild %s: %v", p.Name(), err)
				}
				for _, table := range p.Tables() {
					if got := schemaOf(t, b, table); !slices.Equal(got, before[table]) {
						t.Errorf("%s after rebuild %d:\n got %q\nwant %q", table, round+1, got, before[table])
					}
				}
			}
		}
		var rows int64
		if err := b.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM test_schema`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 5 {
			t.Errorf("rebuilt test_schema holds %d rows, want 5", rows)
		}
		// Neither a copy nor a table swapped out is left behind.
		if left := tablesLike(t, b, "%_rebuild", "%_retired"); len(left) > 0 {
			t.Errorf("tables left by the rebuilds: %q", left)
		}
	})
}

// A table a SQLite swap renamed out of the way, left by a process that stopped before
// dropping it, holds a read model's rows (a closed account's among them): the runner drops it
// when it starts. (PostgreSQL's swap drops the live table in the swap itself.)
func TestARetiredTableLeftBehindIsDroppedAtStart(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		for _, stmt := range append(schemaTableDDL,
			`CREATE TABLE test_schema_retired (id TEXT NOT NULL, part BIGINT NOT NULL, PRIMARY KEY (id, part))`,
			`INSERT INTO test_schema_retired (id, part) VALUES ('left behind', 1)`) {
			if _, err := b.db.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		r, _ := startRunner(t, b, []projections.Projector{schemaProjector{}})
		waitFor(t, r, appendEvent(t, b.store, typeAdded, testPayload{Key: "k", N: 1}))
		left := tablesLike(t, b, "%_retired")
		if b.dialect == projections.SQLite && len(left) > 0 {
			t.Errorf("tables left after the runner started: %q", left)
		}
		if b.dialect == projections.Postgres && len(left) != 1 {
			t.Errorf("PostgreSQL's runner left no table of that name alone: %q", left)
		}
	})
}

// tablesLike lists the tables whose names are like any of patterns.
func tablesLike(t *testing.T, b backend, patterns ...string) []string {
	t.Helper()
	query := `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE $1 ESCAPE '!'`
	if b.dialect == projections.Postgres {
		query = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE $1 ESCAPE '!'`
	}
	var names []string
	for _, p := range patterns {
		rows, err := b.db.Query(query, strings.ReplaceAll(p, "_", "!_"))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			names = append(names, n)
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

// The key a partitioned rebuild merges a table's runs by is its primary key's columns, in
// the key's order (not the table's), on both databases.
func TestKeyColumnsAreThePrimaryKeysInOrder(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		ctx := context.Background()
		for _, stmt := range schemaTableDDL {
			if _, err := b.db.ExecContext(ctx, stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
		if _, err := b.db.ExecContext(ctx, `CREATE TABLE test_key_order (a TEXT, b TEXT, c TEXT, PRIMARY KEY (c, a))`); err != nil {
			t.Fatal(err)
		}
		r := newRunner(t, b, []projections.Projector{schemaProjector{}})
		for table, want := range map[string][]string{"test_schema": {"id", "part"}, "test_key_order": {"c", "a"}} {
			got, err := projections.KeyColumns(ctx, r, table)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Errorf("key of %s: %q, want %q", table, got, want)
			}
		}
	})
}

// schemaOf describes table: its columns, constraints and indexes with their names and
// definitions, as the database reports them, a line each.
func schemaOf(t *testing.T, b backend, table string) []string {
	t.Helper()
	queries := []string{
		// A table's statement is compared from its columns on: a rename quotes its name.
		`SELECT type || ' ' || name || ' ' || CASE WHEN type = 'table' THEN substr(sql, instr(sql, '('))
			ELSE COALESCE(sql, '') END FROM sqlite_master WHERE tbl_name = $1 ORDER BY type, name`,
		`SELECT name || ' ' || "unique" || ' ' || origin || ' ' || partial FROM pragma_index_list($1)
			ORDER BY name`,
		`SELECT name || ' ' || type || ' ' || "notnull" || ' ' || COALESCE(dflt_value, '') || ' ' || pk
			FROM pragma_table_xinfo($1) ORDER BY cid`,
	}
	if b.dialect == projections.Postgres {
		queries = []string{
			`SELECT CAST(column_name AS TEXT) || ' ' || CAST(data_type AS TEXT) || ' ' ||
				CAST(is_nullable AS TEXT) || ' ' || COALESCE(CAST(column_default AS TEXT), '')
				FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1
				ORDER BY ordinal_position`,
			`SELECT conname || ' ' || CAST(contype AS TEXT) || ' ' || pg_get_constraintdef(oid)
				FROM pg_constraint WHERE conrelid = to_regclass($1) ORDER BY conname`,
			`SELECT indexname || ' ' || indexdef FROM pg_indexes
				WHERE schemaname = current_schema() AND tablename = $1 ORDER BY indexname`,
		}
	}
	var out []string
	for _, q := range queries {
		rows, err := b.db.Query(q, table)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			out = append(out, line)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		_ = rows.Close()
	}
	if len(out) == 0 {
		t.Fatalf("no schema found for %s", table)
	}
	return out
}
