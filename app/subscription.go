package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
)

// Subscribe makes the user a trainer with a subscription the payment provider confirmed.
type Subscribe struct {
	Meta           eventstore.Metadata
	UserID         string
	SubscriptionID string // only a name: the subscription is read from the provider
	PlanID         string // the trainer plan the app sells
	Request        account.SubscriptionRequest
}

// Subscribe reads the subscription from the payment provider and records it, which the
// domain accepts only when active and for the plan.
func (a *App) Subscribe(ctx context.Context, cmd Subscribe) error {
	if a.payments == nil {
		return ErrPaymentsOff
	}
	sub, err := a.payments.Subscription(ctx, cmd.SubscriptionID)
	if err != nil {
		return err
	}
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID, func(u *account.User) ([]domain.Event, error) {
		return u.Subscribe(sub, cmd.PlanID, cmd.Request, now)
	})
}

// RecordSubscriptionStatus records what the payment provider says of the user's
// subscription now (a notification, or the periodic re-check).
type RecordSubscriptionStatus struct {
	Meta         eventstore.Metadata
	UserID       string
	Subscription account.ProviderSubscription
}

// RecordSubscriptionStatus records the subscription's status; a trainer whose subscription
// ended stops being one when the paid period ends.
func (a *App) RecordSubscriptionStatus(ctx context.Context, cmd RecordSubscriptionStatus) error {
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID, func(u *account.User) ([]domain.Event, error) {
		return u.RecordSubscriptionStatus(cmd.Subscription, now)
	})
}

// RecheckSubscription records what the payment provider says now of subscription subID for
// the user who holds it (a notification of it arrived, named commandID, or the periodic
// re-check asks); a subscription no user holds is ignored, and one the provider no longer
// knows is recorded expired: nothing is billed any more.
func (a *App) RecheckSubscription(ctx context.Context, subID, commandID string) error {
	if a.payments == nil {
		return nil
	}
	u, err := a.read.Accounts.BySubscription(ctx, subID)
	if domain.KindOf(err) == domain.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	sub, err := a.payments.Subscription(ctx, subID)
	if domain.KindOf(err) == domain.KindInvalid {
		sub = account.ProviderSubscription{ID: subID, Status: account.SubscriptionExpired}
	} else if err != nil {
		return fmt.Errorf("ask about subscription %s: %w", subID, err)
	}
	meta := eventstore.Metadata{CommandID: commandID, CorrelationID: commandID}
	return a.RecordSubscriptionStatus(ctx, RecordSubscriptionStatus{Meta: meta, UserID: u.ID, Subscription: sub})
}

// RecheckSubscriptions asks the payment provider about every trainer's subscription and
// records what it says, so a cancellation whose notification was lost is still seen, and a
// cancelled subscription's trainer stops being one when the paid period ends. serve runs it
// periodically; it does nothing when payments are not configured.
func (a *App) RecheckSubscriptions(ctx context.Context) error {
	if a.payments == nil {
		return nil
	}
	subs, err := a.read.Accounts.TrainerSubscriptions(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, sub := range subs {
		if err := a.RecheckSubscription(ctx, sub.SubscriptionID, ""); err != nil {
			a.log.WarnContext(ctx, "subscription re-check failed", slog.String("user", sub.UserID), slog.Any("error", err))
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
