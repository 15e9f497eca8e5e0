package projections

import "sync"

// signal wakes every waiter at once: wait returns a channel that is closed by the next
// broadcast. A waiter takes the channel before it looks at the state it waits on, so a
// broadcast between the look and the wait is never missed.
type signal struct {
	mu sync.Mutex
	ch chan struct{}
}

func newSignal() *signal { return &signal{ch: make(chan struct{})} }

func (s *signal) wait() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ch
}

func (s *signal) broadcast() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.ch)
	s.ch = make(chan struct{})
}
