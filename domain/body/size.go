package body

import (
	"math"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Categories are the body sizes a user can log, in the order the app lists them.
var Categories = []string{"Arms", "Calves", "Chest", "Hips", "Neck", "Thighs", "Waist"}

// ValidCategory reports whether c is one of Categories (exactly as spelt there).
func ValidCategory(c string) bool {
	for _, x := range Categories {
		if x == c {
			return true
		}
	}
	return false
}

// CategoryMessage is the violation for a missing or unknown category.
const CategoryMessage = "Please choose a category."

// SizeInput is a size entry as the user sent it; an empty date means today.
type SizeInput struct {
	Date        string
	Measurement *float64
	Category    string
}

// LogSize records a measurement with id entryID.
func (l *Log) LogSize(entryID string, in SizeInput, now time.Time) ([]domain.Event, error) {
	var v domain.Violations
	date := entryDate(&v, in.Date, now)
	var cm float64
	if in.Measurement == nil {
		v.Add("measurement", "Please enter a number")
	} else if m, err := RoundMeasurement(*in.Measurement); err != nil {
		v.Add("measurement", "Please enter a measurement between 0 and 1000.")
	} else {
		cm = m
	}
	if !ValidCategory(in.Category) {
		v.Add("category", CategoryMessage)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if l.sizes[entryID] {
		return nil, domain.Conflict("size entry %s already exists", entryID)
	}
	return []domain.Event{SizeLogged{EntryID: entryID, UserID: l.userID, Category: in.Category, Date: date,
		Measurement: cm, LoggedAt: now}}, nil
}

// DeleteSize removes a size entry from the log.
func (l *Log) DeleteSize(entryID string, now time.Time) ([]domain.Event, error) {
	if !l.sizes[entryID] {
		return nil, domain.NotFound("Size entry not found.")
	}
	return []domain.Event{SizeDeleted{EntryID: entryID, UserID: l.userID, DeletedAt: now}}, nil
}

// RoundMeasurement rounds centimetres to 1 decimal (the form's 0.1 step) and bounds it:
// more than 0 and below 1000, as rounded (999.99 would be kept as 1000).
func RoundMeasurement(cm float64) (float64, error) {
	if math.IsNaN(cm) || math.IsInf(cm, 0) {
		return 0, domain.Invalid("measurement", "Please enter a measurement between 0 and 1000.")
	}
	r := math.Round(cm*10) / 10
	if r <= 0 || r >= 1000 {
		return 0, domain.Invalid("measurement", "Please enter a measurement between 0 and 1000.")
	}
	return r, nil
}
