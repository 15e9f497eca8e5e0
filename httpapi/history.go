package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections/history"
)

// mountHistory mounts the History panels (a workout's, a plan's, the body log's) and a
// trainer's Activity audit of a client; each is read as the thing it is about.
func (s *workoutAPI) mountHistory(r chi.Router) {
	r.Get("/sessions/{id}/history", s.handle(s.workoutHistory))
	r.Get("/plans/{id}/history", s.handle(s.planHistory))
	r.Get("/body-log/history", s.handle(s.bodyHistory))
	r.Get("/clients/{id}/activity", s.handle(s.clientActivity))
	s.mountAsItStood(r)
}

// lineBody is one change as a History panel shows it.
type lineBody struct {
	At      string `json:"at"`
	By      string `json:"by"`
	ByID    string `json:"byId"`
	Text    string `json:"text"`
	Subject string `json:"subject"`
	// About names the workout or plan as it stood before the change ("" for an unnamed
	// workout); AboutDate is the workout's date; DaysAfter counts the days after the
	// workout's date a change made after its day came (0: none).
	About     string `json:"about"`
	AboutDate string `json:"aboutDate,omitempty"`
	DaysAfter int    `json:"daysAfter"`
}

// lineJSON names the actor: by display name, or, once their account is closed, as the
// owner's former trainer (someone else changed the owner's things) or a former client.
func lineJSON(l history.Line) lineBody {
	by := "Gymlog"
	switch {
	case l.ActorName != nil:
		by = *l.ActorName
	case l.ActorID == l.OwnerID && l.ActorID != "":
		by = "a former client"
	case l.ActorID != "":
		by = "a former trainer"
	}
	return lineBody{At: l.At.Format(time.RFC3339), By: by, ByID: l.ActorID, Text: l.Text, Subject: l.Subject,
		About: l.About, AboutDate: l.AboutDate, DaysAfter: l.DaysAfter}
}

func (s *workoutAPI) writeLines(w http.ResponseWriter, r *http.Request, lines []history.Line, total, page int) {
	q := r.URL.Query()
	q.Del("page")
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/HistoryLine", r.URL.Path, q, mapSlice(lines, lineJSON), total,
		page, history.PageSize))
}

func (s *workoutAPI) workoutHistory(w http.ResponseWriter, r *http.Request) error {
	wk, err := s.readableWorkout(r, "id")
	if err != nil {
		return err
	}
	return s.writeHistory(w, r, app.WorkoutStream(wk.ID))
}

func (s *workoutAPI) planHistory(w http.ResponseWriter, r *http.Request) error {
	p, err := s.readablePlan(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	return s.writeHistory(w, r, app.PlanStream(p.ID))
}

func (s *workoutAPI) bodyHistory(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	return s.writeHistory(w, r, app.BodyStream(u.ID))
}

// writeHistory answers a page of the changes made to subject (a stream).
func (s *workoutAPI) writeHistory(w http.ResponseWriter, r *http.Request, subject string) error {
	page := pageParam(r)
	lines, total, err := s.history.Of(r.Context(), subject, page)
	if err != nil {
		return err
	}
	s.writeLines(w, r, lines, total, page)
	return nil
}

// clientActivity lists every change to a client's workouts and plans for their confirmed
// trainer (or the client themselves), optionally only those by one person (by=<user id>)
// or made after their workout's day (afterTheDay=true).
func (s *workoutAPI) clientActivity(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	client := chi.URLParam(r, "id")
	if err := s.canSee(r, u, client); err != nil {
		return err
	}
	afterTheDay, err := flagParam(r, "afterTheDay")
	if err != nil {
		return err
	}
	page := pageParam(r)
	lines, total, err := s.history.Activity(r.Context(), client, strings.TrimSpace(r.URL.Query().Get("by")), afterTheDay, page)
	if err != nil {
		return err
	}
	s.writeLines(w, r, lines, total, page)
	return nil
}

// mountAsItStood mounts the owner's undo of a workout's last change and the workout as it stood.
func (s *workoutAPI) mountAsItStood(r chi.Router) {
	r.Get("/sessions/{id}/as-of", s.handle(s.workoutAsOf))
	r.Get("/sessions/{id}/undo", s.handle(s.lastWorkoutChange))
	r.Post("/sessions/{id}/undo", s.handle(s.undoWorkout))
	r.Get("/plans/{id}/as-of", s.handle(s.planAsOf))
	r.Post("/plans/{id}/undo", s.handle(s.undoPlan))
}

// asOfBody is a workout as it stood at a moment: read-only, and marked so.
type asOfBody struct {
	resource
	ID         string    `json:"id"`
	AsOf       string    `json:"asOf"`
	ReadOnly   bool      `json:"readOnly"`
	Name       string    `json:"name"`
	Date       string    `json:"date"`
	StartTime  string    `json:"startTime"`
	FinishTime string    `json:"finishTime"`
	IsFinished bool      `json:"isFinished"`
	Sets       []asOfSet `json:"sets"`
}

// asOfSet is one set of a workout as it stood, in the unit it was logged in.
type asOfSet struct {
	ID           string   `json:"id"`
	Exercise     string   `json:"exercise"`
	Category     string   `json:"category"`
	Weight       *float64 `json:"weight"`
	Unit         string   `json:"unit"`
	Reps         *int     `json:"reps"`
	RPE          *int     `json:"rpe"`
	Done         bool     `json:"done"`
	Distance     *float64 `json:"distance"`
	DistanceUnit string   `json:"distanceUnit"`
	Minutes      *int     `json:"minutes"`
	Seconds      *int     `json:"seconds"`
}

func (s *workoutAPI) workoutAsOf(w http.ResponseWriter, r *http.Request) error {
	wk, err := s.readableWorkout(r, "id")
	if err != nil {
		return err
	}
	at, err := asOfParam(r)
	if err != nil {
		return err
	}
	then, err := s.app.WorkoutAsOf(r.Context(), wk.ID, at)
	if err != nil {
		return err
	}
	v := then.View()
	body := asOfBody{resource: resource{Context: "/api/contexts/SessionAsOf", ID: r.URL.RequestURI(), Type: "SessionAsOf"},
		ID: wk.ID, AsOf: at.UTC().Format(time.RFC3339), ReadOnly: true, Name: v.Name, Date: v.Date, StartTime: v.StartTime,
		FinishTime: v.FinishTime, IsFinished: v.Finished, Sets: []asOfSet{}}
	for _, x := range then.Sets() {
		body.Sets = append(body.Sets, asOfSet{ID: x.ID, Exercise: x.Exercise, Category: x.Category, Weight: x.Weight, Unit: x.Unit,
			Reps: x.Reps, RPE: x.RPE, Done: x.Done, Distance: x.Distance, DistanceUnit: x.DistanceUnit, Minutes: x.Minutes,
			Seconds: x.Seconds})
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func (s *workoutAPI) undoWorkout(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	id := chi.URLParam(r, "id")
	if err := s.app.UndoWorkout(r.Context(), app.UndoWorkout{Meta: commandMeta(r, u.ID), ID: id, MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writeSession(w, r, http.StatusOK, id)
}

// lastWorkoutChange names, for the workout's owner, the change Undo would undo.
func (s *workoutAPI) lastWorkoutChange(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	last, err := s.app.LastWorkoutChange(r.Context(), chi.URLParam(r, "id"), mayChange(u))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		LastChange *string `json:"lastChange"`
		Removes    bool    `json:"removes"`
	}{nonEmpty(last.What), last.Removes})
	return nil
}

// asOfParam reads the moment an as-it-stood view is of.
func asOfParam(r *http.Request) (time.Time, error) {
	at, err := time.Parse(time.RFC3339, r.URL.Query().Get("at"))
	if err != nil {
		return time.Time{}, domain.Invalid("at", "Give a date and time such as 2026-11-24T18:00:00Z.")
	}
	return at, nil
}

// planAsOfBody is a plan as it stood at a moment: read-only, and marked so.
type planAsOfBody struct {
	resource
	ID        string                 `json:"id"`
	AsOf      string                 `json:"asOf"`
	ReadOnly  bool                   `json:"readOnly"`
	Name      string                 `json:"name"`
	Notes     string                 `json:"notes"`
	Exercises []planAsOfExerciseBody `json:"exercises"`
}

// planAsOfExerciseBody is one exercise of a plan as it stood, its targets as typed then.
type planAsOfExerciseBody struct {
	ID         string        `json:"id"`
	Exercise   string        `json:"exercise"`
	Category   string        `json:"category"`
	WeightUnit string        `json:"weightUnit"`
	Notes      string        `json:"notes"`
	Targets    []plan.Target `json:"targets"`
}

func (s *workoutAPI) planAsOf(w http.ResponseWriter, r *http.Request) error {
	p, err := s.readablePlan(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	at, err := asOfParam(r)
	if err != nil {
		return err
	}
	then, err := s.app.PlanAsOf(r.Context(), p.ID, at)
	if err != nil {
		return err
	}
	v := then.View()
	body := planAsOfBody{resource: resource{Context: "/api/contexts/PlanAsOf", ID: r.URL.RequestURI(), Type: "PlanAsOf"},
		ID: p.ID, AsOf: at.UTC().Format(time.RFC3339), ReadOnly: true, Name: v.Name, Notes: v.Notes,
		Exercises: []planAsOfExerciseBody{}}
	for _, x := range v.Exercises {
		body.Exercises = append(body.Exercises, planAsOfExerciseBody{ID: x.ID, Exercise: x.Exercise, Category: x.Category,
			WeightUnit: x.WeightUnit, Notes: x.Notes, Targets: x.Targets})
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

func (s *workoutAPI) undoPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	id := chi.URLParam(r, "id")
	if err := s.app.UndoPlan(r.Context(), app.UndoPlan{Meta: commandMeta(r, u.ID), ID: id, MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}
