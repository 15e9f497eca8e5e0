package eventgen_test

import (
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/gymlog/gymlog/domain"
	_ "github.com/gymlog/gymlog/domain/account"
	_ "github.com/gymlog/gymlog/domain/body"
	_ "github.com/gymlog/gymlog/domain/coaching"
	_ "github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/eventgen"
)

// coverageSeeds is how many seeds must reach every event type between them.
const coverageSeeds = 300

// Over a few hundred seeds the random histories hold every event type the domain registers,
// so a new event type the generator cannot write fails here, and each history is small.
func TestRandomHistoriesReachEveryEventType(t *testing.T) {
	seen := map[string]int{}
	sizes := 0
	for seed := range uint64(coverageSeeds) {
		h := eventgen.RandomHistory(seed)
		n := h.Events()
		if n < 20 || n > 360 {
			t.Errorf("seed %d: %d events, want 20 to 300 or so", seed, n)
		}
		sizes += n
		for typ, c := range h.Types() {
			seen[typ] += c
		}
	}
	for _, typ := range domain.RegisteredTypes() {
		if seen[typ] == 0 {
			t.Errorf("no history of %d seeds holds %s", coverageSeeds, typ)
		}
	}
	for typ := range seen {
		if !slices.Contains(domain.RegisteredTypes(), typ) {
			t.Errorf("%s is not a registered event type", typ)
		}
	}
	if testing.Verbose() {
		for _, typ := range domain.RegisteredTypes() {
			t.Logf("%6d %s", seen[typ], typ)
		}
		t.Logf("%d events in %d histories", sizes, coverageSeeds)
	}
	if s := os.Getenv("GYMLOG_SHOW_HISTORY"); s != "" {
		seed, _ := strconv.ParseUint(s, 10, 64)
		t.Log(eventgen.RandomHistory(seed))
	}
}

// A seed always gives the same history, event ids and payloads included.
func TestRandomHistoryIsReproducible(t *testing.T) {
	for _, seed := range []uint64{0, 7, 1234} {
		a, b := eventgen.RandomHistory(seed), eventgen.RandomHistory(seed)
		if a.String() != b.String() || len(a.Steps) != len(b.Steps) {
			t.Fatalf("seed %d gave two histories", seed)
		}
		for i := range a.Steps {
			for j := range a.Steps[i].Data {
				if a.Steps[i].Data[j].ID != b.Steps[i].Data[j].ID {
					t.Fatalf("seed %d: step %d event %d has two ids", seed, i, j)
				}
			}
		}
	}
}

// The histories restore deleted sets (an undo of a deletion), each naming the position its
// first logging has in a log the history is written to from empty.
func TestRandomHistoriesRestoreSetsToTheirPlace(t *testing.T) {
	restores, exercisesRestored := 0, 0
	for seed := range uint64(coverageSeeds) {
		h := eventgen.RandomHistory(seed)
		first := map[[2]string]int64{}
		position := int64(0)
		for _, step := range h.Steps {
			for _, e := range step.Events {
				position++
				var key [2]string
				var restored int64 = -1
				switch e := e.(type) {
				case workout.SetLogged:
					key = [2]string{step.Stream, e.SetID}
					if e.Restored != nil {
						restored = e.Restored.Position
					}
				case plan.ExerciseAdded:
					key = [2]string{step.Stream, e.ExerciseID}
					if e.Restored != nil {
						restored = e.Restored.Position
						exercisesRestored++
					}
				default:
					continue
				}
				if restored >= 0 {
					restores++
					if restored != first[key] {
						t.Errorf("seed %d: %s restored to %d, first added at %d", seed, key[1], restored, first[key])
					}
				}
				if first[key] == 0 {
					first[key] = position
				}
			}
		}
	}
	if restores == exercisesRestored || exercisesRestored == 0 {
		t.Errorf("histories of %d seeds restore %d sets and %d plan exercises, want some of each", coverageSeeds,
			restores-exercisesRestored, exercisesRestored)
	}
	t.Logf("%d sets and %d plan exercises restored", restores-exercisesRestored, exercisesRestored)
}
