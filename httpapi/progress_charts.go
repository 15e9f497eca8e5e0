package httpapi

import (
	"cmp"
	"net/http"
	"slices"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	domainprogress "github.com/gymlog/gymlog/domain/progress"
	"github.com/gymlog/gymlog/projections/progress"
	"github.com/gymlog/gymlog/projections/sizes"
	"github.com/gymlog/gymlog/projections/weights"
)

// durationChart answers the minutes of finished workouts a day: labels, durations, their
// average and the user's name (spec 1 section 7: no trend).
func (p *progressAPI) durationChart(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	days, err := p.progress.Durations(r.Context(), u.ID)
	if err != nil {
		return err
	}
	s := series(days, func(d progress.Day) string { return d.Date }, func(d progress.Day) float64 { return d.Value })
	writeMembers(w, r, "/api/contexts/Session", []any{s.Labels, s.Values, s.Average(), shownName(u)})
	return nil
}

// weightChart answers the latest weights in the user's unit.
func (p *progressAPI) weightChart(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	entries, err := p.weights.Latest(r.Context(), u.ID, u.Unit, progress.ChartPoints)
	if err != nil {
		return err
	}
	s := series(entries, func(e weights.Entry) string { return e.DateWeighed }, func(e weights.Entry) float64 { return e.Weight })
	writeMembers(w, r, "/api/contexts/Weight", chartMembers(s, u))
	return nil
}

// sizeChart answers the latest measurements of one category, in cm.
func (p *progressAPI) sizeChart(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	category := r.URL.Query().Get("category")
	if !body.ValidCategory(category) {
		return domain.Invalid("category", body.CategoryMessage)
	}
	entries, err := p.area.sizes.Latest(r.Context(), u.ID, category, progress.ChartPoints)
	if err != nil {
		return err
	}
	s := series(entries, func(e sizes.Entry) string { return e.DateMeasured }, func(e sizes.Entry) float64 { return e.Measurement })
	writeMembers(w, r, "/api/contexts/Size", chartMembers(s, u))
	return nil
}

// repeatedSizes answers the size categories with two entries or more: those with a chart.
func (p *progressAPI) repeatedSizes(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	repeated := []string{}
	for _, c := range body.Categories {
		entries, err := p.area.sizes.Latest(r.Context(), u.ID, c, 2)
		if err != nil {
			return err
		}
		if len(entries) == 2 {
			repeated = append(repeated, c)
		}
	}
	writeMembers(w, r, "/api/contexts/Size", repeated)
	return nil
}

// repeatedExercises answers the exercises done on two days or more: those with a chart.
func (p *progressAPI) repeatedExercises(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	names, err := p.progress.Repeated(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeMembers(w, r, "/api/contexts/ExerciseLog", names)
	return nil
}

// exerciseChart answers one exercise's best a day: weight in the user's unit, or reps on a
// day of bodyweight sets only.
func (p *progressAPI) exerciseChart(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	name := r.URL.Query().Get("name")
	if exercise.Key(name) == "" {
		return domain.Invalid("name", "Please choose an exercise.")
	}
	bests, err := p.progress.ExerciseBests(r.Context(), u.ID, name)
	if err != nil {
		return err
	}
	s := series(bests, func(b progress.Best) string { return b.Date }, func(b progress.Best) float64 {
		if b.Bodyweight {
			return b.Value
		}
		return body.FromKg(b.Value, u.Unit)
	})
	writeMembers(w, r, "/api/contexts/ExerciseLog", chartMembers(s, u))
	return nil
}

// muscleGroupChart answers the done sets of the past month (in the user's days) counted for
// each muscle group of their exercise, most first.
func (p *progressAPI) muscleGroupChart(w http.ResponseWriter, r *http.Request) error {
	u, err := p.followed(r)
	if err != nil {
		return err
	}
	since := domainprogress.PastMonthFrom(p.now(), userZone(u))
	done, err := p.progress.SetsSince(r.Context(), u.ID, since)
	if err != nil {
		return err
	}
	c := p.catalogue(r.Context(), u.ID)
	counts := map[int]float64{}
	for _, e := range done {
		groups, _ := c.groups(e.Exercise)
		for _, id := range groups {
			counts[id] += float64(e.Sets)
		}
	}
	if c.err != nil {
		return c.err
	}
	ids := make([]int, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int) int { return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b)) })
	values := make([]float64, len(ids))
	for i, id := range ids {
		values[i] = counts[id]
	}
	writeMembers(w, r, "/api/contexts/MuscleGroup", []any{exercise.GroupNames(ids), values, shownName(u)})
	return nil
}
