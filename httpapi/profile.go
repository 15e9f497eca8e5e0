package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/accounts"
)

// mountProfile mounts the profile routes (verified users).
func (s *Server) mountProfile(r chi.Router) {
	r.Get("/users/user/sub-set", s.handle(s.profile))
	r.Put("/users/edit", s.handle(s.editProfile))
	r.Put("/users/time-zone", s.handle(s.setTimeZone))
}

// profileBody is "Your Details" as the edit form reads it.
type profileBody struct {
	resource
	FirstName      string  `json:"firstName"`
	Surname        string  `json:"surname"`
	DateOfBirth    *string `json:"dateOfBirth"`
	Gender         *string `json:"gender"`
	DisplayName    *string `json:"displayName"`
	DashboardChart string  `json:"dashboardChart"`
	Icon           string  `json:"icon"`
	Height         *int64  `json:"height"`
}

func writeProfile(w http.ResponseWriter, u accounts.User) {
	writeJSON(w, http.StatusOK, profileBody{
		resource:  resource{Context: "/api/contexts/User", ID: "/api/users/" + u.ID, Type: "User"},
		FirstName: u.FirstName, Surname: u.Surname, DateOfBirth: u.DateOfBirth, Gender: u.Gender,
		DisplayName: u.DisplayName, DashboardChart: u.DashboardChart, Icon: u.Icon, Height: u.Height,
	})
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	writeProfile(w, u)
	return nil
}

func (s *Server) editProfile(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := account.ProfileInput{FirstName: f.String("firstName"), Surname: f.String("surname"),
		DateOfBirth: f.String("dateOfBirth"), Gender: f.String("gender"), DisplayName: f.String("displayName"),
		DashboardChart: f.String("dashboardChart"), Icon: f.String("icon"), Height: f.Number("height")}
	now := s.now()
	p, err := account.NewProfile(in, now)
	if err := f.withRules(err); err != nil {
		return err
	}
	if err := s.app.EditProfile(r.Context(), app.EditProfile{Meta: commandMeta(r, u.ID), UserID: u.ID, Profile: p}); err != nil {
		return err
	}
	u, err = s.accounts.ByID(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeProfile(w, u)
	return nil
}
