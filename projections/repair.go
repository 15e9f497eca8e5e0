package projections

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// readAll reads the global feed for the projectors, as store.ReadAll does, with every
// payload through domain.RepairJSON: an event stored before the store refused NUL, invalid
// UTF-8 and lone surrogates reaches every projector as text both backends store, so it can
// never stop a read model (live or rebuilt). The log itself is never rewritten. A payload
// that needs no repair, every one stored since, is handed on as it is.
func readAll(ctx context.Context, store eventstore.Store, after int64, max int) ([]eventstore.RecordedEvent, error) {
	events, err := store.ReadAll(ctx, after, max)
	for i := range events {
		events[i].Data = domain.RepairJSON(events[i].Data)
	}
	return events, err
}
