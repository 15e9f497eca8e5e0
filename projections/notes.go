package projections

import "sync"

// maxNotes bounds the notes a Runner keeps; the oldest go first. A note is taken within
// milliseconds by the request that waited for it, or never (its request gave up, or the
// event came from elsewhere).
const maxNotes = 4096

// notes keeps what projectors noted in their committed transactions (Tx.Note), by
// projector and key, until it is taken or pushed out.
type notes struct {
	mu    sync.Mutex
	byKey map[noteKey]kept
	ring  []noteKey // insertion order, a ring of maxNotes
	next  int
	count uint64 // notes kept so far
}

// kept is a note's value and its number among all notes kept, so that pushing out an old
// slot leaves a newer note under the same key alone.
type kept struct {
	value any
	n     uint64
}

type noteKey struct{ projector, key string }

type note struct {
	key   string
	value any
}

func newNotes() *notes { return &notes{byKey: map[noteKey]kept{}, ring: make([]noteKey, 0, maxNotes)} }

// keep stores the notes of one committed transaction of projector.
func (n *notes) keep(projector string, notes []note) {
	if len(notes) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, nt := range notes {
		key := noteKey{projector, nt.key}
		if len(n.ring) < maxNotes {
			n.ring = append(n.ring, key)
		} else {
			// The slot's note, unless it was taken or kept again since (a newer count).
			old := n.ring[n.next]
			if k, ok := n.byKey[old]; ok && k.n+maxNotes <= n.count {
				delete(n.byKey, old)
			}
			n.ring[n.next] = key
			n.next = (n.next + 1) % maxNotes
		}
		n.byKey[key] = kept{value: nt.value, n: n.count}
		n.count++
	}
}

// take returns and forgets the note of projector under key.
func (n *notes) take(projector, key string) (any, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	k := noteKey{projector, key}
	v, ok := n.byKey[k]
	delete(n.byKey, k) // its ring slot stays until overwritten
	return v.value, ok
}
