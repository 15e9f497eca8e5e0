package httpapi

import (
	"net/http"
	"net/url"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/projections/workouts"
)

// intelSessions is how many of the user's latest workouts with the exercise Training Intel
// shows.
const intelSessions = 3

// maxExerciseName bounds the exercise name Training Intel is asked about.
const maxExerciseName = 100

// intelSetBody is one set of a past workout, its weight in the reader's unit.
type intelSetBody struct {
	SetNumber  int      `json:"setNumber"`
	Weight     *float64 `json:"weight"`
	WeightUnit string   `json:"weightUnit,omitempty"`
	Reps       *int     `json:"reps"`
	RPE        *int     `json:"rpe"`
	Done       bool     `json:"done"`
	Distance   *float64 `json:"distance,omitempty"`
	Unit       *string  `json:"unit,omitempty"`
	Minutes    *int     `json:"minutes,omitempty"`
	Seconds    *int     `json:"seconds,omitempty"`
}

// intelSessionBody is one past workout's sets of the exercise.
type intelSessionBody struct {
	WorkoutID string         `json:"workoutId"`
	Date      string         `json:"date"`
	Sets      []intelSetBody `json:"sets"`
}

// intelBestBody is the user's personal best of the exercise.
type intelBestBody struct {
	Weight     *float64 `json:"weight"`
	WeightUnit string   `json:"weightUnit,omitempty"`
	Reps       *int     `json:"reps"`
	Date       string   `json:"date"`
}

// trainingIntelBody is the Training Intel card: the signed-in user's last sessions of the
// exercise and their personal best; clients holds a trainer's per-client snapshots, which
// come with trainer-client relationships (issue #14) and is empty until then.
type trainingIntelBody struct {
	resource
	Exercise string             `json:"exercise"`
	Sessions []intelSessionBody `json:"sessions"`
	Best     *intelBestBody     `json:"best"`
	Clients  []any              `json:"clients"`
}

// trainingIntel answers GET /api/plan_exercises/intel?name=: each of intelSessions reads
// one row of the sets' history index and the workout's sets of the exercise.
func (s *Server) trainingIntel(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	name := exercise.CleanName(r.URL.Query().Get("name"))
	switch {
	case name == "":
		return domain.Invalid("name", "Please choose an exercise.")
	case utf8.RuneCountInString(name) > maxExerciseName:
		return domain.Invalid("name", "Please choose an exercise of at most 100 characters.")
	}
	body := trainingIntelBody{resource: resource{Context: "/api/contexts/TrainingIntel",
		ID: "/api/plan_exercises/intel?name=" + url.QueryEscape(name), Type: "TrainingIntel"}, Exercise: name,
		Sessions: []intelSessionBody{}, Clients: []any{}}
	before := ""
	for range intelSessions {
		sets, err := s.workoutQueries.Previous(r.Context(), u.ID, name, before)
		if err != nil {
			return err
		}
		if len(sets) == 0 {
			break
		}
		session := intelSessionBody{WorkoutID: sets[0].WorkoutID, Date: sets[0].Date(), Sets: make([]intelSetBody, len(sets))}
		for i, set := range sets {
			session.Sets[i] = intelSetJSON(set, u.Unit)
		}
		body.Sessions = append(body.Sessions, session)
		before = session.WorkoutID
	}
	bests, err := s.workoutQueries.Bests(r.Context(), u.ID)
	if err != nil {
		return err
	}
	for _, b := range bests {
		if exercise.Key(b.Exercise) == exercise.Key(name) {
			best := intelBestBody{Weight: workouts.InUnit(b.Weight, b.WeightUnit, b.WeightKg, u.Unit), Reps: b.Reps, Date: b.Date}
			if best.Weight != nil {
				best.WeightUnit = u.Unit
			}
			body.Best = &best
			break
		}
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func intelSetJSON(set workouts.Set, unit string) intelSetBody {
	b := intelSetBody{SetNumber: set.SetNumber, Weight: workouts.InUnit(set.Weight, set.WeightUnit, set.WeightKg, unit),
		Reps: set.Reps, RPE: set.RPE, Done: set.Done, Distance: set.Distance, Unit: set.DistanceUnit, Minutes: set.Minutes,
		Seconds: set.Seconds}
	if b.Weight != nil {
		b.WeightUnit = unit
	}
	return b
}
