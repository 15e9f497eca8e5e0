package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/app/limits"
	"github.com/gymlog/gymlog/domain"
)

// errorBody is the hydra error document; Violations only on 422.
type errorBody struct {
	Context     string             `json:"@context"`
	Type        string             `json:"@type"`
	Title       string             `json:"hydra:title"`
	Description string             `json:"hydra:description"`
	Violations  []domain.Violation `json:"violations,omitempty"`
}

// statusError is an HTTP-level failure that has no domain meaning (a bad method, a body too
// large, too many attempts).
type statusError struct {
	status     int
	message    string
	retryAfter time.Duration
}

func (e *statusError) Error() string { return e.message }

// statusClientClosedRequest answers a request whose client went away before its answer.
const statusClientClosedRequest = 499

func httpError(status int, message string) error {
	return &statusError{status: status, message: message}
}

func tooManyRequests(retryAfter time.Duration) error {
	return &statusError{status: http.StatusTooManyRequests,
		message: "Too many attempts. Please wait a moment and try again.", retryAfter: retryAfter}
}

// asStatusError is err as the HTTP failure it is answered with, when it has no domain meaning.
func asStatusError(err error) (*statusError, bool) {
	var se *statusError
	if errors.As(err, &se) {
		return se, true
	}
	var exceeded *limits.Exceeded
	if errors.As(err, &exceeded) {
		return tooManyRequests(exceeded.Wait).(*statusError), true
	}
	return nil, false
}

// writeError is the one place where errors become HTTP responses. Internal errors are logged
// with the request and answered with a generic 500 body; nothing internal is sent.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	body := errorBody{Context: "/api/contexts/Error", Type: "hydra:Error", Title: "An error occurred"}
	var status int
	se, isStatus := asStatusError(err)
	var ve *domain.ValidationError
	switch {
	case isStatus:
		status, body.Description = se.status, se.message
		if se.retryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(se.retryAfter.Seconds()+0.999)))
		}
	case errors.As(err, &ve):
		status = http.StatusUnprocessableEntity
		body.Context, body.Type = "/api/contexts/ConstraintViolationList", "ConstraintViolationList"
		body.Violations = ve.Violations
		parts := make([]string, len(ve.Violations))
		for i, v := range ve.Violations {
			parts[i] = v.PropertyPath + ": " + v.Message
		}
		body.Description = strings.Join(parts, "\n")
	default:
		switch domain.KindOf(err) {
		case domain.KindNotFound:
			status = http.StatusNotFound
		case domain.KindConflict:
			status = http.StatusConflict
		case domain.KindForbidden:
			status = http.StatusForbidden
		case domain.KindUnauthorized:
			status = http.StatusUnauthorized
		case domain.KindInvalid:
			status = http.StatusUnprocessableEntity
		default:
			status = http.StatusInternalServerError
		}
		body.Description = err.Error()
		if status == http.StatusInternalServerError && errors.Is(err, context.Canceled) && r.Context().Err() != nil {
			// The client went away (a page left while its queries ran): nothing failed, and
			// nobody reads the answer. 499, as proxies name it, and no error logged.
			status, body.Description = statusClientClosedRequest, "Client Closed Request"
		}
		if status == http.StatusInternalServerError {
			s.log.ErrorContext(r.Context(), "request failed", slog.String("method", r.Method),
				slog.String("path", r.URL.Path), slog.Any("error", err))
			body.Description = "Internal Server Error"
		}
	}
	writeJSON(w, status, body)
}
