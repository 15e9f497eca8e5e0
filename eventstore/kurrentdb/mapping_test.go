package kurrentdb

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"github.com/gymlog/gymlog/eventstore"
)

func TestPositionRoundTrip(t *testing.T) {
	for _, p := range []kdb.Position{
		{Commit: 0, Prepare: 0},
		{Commit: 1234, Prepare: 1234},
		{Commit: 1234, Prepare: 1234 + 180},
		{Commit: 1 << 40, Prepare: 1<<40 + maxOffset},
		{Commit: maxCommit, Prepare: maxCommit + maxOffset},
	} {
		pos, err := toPosition(p)
		if err != nil {
			t.Fatalf("toPosition(%+v): %v", p, err)
		}
		if pos < 1 {
			t.Errorf("toPosition(%+v) = %d, want >= 1 (0 is before everything)", p, pos)
		}
		if got := fromPosition(pos); got != p {
			t.Errorf("fromPosition(toPosition(%+v)) = %+v", p, got)
		}
	}
}

// TestPositionOrder: positions sort as $all does, by commit and then prepare, so a
// checkpoint only moves forward and a reader never finds an event behind one it passed.
func TestPositionOrder(t *testing.T) {
	// Three appends in log order: one event, three events (one transaction), one event.
	log := []kdb.Position{
		{Commit: 100, Prepare: 100},
		{Commit: 300, Prepare: 300}, {Commit: 300, Prepare: 420}, {Commit: 300, Prepare: 540},
		{Commit: 700, Prepare: 700},
		{Commit: maxCommit, Prepare: maxCommit + maxOffset},
	}
	var got []int64
	for _, p := range log {
		pos, err := toPosition(p)
		if err != nil {
			t.Fatalf("toPosition(%+v): %v", p, err)
		}
		got = append(got, pos)
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Errorf("positions %v are not strictly increasing in log order", got)
	}
	if last := got[len(got)-1]; last <= 0 {
		t.Errorf("the largest position %d overflowed", last)
	}
}

func TestPositionLimits(t *testing.T) {
	for _, p := range []kdb.Position{
		{Commit: 500, Prepare: 499},                       // prepare before commit
		{Commit: maxCommit + 1, Prepare: maxCommit + 1},   // log past 2 TiB
		{Commit: 1000, Prepare: 1000 + maxOffset + 1},     // record too far into its append
		{Commit: math.MaxUint64, Prepare: math.MaxUint64}, // the server's "end" marker
	} {
		if pos, err := toPosition(p); err == nil {
			t.Errorf("toPosition(%+v) = %d, want an error", p, pos)
		}
	}
}

func TestVersions(t *testing.T) {
	for _, tt := range []struct {
		revision, tb uint64
		version      int64
	}{
		{0, 0, 1}, // first event of a new stream
		{4, 0, 5}, // fifth
		{3, 3, 1}, // first event after deleting revisions 0-2
		{7, 3, 5},
	} {
		if got := toVersion(tt.revision, tt.tb); got != tt.version {
			t.Errorf("toVersion(%d, tb %d) = %d, want %d", tt.revision, tt.tb, got, tt.version)
		}
		if got := toRevision(tt.version, tt.tb); got != tt.revision {
			t.Errorf("toRevision(%d, tb %d) = %d, want %d", tt.version, tt.tb, got, tt.revision)
		}
	}
	for _, tt := range []struct {
		info streamInfo
		want int64
	}{
		{streamInfo{tb: 0, last: -1}, 0}, // never written
		{streamInfo{tb: 0, last: 2}, 3},
		{streamInfo{tb: 3, last: 2}, 0}, // deleted, nothing since
		{streamInfo{tb: 3, last: 4}, 2}, // two events since the delete
		{streamInfo{tb: 1 << 63, last: -1, serverDeleted: true}, 0},
	} {
		if got := tt.info.version(); got != tt.want {
			t.Errorf("%+v.version() = %d, want %d", tt.info, got, tt.want)
		}
	}
}

func TestStreamState(t *testing.T) {
	for _, tt := range []struct {
		info streamInfo
		want kdb.StreamState
	}{
		{streamInfo{last: -1}, kdb.NoStream{}},
		{streamInfo{last: 0}, kdb.Revision(0)},
		{streamInfo{last: 41}, kdb.Revision(41)},
		{streamInfo{tb: 3, last: 2}, kdb.Revision(2)}, // deleted by us: the server's last revision is still 2
		{streamInfo{tb: 1 << 63, last: -1, serverDeleted: true}, kdb.Any{}},
	} {
		if got := streamState(tt.info); got != tt.want {
			t.Errorf("streamState(%+v) = %#v, want %#v", tt.info, got, tt.want)
		}
	}
}

func TestMetadataRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 25, 17, 3, 4, 123456000, time.FixedZone("CET", 3600))
	for _, m := range []eventstore.Metadata{
		{},
		{ActorID: "user-1", CommandID: "cmd-2", CorrelationID: "corr-3", CausationID: "cause-4"},
		{ActorID: "Zoë ✓"},
	} {
		b := encodeMetadata(m, at)
		got, gotAt := decodeMetadata(b, time.Time{})
		if got != m {
			t.Errorf("metadata %+v read back as %+v (JSON %s)", m, got, b)
		}
		if !gotAt.Equal(at) || gotAt.Location() != time.UTC {
			t.Errorf("recorded at %v read back as %v, want the same instant in UTC", at, gotAt)
		}
	}
	b := encodeMetadata(eventstore.Metadata{CorrelationID: "c", CausationID: "d"}, at)
	if want := `{"$correlationId":"c","$causationId":"d","recordedAt":"2026-11-25T16:03:04.123456Z"}`; string(b) != want {
		t.Errorf("got metadata JSON %s, want %s (the keys KurrentDB's projections read)", b, want)
	}
}

// TestForeignMetadata: events another tool wrote read as having no metadata of ours, and as
// recorded when the server created them.
func TestForeignMetadata(t *testing.T) {
	created := time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("X", -7200))
	for _, b := range []string{"", "not json", `{"$correlationId":7}`, `[1,2]`, `{"other":"x"}`} {
		m, at := decodeMetadata([]byte(b), created)
		if m != (eventstore.Metadata{}) {
			t.Errorf("decodeMetadata(%q) = %+v, want none", b, m)
		}
		if !at.Equal(created) || at.Location() != time.UTC {
			t.Errorf("decodeMetadata(%q): recorded at %v, want %v in UTC", b, at, created)
		}
	}
}

func TestErrorCodes(t *testing.T) {
	cause := errors.New("from the client")
	for _, tt := range []struct {
		code kdb.ErrorCode
		want error
	}{
		{kdb.ErrorCodeWrongExpectedVersion, errWrongExpected},
		{kdb.ErrorCodeStreamRevisionConflict, errWrongExpected},
		{kdb.ErrorCodeResourceNotFound, errNotFound},
		{kdb.ErrorCodeStreamDeleted, ErrTombstoned},
		{kdb.ErrorCodeStreamTombstoned, ErrTombstoned},
		{kdb.ErrorCodeDeadlineExceeded, context.DeadlineExceeded},
		{kdb.ErrorUnavailable, ErrUnavailable},
		{kdb.ErrorCodeNotLeader, ErrUnavailable},
		{kdb.ErrorAborted, ErrUnavailable},
		{kdb.ErrorCodeConnectionClosed, ErrUnavailable},
	} {
		err := mapCode(tt.code, cause)
		if !errors.Is(err, tt.want) {
			t.Errorf("mapCode(%d) = %v, want %v", tt.code, err, tt.want)
		}
		if !errors.Is(err, cause) {
			t.Errorf("mapCode(%d) = %v, lost the client's error", tt.code, err)
		}
	}
	for _, code := range []kdb.ErrorCode{kdb.ErrorCodeUnknown, kdb.ErrorCodeAccessDenied, kdb.ErrorCodeUnauthenticated,
		kdb.ErrorCodeInternalServer, kdb.ErrorCodeAppendRecordSizeExceeded} {
		err := mapCode(code, cause)
		for _, special := range []error{errWrongExpected, errNotFound, ErrTombstoned, ErrUnavailable, eventstore.ErrDuplicateEvent} {
			if errors.Is(err, special) {
				t.Errorf("mapCode(%d) = %v, want a plain (internal) error", code, err)
			}
		}
	}
	if storeError(nil) != nil {
		t.Error("storeError(nil) != nil")
	}
	if err := storeError(fmt.Errorf("read: %w", context.Canceled)); !errors.Is(err, context.Canceled) {
		t.Errorf("storeError(canceled) = %v, want context.Canceled kept", err)
	}
	// A client error without a server code (FromError's wrapper) is internal.
	wrapped, _ := kdb.FromError(cause)
	if err := storeError(wrapped); err == nil || errors.Is(err, errWrongExpected) {
		t.Errorf("storeError(unknown client error) = %v, want a plain error", err)
	}
}

// TestFirstResult: the idempotency decision an append makes from the stream it read.
func TestFirstResult(t *testing.T) {
	stored := []eventstore.RecordedEvent{
		{ID: "a", Version: 1, Position: 10}, {ID: "b", Version: 2, Position: 11}, {ID: "c", Version: 3, Position: 20},
	}
	for _, tt := range []struct {
		ids  []string
		want eventstore.AppendResult
		ok   bool
		err  error
	}{
		{[]string{"x", "y"}, eventstore.AppendResult{}, false, nil},
		{[]string{"a", "b"}, eventstore.AppendResult{Version: 2, Position: 11}, true, nil},
		{[]string{"c"}, eventstore.AppendResult{Version: 3, Position: 20}, true, nil},
		{[]string{"b", "x"}, eventstore.AppendResult{}, false, eventstore.ErrDuplicateEvent},
	} {
		got, ok, err := firstResult(stored, tt.ids)
		if got != tt.want || ok != tt.ok || !errors.Is(err, tt.err) {
			t.Errorf("firstResult(%v) = %+v, %v, %v; want %+v, %v, %v", tt.ids, got, ok, err, tt.want, tt.ok, tt.err)
		}
	}
}

func TestIsURL(t *testing.T) {
	for url, want := range map[string]bool{
		"kurrentdb://admin:changeit@localhost:2113?tls=false": true,
		"esdb://localhost:2113?tls=false":                     true,
		"esdb+discover://cluster.example:2113":                true,
		"kdb://localhost:2113":                                true,
		"postgres://postgres@127.0.0.1:5432/test":             false,
		"./data/gymlog.db":                                    false,
		"kurrentdb.db":                                        false,
	} {
		if got := IsURL(url); got != want {
			t.Errorf("IsURL(%q) = %v, want %v", url, got, want)
		}
	}
}
