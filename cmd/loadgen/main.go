// Command loadgen measures logging sets through Gymlog's event-sourced API against a
// plain-CRUD baseline (a chi handler that INSERTs the set row directly) in the same run, on
// the same database: SQLite (a temporary file) or PostgreSQL (-postgres URL on 127.0.0.1).
//
// Each of -users concurrent users signs up, starts a workout, logs -warmup sets untimed, then
// logs -sets sets and reads each back. Loops are bounded by count and by -max-time; everything listens on and talks
// to 127.0.0.1 only.
//
// With -nodes 2 (PostgreSQL), two Gymlog nodes serve the database in this process, each with
// its own connections, runner and peers, as two `gymlog serve` would: each user sends its
// sets to the nodes in turn and reads each set back on the other node than the one that
// logged it.
//
// Any answer with another status than the one expected (a 5xx, a 404 for a set just
// logged) fails the run: a set is answered 201, or 202 when the server stored it before its
// read model had it (then its read-back may answer 404 until the read model has it). With
// -server-log FILE the servers' warnings and errors are kept there as JSON lines.
//
//	go run ./cmd/loadgen -backend sqlite -users 128 -server-log server.log
//	go run ./cmd/loadgen -backend postgres -postgres 'postgres://postgres@127.0.0.1:5432/loadgen?sslmode=disable'
//	go run ./cmd/loadgen -backend postgres -nodes 2 -postgres 'postgres://postgres@127.0.0.1:5432/loadgen?sslmode=disable'
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	"golang.org/x/crypto/bcrypt"

	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
	"github.com/gymlog/gymlog/projections/readmodels"
)

func main() {
	backend := flag.String("backend", "sqlite", "sqlite or postgres")
	pgURL := flag.String("postgres", "", "PostgreSQL URL (host 127.0.0.1 or localhost) for -backend postgres")
	users := flag.Int("users", 32, "concurrent users")
	sets := flag.Int("sets", 100, "sets each user logs and reads back")
	warmup := flag.Int("warmup", 1, "sets each user logs and reads back untimed first, on both paths")
	maxTime := flag.Duration("max-time", time.Minute, "time limit of each phase")
	nodes := flag.Int("nodes", 1, "Gymlog nodes serving the database (more than one needs -backend postgres)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	serverLog := flag.String("server-log", "", "write the servers' log (warnings and errors, JSON lines) to this file; empty discards it")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	// Each user logs all its sets into one workout, which holds at most workout.MaxSets.
	if *users < 1 || *users > 256 || *sets < 1 || *warmup < 0 || *warmup > 100 || *sets+*warmup > workout.MaxSets {
		fmt.Fprintf(os.Stderr, "loadgen: -users 1..256, -warmup 0..100, -sets from 1 with -sets plus -warmup at most %d (the sets of one workout)\n", workout.MaxSets)
		os.Exit(2)
	}
	if *nodes < 1 || *nodes > 4 || *nodes > 1 && *backend != "postgres" {
		fmt.Fprintln(os.Stderr, "loadgen: -nodes 1..4, more than one only with -backend postgres")
		os.Exit(2)
	}
	logger := slog.New(slog.DiscardHandler)
	if *serverLog != "" {
		f, err := os.Create(*serverLog)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(2)
		}
		defer f.Close()
		logger = slog.New(slog.NewJSONHandler(f, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if err := run(context.Background(), *backend, *pgURL, *nodes, logger, load{users: *users, sets: *sets, warmup: *warmup, maxTime: *maxTime}); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// system is the server under test: the store, the read-model database and the runner.
type system struct {
	store   eventstore.Store
	db      *sql.DB
	dialect projections.Dialect
	// runnerOpts fit the runner to the database: pipelined transactions on PostgreSQL.
	runnerOpts []projections.Option
	// peers reach the other nodes on PostgreSQL; nil on SQLite.
	peers projections.Peers
	close func()
}

func open(ctx context.Context, backend, pgURL string) (*system, error) {
	switch backend {
	case "sqlite":
		dir, err := os.MkdirTemp("", "gymlog-loadgen-")
		if err != nil {
			return nil, err
		}
		db, err := sqlite.OpenDB(filepath.Join(dir, "gymlog.db"))
		if err != nil {
			return nil, err
		}
		store, err := sqlite.New(ctx, db)
		if err != nil {
			return nil, err
		}
		return &system{store: store, db: db, dialect: projections.SQLite, close: func() {
			_ = store.Close()
			_ = db.Close()
			_ = os.RemoveAll(dir)
		}}, nil
	case "postgres":
		u, err := url.Parse(pgURL)
		if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost") {
			return nil, errors.New("-postgres must be a URL to a server on 127.0.0.1")
		}
		cfg, err := postgres.PoolConfig(pgURL)
		if err != nil {
			return nil, err
		}
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			return nil, err
		}
		store, err := postgres.New(ctx, pool)
		if err != nil {
			return nil, err
		}
		// The read models and the baseline share one handle, so both run with the app's
		// session settings.
		db := postgres.OpenDB(cfg)
		// As many idle connections as open ones: with database/sql's default of two, the
		// 32 users' queries close and reopen PostgreSQL sessions by the thousand, and the
		// run measures connection set-up instead of either path.
		db.SetMaxOpenConns(40)
		db.SetMaxIdleConns(40)
		pipelined := projections.WithTransactions(pgprojections.NewTransactions(db))
		peers, err := pgprojections.NewPeers(db, slog.New(slog.DiscardHandler))
		if err != nil {
			return nil, err
		}
		return &system{store: store, db: db, dialect: projections.Postgres, peers: peers,
			runnerOpts: []projections.Option{pipelined, projections.WithPeers(peers)},
			close: func() {
				peers.Close()
				_ = store.Close()
				_ = db.Close()
				pool.Close()
			}}, nil
	}
	return nil, fmt.Errorf("unknown backend %q", backend)
}

func run(ctx context.Context, backend, pgURL string, nodes int, logger *slog.Logger, l load) error {
	var (
		sys     *system // the first node's: the baseline and sign-up codes use it
		apiURLs []string
	)
	for range nodes {
		node, err := open(ctx, backend, pgURL)
		if err != nil {
			return err
		}
		defer node.close()
		apiURL, stop, err := serve(ctx, node, logger)
		if err != nil {
			return err
		}
		defer stop()
		if sys == nil {
			sys = node
		}
		apiURLs = append(apiURLs, apiURL)
	}
	base, err := newBaseline(ctx, sys.db, sys.dialect == projections.SQLite)
	if err != nil {
		return err
	}
	baseURL, stopBase, err := listen(base.routes())
	if err != nil {
		return err
	}
	defer stopBase()

	fmt.Printf("backend %s, %d node(s), %d users x %d sets after %d untimed, limit %s per phase\n",
		backend, nodes, l.users, l.sets, l.warmup, l.maxTime)
	gym, err := phase(ctx, l, func(ctx context.Context, i int) (lifter, error) {
		return newGymlogUser(ctx, apiURLs, sys.store, i)
	})
	if err != nil {
		return fmt.Errorf("gymlog phase: %w", err)
	}
	report("gymlog (event-sourced)", gym)
	fmt.Printf("sets answered 202 (stored before the read model had them): %d\n", provisional.Load())
	crud, err := phase(ctx, l, func(_ context.Context, i int) (lifter, error) {
		return newBaselineUser(baseURL, i), nil
	})
	if err != nil {
		return fmt.Errorf("baseline phase: %w", err)
	}
	report("baseline (plain CRUD)", crud)
	fmt.Printf("ratio: throughput %.2fx the baseline, p99 %.2fx the baseline's\n",
		gym.throughput()/crud.throughput(), float64(gym.p(0.99))/float64(crud.p(0.99)))
	fmt.Printf("process RSS (server and load generator): now %s, peak %s\n", rss("VmRSS"), rss("VmHWM"))
	return nil
}

// serve runs a node on sys until ctx ends: its runner and its API, on a free port.
func serve(ctx context.Context, sys *system, logger *slog.Logger) (string, func(), error) {
	if err := projections.Migrate(ctx, sys.db, sys.dialect); err != nil {
		return "", nil, err
	}
	runner, err := projections.NewRunner(sys.db, sys.dialect, sys.store, readmodels.All(),
		append(sys.runnerOpts, projections.WithLogger(logger))...)
	if err != nil {
		return "", nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	ran := make(chan struct{})
	go func() { defer close(ran); _ = runner.Run(ctx) }()
	api := httpapi.New(httpapi.Deps{Store: sys.store, DB: sys.db, Waiter: runner, Logger: logger,
		PasswordCost: bcrypt.MinCost, Peers: sys.peers})
	url, stopAPI, err := listen(api)
	stop := func() {
		if stopAPI != nil {
			stopAPI()
		}
		cancel()
		<-ran
	}
	if err != nil {
		stop()
		return "", nil, err
	}
	return url, stop, nil
}

// listen serves h on a free port of 127.0.0.1.
func listen(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}
