package sqlite

import (
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

func openDB(t *testing.T) *sql.DB {
	t.Helper()
	// A directory that does not exist yet, and a name a URI would misread.
	db, err := OpenDB(filepath.Join(t.TempDir(), "not", "yet", "gym log?#1.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenDBSettings(t *testing.T) {
	ctx := t.Context()
	db := openDB(t)
	// Ask several connections at once: every one of them must have the settings.
	conns := make([]*sql.Conn, 3)
	for i := range conns {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns[i] = c
	}
	for i, c := range conns {
		for _, tt := range []struct{ pragma, want string }{
			{"journal_mode", "wal"},
			{"busy_timeout", "10000"},
			{"foreign_keys", "1"},
			{"synchronous", "2"}, // FULL
		} {
			var got string
			if err := c.QueryRowContext(ctx, "PRAGMA "+tt.pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("connection %d: got %s = %s, want %s", i, tt.pragma, got, tt.want)
			}
		}
	}
}

func TestOpenDBTransactionsBeginImmediate(t *testing.T) {
	ctx := t.Context()
	db := openDB(t)
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	other, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, `PRAGMA busy_timeout = 0`); err != nil {
		t.Fatal(err)
	}
	write := func() error { _, err := other.ExecContext(ctx, `INSERT INTO t VALUES (1)`); return err }

	// A read-only transaction begins DEFERRED: it must not keep writers out.
	ro, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := ro.QueryRowContext(ctx, `SELECT count(*) FROM t`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if err := write(); err != nil {
		t.Errorf("write during a read-only transaction: %v", err)
	}
	ro.Rollback()

	// Any other transaction takes the write lock at BEGIN, before it has written anything.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if err := write(); err == nil {
		t.Error("another connection wrote while a transaction was open, want SQLITE_BUSY: transactions do not begin IMMEDIATE")
	}
}

// TestDollarPlaceholders pins down that the driver binds $N to the N-th argument, not to
// the N-th distinct parameter SQLite sees, so the read models' portable SQL may repeat
// and reorder them.
func TestDollarPlaceholders(t *testing.T) {
	var a, b, c string
	err := openDB(t).QueryRowContext(t.Context(), `SELECT $2, $1, $2 || $1`, "one", "two").Scan(&a, &b, &c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := []string{a, b, c}, []string{"two", "one", "twoone"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestNewOwnVersionTableAndRerun(t *testing.T) {
	ctx := t.Context()
	db := openDB(t)
	for range 2 {
		if _, err := New(ctx, db); err != nil {
			t.Fatalf("New: %v", err)
		}
	}
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'goose%' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if want := []string{"goose_eventstore"}; !slices.Equal(tables, want) {
		t.Errorf("got version tables %v, want %v: the read models keep goose's default table", tables, want)
	}
}

// TestAppendWaitsForAnotherWriter: a write transaction of the read models (or of another
// process) on the same file makes an append wait, not fail.
func TestAppendWaitsForAnotherWriter(t *testing.T) {
	ctx := t.Context()
	st := open(t, nil)
	tx, err := st.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := st.Append(ctx, "waits", eventstore.NoStream, eventstore.EventData{
			ID: "5d3c7a1e-2b9f-4c6d-8e0a-1f2b3c4d5e6f", Type: "test.thing_happened.v1", Data: []byte(`{}`),
		})
		done <- err
	}()
	// The append cannot finish while the transaction holds the file: it must still be
	// waiting when the transaction commits (a bounded look, checked, not a hope).
	select {
	case err := <-done:
		t.Fatalf("the append finished (%v) while another writer held the file", err)
	case <-time.After(200 * time.Millisecond):
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Errorf("append behind another writer: %v", err)
	}
}
