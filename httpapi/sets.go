package httpapi

import (
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections/workouts"
)

// mountSets mounts the set routes under /exercise_logs.
func (s *workoutAPI) mountSets(r chi.Router) {
	r.Route("/exercise_logs", func(r chi.Router) {
		r.Post("/add", s.handle(s.addStrengthSet))
		r.Post("/add-cardio", s.handle(s.addCardioSet))
		r.Put("/done", s.handle(s.markSetDone))
		r.Get("/list/{session}", s.handle(s.listSets))
		r.Get("/snapshot/{exercise}/current/{session}", s.handle(s.snapshotCurrent))
		r.Get("/snapshot/{exercise}/previous", s.handle(s.snapshotPrevious))
		r.Get("/snapshot/{exercise}/previous/{session}", s.handle(s.snapshotPrevious))
		r.Get("/suggest-next/{exercise}", s.handle(s.suggestNext))
		r.Get("/pbs", s.handle(s.personalBests))
		r.Get("/recent", s.handle(s.recentExercises))
		r.Get("/{id}", s.handle(s.getSet))
		r.Delete("/{id}", s.handle(s.deleteSet))
	})
}

// setBody is a set as the screens read it (docs/API.md).
type setBody struct {
	resource
	ID               string   `json:"id"`
	UserID           string   `json:"userId"`
	Session          string   `json:"session"`
	Name             string   `json:"name"`
	Exercise         string   `json:"exercise"`
	Category         string   `json:"category"`
	SetNumber        int      `json:"setNumber"`
	Weight           *float64 `json:"weight"`
	Reps             *int     `json:"reps"`
	RPE              *int     `json:"rpe"`
	Done             bool     `json:"done"`
	PB               bool     `json:"pb"`
	WeightUnit       string   `json:"weightUnit"`
	IsBodyweight     bool     `json:"isBodyweight"`
	IsCardio         bool     `json:"isCardio"`
	PlanNotes        *string  `json:"planNotes"`
	MuscleGroupNames []string `json:"muscleGroupNames"`
	Disabled         bool     `json:"disabled"`
	Created          string   `json:"created"`
	Distance         *float64 `json:"distance"`
	Unit             *string  `json:"unit"`
	Minutes          *int     `json:"minutes"`
	Seconds          *int     `json:"seconds"`
	// Kind is "" (a working set), warmup, drop or failure.
	Kind string `json:"kind"`
	// Note is the lifter's note on the set, "" for none; it may hold lines.
	Note string `json:"note"`
	// Provisional marks a set answered before the read models had it (202): its number and
	// personal best are not known yet (0, false); Position is its event's log position.
	Provisional bool  `json:"provisional,omitempty"`
	Position    int64 `json:"position,omitempty"`
}

func setJSON(c *catalogue, x workouts.Set, unit string) setBody {
	groups, locked := c.groups(x.Exercise)
	b := setBody{resource: resource{ID: "/api/exercise_logs/" + x.ID, Type: "ExerciseLog"}, ID: x.ID, UserID: x.UserID,
		Session: x.WorkoutID, Name: x.Exercise, Exercise: x.Exercise, Category: x.Category, SetNumber: x.SetNumber,
		Weight: workouts.InUnit(x.Weight, x.WeightUnit, x.WeightKg, unit), Reps: x.Reps, RPE: x.RPE, Done: x.Done, PB: x.PB,
		WeightUnit: unit, IsBodyweight: x.Category == exercise.Bodyweight, IsCardio: x.Category == exercise.Cardio,
		PlanNotes: nonEmpty(x.PlanNotes), MuscleGroupNames: exercise.GroupNames(groups), Disabled: locked,
		Created: timeOf(x.LoggedAt), Distance: x.Distance, Minutes: x.Minutes, Seconds: x.Seconds, Kind: x.Kind, Note: x.Note,
		Provisional: x.Provisional, Position: x.Position}
	if b.IsCardio {
		u := ""
		if x.DistanceUnit != nil {
			u = *x.DistanceUnit
		}
		b.Unit = &u
	}
	return b
}

func (s *workoutAPI) setsCollection(w http.ResponseWriter, r *http.Request, sets []workouts.Set) {
	u, _ := currentUser(r.Context())
	c := s.catalogue(r.Context(), u.ID)
	members := make([]setBody, len(sets))
	for i, x := range sets {
		members[i] = setJSON(c, x, u.Unit)
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/ExerciseLog", ID: r.URL.Path, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
}

func (s *workoutAPI) writeSet(w http.ResponseWriter, r *http.Request, status int, x workouts.Set) error {
	u, _ := currentUser(r.Context())
	b := setJSON(s.catalogue(r.Context(), u.ID), x, u.Unit)
	b.Context = "/api/contexts/ExerciseLog"
	if status == http.StatusCreated || status == http.StatusAccepted {
		w.Header().Set("Location", "/api/exercise_logs/"+x.ID)
	}
	writeJSON(w, status, b)
	return nil
}

func timeOf(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.RFC3339) }

func (s *workoutAPI) addStrengthSet(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.StrengthInput{Exercise: f.String("exercise"), Category: f.String("category"),
		Weight: f.Number("weight"), Reps: f.Number("reps"), RPE: f.Number("rpe"), Kind: f.String("kind"), Note: f.Note("note")}
	u, _ := currentUser(r.Context())
	return s.saveSet(w, r, f, app.SaveSet{Strength: &in}, func() error { return workout.CheckStrength(in, u.Unit) })
}

func (s *workoutAPI) addCardioSet(w http.ResponseWriter, r *http.Request) error {
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.CardioInput{Exercise: f.String("exercise"), Distance: f.Number("distance"), Unit: f.String("unit"),
		Minutes: f.Number("minutes"), Seconds: f.Number("seconds"), RPE: f.Number("rpe"), Note: f.Note("note")}
	return s.saveSet(w, r, f, app.SaveSet{Cardio: &in}, func() error { return workout.CheckCardio(in) })
}

// saveSet runs a set's log or edit (an id in the body) against the workout in "session",
// reporting shape and rule violations together.
func (s *workoutAPI) saveSet(w http.ResponseWriter, r *http.Request, f *fields, cmd app.SaveSet, check func() error) error {
	u, _ := currentUser(r.Context())
	cmd.WorkoutID, cmd.SetID = f.String("session"), f.String("id")
	if cmd.WorkoutID == "" && !f.v.Has("session") {
		f.v.Add("session", "Please choose a workout.")
	}
	if err := f.withRules(check()); err != nil {
		return err
	}
	cmd.Meta, cmd.UserID, cmd.Unit, cmd.MayChange = commandMeta(r, u.ID), u.ID, u.Unit, mayChange(u)
	x, err := s.app.SaveSet(r.Context(), cmd)
	if err != nil {
		return err
	}
	if x.Provisional {
		return s.writeSet(w, r, http.StatusAccepted, x)
	}
	if cmd.SetID != "" {
		return s.writeSet(w, r, http.StatusOK, x)
	}
	return s.writeSet(w, r, http.StatusCreated, x)
}

// ownedSet loads the set named in the path that the signed-in user may read: their own, or
// a client's (two users can each hold one set id).
func (s *workoutAPI) ownedSet(r *http.Request, id string) (workouts.Set, error) {
	u, _ := currentUser(r.Context())
	return s.workouts.SetByID(r.Context(), id, u.ID, func(owner string) error { return s.canSee(r, u, owner) })
}

func (s *workoutAPI) getSet(w http.ResponseWriter, r *http.Request) error {
	x, err := s.ownedSet(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	return s.writeSet(w, r, http.StatusOK, x)
}

func (s *workoutAPI) deleteSet(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.DeleteSet(r.Context(), app.DeleteSet{Meta: commandMeta(r, u.ID), SetID: chi.URLParam(r, "id"),
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *workoutAPI) markSetDone(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	id, rpe := f.String("id"), f.Number("rpe")
	var v domain.Violations
	if id == "" && !f.v.Has("id") {
		v.Add("id", "Please choose a set.")
	}
	if workout.RPE(&v, "rpe", rpe); rpe == nil && !f.v.Has("rpe") {
		v.Add("rpe", "Please choose an RPE from 1 to 10.")
	}
	if err := f.withRules(v.Err()); err != nil {
		return err
	}
	x, err := s.app.MarkSetDone(r.Context(), app.MarkSetDone{Meta: commandMeta(r, u.ID), SetID: id, RPE: rpe,
		MayChange: mayChange(u)})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		resource
		ID   string `json:"id"`
		Name string `json:"name"`
		RPE  *int   `json:"rpe"`
		PB   bool   `json:"pb"`
	}{resource{Context: "/api/contexts/ExerciseLog", ID: "/api/exercise_logs/" + x.ID, Type: "ExerciseLogDone"}, x.ID, x.Exercise, x.RPE, x.PB})
	return nil
}

// readableWorkout loads the workout named in the path parameter and checks the user may read it.
func (s *workoutAPI) readableWorkout(r *http.Request, param string) (workouts.Workout, error) {
	u, _ := currentUser(r.Context())
	wk, err := s.workouts.ByID(r.Context(), chi.URLParam(r, param))
	if err != nil {
		return workouts.Workout{}, err
	}
	return wk, s.canSee(r, u, wk.UserID)
}

func (s *workoutAPI) listSets(w http.ResponseWriter, r *http.Request) error {
	wk, err := s.readableWorkout(r, "session")
	if err != nil {
		return err
	}
	sets, err := s.workouts.OfWorkout(r.Context(), wk.ID)
	if err != nil {
		return err
	}
	s.setsCollection(w, r, sets)
	return nil
}

func (s *workoutAPI) snapshotCurrent(w http.ResponseWriter, r *http.Request) error {
	wk, err := s.readableWorkout(r, "session")
	if err != nil {
		return err
	}
	sets, err := s.workouts.OfExercise(r.Context(), wk.ID, nameParam(r, "exercise"))
	if err != nil {
		return err
	}
	s.setsCollection(w, r, sets)
	return nil
}

func (s *workoutAPI) snapshotPrevious(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	before := ""
	if chi.URLParam(r, "session") != "" {
		wk, err := s.readableWorkout(r, "session")
		if err != nil {
			return err
		}
		before = wk.ID
	}
	sets, err := s.workouts.Previous(r.Context(), u.ID, nameParam(r, "exercise"), before)
	if err != nil {
		return err
	}
	s.setsCollection(w, r, sets)
	return nil
}

func (s *workoutAPI) suggestNext(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	name := nameParam(r, "exercise")
	body := struct {
		resource
		Exercise   string   `json:"exercise"`
		Weight     *float64 `json:"weight"`
		Reps       *int     `json:"reps"`
		WeightUnit string   `json:"weightUnit"`
		LastWeight *float64 `json:"lastWeight"`
		LastReps   *int     `json:"lastReps"`
		LastRPE    *int     `json:"lastRpe"`
		Advice     *string  `json:"advice"`
	}{resource: resource{Context: "/api/contexts/Suggestion", ID: "/api/exercise_logs/suggest-next/" + url.PathEscape(name),
		Type: "Suggestion"}, Exercise: name, WeightUnit: u.Unit}
	last, ok, err := s.workouts.LastDone(r.Context(), u.ID, name)
	if err != nil {
		return err
	}
	if ok && last.Reps != nil && last.RPE != nil {
		weight := workouts.InUnit(last.Weight, last.WeightUnit, last.WeightKg, u.Unit)
		next := workout.SuggestNext(weight, *last.Reps, *last.RPE, u.Unit)
		body.Exercise, body.Weight, body.Reps, body.Advice = last.Exercise, next.Weight, &next.Reps, &next.Advice
		body.LastWeight, body.LastReps, body.LastRPE = weight, last.Reps, last.RPE
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// bestBody is one personal best (docs/API.md).
type bestBody struct {
	Type       string   `json:"@type"`
	Name       string   `json:"name"`
	Weight     *float64 `json:"weight"`
	Reps       *int     `json:"reps"`
	Unit       string   `json:"unit"`
	Date       string   `json:"date"`
	Set        string   `json:"set"`
	Change     string   `json:"change"`
	Difference *float64 `json:"difference"`
}

// recentExercisesLimit is how many exercises the pickers offer first.
const recentExercisesLimit = 8

// recentExercises lists the exercises the signed-in user logged most recently (recent), then
// those they logged most often that are not among them, for the exercise pickers to offer
// first.
func (s *workoutAPI) recentExercises(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	recent, err := s.workouts.RecentExercises(r.Context(), u.ID, recentExercisesLimit)
	if err != nil {
		return err
	}
	// Twice as many: up to all of the recent ones may be among them.
	mostUsed, err := s.workouts.MostUsedExercises(r.Context(), u.ID, 2*recentExercisesLimit)
	if err != nil {
		return err
	}
	type usedBody struct {
		Type   string `json:"@type"`
		Name   string `json:"name"`
		Cardio bool   `json:"cardio"`
		Sets   int    `json:"sets"`
		Recent bool   `json:"recent"`
	}
	members := mapSlice(recent, func(x workouts.Used) usedBody {
		return usedBody{Type: "RecentExercise", Name: x.Exercise, Cardio: x.Cardio, Sets: x.Sets, Recent: true}
	})
	for _, x := range mostUsed {
		if len(members) < len(recent)+recentExercisesLimit &&
			!slices.ContainsFunc(recent, func(y workouts.Used) bool { return y.Exercise == x.Exercise }) {
			members = append(members, usedBody{Type: "RecentExercise", Name: x.Exercise, Cardio: x.Cardio, Sets: x.Sets})
		}
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/RecentExercise", ID: "/api/exercise_logs/recent",
		Type: "hydra:Collection", Members: members, TotalItems: len(members)})
	return nil
}

func (s *workoutAPI) personalBests(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	bests, err := s.workouts.Bests(r.Context(), u.ID)
	if err != nil {
		return err
	}
	members := make([]bestBody, len(bests))
	for i, b := range bests {
		m := bestBody{Type: "PersonalBest", Name: b.Exercise, Reps: b.Reps, Unit: u.Unit, Date: b.Date, Set: b.SetID, Change: "up"}
		if b.Bodyweight {
			if b.PreviousValue != nil && b.Reps != nil {
				d := float64(*b.Reps) - *b.PreviousValue
				m.Difference = &d
			}
		} else {
			m.Weight = workouts.InUnit(b.Weight, b.WeightUnit, b.WeightKg, u.Unit)
			if b.PreviousValue != nil && m.Weight != nil {
				prevKg := *b.PreviousValue
				prev := workouts.InUnit(&prevKg, "kg", &prevKg, u.Unit)
				d := workout.RoundTo2(*m.Weight - *prev)
				m.Difference = &d
			}
		}
		members[i] = m
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/PersonalBest", ID: "/api/exercise_logs/pbs",
		Type: "hydra:Collection", Members: members, TotalItems: len(members)})
	return nil
}
