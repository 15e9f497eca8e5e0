// Package limits holds the budgets on guessing (passwords, codes, which addresses are
// registered): token buckets keyed by what is limited, and the error a spent budget answers.
package limits

import (
	"fmt"
	"sync"
	"time"
)

// Exceeded is the answer of a spent budget: the caller may try again after Wait. The HTTP
// edge answers it 429 with a Retry-After header.
type Exceeded struct {
	Wait time.Duration
}

func (e *Exceeded) Error() string { return fmt.Sprintf("too many attempts: wait %s", e.Wait) }

// Limiter is a set of token buckets keyed by what is limited (an address, an account).
// It is per process: behind a load balancer with N nodes an attacker gets at most N times
// the budget, still far too little to guess a password or a six-digit code.
type Limiter struct {
	mu      sync.Mutex
	every   time.Duration
	burst   int
	buckets map[string]*bucket
	sweep   time.Time
}

// bucket holds the attempts left for one key as of at.
type bucket struct {
	tokens float64
	at     time.Time
}

// New allows burst attempts at once and then one every every.
func New(every time.Duration, burst int) *Limiter {
	return &Limiter{every: every, burst: burst, buckets: map[string]*bucket{}}
}

// Allow takes one attempt for key at now; when none is left it says how long to wait.
func (l *Limiter) Allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.sweep) > time.Minute {
		l.forgetFull(now)
		l.sweep = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: float64(l.burst), at: now}
		l.buckets[key] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(l.every))
	}
	b.tokens--
	return true, 0
}

// Take is Allow as an error: nil, or *Exceeded when no attempt is left for key.
func (l *Limiter) Take(key string, now time.Time) error {
	if ok, wait := l.Allow(key, now); !ok {
		return &Exceeded{Wait: wait}
	}
	return nil
}

// Refund gives back an attempt taken for key: what the attempt turned out to be (a right
// password, a new account) is not what the limit is for.
func (l *Limiter) Refund(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.buckets[key]; ok {
		l.refill(b, now)
		b.tokens = min(b.tokens+1, float64(l.burst))
	}
}

// refill adds the attempts earned since the bucket was last seen, up to the burst.
func (l *Limiter) refill(b *bucket, now time.Time) {
	if now.After(b.at) {
		b.tokens = min(b.tokens+float64(now.Sub(b.at))/float64(l.every), float64(l.burst))
		b.at = now
	}
}

// forgetFull drops the buckets that have refilled: a fresh one is the same.
func (l *Limiter) forgetFull(now time.Time) {
	idle := l.every * time.Duration(l.burst)
	for k, b := range l.buckets {
		if now.Sub(b.at) > idle {
			delete(l.buckets, k)
		}
	}
}
