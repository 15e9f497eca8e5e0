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
	byKey map[noteKey]any
	ring  []noteKey // insertion order, a ring of maxNotes
	next  int
}

type noteKey struct{ projector, key string }

type note struct {
	key   string
	value any
}

func newNotes() *notes { return &notes{byKey: map[noteKey]any{}, ring: make([]noteKey, 0, maxNotes)} }

// keep stores the notes of one committed transaction of projector.
func (n *notes) keep(projector string, kept []note) {
	if len(kept) == 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, k := range kept {
		key := noteKey{projector, k.key}
		if len(n.ring) < maxNotes {
			n.ring = append(n.ring, key)
		} else {
			delete(n.byKey, n.ring[n.next])
			n.ring[n.next] = key
			n.next = (n.next + 1) % maxNotes
		}
		n.byKey[key] = k.value
	}
}

// take returns and forgets the note of projector under key.
func (n *notes) take(projector, key string) (any, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	k := noteKey{projector, key}
	v, ok := n.byKey[k]
	delete(n.byKey, k) // its ring slot stays until overwritten; deleting an absent key is harmless
	return v, ok
}
