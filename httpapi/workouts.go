package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/workouts"
)

// workoutStream names a workout's stream; registerStream the user's one-in-progress claim;
// exercisesStream the user's custom exercises.
func workoutStream(id string) string       { return "workout-" + id }
func registerStream(userID string) string  { return "inprogress-" + userID }
func exercisesStream(userID string) string { return "exercises-" + userID }

// workoutAPI serves the workout, set and exercise routes with their read models.
type workoutAPI struct {
	*Server
	workouts  *workouts.Queries
	exercises *exercises.Queries
}

func (s *Server) workoutAPI() *workoutAPI {
	// The read models live in the read-model database, which also holds the sign-in sessions.
	return &workoutAPI{Server: s, workouts: s.workoutQueries, exercises: exercises.NewQueries(s.sessions.db)}
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
		r.Post("/add", s.handle(s.addPastWorkout))
		r.Put("/edit", s.handle(s.editWorkout))
		r.Get("/{id}", s.handle(s.getWorkout))
		r.Delete("/{id}", s.handle(s.deleteWorkout))
	})
}

// sessionBody is a workout as the screens read it (docs/API.md).
type sessionBody struct {
	resource
	ID            string   `json:"id"`
	UserID        string   `json:"userId"`
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
		FromPlanName: nonEmpty(w.PlanName)}
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
	b := s.sessionJSON(s.catalogue(r.Context(), u.ID), wk, u.Unit)
	b.Context = "/api/contexts/Session"
	if status == http.StatusCreated {
		w.Header().Set("Location", "/api/sessions/"+id)
	}
	writeJSON(w, status, b)
	return nil
}

func (s *workoutAPI) listWorkouts(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	page := pageParam(r)
	list, total, err := s.workouts.Page(r.Context(), u.ID, page)
	if err != nil {
		return err
	}
	c := s.catalogue(r.Context(), u.ID)
	members := make([]sessionBody, len(list))
	for i, wk := range list {
		members[i] = s.sessionJSON(c, wk, u.Unit)
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Session", "/api/sessions/list", nil, members, total, page, workouts.PageSize))
	return nil
}

func (s *workoutAPI) getWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	wk, err := s.workouts.ByID(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	if err := canRead(u, wk.UserID); err != nil {
		return err
	}
	return s.writeSession(w, r, http.StatusOK, wk.ID)
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

// loadWorkout folds a workout's stream; it is empty (not Exists) when there is none.
func (s *workoutAPI) loadWorkout(ctx context.Context, id string) (*workout.Workout, error) {
	w := workout.New(id)
	evs, err := s.store.ReadStream(ctx, workoutStream(id), 1)
	if err != nil {
		return nil, err
	}
	for _, rec := range evs {
		ev, err := domain.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return nil, err
		}
		w.Apply(ev)
	}
	return w, nil
}

// changeWorkout runs one behaviour of the workout id for u, who must own it.
func (s *workoutAPI) changeWorkout(r *http.Request, u accounts.User, meta eventstore.Metadata, id string,
	act func(*workout.Workout) ([]domain.Event, error)) (eventstore.AppendResult, error) {
	if id == "" {
		return eventstore.AppendResult{}, domain.NotFound("Workout not found.")
	}
	decide := func(w *workout.Workout) ([]domain.Event, error) {
		if !w.Exists() {
			return nil, domain.NotFound("Workout not found.")
		}
		if err := canChange(u, w.Owner()); err != nil {
			return nil, err
		}
		return act(w)
	}
	// Many devices (or a burst of taps) writing one workout at once: Execute re-decides on
	// each conflict; when the stream keeps moving, back off and run it again, bounded.
	for attempt := 1; ; attempt++ {
		res, err := eventstore.ExecuteCached(r.Context(), s.aggregates, s.store, workoutStream(id), meta,
			func() *workout.Workout { return workout.New(id) }, decide)
		if !errors.Is(err, domain.ErrConflict) || attempt == maxWorkoutAttempts {
			return res, err
		}
		select {
		case <-r.Context().Done():
			return res, err
		case <-time.After(time.Duration(attempt) * 5 * time.Millisecond):
		}
	}
}

// maxWorkoutAttempts bounds how often a contended workout write is run again.
const maxWorkoutAttempts = 8

// claimAndStart starts the workout id with start unless another is in progress: it claims
// the user's register first, so two devices starting at once get one workout. It returns
// the workout in progress and whether it is the new one.
func (s *workoutAPI) claimAndStart(r *http.Request, u accounts.User, meta eventstore.Metadata, id string,
	start func(*workout.Workout) ([]domain.Event, error)) (string, bool, error) {
	if _, err := start(workout.New(id)); err != nil {
		return "", false, err // refuse bad input before claiming anything
	}
	ctx := r.Context()
	now := s.now()
	state := func(claimed string) workout.ClaimState {
		w, err := s.loadWorkout(ctx, claimed)
		switch {
		case err != nil:
			return workout.InProgress // unsure: keep the claim, start nothing
		case !w.Exists() && w.Owner() == "":
			return workout.Unwritten
		case !w.Exists() || w.Finished():
			return workout.Ended
		}
		return workout.InProgress
	}
	open := ""
	if _, err := eventstore.Execute(ctx, s.store, registerStream(u.ID), meta.Follow("claim "+id),
		func() *workout.Register { return workout.NewRegister(u.ID) },
		func(reg *workout.Register) ([]domain.Event, error) {
			events, got := reg.Claim(id, state, now)
			open = got
			return events, nil
		}); err != nil {
		return "", false, err
	}
	if open != "" && open != id {
		s.awaitWorkout(ctx, open)
		return open, false, nil
	}
	res, err := eventstore.ExecuteCached(ctx, s.aggregates, s.store, workoutStream(id), meta,
		func() *workout.Workout { return workout.New(id) }, start)
	if err != nil {
		return "", false, err
	}
	s.caughtUp(ctx, res.Position, workouts.Name)
	return id, true, nil
}

// claimWait bounds how long a start that lost the race waits for the winner's workout.
const claimWait = 3 * time.Second

// awaitWorkout waits, bounded, until the workout another request just claimed is written
// and in the read model, so the answer can show it.
func (s *workoutAPI) awaitWorkout(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(ctx, claimWait)
	defer cancel()
	wake, stop := s.store.Subscribe()
	defer stop()
	for {
		evs, err := s.store.ReadStream(ctx, workoutStream(id), 1)
		if err != nil {
			return
		}
		if len(evs) > 0 {
			s.caughtUp(ctx, evs[len(evs)-1].Position, workouts.Name)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// release ends the claim of a workout that finished or was deleted.
func (s *workoutAPI) release(ctx context.Context, u accounts.User, meta eventstore.Metadata, id string) (int64, error) {
	now := s.now()
	res, err := eventstore.Execute(ctx, s.store, registerStream(u.ID), meta.Follow("release "+id),
		func() *workout.Register { return workout.NewRegister(u.ID) },
		func(reg *workout.Register) ([]domain.Event, error) { return reg.Release(id, now), nil })
	return res.Position, err
}

// startAnswer answers a start: 201 with the new workout, 200 with the one in progress.
func (s *workoutAPI) startAnswer(w http.ResponseWriter, r *http.Request, id string, created bool, err error) error {
	if err != nil {
		return err
	}
	if created {
		return s.writeSession(w, r, http.StatusCreated, id)
	}
	return s.writeSession(w, r, http.StatusOK, id)
}

func (s *workoutAPI) startWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime"), Name: f.String("name")}
	if err := f.Err(); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	id := entityID(meta, "workout", u.ID)
	now := s.now()
	open, created, err := s.claimAndStart(r, u, meta, id, func(wk *workout.Workout) ([]domain.Event, error) { return wk.Start(in, now) })
	return s.startAnswer(w, r, open, created, err)
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
	source, err := s.loadWorkout(r.Context(), sourceID)
	if err != nil {
		return err
	}
	if !source.Exists() {
		return domain.NotFound("Workout not found.")
	}
	if err := canRead(u, source.Owner()); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	id := entityID(meta, "workout", u.ID)
	now := s.now()
	open, created, err := s.claimAndStart(r, u, meta, id, func(wk *workout.Workout) ([]domain.Event, error) {
		return wk.StartCopy(in, source.Sets(), c, u.Unit, func(i int) string {
			return eventstore.DeriveID("set", id, strconv.Itoa(i))
		}, now)
	})
	return s.startAnswer(w, r, open, created, err)
}

func (s *workoutAPI) addPastWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime"), Name: f.String("name")}
	finish := f.String("finishTime")
	if finish == "" && !f.v.Has("finishTime") {
		f.v.Add("finishTime", "Please enter a valid time (HH:MM).")
	}
	meta := commandMeta(r, u.ID)
	id := entityID(meta, "workout", u.ID)
	now := s.now()
	_, ruleErr := workout.New(id).AddPast(in, finish, now)
	if err := f.withRules(ruleErr); err != nil {
		return err
	}
	res, err := eventstore.ExecuteCached(r.Context(), s.aggregates, s.store, workoutStream(id), meta,
		func() *workout.Workout { return workout.New(id) },
		func(wk *workout.Workout) ([]domain.Event, error) { return wk.AddPast(in, finish, now) })
	if err != nil {
		return err
	}
	s.caughtUp(r.Context(), res.Position, workouts.Name)
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
		FinishTime: optString(f, "finishTime"), Name: optString(f, "name")}
	if err := f.Err(); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	now := s.now()
	finished := false
	res, err := s.changeWorkout(r, u, meta, id, func(wk *workout.Workout) ([]domain.Event, error) {
		events, err := wk.Edit(in, now)
		finished = false
		for _, e := range events {
			if _, ok := e.(workout.WorkoutFinished); ok {
				finished = true
			}
		}
		return events, err
	})
	if err != nil {
		return err
	}
	position := res.Position
	if finished {
		if position, err = s.releaseAfter(r.Context(), u, meta, id, position); err != nil {
			return err
		}
	}
	s.caughtUp(r.Context(), position, workouts.Name)
	wk, err := s.workouts.ByID(r.Context(), id)
	if err != nil {
		return err
	}
	b := s.sessionJSON(s.catalogue(r.Context(), u.ID), wk, u.Unit)
	writeJSON(w, http.StatusOK, struct {
		resource
		ID            string   `json:"id"`
		Name          *string  `json:"name"`
		Date          string   `json:"date"`
		ExerciseNames []string `json:"exerciseNames"`
		Duration      *int     `json:"duration"`
		Volume        *float64 `json:"volume"`
		Unit          string   `json:"unit"`
		IsFinished    bool     `json:"isFinished"`
	}{resource{Context: "/api/contexts/Session", ID: b.ID, Type: "SessionShare"}, b.ID, b.Name, b.Date,
		b.ExerciseNames, b.Duration, b.Volume, b.Unit, b.IsFinished})
	return nil
}

// releaseAfter releases the claim on id and returns the later of the two positions.
func (s *workoutAPI) releaseAfter(ctx context.Context, u accounts.User, meta eventstore.Metadata, id string, position int64) (int64, error) {
	p, err := s.release(ctx, u, meta, id)
	return max(p, position), err
}

func (s *workoutAPI) deleteWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	id := chi.URLParam(r, "id")
	meta := commandMeta(r, u.ID)
	now := s.now()
	res, err := s.changeWorkout(r, u, meta, id, func(wk *workout.Workout) ([]domain.Event, error) { return wk.Delete(now) })
	if err != nil {
		return err
	}
	position, err := s.releaseAfter(r.Context(), u, meta, id, res.Position)
	if err != nil {
		return err
	}
	s.caughtUp(r.Context(), position, workouts.Name)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
