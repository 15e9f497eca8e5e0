package progress_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/progress"
)

// BenchmarkLogSet applies what logging a set costs the live read model: a done set logged
// into a workout, each event in a transaction of its own, twenty sets a workout and a
// workout a day, as the hot path of a lifter logging sets does.
func BenchmarkLogSet(b *testing.B) {
	for _, backend := range []func(testing.TB) backendtest.Backend{backendtest.SQLite, backendtest.Postgres} {
		be := backend(b)
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			if err := projections.Migrate(ctx, be.DB, projections.Dialect(be.Name)); err != nil {
				b.Fatal(err)
			}
			var reads, writes int
			apply := func(e domain.Event) {
				tx, err := begin(ctx, be, &reads, &writes)
				if err != nil {
					b.Fatal(err)
				}
				defer tx.Rollback()
				if err := (progress.Projector{}).Apply(ctx, tx, projections.Event{Payload: e}); err != nil {
					b.Fatal(err)
				}
				if err := tx.Commit(ctx); err != nil {
					b.Fatal(err)
				}
			}
			var w string
			for i := range b.N {
				if i%20 == 0 {
					w = fmt.Sprintf("w%d", i/20)
					day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/20).Format(time.DateOnly)
					apply(started("u", w, day, "18:00"))
				}
				apply(lifted("u", w, fmt.Sprintf("s%d", i), "Bench Press", float64(60+i%20), 5, true))
			}
			b.ReportMetric(float64(reads)/float64(b.N), "reads/op")
			b.ReportMetric(float64(writes)/float64(b.N), "writes/op")
		})
	}
}

// benchTx is a live read-model transaction as the runner hands it to a projector; it counts
// the statements the projector runs: reads (each a round trip on PostgreSQL) and writes.
type benchTx struct {
	projections.Transaction
	reads, writes *int
}

func (t benchTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	*t.reads++
	return t.Transaction.QueryRowContext(ctx, query, args...)
}

func (t benchTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	*t.reads++
	return t.Transaction.QueryContext(ctx, query, args...)
}

func (t benchTx) Defer(ctx context.Context, query string, args ...any) error {
	*t.writes++
	return t.Transaction.Defer(ctx, query, args...)
}

func (benchTx) Table(name string) string { return name }
func (benchTx) Note(string, any)         {}
func (benchTx) Live() bool               { return true }

// begin takes the backend's read-model transaction: pipelined on PostgreSQL, database/sql's
// on SQLite.
func begin(ctx context.Context, be backendtest.Backend, reads, writes *int) (benchTx, error) {
	if be.Transactions != nil {
		tx, err := be.Transactions.Begin(ctx)
		return benchTx{tx, reads, writes}, err
	}
	tx, err := be.DB.BeginTx(ctx, nil)
	return benchTx{sqlTx{tx}, reads, writes}, err
}

// sqlTx is a database/sql transaction that runs deferred writes at once.
type sqlTx struct{ *sql.Tx }

func (t sqlTx) Defer(ctx context.Context, query string, args ...any) error {
	_, err := t.ExecContext(ctx, query, args...)
	return err
}
func (sqlTx) Claim(context.Context, projections.Claim) error { return nil }
func (sqlTx) Flush(context.Context) error                    { return nil }
func (t sqlTx) Commit(context.Context) error                 { return t.Tx.Commit() }
func (t sqlTx) Rollback()                                    { _ = t.Tx.Rollback() }
func (sqlTx) Err() error                                     { return nil }
