package postgres

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/internal/batch"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/eventstore/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) eventstore.Store { return open(t) }, storetest.WithHeldAppends(openHeld))
}

// open returns a store on a fresh database.
func open(t testing.TB) *Store {
	t.Helper()
	st, _ := openAt(t, pgtest.NewDatabase(t))
	return st
}

func openAt(t testing.TB, url string) (*Store, *pgxpool.Pool) {
	t.Helper()
	pool := newPool(t, url)
	st, err := New(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, pool
}

// holdKey is the advisory lock a held append waits for.
const holdKey = 727274

// openHeld returns a store whose appends the test can hold open on their own write path: a
// trigger on the events table makes an append to a held stream wait, inside its statement
// (after it took the counter, before it commits), for an advisory lock the holder keeps.
func openHeld(t *testing.T) (eventstore.Store, storetest.Holder) {
	url := pgtest.NewDatabase(t)
	st, pool := openAt(t, url)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `CREATE TABLE storetest_held (stream text PRIMARY KEY);
		CREATE FUNCTION storetest_hold() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF EXISTS (SELECT 1 FROM storetest_held WHERE stream = NEW.stream) THEN
				PERFORM pg_advisory_xact_lock(`+strconv.Itoa(holdKey)+`);
			END IF;
			RETURN NULL;
		END $$;
		CREATE TRIGGER storetest_hold AFTER INSERT ON eventstore_events FOR EACH ROW EXECUTE FUNCTION storetest_hold();`); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return st, &holder{conn: conn}
}

// holder holds appends with the advisory lock on its own connection.
type holder struct{ conn *pgx.Conn }

func (h *holder) Hold(ctx context.Context, stream string) error {
	if _, err := h.conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, holdKey); err != nil {
		return err
	}
	_, err := h.conn.Exec(ctx, `INSERT INTO storetest_held (stream) VALUES ($1)`, stream)
	return err
}

// Held waits until an append waits for the lock: PostgreSQL shows it in pg_locks.
func (h *holder) Held(ctx context.Context) error {
	for {
		var waiting bool
		if err := h.conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
			AND NOT granted AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))`,
			holdKey).Scan(&waiting); err != nil {
			return err
		}
		if waiting {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func (h *holder) Release(ctx context.Context) error {
	if _, err := h.conn.Exec(ctx, `DELETE FROM storetest_held`); err != nil {
		return err
	}
	_, err := h.conn.Exec(ctx, `SELECT pg_advisory_unlock_all()`)
	return err
}

func newPool(t testing.TB, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func TestNewConcurrentlyAndAgain(t *testing.T) {
	ctx := t.Context()
	pool := newPool(t, pgtest.NewDatabase(t))
	// Several nodes starting at once: the migration lock lets one migrate while the others wait.
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			_, err := New(ctx, pool)
			errs <- err
		}()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Errorf("concurrent New: %v", err)
		}
	}
	if _, err := New(ctx, pool); err != nil {
		t.Errorf("New on a migrated database: %v", err)
	}
	// The read models keep goose's default version table to themselves.
	rows, err := pool.Query(ctx, `SELECT tablename FROM pg_tables WHERE tablename LIKE 'goose%' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"goose_eventstore"}; !slices.Equal(tables, want) {
		t.Errorf("got version tables %v, want %v", tables, want)
	}
}

func TestSubscribeSurvivesLostConnection(t *testing.T) {
	ctx := t.Context()
	listening, other := twoNodes(t)
	wake, stop := listening.Subscribe()
	defer stop()
	listener := func() (pid int32) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			err := listening.pool.QueryRow(ctx, `SELECT pid FROM pg_stat_activity
				WHERE datname = current_database() AND query = 'LISTEN `+channel+`'`).Scan(&pid)
			if err == nil {
				return pid
			}
			if !errors.Is(err, pgx.ErrNoRows) {
				t.Fatal(err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatal("no LISTEN connection within 10 s")
		return 0
	}
	first := listener()
	if _, err := listening.pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, first); err != nil {
		t.Fatal(err)
	}
	for listener() == first {
		time.Sleep(20 * time.Millisecond)
	}
	drain(wake)
	appendOne(t, other, "after-reconnect")
	select {
	case <-wake:
	case <-time.After(10 * time.Second):
		t.Fatal("no wake-up after another node's append, on the reconnected listener")
	}
}

// TestSubscribeSeesOtherNodes: an append through one store (one app node) wakes the
// subscribers of another on the same database.
func TestSubscribeSeesOtherNodes(t *testing.T) {
	listening, other := twoNodes(t)
	wake := subscribed(t, listening)
	appendOne(t, other, "elsewhere")
	awaitWake(t, wake, "another node's append")
}

// A node's own appends wake its subscribers once: the notice it sends other nodes, which
// comes back to it too, does not wake them again.
func TestOwnNoticesDoNotWakeAgain(t *testing.T) {
	listening, _ := twoNodes(t)
	wake := subscribed(t, listening)
	appendOne(t, listening, "here")
	awaitWake(t, wake, "an append here")
	select {
	case <-wake:
		t.Error("woken again by the node's own notice")
	case <-time.After(500 * time.Millisecond):
	}
}

// subscribed subscribes to st and waits for its listener to connect, which wakes
// subscribers: from then on it hears appends.
func subscribed(t *testing.T, st *Store) <-chan struct{} {
	t.Helper()
	wake, stop := st.Subscribe()
	t.Cleanup(stop)
	awaitWake(t, wake, "the listener connecting")
	return wake
}

func awaitWake(t *testing.T, wake <-chan struct{}, after string) {
	t.Helper()
	select {
	case <-wake:
	case <-time.After(10 * time.Second):
		t.Fatalf("no wake-up within 10 s of %s", after)
	}
}

// twoNodes returns two stores on one fresh database, as two app nodes would have.
func twoNodes(t *testing.T) (*Store, *Store) {
	t.Helper()
	url := pgtest.NewDatabase(t)
	stores := make([]*Store, 2)
	for i := range stores {
		st, err := New(t.Context(), newPool(t, url))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	return stores[0], stores[1]
}

func appendOne(t *testing.T, st *Store, stream string) {
	t.Helper()
	_, err := st.Append(t.Context(), stream, eventstore.NoStream, eventstore.EventData{
		ID: uuid.NewString(), Type: "test.thing_happened.v1", Data: []byte(`{}`),
	})
	if err != nil {
		t.Fatal(err)
	}
}

// drain takes any wake-up already pending, so that the next one is a fresh notice.
func drain(ch <-chan struct{}) {
	select {
	case <-ch:
	default:
	}
}

// TestBatchWithSharedEventIDs: two appends written in one batch that share an event id
// fail the batch as a whole in the database; each append must still get its own answer.
func TestBatchWithSharedEventIDs(t *testing.T) {
	st := open(t)
	shared := uuid.NewString()
	event := func(id string) eventstore.EventData {
		return eventstore.EventData{ID: id, Type: "test.thing_happened.v1", Data: []byte(`{}`)}
	}
	job := func(stream string, id string) *batch.Job[appendReq] {
		return &batch.Job[appendReq]{Req: appendReq{
			stream: stream, expected: eventstore.Any, ids: []string{id}, events: []eventstore.EventData{event(id)},
		}}
	}
	first, second, other := job("first", shared), job("second", shared), job("other", uuid.NewString())
	st.writeBatch(t.Context(), []*batch.Job[appendReq]{first, second, other})
	if first.Err != nil || first.Result.Version != 1 {
		t.Errorf("first: got %+v, %v; want version 1", first.Result, first.Err)
	}
	if second.Err == nil {
		t.Errorf("second, sharing the first's event id: got %+v, want an error", second.Result)
	}
	if other.Err != nil || other.Result.Version != 1 {
		t.Errorf("other: got %+v, %v; want version 1", other.Result, other.Err)
	}
	for stream, want := range map[string]int{"first": 1, "second": 0, "other": 1} {
		evs, err := st.ReadStream(t.Context(), stream, 0)
		if err != nil || len(evs) != want {
			t.Errorf("ReadStream(%s): got %d events, %v; want %d", stream, len(evs), err, want)
		}
	}
}

// A batch whose appends go to existing streams is written by one plain statement; the
// appends it leaves (a new stream, a wrong version) go through eventstore_append after it,
// and one stream twice in a batch sends the whole batch there. Every append gets its own
// answer, versions follow on in each stream, and each answer's position is that of its
// append's last event.
func TestBatchOfMixedAppends(t *testing.T) {
	st := open(t)
	ctx := t.Context()
	events := func(n int) []eventstore.EventData {
		out := make([]eventstore.EventData, n)
		for i := range out {
			out[i] = eventstore.EventData{ID: uuid.NewString(), Type: "test.thing_happened.v1", Data: []byte(`{"n":1}`)}
		}
		return out
	}
	job := func(stream string, expected eventstore.ExpectedVersion, n int) *batch.Job[appendReq] {
		evs := events(n)
		ids := make([]string, n)
		for i, e := range evs {
			ids[i] = e.ID
		}
		return &batch.Job[appendReq]{Req: appendReq{stream: stream, expected: expected, ids: ids, events: evs}}
	}
	for stream, n := range map[string]int{"a": 1, "b": 2, "c": 1, "d": 3} {
		if _, err := st.Append(ctx, stream, eventstore.NoStream, events(n)...); err != nil {
			t.Fatal(err)
		}
	}
	type want struct {
		version int64
		actual  int64 // for a wrong version
	}
	cases := []struct {
		name string
		jobs []*batch.Job[appendReq]
		want []want
	}{{
		name: "existing, wrong version and new streams",
		jobs: []*batch.Job[appendReq]{job("a", eventstore.Exact(1), 2), job("new", eventstore.NoStream, 1),
			job("b", eventstore.Any, 1), job("c", eventstore.Exact(5), 1), job("d", eventstore.Exact(3), 1)},
		want: []want{{version: 3}, {version: 1}, {version: 3}, {actual: 1}, {version: 4}},
	}, {
		name: "one stream twice",
		jobs: []*batch.Job[appendReq]{job("a", eventstore.Exact(3), 1), job("b", eventstore.Any, 2), job("a", eventstore.Exact(4), 1)},
		want: []want{{version: 4}, {version: 5}, {version: 5}},
	}}
	for _, c := range cases {
		st.writeBatch(ctx, c.jobs)
		for i, j := range c.jobs {
			w := c.want[i]
			if w.version == 0 {
				var wrong *eventstore.WrongVersionError
				if !errors.As(j.Err, &wrong) || wrong.Actual != w.actual {
					t.Errorf("%s: append %d to %s: got %+v, %v; want a wrong version, actual %d", c.name, i, j.Req.stream, j.Result, j.Err, w.actual)
				}
				continue
			}
			if j.Err != nil || j.Result.Version != w.version {
				t.Errorf("%s: append %d to %s: got %+v, %v; want version %d", c.name, i, j.Req.stream, j.Result, j.Err, w.version)
				continue
			}
			evs, err := st.ReadStream(ctx, j.Req.stream, j.Result.Version)
			if err != nil || len(evs) == 0 || evs[0].ID != j.Req.ids[len(j.Req.ids)-1] || evs[0].Position != j.Result.Position {
				t.Errorf("%s: append %d to %s: its last event is not at version %d, position %d: %+v, %v",
					c.name, i, j.Req.stream, j.Result.Version, j.Result.Position, evs, err)
			}
		}
	}
	all, err := st.ReadAll(ctx, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	versions := map[string]int64{}
	for i, e := range all {
		if e.Position != int64(i+1) {
			t.Errorf("event %d at position %d: positions have a gap", i, e.Position)
		}
		if versions[e.Stream]++; e.Version != versions[e.Stream] {
			t.Errorf("%s: version %d after %d", e.Stream, e.Version, versions[e.Stream]-1)
		}
	}
	// 7 before the batches, 5 of the first (c's is not written), 4 of the second.
	if len(all) != 7+5+4 {
		t.Errorf("%d events stored, want %d", len(all), 7+5+4)
	}
}

// Sessions opened with PoolConfig plan every statement once (generic plans), unless the
// URL asks for something else; OpenDB's sessions are the same.
func TestSessionsUseGenericPlans(t *testing.T) {
	url := pgtest.NewDatabase(t)
	for _, c := range []struct{ url, want string }{
		{url, "force_generic_plan"},
		{url + "&plan_cache_mode=auto", "auto"},
	} {
		cfg, err := PoolConfig(c.url)
		if err != nil {
			t.Fatal(err)
		}
		pool, err := pgxpool.NewWithConfig(t.Context(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		db := OpenDB(cfg)
		var fromPool, fromDB string
		if err := pool.QueryRow(t.Context(), `SHOW plan_cache_mode`).Scan(&fromPool); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRowContext(t.Context(), `SHOW plan_cache_mode`).Scan(&fromDB); err != nil {
			t.Fatal(err)
		}
		pool.Close()
		_ = db.Close()
		if fromPool != c.want || fromDB != c.want {
			t.Errorf("%s: pool has %s, database handle %s; want %s", c.url, fromPool, fromDB, c.want)
		}
	}
}
