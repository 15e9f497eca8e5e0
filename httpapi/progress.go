package httpapi

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/domain/account"
	domainprogress "github.com/gymlog/gymlog/domain/progress"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/progress"
)

// progressAPI serves the dashboard's and /progress's calls: read models only.
type progressAPI struct {
	*workoutAPI
	progress *progress.Queries
}

// mountProgress mounts the dashboard and progress routes (verified users), beside each
// resource's own routes.
func (s *Server) mountProgress(r chi.Router) {
	p := &progressAPI{workoutAPI: s.workoutAPI(), progress: progress.NewQueries(s.db)}
	r.Get("/sessions/chart-data", s.handle(p.durationChart))
	r.Get("/sessions/time/average-duration", s.handle(p.averageDuration))
	r.Get("/sessions/time/average-week-count", s.handle(p.averageWeekCount))
	r.Get("/sessions/time/days-since-last", s.handle(p.daysSinceLast))
	r.Get("/muscle-groups/chart-data", s.handle(p.muscleGroupChart))
	r.Get("/weights/chart-data", s.handle(p.weightChart))
	r.Get("/exercise_logs/chart-enabled", s.handle(p.repeatedExercises))
	r.Get("/exercise_logs/chart-data", s.handle(p.exerciseChart))
	r.Get("/exercise_logs/personal-bests", s.handle(p.personalBestMetrics))
	r.Get("/users/progress", s.handle(p.bodyMetrics))
	r.Get("/sizes/chart-enabled", s.handle(p.repeatedSizes))
	r.Get("/sizes/chart-data", s.handle(p.sizeChart))
}

// shownName is how the charts and panes name a user: the display name, else the first name.
func shownName(u accounts.User) string {
	if u.DisplayName != nil {
		return *u.DisplayName
	}
	return u.FirstName
}

// chartMembers is chart data as docs/API.md gives it: labels, values, their average and
// trend, and the user's name.
func chartMembers(s domainprogress.Series, u accounts.User) []any {
	return []any{s.Labels, s.Values, s.Average(), s.Trend(), shownName(u)}
}

// series turns a read model's points into a chart's series: each point's label and value.
func series[P any](points []P, label func(P) string, value func(P) float64) domainprogress.Series {
	s := domainprogress.Series{Labels: make([]string, len(points)), Values: make([]float64, len(points))}
	for i, p := range points {
		s.Labels[i], s.Values[i] = label(p), value(p)
	}
	return s
}

// writeMembers answers a hydra:Collection of members at the request's path and query.
func writeMembers[M any](w http.ResponseWriter, r *http.Request, context string, members []M) {
	id := r.URL.Path
	if r.URL.RawQuery != "" {
		id += "?" + r.URL.RawQuery
	}
	writeJSON(w, http.StatusOK, collection{Context: context, ID: id, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
}

// userZone is the location of the user's time zone.
func userZone(u accounts.User) *time.Location { return account.Location(u.TimeZone) }
