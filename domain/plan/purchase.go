package plan

// Rules of a purchase (the Purchase aggregate, stream order-<orderId>: one per payment
// provider order):
//   - An order buys one plan for one buyer, once. The same order for the same plan and
//     buyer again records nothing (a retried request succeeds); for another plan or buyer it
//     is refused.
//   - The order must be one the server read back from the provider (never the browser's
//     word): COMPLETED, captured in GBP for exactly the plan's price.
//   - Only a published plan is bought, and not by its owner, nor by someone who has it
//     already (bought with another order, or shared with them): such an order is refused
//     with ErrHaveItAlready, and the caller gives the money back (a refund of the capture).

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// OrderCompleted is the status of an order whose payment was captured.
const OrderCompleted = "COMPLETED"

// Order is a payment provider's order as the provider reported it to the server: its status
// and what was captured (Amount as the provider writes it, "9.99").
type Order struct {
	ID       string
	Status   string
	Currency string
	Amount   string
}

var orderIDPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// CheckOrderID reports whether id can name an order (it names a stream): 1 to 64 letters,
// digits and dashes.
func CheckOrderID(id string) error {
	if !orderIDPattern.MatchString(id) {
		return domain.Invalid("orderId", "The order could not be found.")
	}
	return nil
}

// pence reads an amount written "9.99" (or "10", "10.5") as pence; ok false otherwise.
func pence(amount string) (int64, bool) {
	whole, frac, _ := strings.Cut(amount, ".")
	if whole == "" || len(whole) > 9 || len(frac) > 2 || strings.Trim(whole+frac, "0123456789") != "" {
		return 0, false
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	return n, err == nil
}

// ErrHaveItAlready refuses an order for a plan the buyer has already: the caller refunds
// the order's capture and says so.
var ErrHaveItAlready = domain.Invalid("orderId", "You have this plan already.")

// Purchase is the aggregate of one order's use.
type Purchase struct {
	orderID       string
	bought        bool
	planID, buyer string
}

// NewPurchase returns the unused order orderID, ready to have its history applied.
func NewPurchase(orderID string) *Purchase { return &Purchase{orderID: orderID} }

// Apply is the one transition switch of the aggregate.
func (o *Purchase) Apply(e domain.Event) {
	if e, ok := e.(PlanBought); ok {
		o.bought, o.planID, o.buyer = true, e.PlanID, e.UserID
	}
}

// Buy records that buyerID bought the plan p with order, as the provider reported it; has
// says whether they have the plan already by another way (another order, a share).
func (o *Purchase) Buy(buyerID string, p *Plan, has bool, order Order, now time.Time) ([]domain.Event, error) {
	if o.bought {
		if o.planID == p.id && o.buyer == buyerID {
			return nil, nil
		}
		return nil, domain.Invalid("orderId", "This order was already used.")
	}
	if !p.Published() {
		return nil, domain.NotFound("Plan not found.")
	}
	if p.Owner() == buyerID {
		return nil, domain.Invalid("planId", "This plan is yours already.")
	}
	if order.ID != o.orderID || order.Status != OrderCompleted {
		return nil, domain.Invalid("orderId", "The payment was not completed.")
	}
	if paid, ok := pence(order.Amount); !ok || order.Currency != Currency || paid != p.listing.pence {
		return nil, domain.Invalid("orderId", "The payment does not match the plan's price.")
	}
	if has {
		return nil, ErrHaveItAlready
	}
	return []domain.Event{PlanBought{OrderID: o.orderID, PlanID: p.id, UserID: buyerID, SellerID: p.userID,
		PricePence: p.listing.pence, Currency: Currency, BoughtAt: now}}, nil
}
