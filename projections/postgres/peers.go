package postgres

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	eventstore "github.com/gymlog/gymlog/eventstore/postgres"
)

// peersChannel is the NOTIFY channel of the nodes' notices.
const peersChannel = "gymlog_peers"

// ackBound is how long Tell waits for the other nodes to acknowledge a notice; a node that
// has not by then is taken for gone until it is heard from again.
const ackBound = 500 * time.Millisecond

// The topics the adapter keeps for itself: a node says hello when it starts listening, the
// others answer that they are here, and each acknowledges every notice it has handed on.
const (
	topicHello = "peers.hello"
	topicHere  = "peers.here"
	topicAck   = "peers.ack"
)

// Peers is projections.Peers on PostgreSQL: a notice is a NOTIFY on one channel, which every
// node hears through a LISTEN connection of its own and acknowledges, once handed on to its
// hearers, with a NOTIFY of its own. Tell waits for the acknowledgements of the nodes it
// knows: when it returns, every node that is alive has taken the notice in.
type Peers struct {
	db     *sql.DB
	config *pgx.ConnConfig
	node   string
	log    *slog.Logger

	// sendMu sends this node's notices one at a time, so that they arrive in the order of
	// their numbers and an acknowledgement of one covers those before it.
	sendMu sync.Mutex

	mu      sync.Mutex
	hearers map[int]hearer
	nextID  int
	told    uint64
	// known holds the other nodes heard from, and not found gone since, each with the
	// count of notices heard (heard) when it was last heard.
	known   map[string]uint64
	heard   uint64
	pending map[uint64]*waiting // this node's notices not yet acknowledged by all
	up      chan struct{}       // closed once listening for the first time
	upOnce  sync.Once
	// toAck holds, per node, the number of its newest notice taken in and not yet
	// acknowledged; ackDue wakes the acknowledging goroutine.
	toAck  map[string]uint64
	ackDue chan struct{}

	stop context.CancelFunc
	done chan struct{}
}

type hearer struct {
	topic string
	on    func(notice string)
}

// waiting is a notice waiting for the acknowledgements of the nodes that have not sent one;
// since is the count of notices heard when it was sent.
type waiting struct {
	nodes map[string]bool
	since uint64
	done  chan struct{}
}

// NewPeers starts listening for the notices of the nodes on db, which must have been opened
// with pgx's database/sql driver (stdlib), and returns once it listens (or after a few
// seconds of trying, when it keeps trying in the background). Close stops it.
func NewPeers(db *sql.DB, log *slog.Logger) (*Peers, error) {
	var config *pgx.ConnConfig
	conn, err := db.Conn(context.Background())
	if err != nil {
		return nil, fmt.Errorf("postgres: peers: %w", err)
	}
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("the read-model database is not opened with pgx")
		}
		config = c.Conn().Config().Copy()
		// The copy would hand notifications to the connection it was copied from.
		config.OnNotification = nil
		return nil
	})
	_ = conn.Close()
	if err != nil {
		return nil, fmt.Errorf("postgres: peers: %w", err)
	}
	id := make([]byte, 8)
	if _, err := rand.Read(id); err != nil {
		return nil, fmt.Errorf("postgres: peers: %w", err)
	}
	if log == nil {
		log = slog.Default()
	}
	ctx, stop := context.WithCancel(context.Background())
	p := &Peers{db: db, config: config, node: hex.EncodeToString(id), log: log,
		hearers: map[int]hearer{}, known: map[string]uint64{}, pending: map[uint64]*waiting{},
		toAck: map[string]uint64{}, ackDue: make(chan struct{}, 1),
		up: make(chan struct{}), stop: stop, done: make(chan struct{})}
	var running sync.WaitGroup
	running.Go(func() { p.acknowledge(ctx) })
	running.Go(func() { p.listen(ctx) })
	go func() { running.Wait(); close(p.done) }()
	select {
	case <-p.up:
	case <-time.After(5 * time.Second):
	}
	return p, nil
}

// Close stops listening.
func (p *Peers) Close() {
	p.stop()
	<-p.done
}

// Tell implements projections.Peers: it returns once every other node it knows has
// acknowledged the notice, or after ackBound.
func (p *Peers) Tell(ctx context.Context, topic, notice string) error {
	acked, err := p.Send(ctx, topic, notice, true)
	if err != nil {
		return err
	}
	select {
	case <-acked:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Send implements projections.Peers: with ack set, acked is closed once every other node it
// knows has acknowledged the notice, or after ackBound, when those that have not are taken
// for gone. A notice sent without ack is numbered 0, which the others do not acknowledge.
func (p *Peers) Send(ctx context.Context, topic, notice string, ack bool) (<-chan struct{}, error) {
	if !ack {
		p.sendMu.Lock()
		defer p.sendMu.Unlock()
		return nil, p.notify(ctx, 0, topic, notice)
	}
	p.sendMu.Lock()
	p.mu.Lock()
	p.told++
	seq := p.told
	w := &waiting{nodes: map[string]bool{}, since: p.heard, done: make(chan struct{})}
	for n := range p.known {
		w.nodes[n] = true
	}
	acks := len(w.nodes) > 0
	if acks {
		p.pending[seq] = w
	}
	p.mu.Unlock()
	err := p.notify(ctx, seq, topic, notice)
	p.sendMu.Unlock()
	if err != nil {
		p.settle(seq, false)
		return nil, err
	}
	if !acks {
		close(w.done)
		return w.done, nil
	}
	time.AfterFunc(ackBound, func() { p.settle(seq, true) }) // once acknowledged, settled already
	return w.done, nil
}

// notify sends this node's notice seq under topic.
func (p *Peers) notify(ctx context.Context, seq uint64, topic, notice string) error {
	payload := strings.Join([]string{p.node, strconv.FormatUint(seq, 10), topic, notice}, " ")
	if _, err := p.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, peersChannel, payload); err != nil {
		return fmt.Errorf("postgres: tell peers: %w", err)
	}
	return nil
}

// settle stops waiting for the acknowledgements of notice seq; with gone set, the nodes that
// have not sent theirs, nor anything else since it was sent, are taken for gone.
func (p *Peers) settle(seq uint64, gone bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w, ok := p.pending[seq]
	if !ok {
		return
	}
	delete(p.pending, seq)
	if gone {
		for n := range w.nodes {
			if p.known[n] <= w.since {
				delete(p.known, n)
				p.log.Warn("a node did not acknowledge a notice; taken for gone until heard again", "node", n)
			}
		}
	}
	close(w.done)
}

// acknowledged records that node took in this node's notices up to number upTo.
func (p *Peers) acknowledged(node string, upTo uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for seq, w := range p.pending {
		if seq > upTo {
			continue
		}
		delete(w.nodes, node)
		if len(w.nodes) == 0 {
			delete(p.pending, seq)
			close(w.done)
		}
	}
}

// acknowledge sends, until ctx ends, the acknowledgements of the notices taken in: one per
// node for the newest, which covers those before it. It runs apart from the listening, so
// that notices are taken in while acknowledgements are on their way.
func (p *Peers) acknowledge(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.ackDue:
		}
		p.mu.Lock()
		due := p.toAck
		p.toAck = map[string]uint64{}
		p.mu.Unlock()
		for node, seq := range due {
			if err := p.notify(ctx, 0, topicAck, node+" "+strconv.FormatUint(seq, 10)); err != nil && ctx.Err() == nil {
				p.log.WarnContext(ctx, "a notice not acknowledged", "node", node, "err", err)
			}
		}
	}
}

// Nodes returns how many other nodes this one knows: heard from, and not found gone since.
func (p *Peers) Nodes() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.known)
}

// Hear implements projections.Peers.
func (p *Peers) Hear(topic string, on func(notice string)) (stop func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	id := p.nextID
	p.nextID++
	p.hearers[id] = hearer{topic: topic, on: on}
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		delete(p.hearers, id)
	}
}

// deliver hands a notice to the hearers of its topic ("" to every hearer: notices may have
// been lost).
func (p *Peers) deliver(topic, notice string) {
	p.mu.Lock()
	var on []func(string)
	for _, h := range p.hearers {
		if topic == "" || h.topic == topic {
			on = append(on, h.on)
		}
	}
	p.mu.Unlock()
	for _, f := range on {
		f(notice)
	}
}

// lost forgets every other node and stops waiting for acknowledgements: while this node does
// not listen it can hear neither.
func (p *Peers) lost() {
	p.mu.Lock()
	clear(p.known)
	var seqs []uint64
	for seq := range p.pending {
		seqs = append(seqs, seq)
	}
	p.mu.Unlock()
	for _, seq := range seqs {
		p.settle(seq, false)
	}
}

// listen keeps a LISTEN connection up until Close.
func (p *Peers) listen(ctx context.Context) {
	eventstore.Listen(ctx, p.config, peersChannel, p.connected, p.take, func(err error, retryIn time.Duration) {
		p.lost()
		p.log.WarnContext(ctx, "notices from the other nodes lost; reconnecting", "err", err, "retry_in", retryIn)
	})
	p.lost()
}

// connected runs once this node listens: what was told meanwhile is lost to it, and it says
// hello so that the others answer and it knows them.
func (p *Peers) connected(ctx context.Context) error {
	p.deliver("", "")
	if err := p.notify(ctx, 0, topicHello, ""); err != nil {
		return err
	}
	p.upOnce.Do(func() { close(p.up) })
	return nil
}

// take handles one notice heard: another node's is handed on to the hearers and then
// acknowledged, so that its teller knows it was taken in.
func (p *Peers) take(ctx context.Context, payload string) error {
	parts := strings.SplitN(payload, " ", 4)
	if len(parts) != 4 || parts[0] == p.node {
		return nil
	}
	from, topic, notice := parts[0], parts[2], parts[3]
	seq, err := strconv.ParseUint(parts[1], 10, 64)
	if err != nil {
		return nil
	}
	p.mu.Lock()
	p.heard++
	p.known[from] = p.heard
	p.mu.Unlock()
	switch topic {
	case topicAck:
		to, acked, _ := strings.Cut(notice, " ")
		if n, err := strconv.ParseUint(acked, 10, 64); err == nil && to == p.node {
			p.acknowledged(from, n)
		}
		return nil
	case topicHello:
		return p.notify(ctx, 0, topicHere, "")
	case topicHere:
		return nil
	}
	p.deliver(topic, notice)
	if seq == 0 {
		return nil // not to be acknowledged
	}
	p.mu.Lock()
	p.toAck[from] = max(p.toAck[from], seq)
	p.mu.Unlock()
	select {
	case p.ackDue <- struct{}{}:
	default: // already due: the newest number is sent
	}
	return nil
}
