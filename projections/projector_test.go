package projections_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// The test projector's events: counters that are added to and removed, and tags set on and
// cleared from them — upserts and deletes over three tables.
const (
	typeAdded    = "test.counter_added.v1"
	typeRemoved  = "test.counter_removed.v1"
	typeTagged   = "test.tag_set.v1"
	typeUntagged = "test.tag_cleared.v1"
	typeIgnored  = "test.ignored.v1"
)

type testPayload struct {
	Key string `json:"key"`
	N   int64  `json:"n,omitempty"`
	Tag string `json:"tag,omitempty"`
}

// testEvent is a test event decoded, as the runner hands it to projectors.
type testEvent struct {
	typ string
	testPayload
}

func (e testEvent) EventType() string { return e.typ }

// decodes counts the test events decoded, by key.
var decodes = struct {
	sync.Mutex
	of map[string]int
}{of: map[string]int{}}

// decoded returns how many test events of key were decoded.
func decoded(key string) int {
	decodes.Lock()
	defer decodes.Unlock()
	return decodes.of[key]
}

// The test projector's events are registered like the domain's; typeIgnored, which no test
// projector wants, is not, so it stands for a type the domain does not know.
func init() {
	for _, typ := range []string{typeAdded, typeRemoved, typeTagged, typeUntagged} {
		domain.RegisterUpcaster(typ, func(data []byte) (domain.Event, error) {
			var p testPayload
			if err := json.Unmarshal(data, &p); err != nil {
				return nil, err
			}
			decodes.Lock()
			decodes.of[p.Key]++
			decodes.Unlock()
			return testEvent{typ: typ, testPayload: p}, nil
		})
	}
}

var testTablesDDL = []string{
	`CREATE TABLE IF NOT EXISTS test_counters (key TEXT PRIMARY KEY, value BIGINT NOT NULL, last_position BIGINT NOT NULL)`,
	`CREATE INDEX IF NOT EXISTS test_counters_by_value ON test_counters (value, key)`,
	`CREATE TABLE IF NOT EXISTS test_tags (key TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (key, tag))`,
	`CREATE UNIQUE INDEX IF NOT EXISTS test_tags_by_tag ON test_tags (tag, key)`,
	// test_log has a row per applied event; its primary key makes a second apply fail.
	`CREATE TABLE IF NOT EXISTS test_log (event_id TEXT PRIMARY KEY, position BIGINT NOT NULL)`,
}

var testTables = []string{"test_counters", "test_tags", "test_log"}

// testProjector builds the test tables. factor scales the counters, so a new version can
// change what Apply means.
type testProjector struct {
	name    string
	version int
	factor  int64
	// applied counts Apply calls that succeeded, including those later rolled back.
	applied atomic.Int64
	// hook, when set, runs first in every Apply; its error is Apply's.
	hook atomic.Pointer[func(context.Context, projections.Event) error]
	// badWrite is the position of an event whose deferred write fails (its log row twice).
	badWrite atomic.Int64
}

func newTestProjector() *testProjector {
	return &testProjector{name: "test", version: 1, factor: 1}
}

func (p *testProjector) setHook(h func(context.Context, projections.Event) error) {
	p.hook.Store(&h)
}

func (p *testProjector) Name() string     { return p.name }
func (p *testProjector) Version() int     { return p.version }
func (p *testProjector) Tables() []string { return testTables }
func (p *testProjector) EventTypes() []string {
	return []string{typeAdded, typeRemoved, typeTagged, typeUntagged}
}

func (p *testProjector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	if h := p.hook.Load(); h != nil && *h != nil {
		if err := (*h)(ctx, ev); err != nil {
			return err
		}
	}
	if ev.Type == typeIgnored {
		return fmt.Errorf("got %s, which the projector does not want", ev.Type)
	}
	e, ok := ev.Payload.(testEvent)
	if !ok || e.typ != ev.Type {
		return fmt.Errorf("%s at %d: got payload %#v", ev.Type, ev.Position, ev.Payload)
	}
	stmts := map[string]struct {
		sql  string
		args []any
	}{
		typeAdded: {`INSERT INTO ` + tx.Table("test_counters") + ` AS c (key, value, last_position) VALUES ($1, $2, $3)
			ON CONFLICT (key) DO UPDATE SET value = c.value + excluded.value, last_position = excluded.last_position`,
			[]any{e.Key, e.N * p.factor, ev.Position}},
		typeRemoved: {`DELETE FROM ` + tx.Table("test_counters") + ` WHERE key = $1`, []any{e.Key}},
		typeTagged: {`INSERT INTO ` + tx.Table("test_tags") + ` (key, tag) VALUES ($1, $2)
			ON CONFLICT (key, tag) DO NOTHING`, []any{e.Key, e.Tag}},
		typeUntagged: {`DELETE FROM ` + tx.Table("test_tags") + ` WHERE key = $1 AND tag = $2`, []any{e.Key, e.Tag}},
	}
	s := stmts[ev.Type]
	if _, err := tx.ExecContext(ctx, s.sql, s.args...); err != nil {
		return err
	}
	if ev.Type == typeRemoved {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+tx.Table("test_tags")+` WHERE key = $1`, e.Key); err != nil {
			return err
		}
	}
	// Deferred, as a projector's last writes usually are: nothing in the transaction reads it.
	logRow := `INSERT INTO ` + tx.Table("test_log") + ` (event_id, position) VALUES ($1, $2)`
	if err := tx.Defer(ctx, logRow, ev.ID, ev.Position); err != nil {
		return err
	}
	if ev.Position == p.badWrite.Load() {
		if err := tx.Defer(ctx, logRow, ev.ID, ev.Position); err != nil {
			return err
		}
	}
	p.applied.Add(1)
	return nil
}

// appendWorkload appends n random events drawn from rng: a seeded workload of upserts and
// deletes over a few keys, with some events the projector does not want.
func appendWorkload(t *testing.T, store eventstore.Store, rng *rand.Rand, n int) int64 {
	t.Helper()
	var last int64
	for range n {
		key := fmt.Sprintf("k%02d", rng.IntN(20))
		tag := fmt.Sprintf("t%d", rng.IntN(4))
		var typ string
		var payload testPayload
		switch x := rng.IntN(100); {
		case x < 45:
			typ, payload = typeAdded, testPayload{Key: key, N: rng.Int64N(100) - 20}
		case x < 55:
			typ, payload = typeRemoved, testPayload{Key: key}
		case x < 75:
			typ, payload = typeTagged, testPayload{Key: key, Tag: tag}
		case x < 90:
			typ, payload = typeUntagged, testPayload{Key: key, Tag: tag}
		default:
			typ, payload = typeIgnored, testPayload{Key: key}
		}
		last = appendEvent(t, store, typ, payload)
	}
	return last
}

func appendEvent(t *testing.T, store eventstore.Store, typ string, payload testPayload) int64 {
	t.Helper()
	data, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	res, err := store.Append(context.Background(), "counter-"+payload.Key, eventstore.Any,
		eventstore.EventData{ID: uuid.NewString(), Type: typ, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	return res.Position
}

// model is the read model the test projector should build from the whole feed, computed in
// Go, as snapshot lines.
func model(t *testing.T, store eventstore.Store, factor int64) []string {
	t.Helper()
	type counter struct{ value, last int64 }
	counters := map[string]counter{}
	tags := map[[2]string]bool{}
	logged := 0
	var after int64
	for {
		events, err := store.ReadAll(context.Background(), after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) == 0 {
			break
		}
		for _, ev := range events {
			after = ev.Position
			var e testPayload
			if err := json.Unmarshal(ev.Data, &e); err != nil {
				t.Fatal(err)
			}
			switch ev.Type {
			case typeAdded:
				c := counters[e.Key]
				counters[e.Key] = counter{c.value + e.N*factor, ev.Position}
			case typeRemoved:
				delete(counters, e.Key)
				for k := range tags {
					if k[0] == e.Key {
						delete(tags, k)
					}
				}
			case typeTagged:
				tags[[2]string{e.Key, e.Tag}] = true
			case typeUntagged:
				delete(tags, [2]string{e.Key, e.Tag})
			default:
				continue
			}
			logged++
		}
	}
	var out []string
	for k, c := range counters {
		out = append(out, fmt.Sprintf("counter %s %d %d", k, c.value, c.last))
	}
	for k := range tags {
		out = append(out, fmt.Sprintf("tag %s %s", k[0], k[1]))
	}
	out = append(out, fmt.Sprintf("logged %d", logged))
	slices.Sort(out)
	return out
}

// snapshot reads the test tables as the same lines model makes.
func snapshot(t *testing.T, b backend) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	rows, err := b.db.QueryContext(ctx, `SELECT key, value, last_position FROM test_counters`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k string
		var v, last int64
		if err := rows.Scan(&k, &v, &last); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("counter %s %d %d", k, v, last))
	}
	rows.Close()
	rows, err = b.db.QueryContext(ctx, `SELECT key, tag FROM test_tags`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k, tag string
		if err := rows.Scan(&k, &tag); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("tag %s %s", k, tag))
	}
	rows.Close()
	var logged int
	if err := b.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM test_log`).Scan(&logged); err != nil {
		t.Fatal(err)
	}
	out = append(out, fmt.Sprintf("logged %d", logged))
	slices.Sort(out)
	return out
}

// startRunner runs a runner over projectors until the test ends or the returned stop is
// called; stop waits for Run to return.
func startRunner(t *testing.T, b backend, projectors []projections.Projector, opts ...projections.Option) (*projections.Runner, func()) {
	t.Helper()
	opts = append([]projections.Option{
		projections.WithBatchSize(50),
		projections.WithPollInterval(50 * time.Millisecond),
		projections.WithTakeoverInterval(50 * time.Millisecond),
		projections.WithRetry(3, time.Millisecond),
	}, opts...)
	r := newRunner(t, b, projectors, opts...)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return r, stop
}

// waitFor waits, up to a deadline, until the projectors have reached position.
func waitFor(t *testing.T, r *projections.Runner, position int64, names ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := r.WaitFor(ctx, position, names...); err != nil {
		t.Fatalf("WaitFor(%d): %v", position, err)
	}
}

// eventually polls cond until it holds or a deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
