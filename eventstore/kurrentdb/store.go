// Package kurrentdb is the event store on a KurrentDB (formerly EventStoreDB) server, through
// its official gRPC client. KurrentDB keeps the log; this package maps our contract onto it:
// versions onto revisions, the global position onto $all's commit/prepare pair (mapping.go),
// our idempotency and deletion rules onto reads the store makes before it writes, and a
// deletion onto the stream's truncate-before. The read
// models live elsewhere (PostgreSQL or SQLite): KurrentDB has no tables.
//
// Costs and limits, all documented in docs/ARCHITECTURE.md: an append reads its stream first
// (KurrentDB deduplicates a retry only when it carries the same expected revision; our
// contract answers any retry with the first result), and then reads back its last event for
// its position; ReadAll and Head read the stream metadata of the streams in each page, to
// leave out deleted streams' events, which stay in $all until the server scavenges.
// Event ids are unique within a stream, not across streams: the server keeps no index of ids.
package kurrentdb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	kdb "github.com/kurrent-io/KurrentDB-Client-Go/kurrentdb"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/internal/fanout"
	"github.com/gymlog/gymlog/eventstore/internal/validate"
)

// pageSize is how many $all records one read asks for.
const pageSize = 512

// maxAttempts bounds how often an append is retried after the server found its stream moved
// on between our read and our write (each time, one of the racing appends wins).
const maxAttempts = 64

// IsURL reports whether url names a KurrentDB server (kurrentdb://, kdb://, esdb://, and
// their +discover forms for clusters found by DNS).
func IsURL(url string) bool {
	scheme, _, ok := strings.Cut(url, "://")
	scheme = strings.TrimSuffix(scheme, "+discover")
	return ok && (scheme == "kurrentdb" || scheme == "kdb" || scheme == "esdb")
}

// Store is the KurrentDB event store. It is safe for concurrent use.
type Store struct {
	client *kdb.Client
	// prefix namespaces this store's streams on a server others may share (the tests give
	// each store its own); ReadAll and Head see only streams under it.
	prefix string
	log    *slog.Logger
	hub    fanout.Hub

	stop context.CancelFunc
	done sync.WaitGroup
}

var _ eventstore.Store = (*Store)(nil)

// Option configures a Store.
type Option func(*Store)

// WithStreamPrefix stores every stream under prefix and leaves other streams out of ReadAll
// and Head, so that several stores (or apps) can share one server.
func WithStreamPrefix(prefix string) Option { return func(s *Store) { s.prefix = prefix } }

// WithLogger logs the client's warnings and the subscription's drops and reconnects.
func WithLogger(log *slog.Logger) Option { return func(s *Store) { s.log = log } }

// New connects to the server at url (a KurrentDB connection string) and returns the store.
func New(ctx context.Context, url string, opts ...Option) (*Store, error) {
	conf, err := kdb.ParseConnectionString(url)
	if err != nil {
		return nil, fmt.Errorf("kurrentdb: connection string: %w", err)
	}
	s := &Store{log: slog.New(slog.DiscardHandler)}
	for _, o := range opts {
		o(s)
	}
	conf.Logger = func(level kdb.LogLevel, format string, args ...any) {
		var l slog.Level
		_ = l.UnmarshalText([]byte(level)) // the client's levels are slog's names
		s.log.Log(context.Background(), l, "kurrentdb client: "+fmt.Sprintf(format, args...))
	}
	client, err := kdb.NewClient(conf)
	if err != nil {
		return nil, fmt.Errorf("kurrentdb: connect: %w", err)
	}
	s.client = client
	if _, err := s.Head(ctx); err != nil {
		_ = client.Close()
		return nil, fmt.Errorf("kurrentdb: first read: %w", err)
	}
	subCtx, stop := context.WithCancel(context.Background())
	s.stop = stop
	s.done.Add(1)
	go s.follow(subCtx)
	return s, nil
}

// streamInfo is what an append or read needs to know of a stream: its truncate-before (the
// revisions a delete hid) and its last revision (-1 if it never held an event, or if the
// server soft-deleted it, which hides where it ended: serverDeleted).
type streamInfo struct {
	tb            uint64
	last          int64
	serverDeleted bool
}

// serverDeletedTB is where a truncate-before means the server's own soft delete, which
// sets it to long.MaxValue until the next append; ours (DeleteStream) sets it just past the
// stream's last event.
const serverDeletedTB = 1 << 62

// version is the stream's current version: how many of its events are visible.
func (i streamInfo) version() int64 {
	if i.serverDeleted || i.last < int64(i.tb) {
		return 0
	}
	return toVersion(uint64(i.last), i.tb)
}

// metadata reads the stream's metadata (empty for a stream without any) and its
// truncate-before (0 for a stream never deleted).
func (s *Store) metadata(ctx context.Context, name string) (*kdb.StreamMetadata, uint64, error) {
	meta, err := s.client.GetStreamMetadata(ctx, name, kdb.ReadStreamOptions{})
	if err = storeError(err); errors.Is(err, errNotFound) {
		return &kdb.StreamMetadata{}, 0, nil
	} else if err != nil {
		return nil, 0, err
	}
	if tb := meta.TruncateBefore(); tb != nil {
		return meta, *tb, nil
	}
	return meta, 0, nil
}

// truncateBefore is the stream's truncate-before.
func (s *Store) truncateBefore(ctx context.Context, name string) (uint64, error) {
	_, tb, err := s.metadata(ctx, name)
	return tb, err
}

// readStream reads the visible events of stream (our name) from version from (>= 1), and
// what the stream is at.
func (s *Store) readStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, streamInfo, error) {
	name := s.prefix + stream
	tb, err := s.truncateBefore(ctx, name)
	if err != nil {
		return nil, streamInfo{}, err
	}
	if tb >= serverDeletedTB {
		return nil, streamInfo{tb: tb, last: -1, serverDeleted: true}, nil
	}
	info := streamInfo{tb: tb, last: int64(tb) - 1}
	rs, err := s.client.ReadStream(ctx, name, kdb.ReadStreamOptions{From: kdb.Revision(toRevision(from, tb))}, math.MaxInt64)
	if err != nil {
		return nil, info, storeError(err)
	}
	defer rs.Close()
	var out []eventstore.RecordedEvent
	for {
		re, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err = storeError(err); errors.Is(err, errNotFound) {
			break
		} else if err != nil {
			return nil, info, err
		}
		e, err := s.recorded(re.Event, tb)
		if err != nil {
			return nil, info, err
		}
		info.last = int64(re.Event.EventNumber)
		out = append(out, e)
	}
	if len(out) == 0 && from > 1 {
		// The stream's end lies before from: read its last event to know where it is.
		last, err := s.lastRevision(ctx, name)
		if err != nil {
			return nil, info, err
		}
		info.last = max(info.last, last)
	}
	return out, info, nil
}

// lastRevision is the revision of the stream's last visible event, -1 if none.
func (s *Store) lastRevision(ctx context.Context, name string) (int64, error) {
	rs, err := s.client.ReadStream(ctx, name, kdb.ReadStreamOptions{Direction: kdb.Backwards, From: kdb.End{}}, 1)
	if err != nil {
		return 0, storeError(err)
	}
	defer rs.Close()
	re, err := rs.Recv()
	if errors.Is(err, io.EOF) {
		return -1, nil
	}
	if err = storeError(err); errors.Is(err, errNotFound) {
		return -1, nil
	} else if err != nil {
		return 0, err
	}
	return int64(re.Event.EventNumber), nil
}

// recorded maps a stored event of a stream truncated before tb.
func (s *Store) recorded(e *kdb.RecordedEvent, tb uint64) (eventstore.RecordedEvent, error) {
	pos, err := toPosition(e.Position)
	if err != nil {
		return eventstore.RecordedEvent{}, err
	}
	meta, at := decodeMetadata(e.UserMetadata, e.CreatedDate)
	return eventstore.RecordedEvent{
		ID: e.EventID.String(), Stream: strings.TrimPrefix(e.StreamID, s.prefix), Type: e.EventType,
		Version: toVersion(e.EventNumber, tb), Position: pos, RecordedAt: at, Data: e.Data, Metadata: meta,
	}, nil
}

// Append writes events to stream if it is at expected. It reads the stream, decides the
// append as our contract says (a retry, a duplicate, a wrong version, or new), and writes
// with the exact revision it read as the server's expected state: if another append got in
// between, the server refuses and the append is decided again against the stream as it is.
func (s *Store) Append(ctx context.Context, stream string, expected eventstore.ExpectedVersion, events ...eventstore.EventData) (eventstore.AppendResult, error) {
	ids, err := validate.Append(stream, expected, events)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	if strings.HasPrefix(stream, "$") {
		return eventstore.AppendResult{}, fmt.Errorf("kurrentdb: stream name %q: names starting with $ are the server's", stream)
	}
	for i, e := range events {
		if strings.HasPrefix(e.Type, "$") {
			return eventstore.AppendResult{}, fmt.Errorf("kurrentdb: event %d of %s: types starting with $ are the server's", i, stream)
		}
	}
	for range maxAttempts {
		res, err := s.tryAppend(ctx, stream, expected, ids, events)
		if !errors.Is(err, errWrongExpected) {
			if err == nil {
				s.hub.Notify()
			}
			return res, err
		}
	}
	return eventstore.AppendResult{}, fmt.Errorf("kurrentdb: append to %s: the stream kept moving for %d attempts", stream, maxAttempts)
}

func (s *Store) tryAppend(ctx context.Context, stream string, expected eventstore.ExpectedVersion, ids []string, events []eventstore.EventData) (eventstore.AppendResult, error) {
	stored, info, err := s.readStream(ctx, stream, 1)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	if res, ok, err := firstResult(stored, ids); ok || err != nil {
		return res, err
	}
	if expected != eventstore.Any && int64(expected) != info.version() {
		return eventstore.AppendResult{}, &eventstore.WrongVersionError{Stream: stream, Expected: expected, Actual: info.version()}
	}
	now := time.Now()
	data := make([]kdb.EventData, len(events))
	for i, e := range events {
		data[i] = kdb.EventData{EventID: uuid.MustParse(ids[i]), EventType: e.Type, ContentType: kdb.ContentTypeJson,
			Data: e.Data, Metadata: encodeMetadata(e.Metadata, now)}
	}
	name := s.prefix + stream
	wr, err := s.client.AppendToStream(ctx, name, kdb.AppendToStreamOptions{StreamState: streamState(info)}, data...)
	if err != nil {
		return eventstore.AppendResult{}, storeError(err)
	}
	if info.serverDeleted {
		// The server has undeleted the stream: its truncate-before is now this append's
		// first revision.
		if info.tb, err = s.truncateBefore(ctx, name); err != nil {
			return eventstore.AppendResult{}, err
		}
	}
	// The write result's position is the append's, not necessarily its last event's: read
	// that event back for the position a reader of $all will see it at.
	last, err := s.readStreamEvent(ctx, name, wr.NextExpectedVersion, info.tb)
	if err != nil {
		return eventstore.AppendResult{}, err
	}
	return eventstore.AppendResult{Version: last.Version, Position: last.Position}, nil
}

// readStreamEvent reads the event at revision of stream name.
func (s *Store) readStreamEvent(ctx context.Context, name string, revision, tb uint64) (eventstore.RecordedEvent, error) {
	rs, err := s.client.ReadStream(ctx, name, kdb.ReadStreamOptions{From: kdb.Revision(revision)}, 1)
	if err != nil {
		return eventstore.RecordedEvent{}, storeError(err)
	}
	defer rs.Close()
	re, err := rs.Recv()
	if err != nil {
		return eventstore.RecordedEvent{}, fmt.Errorf("kurrentdb: read back %s@%d: %w", name, revision, storeError(err))
	}
	return s.recorded(re.Event, tb)
}

// firstResult decides an append of ids to a stream holding stored (see validate.FirstResult;
// ids stored in other streams are not looked for).
func firstResult(stored []eventstore.RecordedEvent, ids []string) (eventstore.AppendResult, bool, error) {
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	found := 0
	var last eventstore.AppendResult
	for _, e := range stored {
		if want[e.ID] {
			found++
			last = eventstore.AppendResult{Version: e.Version, Position: e.Position}
		}
	}
	return validate.FirstResult(len(ids), found, 0, last)
}

// ReadStream returns the stream's visible events from fromVersion on.
func (s *Store) ReadStream(ctx context.Context, stream string, fromVersion int64) ([]eventstore.RecordedEvent, error) {
	evs, _, err := s.readStream(ctx, stream, max(fromVersion, 1))
	return evs, err
}

// ReadAll returns up to max visible events after position after, in $all's order. Records
// of the server's own streams ($...), of streams outside the prefix and of deleted streams
// are passed over.
func (s *Store) ReadAll(ctx context.Context, after int64, max int) ([]eventstore.RecordedEvent, error) {
	if max <= 0 {
		return nil, fmt.Errorf("kurrentdb: ReadAll max %d, want > 0", max)
	}
	var from kdb.AllPosition = kdb.Start{}
	if after > 0 {
		from = fromPosition(after) // inclusive: the event at after is read again and passed over
	}
	var out []eventstore.RecordedEvent
	seen := after
	for len(out) < max {
		page, err := s.readAllPage(ctx, kdb.ReadAllOptions{From: from}, pageSize)
		if err != nil {
			return nil, err
		}
		fresh, err := recordsAfter(page, seen)
		if err != nil {
			return nil, err
		}
		if len(fresh) > 0 {
			seen, _ = toPosition(fresh[len(fresh)-1].Position)
		}
		visible, err := s.visible(ctx, fresh)
		if err != nil {
			return nil, err
		}
		out = append(out, visible[:min(len(visible), max-len(out))]...)
		if len(page) < pageSize {
			break
		}
		from = page[len(page)-1].Position
	}
	return out, nil
}

// recordsAfter returns the records of page, read forwards from the position seen (inclusive), that
// lie after it. A record before it means the log's order and our positions disagree: an
// error, never a record silently skipped.
func recordsAfter(page []*kdb.RecordedEvent, seen int64) ([]*kdb.RecordedEvent, error) {
	out := make([]*kdb.RecordedEvent, 0, len(page))
	for _, e := range page {
		pos, err := toPosition(e.Position)
		if err != nil {
			return nil, err
		}
		switch {
		case pos < seen:
			return nil, fmt.Errorf("kurrentdb: $all gave position %d after %d", pos, seen)
		case pos == seen:
			continue // where the read started
		}
		seen = pos
		out = append(out, e)
	}
	return out, nil
}

// readAllPage reads up to n records of $all.
func (s *Store) readAllPage(ctx context.Context, opts kdb.ReadAllOptions, n uint64) ([]*kdb.RecordedEvent, error) {
	rs, err := s.client.ReadAll(ctx, opts, n)
	if err != nil {
		return nil, storeError(err)
	}
	defer rs.Close()
	var page []*kdb.RecordedEvent
	for {
		re, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			return page, nil
		}
		if err != nil {
			return nil, storeError(err)
		}
		page = append(page, re.Event)
	}
}

// visible maps the records of page that are our events, reading the metadata of each stream
// in the page once.
func (s *Store) visible(ctx context.Context, page []*kdb.RecordedEvent) ([]eventstore.RecordedEvent, error) {
	tbs := make(map[string]uint64)
	return s.visibleEvents(page, func(stream string) (uint64, error) {
		if tb, ok := tbs[stream]; ok {
			return tb, nil
		}
		tb, err := s.truncateBefore(ctx, stream)
		if errors.Is(err, ErrTombstoned) {
			tb, err = ^uint64(0), nil // every revision hidden
		}
		tbs[stream] = tb
		return tb, err
	})
}

// visibleEvents maps the records of page that are our events: under the prefix, not the
// server's ($ streams and types), not hidden by a delete, which tbOf tells per stream.
func (s *Store) visibleEvents(page []*kdb.RecordedEvent, tbOf func(stream string) (uint64, error)) ([]eventstore.RecordedEvent, error) {
	var out []eventstore.RecordedEvent
	for _, e := range page {
		if !s.ours(e) {
			continue
		}
		tb, err := tbOf(e.StreamID)
		if err != nil {
			return nil, err
		}
		if e.EventNumber < tb {
			continue
		}
		r, err := s.recorded(e, tb)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// ours reports whether a record of $all is one of this store's events.
func (s *Store) ours(e *kdb.RecordedEvent) bool {
	return !strings.HasPrefix(e.StreamID, "$") && !strings.HasPrefix(e.EventType, "$") &&
		strings.HasPrefix(e.StreamID, s.prefix)
}

// Head reads $all backwards to the last visible event.
func (s *Store) Head(ctx context.Context) (int64, error) {
	var from kdb.AllPosition = kdb.End{}
	for {
		page, err := s.readAllPage(ctx, kdb.ReadAllOptions{Direction: kdb.Backwards, From: from}, pageSize)
		if err != nil {
			return 0, err
		}
		for i := range page {
			visible, err := s.visible(ctx, page[i:i+1])
			if err != nil {
				return 0, err
			}
			if len(visible) > 0 {
				return visible[0].Position, nil
			}
		}
		if len(page) < pageSize {
			return 0, nil
		}
		from = page[len(page)-1].Position // inclusive: read again, and passed over again
	}
}

// DeleteStream truncates the stream: it sets the stream's truncate-before just past its last
// event, so reads no longer return them and the server's next scavenge removes them from disk,
// and the stream goes on from there (version 1 again, in our numbering). It does not call the
// client's DeleteStream, whose soft delete sets truncate-before to long.MaxValue until the next
// append, hiding where the stream ended; nor TombstoneStream, which forbids the name for good.
func (s *Store) DeleteStream(ctx context.Context, stream string) error {
	name := s.prefix + stream
	meta, _, err := s.metadata(ctx, name)
	if errors.Is(err, ErrTombstoned) {
		return nil
	} else if err != nil {
		return err
	}
	last, err := s.lastRevision(ctx, name) // reads honour truncate-before
	if err != nil || last < 0 {
		return err // nothing visible to delete
	}
	meta.SetTruncateBefore(uint64(last) + 1)
	_, err = s.client.SetStreamMetadata(ctx, name, kdb.AppendToStreamOptions{StreamState: kdb.Any{}}, *meta)
	return storeError(err)
}

// Subscribe wakes the caller after appends, this process's at once and others' when the
// server's $all subscription delivers them.
func (s *Store) Subscribe() (<-chan struct{}, func()) { return s.hub.Subscribe() }

// follow keeps a live subscription to $all's end and wakes subscribers on every event,
// reconnecting after a drop.
func (s *Store) follow(ctx context.Context) {
	defer s.done.Done()
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		sub, err := s.client.SubscribeToAll(ctx, kdb.SubscribeToAllOptions{From: kdb.End{}, Filter: kdb.ExcludeSystemEventsFilter()})
		if err == nil {
			wait = 100 * time.Millisecond
			for {
				ev := sub.Recv()
				if ev.SubscriptionDropped != nil {
					err = ev.SubscriptionDropped.Error
					break
				}
				if ev.EventAppeared != nil {
					s.hub.Notify()
				}
			}
			_ = sub.Close()
		}
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("kurrentdb: $all subscription dropped; reconnecting", "err", err, "in", wait)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, 10*time.Second)
	}
}

// Close stops the subscription and the client.
func (s *Store) Close() error {
	s.stop()
	s.done.Wait()
	s.hub.Close()
	return s.client.Close()
}
