package history

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// The state of a set written in a rebuild is byte for byte what json.Marshal writes live:
// any text (escaped or not), any float (exponent forms included), fields left out or not.
func TestSetJSONIsMarshals(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "Squat", "Bench Press", `"q"`, `\`, "<b>&amp;</b>", "\u2028\u2029", "Ω😀", "tab\tnew\nline\x01",
		"\x7f", "é", "<", ">", "&", "'; DROP TABLE x;--"}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 62.5, 1e-6, 9.99999e-7, 1e-7, 1.5e-9, 1e20, 1e21, 123456789e13,
		-1e21, 1e-300, 5e-324, math.MaxFloat64, -math.SmallestNonzeroFloat64, 1.0 / 3, 100.25, 1e-10}
	opt := func() *float64 {
		if r.IntN(4) == 0 {
			return nil
		}
		x := floats[r.IntN(len(floats))]
		if r.IntN(3) == 0 {
			x = math.Float64frombits(r.Uint64())
			if math.IsNaN(x) || math.IsInf(x, 0) {
				x = r.NormFloat64() * math.Pow(10, float64(r.IntN(60)-30))
			}
		}
		return &x
	}
	optI := func() *int {
		if r.IntN(4) == 0 {
			return nil
		}
		x := []int{0, 1, -3, 61, math.MaxInt, math.MinInt}[r.IntN(6)]
		return &x
	}
	text := func() string { return texts[r.IntN(len(texts))] + texts[r.IntN(len(texts))] }
	for range 20000 {
		f := workout.SetFields{Exercise: text(), Category: text(), Weight: opt(), Unit: text(), Reps: optI(), RPE: optI(),
			Distance: opt(), DistanceUnit: text(), Minutes: optI(), Seconds: optI(), Kind: text(), Note: text()}
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendSetJSON(nil, f); string(got) != string(want) {
			t.Fatalf("%+v:\n got %s\nwant %s", f, got, want)
		}
	}
}

// An id is kept by its bytes only when they give it back as it was.
func TestUUIDsRoundTrip(t *testing.T) {
	for _, id := range []string{"8c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b90", "00000000-0000-0000-0000-000000000000",
		"ffffffff-ffff-ffff-ffff-ffffffffffff"} {
		u, ok := parseUUID(id)
		if !ok || formatUUID(u) != id {
			t.Errorf("%s: %v, %s", id, ok, formatUUID(u))
		}
	}
	for _, id := range []string{"8C1F3A52-77D4-4B1E-A0C9-2E5F6D7A8B90", "8c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b9", "8c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b900",
		"8c1f3a5277d4-4b1e-a0c9-2e5f6d7a8b90-", "8c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b9g", "{c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b90", ""} {
		if _, ok := parseUUID(id); ok {
			t.Errorf("%s is kept by its bytes", id)
		}
	}
}

// recorder is a RowWriter that keeps what it is given.
type recorder map[string][][]any

func (r recorder) Write(_ context.Context, table string, _ []string, rows iter.Seq[[]any]) error {
	if _, twice := r[table]; twice {
		return fmt.Errorf("%s written twice", table)
	}
	r[table] = slices.Collect(rows)
	return nil
}

// A rebuild passes every value with the Go type the live path passes it with (so that SQLite
// stores the same storage classes): texts as strings, positions and times as int64.
func TestRebuiltRowsHaveTheLiveTypes(t *testing.T) {
	m := Projector{}.NewRebuilding()
	w := func(x float64) *float64 { return &x }
	for i, e := range []domain.Event{
		workout.WorkoutStarted{WorkoutID: "w1", UserID: "u1", Date: "2026-11-24", StartTime: "18:00"},
		workout.SetLogged{SetID: "8c1f3a52-77d4-4b1e-a0c9-2e5f6d7a8b90", WorkoutID: "w1", UserID: "u1",
			SetFields: workout.SetFields{Exercise: "Squat", Weight: w(100)}},
		body.WeightLogged{EntryID: "e1", UserID: "u1", Date: "2026-11-24", Weight: 80, Unit: "kg"},
	} {
		stream := "workout-w1"
		if _, ok := e.(body.WeightLogged); ok {
			stream = "body-u1"
		}
		if err := m.Apply(projections.Event{Stream: stream, Type: e.EventType(), Position: int64(i + 1),
			RecordedAt: time.UnixMilli(1_800_000_000_000), Metadata: eventstore.Metadata{ActorID: "u1"}, Payload: e}); err != nil {
			t.Fatal(err)
		}
	}
	rec := recorder{}
	if err := m.Flush(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"history_lines":    "int64 string string string int64 string string string int64",
		"history_entities": "string string string string string int64 string",
	}
	for table, types := range want {
		if len(rec[table]) != 3 {
			t.Fatalf("%s: %d rows, want 3", table, len(rec[table]))
		}
		for _, row := range rec[table] {
			var got []string
			for _, v := range row {
				got = append(got, fmt.Sprintf("%T", v))
			}
			if strings.Join(got, " ") != types {
				t.Errorf("%s: a row of %s, want %s: %v", table, got, types, row)
			}
		}
	}
}
