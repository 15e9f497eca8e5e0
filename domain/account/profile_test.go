package account_test

import (
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

func TestNewProfileDefaultsAndNormalises(t *testing.T) {
	got, err := account.NewProfile(account.ProfileInput{FirstName: " Ada ", Surname: "Lovelace", DateOfBirth: "10/12/1990",
		DisplayName: "  ", Height: ptr(168.0)}, t0)
	want := account.Profile{FirstName: "Ada", Surname: "Lovelace", DateOfBirth: ptr("1990-12-10"),
		DashboardChart: "Weight", Icon: "fa-user", Height: ptr(int64(168))}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v; want %+v", got, err, want)
	}
}

func TestNewProfileViolations(t *testing.T) {
	tests := []struct {
		name  string
		in    account.ProfileInput
		field string
		want  string
	}{
		{"first name", account.ProfileInput{Surname: "L"}, "firstName", "Please enter your first name."},
		{"gender", account.ProfileInput{FirstName: "A", Surname: "L", Gender: "Other"}, "gender", "Gender must be Male or Female."},
		{"chart", account.ProfileInput{FirstName: "A", Surname: "L", DashboardChart: "Reps"}, "dashboardChart", "Dashboard chart must be Duration or Weight."},
		{"icon", account.ProfileInput{FirstName: "A", Surname: "L", Icon: "fa-skull"}, "icon", "Please choose one of the avatars."},
		{"height whole", account.ProfileInput{FirstName: "A", Surname: "L", Height: ptr(170.5)}, "height", "Please enter a height in whole centimetres between 50 and 300."},
		{"height bounded", account.ProfileInput{FirstName: "A", Surname: "L", Height: ptr(400.0)}, "height", "Please enter a height in whole centimetres between 50 and 300."},
		{"date of birth", account.ProfileInput{FirstName: "A", Surname: "L", DateOfBirth: "2099-01-01"}, "dateOfBirth", "Date of birth cannot be in the future."},
	}
	for _, tt := range tests {
		_, err := account.NewProfile(tt.in, t0)
		if got := violation(err, tt.field); got != tt.want {
			t.Errorf("%s: got %q (%v), want %q", tt.name, got, err, tt.want)
		}
	}
	for _, icon := range account.Icons {
		if _, err := account.NewProfile(account.ProfileInput{FirstName: "A", Surname: "L", Icon: icon}, t0); err != nil {
			t.Errorf("icon %s: got %v, want it accepted", icon, err)
		}
	}
	if len(account.Icons) != 10 || account.Icons[0] != "fa-user" {
		t.Errorf("icons: got %v, want the ten with fa-user first", account.Icons)
	}
}

func TestEditProfile(t *testing.T) {
	p := account.Profile{FirstName: "Ada", Surname: "L", DashboardChart: "Duration", Icon: "fa-gem"}
	got, err := given(registered()).EditProfile(p, t0)
	want := []domain.Event{account.ProfileEdited{UserID: "u1", FirstName: "Ada", Surname: "L", DashboardChart: "Duration",
		Icon: "fa-gem", EditedAt: t0}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v; want %#v", got, err, want)
	}
}
