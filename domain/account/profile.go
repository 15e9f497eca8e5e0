package account

import (
	"math"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Dashboard chart options; Weight is the default.
const (
	ChartDuration = "Duration"
	ChartWeight   = "Weight"
)

// DefaultIcon is the avatar of a user who has not chosen one.
const DefaultIcon = "fa-user"

// Icons are the avatar choices, the default first.
var Icons = []string{"fa-user", "fa-heart", "fa-leaf", "fa-bolt", "fa-gamepad", "fa-chess-knight",
	"fa-fire", "fa-star", "fa-gem", "fa-headphones"}

// Height bounds in whole centimetres.
const (
	MinHeight = 50
	MaxHeight = 300
)

// ProfileInput is "Your Details" as the user sent it; Height nil means none.
type ProfileInput struct {
	FirstName, Surname string
	DateOfBirth        string
	Gender             string
	DisplayName        string
	DashboardChart     string
	Icon               string
	Height             *float64
}

// Profile is a profile that passed every rule, normalised for storage.
type Profile struct {
	FirstName, Surname string
	DateOfBirth        *string
	Gender             *string
	DisplayName        *string
	DashboardChart     string
	Icon               string
	Height             *int64
}

// NewProfile checks "Your Details" and returns it normalised: names trimmed, empty optional
// values nil, the chart defaulting to Weight and the icon to fa-user. Every broken rule is
// reported at once.
func NewProfile(in ProfileInput, today time.Time) (Profile, error) {
	var v domain.Violations
	p := Profile{FirstName: strings.TrimSpace(in.FirstName), Surname: strings.TrimSpace(in.Surname),
		DashboardChart: in.DashboardChart, Icon: in.Icon}
	checkName(&v, "firstName", p.FirstName, "Please enter your first name.")
	checkName(&v, "surname", p.Surname, "Please enter your surname.")
	if s := strings.TrimSpace(in.DateOfBirth); s != "" {
		if d, problem := ParseDateOfBirth(s, today); problem == "" {
			p.DateOfBirth = &d
		} else {
			v.Add("dateOfBirth", problem)
		}
	}
	switch in.Gender {
	case "":
	case GenderMale, GenderFemale:
		g := in.Gender
		p.Gender = &g
	default:
		v.Add("gender", "Gender must be Male or Female.")
	}
	if s := strings.TrimSpace(in.DisplayName); s != "" {
		if len([]rune(s)) > maxNameLength {
			v.Add("displayName", "Please use at most 100 characters.")
		}
		p.DisplayName = &s
	}
	switch p.DashboardChart {
	case "":
		p.DashboardChart = ChartWeight
	case ChartDuration, ChartWeight:
	default:
		v.Add("dashboardChart", "Dashboard chart must be Duration or Weight.")
	}
	if p.Icon == "" {
		p.Icon = DefaultIcon
	} else if !validIcon(p.Icon) {
		v.Add("icon", "Please choose one of the avatars.")
	}
	if in.Height != nil {
		h := *in.Height
		if h != math.Trunc(h) || h < MinHeight || h > MaxHeight {
			v.Add("height", "Please enter a height in whole centimetres between 50 and 300.")
		} else {
			n := int64(h)
			p.Height = &n
		}
	}
	return p, v.Err()
}

func validIcon(icon string) bool {
	for _, i := range Icons {
		if i == icon {
			return true
		}
	}
	return false
}

// EditProfile records the user's new details.
func (u *User) EditProfile(p Profile, now time.Time) ([]domain.Event, error) {
	if !u.Registered() {
		return nil, domain.NotFound("User not found.")
	}
	return []domain.Event{ProfileEdited{UserID: u.id, FirstName: p.FirstName, Surname: p.Surname,
		DateOfBirth: p.DateOfBirth, Gender: p.Gender, DisplayName: p.DisplayName,
		DashboardChart: p.DashboardChart, Icon: p.Icon, Height: p.Height, EditedAt: now}}, nil
}
