package account_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

func TestNewTimeZone(t *testing.T) {
	for _, ok := range []string{"UTC", "Europe/London", "America/New_York", "Pacific/Kiritimati", " Asia/Tokyo "} {
		if _, err := account.NewTimeZone(ok); err != nil {
			t.Errorf("%q: got %v, want it accepted", ok, err)
		}
	}
	for _, bad := range []string{"", "Local", "Mars/Olympus", "../../etc/passwd", "/etc/localtime", "Europe/../UTC"} {
		_, err := account.NewTimeZone(bad)
		if got := violation(err, "timeZone"); got != "Please choose a valid time zone." {
			t.Errorf("%q: got %q (%v), want the time-zone violation", bad, got, err)
		}
	}
}

func TestLocationFallsBackToUTC(t *testing.T) {
	for _, name := range []string{"", "Gone/Zone"} {
		if got := account.Location(name); got.String() != "UTC" {
			t.Errorf("%q: got %v, want UTC", name, got)
		}
	}
	if got := account.Location("Europe/Paris"); got.String() != "Europe/Paris" {
		t.Errorf("got %v, want Europe/Paris", got)
	}
}

func TestSetTimeZone(t *testing.T) {
	u := given(registered())
	got, err := u.SetTimeZone("Europe/London", t0)
	want := []domain.Event{account.TimeZoneSet{UserID: "u1", TimeZone: "Europe/London", SetAt: t0}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, %v; want %#v", got, err, want)
	}
	if got, err := given(registered(), want[0]).SetTimeZone("Europe/London", t0); err != nil || len(got) != 0 {
		t.Errorf("same zone again: got %v, %v; want nothing", got, err)
	}
	if got, err := u.SetTimeZone("UTC", t0); err != nil || len(got) != 0 {
		t.Errorf("the default zone: got %v, %v; want nothing", got, err)
	}
	if _, err := given().SetTimeZone("UTC", t0); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("no user: got %v, want not found", err)
	}
}
