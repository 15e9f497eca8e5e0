package workouts_test

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/workouts"
)

// A rebuild split into passes over parts of the users, each pass given only its users'
// events (by each event's owner) and a fresh Rebuilding, writes exactly the rows of a
// rebuild in one pass, and no two parts write a row of the same key: on the odd log and on
// a random history of four users, in two and in three parts.
func TestRebuildInUserPartitionsEqualsOnePass(t *testing.T) {
	ctx := context.Background()
	fixtures := map[string]func(t *testing.T, b backendtest.Backend){
		"odd log": func(t *testing.T, b backendtest.Backend) { writeOddLog(t, b.Store) },
		"random history": func(t *testing.T, b backendtest.Backend) {
			h := newHistory(t, b.Store, rand.New(rand.NewPCG(20261121, 7)))
			h.write(ctx, 400)
			h.requireVariety()
		},
	}
	for name, write := range fixtures {
		t.Run(name, func(t *testing.T) {
			b := backendtest.SQLite(t)
			write(t, b)
			events := readEvents(t, b.Store)
			want := rebuildRows(t, [][]projections.Event{events})
			if len(want) < 30 {
				t.Fatalf("only %d rows: the test proves little", len(want))
			}
			for _, parts := range []int{2, 3} {
				got := rebuildRows(t, byOwner(t, events, parts))
				requireSameDump(t, "rebuilt in one pass", want, fmt.Sprintf("rebuilt in %d parts", parts), got)
			}
		})
	}
}

// readEvents reads the whole log, decoded as the runner hands it to the projector (the
// types it wants).
func readEvents(t testing.TB, store eventstore.Store) []projections.Event {
	t.Helper()
	wanted := workouts.Projector{}.EventTypes()
	var out []projections.Event
	for after := int64(0); ; {
		records, err := store.ReadAll(context.Background(), after, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(records) == 0 {
			return out
		}
		for _, rec := range records {
			after = rec.Position
			if !slices.Contains(wanted, rec.Type) {
				continue
			}
			payload, err := domain.DecodeEvent(rec.Type, domain.RepairJSON(rec.Data))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, projections.Event{ID: rec.ID, Stream: rec.Stream, Type: rec.Type, Version: rec.Version,
				Position: rec.Position, RecordedAt: rec.RecordedAt, Metadata: rec.Metadata, Data: rec.Data, Payload: payload})
		}
	}
}

// byOwner splits events into parts of the users, in order: the users sorted, dealt out in
// turn, each event going with its owner.
func byOwner(t *testing.T, events []projections.Event, parts int) [][]projections.Event {
	t.Helper()
	owner := func(ev projections.Event) string {
		o, ok := ev.Payload.(domain.Owned)
		if !ok {
			t.Fatalf("%T has no owner", ev.Payload)
		}
		return o.OwnerID()
	}
	var users []string
	for _, ev := range events {
		users = append(users, owner(ev))
	}
	slices.Sort(users)
	users = slices.Compact(users)
	out := make([][]projections.Event, parts)
	for _, ev := range events {
		i := slices.Index(users, owner(ev)) % parts
		out[i] = append(out[i], ev)
	}
	return out
}

// rebuildRows rebuilds each part of events with a fresh Rebuilding and returns every row
// written, sorted; a key written by two parts fails the test.
func rebuildRows(t *testing.T, parts [][]projections.Event) []string {
	t.Helper()
	w := &rowCollector{t: t, keys: map[string]int{}}
	for i, events := range parts {
		r := workouts.Projector{}.NewRebuilding()
		for _, ev := range events {
			if err := r.Apply(ev); err != nil {
				t.Fatalf("part %d, event %d (%s): %v", i, ev.Position, ev.Type, err)
			}
		}
		w.part = i
		if err := r.Flush(context.Background(), w); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(w.rows)
	return w.rows
}

// rowCollector is a projections.RowWriter keeping the rows as dump lines.
type rowCollector struct {
	t    *testing.T
	part int
	keys map[string]int // the part that wrote each key
	rows []string
}

func (w *rowCollector) Write(_ context.Context, table string, columns []string, rows iter.Seq[[]any]) error {
	keyColumns := 1
	if table == "personal_bests" {
		keyColumns = 2
	}
	for row := range rows {
		parts := []string{table}
		for _, v := range row {
			parts = append(parts, fmt.Sprint(v))
		}
		key := strings.Join(parts[:1+keyColumns], " ")
		if p, ok := w.keys[key]; ok {
			w.t.Errorf("%s written by parts %d and %d", key, p, w.part)
		}
		w.keys[key] = w.part
		w.rows = append(w.rows, strings.Join(parts, " "))
	}
	return nil
}
