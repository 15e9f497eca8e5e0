package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/account"
)

// timeZoneBody is the user's time zone as PUT /api/users/time-zone takes and answers it.
type timeZoneBody struct {
	TimeZone string `json:"timeZone"`
}

func (s *Server) setTimeZone(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	zone, err := account.NewTimeZone(f.String("timeZone"))
	if err := f.withRules(err); err != nil {
		return err
	}
	if err := s.app.SetTimeZone(r.Context(), app.SetTimeZone{Meta: commandMeta(r, u.ID), UserID: u.ID, TimeZone: zone}); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, timeZoneBody{TimeZone: zone})
	return nil
}
