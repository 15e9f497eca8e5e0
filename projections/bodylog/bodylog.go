// Package bodylog holds what the weight and size logs share: a read-model table of dated entries,
// one row per entry and each owned by a user, written by its projector and read a page at a time,
// newest first, with each entry's difference from the one logged before it.
package bodylog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of entries on one page of a body log.
const PageSize = 9

// Scanner is what an entry is read from: a *sql.Row or the current row of *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// Log is one body log's table: its entries have an id, a user, a date and the time they were
// logged (logged_at), which orders entries of the same date.
type Log[E any] struct {
	// Table is the read-model table, e.g. "weight_entries".
	Table string
	// Columns are what an entry is read from and written to, in the order of its scan function
	// and of Insert's values; logged_at comes after them.
	Columns string
	// Date is the column of the day the entry is for.
	Date string
	// NotFound is the answer when an entry is not there.
	NotFound string
	// Difference sets newer's difference from older, the entry logged before it.
	Difference func(newer *E, older E)
}

// Insert adds an entry once (a replayed event changes nothing): the values of Columns, then
// logged_at.
func (l Log[E]) Insert(ctx context.Context, tx projections.Tx, values ...any) error {
	params := make([]string, len(values))
	for i := range values {
		params[i] = fmt.Sprintf("$%d", i+1)
	}
	return tx.Defer(ctx, `INSERT INTO `+tx.Table(l.Table)+` (`+l.Columns+`, logged_at)
		VALUES (`+strings.Join(params, ", ")+`) ON CONFLICT (id) DO NOTHING`, values...)
}

// Delete removes one entry, as a deleted weight or size does.
func (l Log[E]) Delete(ctx context.Context, tx projections.Tx, entryID string) error {
	return tx.Defer(ctx, `DELETE FROM `+tx.Table(l.Table)+` WHERE id = $1`, entryID)
}

// DeleteUser removes all of a user's entries, as closing the account does.
func (l Log[E]) DeleteUser(ctx context.Context, tx projections.Tx, userID string) error {
	return tx.Defer(ctx, `DELETE FROM `+tx.Table(l.Table)+` WHERE user_id = $1`, userID)
}

// NewestFirst is the ORDER BY clause of the log: by date, then the later logged first.
func (l Log[E]) NewestFirst() string {
	return ` ORDER BY ` + l.Date + ` DESC, logged_at DESC, id DESC`
}

// Page returns page (from 1) of the entries where holds (args fill its $1, $2 ...), newest first,
// each read by scan, and the total count. It reads one row past the page so the last entry's
// difference is known: an index range read, whatever the length of the history.
func (l Log[E]) Page(ctx context.Context, db *projections.Prepared, scan func(Scanner) (E, error), page int, where string, args ...any) ([]E, int, error) {
	var total int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+l.Table+` WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count %s: %w", l.Table, err)
	}
	limit := fmt.Sprintf(` LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2)
	entries, err := l.list(ctx, db, scan, l.NewestFirst()+limit, where, append(args, PageSize+1, (page-1)*PageSize)...)
	if err != nil {
		return nil, 0, err
	}
	for i := 0; i+1 < len(entries); i++ {
		l.Difference(&entries[i], entries[i+1])
	}
	if len(entries) > PageSize {
		entries = entries[:PageSize]
	}
	return entries, total, nil
}

// Latest returns the n newest entries where holds (args fill its $1, $2 ...), oldest first,
// each read by scan: an index range read, whatever the length of the history.
func (l Log[E]) Latest(ctx context.Context, db *projections.Prepared, scan func(Scanner) (E, error), n int, where string, args ...any) ([]E, error) {
	entries, err := l.list(ctx, db, scan, l.NewestFirst()+fmt.Sprintf(` LIMIT $%d`, len(args)+1), where, append(args, n)...)
	slices.Reverse(entries)
	return entries, err
}

// Oldest returns the first entry logged where holds, read by scan, if there is one.
func (l Log[E]) Oldest(ctx context.Context, db *projections.Prepared, scan func(Scanner) (E, error), where string, args ...any) (E, bool, error) {
	list, err := l.list(ctx, db, scan, ` ORDER BY `+l.Date+` ASC, logged_at ASC, id ASC LIMIT 1`, where, args...)
	if err != nil || len(list) == 0 {
		var none E
		return none, false, err
	}
	return list[0], true, nil
}

// list reads the entries where holds in order (an ORDER BY and LIMIT clause).
func (l Log[E]) list(ctx context.Context, db *projections.Prepared, scan func(Scanner) (E, error), order, where string, args ...any) ([]E, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+l.Columns+` FROM `+l.Table+` WHERE `+where+order, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", l.Table, err)
	}
	defer rows.Close()
	entries := []E{}
	for rows.Next() {
		e, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("scan %s: %w", l.Table, err)
		}
		entries = append(entries, e)
	}
	return entries, rows.Err()
}

// ByID returns the entry id, read by scan, or a not-found error.
func (l Log[E]) ByID(ctx context.Context, db *projections.Prepared, scan func(Scanner) (E, error), id string) (E, error) {
	var none E
	e, err := scan(db.QueryRowContext(ctx, `SELECT `+l.Columns+` FROM `+l.Table+` WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return none, domain.NotFound("%s", l.NotFound)
	}
	if err != nil {
		return none, fmt.Errorf("scan %s: %w", l.Table, err)
	}
	return e, nil
}
