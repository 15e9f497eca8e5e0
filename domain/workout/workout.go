package workout

// Rules of the Workout aggregate (stream workout-<id>):
//   - A workout starts on a date at a start time (from scratch, as a copy of a recent one,
//     from a plan as it stood (from_plan.go), or as a past workout that is finished at once). It is in progress until it has a finish
//     time.
//   - Finishing fills the finish time from the command and the name from the plan when the
//     name is empty (no plan: it stays empty and is shown as "Workout"), and deletes every
//     set not marked done: a finished workout holds only what was lifted.
//   - A set is logged with an RPE (done) or without one (to do); marking it done sets its RPE
//     1 to 10. Sets can be logged, edited, marked done and deleted in a finished workout too
//     (a lifter fixing a typo the next day).
//   - A finished workout lasts at most MaxDurationMinutes (6 hours); a finish before the start
//     is on the next day. Workouts stored before this rule keep their times until edited.
//   - A workout holds at most MaxSets sets.
//   - Nothing can be done to a workout that does not exist or was deleted.

import (
	"slices"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// tooManySets is the violation of a set beyond MaxSets.
const tooManySets = "A workout can hold at most 1000 sets: please start another workout."

// Reasons a set was deleted, as stored.
const (
	ReasonNotDone = "not done when the workout finished"
)

// Set is the state of one set, as later behaviours and copies need it.
type Set struct {
	ID string
	SetFields
	Done bool
}

// Workout is the aggregate of one workout and its sets.
type Workout struct {
	id, userID      string
	started         bool
	deleted         bool
	finished        bool
	date, startTime string
	finishTime      string
	name, planName  string
	notes           string
	sets            map[string]*Set
	order           []string
	undo            undoStep
	// lastDeleted is the last set deleted and its place in order, where its restoring puts it.
	lastDeleted struct {
		id    string
		index int
	}
}

// New returns the empty workout id, ready to have its history applied.
func New(id string) *Workout { return &Workout{id: id, sets: map[string]*Set{}} }

// Apply is the one transition switch of the aggregate.
func (w *Workout) Apply(e domain.Event) {
	w.noteUndo(e)
	switch e := e.(type) {
	case WorkoutStarted:
		w.started, w.userID = true, e.UserID
		w.date, w.startTime, w.name, w.planName, w.notes = e.Date, e.StartTime, e.Name, e.PlanName, e.Notes
	case WorkoutDetailsEdited:
		w.date, w.startTime, w.name, w.notes = e.Date, e.StartTime, e.Name, e.Notes
		if w.finished {
			w.finishTime = e.FinishTime
		}
	case WorkoutFinished:
		w.finished, w.finishTime, w.name = true, e.FinishTime, e.Name
	case WorkoutDeleted:
		w.deleted = true
	case SetLogged:
		w.sets[e.SetID] = &Set{ID: e.SetID, SetFields: e.SetFields, Done: e.Done}
		if i := w.lastDeleted.index; e.Restored != nil && e.SetID == w.lastDeleted.id && i <= len(w.order) {
			w.order = slices.Insert(w.order, i, e.SetID)
		} else {
			w.order = append(w.order, e.SetID)
		}
	case SetEdited:
		if s := w.sets[e.SetID]; s != nil {
			s.SetFields, s.Done = e.SetFields, e.Done
		}
	case SetMarkedDone:
		if s := w.sets[e.SetID]; s != nil {
			rpe := e.RPE
			s.Done, s.RPE = true, &rpe
		}
	case SetDeleted:
		delete(w.sets, e.SetID)
		for i, id := range w.order {
			if id == e.SetID {
				w.order = append(w.order[:i:i], w.order[i+1:]...)
				w.lastDeleted.id, w.lastDeleted.index = id, i
				break
			}
		}
	}
}

// Exists reports whether the workout was started and not deleted.
func (w *Workout) Exists() bool { return w.started && !w.deleted }

// Owner is the id of the user whose workout this is.
func (w *Workout) Owner() string { return w.userID }

// Finished reports whether the workout has a finish time.
func (w *Workout) Finished() bool { return w.finished }

// Sets returns the workout's sets in the order logged.
func (w *Workout) Sets() []Set {
	out := make([]Set, 0, len(w.order))
	for _, id := range w.order {
		out = append(out, *w.sets[id])
	}
	return out
}

func (w *Workout) mustExist() error {
	if !w.Exists() {
		return domain.NotFound("Workout not found.")
	}
	return nil
}

// StartInput names a new workout and when it starts; empty date and time mean now (UTC).
type StartInput struct {
	UserID    string
	Date      string
	StartTime string
	Name      string
	// Notes are the workout's notes (how it went); several lines may be given.
	Notes string
	// FromWorkoutID is the workout this one copies, if any.
	FromWorkoutID string
}

func (in StartInput) check(v *domain.Violations, now time.Time) WorkoutStarted {
	e := WorkoutStarted{UserID: in.UserID, FromWorkoutID: in.FromWorkoutID, StartedAt: now,
		Date: now.UTC().Format(time.DateOnly), StartTime: now.UTC().Format(timeOfDay)}
	if in.Date != "" {
		e.Date = parseDate(v, "date", in.Date, now)
	}
	if in.StartTime != "" {
		e.StartTime = parseTime(v, "startTime", in.StartTime)
	}
	e.Name = cleanWorkoutName(v, in.Name)
	e.Notes = noteText(v, "notes", &in.Notes, workoutNoteMessage)
	return e
}

// Start begins the workout now, or at the date and time given.
func (w *Workout) Start(in StartInput, now time.Time) ([]domain.Event, error) {
	if w.started {
		return nil, domain.Conflict("workout %s already exists", w.id)
	}
	var v domain.Violations
	e := in.check(&v, now)
	if err := v.Err(); err != nil {
		return nil, err
	}
	e.WorkoutID = w.id
	return []domain.Event{e}, nil
}

// AddPast records a workout that already happened: started and finished at the times given.
func (w *Workout) AddPast(in StartInput, finishTime string, now time.Time) ([]domain.Event, error) {
	if w.started {
		return nil, domain.Conflict("workout %s already exists", w.id)
	}
	var v domain.Violations
	if in.Date == "" {
		v.Add("date", "Please enter a valid date.")
	}
	if in.StartTime == "" {
		v.Add("startTime", "Please enter a valid time (HH:MM).")
	}
	e := in.check(&v, now)
	finish := parseTime(&v, "finishTime", finishTime)
	checkDuration(&v, e.StartTime, finish)
	if err := v.Err(); err != nil {
		return nil, err
	}
	e.WorkoutID = w.id
	return []domain.Event{e, WorkoutFinished{WorkoutID: w.id, UserID: in.UserID, FinishTime: finish, Name: e.Name, FinishedAt: now}}, nil
}

// Copy is how a duplicated workout's sets grow: weight added to every weighted set, reps to
// every strength set.
type Copy struct {
	PlusWeight float64
	PlusReps   int
}

// Increments are the choices of plusWeight for a unit (spec 1 section 9), and of plusReps.
func Increments(unit string) (weights []float64, reps []int) {
	if unit == "kg" {
		return []float64{1.25, 2.5}, []int{1, 2}
	}
	return []float64{2.5, 5}, []int{1, 2}
}

// CheckCopy accepts plusWeight of 0 or one of the unit's increments, plusReps of 0, 1 or 2.
func CheckCopy(unit string, plusWeight, plusReps *float64) (Copy, error) {
	var v domain.Violations
	var c Copy
	ws, rs := Increments(unit)
	if plusWeight != nil && *plusWeight != 0 {
		ok := false
		for _, w := range ws {
			ok = ok || *plusWeight == w
		}
		if !ok {
			v.Add("plusWeight", "Please choose an increment offered for your unit.")
		}
		c.PlusWeight = *plusWeight
	}
	if plusReps != nil && *plusReps != 0 {
		ok := false
		for _, r := range rs {
			ok = ok || *plusReps == float64(r)
		}
		if !ok {
			v.Add("plusReps", "Please choose 1 or 2 reps.")
		} else {
			c.PlusReps = int(*plusReps)
		}
	}
	return c, v.Err()
}

// StartCopy begins the workout as a copy of source's sets, none of them done, grown by c.
// setID names the i-th copied set.
func (w *Workout) StartCopy(in StartInput, source []Set, c Copy, unit string, setID func(i int) string, now time.Time) ([]domain.Event, error) {
	if len(source) > MaxSets {
		return nil, domain.Invalid("id", tooManySets)
	}
	events, err := w.Start(in, now)
	if err != nil {
		return nil, err
	}
	for i, s := range source {
		f := s.SetFields
		f.RPE, f.Note = nil, "" // a note tells of the day it was written

		if f.Weight != nil && f.Category != "cardio" {
			nw := RoundTo2(*f.Weight + c.PlusWeight)
			f.Weight = &nw
		}
		if f.Reps != nil && c.PlusReps > 0 {
			nr := *f.Reps + c.PlusReps
			f.Reps = &nr
		}
		if f.Category != "cardio" {
			f.Unit = unit
		}
		events = append(events, SetLogged{SetID: setID(i), WorkoutID: w.id, UserID: in.UserID, SetFields: f, LoggedAt: now})
	}
	return events, nil
}

// Edit changes the workout's details. A finish time given to a workout in progress finishes
// it: its undone sets are deleted and an empty name is filled from its plan.
func (w *Workout) Edit(in DetailsInput, now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	var v domain.Violations
	e := WorkoutDetailsEdited{WorkoutID: w.id, UserID: w.userID, Date: w.date, StartTime: w.startTime,
		FinishTime: w.finishTime, Name: w.name, Notes: w.notes, EditedAt: now}
	if in.Date != nil {
		e.Date = parseDate(&v, "date", *in.Date, now)
	}
	if in.StartTime != nil {
		e.StartTime = parseTime(&v, "startTime", *in.StartTime)
	}
	if in.Name != nil {
		e.Name = cleanWorkoutName(&v, *in.Name)
	}
	if in.Notes != nil {
		e.Notes = noteText(&v, "notes", in.Notes, workoutNoteMessage)
	}
	finish := ""
	if in.FinishTime != nil && *in.FinishTime != "" {
		finish = parseTime(&v, "finishTime", *in.FinishTime)
	} else if w.finished {
		finish = w.finishTime
	}
	if !w.finished || e.StartTime != w.startTime || finish != w.finishTime {
		checkDuration(&v, e.StartTime, finish)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var events []domain.Event
	if e.Date != w.date || e.StartTime != w.startTime || e.Name != w.name || e.Notes != w.notes || (w.finished && finish != w.finishTime) {
		if w.finished {
			e.FinishTime = finish
		}
		events = append(events, e)
	}
	if !w.finished && finish != "" {
		for _, id := range w.order {
			if !w.sets[id].Done {
				events = append(events, SetDeleted{SetID: id, WorkoutID: w.id, UserID: w.userID, Reason: ReasonNotDone, DeletedAt: now})
			}
		}
		name := e.Name
		if name == "" {
			name = w.planName
		}
		events = append(events, WorkoutFinished{WorkoutID: w.id, UserID: w.userID, FinishTime: finish, Name: name, FinishedAt: now})
	}
	return events, nil
}

// Delete removes the workout and its sets.
func (w *Workout) Delete(now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	return []domain.Event{WorkoutDeleted{WorkoutID: w.id, UserID: w.userID, DeletedAt: now}}, nil
}

// LogStrength adds a strength set, weighed in unit (the user's); with an RPE it is done.
func (w *Workout) LogStrength(setID string, in StrengthInput, unit string, now time.Time) ([]domain.Event, error) {
	f, err := StrengthFields(in, unit)
	return w.logSet(setID, f, err, f.RPE != nil, now)
}

// LogCardio adds a cardio set; with an RPE it is done.
func (w *Workout) LogCardio(setID string, in CardioInput, now time.Time) ([]domain.Event, error) {
	f, err := CardioFields(in)
	return w.logSet(setID, f, err, f.RPE != nil, now)
}

// LogPerformedStrength adds a strength set that was done, with its RPE or without one: a
// row of another app's export is a set performed, and most have no RPE. Such a set counts
// as any done set does (volume, bests), and its effort is simply not rated.
func (w *Workout) LogPerformedStrength(setID string, in StrengthInput, unit string, now time.Time) ([]domain.Event, error) {
	f, err := StrengthFields(in, unit)
	return w.logSet(setID, f, err, true, now)
}

// LogPerformedCardio adds a cardio set that was done, like LogPerformedStrength.
func (w *Workout) LogPerformedCardio(setID string, in CardioInput, now time.Time) ([]domain.Event, error) {
	f, err := CardioFields(in)
	return w.logSet(setID, f, err, true, now)
}

func (w *Workout) logSet(setID string, f SetFields, invalid error, done bool, now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	if invalid != nil {
		return nil, invalid
	}
	if w.sets[setID] != nil {
		return nil, domain.Conflict("set %s already exists", setID)
	}
	if len(w.sets) >= MaxSets {
		return nil, domain.Invalid("session", tooManySets)
	}
	return []domain.Event{SetLogged{SetID: setID, WorkoutID: w.id, UserID: w.userID, SetFields: f, Done: done, LoggedAt: now}}, nil
}

// EditStrength changes a strength set. It stays done (with its RPE) unless a new RPE is
// given, which also marks it done.
func (w *Workout) EditStrength(setID string, in StrengthInput, unit string, now time.Time) ([]domain.Event, error) {
	f, err := StrengthFields(in, unit)
	return w.editSet(setID, f, in.Note == nil, err, false, now)
}

// EditCardio changes a cardio set, like EditStrength.
func (w *Workout) EditCardio(setID string, in CardioInput, now time.Time) ([]domain.Event, error) {
	f, err := CardioFields(in)
	return w.editSet(setID, f, in.Note == nil, err, true, now)
}

func (w *Workout) editSet(setID string, f SetFields, keepNote bool, invalid error, cardio bool, now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	s := w.sets[setID]
	if s == nil {
		return nil, domain.NotFound("Set not found.")
	}
	if invalid != nil {
		return nil, invalid
	}
	if (s.Category == "cardio") != cardio {
		return nil, domain.Invalid("category", "A strength set cannot become a cardio set, or the other way round.")
	}
	done := s.Done || f.RPE != nil
	if f.RPE == nil {
		f.RPE = s.RPE
	}
	if keepNote {
		f.Note = s.Note
	}
	return []domain.Event{SetEdited{SetID: setID, WorkoutID: w.id, UserID: w.userID, SetFields: f, Done: done, EditedAt: now}}, nil
}

// MarkDone records that the set was done, with its RPE (1 to 10); again on a done set, it
// changes the RPE.
func (w *Workout) MarkDone(setID string, rpe *float64, now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	var v domain.Violations
	r := RPE(&v, "rpe", rpe)
	if rpe == nil {
		v.Add("rpe", "Please choose an RPE from 1 to 10.")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if w.sets[setID] == nil {
		return nil, domain.NotFound("Set not found.")
	}
	return []domain.Event{SetMarkedDone{SetID: setID, WorkoutID: w.id, UserID: w.userID, RPE: *r, DoneAt: now}}, nil
}

// DeleteSet removes a set.
func (w *Workout) DeleteSet(setID string, now time.Time) ([]domain.Event, error) {
	if err := w.mustExist(); err != nil {
		return nil, err
	}
	if w.sets[setID] == nil {
		return nil, domain.NotFound("Set not found.")
	}
	return []domain.Event{SetDeleted{SetID: setID, WorkoutID: w.id, UserID: w.userID, DeletedAt: now}}, nil
}
