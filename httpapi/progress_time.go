package httpapi

import (
	"net/http"

	domainprogress "github.com/gymlog/gymlog/domain/progress"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/progress"
)

// The time widgets of the dashboard: each answers one number (null when there is nothing to
// count, and the UI shows its fallback) and the user's name.

type averageDurationBody struct {
	resource
	AverageDuration *int   `json:"averageDuration"`
	Name            string `json:"name"`
}

type averageWeekCountBody struct {
	resource
	AverageWeekCount *float64 `json:"averageWeekCount"`
	Name             string   `json:"name"`
}

type daysSinceLastBody struct {
	resource
	DaysSinceLast   *int    `json:"daysSinceLast"`
	LastWorkoutDate *string `json:"lastWorkoutDate"`
	Name            string  `json:"name"`
}

// totals reads the followed user's workout totals.
func (p *progressAPI) totals(r *http.Request) (accounts.User, progress.Totals, error) {
	u, err := p.followed(r)
	if err != nil {
		return u, progress.Totals{}, err
	}
	t, err := p.progress.Totals(r.Context(), u.ID)
	return u, t, err
}

func timeResource(r *http.Request, kind string) resource {
	return resource{Context: "/api/contexts/Session", ID: r.URL.Path, Type: kind}
}

func (p *progressAPI) averageDuration(w http.ResponseWriter, r *http.Request) error {
	u, t, err := p.totals(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, averageDurationBody{resource: timeResource(r, "AverageDuration"),
		AverageDuration: domainprogress.AverageDuration(t.Minutes, t.Finished), Name: shownName(u)})
	return nil
}

func (p *progressAPI) averageWeekCount(w http.ResponseWriter, r *http.Request) error {
	u, t, err := p.totals(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, averageWeekCountBody{resource: timeResource(r, "AverageWeekCount"),
		AverageWeekCount: domainprogress.AverageWeekCount(t.Workouts, t.First, p.now(), userZone(u)), Name: shownName(u)})
	return nil
}

func (p *progressAPI) daysSinceLast(w http.ResponseWriter, r *http.Request) error {
	u, t, err := p.totals(r)
	if err != nil {
		return err
	}
	b := daysSinceLastBody{resource: timeResource(r, "DaysSinceLast"),
		DaysSinceLast: domainprogress.DaysSince(t.Last, p.now(), userZone(u)), Name: shownName(u)}
	if t.Last != "" {
		b.LastWorkoutDate = &t.Last
	}
	writeJSON(w, http.StatusOK, b)
	return nil
}
