package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

// Trainer plan price, shown by the upgrade page.
const (
	trainerCurrency = "GBP"
	trainerPrice    = "10.00"
)

// mountPayments mounts the public payment routes: the button's configuration and PayPal's
// webhook.
func (s *Server) mountPayments(r chi.Router) {
	r.Get("/payments/config", s.handle(s.paymentsConfig))
	r.Post("/payments/paypal/webhook", s.handle(s.paypalWebhook))
}

// mountSubscription mounts the subscribe route (verified users).
func (s *Server) mountSubscription(r chi.Router) {
	r.Post("/users/subscribe", s.handle(s.subscribe))
}

func (s *Server) paymentsConfig(w http.ResponseWriter, _ *http.Request) error {
	body := map[string]any{"configured": false, "clientId": nil, "planId": nil, "sdkUrl": nil,
		"currency": trainerCurrency, "price": trainerPrice}
	if c := s.area.paymentsC; s.area.payments != nil {
		body["configured"], body["clientId"], body["planId"], body["sdkUrl"] = true, c.ClientID, c.PlanID, c.ScriptURL()
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

var errPaymentsOff = app.ErrPaymentsOff

func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	req := account.SubscriptionRequest{PaymentSource: f.String("paymentSource"), OrderID: f.String("orderId")}
	subID := strings.TrimSpace(f.String("subscriptionId"))
	if subID == "" && !f.v.Has("subscriptionId") {
		f.v.Add("subscriptionId", "Please give the subscription id.")
	} else if len(subID) > 100 {
		f.v.Add("subscriptionId", "The subscription could not be found.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.app.Subscribe(r.Context(), app.Subscribe{Meta: commandMeta(r, u.ID), UserID: u.ID, SubscriptionID: subID,
		PlanID: s.area.paymentsC.PlanID, Request: req}); err != nil {
		return err
	}
	u, err = s.accounts.ByID(r.Context(), u.ID)
	if err != nil {
		return err
	}
	return s.writeMe(w, r, http.StatusOK, u)
}

// webhookEvent is the part of a PayPal notification the server reads.
type webhookEvent struct {
	ID        string `json:"id"`
	EventType string `json:"event_type"`
	Resource  struct {
		ID                 string `json:"id"`
		BillingAgreementID string `json:"billing_agreement_id"`
	} `json:"resource"`
}

// subscriptionID names the subscription a notification is about, or "".
func (e webhookEvent) subscriptionID() string {
	switch {
	case strings.HasPrefix(e.EventType, "BILLING.SUBSCRIPTION."):
		return e.Resource.ID
	case strings.HasPrefix(e.EventType, "PAYMENT.SALE."):
		return e.Resource.BillingAgreementID
	}
	return ""
}

// paypalWebhook takes PayPal's notifications. Only a notification whose signature PayPal
// confirms is read, and even then its content is not trusted: the server asks PayPal for the
// subscription it names and records that. A notification id seen before is ignored (it is
// the command id, so Execute answers a replay without deciding again).
func (s *Server) paypalWebhook(w http.ResponseWriter, r *http.Request) error {
	if s.area.payments == nil {
		return errPaymentsOff
	}
	raw, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
	if err != nil {
		return httpError(http.StatusRequestEntityTooLarge, "The request body is too large.")
	}
	ok, err := s.area.payments.VerifyWebhook(r.Context(), r.Header, raw)
	if err != nil {
		return err
	}
	if !ok {
		return domain.Unauthorized("The notification's signature could not be verified.")
	}
	var ev webhookEvent
	if err := json.Unmarshal(raw, &ev); err != nil || ev.ID == "" {
		return domain.Invalid("", "The notification could not be read.")
	}
	if subID := ev.subscriptionID(); subID != "" {
		if err := s.app.RecheckSubscription(r.Context(), subID, "paypal-webhook:"+ev.ID); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
	return nil
}

// RecheckSubscriptions asks PayPal about every trainer's subscription and records what it
// says (app.RecheckSubscriptions). cmd/gymlog runs it periodically; it does nothing when
// payments are not configured.
func (s *Server) RecheckSubscriptions(ctx context.Context) error {
	return s.app.RecheckSubscriptions(ctx)
}
