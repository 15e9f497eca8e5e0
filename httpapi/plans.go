package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/plans"
)

// mountPlans mounts the plan and plan-exercise routes (verified users): spec 2's Plans area,
// with the catalogue, buying, publishing and sharing (httpapi/plans_catalogue.go,
// plans_share.go) and Training Intel (plans_intel.go).
func (s *Server) mountPlans(r chi.Router) {
	r.Route("/plans", func(r chi.Router) {
		s.mountPlanCatalogue(r)
		r.Get("/list", s.handle(s.listPlans))
		r.Get("/all", s.handle(s.allPlans))
		r.Post("/add", s.handle(s.addPlan))
		r.Put("/edit", s.handle(s.editPlan))
		r.Get("/{id}", s.handle(s.getPlan))
		r.Get("/{id}/unused-muscle-groups", s.handle(s.unusedMuscleGroups))
		r.Delete("/{id}", s.handle(s.deletePlan))
	})
	r.Route("/plan_exercises", func(r chi.Router) {
		r.Get("/intel", s.handle(s.trainingIntel))
		r.Post("/add", s.handle(s.savePlanExercise))
		r.Post("/add-cardio", s.handle(s.savePlanCardio))
		r.Get("/list/{plan}", s.handle(s.listPlanExercises))
		r.Get("/{id}", s.handle(s.getPlanExercise))
		r.Delete("/{id}", s.handle(s.deletePlanExercise))
	})
}

// planBody is a plan as the list, the grid and the overview read it (docs/API.md).
type planBody struct {
	resource
	PlanID               string           `json:"planId"`
	ID                   string           `json:"id"`
	Name                 string           `json:"name"`
	Notes                string           `json:"notes"`
	UserID               string           `json:"userId"`
	CreatedBy            string           `json:"createdBy"`
	CreatedByDisplayName *string          `json:"createdByDisplayName"`
	CreatedFor           []string         `json:"createdFor"`
	Price                *float64         `json:"price"`
	Tagline              *string          `json:"tagline"`
	Level                *string          `json:"level"`
	Exercises            []string         `json:"exercises"`
	MuscleGroupIDs       []int            `json:"muscleGroupIds"`
	MuscleGroups         []string         `json:"muscleGroups"`
	SharedPlans          []sharedPlanBody `json:"sharedPlans"`
	Published            bool             `json:"published"`
	// TimesAWeek is the plan's weekly target (0: none), which its clients' compliance counts against.
	TimesAWeek int `json:"timesAWeek"`
	// Kept says how the reader had the plan this one copies (bought, shared) when its trainer
	// gave it up: the copy is theirs to keep, and nobody changes it. Absent otherwise.
	Kept string `json:"kept,omitempty"`
}

// sharedPlanBody is one client the plan was shared with.
type sharedPlanBody struct {
	ClientID string `json:"clientId"`
}

// formerTrainer is who made a kept plan, as its By column shows it.
var formerTrainer = "a former trainer"

// planJSON shows p, which reader has in full. Price is in pounds. Only the owner learns whom
// the plan was shared with (createdFor: the clients' names, the For column).
func (s *Server) planJSON(ctx context.Context, p plans.Plan, reader accounts.User) (planBody, error) {
	b := planBody{resource: resource{ID: "/api/plans/" + p.ID, Type: "Plan"}, PlanID: p.ID, ID: p.ID, Name: p.Name,
		Notes: p.Notes, UserID: p.UserID, CreatedBy: p.UserID, CreatedByDisplayName: p.OwnerDisplayName, CreatedFor: []string{},
		Exercises: p.ExerciseNames, MuscleGroupIDs: p.MuscleGroups, MuscleGroups: exercise.GroupNames(p.MuscleGroups),
		SharedPlans: []sharedPlanBody{}, Published: p.Published(), TimesAWeek: p.TimesAWeek}
	if p.Published() {
		b.Price, b.Tagline, b.Level = pounds(*p.PricePence), &p.Tagline, &p.Level
	}
	if p.KeptAs != "" {
		// A plan its keeper kept when its owner gave it up names nobody else, and is
		// nobody's to change (domain/plan/kept.go).
		b.UserID, b.CreatedBy, b.CreatedByDisplayName, b.Kept = "", "", &formerTrainer, p.KeptAs
		return b, nil
	}
	if reader.ID != p.UserID {
		return b, nil
	}
	for _, id := range p.CreatedFor {
		client, err := s.accounts.ByID(ctx, id)
		if domain.KindOf(err) == domain.KindNotFound {
			continue // the client closed their account
		}
		if err != nil {
			return planBody{}, err
		}
		// Named as the client list names them: a client who chose no display name is their
		// first name and surname, not left out of the For column.
		b.SharedPlans = append(b.SharedPlans, sharedPlanBody{ClientID: id})
		b.CreatedFor = append(b.CreatedFor, personName(client))
	}
	return b, nil
}

// plansJSON shows a page of plans to reader.
func (s *Server) plansJSON(ctx context.Context, list []plans.Plan, reader accounts.User) ([]planBody, error) {
	members := make([]planBody, len(list))
	for i, p := range list {
		var err error
		if members[i], err = s.planJSON(ctx, p, reader); err != nil {
			return nil, err
		}
	}
	return members, nil
}

// pounds is an amount in pence as pounds.
func pounds(pence int64) *float64 {
	v := float64(pence) / 100
	return &v
}

func (s *Server) listPlans(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	owner, err := s.followed(r)
	if err != nil {
		return err
	}
	page := pageParam(r)
	list, total, err := s.planQueries.Page(r.Context(), owner.ID, page)
	if err != nil {
		return err
	}
	members, err := s.plansJSON(r.Context(), list, u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Plan", "/api/plans/list", r.URL.Query(), members, total, page, plans.PageSize))
	return nil
}

func (s *Server) allPlans(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	owner, err := s.followed(r)
	if err != nil {
		return err
	}
	list, err := s.planQueries.All(r.Context(), owner.ID)
	if err != nil {
		return err
	}
	members, err := s.plansJSON(r.Context(), list, u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/Plan", ID: "/api/plans/all", Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
	return nil
}

// planReading loads the plan id and tells whether the signed-in user sees all of it or its
// preview (canReadPlan).
func (s *Server) planReading(r *http.Request, id string) (plans.Plan, bool, error) {
	u, _ := currentUser(r.Context())
	p, err := s.planQueries.ByID(r.Context(), id)
	if err != nil {
		return plans.Plan{}, false, err
	}
	has, err := s.app.CanUsePlan(r.Context(), u.ID, id)
	if err != nil {
		return plans.Plan{}, false, err
	}
	if !has && p.UserID != u.ID {
		// A trainer reads a confirmed client's plans (and changes none: canChange).
		if has, err = s.coaching.Follows(r.Context(), u.ID, p.UserID); err != nil {
			return plans.Plan{}, false, err
		}
	}
	preview, err := canReadPlan(has, p.Published())
	return p, preview, err
}

// readablePlan loads the plan id, which the signed-in user must have in full.
func (s *Server) readablePlan(r *http.Request, id string) (plans.Plan, error) {
	p, preview, err := s.planReading(r, id)
	if err == nil && preview {
		err = errPreviewOnly
	}
	return p, err
}

func (s *Server) writePlan(w http.ResponseWriter, r *http.Request, status int, id string) error {
	u, _ := currentUser(r.Context())
	p, preview, err := s.planReading(r, id)
	if err != nil {
		return err
	}
	if preview {
		b := planPreviewJSON(p)
		b.Context = "/api/contexts/Plan"
		writeJSON(w, status, b)
		return nil
	}
	b, err := s.planJSON(r.Context(), p, u)
	if err != nil {
		return err
	}
	b.Context = "/api/contexts/Plan"
	if status == http.StatusCreated {
		w.Header().Set("Location", "/api/plans/"+id)
	}
	writeJSON(w, status, b)
	return nil
}

func (s *Server) getPlan(w http.ResponseWriter, r *http.Request) error {
	return s.writePlan(w, r, http.StatusOK, chi.URLParam(r, "id"))
}

// planDetails reads a plan's name and notes and checks them with the domain's rules.
func planDetails(f *fields) (plan.Details, error) {
	in := plan.Details{Name: f.String("name"), Notes: f.String("notes")}
	return in, f.withRules(plan.CheckDetails(in))
}

func (s *Server) addPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in, err := planDetails(f)
	if err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	id := meta.EntityID("plan", u.ID)
	if err := s.app.CreatePlan(r.Context(), app.CreatePlan{Meta: meta, ID: id, UserID: u.ID, Input: in}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusCreated, id)
}

func (s *Server) editPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	id := f.String("id")
	in, err := planDetails(f)
	if err != nil {
		return err
	}
	if err := s.app.EditPlan(r.Context(), app.EditPlan{Meta: commandMeta(r, u.ID), ID: id, Input: in,
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}

func (s *Server) deletePlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.DeletePlan(r.Context(), app.DeletePlan{Meta: commandMeta(r, u.ID), ID: chi.URLParam(r, "id"),
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// unusedGroupBody is a muscle group the plan misses, with the built-in exercises that would
// cover it (the overview's tooltip).
type unusedGroupBody struct {
	muscleGroupBody
	Exercises []string `json:"exercises"`
}

func (s *Server) unusedMuscleGroups(w http.ResponseWriter, r *http.Request) error {
	p, err := s.readablePlan(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	groups := exercise.Unused(p.MuscleGroups)
	members := make([]unusedGroupBody, len(groups))
	for i, g := range groups {
		members[i] = unusedGroupBody{muscleGroupJSON(g), exercise.Covering(g.ID)}
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/MuscleGroup", ID: r.URL.Path, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
	return nil
}

// planExerciseBody is a plan exercise as the overview and the forms read it (docs/API.md):
// targets as rows, and as the spec's parallel lists too.
type planExerciseBody struct {
	resource
	ID             string       `json:"id"`
	Plan           string       `json:"plan"`
	UserID         string       `json:"userId"`
	Name           string       `json:"name"`
	Exercise       string       `json:"exercise"`
	Category       string       `json:"category"`
	Cardio         bool         `json:"cardio"`
	Bodyweight     bool         `json:"bodyweight"`
	Notes          string       `json:"notes"`
	MuscleGroupIDs []int        `json:"muscleGroupIds"`
	MuscleGroups   []string     `json:"muscleGroups"`
	Disabled       bool         `json:"disabled"`
	WeightUnit     string       `json:"weightUnit"`
	Targets        []targetBody `json:"targets"`
	TargetWeight   []*float64   `json:"targetWeight"`
	TargetReps     []*int       `json:"targetReps"`
	TargetRpe      []*int       `json:"targetRpe"`
	TargetDistance []*float64   `json:"targetDistance,omitempty"`
	TargetMinutes  []*int       `json:"targetMinutes,omitempty"`
	TargetSeconds  []*int       `json:"targetSeconds,omitempty"`
	Unit           *string      `json:"unit,omitempty"`
	SetCount       int          `json:"setCount"`
}

// targetBody is one target row: weight and reps, or distance, unit, minutes and seconds.
type targetBody struct {
	Weight   *float64 `json:"weight,omitempty"`
	Reps     *int     `json:"reps,omitempty"`
	Distance *float64 `json:"distance,omitempty"`
	Unit     *string  `json:"unit,omitempty"`
	Minutes  *int     `json:"minutes,omitempty"`
	Seconds  *int     `json:"seconds,omitempty"`
}

// planExerciseJSON shows x with its weights in unit, the reader's.
func planExerciseJSON(x plans.Exercise, unit string) planExerciseBody {
	_, builtin := exercise.LookupBuiltin(x.Exercise)
	cardio := x.Category == exercise.Cardio
	b := planExerciseBody{resource: resource{ID: "/api/plan_exercises/" + x.ID, Type: "PlanExercise"}, ID: x.ID,
		Plan: x.PlanID, UserID: x.UserID, Name: x.Exercise, Exercise: x.Exercise, Category: x.Category, Cardio: cardio,
		Bodyweight: x.Category == exercise.Bodyweight, Notes: x.Notes, MuscleGroupIDs: x.MuscleGroupIDs,
		MuscleGroups: exercise.GroupNames(x.MuscleGroupIDs), Disabled: builtin, Targets: []targetBody{},
		TargetWeight: []*float64{}, TargetReps: []*int{}, TargetRpe: []*int{}, SetCount: len(x.Targets)}
	if !cardio && !b.Bodyweight {
		b.WeightUnit = unit
	}
	for _, t := range x.Targets {
		if cardio {
			u := t.DistanceUnit
			b.Targets = append(b.Targets, targetBody{Distance: t.Distance, Unit: &u, Minutes: t.Minutes, Seconds: t.Seconds})
			b.TargetDistance = append(b.TargetDistance, t.Distance)
			b.TargetMinutes = append(b.TargetMinutes, t.Minutes)
			b.TargetSeconds = append(b.TargetSeconds, t.Seconds)
			if b.Unit == nil {
				b.Unit = &u
			}
			continue
		}
		weight := t.Weight
		if weight != nil && x.WeightUnit != unit {
			w := body.FromKg(body.ToKg(*weight, x.WeightUnit), unit)
			weight = &w
		}
		b.Targets = append(b.Targets, targetBody{Weight: weight, Reps: t.Reps})
		b.TargetWeight = append(b.TargetWeight, weight)
		b.TargetReps = append(b.TargetReps, t.Reps)
		b.TargetRpe = append(b.TargetRpe, nil)
	}
	return b
}

// readablePlanExercise loads the plan exercise id, whose plan the signed-in user must have
// in full.
func (s *Server) readablePlanExercise(r *http.Request, id string) (plans.Exercise, error) {
	x, err := s.planQueries.ExerciseByID(r.Context(), id)
	if err != nil {
		return plans.Exercise{}, err
	}
	if _, err := s.readablePlan(r, x.PlanID); err != nil {
		if domain.KindOf(err) == domain.KindNotFound {
			err = domain.NotFound("Plan exercise not found.")
		}
		return plans.Exercise{}, err
	}
	return x, nil
}

func (s *Server) writePlanExercise(w http.ResponseWriter, r *http.Request, status int, x plans.Exercise) error {
	u, _ := currentUser(r.Context())
	b := planExerciseJSON(x, u.Unit)
	b.Context = "/api/contexts/PlanExercise"
	if status == http.StatusCreated {
		w.Header().Set("Location", "/api/plan_exercises/"+x.ID)
	}
	writeJSON(w, status, b)
	return nil
}

func (s *Server) getPlanExercise(w http.ResponseWriter, r *http.Request) error {
	x, err := s.readablePlanExercise(r, chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	return s.writePlanExercise(w, r, http.StatusOK, x)
}

func (s *Server) listPlanExercises(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	p, err := s.readablePlan(r, chi.URLParam(r, "plan"))
	if err != nil {
		return err
	}
	list, err := s.planQueries.Exercises(r.Context(), p.ID)
	if err != nil {
		return err
	}
	members := make([]planExerciseBody, len(list))
	for i, x := range list {
		members[i] = planExerciseJSON(x, u.Unit)
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/PlanExercise", ID: r.URL.Path, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
	return nil
}

func (s *Server) deletePlanExercise(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	if err := s.app.DeletePlanExercise(r.Context(), app.DeletePlanExercise{Meta: commandMeta(r, u.ID),
		ExerciseID: chi.URLParam(r, "id"), MayChange: mayChange(u)}); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// tooManyTargets is the violation of a target table longer than plan.MaxTargets.
const tooManyTargets = "A plan exercise can have at most 50 target rows."

// planExerciseTarget reads the plan ("plan") and exercise ("id", when editing) a save names.
func planExerciseTarget(f *fields) (planID, exerciseID string) {
	planID, exerciseID = f.String("plan"), f.String("id")
	if planID == "" && exerciseID == "" && !f.v.Has("plan") && !f.v.Has("id") {
		f.v.Add("plan", "Please choose a plan.")
	}
	return planID, exerciseID
}

func (s *Server) savePlanExercise(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := plan.StrengthInput{Exercise: f.String("exercise"), Category: f.String("category"), Notes: f.String("notes"),
		MuscleGroups: intList(f, "muscleGroups", "Please choose muscle groups from the list.")}
	f.Rows("targets", plan.MaxTargets, tooManyTargets, func(_ int, row *fields) {
		in.Targets = append(in.Targets, plan.StrengthTarget{Weight: row.Number("weight"), Reps: row.Number("reps")})
	})
	planID, exerciseID := planExerciseTarget(f)
	if err := f.withRules(plan.CheckStrength(in, u.Unit)); err != nil {
		return err
	}
	x, err := s.app.SavePlanExercise(r.Context(), app.SavePlanExercise{Meta: commandMeta(r, u.ID), PlanID: planID,
		ExerciseID: exerciseID, Unit: u.Unit, Input: in, MayChange: mayChange(u)})
	return s.answerPlanExercise(w, r, exerciseID, x, err)
}

func (s *Server) savePlanCardio(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := plan.CardioInput{Exercise: f.String("exercise"), Notes: f.String("notes")}
	f.Rows("targets", plan.MaxTargets, tooManyTargets, func(_ int, row *fields) {
		in.Targets = append(in.Targets, plan.CardioTarget{Distance: row.Number("distance"), Unit: row.String("unit"),
			Minutes: row.Number("minutes"), Seconds: row.Number("seconds")})
	})
	planID, exerciseID := planExerciseTarget(f)
	if err := f.withRules(plan.CheckCardio(in)); err != nil {
		return err
	}
	x, err := s.app.SavePlanCardio(r.Context(), app.SavePlanCardio{Meta: commandMeta(r, u.ID), PlanID: planID,
		ExerciseID: exerciseID, Input: in, MayChange: mayChange(u)})
	return s.answerPlanExercise(w, r, exerciseID, x, err)
}

// answerPlanExercise answers a save: 201 with a new exercise, 200 with an edited one.
func (s *Server) answerPlanExercise(w http.ResponseWriter, r *http.Request, editedID string, x plans.Exercise, err error) error {
	if err != nil {
		return err
	}
	if editedID != "" {
		return s.writePlanExercise(w, r, http.StatusOK, x)
	}
	return s.writePlanExercise(w, r, http.StatusCreated, x)
}
