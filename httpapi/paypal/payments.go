package paypal

import (
	"context"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
)

// Payments is PayPal as the use cases ask it (app.Payments): it says what a subscription and
// an order are now, in the domain's words, cancels subscriptions and refunds captures. The
// domain decides on what it says.
type Payments struct{ *Client }

// Subscription asks PayPal about subscription id; a domain.Invalid error when PayPal knows
// none of that id.
func (p Payments) Subscription(ctx context.Context, id string) (account.ProviderSubscription, error) {
	sub, err := p.Client.Subscription(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return account.ProviderSubscription{}, domain.Invalid("subscriptionId", "The subscription could not be found.")
	}
	if err != nil {
		return account.ProviderSubscription{}, fmt.Errorf("ask PayPal about %s: %w", id, err)
	}
	return account.ProviderSubscription{ID: sub.ID, PlanID: sub.PlanID, Status: sub.Status,
		PaidUntil: sub.BillingInfo.NextBillingTime}, nil
}

// PaidOrder asks PayPal about order id, and gives its capture too, which a refund names; a
// domain.Invalid error when PayPal knows none of that id. An order whose one capture is not
// COMPLETED (pending, declined) comes without a status: it is not paid.
func (p Payments) PaidOrder(ctx context.Context, id string) (plan.Order, string, error) {
	o, err := p.Client.Order(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return plan.Order{}, "", domain.Invalid("orderId", "The order could not be found.")
	}
	if err != nil {
		return plan.Order{}, "", fmt.Errorf("ask PayPal about order %s: %w", id, err)
	}
	amount, captured := o.Captured()
	out := plan.Order{ID: o.ID, Status: o.Status, Currency: amount.CurrencyCode, Amount: amount.Value}
	if !captured {
		out.Status = ""
		return out, "", nil
	}
	return out, o.PurchaseUnits[0].Payments.Captures[0].ID, nil
}
