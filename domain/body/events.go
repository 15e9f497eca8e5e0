// Package body holds the body-log rules: body weight and size entries in the stream
// body-<userId>.
package body

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeWeightLogged  = "body.weight_logged.v1"
	TypeWeightDeleted = "body.weight_deleted.v1"
	TypeSizeLogged    = "body.size_logged.v1"
	TypeSizeDeleted   = "body.size_deleted.v1"
)

// WeightLogged: a body weight was logged for a date, in the unit the user had then.
type WeightLogged struct {
	EntryID  string    `json:"entryId"`
	UserID   string    `json:"userId"`
	Date     string    `json:"date"`
	Weight   float64   `json:"weight"`
	Unit     string    `json:"unit"`
	LoggedAt time.Time `json:"loggedAt"`
}

// WeightDeleted: a weight entry was removed from the log.
type WeightDeleted struct {
	EntryID   string    `json:"entryId"`
	UserID    string    `json:"userId"`
	DeletedAt time.Time `json:"deletedAt"`
}

// SizeLogged: a body measurement of one category was logged for a date, in centimetres.
type SizeLogged struct {
	EntryID     string    `json:"entryId"`
	UserID      string    `json:"userId"`
	Category    string    `json:"category"`
	Date        string    `json:"date"`
	Measurement float64   `json:"measurement"`
	LoggedAt    time.Time `json:"loggedAt"`
}

// SizeDeleted: a size entry was removed from the log.
type SizeDeleted struct {
	EntryID   string    `json:"entryId"`
	UserID    string    `json:"userId"`
	DeletedAt time.Time `json:"deletedAt"`
}

// EventType implementations name each event as stored.
func (WeightLogged) EventType() string  { return TypeWeightLogged }
func (WeightDeleted) EventType() string { return TypeWeightDeleted }
func (SizeLogged) EventType() string    { return TypeSizeLogged }
func (SizeDeleted) EventType() string   { return TypeSizeDeleted }

// OwnerID implementations name the user each event is about (domain.Owned).
func (e WeightLogged) OwnerID() string  { return e.UserID }
func (e WeightDeleted) OwnerID() string { return e.UserID }
func (e SizeLogged) OwnerID() string    { return e.UserID }
func (e SizeDeleted) OwnerID() string   { return e.UserID }

func init() {
	domain.Register[WeightLogged](TypeWeightLogged)
	domain.Register[WeightDeleted](TypeWeightDeleted)
	domain.Register[SizeLogged](TypeSizeLogged)
	domain.Register[SizeDeleted](TypeSizeDeleted)
}
