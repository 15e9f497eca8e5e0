package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// Payments is the payment provider as the app needs it: to stop billing when an account
// closes, and to ask what a subscription is now.
type Payments interface {
	Cancel(ctx context.Context, subscriptionID, reason string) error
	// Subscription is what the provider says now of subscription id; a domain.Invalid error
	// when it knows none of that id.
	Subscription(ctx context.Context, id string) (account.ProviderSubscription, error)
	// PaidOrder is what the provider says now of order id, with its capture's id when it was
	// captured; a domain.Invalid error when it knows none of that id.
	PaidOrder(ctx context.Context, id string) (plan.Order, string, error)
	// Refund gives a capture's money back; asked again, it answers as the first time.
	Refund(ctx context.Context, captureID string) error
}

// ErrPaymentsOff answers a purchase or a subscription when no payment provider is set.
var ErrPaymentsOff = domain.NotFound("Payments are not configured.")

// WithPayments lets closing an account cancel the user's billed subscription, subscribing
// and buying plans ask the provider, and the re-check ask about subscriptions
// (app/subscription.go).
func WithPayments(p Payments) Option { return func(a *App) { a.payments = p } }

// ownershipReadModel lists which streams hold events about which user.
const ownershipReadModel = "ownership"

// ClosedStream names the account-closed marker, which outlives erasure.
func ClosedStream(userID string) string { return "closed-" + userID }

// erasureWait bounds how long closing an account waits for every read model to drop the
// user's rows before the scrub: longer than a plain write's wait, because rows deleted after
// the scrub leave their bytes behind until the next one.
const erasureWait = 10 * time.Second

// scrubTimeout bounds the scrub, which runs even if the caller has gone: it is part of
// erasing the account, not of answering.
const scrubTimeout = 2 * time.Minute

// CloseAccount erases a user.
type CloseAccount struct {
	Meta   eventstore.Metadata
	UserID string
}

// WithUserErasers sets what erases a user's data kept outside the event store and the read
// models (sign-in sessions, import jobs, dead letters): each runs, with the user's id, as a
// step of every closing, before the closure is recorded; each must tolerate running again.
func WithUserErasers(erasers ...func(ctx context.Context, userID string) error) Option {
	return func(a *App) { a.userErasers = append(a.userErasers, erasers...) }
}

// WithStepHook calls hook before each step of a long process (closing an account: process
// "close", steps closingSteps); an error from it stops the process there, as a crash would.
// For tests of resuming.
func WithStepHook(hook func(process, step string) error) Option {
	return func(a *App) { a.stepHook = hook }
}

// The steps of closing an account, in order (FinishClosing).
const (
	StepRejectRequests     = "reject-requests"
	StepCancelSubscription = "cancel-subscription"
	StepHandOverPlans      = "hand-over-plans"
	StepEraseStreams       = "erase-streams"
	StepEraseElsewhere     = "erase-elsewhere"
	StepRecordClosure      = "record-closure"
)

// ClosingSteps lists the steps of closing an account in the order they run.
var ClosingSteps = []string{StepRejectRequests, StepCancelSubscription, StepHandOverPlans, StepEraseStreams,
	StepEraseElsewhere, StepRecordClosure}

// CloseAccount closes a user's account for good: it records that the closing began
// (account.closing_started.v1 in closed-<userId>, the process's durable state), then
// finishes it (FinishClosing). A closing that stops half way, the process killed or a step
// failing, is finished by the next FinishClosing of that user: the relay's closing reactor
// runs one for every closing begun, retrying until it succeeds. A closing begun that does not
// finish here answers ErrClosingContinues.
func (a *App) CloseAccount(ctx context.Context, cmd CloseAccount) error {
	now := a.now()
	if _, err := Execute(ctx, a, ClosedStream(cmd.UserID), cmd.Meta, func() *account.Closing { return &account.Closing{} },
		func(c *account.Closing) ([]domain.Event, error) { return c.Start(cmd.UserID, now) }); err != nil {
		return fmt.Errorf("begin closing: %w", err)
	}
	if err := a.FinishClosing(ctx, cmd.UserID); err != nil {
		return fmt.Errorf("%w: %w", ErrClosingContinues, err)
	}
	return nil
}

// ErrClosingContinues marks a CloseAccount whose closing began and could not yet finish: the
// closing is recorded, and the relay's reactor or the sweep (FinishClosings) finishes it.
var ErrClosingContinues = errors.New("the closing began and will be finished later")

// FinishClosing runs every step of closing userID's account that is not known to be done:
// requests waiting for their address answered no; their billed subscription cancelled with
// the payment provider; each buyer of their plans and each client they shared one with given
// a copy of their own; every stream holding their events deleted (found through the
// ownership read model; their user stream last, since the steps before read it); their data
// kept elsewhere erased (WithUserErasers); account.closed.v1 recorded, on which every read
// model drops their rows; then, once every read model has, the database files scrubbed so
// that no byte of them is left there either. Each step may run more than once: a step done
// before changes nothing. A closing not begun, or ended, does nothing.
func (a *App) FinishClosing(ctx context.Context, userID string) error {
	closing := &account.Closing{}
	if _, err := Load(ctx, a.store, ClosedStream(userID), closing); err != nil {
		return err
	}
	if !closing.Started() || closing.Closed() {
		return nil
	}
	meta := eventstore.Metadata{ActorID: userID, CommandID: eventstore.DeriveID("close", userID)}
	var streams []string
	var position int64
	steps := map[string]func() error{
		StepRejectRequests: func() error {
			// The answers name the user: their streams are listed after, to be erased too.
			if err := a.rejectWaitingRequests(ctx, meta, userID, a.emailOf(ctx, userID)); err != nil {
				return err
			}
			var err error
			streams, err = a.userStreams(ctx, userID)
			return err
		},
		StepCancelSubscription: func() error { return a.cancelSubscription(ctx, userID) },
		StepHandOverPlans:      func() error { return a.handOverAll(ctx, userID, streams) },
		StepEraseStreams:       func() error { return a.eraseStreams(ctx, userID, streams) },
		StepEraseElsewhere: func() error {
			for _, erase := range a.userErasers {
				if err := erase(ctx, userID); err != nil {
					return err
				}
			}
			return nil
		},
		StepRecordClosure: func() error {
			res, err := Execute(ctx, a, ClosedStream(userID), meta.Follow("closed"), func() *account.Closing { return &account.Closing{} },
				func(c *account.Closing) ([]domain.Event, error) { return c.Close(userID, a.now()) })
			position = res.Position
			return err
		},
	}
	for _, step := range ClosingSteps {
		if a.stepHook != nil {
			if err := a.stepHook("close", step); err != nil {
				return err
			}
		}
		if err := steps[step](); err != nil {
			return fmt.Errorf("closing an account, %s: %w", step, err)
		}
	}
	a.scrubAfter(ctx, position)
	return nil
}

// closingsAtOnce bounds the closings one page of FinishClosings reads.
var closingsAtOnce = 100

// FinishClosings finishes the closings of accounts begun and not ended (found through the
// ownership read model, a page at a time) and reports how many it finished: those the relay's
// reactor gave up on (a step failing past its retries, the payment provider down) are finished
// by the next call. Each call tries every closing once, past those that fail again, so no
// number of failing closings keeps it from the rest. serve calls it every few minutes; each
// step runs again harmlessly.
func (a *App) FinishClosings(ctx context.Context) (int, error) {
	var errs []error
	done, after := 0, ""
	for {
		ids, err := a.read.Ownership.Closings(ctx, after, closingsAtOnce)
		if err != nil {
			return done, errors.Join(append(errs, err)...)
		}
		for _, id := range ids {
			if err := a.FinishClosing(ctx, id); err != nil {
				errs = append(errs, err)
				continue
			}
			done++
		}
		if len(ids) < closingsAtOnce {
			return done, errors.Join(errs...)
		}
		after = ids[len(ids)-1]
	}
}

// emailOf is the user's address as the accounts read model holds it until the closing is
// recorded ("" when it holds none).
func (a *App) emailOf(ctx context.Context, userID string) string {
	if a.read.Accounts == nil {
		return ""
	}
	u, err := a.read.Accounts.ByID(ctx, userID)
	if err != nil {
		return ""
	}
	return u.Email
}

// cancelSubscription cancels the user's billed subscription, so nobody pays for an account
// that is gone.
func (a *App) cancelSubscription(ctx context.Context, userID string) error {
	if a.payments == nil {
		return nil
	}
	u := newUser()
	if _, err := Load(ctx, a.store, UserStream(userID), u); err != nil {
		return err
	}
	if id := u.ActiveSubscription(); id != "" {
		if err := a.payments.Cancel(ctx, id, "Account closed"); err != nil {
			return fmt.Errorf("cancel subscription %s: %w", id, err)
		}
	}
	return nil
}

// userStreams lists every stream of the user but the closing's own, their user stream
// last. The ownership read model must reach the store's head first, so a stream written just
// before is not missed; when it cannot (it stopped on an event), the closing stops before
// anything is erased.
func (a *App) userStreams(ctx context.Context, userID string) ([]string, error) {
	head, err := a.store.Head(ctx)
	if err != nil {
		return nil, err
	}
	if a.models != nil {
		wctx, cancel := context.WithTimeout(ctx, erasureWait)
		err := a.models.WaitFor(wctx, head, ownershipReadModel)
		cancel()
		if err != nil {
			return nil, fmt.Errorf("the ownership read model has not reached %d, so the user's streams are not all known: %w", head, err)
		}
	}
	owned, err := a.read.Ownership.Streams(ctx, userID)
	if err != nil {
		return nil, err
	}
	streams := []string{BodyStream(userID)}
	if email := a.emailOf(ctx, userID); email != "" {
		streams = append(streams, EmailStream(email))
	}
	for _, s := range owned {
		if s != ClosedStream(userID) && s != UserStream(userID) {
			streams = append(streams, s)
		}
	}
	return append(streams, UserStream(userID)), nil
}

// eraseStreams deletes the user's streams. An e-mail claim is deleted only while it is the
// user's (or no one's): an address they gave up may be another user's now.
func (a *App) eraseStreams(ctx context.Context, userID string, streams []string) error {
	seen := map[string]bool{}
	for _, stream := range streams {
		if seen[stream] {
			continue
		}
		seen[stream] = true
		if strings.HasPrefix(stream, "email-") {
			holder, err := a.claimHolder(ctx, stream)
			if err != nil {
				return err
			}
			if holder != "" && holder != userID {
				continue
			}
		}
		if err := a.store.DeleteStream(ctx, stream); err != nil {
			return fmt.Errorf("erase %s: %w", stream, err)
		}
		a.Forget(stream)
	}
	return nil
}

// claimHolder is the user who holds the e-mail claim stream, if any.
func (a *App) claimHolder(ctx context.Context, stream string) (string, error) {
	c := &account.EmailClaim{}
	if _, err := Load(ctx, a.store, stream, c); err != nil {
		return "", err
	}
	return c.Holder(), nil
}

// readModelNames names every read model (not the relay, which forwards events and holds
// none of the user's rows, and may be the caller: the closing reactor).
func readModelNames() []string {
	var names []string
	for _, p := range readmodels.All() {
		names = append(names, p.Name())
	}
	return names
}

// scrubAfter waits until every read model has applied the closure recorded at position, so
// the user's rows are deleted everywhere, then has the store scrub the database files. A
// failure is logged, not returned: the account is closed, and the next scrub wipes what
// this one left.
func (a *App) scrubAfter(ctx context.Context, position int64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), scrubTimeout)
	defer cancel()
	if a.models != nil {
		wctx, cancel := context.WithTimeout(ctx, erasureWait)
		err := a.models.WaitFor(wctx, position, readModelNames()...)
		cancel()
		if err != nil {
			a.log.ErrorContext(ctx, "closing an account: the read models had not dropped the user's rows when the files were scrubbed",
				slog.Int64("position", position), slog.Any("error", err))
		}
	}
	sc, ok := a.store.(eventstore.Scrubber)
	if !ok {
		a.log.WarnContext(ctx, "closing an account: the event store cannot scrub its files, so deleted bytes stay until their space is reused")
		return
	}
	start := time.Now()
	if err := sc.Scrub(ctx); err != nil {
		a.log.ErrorContext(ctx, "closing an account: scrub the database files", slog.Any("error", err))
		return
	}
	a.log.InfoContext(ctx, "closing an account: database files scrubbed", slog.Duration("took", time.Since(start)))
}
