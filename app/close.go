package app

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
)

// Payments is the payment provider as closing an account needs it: to stop billing.
type Payments interface {
	Cancel(ctx context.Context, subscriptionID, reason string) error
}

// WithPayments lets closing an account cancel the user's billed subscription.
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
	Email  string
	// EraseElsewhere erases what the caller keeps of the user (sign-in sessions, dead
	// letters); it runs after the closure is recorded and before the scrub.
	EraseElsewhere func(context.Context) error
}

// CloseAccount cancels a billed subscription with the payment provider, gives each buyer of
// the user's plans and each client they shared one with a copy of their own, deletes every stream
// holding the user's events (found through the ownership read model), records
// account.closed.v1 in closed-<userId> so every read model drops the user's rows, and, once
// every read model has, scrubs the database files so that no byte of them is left there
// either.
func (a *App) CloseAccount(ctx context.Context, cmd CloseAccount) error {
	if err := a.rejectWaitingRequests(ctx, cmd.Meta, cmd.UserID, cmd.Email); err != nil {
		return err
	}
	streams, err := a.userStreams(ctx, cmd.UserID, cmd.Email)
	if err != nil {
		return err
	}
	if err := a.cancelSubscription(ctx, cmd.UserID); err != nil {
		return err
	}
	// Those who bought the user's plans, and clients they shared them with, keep them.
	if err := a.handOverAll(ctx, cmd.UserID, streams); err != nil {
		return err
	}
	if err := a.eraseStreams(ctx, cmd.UserID, streams); err != nil {
		return err
	}
	data, err := json.Marshal(account.AccountClosed{UserID: cmd.UserID, ClosedAt: a.now()})
	if err != nil {
		return err
	}
	// The event id derives from the user alone: closing twice records one closure.
	res, err := a.store.Append(ctx, ClosedStream(cmd.UserID), eventstore.Any, eventstore.EventData{
		ID: eventstore.DeriveID("account-closed", cmd.UserID), Type: account.TypeAccountClosed, Data: data, Metadata: cmd.Meta})
	if err != nil {
		return fmt.Errorf("record closure: %w", err)
	}
	if cmd.EraseElsewhere != nil {
		if err := cmd.EraseElsewhere(ctx); err != nil {
			return err
		}
	}
	a.scrubAfter(ctx, res.Position)
	return nil
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

// userStreams lists every stream of the user. The ownership read model must reach the
// store's head first, so a stream written just before is not missed; when it cannot (it
// stopped on an event), the close fails before anything is done.
func (a *App) userStreams(ctx context.Context, userID, email string) ([]string, error) {
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
	streams, err := a.read.Ownership.Streams(ctx, userID)
	if err != nil {
		return nil, err
	}
	return append(streams, UserStream(userID), BodyStream(userID), EmailStream(email)), nil
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

// scrubAfter waits until every read model has applied the closure recorded at position, so
// the user's rows are deleted everywhere, then has the store scrub the database files. A
// failure is logged, not returned: the account is closed, and the next scrub wipes what
// this one left.
func (a *App) scrubAfter(ctx context.Context, position int64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), scrubTimeout)
	defer cancel()
	if a.models != nil {
		wctx, cancel := context.WithTimeout(ctx, erasureWait)
		err := a.models.WaitFor(wctx, position)
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
