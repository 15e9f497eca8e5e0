package postgres

import (
	"database/sql"
	"fmt"

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

// OpenDB opens a database/sql handle (the read models') on the sessions cfg describes.
func OpenDB(cfg *pgxpool.Config) *sql.DB { return stdlib.OpenDB(*cfg.ConnConfig) }
