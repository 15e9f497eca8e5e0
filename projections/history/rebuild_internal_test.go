package history

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gymlog/gymlog/domain/workout"
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
			Distance: opt(), DistanceUnit: text(), Minutes: optI(), Seconds: optI()}
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
