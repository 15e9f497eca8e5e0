package account

import (
	"net/mail"
	"strings"
	"time"
	"unicode"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
)

// Units a user can choose; kg is the default.
const (
	UnitKg  = "kg"
	UnitLbs = "lbs"
)

// Genders a user can choose (or none).
const (
	GenderMale   = "Male"
	GenderFemale = "Female"
)

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 8

// maxPasswordBytes is bcrypt's input limit; longer passwords would be silently truncated.
const maxPasswordBytes = 72

// maxNameLength bounds names so one request cannot store megabytes of text.
const maxNameLength = 100

// RegistrationInput is the sign-up form as the user sent it.
type RegistrationInput struct {
	Email, Password, ConfirmPassword string
	FirstName, Surname               string
	DateOfBirth                      string
	Gender                           string
	Unit                             string
	Weight                           *float64
}

// Registration is a sign-up that passed every rule, normalised for storage.
type Registration struct {
	UserID      string
	Email       string
	Password    string
	FirstName   string
	Surname     string
	DateOfBirth *string
	Gender      *string
	Unit        string
	Weight      *float64
}

// NewRegistration checks a sign-up against the rules of spec 3 and returns it normalised:
// e-mail lower-cased, names trimmed, weight rounded to 2 decimals (nil when zero), empty
// gender nil, unit defaulting to kg. Every broken rule is reported at once.
func NewRegistration(userID string, in RegistrationInput, today time.Time) (Registration, error) {
	var v domain.Violations
	r := Registration{
		UserID:    userID,
		Email:     NormaliseEmail(in.Email),
		Password:  in.Password,
		FirstName: strings.TrimSpace(in.FirstName),
		Surname:   strings.TrimSpace(in.Surname),
		Unit:      in.Unit,
	}
	checkName(&v, "firstName", r.FirstName, "Please enter your first name.")
	checkName(&v, "surname", r.Surname, "Please enter your surname.")
	if r.Unit == "" {
		r.Unit = UnitKg
	}
	if r.Unit != UnitKg && r.Unit != UnitLbs {
		v.Add("unit", "Unit must be kg or lbs.")
	}
	switch in.Gender {
	case "":
	case GenderMale, GenderFemale:
		g := in.Gender
		r.Gender = &g
	default:
		v.Add("gender", "Gender must be Male or Female.")
	}
	if strings.TrimSpace(in.DateOfBirth) != "" {
		if d, problem := ParseDateOfBirth(in.DateOfBirth, today); problem == "" {
			r.DateOfBirth = &d
		} else {
			v.Add("dateOfBirth", problem)
		}
	}
	if in.Weight != nil {
		w, err := body.RoundWeight(*in.Weight)
		switch {
		case err != nil:
			v.Add("weight", "Please enter a weight between 0 and 1000.")
		case w != 0:
			r.Weight = &w
		}
	}
	if !ValidEmail(r.Email) {
		v.Add("email", "Please enter a valid e-mail address.")
	}
	if msg := PasswordProblem(in.Password); msg != "" {
		v.Add("password", msg)
	}
	if in.ConfirmPassword != in.Password {
		v.Add("confirmPassword", "Passwords do not match.")
	}
	return r, v.Err()
}

func checkName(v *domain.Violations, field, name, missing string) {
	switch {
	case name == "":
		v.Add(field, missing)
	case len([]rune(name)) > maxNameLength:
		v.Add(field, "Please use at most 100 characters.")
	}
}

// NormaliseEmail trims and lower-cases an address, so one mailbox is one account.
func NormaliseEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidEmail accepts a bare address with a dotted domain, such as ada@example.com.
func ValidEmail(email string) bool {
	if len(email) > 254 {
		return false
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(email, '@')
	return at > 0 && strings.Contains(email[at+1:], ".")
}

// PasswordProblem says what is wrong with a password, or "" when it is acceptable: at least
// 8 characters with an upper-case letter, a lower-case letter and a digit.
func PasswordProblem(pw string) string {
	var upper, lower, digit bool
	for _, r := range pw {
		upper = upper || unicode.IsUpper(r)
		lower = lower || unicode.IsLower(r)
		digit = digit || unicode.IsDigit(r)
	}
	switch {
	case len([]rune(pw)) < MinPasswordLength || !upper || !lower || !digit:
		return "Password must be at least 8 characters with an uppercase letter, a lowercase letter and a number."
	case len(pw) > maxPasswordBytes:
		return "Password must be at most 72 bytes."
	}
	return ""
}

// Messages of a date of birth that cannot be one.
const (
	dateOfBirthFormat = "Please enter a valid date in the format dd/mm/yyyy"
	dateOfBirthFuture = "Date of birth cannot be in the future."
	dateOfBirthEarly  = "Please enter a date of birth from 1900 on."
)

// ParseDateOfBirth reads YYYY-MM-DD or dd/mm/yyyy and returns YYYY-MM-DD for a real date
// between 1900-01-01 and today, or else the message that says what is wrong with it.
func ParseDateOfBirth(s string, today time.Time) (date, problem string) {
	s = strings.TrimSpace(s)
	var d time.Time
	var err error
	if strings.Contains(s, "/") {
		d, err = time.Parse("02/01/2006", s)
	} else {
		d, err = time.Parse(time.DateOnly, s)
	}
	switch {
	case err != nil:
		return "", dateOfBirthFormat
	case d.Year() < 1900:
		return "", dateOfBirthEarly
	case d.After(today):
		return "", dateOfBirthFuture
	}
	return d.Format(time.DateOnly), ""
}
