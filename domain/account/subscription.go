package account

import (
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Subscription statuses as the payment provider reports them.
const (
	SubscriptionActive    = "ACTIVE"
	SubscriptionCancelled = "CANCELLED"
	SubscriptionSuspended = "SUSPENDED"
	SubscriptionExpired   = "EXPIRED"
)

// ProviderSubscription is a subscription as the payment provider reported it to the server,
// never as the browser described it.
type ProviderSubscription struct {
	ID     string
	PlanID string
	Status string
	// PaidUntil is the end of the period paid for (the next billing time), if known.
	PaidUntil *time.Time
}

// SubscriptionRequest is what the browser sent after the provider's button approved.
type SubscriptionRequest struct {
	PaymentSource, OrderID string
}

// Trainer reports whether the user is a Personal Trainer now.
func (u *User) Trainer() bool { return u.trainer }

// ActiveSubscription is the id of the subscription the provider still bills, or "" when
// there is none (never subscribed, or cancelled).
func (u *User) ActiveSubscription() string {
	if u.trainer && !u.cancelled {
		return u.subscriptionID
	}
	return ""
}

// Subscribe makes the user a trainer with sub, which must be ACTIVE and for planID. The same
// subscription again changes nothing; another one while one is billed is a conflict.
func (u *User) Subscribe(sub ProviderSubscription, planID string, req SubscriptionRequest, now time.Time) ([]domain.Event, error) {
	switch {
	case !u.Registered():
		return nil, domain.NotFound("User not found.")
	case sub.ID == u.subscriptionID && u.trainer && !u.cancelled:
		return nil, nil
	case sub.Status != SubscriptionActive:
		return nil, domain.Invalid("subscriptionId", "The subscription is not active.")
	case sub.PlanID != planID:
		return nil, domain.Invalid("subscriptionId", "The subscription is not for the trainer plan.")
	case u.ActiveSubscription() != "":
		return nil, domain.Conflict("You already have an active subscription.")
	}
	return []domain.Event{TrainerSubscribed{UserID: u.id, SubscriptionID: sub.ID, PlanID: sub.PlanID,
		PaymentSource: strings.TrimSpace(req.PaymentSource), OrderID: strings.TrimSpace(req.OrderID),
		SubscribedAt: now}}, nil
}

// RecordSubscriptionStatus takes in what the provider says of sub now (from a webhook or the
// periodic re-check). A subscription that is no longer billed is recorded cancelled; once
// its paid period is over the user stops being a trainer. News of another subscription than
// the user's current one, or of an unchanged one, changes nothing.
func (u *User) RecordSubscriptionStatus(sub ProviderSubscription, now time.Time) ([]domain.Event, error) {
	if !u.Registered() || sub.ID == "" || sub.ID != u.subscriptionID || !u.trainer {
		return nil, nil
	}
	var events []domain.Event
	paidUntil := u.paidUntil
	if !u.cancelled {
		switch sub.Status {
		case SubscriptionCancelled, SubscriptionSuspended, SubscriptionExpired:
			paidUntil = sub.PaidUntil
			events = append(events, TrainerSubscriptionCancelled{UserID: u.id, SubscriptionID: sub.ID,
				Status: sub.Status, PaidUntil: paidUntil, CancelledAt: now})
		default:
			return nil, nil
		}
	}
	if paidUntil == nil || !now.Before(*paidUntil) {
		events = append(events, TrainerSubscriptionEnded{UserID: u.id, SubscriptionID: sub.ID, EndedAt: now})
	}
	return events, nil
}
