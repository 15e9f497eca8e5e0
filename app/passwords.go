package app

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/gymlog/gymlog/app/limits"
)

// ErrWrongPassword is a password check that failed; each use case answers it in its own words.
var ErrWrongPassword = errors.New("wrong password")

// Passwords hashes passwords and checks them under the limits on guessing them: sign-in,
// changing the password and changing the e-mail all go through Check. Only wrong passwords
// spend the budgets, so the owner's own sign-ins and checks never count against them, and
// the limits are shaped so that a stranger cannot use them to keep the owner out:
//   - byPair, tight: one address guessing one account's password;
//   - byAccount, looser: every address together guessing one account's, the slowdown of a
//     guesser with many addresses. An address that signed the account in lately is spared
//     it, so the owner's own devices get in even while it is spent;
//   - byAddress: one address trying many accounts.
//
// The budgets are the process's (see limits.Limiter); one Passwords serves an App.
type Passwords struct {
	cost      int
	dummyOnce sync.Once
	dummy     []byte
	byPair    *limits.Limiter
	byAccount *limits.Limiter
	byAddress *limits.Limiter
	known     *recentPairs
}

// NewPasswords returns the guard, hashing at bcrypt cost cost (zero: one above bcrypt's
// default).
func NewPasswords(cost int) *Passwords {
	if cost <= 0 {
		cost = bcrypt.DefaultCost + 1
	}
	return &Passwords{
		cost:      cost,
		byPair:    limits.New(time.Minute, 5),
		byAccount: limits.New(30*time.Second, 20),
		byAddress: limits.New(3*time.Second, 20),
		known:     newRecentPairs(30*24*time.Hour, 100_000),
	}
}

// Hash returns the hash a new password is kept as.
func (g *Passwords) Hash(password string) (string, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), g.cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(hash), nil
}

// Matches reports whether password is the one hash was made from, spending no budget: for
// a retried sign-up, whose caller has just given the password.
func (g *Passwords) Matches(hash, password string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}

// Check compares password with hash, the password of account (a normalised e-mail; hash is
// empty when no account has it), tried from address. It answers nil, ErrWrongPassword, or
// *limits.Exceeded when a budget is spent; that is answered before any comparison, whether
// or not the password is right.
func (g *Passwords) Check(account, address, hash, password string, now time.Time) error {
	pair := account + "\x00" + address
	spend := []attempt{{g.byAddress, address}, {g.byPair, pair}}
	if !g.known.has(pair, now) {
		spend = append(spend, attempt{g.byAccount, account})
	}
	for i, a := range spend {
		if err := a.lim.Take(a.key, now); err != nil {
			refund(spend[:i], now)
			return err
		}
	}
	compared := []byte(hash)
	if hash == "" {
		// A hash of the same cost is compared against when no account has the e-mail, so
		// a sign-in takes as long, and spends the same limits, whether or not it exists.
		g.dummyOnce.Do(func() {
			g.dummy, _ = bcrypt.GenerateFromPassword([]byte("not-a-real-password-1A"), g.cost)
		})
		compared = g.dummy
	}
	if bcrypt.CompareHashAndPassword(compared, []byte(password)) != nil || hash == "" {
		return ErrWrongPassword
	}
	refund(spend, now)
	g.known.add(pair, now)
	return nil
}

// attempt is one attempt taken from one limiter's bucket.
type attempt struct {
	lim *limits.Limiter
	key string
}

func refund(attempts []attempt, now time.Time) {
	for _, a := range attempts {
		a.lim.Refund(a.key, now)
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
