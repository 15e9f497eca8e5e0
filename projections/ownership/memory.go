package ownership

import (
	"context"
	"maps"

	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns user_streams rebuilt in memory by the same rules as the live path.
func (Projector) NewRebuilding() projections.Rebuilding {
	return &rebuilding{memoryStore{rows: map[pair]bool{}, streams: map[string]map[string]bool{},
		users: map[string]map[string]bool{}}}
}

type rebuilding struct{ s memoryStore }

func (r *rebuilding) Apply(ev projections.Event) error { return apply(&r.s, ev) }

func (r *rebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	return w.Write(ctx, "user_streams", []string{"user_id", "stream", "shared"}, func(yield func([]any) bool) {
		for k, shared := range r.s.rows {
			if !yield([]any{k.user, k.stream, shared}) {
				return
			}
		}
	})
}

// pair is a row's key: a user and a stream of theirs.
type pair struct{ user, stream string }

// memoryStore holds user_streams as rows by key (whether each is shared), with the indexes
// the deletes go by: each user's streams and each stream's users.
type memoryStore struct {
	rows           map[pair]bool
	streams, users map[string]map[string]bool
}

func (m *memoryStore) add(user, stream string, shared bool) error {
	k := pair{user, stream}
	if _, held := m.rows[k]; !held {
		m.rows[k] = shared
		index(m.streams, user, stream)
		index(m.users, stream, user)
	}
	return nil
}

func (m *memoryStore) dropOthers(stream, user string) error {
	for other := range maps.Clone(m.users[stream]) {
		if other != user {
			m.remove(pair{other, stream})
		}
	}
	return nil
}

func (m *memoryStore) dropShared(user string) error {
	for stream := range maps.Clone(m.streams[user]) {
		if !m.rows[pair{user, stream}] {
			continue
		}
		for other := range maps.Clone(m.users[stream]) {
			if m.rows[pair{other, stream}] {
				m.remove(pair{other, stream})
			}
		}
	}
	return nil
}

func (m *memoryStore) dropUser(user string) error {
	for stream := range maps.Clone(m.streams[user]) {
		m.remove(pair{user, stream})
	}
	return nil
}

func (m *memoryStore) remove(k pair) {
	if _, held := m.rows[k]; !held {
		return
	}
	delete(m.rows, k)
	unindex(m.streams, k.user, k.stream)
	unindex(m.users, k.stream, k.user)
}

func index(idx map[string]map[string]bool, key, member string) {
	if idx[key] == nil {
		idx[key] = map[string]bool{}
	}
	idx[key][member] = true
}

func unindex(idx map[string]map[string]bool, key, member string) {
	delete(idx[key], member)
	if len(idx[key]) == 0 {
		delete(idx, key)
	}
}
