// Package fanout wakes every subscriber of an event store when something was appended. A
// wake-up carries no data: subscribers re-read the store, so one pending signal per
// subscriber is enough and a slow subscriber never blocks an append.
package fanout

import "sync"

// Hub hands out subscriptions and wakes them all on Notify. The zero value is ready to use.
type Hub struct {
	mu     sync.Mutex
	subs   map[chan struct{}]struct{}
	closed bool
}

// Subscribe returns a channel that receives a value after the next Notify (several notices
// coalesce into one), and a function that ends the subscription and closes the channel.
// After Close the channel comes back already closed.
func (h *Hub) Subscribe() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(ch)
		return ch, func() {}
	}
	if h.subs == nil {
		h.subs = make(map[chan struct{}]struct{})
	}
	h.subs[ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[ch]; ok {
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// Notify wakes every subscriber without waiting for any of them.
func (h *Hub) Notify() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- struct{}{}:
		default: // a wake-up is already pending; it covers this one too
		}
	}
}

// Close ends every subscription, so readers waiting on their channels stop.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		close(ch)
	}
	h.subs = nil
	h.closed = true
}
