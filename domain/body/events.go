// Package body holds the body-log rules: body weight entries in the stream body-<userId>.
package body

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeWeightLogged  = "body.weight_logged.v1"
	TypeWeightDeleted = "body.weight_deleted.v1"
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

// EventType implementations name each event as stored.
func (WeightLogged) EventType() string  { return TypeWeightLogged }
func (WeightDeleted) EventType() string { return TypeWeightDeleted }

func init() {
	domain.Register[WeightLogged](TypeWeightLogged)
	domain.Register[WeightDeleted](TypeWeightDeleted)
}
