package plan

// Rules of the Plan aggregate (stream plan-<id>):
//   - A plan has a name (required, at most 100 characters) and notes (at most 1000); only its
//     owner changes it (decided in httpapi/authz.go, applied by the use cases to Owner()).
//   - A plan holds at most MaxExercises exercises, each strength or cardio for good: an
//     exercise cannot change from one to the other.
//   - A strength exercise has 1 to MaxTargets target rows of weight (rounded to 2 decimals,
//     0 to below 10000 in the owner's unit, 0 when not given, none for bodyweight) and reps
//     (whole, 1 to 1000); its category is free-weights, machine-weights or bodyweight; a
//     built-in exercise's muscle groups are its own (locked), a custom one's those chosen.
//   - A cardio exercise has 1 to MaxTargets rows of distance (rounded to 2 decimals), unit
//     (none, km, m or mi), minutes (0 to 1440) and seconds (0 to 59), each optional.
//   - A row's violations name the row from 1: weight_1, reps_2, distance_1 ...
//   - Nothing can be done to a plan that does not exist or was deleted, nor to an exercise
//     that is not in the plan.

import (
	"slices"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// Exercise is the state of one plan exercise.
type Exercise struct {
	ID string
	ExerciseFields
}

// Plan is the aggregate of one plan and its exercises.
type Plan struct {
	id, userID  string
	created     bool
	deleted     bool
	name, notes string
	exercises   map[string]*Exercise
	order       []string
	published   bool
	listing
	shared     map[string]bool
	timesAWeek int
	undo       undoStep
	// lastRemoved is the last exercise removed and its place in order, where its restoring
	// puts it.
	lastRemoved struct {
		id    string
		index int
	}
	// keeper and keptAs: a kept plan's keeper and how they had the original (kept.go);
	// a kept plan has no owner.
	keeper, keptAs string
}

// New returns the empty plan id, ready to have its history applied.
func New(id string) *Plan {
	return &Plan{id: id, exercises: map[string]*Exercise{}, shared: map[string]bool{}}
}

// Apply is the one transition switch of the aggregate.
func (p *Plan) Apply(e domain.Event) {
	p.noteUndo(e)
	switch e := e.(type) {
	case PlanCreated:
		p.created, p.userID, p.name, p.notes = true, e.UserID, e.Name, e.Notes
	case PlanKept:
		p.created, p.keeper, p.keptAs, p.name, p.notes = true, e.UserID, e.Role, e.Name, e.Notes
		for _, x := range e.Exercises {
			if p.exercises[x.ExerciseID] == nil {
				p.exercises[x.ExerciseID] = &Exercise{ID: x.ExerciseID, ExerciseFields: x.ExerciseFields}
				p.order = append(p.order, x.ExerciseID)
			}
		}
	case PlanEdited:
		p.name, p.notes = e.Name, e.Notes
	case PlanDeleted:
		p.deleted = true
	case PlanPublished:
		p.published, p.listing = true, listing{pence: e.PricePence, tagline: e.Tagline, level: e.Level}
	case PlanUnpublished:
		p.published = false
	case PlanShared:
		p.shared[e.ClientID] = true
	case WeeklyTargetSet:
		p.timesAWeek = e.TimesAWeek
	case ExerciseAdded:
		p.exercises[e.ExerciseID] = &Exercise{ID: e.ExerciseID, ExerciseFields: e.ExerciseFields}
		if i := p.lastRemoved.index; e.Restored != nil && e.ExerciseID == p.lastRemoved.id && i <= len(p.order) {
			p.order = slices.Insert(p.order, i, e.ExerciseID)
		} else {
			p.order = append(p.order, e.ExerciseID)
		}
	case ExerciseEdited:
		if x := p.exercises[e.ExerciseID]; x != nil {
			x.ExerciseFields = e.ExerciseFields
		}
	case ExerciseRemoved:
		delete(p.exercises, e.ExerciseID)
		for i, id := range p.order {
			if id == e.ExerciseID {
				p.order = append(p.order[:i:i], p.order[i+1:]...)
				p.lastRemoved.id, p.lastRemoved.index = id, i
				break
			}
		}
	}
}

// Exists reports whether the plan was created and not deleted.
func (p *Plan) Exists() bool { return p.created && !p.deleted }

// Owner is the id of the user whose plan this is; a kept plan has none (Keeper).
func (p *Plan) Owner() string { return p.userID }

// Name is the plan's name.
func (p *Plan) Name() string { return p.name }

// Exercises returns the plan's exercises in the order added.
func (p *Plan) Exercises() []Exercise {
	out := make([]Exercise, 0, len(p.order))
	for _, id := range p.order {
		out = append(out, *p.exercises[id])
	}
	return out
}

// Snapshot is the plan as a workout starts from it (workout.StartFromPlan): version names the
// plan as it stood, and each target row becomes the fields of a set, a weight that carries
// no unit of its own in unit, the lifter's.
func (p *Plan) Snapshot(version int64, unit string) workout.PlanSnapshot {
	snapshot := workout.PlanSnapshot{ID: p.id, Name: p.name, Version: version}
	for _, x := range p.Exercises() {
		weightUnit := x.WeightUnit
		if weightUnit == "" {
			weightUnit = unit
		}
		planned := workout.PlannedExercise{Exercise: x.Exercise, Category: x.Category, Notes: x.Notes}
		for _, t := range x.Targets {
			planned.Targets = append(planned.Targets, workout.SetFields{Weight: t.Weight, Unit: weightUnit, Reps: t.Reps,
				Distance: t.Distance, DistanceUnit: t.DistanceUnit, Minutes: t.Minutes, Seconds: t.Seconds})
		}
		snapshot.Exercises = append(snapshot.Exercises, planned)
	}
	return snapshot
}

// mustExist refuses every change to a plan that does not exist, and to a kept plan, which
// nobody changes.
func (p *Plan) mustExist() error {
	if !p.Exists() {
		return domain.NotFound("Plan not found.")
	}
	if p.keeper != "" {
		return domain.Forbidden("You cannot change this.")
	}
	return nil
}

// Create makes the plan for userID.
func (p *Plan) Create(userID string, in Details, now time.Time) ([]domain.Event, error) {
	if p.created {
		return nil, domain.Conflict("plan %s already exists", p.id)
	}
	var v domain.Violations
	d := checkDetails(&v, in)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return []domain.Event{PlanCreated{PlanID: p.id, UserID: userID, Name: d.Name, Notes: d.Notes, CreatedAt: now}}, nil
}

// Edit changes the plan's name and notes; the same ones record nothing.
func (p *Plan) Edit(in Details, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	var v domain.Violations
	d := checkDetails(&v, in)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if d.Name == p.name && d.Notes == p.notes {
		return nil, nil
	}
	return []domain.Event{PlanEdited{PlanID: p.id, UserID: p.userID, Name: d.Name, Notes: d.Notes, EditedAt: now}}, nil
}

// Delete removes the plan and its exercises.
func (p *Plan) Delete(now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	return []domain.Event{PlanDeleted{PlanID: p.id, UserID: p.userID, DeletedAt: now}}, nil
}

// AddStrength adds a strength exercise exerciseID, weights in unit (the owner's).
func (p *Plan) AddStrength(exerciseID string, in StrengthInput, unit string, now time.Time) ([]domain.Event, error) {
	f, err := strengthFields(in, unit)
	return p.add(exerciseID, f, err, now)
}

// AddCardio adds a cardio exercise exerciseID.
func (p *Plan) AddCardio(exerciseID string, in CardioInput, now time.Time) ([]domain.Event, error) {
	f, err := cardioFields(in)
	return p.add(exerciseID, f, err, now)
}

func (p *Plan) add(exerciseID string, f ExerciseFields, invalid error, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	if invalid != nil {
		return nil, invalid
	}
	if p.exercises[exerciseID] != nil {
		return nil, domain.Conflict("plan exercise %s already exists", exerciseID)
	}
	if len(p.exercises) >= MaxExercises {
		return nil, domain.Invalid("plan", "A plan can hold at most 100 exercises.")
	}
	return []domain.Event{ExerciseAdded{ExerciseID: exerciseID, PlanID: p.id, UserID: p.userID, ExerciseFields: f, AddedAt: now}}, nil
}

// EditStrength replaces a strength exercise's fields.
func (p *Plan) EditStrength(exerciseID string, in StrengthInput, unit string, now time.Time) ([]domain.Event, error) {
	f, err := strengthFields(in, unit)
	return p.edit(exerciseID, f, err, false, now)
}

// EditCardio replaces a cardio exercise's fields.
func (p *Plan) EditCardio(exerciseID string, in CardioInput, now time.Time) ([]domain.Event, error) {
	f, err := cardioFields(in)
	return p.edit(exerciseID, f, err, true, now)
}

func (p *Plan) edit(exerciseID string, f ExerciseFields, invalid error, cardio bool, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	x := p.exercises[exerciseID]
	if x == nil {
		return nil, domain.NotFound("Plan exercise not found.")
	}
	if invalid != nil {
		return nil, invalid
	}
	if (x.Category == exercise.Cardio) != cardio {
		return nil, domain.Invalid("category", "A strength exercise cannot become a cardio exercise, or the other way round.")
	}
	return []domain.Event{ExerciseEdited{ExerciseID: exerciseID, PlanID: p.id, UserID: p.userID, ExerciseFields: f, EditedAt: now}}, nil
}

// RemoveExercise takes an exercise out of the plan.
func (p *Plan) RemoveExercise(exerciseID string, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	if p.exercises[exerciseID] == nil {
		return nil, domain.NotFound("Plan exercise not found.")
	}
	return []domain.Event{ExerciseRemoved{ExerciseID: exerciseID, PlanID: p.id, UserID: p.userID, RemovedAt: now}}, nil
}
