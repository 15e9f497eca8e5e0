// Package paypaltest is a local stand-in for the subset of PayPal that Gymlog uses: the
// OAuth token, reading and cancelling a subscription, verify-webhook-signature, checkout
// orders (Orders v2: create, capture, read), refunds of their captures (Payments v2), and a tiny JS SDK whose subscribe button
// creates an ACTIVE subscription and whose one-off button creates, approves and captures an
// order, so tests (and the browser tests, through cmd/paypal-standin) run without the
// internet.
//
// Webhook signatures: the stand-in signs with HMAC-SHA256 over
// "transmissionId|transmissionTime|webhookId|crc32(event)", PayPal's signed string, in place
// of PayPal's certificate; Sign makes a notification it will accept.
package paypaltest

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Stand-in credentials, plan and webhook ids.
const (
	ClientID  = "standin-client"
	Secret    = "standin-secret"
	PlanID    = "P-STANDIN-TRAINER"
	WebhookID = "WH-STANDIN"
)

// Subscription is a subscription the stand-in holds.
type Subscription struct {
	ID              string
	PlanID          string
	Status          string
	NextBillingTime time.Time
	Cancelled       bool // cancelled through the API (not just given a status)
}

// Server is the stand-in's handler and state.
type Server struct {
	mu            sync.Mutex
	key           []byte
	token         string
	subscriptions map[string]*Subscription
	orders        map[string]*Order
	refunds       map[string]string // refund ids by PayPal-Request-Id
	declining     bool
	now           func() time.Time
}

// New returns an empty stand-in.
func New() *Server {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	tok := make([]byte, 16)
	_, _ = rand.Read(tok)
	return &Server{key: key, token: hex.EncodeToString(tok), subscriptions: map[string]*Subscription{},
		orders: map[string]*Order{}, refunds: map[string]string{}, now: time.Now}
}

// Add stores a subscription with status to plan, billed next in a month, and returns its id.
func (s *Server) Add(plan, status string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	id := "I-" + strings.ToUpper(hex.EncodeToString(b))
	s.subscriptions[id] = &Subscription{ID: id, PlanID: plan, Status: status,
		NextBillingTime: s.now().Add(30 * 24 * time.Hour).UTC().Truncate(time.Second)}
	return id
}

// SetStatus changes a subscription's status and next billing time, as PayPal would.
func (s *Server) SetStatus(id, status string, nextBilling time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sub, ok := s.subscriptions[id]; ok {
		sub.Status, sub.NextBillingTime = status, nextBilling.UTC().Truncate(time.Second)
	}
}

// Get returns a copy of a subscription.
func (s *Server) Get(id string) (Subscription, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sub, ok := s.subscriptions[id]
	if !ok {
		return Subscription{}, false
	}
	return *sub, true
}

// Sign returns the headers PayPal would send with event to webhookID.
func (s *Server) Sign(event []byte, webhookID string) http.Header {
	var compact bytes.Buffer
	_ = json.Compact(&compact, event)
	tid := hex.EncodeToString(s.key[:4]) + strconv.FormatInt(time.Now().UnixNano(), 36)
	ts := time.Now().UTC().Format(time.RFC3339)
	h := http.Header{}
	h.Set("Paypal-Auth-Algo", "SHA256withRSA")
	h.Set("Paypal-Cert-Url", "https://api.paypal.com/v1/notifications/certs/CERT-STANDIN")
	h.Set("Paypal-Transmission-Id", tid)
	h.Set("Paypal-Transmission-Time", ts)
	h.Set("Paypal-Transmission-Sig", s.signature(tid, ts, webhookID, compact.Bytes()))
	return h
}

func (s *Server) signature(tid, ts, webhookID string, event []byte) string {
	m := hmac.New(sha256.New, s.key)
	fmt.Fprintf(m, "%s|%s|%s|%d", tid, ts, webhookID, crc32.ChecksumIEEE(event))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// ServeHTTP serves the REST subset and the JS SDK.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == "/v1/oauth2/token" && r.Method == http.MethodPost:
		id, secret, ok := r.BasicAuth()
		if !ok || id != ClientID || secret != Secret {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"access_token": s.token, "token_type": "Bearer", "expires_in": 32400})
	case p == "/v1/notifications/verify-webhook-signature" && r.Method == http.MethodPost:
		if !s.authorised(w, r) {
			return
		}
		var req struct {
			TransmissionID   string          `json:"transmission_id"`
			TransmissionTime string          `json:"transmission_time"`
			TransmissionSig  string          `json:"transmission_sig"`
			WebhookID        string          `json:"webhook_id"`
			WebhookEvent     json.RawMessage `json:"webhook_event"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"name": "INVALID_REQUEST"})
			return
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, req.WebhookEvent)
		status := "FAILURE"
		want := s.signature(req.TransmissionID, req.TransmissionTime, req.WebhookID, compact.Bytes())
		if req.WebhookID == WebhookID && hmac.Equal([]byte(want), []byte(req.TransmissionSig)) {
			status = "SUCCESS"
		}
		writeJSON(w, http.StatusOK, map[string]string{"verification_status": status})
	case strings.HasPrefix(p, "/v1/billing/subscriptions/"):
		if !s.authorised(w, r) {
			return
		}
		rest := strings.TrimPrefix(p, "/v1/billing/subscriptions/")
		id, action, _ := strings.Cut(rest, "/")
		s.mu.Lock()
		defer s.mu.Unlock()
		sub, ok := s.subscriptions[id]
		switch {
		case !ok:
			writeJSON(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
		case action == "" && r.Method == http.MethodGet:
			writeJSON(w, http.StatusOK, map[string]any{"id": sub.ID, "status": sub.Status, "plan_id": sub.PlanID,
				"billing_info": map[string]any{"next_billing_time": sub.NextBillingTime.Format(time.RFC3339)}})
		case action == "cancel" && r.Method == http.MethodPost && (sub.Status == "CANCELLED" || sub.Status == "EXPIRED"):
			// As PayPal: only an active or suspended subscription can be cancelled.
			writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"name": "UNPROCESSABLE_ENTITY",
				"details": []map[string]string{{"issue": "SUBSCRIPTION_STATUS_INVALID"}}})
		case action == "cancel" && r.Method == http.MethodPost:
			sub.Status, sub.Cancelled = "CANCELLED", true
			w.WriteHeader(http.StatusNoContent)
		default:
			writeJSON(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
		}
	case p == "/v2/checkout/orders" || strings.HasPrefix(p, "/v2/checkout/orders/"):
		if !s.authorised(w, r) {
			return
		}
		s.serveOrders(w, r, strings.TrimPrefix(strings.TrimPrefix(p, "/v2/checkout/orders"), "/"))
	case strings.HasPrefix(p, "/v2/payments/captures/"):
		if !s.authorised(w, r) {
			return
		}
		s.serveCaptures(w, r, strings.TrimPrefix(p, "/v2/payments/captures/"))
	case p == "/sdk/orders" || strings.HasPrefix(p, "/sdk/orders/"):
		cors(w)
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		s.serveOrders(w, r, strings.TrimPrefix(strings.TrimPrefix(p, "/sdk/orders"), "/"))
	case p == "/sdk/js" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		_, _ = w.Write([]byte(strings.ReplaceAll(sdkScript, "{{BASE}}", baseURL(r))))
	case p == "/sdk/subscriptions":
		cors(w)
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		var req struct {
			PlanID string `json:"plan_id"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&req) != nil || req.PlanID == "" {
			writeJSON(w, http.StatusBadRequest, map[string]string{"name": "INVALID_REQUEST"})
			return
		}
		writeJSON(w, http.StatusCreated, map[string]string{"id": s.Add(req.PlanID, "ACTIVE")})
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"name": "NOT_FOUND"})
	}
}

func (s *Server) authorised(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get("Authorization") != "Bearer "+s.token {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
		return false
	}
	return true
}

func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func cors(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Methods", "POST, OPTIONS")
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// sdkScript stands in for PayPal's JS SDK: paypal.Buttons(options).render(target) renders
// one button. With createSubscription it is "Subscribe": a click calls createSubscription
// (whose actions.subscription.create makes an ACTIVE subscription here) and then onApprove.
// With createOrder it is the one-off "PayPal" button: a click calls createOrder (whose
// actions.order.create makes an order), approves the order as the buyer would in PayPal's
// window, and calls onApprove({orderID}, actions), whose actions.order.capture() captures
// it. A failure anywhere calls onError.
const sdkScript = `(function () {
  var base = "{{BASE}}";
  function Buttons(options) {
    return {
      isEligible: function () { return true; },
      render: function (target) {
        var el = typeof target === "string" ? document.querySelector(target) : target;
        if (!el) { return Promise.reject(new Error("paypal stand-in: no container")); }
        var oneOff = typeof options.createOrder === "function";
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = oneOff ? "PayPal" : "Subscribe";
        button.setAttribute("aria-label", oneOff ? "Pay with PayPal" : "Subscribe with PayPal");
        button.setAttribute("data-paypal-standin", oneOff ? "checkout" : "subscribe");
        button.style.cssText = "background:#ffc439;color:#111;border:0;border-radius:4px;min-height:48px;width:100%;font-weight:bold;cursor:pointer";
        var actions = { subscription: { create: function (body) {
          return fetch(base + "/sdk/subscriptions", { method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body) }).then(function (r) {
              if (!r.ok) { throw new Error("paypal stand-in: create failed"); }
              return r.json();
            }).then(function (j) { return j.id; });
        } } };
        function post(path, body) {
          return fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body || {}) }).then(function (r) {
              return r.json().then(function (j) {
                if (!r.ok) { throw new Error("paypal stand-in: " + (j.name || r.status)); }
                return j;
              });
            });
        }
        var orderActions = { order: {
          create: function (body) { return post("/sdk/orders", body).then(function (j) { return j.id; }); }
        } };
        if (oneOff) {
          button.addEventListener("click", function () {
            Promise.resolve(options.createOrder({ paymentSource: "paypal" }, orderActions)).then(function (id) {
              return post("/sdk/orders/" + encodeURIComponent(id) + "/approve").then(function () {
                return options.onApprove({ orderID: id, payerID: "STANDINPAYER", paymentSource: "paypal" }, { order: {
                  capture: function () { return post("/sdk/orders/" + encodeURIComponent(id) + "/capture"); },
                  get: function () { return fetch(base + "/sdk/orders/" + encodeURIComponent(id)).then(function (r) { return r.json(); }); }
                } });
              });
            }).catch(function (err) { if (options.onError) { options.onError(err); } });
          });
          el.appendChild(button);
          return Promise.resolve();
        }
        button.addEventListener("click", function () {
          Promise.resolve(options.createSubscription({}, actions)).then(function (id) {
            return options.onApprove({ orderID: "ORDER-" + id, subscriptionID: id, paymentSource: "paypal" }, {});
          }).catch(function (err) { if (options.onError) { options.onError(err); } });
        });
        el.appendChild(button);
        return Promise.resolve();
      }
    };
  }
  window.paypal = { Buttons: Buttons, version: "standin" };
})();
`
