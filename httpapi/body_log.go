package httpapi

import (
	"github.com/gymlog/gymlog/app"
	"net/http"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore"
)

// changeBodyLog runs one command against userID's body log (weights and sizes) and waits
// until readModel shows it, so the next screen does.
func (s *Server) changeBodyLog(r *http.Request, userID string, meta eventstore.Metadata, readModel string,
	decide func(*body.Log) ([]domain.Event, error)) error {
	res, err := app.Execute(r.Context(), s.app, bodyStream(userID), meta,
		func() *body.Log { return body.NewLog(userID) }, decide)
	if err != nil {
		return err
	}
	s.caughtUp(r.Context(), res.Position, readModel)
	return nil
}

// shortDate turns a YYYY-MM-DD date into the dd/mm/yyyy the single-entry answers carry.
func shortDate(iso string) string {
	if len(iso) != 10 {
		return iso
	}
	return iso[8:10] + "/" + iso[5:7] + "/" + iso[0:4]
}
