package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/workouts"
)

// workoutAPI serves the workout, set and exercise routes with their read models.
type workoutAPI struct {
	*Server
	workouts  *workouts.Queries
	exercises *exercises.Queries
}

func (s *Server) workoutAPI() *workoutAPI {
	// The read models live in the read-model database, which also holds the sign-in sessions.
	return &workoutAPI{Server: s, workouts: s.workoutQueries, exercises: exercises.NewQueries(s.db)}
}

// workoutIDs lists the user's workouts for the account ("sessions"); a failure is logged and
// answered as none, so the account screens still load.
func (s *Server) workoutIDs(ctx context.Context, userID string) []string {
	ids, err := s.workoutQueries.IDs(ctx, userID)
	if err != nil {
		s.log.ErrorContext(ctx, "list workout ids", slog.Any("error", err))
		return []string{}
	}
	return ids
}

// mountWorkouts mounts the workout, set and exercise-catalogue routes (verified users).
func (s *Server) mountWorkouts(r chi.Router) {
	a := s.workoutAPI()
	a.mountSessions(r)
	a.mountSets(r)
	a.mountExercises(r)
}

func (s *workoutAPI) mountSessions(r chi.Router) {
	r.Route("/sessions", func(r chi.Router) {
		r.Get("/list", s.handle(s.listWorkouts))
		r.Get("/unfinished", s.handle(s.unfinishedWorkout))
		r.Post("/start", s.handle(s.startWorkout))
		r.Post("/start/from-session", s.handle(s.startFromWorkout))
		r.Post("/start/from-plan", s.handle(s.startFromPlan))
		r.Post("/add", s.handle(s.addPastWorkout))
		r.Put("/edit", s.handle(s.editWorkout))
		r.Get("/{id}", s.handle(s.getWorkout))
		r.Delete("/{id}", s.handle(s.deleteWorkout))
	})
}

// sessionBody is a workout as the screens read it (docs/API.md).
type sessionBody struct {
	resource
	ID     string `json:"id"`
	UserID string `json:"userId"`
	// By names whose workout it is, in lists (the By column trainers see) and on a client's
	// workout a trainer opens.
	By            string   `json:"userDisplayName,omitempty"`
	Name          *string  `json:"name"`
	Date          string   `json:"date"`
	StartTime     string   `json:"startTime"`
	FinishTime    *string  `json:"finishTime"`
	Start         string   `json:"start"`
	Duration      *int     `json:"duration"`
	IsFinished    bool     `json:"isFinished"`
	Volume        *float64 `json:"volume"`
	Unit          string   `json:"unit"`
	MuscleGroups  []string `json:"muscleGroups"`
	ExerciseNames []string `json:"exerciseNames"`
	SetCount      int      `json:"setCount"`
	AllDone       bool     `json:"allDone"`
	FromPlanName  *string  `json:"fromPlanName"`
	// Notes are the lifter's notes on the workout, "" for none; they may hold lines.
	Notes string `json:"notes"`
	// ChangedAfterTheDay is the latest change to the workout made on a later day than both
	// its date and the day it was entered, for a trainer's audit.
	ChangedAfterTheDay *afterTheDayBody `json:"changedAfterTheDay,omitempty"`
}

type afterTheDayBody struct {
	DaysAfter int    `json:"daysAfter"`
	At        string `json:"at"`
}

// markChangedAfterTheDay sets ChangedAfterTheDay on each of owner's workouts in bodies that
// was changed after its day.
func (s *workoutAPI) markChangedAfterTheDay(ctx context.Context, ownerID string, bodies []sessionBody) error {
	ids := make([]string, len(bodies))
	for i, b := range bodies {
		ids[i] = b.ID
	}
	late, err := s.history.LatestAfterTheDay(ctx, ownerID, ids)
	if err != nil {
		return err
	}
	for i, b := range bodies {
		if a, ok := late[b.ID]; ok {
			bodies[i].ChangedAfterTheDay = &afterTheDayBody{DaysAfter: a.DaysAfter, At: a.At.Format(time.RFC3339)}
		}
	}
	return nil
}

// flagParam reads a true/false query parameter, false when absent.
func flagParam(r *http.Request, name string) (bool, error) {
	switch r.URL.Query().Get(name) {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, domain.Invalid(name, "Please use true or false.")
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// catalogue resolves exercise names to their muscle groups and lock, loading the user's
// custom exercises once per request.
type catalogue struct {
	ctx    context.Context
	q      *exercises.Queries
	userID string
	custom map[string]exercises.Custom
	err    error
}

func (s *workoutAPI) catalogue(ctx context.Context, userID string) *catalogue {
	return &catalogue{ctx: ctx, q: s.exercises, userID: userID}
}

// groups returns an exercise's muscle-group ids and whether they are locked (built in).
func (c *catalogue) groups(name string) ([]int, bool) {
	if b, ok := exercise.LookupBuiltin(name); ok {
		return b.MuscleGroups, true
	}
	if c.custom == nil && c.err == nil {
		list, err := c.q.List(c.ctx, c.userID)
		c.err = err
		c.custom = map[string]exercises.Custom{}
		for _, x := range list {
			c.custom[exercise.Key(x.Name)] = x
		}
	}
	return c.custom[exercise.Key(name)].MuscleGroups, false
}

// muscleGroups names the groups of names' exercises, each once, in the order met.
func (c *catalogue) muscleGroups(names []string) []string {
	seen := map[int]bool{}
	var ids []int
	for _, n := range names {
		g, _ := c.groups(n)
		for _, id := range g {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return exercise.GroupNames(ids)
}

func (s *workoutAPI) sessionJSON(c *catalogue, w workouts.Workout, unit string) sessionBody {
	b := sessionBody{resource: resource{ID: "/api/sessions/" + w.ID, Type: "Session"}, ID: w.ID, UserID: w.UserID,
		Name: nonEmpty(w.Name), Date: w.Date, StartTime: w.StartTime, Start: w.Date + "T" + w.StartTime,
		IsFinished: w.IsFinished, Unit: unit, MuscleGroups: c.muscleGroups(w.ExerciseNames),
		ExerciseNames: w.ExerciseNames, SetCount: w.SetCount, AllDone: w.DoneCount == w.SetCount,
		FromPlanName: nonEmpty(w.PlanName), Notes: w.Notes}
	if w.IsFinished {
		d := workout.Duration(w.StartTime, w.FinishTime)
		v := body.FromKg(w.VolumeKg, unit)
		b.FinishTime, b.Duration, b.Volume = nonEmpty(w.FinishTime), &d, &v
	}
	return b
}

func (s *workoutAPI) writeSession(w http.ResponseWriter, r *http.Request, status int, id string) error {
	u, _ := currentUser(r.Context())
	wk, err := s.workouts.ByID(r.Context(), id)
	if err != nil {
		return err
	}
	b := s.sessionJSON(s.catalogue(r.Context(), wk.UserID), wk, u.Unit)
	b.Context = "/api/contexts/Session"
	if status == http.StatusCreated {
		w.Header().Set("Location", "/api/sessions/"+id)
	}
	writeJSON(w, status, b)
	return nil
}

// listWorkouts lists the signed-in user's workouts, or with the user.displayName filter a
// confirmed client's (a trainer following them), each naming whose it is.
func (s *workoutAPI) listWorkouts(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	owner, err := s.followed(r)
	if err != nil {
		return err
	}
	afterTheDay, err := flagParam(r, "changedAfterTheDay")
	if err != nil {
		return err
	}
	page := pageParam(r)
	pageOf := s.workouts.Page
	if afterTheDay {
		pageOf = s.workouts.PageChangedAfterTheDay
	}
	list, total, err := pageOf(r.Context(), owner.ID, page)
	if err != nil {
		return err
	}
	c := s.catalogue(r.Context(), owner.ID)
	members := make([]sessionBody, len(list))
	for i, wk := range list {
		members[i] = s.sessionJSON(c, wk, u.Unit)
		members[i].By = personName(owner)
	}
	if err := s.markChangedAfterTheDay(r.Context(), owner.ID, members); err != nil {
		return err
	}
	q := r.URL.Query()
	q.Del("page")
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Session", "/api/sessions/list", q, members, total, page, workouts.PageSize))
	return nil
}

func (s *workoutAPI) getWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	wk, err := s.workouts.ByID(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	if err := s.canSee(r, u, wk.UserID); err != nil {
		return err
	}
	b := s.sessionJSON(s.catalogue(r.Context(), wk.UserID), wk, u.Unit)
	b.Context = "/api/contexts/Session"
	one := []sessionBody{b}
	if err := s.markChangedAfterTheDay(r.Context(), wk.UserID, one); err != nil {
		return err
	}
	b = one[0]
	if wk.UserID != u.ID {
		// A trainer viewing a client's workout is told whose it is.
		owner, err := s.accounts.ByID(r.Context(), wk.UserID)
		if err != nil {
			return err
		}
		b.By = personName(owner)
	}
	writeJSON(w, http.StatusOK, b)
	return nil
}

func (s *workoutAPI) unfinishedWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	wk, ok, err := s.workouts.Unfinished(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if !ok {
		writeJSON(w, http.StatusOK, struct{}{})
		return nil
	}
	writeJSON(w, http.StatusOK, struct {
		resource
		ID    string `json:"id"`
		Start string `json:"start"`
	}{resource{Context: "/api/contexts/Session", ID: "/api/sessions/" + wk.ID, Type: "Session"}, wk.ID, wk.Date + "T" + wk.StartTime})
	return nil
}

// mayChange is the authorisation of u's changes, for the use cases to apply to what they load.
func mayChange(u accounts.User) app.Authorise {
	return func(owner string) error { return canChange(u, owner) }
}

// startAnswer answers a start: 201 with the new workout, 200 with the one in progress.
func (s *workoutAPI) startAnswer(w http.ResponseWriter, r *http.Request, started app.Started, err error) error {
	if err != nil {
		return err
	}
	if started.Created {
		return s.writeSession(w, r, http.StatusCreated, started.WorkoutID)
	}
	return s.writeSession(w, r, http.StatusOK, started.WorkoutID)
}

func (s *workoutAPI) startWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime"), Name: f.String("name"),
		Notes: f.NoteText("notes")}
	if err := f.Err(); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	started, err := s.app.StartWorkout(r.Context(), app.StartWorkout{Meta: meta, ID: meta.EntityID("workout", u.ID), Input: in})
	return s.startAnswer(w, r, started, err)
}

func (s *workoutAPI) startFromWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	sourceID := f.String("id")
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime"), FromWorkoutID: sourceID}
	plusWeight, plusReps := f.Number("plusWeight"), f.Number("plusReps")
	c, ruleErr := workout.CheckCopy(u.Unit, plusWeight, plusReps)
	if sourceID == "" && !f.v.Has("id") {
		f.v.Add("id", "Please choose a workout to start from.")
	}
	if err := f.withRules(ruleErr); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	started, err := s.app.CopyWorkout(r.Context(), app.CopyWorkout{Meta: meta, ID: meta.EntityID("workout", u.ID), Input: in,
		Copy: c, Unit: u.Unit, MayRead: func(owner string) error { return canRead(u, owner) }})
	return s.startAnswer(w, r, started, err)
}

func (s *workoutAPI) addPastWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime"), Name: f.String("name"),
		Notes: f.NoteText("notes")}
	finish := f.String("finishTime")
	if finish == "" && !f.v.Has("finishTime") {
		f.v.Add("finishTime", "Please enter a valid time (HH:MM).")
	}
	meta := commandMeta(r, u.ID)
	id := meta.EntityID("workout", u.ID)
	now := s.now()
	_, ruleErr := workout.New(id).AddPast(in, finish, now)
	if err := f.withRules(ruleErr); err != nil {
		return err
	}
	if err := s.app.AddPastWorkout(r.Context(), app.AddPastWorkout{Meta: meta, ID: id, Input: in, FinishTime: finish}); err != nil {
		return err
	}
	return s.writeSession(w, r, http.StatusCreated, id)
}

// optString reads a member that may be absent (nil: keep the current value).
func optString(f *fields, name string) *string {
	if m, ok := f.raw[name]; !ok || isNull(m) {
		return nil
	}
	v := f.String(name)
	return &v
}

func (s *workoutAPI) editWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	id := f.String("id")
	in := workout.DetailsInput{Date: optString(f, "date"), StartTime: optString(f, "startTime"),
		FinishTime: optString(f, "finishTime"), Name: optString(f, "name"), Notes: f.Note("notes")}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.app.EditWorkout(r.Context(), app.EditWorkout{Meta: commandMeta(r, u.ID), ID: id, Input: in,
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	wk, err := s.workouts.ByID(r.Context(), id)
	if err != nil {
		return err
	}
	b := s.sessionJSON(s.catalogue(r.Context(), wk.UserID), wk, u.Unit)
	writeJSON(w, http.StatusOK, struct {
		resource
		ID            string   `json:"id"`
		Name          *string  `json:"name"`
		Notes         string   `json:"notes"`
		Date          string   `json:"date"`
		ExerciseNames []string `json:"exerciseNames"`
		Duration      *int     `json:"duration"`
		Volume        *float64 `json:"volume"`
		Unit          string   `json:"unit"`
		IsFinished    bool     `json:"isFinished"`
	}{resource{Context: "/api/contexts/Session", ID: b.ID, Type: "SessionShare"}, b.ID, b.Name, b.Notes, b.Date,
		b.ExerciseNames, b.Duration, b.Volume, b.Unit, b.IsFinished})
	return nil
}

func (s *workoutAPI) deleteWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.DeleteWorkout(r.Context(), app.DeleteWorkout{Meta: commandMeta(r, u.ID), ID: chi.URLParam(r, "id"),
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
