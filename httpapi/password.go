package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/account"
)

// checkNewPassword adds the rules of a new password and its confirmation to f.
func checkNewPassword(f *fields, password, confirm string) {
	if msg := account.PasswordProblem(password); msg != "" && !f.v.Has("newPassword") {
		f.v.Add("newPassword", msg)
	}
	if confirm != password && !f.v.Has("confirmPassword") {
		f.v.Add("confirmPassword", "Passwords do not match.")
	}
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	old, password, confirm := f.String("oldPassword"), f.String("newPassword"), f.String("confirmPassword")
	if old == "" && !f.v.Has("oldPassword") {
		f.v.Add("oldPassword", "Please enter your current password.")
	}
	checkNewPassword(f, password, confirm)
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.app.ChangePassword(r.Context(), app.ChangePassword{Meta: commandMeta(r, u.ID), UserID: u.ID,
		OldPassword: old, NewPassword: password, Address: clientAddress(r)}); err != nil {
		return err
	}
	if err := s.sessions.endAll(r.Context(), u.ID); err != nil {
		return err
	}
	setCookie(w, r, "", -1)
	writeJSON(w, http.StatusOK, map[string]bool{"passwordChanged": true})
	return nil
}

// resetEmail reads and checks the e-mail of a forgot-password request.
func resetEmail(f *fields) string {
	email := account.NormaliseEmail(f.String("email"))
	if !f.v.Has("email") && !account.ValidEmail(email) {
		f.v.Add("email", "Please enter a valid e-mail address.")
	}
	return email
}

func (s *Server) sendResetCode(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	email := resetEmail(f)
	if err := f.Err(); err != nil {
		return err
	}
	// The answer is the same whether or not the address has an account.
	if err := s.app.SendPasswordResetCode(r.Context(), app.SendPasswordResetCode{Meta: commandMeta(r, ""), Email: email,
		Address: clientAddress(r)}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"sent": true})
	return nil
}

// resetAttempt reads the e-mail and code of a reset-code check.
func resetAttempt(f *fields) (string, string, error) {
	email := resetEmail(f)
	code := f.String("passwordCode")
	if code == "" && !f.v.Has("passwordCode") {
		f.v.Add("passwordCode", "Please enter the code from the e-mail.")
	}
	return email, code, f.Err()
}

func (s *Server) verifyResetCode(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	email, code, err := resetAttempt(f)
	if err != nil {
		return err
	}
	if err := s.app.CheckPasswordResetCode(r.Context(), app.CheckPasswordResetCode{Meta: commandMeta(r, ""), Email: email,
		Code: code, Address: clientAddress(r)}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"valid": true})
	return nil
}

func (s *Server) setPassword(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	password, confirm := f.String("newPassword"), f.String("confirmPassword")
	checkNewPassword(f, password, confirm)
	email, code, err := resetAttempt(f)
	if err != nil {
		return err
	}
	userID, err := s.app.ResetPassword(r.Context(), app.ResetPassword{Meta: commandMeta(r, ""), Email: email, Code: code,
		Password: password, Address: clientAddress(r)})
	if err != nil {
		return err
	}
	if err := s.sessions.endAll(r.Context(), userID); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"passwordSet": true})
	return nil
}
