package body_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
)

func TestLogSize(t *testing.T) {
	tests := []struct {
		name    string
		in      body.SizeInput
		want    []domain.Event
		field   string
		message string
	}{
		{"date defaults to today, 1 decimal", body.SizeInput{Measurement: ptr(35.46), Category: "Arms"},
			[]domain.Event{body.SizeLogged{EntryID: "s1", UserID: "u1", Category: "Arms", Date: "2026-11-21", Measurement: 35.5, LoggedAt: t0}}, "", ""},
		{"measurement required", body.SizeInput{Category: "Waist"}, nil, "measurement", "Please enter a number"},
		{"zero", body.SizeInput{Measurement: ptr(0.04), Category: "Waist"}, nil, "measurement", "Please enter a measurement between 0 and 1000."},
		{"too much", body.SizeInput{Measurement: ptr(1000.0), Category: "Waist"}, nil, "measurement", "Please enter a measurement between 0 and 1000."},
		{"rounds to too much", body.SizeInput{Measurement: ptr(999.96), Category: "Waist"}, nil, "measurement", "Please enter a measurement between 0 and 1000."},
		{"the largest kept", body.SizeInput{Measurement: ptr(999.94), Category: "Waist"},
			[]domain.Event{body.SizeLogged{EntryID: "s1", UserID: "u1", Category: "Waist", Date: "2026-11-21", Measurement: 999.9, LoggedAt: t0}}, "", ""},
		{"unknown category", body.SizeInput{Measurement: ptr(30.0), Category: "arms"}, nil, "category", "Please choose a category."},
		{"future date", body.SizeInput{Date: "2026-11-23", Measurement: ptr(30.0), Category: "Neck"}, nil, "date", "The date cannot be in the future."},
		{"date before 1900", body.SizeInput{Date: "1899-12-31", Measurement: ptr(30.0), Category: "Neck"}, nil, "date", "Please enter a date from 1900 on."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given().LogSize("s1", tt.in, t0)
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

func TestDeleteSize(t *testing.T) {
	logged := body.SizeLogged{EntryID: "s1", UserID: "u1", Category: "Arms", Date: "2026-11-20", Measurement: 30, LoggedAt: t0}
	got, err := given(logged).DeleteSize("s1", t0)
	want := []domain.Event{body.SizeDeleted{EntryID: "s1", UserID: "u1", DeletedAt: t0}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
	if _, err := given(logged, want[0]).DeleteSize("s1", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("deleted twice: got %v, want not found", err)
	}
	if _, err := given(logged).LogSize("s1", body.SizeInput{Measurement: ptr(30.0), Category: "Arms"}, t0); !errors.Is(err, domain.ErrConflict) {
		t.Errorf("same id twice: got %v, want conflict", err)
	}
}
