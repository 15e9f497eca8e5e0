package account

import (
	"strings"
	"sync"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// DefaultTimeZone is the time zone of a user who has not set one: days and weeks are UTC's.
const DefaultTimeZone = "UTC"

// NewTimeZone checks that name is an IANA time-zone name ("Europe/London") and returns it.
// "Local" and the empty name are refused: they mean the server's zone, not the user's.
func NewTimeZone(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || name == "Local" || len(name) > 64 {
		return "", domain.Invalid("timeZone", invalidTimeZone)
	}
	if _, err := time.LoadLocation(name); err != nil {
		return "", domain.Invalid("timeZone", invalidTimeZone)
	}
	return name, nil
}

const invalidTimeZone = "Please choose a valid time zone."

// Location returns the location of a stored time-zone name, UTC when it is empty or no
// longer known (a name the time-zone database dropped), so a day is always some day. Each
// name is read from the time-zone database once (projectors ask it for every event).
func Location(name string) *time.Location {
	if name == "" || name == DefaultTimeZone {
		return time.UTC
	}
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	locations.Store(name, loc)
	return loc
}

var locations sync.Map // time-zone name → *time.Location

// SetTimeZone records the user's time zone, checked by NewTimeZone; the same zone again
// records nothing.
func (u *User) SetTimeZone(zone string, now time.Time) ([]domain.Event, error) {
	if !u.Registered() {
		return nil, domain.NotFound("User not found.")
	}
	if zone == u.timeZone || (u.timeZone == "" && zone == DefaultTimeZone) {
		return nil, nil
	}
	return []domain.Event{TimeZoneSet{UserID: u.id, TimeZone: zone, SetAt: now}}, nil
}
