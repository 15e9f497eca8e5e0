package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Scrub removes every dead row version from the tables of the store's schema (the event
// store's and everything sharing its database: read models, sessions), so that no tuple
// holding deleted data is left in a table, its TOAST table or its indexes. PostgreSQL keeps
// a deleted row's version until VACUUM removes it; Scrub runs one over every table the
// current role owns in the schema, with INDEX_CLEANUP ON, since VACUUM otherwise skips the
// indexes when few pages have dead rows and the index entries keep the keys (an e-mail, say).
//
// What it cannot promise: VACUUM frees a removed tuple's space without zeroing it, so its
// bytes stay in the page until new rows reuse the space or the table is rewritten (VACUUM
// FULL); a version that a transaction open since before the deletion can still see is
// kept; and the write-ahead log, its archive and backups keep what they hold until they
// expire. VACUUM cannot run inside a transaction, so each table is vacuumed in its own.
func (s *Store) Scrub(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `
		SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname)
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind = 'r' AND n.nspname = current_schema() AND pg_has_role(c.relowner, 'USAGE')
		ORDER BY 1`)
	if err != nil {
		return fmt.Errorf("postgres: scrub: list tables: %w", err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("postgres: scrub: list tables: %w", err)
	}
	if len(tables) == 0 {
		return nil
	}
	if _, err := s.pool.Exec(ctx, `VACUUM (INDEX_CLEANUP ON) `+strings.Join(tables, ", ")); err != nil {
		return fmt.Errorf("postgres: scrub: %w", err)
	}
	return nil
}
