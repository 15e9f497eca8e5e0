package body_test

import (
	"errors"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

func given(events ...domain.Event) *body.Log {
	l := body.NewLog("u1")
	for _, e := range events {
		l.Apply(e)
	}
	return l
}

func logged(id string) body.WeightLogged {
	return body.WeightLogged{EntryID: id, UserID: "u1", Date: "2026-11-20", Weight: 80, Unit: "kg", LoggedAt: t0}
}

func TestLogWeight(t *testing.T) {
	tests := []struct {
		name    string
		in      body.WeightInput
		want    []domain.Event
		field   string // the field with a violation, "" for none
		message string
	}{
		{"date defaults to today, weight to 2 decimals", body.WeightInput{Weight: ptr(80.456)},
			[]domain.Event{body.WeightLogged{EntryID: "w1", UserID: "u1", Date: "2026-11-21", Weight: 80.46, Unit: "kg", LoggedAt: t0}}, "", ""},
		{"a past date is kept", body.WeightInput{Date: "2026-01-02", Weight: ptr(80.0)},
			[]domain.Event{body.WeightLogged{EntryID: "w1", UserID: "u1", Date: "2026-01-02", Weight: 80, Unit: "kg", LoggedAt: t0}}, "", ""},
		{"weight is required", body.WeightInput{}, nil, "weight", "Please enter a number"},
		{"zero is no weight", body.WeightInput{Weight: ptr(0.0)}, nil, "weight", "Please enter a weight between 0 and 1000."},
		{"a thousand is too much", body.WeightInput{Weight: ptr(1000.0)}, nil, "weight", "Please enter a weight between 0 and 1000."},
		// The bound holds for the value stored, after rounding: 999.995 would be kept as 1000.
		{"a weight that rounds to a thousand is too much", body.WeightInput{Weight: ptr(999.995)}, nil, "weight",
			"Please enter a weight between 0 and 1000."},
		{"the largest weight kept", body.WeightInput{Weight: ptr(999.994)},
			[]domain.Event{body.WeightLogged{EntryID: "w1", UserID: "u1", Date: "2026-11-21", Weight: 999.99, Unit: "kg", LoggedAt: t0}}, "", ""},
		{"tomorrow in UTC is today in Sydney", body.WeightInput{Date: "2026-11-22", Weight: ptr(80.0)},
			[]domain.Event{body.WeightLogged{EntryID: "w1", UserID: "u1", Date: "2026-11-22", Weight: 80, Unit: "kg", LoggedAt: t0}}, "", ""},
		{"a future date is refused", body.WeightInput{Date: "2026-11-23", Weight: ptr(80.0)}, nil, "date", "The date cannot be in the future."},
		{"a date before 1900 is refused", body.WeightInput{Date: "1899-12-31", Weight: ptr(80.0)}, nil, "date", "Please enter a date from 1900 on."},
		{"a bad date is refused", body.WeightInput{Date: "2026-13-01", Weight: ptr(80.0)}, nil, "date", "Please enter a valid date."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given().LogWeight("w1", tt.in, "kg", t0)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events: got %#v, want %#v", got, tt.want)
			}
			var ve *domain.ValidationError
			switch {
			case tt.field == "" && err != nil:
				t.Errorf("error: got %v, want none", err)
			case tt.field != "" && (!errors.As(err, &ve) || ve.Violations[0] != domain.Violation{PropertyPath: tt.field, Message: tt.message}):
				t.Errorf("error: got %v, want %s: %s", err, tt.field, tt.message)
			}
		})
	}
}

func TestLogWeightTwiceWithOneIDIsAConflict(t *testing.T) {
	if _, err := given(logged("w1")).LogWeight("w1", body.WeightInput{Weight: ptr(80.0)}, "kg", t0); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("got %v, want conflict", err)
	}
}

func TestDeleteWeight(t *testing.T) {
	got, err := given(logged("w1")).DeleteWeight("w1", t0)
	if want := []domain.Event{body.WeightDeleted{EntryID: "w1", UserID: "u1", DeletedAt: t0}}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
	deleted := body.WeightDeleted{EntryID: "w1", UserID: "u1", DeletedAt: t0}
	if _, err := given(logged("w1"), deleted).DeleteWeight("w1", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("deleted twice: got %v, want not found", err)
	}
	if _, err := given().DeleteWeight("nope", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("unknown entry: got %v, want not found", err)
	}
}

func TestUnitConversion(t *testing.T) {
	if got := body.FromKg(body.ToKg(176.37, "lbs"), "lbs"); got != 176.37 {
		t.Errorf("lbs round trip: got %v, want 176.37", got)
	}
	if got := body.FromKg(80, "lbs"); got != 176.37 {
		t.Errorf("80 kg in lbs: got %v, want 176.37", got)
	}
}

// A typed "-0" is stored as 0: no event carries a negative zero.
func TestRoundWeightHasNoNegativeZero(t *testing.T) {
	got, err := body.RoundWeight(math.Copysign(0, -1))
	if err != nil || got != 0 || math.Signbit(got) {
		t.Fatalf("got %v (sign bit %v), %v; want +0, nil", got, math.Signbit(got), err)
	}
}
