package httpapi

import (
	"sync"
	"time"
)

// limiter is a set of token buckets keyed by what is limited (an address, an account).
// It is per process: behind a load balancer with N nodes an attacker gets at most N times
// the budget, still far too little to guess a password or a six-digit code.
type limiter struct {
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

// newLimiter allows burst attempts at once and then one every every.
func newLimiter(every time.Duration, burst int) *limiter {
	return &limiter{every: every, burst: burst, buckets: map[string]*bucket{}}
}

// allow takes one attempt for key at now; when none is left it says how long to wait.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
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

// refund gives back an attempt taken for key: what the attempt turned out to be (a right
// password, a new account) is not what the limit is for.
func (l *limiter) refund(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b, ok := l.buckets[key]; ok {
		l.refill(b, now)
		b.tokens = min(b.tokens+1, float64(l.burst))
	}
}

// refill adds the attempts earned since the bucket was last seen, up to the burst.
func (l *limiter) refill(b *bucket, now time.Time) {
	if now.After(b.at) {
		b.tokens = min(b.tokens+float64(now.Sub(b.at))/float64(l.every), float64(l.burst))
		b.at = now
	}
}

// forgetFull drops the buckets that have refilled: a fresh one is the same.
func (l *limiter) forgetFull(now time.Time) {
	idle := l.every * time.Duration(l.burst)
	for k, b := range l.buckets {
		if now.Sub(b.at) > idle {
			delete(l.buckets, k)
		}
	}
}
