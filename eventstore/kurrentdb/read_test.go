package kurrentdb

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"github.com/gymlog/gymlog/eventstore"
)

// record is a $all record of stream at revision, at log position commit/prepare.
func record(stream, typ string, revision, commit, prepare uint64) *kdb.RecordedEvent {
	return &kdb.RecordedEvent{EventID: uuid.New(), EventType: typ, StreamID: stream, EventNumber: revision,
		Position: kdb.Position{Commit: commit, Prepare: prepare}, CreatedDate: time.Unix(1_700_000_000, 0),
		Data: []byte(`{}`), UserMetadata: encodeMetadata(eventstore.Metadata{ActorID: "u1"}, time.Unix(1_700_000_000, 0))}
}

func mustPosition(t *testing.T, e *kdb.RecordedEvent) int64 {
	t.Helper()
	pos, err := toPosition(e.Position)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestRecordsAfter: a read from a checkpoint starts at the checkpoint's own record (the
// server's read is inclusive), which is passed over; a record behind it is an error.
func TestRecordsAfter(t *testing.T) {
	page := []*kdb.RecordedEvent{
		record("a", "x.v1", 0, 100, 100),
		record("b", "x.v1", 0, 200, 200), record("b", "x.v1", 1, 200, 260),
		record("a", "x.v1", 1, 400, 400),
	}
	got, err := recordsAfter(page, mustPosition(t, page[0]))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, page[1:]) {
		t.Errorf("got %d records after the first, want %d", len(got), len(page)-1)
	}
	if got, err := recordsAfter(page, 0); err != nil || len(got) != len(page) {
		t.Errorf("from the start: got %d records, %v; want all %d", len(got), err, len(page))
	}
	backwards := []*kdb.RecordedEvent{page[2], page[1]}
	if _, err := recordsAfter(backwards, 0); err == nil {
		t.Error("a record behind the one before it: got no error")
	}
	if _, err := recordsAfter([]*kdb.RecordedEvent{record("a", "x.v1", 0, 500, 499)}, 0); err == nil {
		t.Error("a record with prepare before commit: got no error")
	}
}

// TestVisibleEvents: ReadAll and Head leave out the server's records, other stores' streams
// and the revisions a delete hid, and number the rest from the delete.
func TestVisibleEvents(t *testing.T) {
	s := &Store{prefix: "t1-"}
	page := []*kdb.RecordedEvent{
		record("t1-erase", "x.v1", 0, 100, 100),        // hidden: deleted
		record("t1-erase", "x.v1", 1, 200, 200),        // hidden: deleted
		record("$$t1-erase", "$metadata", 0, 300, 300), // the server's: the delete itself
		record("t2-other", "x.v1", 0, 400, 400),        // another store's
		record("t1-keep", "x.v1", 0, 500, 500),         // visible, version 1
		record("t1-erase", "x.v1", 2, 600, 600),        // written again after the delete: version 1
		record("t1-gone", "x.v1", 0, 700, 700),         // tombstoned
		record("t1-keep", "$>", 1, 800, 800),           // a link event: the server's
		record("$stats-127.0.0.1:2113", "$statsCollected", 0, 900, 900),
	}
	tbs := map[string]uint64{"t1-erase": 2, "t1-gone": ^uint64(0)}
	var asked []string
	got, err := s.visibleEvents(page, func(stream string) (uint64, error) {
		asked = append(asked, stream)
		return tbs[stream], nil
	})
	if err != nil {
		t.Fatal(err)
	}
	type seen struct {
		stream  string
		version int64
	}
	var gotSeen []seen
	for _, e := range got {
		gotSeen = append(gotSeen, seen{e.Stream, e.Version})
		if e.Metadata.ActorID != "u1" || e.RecordedAt.Location() != time.UTC {
			t.Errorf("%s@%d: got metadata %+v at %v", e.Stream, e.Version, e.Metadata, e.RecordedAt)
		}
	}
	if want := []seen{{"keep", 1}, {"erase", 1}}; !slices.Equal(gotSeen, want) {
		t.Errorf("visible: got %v, want %v", gotSeen, want)
	}
	for _, stream := range asked {
		if stream[:3] != "t1-" {
			t.Errorf("looked up the metadata of %s, not one of this store's streams", stream)
		}
	}
	boom := errors.New("metadata read failed")
	if _, err := s.visibleEvents(page, func(string) (uint64, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Errorf("a failing metadata read: got %v, want it returned", err)
	}
}
