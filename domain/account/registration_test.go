package account_test

import (
	"reflect"
	"testing"

	"github.com/gymlog/gymlog/domain/account"
)

func ptr[T any](v T) *T { return &v }

func validInput() account.RegistrationInput {
	return account.RegistrationInput{Email: " Ada@Example.com ", Password: "Secret123", ConfirmPassword: "Secret123",
		FirstName: " Ada ", Surname: "Lovelace"}
}

func TestNewRegistrationNormalises(t *testing.T) {
	in := validInput()
	in.DateOfBirth, in.Gender, in.Weight = "10/12/1990", "Female", ptr(72.456)
	got, err := account.NewRegistration("u1", in, t0)
	if err != nil {
		t.Fatalf("got %v, want no error", err)
	}
	want := account.Registration{UserID: "u1", Email: "ada@example.com", Password: "Secret123", FirstName: "Ada",
		Surname: "Lovelace", DateOfBirth: ptr("1990-12-10"), Gender: ptr("Female"), Unit: "kg", Weight: ptr(72.46)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestNewRegistrationZeroWeightIsNone(t *testing.T) {
	in := validInput()
	in.Weight = ptr(0.0)
	got, err := account.NewRegistration("u1", in, t0)
	if err != nil || got.Weight != nil {
		t.Errorf("got weight %v, %v; want nil", got.Weight, err)
	}
}

func TestNewRegistrationViolations(t *testing.T) {
	tests := []struct {
		name   string
		change func(*account.RegistrationInput)
		field  string
		want   string
	}{
		{"first name required", func(in *account.RegistrationInput) { in.FirstName = "  " }, "firstName", "Please enter your first name."},
		{"surname required", func(in *account.RegistrationInput) { in.Surname = "" }, "surname", "Please enter your surname."},
		{"unit kg or lbs", func(in *account.RegistrationInput) { in.Unit = "stone" }, "unit", "Unit must be kg or lbs."},
		{"gender Male or Female", func(in *account.RegistrationInput) { in.Gender = "x" }, "gender", "Gender must be Male or Female."},
		{"date of birth format", func(in *account.RegistrationInput) { in.DateOfBirth = "31/02/1990" }, "dateOfBirth", "Please enter a valid date in the format dd/mm/yyyy"},
		{"date of birth not in the future", func(in *account.RegistrationInput) { in.DateOfBirth = "2030-01-01" }, "dateOfBirth", "Date of birth cannot be in the future."},
		{"date of birth not in the future, as typed", func(in *account.RegistrationInput) { in.DateOfBirth = "01/01/2099" }, "dateOfBirth", "Date of birth cannot be in the future."},
		{"date of birth from 1900", func(in *account.RegistrationInput) { in.DateOfBirth = "01/01/1850" }, "dateOfBirth", "Please enter a date of birth from 1900 on."},
		{"weight in range", func(in *account.RegistrationInput) { in.Weight = ptr(-3.0) }, "weight", "Please enter a weight between 0 and 1000."},
		{"e-mail valid", func(in *account.RegistrationInput) { in.Email = "ada@localhost" }, "email", "Please enter a valid e-mail address."},
		{"password too short", func(in *account.RegistrationInput) { in.Password, in.ConfirmPassword = "Ab1", "Ab1" }, "password",
			"Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number."},
		{"password needs a digit", func(in *account.RegistrationInput) { in.Password, in.ConfirmPassword = "Abcdefgh", "Abcdefgh" }, "password",
			"Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number."},
		{"password needs an upper-case letter", func(in *account.RegistrationInput) { in.Password, in.ConfirmPassword = "abcdefg1", "abcdefg1" }, "password",
			"Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number."},
		{"confirmation matches", func(in *account.RegistrationInput) { in.ConfirmPassword = "Secret124" }, "confirmPassword", "Passwords do not match."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := validInput()
			tt.change(&in)
			_, err := account.NewRegistration("u1", in, t0)
			if got := violation(err, tt.field); got != tt.want {
				t.Errorf("%s: got %q (%v), want %q", tt.field, got, err, tt.want)
			}
		})
	}
}
