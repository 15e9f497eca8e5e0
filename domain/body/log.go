package body

// Rules of the body Log aggregate (stream body-<userId>):
//   - A weight is more than 0 and below 1000 in the user's unit, kept to 2 decimals.
//   - A weight's date is a real date, not after today in the latest time zone; it defaults
//     to today (UTC).
//   - A size is one of the Categories, more than 0 and below 1000 cm, kept to 1 decimal; its
//     date follows the weight's rules.
//   - Only an entry that exists can be deleted; deleting it twice is a not-found.

import (
	"math"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// latestTimeZone is how far ahead of UTC a user's "today" can be (UTC+14, Kiribati): a
// date is in the future only once it is not today anywhere.
const latestTimeZone = 14 * time.Hour

// Log is the body-log aggregate of one user.
type Log struct {
	userID  string
	weights map[string]bool
	sizes   map[string]bool
}

// NewLog returns the empty log of userID, ready to have its history applied.
func NewLog(userID string) *Log {
	return &Log{userID: userID, weights: map[string]bool{}, sizes: map[string]bool{}}
}

// Apply is the one transition switch of the aggregate.
func (l *Log) Apply(e domain.Event) {
	switch e := e.(type) {
	case WeightLogged:
		l.weights[e.EntryID] = true
	case WeightDeleted:
		delete(l.weights, e.EntryID)
	case SizeLogged:
		l.sizes[e.EntryID] = true
	case SizeDeleted:
		delete(l.sizes, e.EntryID)
	}
}

// WeightInput is a weight entry as the user sent it; an empty date means today.
type WeightInput struct {
	Date   string
	Weight *float64
}

// LogWeight records a weight entry with id entryID in unit, the user's unit.
func (l *Log) LogWeight(entryID string, in WeightInput, unit string, now time.Time) ([]domain.Event, error) {
	var v domain.Violations
	date := entryDate(&v, in.Date, now)
	var weight float64
	if in.Weight == nil {
		v.Add("weight", "Please enter a number")
	} else if w, err := RoundWeight(*in.Weight); err != nil || w == 0 {
		v.Add("weight", "Please enter a weight between 0 and 1000.")
	} else {
		weight = w
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if l.weights[entryID] {
		return nil, domain.Conflict("weight entry %s already exists", entryID)
	}
	return []domain.Event{WeightLogged{
		EntryID: entryID, UserID: l.userID, Date: date, Weight: weight, Unit: unit, LoggedAt: now,
	}}, nil
}

// DeleteWeight removes an entry from the log.
func (l *Log) DeleteWeight(entryID string, now time.Time) ([]domain.Event, error) {
	if !l.weights[entryID] {
		return nil, domain.NotFound("Weight entry not found.")
	}
	return []domain.Event{WeightDeleted{EntryID: entryID, UserID: l.userID, DeletedAt: now}}, nil
}

// RoundWeight rounds a body weight to 2 decimals and bounds it: 0 (none) or more than 0
// and below 1000, as rounded (999.999 would be kept as 1000). A typed "-0" is 0, never a
// negative zero in an event.
func RoundWeight(w float64) (float64, error) {
	if math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
		return 0, domain.Invalid("weight", "Please enter a weight between 0 and 1000.")
	}
	r := math.Round(w*100) / 100
	if r >= 1000 {
		return 0, domain.Invalid("weight", "Please enter a weight between 0 and 1000.")
	}
	if r != 0 {
		return r, nil
	}
	return 0, nil
}

// KgPerLb converts pounds to kilograms exactly.
const KgPerLb = 0.45359237

// ToKg converts a weight in unit (kg or lbs) to kilograms.
func ToKg(w float64, unit string) float64 {
	if unit == "lbs" {
		return w * KgPerLb
	}
	return w
}

// FromKg converts kilograms to unit (kg or lbs), rounded to 2 decimals.
func FromKg(kg float64, unit string) float64 {
	if unit == "lbs" {
		kg /= KgPerLb
	}
	return math.Round(kg*100) / 100
}

// entryDate reads an entry's date: today (UTC) when empty, from 1900 and never after today
// in the latest time zone.
func entryDate(v *domain.Violations, s string, now time.Time) string {
	date := now.UTC().Format(time.DateOnly)
	if s = strings.TrimSpace(s); s != "" {
		d, err := time.Parse(time.DateOnly, s)
		switch {
		case err != nil:
			v.Add("date", "Please enter a valid date.")
		case d.Year() < 1900:
			v.Add("date", "Please enter a date from 1900 on.")
		case d.After(now.Add(latestTimeZone)):
			v.Add("date", "The date cannot be in the future.")
		default:
			date = d.Format(time.DateOnly)
		}
	}
	return date
}
