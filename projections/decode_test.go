package projections_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// A wanted event whose payload the domain's registry cannot decode stops the projector
// exactly there, as a failing Apply does: the events before it in its batch are committed,
// none after it, and the failure is recorded. A BatchProjector's batch holding it is applied
// one event at a time.
func TestUndecodableEventStopsTheProjectorThere(t *testing.T) {
	for _, batched := range []bool{false, true} {
		t.Run(map[bool]string{false: "one at a time", true: "batched"}[batched], func(t *testing.T) {
			forEachBackend(t, func(t *testing.T, b backend) {
				rng := rand.New(rand.NewPCG(9, 10))
				appendWorkload(t, b.store, rng, 40)
				// Valid JSON, which the store takes, but not the payload of a counter_added.
				res, err := b.store.Append(context.Background(), "counter-bad", eventstore.Any,
					eventstore.EventData{ID: uuid.NewString(), Type: typeAdded, Data: []byte(`[1, 2]`)})
				if err != nil {
					t.Fatal(err)
				}
				appendWorkload(t, b.store, rng, 40)

				var p projections.Projector = newTestProjector()
				if batched {
					p = &batchProjector{testProjector: p.(*testProjector)}
				}
				r, _ := startRunner(t, b, []projections.Projector{p}, projections.WithBatchSize(30))
				requireStoppedAt(t, b, r, res.Position)
				if st := status(t, r, "test"); !strings.Contains(st.LastError, "decode "+typeAdded) {
					t.Errorf("last error: got %q, want the decoding's", st.LastError)
				}
				if bp, ok := p.(*batchProjector); ok && bp.batches.Load() == 0 {
					t.Error("no batch went through ApplyBatch")
				}
			})
		})
	}
}
