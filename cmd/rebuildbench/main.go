// Command rebuildbench measures a rebuild of every read model against a raw scan of the event
// log, on a database it first fills with a seeded, realistic log (eventstore/eventgen):
//
//	rebuildbench seed -database-url URL -events 1000000 -seed 1
//	rebuildbench grow -database-url URL -copies 3     (the seeded log four times, other ids)
//	rebuildbench run -database-url URL [-memory 512MiB]
//	rebuildbench floor -database-url URL
//
// run scans the events table with a plain SELECT, then rebuilds every read model as
// `gymlog projections rebuild` does, and reports both rates, their ratio and the process's
// peak RSS; it writes the rebuild's progress to stderr every ten seconds. floor, after a run,
// measures the least such a rebuild can cost (see floor). URL is a SQLite path or a
// postgres:// URL, as gymlog's.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/eventgen"
	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
	"github.com/gymlog/gymlog/projections/readmodels"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rebuildbench:", err)
		os.Exit(1)
	}
}

const usage = "usage: rebuildbench seed|grow|run|floor -database-url URL [-events N -seed S] [-copies N] [-projectors a,b] [-memory 512MiB]"

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	url := fs.String("database-url", "", "SQLite path or postgres:// URL")
	events := fs.Int("events", 1_000_000, "events to generate (seed)")
	seed := fs.Uint64("seed", 1, "the generator's seed (seed)")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the rebuild to this file (run)")
	only := fs.String("projectors", "", "comma-separated projectors to rebuild, every one when empty (run)")
	memory := fs.String("memory", "512MiB", "the memory budget of the rebuild (run)")
	withFloor := fs.Bool("floor", false, "measure the floor before and after the rebuild, and give the rebuild's rate against their mean (run)")
	copies := fs.Int("copies", 3, "copies of the seeded log to append, each the same users under other ids (grow)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *url == "" {
		return errors.New(usage)
	}
	d, err := open(ctx, *url)
	if err != nil {
		return err
	}
	defer d.close()
	switch args[0] {
	case "seed":
		start := time.Now()
		n, err := eventgen.Generate(ctx, d.store, eventgen.Config{Events: *events, Seed: *seed})
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "seeded %d events in %s\n", n, time.Since(start).Round(time.Millisecond))
		return nil
	case "run":
		var names []string
		if *only != "" {
			names = strings.Split(*only, ",")
		}
		budget, err := humanize.ParseBytes(*memory)
		if err != nil {
			return fmt.Errorf("-memory: %w", err)
		}
		if !*withFloor {
			_, err := measure(ctx, d, names, int64(budget), *profile, out)
			return err
		}
		// The floor moves with the machine (a third within an hour here): measured just
		// before and just after the rebuild, in the same process, the ratio compares like
		// with like.
		before, err := floor(ctx, d, out)
		if err != nil {
			return err
		}
		rate, err := measure(ctx, d, names, int64(budget), *profile, out)
		if err != nil {
			return err
		}
		after, err := floor(ctx, d, out)
		if err != nil {
			return err
		}
		mean := (before + after) / 2
		fmt.Fprintf(out, "floor %.0f events/s before, %.0f after; the rebuild's %.0f events/s is %.2f of their mean\n",
			before, after, rate, rate/mean)
		return nil
	case "floor":
		_, err := floor(ctx, d, out)
		return err
	case "grow":
		return grow(ctx, d, *copies, out)
	}
	return errors.New(usage)
}

// measure scans the log, then rebuilds the read models named (every one when none is), and
// reports.
func measure(ctx context.Context, d *databases, names []string, budget int64, profile string, out io.Writer) (rate float64, err error) {
	start := time.Now()
	scanned, err := rawScan(ctx, d.db)
	if err != nil {
		return 0, err
	}
	scan := time.Since(start)
	r, err := projections.NewRunner(d.db, d.dialect, d.store, readmodels.All(),
		projections.WithLogger(slog.New(slog.DiscardHandler)), projections.WithTransactions(d.transactions),
		projections.WithRebuildMemory(budget))
	if err != nil {
		return 0, err
	}
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return 0, err
		}
	}
	start = time.Now()
	var (
		shown time.Time
		phase [2]int // the partition and whether writing, of the last line written
	)
	peak := watchRSS(ctx)
	var serving time.Duration // when the new read models were swapped in
	err = r.RebuildAll(ctx, names, func(p projections.RebuildProgress) {
		peak.step(p.Step())
		if p.Swapped {
			serving = time.Since(start)
		}
		// A line every ten seconds and at each new phase, to tell where the time goes.
		if now := [2]int{p.Partition, boolInt(p.Writing)}; time.Since(shown) >= 10*time.Second || now != phase {
			shown, phase = time.Now(), now
			fmt.Fprintf(os.Stderr, "%s: %s\n", p.Elapsed.Round(100*time.Millisecond), p.Step())
		}
	})
	done := time.Since(start)
	fmt.Fprintf(os.Stderr, "%s: done\n", done.Round(100*time.Millisecond))
	pprof.StopCPUProfile()
	if err != nil {
		return 0, err
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	scanRate := float64(scanned) / scan.Seconds()
	// The rebuild's time is until the new read models serve; dropping the old tables after
	// (SQLite's) is given beside it.
	rebuildRate := float64(scanned) / serving.Seconds()
	fmt.Fprintf(out, "%s: %d events; raw scan %s (%.0f events/s); rebuild %s (%.0f events/s), old tables dropped %s after; ratio %.2f; peak RSS %d MB\n",
		d.dialect, scanned, scan.Round(time.Millisecond), scanRate, serving.Round(time.Millisecond), rebuildRate,
		(done - serving).Round(time.Millisecond), rebuildRate/scanRate, ru.Maxrss/1024)
	fmt.Fprintln(out, peak.String())
	return rebuildRate, nil
}

// rawScan reads every column of every event with one plain SELECT, in log order, as the
// yardstick of what reading the log costs.
func rawScan(ctx context.Context, db *sql.DB) (int, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, stream, type, version, position, recorded_at, data, actor_id,
		command_id, correlation_id, causation_id FROM eventstore_events ORDER BY position`)
	if err != nil {
		return 0, fmt.Errorf("raw scan: %w", err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, stream, typ, actor, command, correlation, causation sql.NullString
		var version, position int64
		var recorded any
		var data []byte
		if err := rows.Scan(&id, &stream, &typ, &version, &position, &recorded, &data, &actor, &command, &correlation,
			&causation); err != nil {
			return 0, fmt.Errorf("raw scan: %w", err)
		}
		n++
	}
	return n, rows.Err()
}

// databases is the opened event store and read models, in one SQLite file or one
// PostgreSQL database.
type databases struct {
	store        eventstore.Store
	db           *sql.DB
	dialect      projections.Dialect
	transactions projections.Transactions
	closers      []func()
}

func open(ctx context.Context, url string) (*databases, error) {
	d := &databases{}
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		cfg, err := postgres.PoolConfig(url)
		if err != nil {
			return nil, err
		}
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			return nil, err
		}
		d.closers = append(d.closers, pool.Close)
		if d.store, err = postgres.New(ctx, pool); err != nil {
			d.close()
			return nil, err
		}
		d.db, d.dialect = postgres.OpenDB(cfg), projections.Postgres
		d.transactions = pgprojections.NewTransactions(d.db)
	} else {
		db, err := sqlite.OpenDB(url)
		if err != nil {
			return nil, err
		}
		d.db, d.dialect = db, projections.SQLite
		if d.store, err = sqlite.New(ctx, db); err != nil {
			_ = db.Close()
			return nil, err
		}
	}
	d.closers = append(d.closers, func() { _ = d.db.Close() }, func() { _ = d.store.Close() })
	if err := projections.Migrate(ctx, d.db, d.dialect); err != nil {
		d.close()
		return nil, err
	}
	return d, nil
}

func (d *databases) close() {
	for i := len(d.closers) - 1; i >= 0; i-- {
		d.closers[i]()
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
