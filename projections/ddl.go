package projections

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode"
)

// copyTable creates the empty copy of table t that a rebuild fills, with the same columns,
// constraints and indexes, replacing a copy a crashed rebuild left behind. With bulk set (a
// table rebuilt in memory, then written in bulk) the copy's indexes other than its keys are
// left out, and copyTable returns the statements that create them on the filled copy:
// building an index once over every row is faster than keeping it up row by row. (SQLite's
// swap builds the live table's indexes on the filled copy in any case, so there are none.)
func (r *Runner) copyTable(ctx context.Context, t string, bulk bool) ([]string, error) {
	defer r.writing()()
	c := t + copySuffix
	for _, old := range []string{c, t + retiredSuffix} {
		if _, err := r.db.ExecContext(ctx, `DROP TABLE IF EXISTS `+old); err != nil {
			return nil, fmt.Errorf("projections: drop %s: %w", old, err)
		}
	}
	indexes, err := EmptyCopy(ctx, r.db, r.dialect, t, c, bulk)
	if r.dialect == SQLite {
		return nil, err
	}
	return indexes, err
}

// EmptyCopy creates c, an empty copy of table t with the same columns, constraints and
// indexes. With deferIndexes set the indexes other than the keys are left out, and EmptyCopy
// returns the statements that create them on c, for after c is filled (a rebuild written in
// bulk, cmd/rebuildbench's floor).
func EmptyCopy(ctx context.Context, db *sql.DB, dialect Dialect, t, c string, deferIndexes bool) ([]string, error) {
	if dialect == Postgres {
		if _, err := db.ExecContext(ctx, `CREATE TABLE `+c+` (LIKE `+t+` INCLUDING ALL)`); err != nil {
			return nil, fmt.Errorf("projections: copy table %s: %w", t, err)
		}
		if deferIndexes {
			return postgresDeferIndexes(ctx, db, c)
		}
		return nil, nil
	}
	// SQLite has no LIKE (and CREATE TABLE ... AS SELECT drops the constraints): the copy
	// runs the live table's own statements, the table's name put in by SQLite, the indexes'
	// given c's suffix.
	objects, err := sqliteRenamed(ctx, db, t, c)
	if err != nil {
		return nil, err
	}
	suffix := strings.TrimPrefix(c, t)
	var deferred []string
	for _, o := range objects {
		stmt := o.sql
		if o.kind == "index" {
			if stmt, err = renameIndex(o.sql, o.name, o.name+suffix); err != nil {
				return nil, fmt.Errorf("projections: copy index %s: %w", o.name, err)
			}
			if deferIndexes {
				deferred = append(deferred, stmt)
				continue
			}
		}
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			return nil, fmt.Errorf("projections: copy %s %s: %w", o.kind, o.name, err)
		}
	}
	return deferred, nil
}

// postgresDeferIndexes drops the indexes of copy c that no constraint uses, and returns the
// statements that create them again.
func postgresDeferIndexes(ctx context.Context, db *sql.DB, c string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT i.relname, pg_get_indexdef(i.oid) FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
		WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace
			AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid)
		ORDER BY i.relname`, c)
	if err != nil {
		return nil, fmt.Errorf("projections: indexes of %s: %w", c, err)
	}
	defer rows.Close()
	var names, defs []string
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return nil, fmt.Errorf("projections: indexes of %s: %w", c, err)
		}
		names, defs = append(names, name), append(defs, def)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: indexes of %s: %w", c, err)
	}
	for _, name := range names {
		if _, err := db.ExecContext(ctx, `DROP INDEX "`+name+`"`); err != nil {
			return nil, fmt.Errorf("projections: defer index %s: %w", name, err)
		}
	}
	return defs, nil
}

// sqliteRenamed returns the CREATE statements of table t and its indexes as they would be
// were t called c: SQLite itself writes them, in a rename of t to c that is rolled back.
func sqliteRenamed(ctx context.Context, db *sql.DB, t, c string) ([]sqliteObject, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("projections: schema of %s: %w", t, err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `ALTER TABLE `+t+` RENAME TO `+c); err != nil {
		return nil, fmt.Errorf("projections: copy table %s: %w", t, err)
	}
	return sqliteObjects(ctx, tx, c)
}

// renameIndex returns stmt, an index's CREATE statement from sqlite_master, creating the
// index name instead of old. SQLite keeps an index's statement as "CREATE INDEX " or
// "CREATE UNIQUE INDEX " and then the text the migration wrote from the index's name on,
// so the name, bare or quoted, comes right after that head.
func renameIndex(stmt, old, name string) (string, error) {
	for _, head := range []string{"CREATE INDEX ", "CREATE UNIQUE INDEX "} {
		rest, ok := strings.CutPrefix(stmt, head)
		if !ok {
			continue
		}
		for _, written := range []string{old, `"` + old + `"`, "`" + old + "`", "[" + old + "]"} {
			if after, ok := strings.CutPrefix(rest, written); ok && after != "" && unicode.IsSpace(rune(after[0])) {
				return head + `"` + name + `"` + after, nil
			}
		}
	}
	return "", fmt.Errorf("%q does not start with CREATE [UNIQUE] INDEX %s", stmt, old)
}

// swapTable replaces table t by its filled copy inside the swap transaction. Index names stay
// those of the live table, so migrations that name them and the next rebuild keep working.
func (r *Runner) swapTable(ctx context.Context, tx *sql.Tx, t string) error {
	c := t + copySuffix
	if r.dialect == Postgres {
		return postgresSwap(ctx, tx, t, c)
	}
	objects, err := sqliteObjects(ctx, tx, t)
	if err != nil {
		return err
	}
	// The live table is renamed out of the way rather than dropped: with secure_delete a drop
	// writes every page of it again, zeroed, while the swap holds the one write lock the app's
	// appends wait for. dropRetired drops it once the swap is committed. SQLite cannot rename
	// an index: the live table's are dropped (the smaller part) and created again from their
	// own SQL on the filled copy, so the live names stay.
	stmts := []string{`ALTER TABLE ` + t + ` RENAME TO ` + t + retiredSuffix}
	for _, o := range objects {
		if o.kind == "index" {
			stmts = append(stmts, `DROP INDEX "`+o.name+`"`)
		}
	}
	stmts = append(stmts, `ALTER TABLE `+c+` RENAME TO `+t)
	for _, o := range objects {
		if o.kind == "index" {
			stmts = append(stmts, `DROP INDEX IF EXISTS "`+o.name+copySuffix+`"`, o.sql)
		}
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("projections: swap %s: %w", t, err)
		}
	}
	return nil
}

func postgresSwap(ctx context.Context, tx *sql.Tx, t, c string) error {
	live, err := postgresIndexes(ctx, tx, t)
	if err != nil {
		return err
	}
	fresh, err := postgresIndexes(ctx, tx, c)
	if err != nil {
		return err
	}
	stmts := []string{`DROP TABLE ` + t, `ALTER TABLE ` + c + ` RENAME TO ` + t}
	// LIKE ... INCLUDING ALL names the copy's indexes after the copy; each takes the name of
	// the live index with the same definition. Renaming a constraint's index renames the
	// constraint too.
	for _, l := range live {
		for i, f := range fresh {
			if f.definition == l.definition {
				if f.name != l.name {
					stmts = append(stmts, `ALTER INDEX "`+f.name+`" RENAME TO "`+l.name+`"`)
				}
				fresh = append(fresh[:i], fresh[i+1:]...)
				break
			}
		}
	}
	for _, s := range stmts {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("projections: swap %s: %w", t, err)
		}
	}
	return nil
}

type postgresIndex struct {
	name string
	// definition is the index's definition without its name and table:
	// "UNIQUE USING btree (email)".
	definition string
}

func postgresIndexes(ctx context.Context, tx *sql.Tx, table string) ([]postgresIndex, error) {
	rows, err := tx.QueryContext(ctx, `SELECT indexname, indexdef FROM pg_indexes
		WHERE schemaname = current_schema() AND tablename = $1 ORDER BY indexname`, table)
	if err != nil {
		return nil, fmt.Errorf("projections: indexes of %s: %w", table, err)
	}
	defer rows.Close()
	var out []postgresIndex
	for rows.Next() {
		var name, def string
		if err := rows.Scan(&name, &def); err != nil {
			return nil, fmt.Errorf("projections: indexes of %s: %w", table, err)
		}
		key := def
		if i := strings.Index(def, " USING "); i >= 0 {
			key = def[i:]
		}
		if strings.HasPrefix(def, "CREATE UNIQUE ") {
			key = "UNIQUE" + key
		}
		out = append(out, postgresIndex{name: name, definition: key})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: indexes of %s: %w", table, err)
	}
	return out, nil
}

type sqliteObject struct {
	kind, name, sql string
}

// sqliteObjects lists table t's CREATE statements, the table's first. Indexes SQLite makes
// for PRIMARY KEY and UNIQUE have no SQL: the table's statement brings them along.
func sqliteObjects(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, t string) ([]sqliteObject, error) {
	rows, err := q.QueryContext(ctx, `SELECT type, name, sql FROM sqlite_master
		WHERE tbl_name = $1 AND type IN ('table', 'index') AND sql IS NOT NULL
		ORDER BY type = 'table' DESC, name`, t)
	if err != nil {
		return nil, fmt.Errorf("projections: schema of %s: %w", t, err)
	}
	defer rows.Close()
	var out []sqliteObject
	for rows.Next() {
		var o sqliteObject
		if err := rows.Scan(&o.kind, &o.name, &o.sql); err != nil {
			return nil, fmt.Errorf("projections: schema of %s: %w", t, err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: schema of %s: %w", t, err)
	}
	return out, nil
}

// keyColumns is the columns of table t's primary key, in the key's order.
func (r *Runner) keyColumns(ctx context.Context, t string) ([]string, error) {
	query := `SELECT name FROM pragma_table_info($1) WHERE pk > 0 ORDER BY pk`
	if r.dialect == Postgres {
		query = `SELECT a.attname FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid
			CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
			JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
			WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace AND x.indisprimary
			ORDER BY k.n`
	}
	rows, err := r.db.QueryContext(ctx, query, t)
	if err != nil {
		return nil, fmt.Errorf("projections: key of %s: %w", t, err)
	}
	defer rows.Close()
	var key []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, fmt.Errorf("projections: key of %s: %w", t, err)
		}
		key = append(key, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: key of %s: %w", t, err)
	}
	return key, nil
}
