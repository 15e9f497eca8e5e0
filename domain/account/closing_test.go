package account

import (
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
)

func TestClosingRules(t *testing.T) {
	at := time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)
	started := AccountClosingStarted{UserID: "u1", StartedAt: at}
	closed := AccountClosed{UserID: "u1", ClosedAt: at}
	cases := []struct {
		name  string
		given []domain.Event
		when  func(c *Closing) ([]domain.Event, error)
		then  []domain.Event
	}{
		{"a closing begins", nil, func(c *Closing) ([]domain.Event, error) { return c.Start("u1", at) }, []domain.Event{started}},
		{"a closing begun begins once", []domain.Event{started},
			func(c *Closing) ([]domain.Event, error) { return c.Start("u1", at) }, nil},
		{"an account closed before closings were recorded begins none", []domain.Event{closed},
			func(c *Closing) ([]domain.Event, error) { return c.Start("u1", at) }, nil},
		{"the closing ends with the closure", []domain.Event{started},
			func(c *Closing) ([]domain.Event, error) { return c.Close("u1", at) }, []domain.Event{closed}},
		{"once", []domain.Event{started, closed},
			func(c *Closing) ([]domain.Event, error) { return c.Close("u1", at) }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &Closing{}
			for _, e := range tc.given {
				c.Apply(e)
			}
			got, err := tc.when(c)
			if err != nil || !reflect.DeepEqual(got, tc.then) {
				t.Fatalf("got %v, %v; want %v", got, err, tc.then)
			}
		})
	}
}
