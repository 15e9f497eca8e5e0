package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
)

// Subscribe makes the user a trainer with a subscription the payment provider confirmed.
type Subscribe struct {
	Meta         eventstore.Metadata
	UserID       string
	Subscription account.ProviderSubscription // as the provider reports it
	PlanID       string                       // the trainer plan the app sells
	Request      account.SubscriptionRequest
}

// Subscribe records the subscription, which the domain accepts only when active and for
// the plan.
func (a *App) Subscribe(ctx context.Context, cmd Subscribe) error {
	now := a.now()
	return a.changeUser(ctx, cmd.Meta, cmd.UserID, func(u *account.User) ([]domain.Event, error) {
		return u.Subscribe(cmd.Subscription, cmd.PlanID, cmd.Request, now)
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
