package httpapi

import (
	"errors"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// errWrongPassword is a password check that failed; each caller answers it in its own words.
var errWrongPassword = errors.New("wrong password")

// passwordGuard checks a password under the limits on guessing it: sign-in, changing the
// password and changing the e-mail all go through it. Only wrong passwords spend the
// budgets, so the owner's own sign-ins and checks never count against them, and the limits
// are shaped so that a stranger cannot use them to keep the owner out:
//   - byPair, tight: one address guessing one account's password;
//   - byAccount, looser: every address together guessing one account's, the slowdown of a
//     guesser with many addresses. An address that signed the account in lately is spared
//     it, so the owner's own devices get in even while it is spent;
//   - byAddress: one address trying many accounts.
type passwordGuard struct {
	byPair    *limiter
	byAccount *limiter
	byAddress *limiter
	known     *recentPairs
}

func newPasswordGuard() passwordGuard {
	return passwordGuard{
		byPair:    newLimiter(time.Minute, 5),
		byAccount: newLimiter(30*time.Second, 20),
		byAddress: newLimiter(3*time.Second, 20),
		known:     newRecentPairs(30*24*time.Hour, 100_000),
	}
}

// check compares password with hash, the password of account (a normalised e-mail), tried
// from address. It answers nil, errWrongPassword, or a 429 when a budget is spent; a 429 is
// answered before any comparison, whether or not the password is right.
func (g passwordGuard) check(account, address string, hash []byte, password string, now time.Time) error {
	pair := account + "\x00" + address
	spend := []attempt{{g.byAddress, address}, {g.byPair, pair}}
	if !g.known.has(pair, now) {
		spend = append(spend, attempt{g.byAccount, account})
	}
	for i, a := range spend {
		if ok, wait := a.lim.allow(a.key, now); !ok {
			refund(spend[:i], now)
			return tooManyRequests(wait)
		}
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil {
		return errWrongPassword
	}
	refund(spend, now)
	g.known.add(pair, now)
	return nil
}

// attempt is one attempt taken from one limiter's bucket.
type attempt struct {
	lim *limiter
	key string
}

func refund(attempts []attempt, now time.Time) {
	for _, a := range attempts {
		a.lim.refund(a.key, now)
	}
}

// recentPairs remembers, for a while, which address signed which account in. It is bounded:
// when full it is emptied, which only brings back the account-wide slowdown for a while.
type recentPairs struct {
	mu   sync.Mutex
	ttl  time.Duration
	max  int
	seen map[string]time.Time
}

func newRecentPairs(ttl time.Duration, max int) *recentPairs {
	return &recentPairs{ttl: ttl, max: max, seen: map[string]time.Time{}}
}

func (p *recentPairs) add(pair string, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.seen[pair]; !ok && len(p.seen) >= p.max {
		clear(p.seen)
	}
	p.seen[pair] = now
}

func (p *recentPairs) has(pair string, now time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	at, ok := p.seen[pair]
	if ok && now.Sub(at) > p.ttl {
		delete(p.seen, pair)
		return false
	}
	return ok
}
