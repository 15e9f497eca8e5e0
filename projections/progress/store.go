package progress

// store is the progress tables as the rules (rules.go) read and write them, a row at a time:
// the live tables through SQL (sqlStore), or a rebuild's rows in memory (memory). It decides
// nothing: it gets, puts and deletes the rows it is given, and lists rows through an index
// of their table. Every row is a user's, and every method reads or writes the rows of the
// one user it is given, so a read model built from some users' events alone holds exactly
// their rows of the whole read model: a rebuild can run in partitions of users.
//
// A list a method returns is the caller's until that method is called again.
type store interface {
	// workout gets a row of progress_workouts; workoutsOn lists the user's workouts of a day.
	workout(user, id string) (workoutRow, bool, error)
	workoutsOn(user, date string) ([]workoutRow, error)
	putWorkout(w workoutRow) error
	deleteWorkout(user, id string) error

	// workoutDay is a row of workout_days, workoutTotals the user's row of workout_totals.
	workoutDay(user, date string) (dayTotals, bool, error)
	putWorkoutDay(user, date string, t dayTotals) error
	deleteWorkoutDay(user, date string) error
	workoutTotals(user string) (dayTotals, bool, error)
	putWorkoutTotals(user string, t dayTotals) error
	deleteWorkoutTotals(user string) error

	// set gets a row of progress_sets; setsOf lists the sets of a workout, setsOn those of
	// an exercise on a day.
	set(user, id string) (setRow, bool, error)
	setsOf(user, workoutID string) ([]setRow, error)
	setsOn(user, key, date string) ([]setRow, error)
	putSet(s setRow) error
	deleteSet(user, id string) error

	// exerciseDay is a row of exercise_days, exerciseTotal one of exercise_totals.
	exerciseDay(user, key, date string) (exerciseDayRow, bool, error)
	putExerciseDay(d exerciseDayRow) error
	deleteExerciseDay(user, key, date string) error
	exerciseTotal(user, key string) (exerciseTotalRow, bool, error)
	putExerciseTotal(t exerciseTotalRow) error
	deleteExerciseTotal(user, key string) error

	// deleteUser deletes every row of the user, in every table.
	deleteUser(user string) error
}

// workoutRow is a row of progress_workouts: minutes counts once it is finished.
type workoutRow struct {
	user, id, date, start string
	finished              bool
	minutes               int64
}

// dayTotals is a row of workout_days or workout_totals: workouts, those finished and their
// minutes.
type dayTotals struct{ workouts, finished, minutes int64 }

// setRow is a row of progress_sets: value counts when hasValue.
type setRow struct {
	user, id, workout, key, name, date string
	value                              float64
	hasValue, bodyweight, done         bool
}

// exerciseDayRow is a row of exercise_days: best counts when hasBest.
type exerciseDayRow struct {
	user, key, date, name string
	sets                  int64
	best                  float64
	hasBest, bodyweight   bool
}

// exerciseTotalRow is a row of exercise_totals.
type exerciseTotalRow struct {
	user, key, name string
	days            int64
}
