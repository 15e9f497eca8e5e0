package projections

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Peers reaches the other nodes that serve the same database, for what they must learn at
// once rather than by polling: how far the projectors running here have got, and (for the
// HTTP layer) which sign-in sessions ended. projections/postgres sends its notices with
// NOTIFY; a single node (SQLite) has no peers.
type Peers interface {
	// Tell sends notice under topic to every other node. It returns once each node it knows
	// has taken the notice in (handed it to its hearers), or after a bound for one that
	// does not answer: a notice saves waiting and makes a change seen at once, but a node
	// that misses one still learns, later, from the database.
	Tell(ctx context.Context, topic, notice string) error
	// Send is Tell that returns once the notice is sent: with ack set, acked is closed once
	// each node it knew then has taken the notice in, or after the bound Tell waits; without,
	// the other nodes do not acknowledge it, and acked is nil.
	Send(ctx context.Context, topic, notice string, ack bool) (acked <-chan struct{}, err error)
	// Hear has on called with each notice another node tells under topic, one at a time in
	// the order told, and with "" whenever notices may have been missed (the connection to
	// the database was lost), until stop is called.
	Hear(topic string, on func(notice string)) (stop func())
}

// positionsTopic is the topic under which a runner tells its peers how far the projectors
// it runs have got; leasesTopic, that it gave projector leases up.
const (
	positionsTopic = "projections"
	leasesTopic    = "projections.leases"
)

// WithPeers makes the runner tell the other nodes on its database how far the projectors it
// runs have got, at once, and hear how far theirs have: WaitFor on one node then returns as
// soon as the node running the projector applied the position, and Changes moves when
// another node changed a read model. Without peers, a node learns both from the checkpoints
// table, by polling.
func WithPeers(p Peers) Option { return func(c *config) { c.peers = p } }

// tellPeers tells the peers, whenever a projector running here moves on, the position its
// read model reflects and the one its checkpoint stores (up to which it may have changed),
// until ctx ends. One notice is sent at a time, and moves made meanwhile go together in the
// next one.
//
// A notice is acknowledged only while a WaitForEveryNode waits here: it then also carries
// the projectors whose positions are not yet known to be taken in everywhere, and the
// acknowledgements of up to maxTelling notices are awaited at once, so a waiting node hears
// of the next move without waiting for the last one's acknowledgements. A position counts as
// told once its notice was acknowledged, or failed: a failed notice holds up no write, and
// the other nodes fall back to the checkpoints table. The other notices are not
// acknowledged, which spares the nodes a NOTIFY for most of them.
func (r *Runner) tellPeers(ctx context.Context) {
	told := map[string][2]int64{}
	telling := make(chan struct{}, maxTelling)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		wake := r.moved.wait()
		ack := r.everyNode.Load() > 0
		if notice, moved := r.positionsNotice(told, ack); notice != "" {
			acked, err := r.cfg.peers.Send(ctx, positionsTopic, notice, ack)
			if err != nil && ctx.Err() == nil {
				r.cfg.logger.WarnContext(ctx, "projection positions not told to the other nodes", "err", err)
			}
			if ack {
				select {
				case telling <- struct{}{}:
				case <-ctx.Done():
					return
				}
				wg.Go(func() {
					defer func() { <-telling }()
					if err == nil {
						select {
						case <-acked:
						case <-ctx.Done():
						}
					}
					for w, pos := range moved {
						w.setTold(pos)
					}
				})
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		}
	}
}

// maxTelling bounds the positions notices waiting for acknowledgements at once.
const maxTelling = 64

// tellFreed tells the peers that this node gave projector leases up, so that their standby
// projectors try to take them at once rather than at their next attempt. ctx may be over (the
// runner stopped): the notice gets a second of its own.
func (r *Runner) tellFreed(ctx context.Context) {
	if r.cfg.peers == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	if err := r.cfg.peers.Tell(ctx, leasesTopic, "freed"); err != nil {
		r.cfg.logger.WarnContext(ctx, "freed projection leases not told to the other nodes", "err", err)
	}
}

// standBy waits d, or until ctx ends or freed is closed: another node gave leases up.
func standBy(ctx context.Context, d time.Duration, freed <-chan struct{}) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	case <-freed:
	}
}

// positionsNotice lists "name version position stored" of each projector running here that
// moved since told (with ack set, or whose position is not yet told to every node),
// separated by ";", records them in told, and returns the workers listed with their
// positions.
func (r *Runner) positionsNotice(told map[string][2]int64, ack bool) (string, map[*worker]int64) {
	var entries []string
	moved := map[*worker]int64{}
	for _, w := range r.workers {
		if w.getState() != StateRunning {
			continue
		}
		pos, stored, _ := w.positions()
		if now := [2]int64{pos, stored}; told[w.p.Name()] != now || ack && w.untold(pos) {
			told[w.p.Name()] = now
			moved[w] = pos
			entries = append(entries, fmt.Sprintf("%s %d %d %d", w.p.Name(), w.p.Version(), pos, stored))
		}
	}
	return strings.Join(entries, ";"), moved
}

// heard takes in a positions notice from another node. "" means notices may have been lost:
// every read model may have changed meanwhile.
func (r *Runner) heard(notice string) {
	if notice == "" {
		for _, w := range r.workers {
			w.changes.Add(1)
			w.progress.broadcast()
		}
		return
	}
	for _, entry := range strings.Split(notice, ";") {
		var (
			name        string
			version     int
			pos, stored int64
		)
		if _, err := fmt.Sscanf(entry, "%s %d %d %d", &name, &version, &pos, &stored); err != nil {
			continue
		}
		// An older version's read model is being replaced; a newer one (a rolling deploy)
		// is what this node's queries read.
		if w, ok := r.byName[name]; ok && version >= w.p.Version() {
			w.hear(pos, stored)
		}
	}
}
