package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/domain/calculator"
)

// mountCalculator mounts the public calorie calculator: its rules live once, in Go.
func (s *Server) mountCalculator(r chi.Router) {
	r.Post("/calculator", s.handle(s.calculate))
}

func (s *Server) calculate(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := calculator.Input{Age: f.Number("age"), Height: f.Number("height"), Weight: f.Number("weight"),
		Gender: f.String("gender"), ActivityLevel: f.String("activityLevel"), Goal: f.String("goal")}
	res, err := calculator.Calculate(in)
	if err := f.withRules(err); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}
