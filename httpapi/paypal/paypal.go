// Package paypal is the adapter to the part of PayPal's REST API Gymlog uses: for the trainer
// subscription an OAuth client-credentials token, reading and cancelling a subscription,
// and verifying a webhook's signature; for buying a plan, reading a checkout order (Orders
// v2), which the browser created and captured with the JS SDK's one-off button. paypaltest
// serves the same subset locally.
package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Default addresses of live PayPal; the sandbox is api-m.sandbox.paypal.com with the same SDK.
const (
	DefaultAPIURL = "https://api-m.paypal.com"
	DefaultSDKURL = "https://www.paypal.com/sdk/js"
)

// Config is the payments configuration; without a client id, secret and plan id payments
// are off and the upgrade page says so.
type Config struct {
	APIURL    string
	SDKURL    string
	ClientID  string
	Secret    string
	PlanID    string
	WebhookID string
}

// Configured reports whether subscriptions can be taken.
func (c Config) Configured() bool { return c.ClientID != "" && c.Secret != "" && c.PlanID != "" }

// ScriptURL is the JS SDK address the browser loads for the subscribe button.
func (c Config) ScriptURL() string {
	base := c.SDKURL
	if base == "" {
		base = DefaultSDKURL
	}
	q := url.Values{"client-id": {c.ClientID}, "vault": {"true"}, "intent": {"subscription"}}
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + q.Encode()
}

// CheckoutScriptURL is the JS SDK address the browser loads for the one-off (capture)
// button, in currency.
func (c Config) CheckoutScriptURL(currency string) string {
	base := c.SDKURL
	if base == "" {
		base = DefaultSDKURL
	}
	q := url.Values{"client-id": {c.ClientID}, "currency": {currency}, "intent": {"capture"}}
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + q.Encode()
}

// ErrNotFound is PayPal saying there is no such subscription or order.
var ErrNotFound = errors.New("paypal: not found")

// Subscription is a subscription as PayPal describes it.
type Subscription struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	PlanID      string `json:"plan_id"`
	BillingInfo struct {
		NextBillingTime *time.Time `json:"next_billing_time"`
	} `json:"billing_info"`
}

// Client calls PayPal with a cached access token.
type Client struct {
	cfg  Config
	http *http.Client

	mu      sync.Mutex
	token   string
	expires time.Time
}

// New returns a client for cfg; hc nil means a client with a 15 s timeout.
func New(cfg Config, hc *http.Client) *Client {
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	cfg.APIURL = strings.TrimRight(cfg.APIURL, "/")
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{cfg: cfg, http: hc}
}

// Config is the client's configuration.
func (c *Client) Config() Config { return c.cfg }

func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && time.Now().Before(c.expires) {
		return c.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.APIURL+"/v1/oauth2/token",
		strings.NewReader("grant_type=client_credentials"))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.cfg.ClientID, c.cfg.Secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int    `json:"expires_in"`
	}
	if err := c.send(req, &tok); err != nil {
		return "", fmt.Errorf("paypal token: %w", err)
	}
	// Renew a minute early so a token never expires in flight.
	c.token, c.expires = tok.AccessToken, time.Now().Add(time.Duration(tok.ExpiresIn)*time.Second-time.Minute)
	return c.token, nil
}

// call sends a request to the API with the client's token; header, when given, are extra
// header name and value pairs (PayPal-Request-Id).
func (c *Client) call(ctx context.Context, method, path string, body, out any, header ...string) error {
	token, err := c.accessToken(ctx)
	if err != nil {
		return err
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.APIURL+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return c.send(req, out)
}

// APIError is an answer of the API other than success or not found: its status, and the
// name and first issue PayPal's error body gives (UNPROCESSABLE_ENTITY,
// CAPTURE_FULLY_REFUNDED), when it gives them.
type APIError struct {
	Method, Path string
	Status       int
	Name, Issue  string
}

func (e *APIError) Error() string {
	msg := fmt.Sprintf("paypal %s %s: status %d", e.Method, e.Path, e.Status)
	if e.Issue != "" {
		msg += " " + e.Issue
	}
	return msg
}

func (c *Client) send(req *http.Request, out any) error {
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	switch {
	case res.StatusCode == http.StatusNotFound:
		return ErrNotFound
	case res.StatusCode >= 300:
		var body struct {
			Name    string `json:"name"`
			Details []struct {
				Issue string `json:"issue"`
			} `json:"details"`
		}
		e := &APIError{Method: req.Method, Path: req.URL.Path, Status: res.StatusCode}
		if json.Unmarshal(b, &body) == nil {
			e.Name = body.Name
			if len(body.Details) > 0 {
				e.Issue = body.Details[0].Issue
			}
		}
		return e
	case out != nil && len(b) > 0:
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("paypal %s %s: %w", req.Method, req.URL.Path, err)
		}
	}
	return nil
}

// Subscription reads a subscription; ErrNotFound when PayPal has none with that id.
func (c *Client) Subscription(ctx context.Context, id string) (Subscription, error) {
	var s Subscription
	err := c.call(ctx, http.MethodGet, "/v1/billing/subscriptions/"+url.PathEscape(id), nil, &s)
	return s, err
}

// Cancel cancels a subscription (closing an account).
func (c *Client) Cancel(ctx context.Context, id, reason string) error {
	err := c.call(ctx, http.MethodPost, "/v1/billing/subscriptions/"+url.PathEscape(id)+"/cancel",
		map[string]string{"reason": reason}, nil)
	// PayPal refuses to cancel a subscription that is no longer active or suspended: it bills
	// nobody, which is what cancelling is for, so a cancel retried (a closing finished again)
	// is done.
	var api *APIError
	if errors.As(err, &api) && api.Status == http.StatusUnprocessableEntity && api.Issue == "SUBSCRIPTION_STATUS_INVALID" {
		return nil
	}
	return err
}

// VerifyWebhook asks PayPal whether body, with header's transmission headers, is a
// notification PayPal sent to the configured webhook.
func (c *Client) VerifyWebhook(ctx context.Context, header http.Header, body []byte) (bool, error) {
	if c.cfg.WebhookID == "" || !json.Valid(body) {
		return false, nil
	}
	req := map[string]any{
		"auth_algo":         header.Get("Paypal-Auth-Algo"),
		"cert_url":          header.Get("Paypal-Cert-Url"),
		"transmission_id":   header.Get("Paypal-Transmission-Id"),
		"transmission_sig":  header.Get("Paypal-Transmission-Sig"),
		"transmission_time": header.Get("Paypal-Transmission-Time"),
		"webhook_id":        c.cfg.WebhookID,
		"webhook_event":     json.RawMessage(body),
	}
	var out struct {
		VerificationStatus string `json:"verification_status"`
	}
	if err := c.call(ctx, http.MethodPost, "/v1/notifications/verify-webhook-signature", req, &out); err != nil {
		return false, err
	}
	return out.VerificationStatus == "SUCCESS", nil
}

// Money is an amount as PayPal writes it: a currency code and a decimal string ("9.99").
type Money struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// Capture is one capture of an order's payment.
type Capture struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount Money  `json:"amount"`
}

// PurchaseUnit is one purchase unit of an order: what is bought, and the payments taken.
type PurchaseUnit struct {
	ReferenceID string `json:"reference_id"`
	Description string `json:"description"`
	Amount      Money  `json:"amount"`
	Payments    struct {
		Captures []Capture `json:"captures"`
	} `json:"payments"`
}

// Order is a checkout order as PayPal's Orders v2 API describes it (the part read here).
type Order struct {
	ID            string         `json:"id"`
	Intent        string         `json:"intent"`
	Status        string         `json:"status"`
	PurchaseUnits []PurchaseUnit `json:"purchase_units"`
}

// Captured is what the order's one purchase unit captured: its one COMPLETED capture's
// amount. An order of several units or captures is not one the catalogue's button makes,
// and captures nothing here.
func (o Order) Captured() (Money, bool) {
	if len(o.PurchaseUnits) != 1 || len(o.PurchaseUnits[0].Payments.Captures) != 1 {
		return Money{}, false
	}
	c := o.PurchaseUnits[0].Payments.Captures[0]
	return c.Amount, c.Status == "COMPLETED"
}

// Order reads a checkout order; ErrNotFound when PayPal has none with that id.
func (c *Client) Order(ctx context.Context, id string) (Order, error) {
	var o Order
	err := c.call(ctx, http.MethodGet, "/v2/checkout/orders/"+url.PathEscape(id), nil, &o)
	return o, err
}

// Refund gives back a capture in full (Payments v2). It is safe to call again: the request
// id, made from the capture's, has PayPal answer a retry with the first refund, and a capture
// already refunded in full counts as refunded.
func (c *Client) Refund(ctx context.Context, captureID string) error {
	err := c.call(ctx, http.MethodPost, "/v2/payments/captures/"+url.PathEscape(captureID)+"/refund",
		map[string]any{}, nil, "PayPal-Request-Id", "refund-"+captureID)
	var ae *APIError
	if errors.As(err, &ae) && ae.Issue == "CAPTURE_FULLY_REFUNDED" {
		return nil
	}
	return err
}
