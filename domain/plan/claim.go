package plan

// Rules of a buyer's claim on a plan (the Claim aggregate, stream bought-<buyerId>-<planId>):
//   - A buyer holds a plan by one order. The first order to claim it buys it; the same order
//     again records nothing (a retried request); another order is refused with
//     ErrHaveItAlready, and the caller refunds it. The claim is taken before the order's
//     PlanBought is recorded, so two orders paid for the same plan at the same instant
//     cannot both buy it: the store lets one of them append to the claim's stream first.

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// TypePurchaseClaimed names PurchaseClaimed as stored.
const TypePurchaseClaimed = "plan.purchase_claimed.v1"

// PurchaseClaimed: the order OrderID claimed the plan for the buyer UserID.
type PurchaseClaimed struct {
	PlanID    string    `json:"planId"`
	UserID    string    `json:"userId"`
	OrderID   string    `json:"orderId"`
	ClaimedAt time.Time `json:"claimedAt"`
}

// EventType names the event as stored.
func (PurchaseClaimed) EventType() string { return TypePurchaseClaimed }

// OwnerID is the buyer, whose closing erases the claim (domain.Owned).
func (e PurchaseClaimed) OwnerID() string { return e.UserID }

func init() { domain.Register[PurchaseClaimed](TypePurchaseClaimed) }

// Claim is the aggregate of one buyer's claim on one plan.
type Claim struct {
	buyer, planID string
	orderID       string // the order that claimed it, "" for none
}

// NewClaim returns buyerID's claim on planID, ready to have its history applied.
func NewClaim(buyerID, planID string) *Claim { return &Claim{buyer: buyerID, planID: planID} }

// Apply is the one transition switch of the aggregate.
func (c *Claim) Apply(e domain.Event) {
	if e, ok := e.(PurchaseClaimed); ok && c.orderID == "" {
		c.orderID = e.OrderID
	}
}

// Take claims the plan with orderID.
func (c *Claim) Take(orderID string, now time.Time) ([]domain.Event, error) {
	switch c.orderID {
	case "":
		return []domain.Event{PurchaseClaimed{PlanID: c.planID, UserID: c.buyer, OrderID: orderID, ClaimedAt: now}}, nil
	case orderID:
		return nil, nil
	}
	return nil, ErrHaveItAlready
}
