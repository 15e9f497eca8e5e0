package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	domainprogress "github.com/gymlog/gymlog/domain/progress"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/workouts"
)

// metricBody is one card of /progress (docs/API.md); Set names the set that earned a
// personal best.
type metricBody struct {
	Type       string  `json:"@type"`
	Name       string  `json:"name"`
	Start      float64 `json:"start"`
	Current    float64 `json:"current"`
	From       string  `json:"from"`
	To         string  `json:"to"`
	Change     string  `json:"change"`
	Difference float64 `json:"difference"`
	Unit       string  `json:"unit"`
	Set        string  `json:"set,omitempty"`
}

func metricJSON(m domainprogress.Metric) metricBody {
	return metricBody{Type: "ProgressMetric", Name: m.Name, Start: m.Start, Current: m.Current, From: m.From, To: m.To,
		Change: m.Change, Difference: m.Difference, Unit: m.Unit}
}

// repsUnit is the unit of a bodyweight exercise's personal best.
const repsUnit = "reps"

// personalBestMetrics answers the Personal Bests pane: for each exercise with a personal
// best, the first against the current one, the most recent best first.
func (p *progressAPI) personalBestMetrics(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	bests, err := p.workouts.Bests(r.Context(), u.ID)
	if err != nil {
		return err
	}
	firsts, err := p.workouts.FirstBests(r.Context(), u.ID)
	if err != nil {
		return err
	}
	metrics := make([]metricBody, 0, len(bests))
	for _, b := range bests {
		first, ok := firsts[exercise.Key(b.Exercise)]
		if !ok {
			continue
		}
		unit, start, current := u.Unit, bestValue(first.Weight, first.WeightUnit, first.WeightKg, first.Reps, u.Unit),
			bestValue(b.Weight, b.WeightUnit, b.WeightKg, b.Reps, u.Unit)
		if b.Bodyweight {
			unit = repsUnit
		}
		m := metricJSON(domainprogress.NewMetric(b.Exercise, unit, start, current, first.Date(), b.Date, 2))
		m.Set = b.SetID
		metrics = append(metrics, m)
	}
	writeMembers(w, r, "/api/contexts/ExerciseLog", []any{shownName(u), metrics})
	return nil
}

// bestValue is what a best is measured by, shown to the user: the weight in unit, or reps
// for bodyweight (no weight).
func bestValue(weight *float64, logged string, kg *float64, reps *int, unit string) float64 {
	if w := workouts.InUnit(weight, logged, kg, unit); w != nil {
		return *w
	}
	if reps != nil {
		return float64(*reps)
	}
	return 0
}

// sizeUnit is the unit of every body size.
const sizeUnit = "cm"

// bodyMetrics answers the Size & Weight pane: the weight, then each size category, first
// entry against the latest, for those with two entries or more.
func (p *progressAPI) bodyMetrics(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	metrics := []metricBody{}
	if m, ok, err := p.weightMetric(r, u); err != nil {
		return err
	} else if ok {
		metrics = append(metrics, m)
	}
	for _, c := range body.Categories {
		latest, err := p.area.sizes.Latest(r.Context(), u.ID, c, 1)
		if err != nil {
			return err
		}
		first, ok, err := p.area.sizes.Oldest(r.Context(), u.ID, c)
		if err != nil {
			return err
		}
		if ok && len(latest) == 1 && latest[0].ID != first.ID {
			metrics = append(metrics, metricJSON(domainprogress.NewMetric(c, sizeUnit, first.Measurement, latest[0].Measurement,
				first.DateMeasured, latest[0].DateMeasured, 1)))
		}
	}
	writeMembers(w, r, "/api/contexts/User", []any{shownName(u), metrics})
	return nil
}

// weightMetric compares the user's first weight with the latest, in their unit, when there
// are two or more.
func (p *progressAPI) weightMetric(r *http.Request, u accounts.User) (metricBody, bool, error) {
	latest, err := p.weights.Latest(r.Context(), u.ID, u.Unit, 1)
	if err != nil {
		return metricBody{}, false, err
	}
	first, ok, err := p.weights.Oldest(r.Context(), u.ID, u.Unit)
	if err != nil || !ok || len(latest) != 1 || latest[0].ID == first.ID {
		return metricBody{}, false, err
	}
	return metricJSON(domainprogress.NewMetric("Weight", u.Unit, first.Weight, latest[0].Weight,
		first.DateWeighed, latest[0].DateWeighed, 2)), true, nil
}
