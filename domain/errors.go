// Package domain holds Gymlog's business rules: aggregates folded from events, the
// commands they accept and the events they record. It imports only the standard library:
// no SQL, no HTTP, no clock and no randomness (time and ids come in with each command).
package domain

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Kind classifies an error for the edges of the system: httpapi maps each Kind to one HTTP
// status in exactly one place.
type Kind int

// The error kinds of the one taxonomy.
const (
	KindInternal     Kind = iota // a fault of ours: logged, never described to the caller
	KindInvalid                  // the input breaks a rule: 422 with a message per field
	KindNotFound                 // nothing there (or nothing the caller may know of): 404
	KindConflict                 // a concurrent change the server could not resolve: 409
	KindForbidden                // signed in, but not allowed: 403
	KindUnauthorized             // not signed in, or bad credentials: 401
)

// Sentinel errors, one per kind, so callers can test with errors.Is(err, domain.ErrNotFound).
var (
	ErrInvalid      = errors.New("invalid")
	ErrNotFound     = errors.New("not found")
	ErrConflict     = errors.New("conflict")
	ErrForbidden    = errors.New("forbidden")
	ErrUnauthorized = errors.New("unauthorized")
)

// Violation is one broken rule on one field, named as in the request payload.
type Violation struct {
	PropertyPath string `json:"propertyPath"`
	Message      string `json:"message"`
}

// ValidationError carries every violation found in one request, so the user sees them all at once.
type ValidationError struct {
	Violations []Violation
}

// Error lists the violations in field order.
func (e *ValidationError) Error() string {
	parts := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		parts[i] = v.PropertyPath + ": " + v.Message
	}
	return "invalid: " + strings.Join(parts, "; ")
}

// Is makes errors.Is(err, ErrInvalid) true for every ValidationError.
func (e *ValidationError) Is(target error) bool { return target == ErrInvalid }

// Violations collects field errors while a command or request is checked.
type Violations struct {
	list []Violation
}

// Add records message against field.
func (v *Violations) Add(field, message string) {
	v.list = append(v.list, Violation{PropertyPath: field, Message: message})
}

// Has reports whether field already has a violation, so later checks on it can be skipped.
func (v *Violations) Has(field string) bool {
	for _, x := range v.list {
		if x.PropertyPath == field {
			return true
		}
	}
	return false
}

// List returns the violations added so far.
func (v *Violations) List() []Violation { return append([]Violation(nil), v.list...) }

// Err returns nil when nothing was added, otherwise a *ValidationError sorted by field.
func (v *Violations) Err() error {
	if len(v.list) == 0 {
		return nil
	}
	out := append([]Violation(nil), v.list...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].PropertyPath < out[j].PropertyPath })
	return &ValidationError{Violations: out}
}

// Invalid returns a ValidationError for a single field.
func Invalid(field, message string) error {
	return &ValidationError{Violations: []Violation{{PropertyPath: field, Message: message}}}
}

// Error is a non-validation failure with a message that is safe to show the user.
type Error struct {
	Kind    Kind
	Message string
}

func (e *Error) Error() string { return e.Message }

// Is lets errors.Is match the sentinel of the error's kind.
func (e *Error) Is(target error) bool {
	switch e.Kind {
	case KindNotFound:
		return target == ErrNotFound
	case KindConflict:
		return target == ErrConflict
	case KindForbidden:
		return target == ErrForbidden
	case KindUnauthorized:
		return target == ErrUnauthorized
	case KindInvalid:
		return target == ErrInvalid
	}
	return false
}

// NotFound says that what was asked for is not there.
func NotFound(format string, args ...any) error {
	return &Error{Kind: KindNotFound, Message: fmt.Sprintf(format, args...)}
}

// Conflict says that the resource changed under the caller.
func Conflict(format string, args ...any) error {
	return &Error{Kind: KindConflict, Message: fmt.Sprintf(format, args...)}
}

// Forbidden says that the signed-in user may not do this.
func Forbidden(format string, args ...any) error {
	return &Error{Kind: KindForbidden, Message: fmt.Sprintf(format, args...)}
}

// Unauthorized says that the caller is not signed in or gave bad credentials.
func Unauthorized(format string, args ...any) error {
	return &Error{Kind: KindUnauthorized, Message: fmt.Sprintf(format, args...)}
}

// KindOf classifies any error; anything unknown is internal.
func KindOf(err error) Kind {
	switch {
	case err == nil:
		return KindInternal
	case errors.Is(err, ErrInvalid):
		return KindInvalid
	case errors.Is(err, ErrNotFound):
		return KindNotFound
	case errors.Is(err, ErrConflict):
		return KindConflict
	case errors.Is(err, ErrForbidden):
		return KindForbidden
	case errors.Is(err, ErrUnauthorized):
		return KindUnauthorized
	}
	return KindInternal
}
