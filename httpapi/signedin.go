package httpapi

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/accounts"
)

const (
	// signedInTTL is how long the answer to "who does this session sign in?" is kept. A
	// lifter logging sets asks it a few times a minute; the cache spares the database one
	// query of every request. Without peers, it bounds how late this node learns what it
	// cannot see itself: a session ended on another node, or a user changed by an accounts
	// projector running on another node. With peers, they tell it at once.
	signedInTTL = 2 * time.Second
	// sessionsTopic is the topic under which a node tells its peers of the sessions it
	// ended: "token <hash>" for one, "user <id>" for all of a user's.
	sessionsTopic = "sessions"
	// maxSignedIn bounds the cache; when it is full it starts again empty.
	maxSignedIn = 10_000
)

// changeCounter is what the cache needs of the projection runner: a count that moves
// whenever the named read model may have changed in this process.
type changeCounter interface {
	Changes(projection string) uint64
}

// signedInCache keeps, for a moment, which user a session token (by its hash) signs in.
// An entry is dropped when any node ends the session or all of the user's sessions (the
// node that ends them tells its peers before it answers), and no longer believed once the
// users read model has changed, here or on the node its projector runs on (any user's
// change: they are rare), or signedInTTL has passed. Without a change counter it keeps
// nothing.
type signedInCache struct {
	changes func() uint64 // nil: no caching
	peers   projections.Peers

	mu      sync.Mutex
	byToken map[string]signedIn
}

type signedIn struct {
	user    accounts.User
	at      time.Time
	changes uint64 // of the users read model when the user was read
}

// newSignedInCache returns the cache of w's users read model, told of the sessions other
// nodes end by peers (nil for a single node).
func newSignedInCache(w app.ReadModels, peers projections.Peers) *signedInCache {
	c := &signedInCache{byToken: map[string]signedIn{}, peers: peers}
	if cc, ok := w.(changeCounter); ok {
		c.changes = func() uint64 { return cc.Changes(accounts.Name) }
	}
	if peers != nil {
		peers.Hear(sessionsTopic, c.hear)
	}
	return c
}

// version is the users read model's change count, taken before reading a user so that a
// change committed meanwhile makes the entry stale at once.
func (c *signedInCache) version() uint64 {
	if c.changes == nil {
		return 0
	}
	return c.changes()
}

// get returns the user tokenHash signs in, if a fresh entry says so.
func (c *signedInCache) get(tokenHash string, now time.Time) (accounts.User, bool) {
	if c.changes == nil {
		return accounts.User{}, false
	}
	version := c.changes()
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byToken[tokenHash]
	if !ok || e.changes != version || now.Sub(e.at) >= signedInTTL || now.Before(e.at) {
		return accounts.User{}, false
	}
	return e.user, true
}

// put keeps u as the user of tokenHash, read at now when the read model was at version.
func (c *signedInCache) put(tokenHash string, u accounts.User, version uint64, now time.Time) {
	if c.changes == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.byToken) >= maxSignedIn {
		clear(c.byToken)
	}
	c.byToken[tokenHash] = signedIn{user: u, at: now, changes: version}
}

// ended drops the entries of the sessions this node ended, one ("token", its hash) or all
// of a user's ("user", the id), and tells the other nodes to, before the request that ended
// them answers. A peer that cannot be told learns within signedInTTL.
func (c *signedInCache) ended(ctx context.Context, what, id string) {
	if what == "token" {
		c.forget(id)
	} else {
		c.forgetUser(id)
	}
	if c.peers != nil {
		_ = c.peers.Tell(ctx, sessionsTopic, what+" "+id)
	}
}

// hear takes in what another node told of the sessions it ended; "" (notices lost) drops
// every entry.
func (c *signedInCache) hear(notice string) {
	what, id, _ := strings.Cut(notice, " ")
	switch what {
	case "token":
		c.forget(id)
	case "user":
		c.forgetUser(id)
	default:
		c.mu.Lock()
		clear(c.byToken)
		c.mu.Unlock()
	}
}

// forget drops the entry of one session.
func (c *signedInCache) forget(tokenHash string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.byToken, tokenHash)
}

// forgetUser drops the entries of every session of userID.
func (c *signedInCache) forgetUser(userID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.byToken {
		if e.user.ID == userID {
			delete(c.byToken, k)
		}
	}
}
