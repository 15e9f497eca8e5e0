package ownership

import (
	"context"
	"maps"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns the user_streams table rebuilt in memory.
func (Projector) NewRebuilding() projections.Rebuilding {
	return &rebuilding{rows: map[pair]bool{}, streams: map[string]map[string]bool{}, sharers: map[string]map[string]bool{}}
}

// pair is a row's key: a user and a stream of theirs.
type pair struct{ user, stream string }

// rebuilding holds user_streams as ApplyBatch leaves it: rows by key, whether each is shared,
// and the indexes an account closing deletes by.
type rebuilding struct {
	rows map[pair]bool
	// streams holds each user's streams, sharers each stream's users whose row is shared.
	streams, sharers map[string]map[string]bool
}

// Apply records ev's stream as ApplyBatch does: the first row of a user and stream stays.
func (r *rebuilding) Apply(ev projections.Event) error {
	o, ok := ev.Payload.(domain.Owned)
	if !ok || o.OwnerID() == "" {
		return nil
	}
	if _, closed := o.(account.AccountClosed); closed {
		r.close(o.OwnerID())
		return nil
	}
	owners := []string{o.OwnerID()}
	sh, shared := o.(domain.Shared)
	if shared && sh.SharedWith() != "" {
		owners = append(owners, sh.SharedWith())
	}
	for _, owner := range owners {
		k := pair{owner, ev.Stream}
		if _, held := r.rows[k]; held {
			continue
		}
		r.rows[k] = shared
		add(r.streams, owner, ev.Stream)
		if shared {
			add(r.sharers, ev.Stream, owner)
		}
	}
	return nil
}

// close deletes what closing user's account deletes: every shared row of their shared
// streams, whoever's, then every row of theirs.
func (r *rebuilding) close(user string) {
	for stream := range r.streams[user] {
		if !r.rows[pair{user, stream}] {
			continue
		}
		for other := range r.sharers[stream] {
			r.remove(pair{other, stream})
		}
	}
	for stream := range maps.Clone(r.streams[user]) {
		r.remove(pair{user, stream})
	}
}

func (r *rebuilding) remove(k pair) {
	shared, held := r.rows[k]
	if !held {
		return
	}
	delete(r.rows, k)
	drop(r.streams, k.user, k.stream)
	if shared {
		drop(r.sharers, k.stream, k.user)
	}
}

func (r *rebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	return w.Write(ctx, "user_streams", []string{"user_id", "stream", "shared"}, func(yield func([]any) bool) {
		for k, shared := range r.rows {
			if !yield([]any{k.user, k.stream, shared}) {
				return
			}
		}
	})
}

func add(index map[string]map[string]bool, key, member string) {
	if index[key] == nil {
		index[key] = map[string]bool{}
	}
	index[key][member] = true
}

func drop(index map[string]map[string]bool, key, member string) {
	delete(index[key], member)
	if len(index[key]) == 0 {
		delete(index, key)
	}
}
