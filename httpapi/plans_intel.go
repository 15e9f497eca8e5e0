package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/coaching"
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
// exercise and their personal best; clients holds a trainer's snapshot of each confirmed
// client (the newest maxIntelClients), weights in the trainer's unit.
type trainingIntelBody struct {
	resource
	Exercise string             `json:"exercise"`
	Sessions []intelSessionBody `json:"sessions"`
	Best     *intelBestBody     `json:"best"`
	Clients  []clientIntelBody  `json:"clients"`
}

// trainingIntel answers GET /api/plan_exercises/intel?name=.
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
		Clients: []clientIntelBody{}}
	var err error
	if body.Sessions, body.Best, err = s.intelOf(r.Context(), u.ID, name, u.Unit); err != nil {
		return err
	}
	clients, err := s.coaching.AllClients(r.Context(), u.ID)
	if err != nil {
		return err
	}
	for _, c := range clients {
		if c.Status != coaching.Confirmed || len(body.Clients) == maxIntelClients {
			continue
		}
		snapshot := clientIntelBody{ClientDisplayName: c.PersonName}
		if snapshot.Sessions, snapshot.Best, err = s.intelOf(r.Context(), c.PersonID, name, u.Unit); err != nil {
			return err
		}
		body.Clients = append(body.Clients, snapshot)
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// maxIntelClients bounds the client snapshots of one card: a trainer's newest clients.
const maxIntelClients = 20

// clientIntelBody is a trainer's snapshot of one confirmed client's performance of the exercise.
type clientIntelBody struct {
	ClientDisplayName string             `json:"clientDisplayName"`
	Sessions          []intelSessionBody `json:"sessions"`
	Best              *intelBestBody     `json:"best"`
}

// intelOf is userID's last sessions of the exercise name and their personal best of it,
// weights in unit: each of intelSessions reads one row of the sets' history index and the
// workout's sets of the exercise.
func (s *Server) intelOf(ctx context.Context, userID, name, unit string) ([]intelSessionBody, *intelBestBody, error) {
	sessions := []intelSessionBody{}
	before := ""
	for range intelSessions {
		sets, err := s.workoutQueries.Previous(ctx, userID, name, before)
		if err != nil {
			return nil, nil, err
		}
		if len(sets) == 0 {
			break
		}
		session := intelSessionBody{WorkoutID: sets[0].WorkoutID, Date: sets[0].Date(), Sets: make([]intelSetBody, len(sets))}
		for i, set := range sets {
			session.Sets[i] = intelSetJSON(set, unit)
		}
		sessions = append(sessions, session)
		before = session.WorkoutID
	}
	bests, err := s.workoutQueries.Bests(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range bests {
		if exercise.Key(b.Exercise) == exercise.Key(name) {
			best := intelBestBody{Weight: workouts.InUnit(b.Weight, b.WeightUnit, b.WeightKg, unit), Reps: b.Reps, Date: b.Date}
			if best.Weight != nil {
				best.WeightUnit = unit
			}
			return sessions, &best, nil
		}
	}
	return sessions, nil, nil
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
