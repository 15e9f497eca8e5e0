package projections

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrateLockID keeps the read-model migrations from queueing behind the event store's own
// goose lock (goose's default id): the two schemas are independent.
const migrateLockID int64 = 0x67796d6c6f67 // "gymlog"

// Migrate brings the read-model schema up to date: the checkpoints table and every read-model
// table, from the migrations embedded in this package. It uses goose's default version table,
// apart from the event store's. On PostgreSQL a session lock makes nodes that start together
// take turns.
func Migrate(ctx context.Context, db *sql.DB, d Dialect) error {
	provider, err := migrator(db, d)
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("projections: migrate: %w", err)
	}
	return nil
}

// migrator returns goose's provider of the read-model migrations on db.
func migrator(db *sql.DB, d Dialect) (*goose.Provider, error) {
	var opts []goose.ProviderOption
	var dialect goose.Dialect
	switch d {
	case SQLite:
		dialect = goose.DialectSQLite3
	case Postgres:
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrateLockID), lock.WithLockTimeout(1, 300))
		if err != nil {
			return nil, fmt.Errorf("projections: migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	default:
		return nil, fmt.Errorf("projections: unknown dialect %q", d)
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("projections: migrations: %w", err)
	}
	// Other packages may register Go migrations globally for their own schemas.
	opts = append(opts, goose.WithDisableGlobalRegistry(true))
	provider, err := goose.NewProvider(dialect, db, sub, opts...)
	if err != nil {
		return nil, fmt.Errorf("projections: migrations: %w", err)
	}
	return provider, nil
}
