package projections

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode"
)

// copyTable creates the empty copy of table t that a rebuild fills, with the same columns,
// constraints and indexes, replacing a copy a crashed rebuild left behind.
func (r *Runner) copyTable(ctx context.Context, t string) error {
	c := t + copySuffix
	if _, err := r.db.ExecContext(ctx, `DROP TABLE IF EXISTS `+c); err != nil {
		return fmt.Errorf("projections: drop old copy %s: %w", c, err)
	}
	if r.dialect == Postgres {
		if _, err := r.db.ExecContext(ctx, `CREATE TABLE `+c+` (LIKE `+t+` INCLUDING ALL)`); err != nil {
			return fmt.Errorf("projections: copy table %s: %w", t, err)
		}
		return nil
	}
	objects, err := sqliteObjects(ctx, r.db, t)
	if err != nil {
		return err
	}
	if len(objects) == 0 || objects[0].kind != "table" {
		return fmt.Errorf("projections: copy table %s: no such table", t)
	}
	for _, o := range objects {
		stmt, err := sqliteRename(o.sql, o.kind, o.name+copySuffix, c)
		if err != nil {
			return fmt.Errorf("projections: copy %s %s: %w", o.kind, o.name, err)
		}
		if _, err := r.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("projections: copy %s %s: %w", o.kind, o.name, err)
		}
	}
	return nil
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
	stmts := []string{`DROP TABLE ` + t, `ALTER TABLE ` + c + ` RENAME TO ` + t}
	// SQLite cannot rename an index: the copy's are dropped and the live ones created again
	// from their own SQL, on the filled table.
	for _, o := range objects {
		if o.kind == "index" {
			stmts = append(stmts, `DROP INDEX "`+o.name+copySuffix+`"`, o.sql)
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

// sqliteRename rewrites a CREATE TABLE or CREATE [UNIQUE] INDEX statement taken from
// sqlite_master so that it creates the object name, an index on table.
func sqliteRename(stmt, kind, name, table string) (string, error) {
	p := &ddlParser{s: stmt}
	if !p.keyword("CREATE") {
		return "", fmt.Errorf("not a CREATE statement: %q", stmt)
	}
	var head string
	switch {
	case kind == "table" && p.keyword("TABLE"):
		head = "CREATE TABLE"
	case kind == "index" && p.keyword("INDEX"):
		head = "CREATE INDEX"
	case kind == "index" && p.keyword("UNIQUE") && p.keyword("INDEX"):
		head = "CREATE UNIQUE INDEX"
	default:
		return "", fmt.Errorf("not a CREATE %s statement: %q", strings.ToUpper(kind), stmt)
	}
	if p.keyword("IF") && !(p.keyword("NOT") && p.keyword("EXISTS")) {
		return "", fmt.Errorf("cannot parse %q", stmt)
	}
	if !p.identifier() {
		return "", fmt.Errorf("no name in %q", stmt)
	}
	if kind == "table" {
		return head + ` "` + name + `"` + p.s, nil
	}
	if !p.keyword("ON") || !p.identifier() {
		return "", fmt.Errorf("no table in %q", stmt)
	}
	return head + ` "` + name + `" ON "` + table + `"` + p.s, nil
}

// ddlParser consumes the head of a CREATE statement.
type ddlParser struct{ s string }

func (p *ddlParser) skipSpace() { p.s = strings.TrimLeftFunc(p.s, unicode.IsSpace) }

// keyword consumes word, in any case, if the statement goes on with it.
func (p *ddlParser) keyword(word string) bool {
	p.skipSpace()
	if len(p.s) < len(word) || !strings.EqualFold(p.s[:len(word)], word) {
		return false
	}
	if len(p.s) > len(word) && !unicode.IsSpace(rune(p.s[len(word)])) {
		return false
	}
	p.s = p.s[len(word):]
	return true
}

// identifier consumes a bare or quoted ("x", `x`, [x]) name.
func (p *ddlParser) identifier() bool {
	p.skipSpace()
	if p.s == "" {
		return false
	}
	closing := map[byte]byte{'"': '"', '`': '`', '[': ']'}
	if end, quoted := closing[p.s[0]]; quoted {
		for i := 1; i < len(p.s); i++ {
			if p.s[i] != end {
				continue
			}
			if end != ']' && i+1 < len(p.s) && p.s[i+1] == end {
				i++ // a doubled quote stands for itself
				continue
			}
			p.s = p.s[i+1:]
			return true
		}
		return false
	}
	i := strings.IndexFunc(p.s, func(r rune) bool { return unicode.IsSpace(r) || r == '(' })
	if i <= 0 {
		return false
	}
	p.s = p.s[i:]
	return true
}
