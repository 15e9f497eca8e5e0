package paypaltest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// Order statuses as Orders v2 reports them.
const (
	OrderCreated   = "CREATED"
	OrderApproved  = "APPROVED"
	OrderCompleted = "COMPLETED"
)

// Order is a checkout order the stand-in holds: one purchase unit, captured at most once.
type Order struct {
	ID          string
	Status      string
	Currency    string
	Value       string
	Description string
	CaptureID   string // set once captured
	RefundID    string // set once the capture is refunded
	Created     time.Time
}

var moneyValue = regexp.MustCompile(`^[0-9]{1,10}(\.[0-9]{2})?$`)

func newID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return strings.ToUpper(hex.EncodeToString(b))
}

// AddOrder stores an order of value in currency with status (captured when COMPLETED) and
// returns its id: an order as if a buyer had gone through PayPal's window.
func (s *Server) AddOrder(currency, value, status string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	o := &Order{ID: newID(9)[:17], Status: status, Currency: currency, Value: value, Created: s.now().UTC()}
	if status == OrderCompleted {
		o.CaptureID = newID(9)[:17]
	}
	s.orders[o.ID] = o
	return o.ID
}

// GetOrder returns a copy of an order.
func (s *Server) GetOrder(id string) (Order, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return Order{}, false
	}
	return *o, true
}

// DeclineCaptures makes every capture from now on fail as PayPal's does when the buyer's
// funding source is declined (422 INSTRUMENT_DECLINED), or, with false, succeed again.
func (s *Server) DeclineCaptures(decline bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.declining = decline
}

// orderJSON is o as Orders v2 writes it.
func orderJSON(base string, o *Order) map[string]any {
	unit := map[string]any{"reference_id": "default", "description": o.Description,
		"amount": map[string]string{"currency_code": o.Currency, "value": o.Value}}
	if o.CaptureID != "" {
		unit["payments"] = map[string]any{"captures": []map[string]any{{"id": o.CaptureID, "status": "COMPLETED",
			"amount": map[string]string{"currency_code": o.Currency, "value": o.Value}, "final_capture": true,
			"create_time": o.Created.Format(time.RFC3339)}}}
	}
	return map[string]any{"id": o.ID, "intent": "CAPTURE", "status": o.Status, "purchase_units": []any{unit},
		"create_time": o.Created.Format(time.RFC3339),
		"links":       []map[string]string{{"href": base + "/v2/checkout/orders/" + o.ID, "rel": "self", "method": "GET"}}}
}

func unprocessable(w http.ResponseWriter, issue string) {
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"name": "UNPROCESSABLE_ENTITY",
		"details": []map[string]string{{"issue": issue}}})
}

// serveOrders serves Orders v2 under the orders path: create (POST on the collection), read
// (GET an order), capture (POST its capture), and, for the SDK's window, approve.
func (s *Server) serveOrders(w http.ResponseWriter, r *http.Request, rest string) {
	id, action, _ := strings.Cut(rest, "/")
	if id == "" {
		if r.Method != http.MethodPost {
			writeJSON(w, http.StatusNotFound, map[string]string{"name": "NOT_FOUND"})
			return
		}
		s.createOrder(w, r)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	switch {
	case !ok:
		writeJSON(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
	case action == "" && r.Method == http.MethodGet:
		writeJSON(w, http.StatusOK, orderJSON(baseURL(r), o))
	case action == "approve" && r.Method == http.MethodPost:
		if o.Status == OrderCreated {
			o.Status = OrderApproved
		}
		writeJSON(w, http.StatusOK, orderJSON(baseURL(r), o))
	case action == "capture" && r.Method == http.MethodPost:
		switch {
		case o.Status == OrderCompleted:
			unprocessable(w, "ORDER_ALREADY_CAPTURED")
		case o.Status != OrderApproved:
			unprocessable(w, "ORDER_NOT_APPROVED")
		case s.declining:
			unprocessable(w, "INSTRUMENT_DECLINED")
		default:
			o.Status, o.CaptureID = OrderCompleted, newID(9)[:17]
			writeJSON(w, http.StatusCreated, orderJSON(baseURL(r), o))
		}
	default:
		writeJSON(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
	}
}

// createOrder creates an order of one purchase unit with intent CAPTURE, as the one-off
// button does.
func (s *Server) createOrder(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Intent        string `json:"intent"`
		PurchaseUnits []struct {
			Description string `json:"description"`
			Amount      struct {
				CurrencyCode string `json:"currency_code"`
				Value        string `json:"value"`
			} `json:"amount"`
		} `json:"purchase_units"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"name": "INVALID_REQUEST"})
		return
	}
	if req.Intent != "CAPTURE" || len(req.PurchaseUnits) != 1 {
		unprocessable(w, "INVALID_PARAMETER_VALUE")
		return
	}
	u := req.PurchaseUnits[0]
	if len(u.Amount.CurrencyCode) != 3 || !moneyValue.MatchString(u.Amount.Value) {
		unprocessable(w, "INVALID_PARAMETER_VALUE")
		return
	}
	id := s.AddOrder(u.Amount.CurrencyCode, u.Amount.Value, OrderCreated)
	s.mu.Lock()
	o := s.orders[id]
	o.Description = u.Description
	body := orderJSON(baseURL(r), o)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, body)
}

// serveCaptures serves Payments v2's refund of a capture (POST captures/{id}/refund), in
// full, as PayPal does: 201 with the refund; a second refund 422 CAPTURE_FULLY_REFUNDED,
// unless it carries the first one's PayPal-Request-Id, which answers with the first refund.
func (s *Server) serveCaptures(w http.ResponseWriter, r *http.Request, rest string) {
	id, action, _ := strings.Cut(rest, "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	var o *Order
	for _, x := range s.orders {
		if x.CaptureID != "" && x.CaptureID == id {
			o = x
		}
	}
	requestID := r.Header.Get("PayPal-Request-Id")
	switch {
	case o == nil || action != "refund" || r.Method != http.MethodPost:
		writeJSON(w, http.StatusNotFound, map[string]string{"name": "RESOURCE_NOT_FOUND"})
	case requestID != "" && s.refunds[requestID] != "" && s.refunds[requestID] == o.RefundID:
		writeJSON(w, http.StatusCreated, refundJSON(baseURL(r), o.RefundID))
	case o.RefundID != "":
		unprocessable(w, "CAPTURE_FULLY_REFUNDED")
	default:
		o.RefundID = newID(9)[:17]
		if requestID != "" {
			s.refunds[requestID] = o.RefundID
		}
		writeJSON(w, http.StatusCreated, refundJSON(baseURL(r), o.RefundID))
	}
}

func refundJSON(base, id string) map[string]any {
	return map[string]any{"id": id, "status": "COMPLETED",
		"links": []map[string]string{{"href": base + "/v2/payments/refunds/" + id, "rel": "self", "method": "GET"}}}
}
