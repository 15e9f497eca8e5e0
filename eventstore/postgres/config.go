package postgres

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// sessionParams are set in every PostgreSQL session the app opens, as startup parameters
// (no extra round trip), unless the URL sets them itself.
//
// plan_cache_mode: every query of the app is a short indexed read or write whose plan does
// not depend on its parameters' values. By default PostgreSQL plans a prepared statement
// afresh for its first five runs on each connection, and for good when a custom plan looks
// cheaper than the generic one, as it always does for "position > $1 ... LIMIT $2": under
// load a fifth of the time of the statements went into planning them again.
var sessionParams = map[string]string{"plan_cache_mode": "force_generic_plan"}

// PoolConfig parses a PostgreSQL URL into the configuration of a pool whose sessions start
// with the app's settings.
func PoolConfig(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse URL: %w", err)
	}
	for k, v := range sessionParams {
		if _, set := cfg.ConnConfig.RuntimeParams[k]; !set {
			cfg.ConnConfig.RuntimeParams[k] = v
		}
	}
	return cfg, nil
}

// idleConns is how many of its sessions the database/sql handle keeps open when they are idle,
// and idleTime how long it keeps each. database/sql keeps 2 by default: with the projectors,
// the requests and an import writing at once, every session past the second was closed as it
// was released and opened again for the next statement, a PostgreSQL backend started and
// stopped each time (half an import's time went into that).
const (
	idleConns = 32
	idleTime  = 5 * time.Minute
)

// OpenDB opens a database/sql handle (the read models') on the sessions cfg describes.
func OpenDB(cfg *pgxpool.Config) *sql.DB {
	db := stdlib.OpenDB(*cfg.ConnConfig)
	db.SetMaxIdleConns(idleConns)
	db.SetConnMaxIdleTime(idleTime)
	return db
}
