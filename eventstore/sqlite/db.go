package sqlite

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// maxConns caps the pool: SQLite has one writer anyway, and each connection keeps its own
// page cache, so more connections only cost memory. Idle connections are kept up to the
// same number because reopening one re-runs the pragmas and re-reads the schema.
const maxConns = 16

// OpenDB opens (creating it and its directory if need be) the SQLite database at path, set
// up for the event store and the read models that share the file: WAL so readers never
// block the writer, a 10 s busy timeout so a writer waits for another instead of failing,
// foreign keys on, synchronous=FULL so a committed append survives a power cut,
// secure_delete on every connection so that a deleted row is overwritten with zeros rather
// than left in a freed page or a page's free space (a closed account must leave no byte
// behind; Store.Scrub then clears the WAL), and transactions that begin IMMEDIATE so a
// read-then-write transaction takes the write lock up front instead of failing with
// SQLITE_BUSY when it upgrades. Read-only transactions (sql.TxOptions{ReadOnly: true})
// still begin DEFERRED and never wait for the writer. Queries may use "$1"-style
// placeholders: the driver binds $N to the N-th argument.
func OpenDB(path string) (*sql.DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("sqlite: create directory for %s: %w", path, err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "secure_delete(1)")
	q.Set("_txlock", "immediate")
	// A file: URI with an escaped path, so a path holding '?' or '#' still names a file.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(maxConns)
	db.SetMaxIdleConns(maxConns)
	// Open is lazy; connect now so a bad path or a locked file fails here, not at first use.
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return db, nil
}
