package progress

import (
	"math"
	"slices"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// The rules of the progress read model, written once for the live tables and for a rebuild
// in memory (store.go):
//   - An event changes only the rows of the user it names: a workout or set is found by
//     that user and its id, so an event about another user's workout or set (or one never
//     started, or deleted) changes nothing, and an account closing deletes the user's rows.
//   - A workout counts for its day from its start, and its minutes once finished; an edit
//     moves it and its sets to the new day, and takes the new duration once finished.
//   - A set that is neither cardio nor a warm-up counts for its exercise on its workout's
//     day, done or not; a set id is applied once: held in another workout of the user (a log
//     written before set ids were scoped to their workout), events about it in this one
//     change nothing.
//   - A day's totals and an exercise's day (its done sets, best and name) are summed again
//     from the rows whenever one of them changes; the user's totals and an exercise's count
//     of days move by what the day's sums changed.

// apply applies one event to the tables s holds.
func apply(s store, ev projections.Event) error {
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		return workoutStarted(s, e)
	case workout.WorkoutDetailsEdited:
		return workoutEdited(s, e)
	case workout.WorkoutFinished:
		return workoutFinished(s, e)
	case workout.WorkoutDeleted:
		return workoutDeleted(s, e)
	case workout.SetLogged:
		return setChanged(s, e.UserID, e.WorkoutID, e.SetID, &e.SetFields, e.Done)
	case workout.SetEdited:
		return setChanged(s, e.UserID, e.WorkoutID, e.SetID, &e.SetFields, e.Done)
	case workout.SetMarkedDone:
		return setMarkedDone(s, e)
	case workout.SetDeleted:
		return setChanged(s, e.UserID, e.WorkoutID, e.SetID, nil, false)
	case account.AccountClosed:
		return s.deleteUser(e.UserID)
	}
	return nil
}

func workoutStarted(s store, e workout.WorkoutStarted) error {
	if _, held, err := s.workout(e.UserID, e.WorkoutID); err != nil || held {
		return err
	}
	if err := s.putWorkout(workoutRow{user: e.UserID, id: e.WorkoutID, date: e.Date, start: e.StartTime}); err != nil {
		return err
	}
	return refreshWorkoutDay(s, e.UserID, e.Date)
}

func workoutFinished(s store, e workout.WorkoutFinished) error {
	w, held, err := s.workout(e.UserID, e.WorkoutID)
	if err != nil || !held {
		return err
	}
	w.finished, w.minutes = true, int64(workout.Duration(w.start, e.FinishTime))
	if err := s.putWorkout(w); err != nil {
		return err
	}
	return refreshWorkoutDay(s, w.user, w.date)
}

// workoutEdited moves a workout in time and, once finished, takes its new duration (none
// without a finish time); its sets move to its new day.
func workoutEdited(s store, e workout.WorkoutDetailsEdited) error {
	w, held, err := s.workout(e.UserID, e.WorkoutID)
	if err != nil || !held {
		return err
	}
	was := w.date
	w.date, w.start = e.Date, e.StartTime
	if w.finished {
		w.minutes = 0
		if e.FinishTime != "" {
			w.minutes = int64(workout.Duration(e.StartTime, e.FinishTime))
		}
	}
	if err := s.putWorkout(w); err != nil {
		return err
	}
	if err := refreshWorkoutDay(s, w.user, was); err != nil || w.date == was {
		return err
	}
	if err := refreshWorkoutDay(s, w.user, w.date); err != nil {
		return err
	}
	sets, err := s.setsOf(w.user, w.id)
	if err != nil {
		return err
	}
	for _, set := range sets {
		set.date = w.date
		if err := s.putSet(set); err != nil {
			return err
		}
	}
	for _, key := range exerciseKeys(sets) {
		if err := refreshExerciseDay(s, w.user, key, was); err != nil {
			return err
		}
		if err := refreshExerciseDay(s, w.user, key, w.date); err != nil {
			return err
		}
	}
	return nil
}

func workoutDeleted(s store, e workout.WorkoutDeleted) error {
	w, held, err := s.workout(e.UserID, e.WorkoutID)
	if err != nil || !held {
		return err
	}
	sets, err := s.setsOf(w.user, w.id)
	if err != nil {
		return err
	}
	for _, set := range sets {
		if err := s.deleteSet(set.user, set.id); err != nil {
			return err
		}
	}
	if err := s.deleteWorkout(w.user, w.id); err != nil {
		return err
	}
	for _, key := range exerciseKeys(sets) {
		if err := refreshExerciseDay(s, w.user, key, w.date); err != nil {
			return err
		}
	}
	return refreshWorkoutDay(s, w.user, w.date)
}

// exerciseKeys lists the exercises of sets, each once, in order.
func exerciseKeys(sets []setRow) []string {
	keys := make([]string, 0, len(sets))
	for _, s := range sets {
		keys = append(keys, s.key)
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// setChanged replaces what a set counts for with f (logged or edited; nil when deleted): the
// exercise days it left and the one it joins are summed again. Cardio sets and warm-ups count
// for none.
func setChanged(s store, userID, workoutID, setID string, f *workout.SetFields, done bool) error {
	old, held, err := s.set(userID, setID)
	if err != nil || (held && old.workout != workoutID) {
		return err
	}
	var now setRow
	counted := false
	if f != nil && f.Category != exercise.Cardio && f.Counts() {
		w, ok, err := s.workout(userID, workoutID)
		if err != nil {
			return err
		}
		if ok {
			bodyweight := f.Category == exercise.Bodyweight
			now = setRow{user: userID, id: setID, workout: workoutID, key: exercise.Key(f.Exercise),
				name: exercise.CleanName(f.Exercise), date: w.date, bodyweight: bodyweight, done: done}
			now.value, now.hasValue = value(f, bodyweight)
			counted = true
		}
	}
	switch {
	case counted:
		err = s.putSet(now)
	case held:
		err = s.deleteSet(userID, setID)
	}
	if err != nil {
		return err
	}
	if held && (!counted || old.key != now.key || old.date != now.date) {
		if err := refreshExerciseDay(s, userID, old.key, old.date); err != nil {
			return err
		}
	}
	if counted {
		return refreshExerciseDay(s, userID, now.key, now.date)
	}
	return nil
}

func setMarkedDone(s store, e workout.SetMarkedDone) error {
	set, held, err := s.set(e.UserID, e.SetID)
	if err != nil || !held || set.workout != e.WorkoutID {
		return err
	}
	set.done = true
	if err := s.putSet(set); err != nil {
		return err
	}
	return refreshExerciseDay(s, set.user, set.key, set.date)
}

// value is what a set's best is measured by: reps for bodyweight, kilograms otherwise;
// false without them.
func value(f *workout.SetFields, bodyweight bool) (float64, bool) {
	switch {
	case bodyweight && f.Reps != nil:
		return float64(*f.Reps), true
	case !bodyweight && f.Weight != nil:
		return body.ToKg(*f.Weight, f.Unit), true
	}
	return 0, false
}

func (t dayTotals) plus(u dayTotals, sign int64) dayTotals {
	return dayTotals{t.workouts + sign*u.workouts, t.finished + sign*u.finished, t.minutes + sign*u.minutes}
}

// refreshWorkoutDay sums a user's workouts of one day again, and moves the user's totals by
// what the day's sums changed.
func refreshWorkoutDay(s store, user, date string) error {
	workouts, err := s.workoutsOn(user, date)
	if err != nil {
		return err
	}
	var now dayTotals
	for _, w := range workouts {
		now.workouts++
		if w.finished {
			now.finished++
			now.minutes += w.minutes
		}
	}
	was, _, err := s.workoutDay(user, date)
	if err != nil || was == now {
		return err
	}
	if now.workouts == 0 {
		err = s.deleteWorkoutDay(user, date)
	} else {
		err = s.putWorkoutDay(user, date, now)
	}
	if err != nil {
		return err
	}
	sum, _, err := s.workoutTotals(user)
	if err != nil {
		return err
	}
	if sum = sum.plus(now, 1).plus(was, -1); sum.workouts == 0 {
		return s.deleteWorkoutTotals(user)
	}
	return s.putWorkoutTotals(user, sum)
}

// refreshExerciseDay sums a user's done sets of one exercise on one day again: their count,
// their best (the heaviest kilograms, else the most reps) and their name (the greatest as
// logged, byte by byte), and counts the day in the exercise's days when it gained or lost
// its first one.
func refreshExerciseDay(s store, user, key, date string) error {
	sets, err := s.setsOn(user, key, date)
	if err != nil {
		return err
	}
	now := exerciseDayRow{user: user, key: key, date: date}
	var reps float64
	hasReps := false
	for _, set := range sets {
		if !set.done {
			continue
		}
		if now.sets++; set.name > now.name {
			now.name = set.name
		}
		switch {
		case !set.hasValue:
		case set.bodyweight && (!hasReps || heavier(set.value, reps)):
			reps, hasReps = set.value, true
		case !set.bodyweight && (!now.hasBest || heavier(set.value, now.best)):
			now.best, now.hasBest = set.value, true
		}
	}
	_, held, err := s.exerciseDay(user, key, date)
	if err != nil {
		return err
	}
	if now.sets == 0 {
		if !held {
			return nil
		}
		if err := s.deleteExerciseDay(user, key, date); err != nil {
			return err
		}
		return countDays(s, user, key, "", -1)
	}
	if !now.hasBest {
		now.best, now.hasBest, now.bodyweight = reps, hasReps, true
	}
	if err := s.putExerciseDay(now); err != nil || held {
		return err
	}
	return countDays(s, user, key, now.name, 1)
}

// heavier orders values as numbers, and 0 above -0 (which a log written before the domain
// stored -0 as 0 may hold): a day's best is the same whatever order its sets are read in.
func heavier(v, than float64) bool {
	return v > than || (v == than && math.Signbit(than) && !math.Signbit(v))
}

// countDays moves an exercise's count of days by delta, naming it name when it has one.
func countDays(s store, user, key, name string, delta int64) error {
	t, _, err := s.exerciseTotal(user, key)
	if err != nil {
		return err
	}
	if t.days += delta; t.days <= 0 {
		return s.deleteExerciseTotal(user, key)
	}
	t.user, t.key = user, key
	if name != "" {
		t.name = name
	}
	return s.putExerciseTotal(t)
}
