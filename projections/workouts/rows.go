package workouts

import (
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// workoutRow is a row of workouts. The rules never change a row a storage handed them: they
// put a changed copy.
type workoutRow struct {
	id, user, name, date, start string
	notes                       string
	finish                      *string // NULL until finished
	finished                    bool
	planName, planID, planNotes string // planNotes: JSON, each exercise's notes by key
	setCount, doneCount         int64
	volume                      float64
	names                       []string // exercise_names, as JSON in the table
	startedAt                   int64
}

// setRow is a row of workout_sets.
type setRow struct {
	id, workout, user, exercise, key, category string
	weight                                     *float64
	unit                                       string
	kg                                         *float64 // the weight in kilograms
	reps, rpe                                  *int
	done, pb                                   bool
	distance                                   *float64
	distanceUnit                               string
	minutes, seconds                           *int
	kind                                       string // "", or a workout.Kind… constant
	note                                       string
	loggedAt, seq                              int64
	hk                                         string // history_key: see historyKey
	number                                     int64  // set_number, among its exercise's sets in its workout
}

// bestRow is a row of personal_bests: a user's newest best of an exercise.
type bestRow struct {
	user, key, exercise, setID string
	weight                     *float64
	unit                       string
	kg                         *float64
	reps                       *int
	date                       string
	previous                   *float64 // the value of the best before it
	hk                         string
}

// sameBest reports whether two bests rows are the same.
func sameBest(a, b *bestRow) bool {
	return a.exercise == b.exercise && a.setID == b.setID && eqPtr(a.weight, b.weight) && a.unit == b.unit &&
		eqPtr(a.kg, b.kg) && eqPtr(a.reps, b.reps) && a.date == b.date && eqPtr(a.previous, b.previous) && a.hk == b.hk
}

func eqPtr[T comparable](a, b *T) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// historyKey orders a user's sets of one exercise through time: by the workout's date and
// start, then by the order logged.
func historyKey(date, start string, seq int64) string {
	if seq < 0 {
		return fmt.Sprintf("%sT%s#%020d", date, start, seq)
	}
	b := make([]byte, 0, len(date)+len(start)+22)
	b = append(append(append(append(b, date...), 'T'), start...), '#')
	var d [20]byte
	for i := len(d) - 1; i >= 0; i-- {
		d[i] = byte('0' + seq%10)
		seq /= 10
	}
	return string(append(b, d[:]...))
}

func weightKg(f workout.SetFields) *float64 {
	if f.Weight == nil {
		return nil
	}
	kg := body.ToKg(*f.Weight, f.Unit)
	return &kg
}

// value is what a best is measured by: reps for bodyweight, kilograms otherwise (nil for
// none).
func (s *setRow) value() *float64 {
	if s.category == exercise.Bodyweight {
		if s.reps == nil {
			return nil
		}
		r := float64(*s.reps)
		return &r
	}
	return s.kg
}

// contends reports whether the set may be a personal best: done, not cardio, not a warm-up,
// with a value.
func (s *setRow) contends() bool {
	return s.done && s.category != exercise.Cardio && s.counts() && s.value() != nil
}

// counts reports whether the set counts towards volume and bests: not a warm-up.
func (s *setRow) counts() bool { return workout.SetFields{Kind: s.kind}.Counts() }

// withFields sets the columns a logged or edited set takes from its fields.
func (s *setRow) withFields(f workout.SetFields, done bool) {
	s.exercise, s.key, s.category = f.Exercise, exercise.Key(f.Exercise), f.Category
	s.weight, s.unit, s.kg, s.reps, s.rpe = f.Weight, f.Unit, weightKg(f), f.Reps, f.RPE
	s.distance, s.distanceUnit, s.minutes, s.seconds = f.Distance, f.DistanceUnit, f.Minutes, f.Seconds
	s.kind, s.note, s.done = f.Kind, f.Note, done
}

// planNotesJSON is the plan_notes of a workout that copied a plan: each exercise's notes by
// exercise key, as JSON (an exercise twice in the plan has both notes, one line each).
func planNotesJSON(e workout.PlanCopied) (string, error) {
	notes := map[string]string{}
	for _, x := range e.Exercises {
		k := exercise.Key(x.Exercise)
		switch old := notes[k]; {
		case x.Notes == "" || old == x.Notes:
		case old == "":
			notes[k] = x.Notes
		default:
			notes[k] = old + "\n" + x.Notes
		}
	}
	js, err := json.Marshal(notes)
	return string(js), err
}

// planNotes reads a workout's plan notes (JSON) by exercise key.
func planNotes(js string) (map[string]string, error) {
	notes := map[string]string{}
	err := json.Unmarshal([]byte(js), &notes)
	return notes, err
}

// namesJSON is exercise_names as stored.
func namesJSON(names []string) string {
	if len(names) == 0 {
		return "[]"
	}
	js, _ := json.Marshal(names)
	return string(js)
}

// Provisional is the set that e, a set logged or edited, appended at position, makes, for an
// answer given before the read model has it: the columns it takes from its event, by the
// projector's own rule (withFields). What the read model works out from the rest of the
// history (its number, whether it is a personal best, its plan's notes) is left unknown:
// zero. ok is false for any other event.
func Provisional(e domain.Event, position int64) (Set, bool) {
	var n setRow
	switch e := e.(type) {
	case workout.SetLogged:
		n = setRow{id: e.SetID, workout: e.WorkoutID, user: e.UserID, loggedAt: e.LoggedAt.UnixMilli()}
		n.withFields(e.SetFields, e.Done)
	case workout.SetEdited:
		n = setRow{id: e.SetID, workout: e.WorkoutID, user: e.UserID, loggedAt: e.EditedAt.UnixMilli()}
		n.withFields(e.SetFields, e.Done)
	default:
		return Set{}, false
	}
	x := n.asSet("")
	x.Provisional, x.Position = true, position
	return x, true
}

// asSet is the set as SetOf reads it, with its workout's plan notes (JSON).
func (s *setRow) asSet(notesJSON string) Set {
	notes, _ := planNotes(notesJSON)
	unit := s.distanceUnit
	return Set{ID: s.id, WorkoutID: s.workout, UserID: s.user, Exercise: s.exercise, Category: s.category,
		Weight: s.weight, WeightUnit: s.unit, WeightKg: s.kg, Reps: s.reps, RPE: s.rpe, Done: s.done, PB: s.pb,
		Distance: s.distance, DistanceUnit: &unit, Minutes: s.minutes, Seconds: s.seconds, LoggedAt: s.loggedAt,
		SetNumber: int(s.number), Kind: s.kind, Note: s.note, PlanNotes: notes[s.key], historyKey: s.hk}
}
