package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections/accounts"
)

// mountAccountsPublic mounts the account routes open to anyone.
func (s *Server) mountAccountsPublic(r chi.Router) {
	r.Post("/users/register", s.handle(s.register))
	r.Post("/login", s.handle(s.login))
	r.Post("/users/forgot-password/send-code", s.handle(s.sendResetCode))
	r.Post("/users/forgot-password/verify-code", s.handle(s.verifyResetCode))
	r.Post("/users/forgot-password/set-password", s.handle(s.setPassword))
}

// mountAccounts mounts the account routes for a signed-in user, verified or not.
func (s *Server) mountAccounts(r chi.Router) {
	r.Get("/users/user/me", s.handle(s.me))
	r.Post("/users/verify", s.handle(s.verify))
	// Resending changes state (a new code is issued), so it is a POST; a GET answers 405.
	r.Post("/users/verify/resend", s.handle(s.resendCode))
	r.Post("/users/change-password", s.handle(s.changePassword))
	r.Post("/users/change-email", s.handle(s.changeEmail))
	r.Post("/users/delete", s.handle(s.closeAccount))
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := account.RegistrationInput{
		FirstName: f.String("firstName"), Surname: f.String("surname"), DateOfBirth: f.String("dateOfBirth"),
		Gender: f.String("gender"), Unit: f.String("unit"), Weight: f.Number("weight"),
		Email: f.String("email"), Password: f.String("password"), ConfirmPassword: f.String("confirmPassword"),
	}
	ctx, now := r.Context(), s.now()
	meta := commandMeta(r, "")
	userID := meta.EntityID("user", account.NormaliseEmail(in.Email))
	meta.ActorID = userID
	reg, err := account.NewRegistration(userID, in, now)
	if err := f.withRules(err); err != nil {
		return err
	}
	if err := s.app.Register(ctx, app.Register{Meta: meta, UserID: userID, Registration: reg,
		Address: clientAddress(r)}); err != nil {
		return err
	}
	u, err := s.accounts.ByID(ctx, userID)
	if err != nil {
		return err
	}
	if err := s.startSession(w, r, userID); err != nil {
		return err
	}
	w.Header().Set("Location", "/api/users/"+userID)
	return s.writeMe(w, r, http.StatusCreated, u)
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	email, password := account.NormaliseEmail(f.String("email")), f.String("password")
	if email == "" {
		f.v.Add("email", "Please enter your e-mail address.")
	}
	if password == "" {
		f.v.Add("password", "Please enter your password.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	u, err := s.app.SignIn(r.Context(), app.SignIn{Email: email, Password: password, Address: clientAddress(r)})
	if err != nil {
		return err
	}
	if err := s.startSession(w, r, u.ID); err != nil {
		return err
	}
	return s.writeMe(w, r, http.StatusOK, u)
}

// startSession signs userID in with a new session id, ending the one the request came
// with (session ids rotate on sign-in).
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, userID string) error {
	if old := sessionToken(r.Context()); old != "" {
		if err := s.sessions.end(r.Context(), old); err != nil {
			return err
		}
	}
	token, err := s.sessions.create(r.Context(), userID, s.now())
	if err != nil {
		return err
	}
	setCookie(w, r, token, int(app.SessionTTL.Seconds()))
	return nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if token := sessionToken(r.Context()); token != "" {
		if err := s.sessions.end(r.Context(), token); err != nil {
			return err
		}
	}
	setCookie(w, r, "", -1)
	writeJSON(w, http.StatusOK, map[string]bool{"loggedOut": true})
	return nil
}

// meBody is the signed-in user as spec 3 section 3 lists the fields.
type meBody struct {
	resource
	ID              string   `json:"id"`
	Email           string   `json:"email"`
	FirstName       string   `json:"firstName"`
	Surname         string   `json:"surname"`
	DateOfBirth     *string  `json:"dateOfBirth"`
	Gender          *string  `json:"gender"`
	DisplayName     *string  `json:"displayName"`
	DashboardChart  string   `json:"dashboardChart"`
	Icon            string   `json:"icon"`
	Height          *int64   `json:"height"`
	LoggedInName    string   `json:"loggedInName"`
	Trainer         bool     `json:"trainer"`
	TrainersClient  bool     `json:"trainersClient"`
	PendingTrainers int      `json:"pendingTrainers"`
	IsVerified      bool     `json:"isVerified"`
	Sessions        []string `json:"sessions"`
	Age             *int     `json:"age"`
	CurrentWeightKg *float64 `json:"currentWeightKg"`
	Unit            string   `json:"unit"`
	TimeZone        string   `json:"timeZone"`
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	return s.writeMe(w, r, http.StatusOK, u)
}

func (s *Server) writeMe(w http.ResponseWriter, r *http.Request, status int, u accounts.User) error {
	kg, err := s.weights.LatestKg(r.Context(), u.ID)
	if err != nil {
		return err
	}
	client, pending, err := s.coaching.Standing(r.Context(), u.ID, verifiedEmail(u))
	if err != nil {
		return err
	}
	writeJSON(w, status, meBody{
		resource: resource{Context: "/api/contexts/User", ID: "/api/users/" + u.ID, Type: "User"},
		ID:       u.ID, Email: u.Email, FirstName: u.FirstName, Surname: u.Surname,
		DateOfBirth: u.DateOfBirth, Gender: u.Gender, DisplayName: u.DisplayName,
		DashboardChart: u.DashboardChart, Icon: u.Icon, Height: u.Height, LoggedInName: u.FirstName,
		Trainer: u.Trainer, TrainersClient: client, PendingTrainers: pending, IsVerified: u.Verified, Sessions: s.workoutIDs(r.Context(), u.ID),
		Age: age(u.DateOfBirth, s.now()), CurrentWeightKg: kg, Unit: u.Unit,
		TimeZone: u.TimeZone,
	})
	return nil
}

// age is whole years from a YYYY-MM-DD birth date to now.
func age(dateOfBirth *string, now time.Time) *int {
	if dateOfBirth == nil {
		return nil
	}
	d, err := time.Parse(time.DateOnly, *dateOfBirth)
	if err != nil {
		return nil
	}
	years := now.Year() - d.Year()
	if now.Month() < d.Month() || (now.Month() == d.Month() && now.Day() < d.Day()) {
		years--
	}
	return &years
}

func (s *Server) verify(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	userID, code := f.String("userId"), f.String("authCode")
	if code == "" && !f.v.Has("authCode") {
		f.v.Add("authCode", "Please enter the code from the e-mail.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if userID != "" && userID != u.ID {
		return domain.Forbidden("You can only verify your own account.")
	}
	if err := s.app.Verify(r.Context(), app.Verify{Meta: commandMeta(r, u.ID), UserID: u.ID, Code: code,
		Address: clientAddress(r)}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"verified": true})
	return nil
}

func (s *Server) resendCode(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.ResendVerificationCode(r.Context(), app.ResendVerificationCode{Meta: commandMeta(r, u.ID), UserID: u.ID}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"sent": true})
	return nil
}
