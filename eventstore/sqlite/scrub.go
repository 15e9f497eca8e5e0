package sqlite

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// scrubAttempts bounds how often Scrub tries again when readers kept it from emptying the
// WAL; each try already waits up to the busy timeout for them.
const scrubAttempts = 3

// Scrub leaves no byte of deleted rows in the database's files. With secure_delete on
// (OpenDB sets it on every connection) a delete zeroes the row where it lay, but the WAL
// still holds the frames that wrote it and the pages as they were before; Scrub copies
// every frame into the database file and truncates the WAL to zero bytes
// (wal_checkpoint(TRUNCATE)). The -shm file holds only the WAL's index, never row data.
// Scrub holds the write lock, so this process's writers wait for it; the checkpoint itself
// waits, up to the busy timeout, for readers still reading old frames.
func (s *Store) Scrub(ctx context.Context) error {
	// Zeroing happens at the delete, on the connection that deletes; a database opened
	// without OpenDB's pragmas would keep its deleted rows whatever the WAL holds.
	var secure int
	if err := s.db.QueryRowContext(ctx, `PRAGMA secure_delete`).Scan(&secure); err != nil {
		return fmt.Errorf("sqlite: scrub: %w", err)
	}
	if secure == 0 {
		return errors.New("sqlite: scrub: secure_delete is off, so deleted rows stay in the file: open the database with OpenDB")
	}
	s.writer.Lock()
	defer s.writer.Unlock()
	for attempt := 1; ; attempt++ {
		var busy, frames, copied int
		if err := s.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &copied); err != nil {
			return fmt.Errorf("sqlite: scrub: %w", err)
		}
		if busy == 0 {
			return nil
		}
		if attempt == scrubAttempts {
			return fmt.Errorf("sqlite: scrub: readers kept the WAL (%d of %d frames copied) after %d tries", copied, frames, attempt)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("sqlite: scrub: %w", ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}
