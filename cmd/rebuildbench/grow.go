package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// uuidV5 finds the version digit of the name-based UUIDs eventgen makes every id with.
var uuidV5 = regexp.MustCompile(`([0-9a-f]{8}-[0-9a-f]{4}-)5([0-9a-f]{3}-)`)

// grow appends copies more copies of the seeded log after it, each the same users under other
// ids (every UUID's version digit 5 made 1, 2, 3 …, every address at example.com at a
// subdomain of its own), written straight into the events table: a log of copies+1 times the
// users and events in a fraction of the time seeding it takes. The log's other rows (the
// read models) are left as they are: a rebuild replaces them.
func grow(ctx context.Context, d *databases, copies int, out io.Writer) error {
	if copies < 1 || copies > 9 {
		return fmt.Errorf("grow: -copies between 1 and 9")
	}
	start := time.Now()
	var n int64
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM eventstore_events`).Scan(&n); err != nil {
		return fmt.Errorf("grow: %w", err)
	}
	var last int64
	if err := d.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(position), 0) FROM eventstore_events`).Scan(&last); err != nil {
		return fmt.Errorf("grow: %w", err)
	}
	for k := 1; k <= copies; k++ {
		if err := growCopy(ctx, d, k, last, out); err != nil {
			return err
		}
	}
	if d.dialect == projections.Postgres {
		if _, err := d.db.ExecContext(ctx, `INSERT INTO eventstore_streams (name, version)
			SELECT stream, MAX(version) FROM eventstore_events WHERE position > $1 GROUP BY stream`, last); err != nil {
			return fmt.Errorf("grow: streams: %w", err)
		}
		if _, err := d.db.ExecContext(ctx, `UPDATE eventstore_counter SET position = (SELECT MAX(position) FROM eventstore_events)`); err != nil {
			return fmt.Errorf("grow: counter: %w", err)
		}
	}
	fmt.Fprintf(out, "grew %d events to %d in %s\n", n, n*int64(copies+1), time.Since(start).Round(time.Millisecond))
	return nil
}

// growCopy appends copy k of the events up to position last, at positions k*last on.
func growCopy(ctx context.Context, d *databases, k int, last int64, out io.Writer) error {
	const columns = 11
	const perStatement = 500
	swap := func(s string) string {
		return strings.ReplaceAll(uuidV5.ReplaceAllString(s, fmt.Sprintf("${1}%d${2}", k)), "@example.com", fmt.Sprintf("@%d.example.com", k))
	}
	var rows [][]any
	flush := func(tx *sql.Tx) error {
		if len(rows) == 0 {
			return nil
		}
		var b strings.Builder
		b.WriteString(`INSERT INTO eventstore_events (position, id, stream, version, type, data, actor_id, command_id,
			correlation_id, causation_id, recorded_at) VALUES `)
		args := make([]any, 0, len(rows)*columns)
		for i, row := range rows {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			for j := range columns {
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "$%d", len(args)+j+1)
			}
			b.WriteByte(')')
			args = append(args, row...)
		}
		rows = rows[:0]
		_, err := tx.ExecContext(ctx, b.String(), args...)
		return err
	}
	for from := int64(0); from < last; from += 20_000 {
		batch, err := d.db.QueryContext(ctx, `SELECT position, id, stream, version, type, data, actor_id, command_id,
			correlation_id, causation_id, recorded_at FROM eventstore_events WHERE position > $1 AND position <= $2
			ORDER BY position`, from, min(from+20_000, last))
		if err != nil {
			return fmt.Errorf("grow: %w", err)
		}
		var read [][]any
		for batch.Next() {
			var position, version int64
			var id, stream, typ, data, actor, command, correlation, causation string
			var recorded any
			if err := batch.Scan(&position, &id, &stream, &version, &typ, &data, &actor, &command, &correlation, &causation,
				&recorded); err != nil {
				batch.Close()
				return fmt.Errorf("grow: %w", err)
			}
			read = append(read, []any{position + int64(k)*last, swap(id), swap(stream), version, typ, swap(data),
				swap(actor), swap(command), swap(correlation), swap(causation), recorded})
		}
		batch.Close()
		if err := batch.Err(); err != nil {
			return fmt.Errorf("grow: %w", err)
		}
		tx, err := d.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("grow: %w", err)
		}
		for _, row := range read {
			if rows = append(rows, row); len(rows) == perStatement {
				if err := flush(tx); err != nil {
					_ = tx.Rollback()
					return fmt.Errorf("grow: %w", err)
				}
			}
		}
		if err := flush(tx); err != nil {
			_ = tx.Rollback()
			return fmt.Errorf("grow: %w", err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("grow: %w", err)
		}
	}
	fmt.Fprintf(out, "copy %d written\n", k)
	return nil
}
