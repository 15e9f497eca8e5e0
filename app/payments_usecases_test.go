package app_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	domainplan "github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
	"github.com/gymlog/gymlog/projections/plans"
)

// withPayPal is the app's payments port on PayPal's client, speaking to a local stand-in of
// PayPal's REST API (the provider cannot run here).
func withPayPal(t *testing.T) (*paypaltest.Server, app.Option) {
	t.Helper()
	pp := paypaltest.New()
	srv := httptest.NewServer(pp)
	t.Cleanup(srv.Close)
	client := paypal.New(paypal.Config{APIURL: srv.URL, ClientID: paypaltest.ClientID, Secret: paypaltest.Secret,
		PlanID: paypaltest.PlanID}, srv.Client())
	return pp, app.WithPayments(paypal.Payments{Client: client})
}

// A trainer's subscription through its use cases, below HTTP: without a provider it is
// refused; an unknown id, a subscription that is not active or for another plan append
// nothing; an active one makes the user a trainer, and asked again changes nothing; the
// provider's news of a cancellation is recorded with the paid period, and once the period is
// over the user stops being a trainer.
func TestSubscribingAndItsStatusAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		clock := &movableClock{now: time.Now().UTC().Truncate(time.Second)}
		pp, payments := withPayPal(t)
		a := useCases(t, b, clock.now, app.WithClock(clock.read), payments)
		if err := register(t, a, "u1", "tara@example.com", "Secret123", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		expect := tail(t, b.Store, app.UserStream("u1"))
		expect("the sign-up", "account.UserRegistered account.VerificationCodeIssued")
		subscribe := func(what, id string) error {
			return a.Subscribe(ctx, app.Subscribe{Meta: meta("u1", what), UserID: "u1", SubscriptionID: id,
				PlanID: paypaltest.PlanID, Request: account.SubscriptionRequest{PaymentSource: "paypal"}})
		}

		off := useCases(t, b, clock.now)
		if err := off.Subscribe(ctx, app.Subscribe{Meta: meta("u1", "no provider"), UserID: "u1", SubscriptionID: "I-1",
			PlanID: paypaltest.PlanID}); err != app.ErrPaymentsOff {
			t.Errorf("subscribing without a provider: %v, want %v", err, app.ErrPaymentsOff)
		}
		for what, id := range map[string]string{
			"an unknown id":    "I-NOBODY",
			"not active":       pp.Add(paypaltest.PlanID, "APPROVAL_PENDING"),
			"for another plan": pp.Add("P-OTHER", "ACTIVE"),
		} {
			if err := subscribe(what, id); !hasViolation(err, "subscriptionId") {
				t.Errorf("a subscription %s: %v, want refused under subscriptionId", what, err)
			}
		}
		expect("the refused subscriptions", "")

		id := pp.Add(paypaltest.PlanID, "ACTIVE")
		if err := subscribe("subscribe", id); err != nil {
			t.Fatal(err)
		}
		expect("the subscription", "account.TrainerSubscribed")
		if err := subscribe("subscribe again", id); err != nil {
			t.Errorf("the same subscription again: %v", err)
		}
		expect("the same subscription again", "")

		// PayPal cancels it; the paid period runs to the next billing time.
		paidUntil := clock.now.Add(10 * 24 * time.Hour)
		pp.SetStatus(id, "CANCELLED", paidUntil)
		if err := a.RecheckSubscription(ctx, id, "notice-1"); err != nil {
			t.Fatal(err)
		}
		cancelled := expect("the cancellation", "account.TrainerSubscriptionCancelled")[0].(account.TrainerSubscriptionCancelled)
		if cancelled.PaidUntil == nil || !cancelled.PaidUntil.Equal(paidUntil) {
			t.Errorf("paid until %v, want %v", cancelled.PaidUntil, paidUntil)
		}
		if err := a.RecordSubscriptionStatus(ctx, app.RecordSubscriptionStatus{Meta: meta("u1", "status again"), UserID: "u1",
			Subscription: account.ProviderSubscription{ID: id, PlanID: paypaltest.PlanID, Status: "CANCELLED", PaidUntil: &paidUntil}}); err != nil {
			t.Fatal(err)
		}
		expect("the same news within the paid period", "")
		clock.now = paidUntil.Add(time.Minute)
		if err := a.RecordSubscriptionStatus(ctx, app.RecordSubscriptionStatus{Meta: meta("u1", "status later"), UserID: "u1",
			Subscription: account.ProviderSubscription{ID: id, PlanID: paypaltest.PlanID, Status: "CANCELLED", PaidUntil: &paidUntil}}); err != nil {
			t.Fatal(err)
		}
		expect("the news after the paid period", "account.TrainerSubscriptionEnded")
		if err := a.RecordSubscriptionStatus(ctx, app.RecordSubscriptionStatus{Meta: meta("u1", "other"), UserID: "u1",
			Subscription: account.ProviderSubscription{ID: "I-OTHER", Status: "ACTIVE"}}); err != nil {
			t.Fatal(err)
		}
		expect("news of another subscription", "")
	})
}

// Buying a plan through its use case, below HTTP: the order is read from the provider, and
// only an order captured in GBP for the plan's price buys it, once; a second order paid for a
// plan the buyer has is refunded through the provider, and the buyer told so.
func TestBuyingAPlanAppendsWhatItDecides(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		pp, payments := withPayPal(t)
		a := useCases(t, b, time.Now().UTC(), payments)
		if err := a.CreatePlan(ctx, app.CreatePlan{Meta: meta("t1", "plan"), ID: "p1", UserID: "t1",
			Input: domainplan.Details{Name: "Strength A"}}); err != nil {
			t.Fatal(err)
		}
		price := 9.99
		if err := a.PublishPlan(ctx, app.PublishPlan{Meta: meta("t1", "publish"), ID: "p1", Trainer: true,
			Listing: domainplan.Listing{Price: &price, Tagline: "Get strong", Level: "Beginner"}, MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		buy := func(what, orderID string) error {
			return a.BuyPlan(ctx, app.BuyPlan{Meta: meta("b1", what), PlanID: "p1", BuyerID: "b1", OrderID: orderID})
		}
		role := func() string {
			r, err := plans.NewQueries(b.DB).Role(ctx, "p1", "b1")
			if err != nil {
				t.Fatal(err)
			}
			return r
		}

		off := useCases(t, b, time.Now().UTC())
		if err := off.BuyPlan(ctx, app.BuyPlan{Meta: meta("b1", "no provider"), PlanID: "p1", BuyerID: "b1",
			OrderID: "5O190127TN364715T"}); err != app.ErrPaymentsOff {
			t.Errorf("buying without a provider: %v, want %v", err, app.ErrPaymentsOff)
		}
		refusals := map[string]string{
			"an unknown order":      "5O190127TN364715T",
			"an order not captured": pp.AddOrder("GBP", "9.99", "APPROVED"),
			"a price of 9.00":       pp.AddOrder("GBP", "9.00", "COMPLETED"),
			"a payment in euros":    pp.AddOrder("EUR", "9.99", "COMPLETED"),
		}
		for what, orderID := range refusals {
			if err := buy(what, orderID); !hasViolation(err, "orderId") {
				t.Errorf("%s: %v, want refused under orderId", what, err)
			}
			if events, _ := appended(t, b.Store, app.OrderStream(orderID)); len(events) != 0 {
				t.Errorf("%s appended %q", what, kinds(events))
			}
		}
		if r := role(); r != "" {
			t.Fatalf("the buyer's role after the refusals: %q", r)
		}

		paid := pp.AddOrder("GBP", "9.99", "COMPLETED")
		if err := buy("buy", paid); err != nil {
			t.Fatal(err)
		}
		if events, _ := appended(t, b.Store, app.OrderStream(paid)); kinds(events) != "plan.PlanBought" {
			t.Errorf("the purchase appended %q to the order's stream", kinds(events))
		}
		if r := role(); r != plans.RoleBought {
			t.Errorf("the buyer's role: %q, want %q", r, plans.RoleBought)
		}
		if err := buy("buy", paid); err != nil {
			t.Errorf("the purchase retried: %v", err)
		}
		if err := a.BuyPlan(ctx, app.BuyPlan{Meta: meta("b2", "buy"), PlanID: "p1", BuyerID: "b2", OrderID: paid}); !hasViolation(err, "orderId") {
			t.Errorf("someone else buying with the same order: %v, want refused", err)
		}
		if events, _ := appended(t, b.Store, app.OrderStream(paid)); len(events) != 1 {
			t.Errorf("the order's stream after the retry and the reuse: %q", kinds(events))
		}

		second := pp.AddOrder("GBP", "9.99", "COMPLETED")
		err := buy("buy again", second)
		var invalid *domain.ValidationError
		if !hasViolation(err, "orderId") || !errors.As(err, &invalid) ||
			invalid.Violations[0].Message != "You have this plan already, so this payment was refunded." {
			t.Errorf("a second order for a plan the buyer has: %v", err)
		}
		if o, _ := pp.GetOrder(second); o.RefundID == "" {
			t.Error("the second order was not refunded")
		}
		if events, _ := appended(t, b.Store, app.OrderStream(second)); len(events) != 0 {
			t.Errorf("the refunded order appended %q", kinds(events))
		}
	})
}
