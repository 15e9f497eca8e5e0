package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

// BenchmarkStore measures the store beside plain INSERTs into a table of the same shape,
// in the same file with the same settings (WAL, synchronous=FULL).
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) (eventstore.Store, storetest.Baseline) {
		db, err := OpenDB(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		st, err := New(b.Context(), db)
		if err != nil {
			b.Fatal(err)
		}
		_, err = db.ExecContext(b.Context(), `CREATE TABLE bench_raw (
			position    INTEGER PRIMARY KEY AUTOINCREMENT,
			id          TEXT    NOT NULL UNIQUE,
			stream      TEXT    NOT NULL,
			version     INTEGER NOT NULL,
			type        TEXT    NOT NULL,
			data        TEXT    NOT NULL,
			actor_id       TEXT NOT NULL,
			command_id     TEXT NOT NULL,
			correlation_id TEXT NOT NULL,
			causation_id   TEXT NOT NULL,
			recorded_at INTEGER NOT NULL,
			UNIQUE (stream, version)
		) STRICT`)
		if err != nil {
			b.Fatal(err)
		}
		return st, baseline(db)
	})
}

func baseline(db *sql.DB) storetest.Baseline {
	const insert = `INSERT INTO bench_raw (id, stream, version, type, data,
			actor_id, command_id, correlation_id, causation_id, recorded_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`
	args := func(r storetest.Row) []any {
		m := r.Metadata
		return []any{r.ID, r.Stream, r.Version, r.Type, string(r.Data),
			m.ActorID, m.CommandID, m.CorrelationID, m.CausationID, time.Now().UnixMicro()}
	}
	return storetest.Baseline{
		Insert: func(ctx context.Context, r storetest.Row) error {
			_, err := db.ExecContext(ctx, insert, args(r)...)
			return err
		},
		Load: func(ctx context.Context, rows []storetest.Row) error {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			for _, r := range rows {
				if _, err := tx.ExecContext(ctx, insert, args(r)...); err != nil {
					return err
				}
			}
			return tx.Commit()
		},
		Read: func(ctx context.Context, after int64, max int) (int, int64, error) {
			rows, err := db.QueryContext(ctx, `SELECT id, stream, type, version, position, recorded_at, data,
					actor_id, command_id, correlation_id, causation_id
				FROM bench_raw WHERE position > $1 ORDER BY position LIMIT $2`, after, max)
			if err != nil {
				return 0, 0, err
			}
			defer rows.Close()
			n, last := 0, after
			for rows.Next() {
				var r storetest.Row
				var recordedAt int64
				m := &r.Metadata
				if err := rows.Scan(&r.ID, &r.Stream, &r.Type, &r.Version, &last, &recordedAt, &r.Data,
					&m.ActorID, &m.CommandID, &m.CorrelationID, &m.CausationID); err != nil {
					return 0, 0, err
				}
				n++
			}
			return n, last, rows.Err()
		},
	}
}
