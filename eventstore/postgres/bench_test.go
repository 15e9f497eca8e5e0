package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

// BenchmarkStore measures the store beside plain INSERTs into a table of the same shape,
// in the same database through the same pool, so with the same durability settings.
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) (eventstore.Store, storetest.Baseline) {
		cfg, err := pgxpool.ParseConfig(pgtest.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		cfg.MaxConns = 16 // one connection per writer at the highest concurrency measured
		pool, err := pgxpool.NewWithConfig(b.Context(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(pool.Close)
		st, err := New(b.Context(), pool)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		_, err = pool.Exec(b.Context(), `CREATE TABLE bench_raw (
			position       bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
			id             uuid        NOT NULL UNIQUE,
			stream         text        COLLATE "C" NOT NULL,
			version        bigint      NOT NULL,
			type           text        NOT NULL,
			data           json        NOT NULL,
			actor_id       text        NOT NULL,
			command_id     text        NOT NULL,
			correlation_id text        NOT NULL,
			causation_id   text        NOT NULL,
			recorded_at    timestamptz NOT NULL,
			UNIQUE (stream, version)
		)`)
		if err != nil {
			b.Fatal(err)
		}
		return st, baseline(pool)
	})
}

func baseline(pool *pgxpool.Pool) storetest.Baseline {
	const insert = `INSERT INTO bench_raw (id, stream, version, type, data,
			actor_id, command_id, correlation_id, causation_id, recorded_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`
	args := func(r storetest.Row) []any {
		m := r.Metadata
		return []any{r.ID, r.Stream, r.Version, r.Type, string(r.Data),
			m.ActorID, m.CommandID, m.CorrelationID, m.CausationID, time.Now()}
	}
	return storetest.Baseline{
		Insert: func(ctx context.Context, r storetest.Row) error {
			_, err := pool.Exec(ctx, insert, args(r)...)
			return err
		},
		Load: func(ctx context.Context, rows []storetest.Row) error {
			return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				for _, r := range rows {
					if _, err := tx.Exec(ctx, insert, args(r)...); err != nil {
						return err
					}
				}
				return nil
			})
		},
		Read: func(ctx context.Context, after int64, max int) (int, int64, error) {
			rows, err := pool.Query(ctx, `SELECT id, stream, type, version, position, recorded_at, data,
					actor_id, command_id, correlation_id, causation_id
				FROM bench_raw WHERE position > $1 ORDER BY position LIMIT $2`, after, max)
			if err != nil {
				return 0, 0, err
			}
			defer rows.Close()
			n, last := 0, after
			for rows.Next() {
				var r storetest.Row
				var recordedAt time.Time
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
