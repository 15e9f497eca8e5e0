package eventgen

import (
	"strconv"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// Exercises people log: built-in ones of each category, and custom ones (some far from ASCII,
// one a built-in name spelt otherwise).
var (
	strengthNames = []string{"Barbell Back Squat", "Barbell Bench Press", "Lat Pulldown", "Pull-Up", "Push-Up",
		"Leg Extension", "Zercher Squat", "Développé couché", "深蹲", "  barbell   back squat ", "Kettlebell 🔔 Swing"}
	cardioNames = []string{"Running", "Rowing Machine", "Swimming", "Nordic Walking", "Велосипед"}
)

// workoutStream names a workout's stream, as app.WorkoutStream does.
func workoutStream(id string) string { return "workout-" + id }

// workout folds a workout.
func (g *gen) workout(id string) *workout.Workout {
	return fold(g, workoutStream(id), func() *workout.Workout { return workout.New(id) })
}

// live lists the user's workouts that exist, newest last.
func (g *gen) live(u *person) []string {
	var out []string
	for _, id := range u.workouts {
		if w := g.workout(id); w.Exists() && w.Owner() == u.id {
			out = append(out, id)
		}
	}
	return out
}

// someWorkout is one of the user's workouts (mostly the newest), or "".
func (g *gen) someWorkout(u *person) string {
	ws := g.live(u)
	if len(ws) == 0 {
		return ""
	}
	if g.chance(3) {
		return pick(g, ws)
	}
	return ws[len(ws)-1]
}

// changeWorkout runs one behaviour of the workout id by its owner, as app's changeWorkout.
func (g *gen) changeWorkout(u *person, id string, meta eventstore.Metadata, act func(*workout.Workout) ([]domain.Event, error)) []domain.Event {
	return execute(g, workoutStream(id), meta, func() *workout.Workout { return workout.New(id) },
		func(w *workout.Workout) ([]domain.Event, error) {
			if !w.Exists() || w.Owner() != u.id {
				return nil, domain.NotFound("Workout not found.")
			}
			return act(w)
		})
}

// startInput is a start now, or on another day (a workout logged afterwards).
func (g *gen) startInput(u *person) workout.StartInput {
	in := workout.StartInput{UserID: u.id, Date: g.today(u), StartTime: g.clock(u)}
	if g.chance(4) {
		in.Date = g.now.AddDate(0, 0, -g.rng.IntN(40)).Format(time.DateOnly)
	}
	if g.chance(2) {
		in.Name = pick(g, []string{"Leg day", "Push 💪", "Jour de jambes", "胸の日", "Morning run"})
	}
	if g.chance(5) {
		in.Notes = *g.note()
	}
	return in
}

// claimAndStart starts the workout id as app's claimAndStart does: the user's register is
// claimed first, and a workout in progress there is answered instead (nothing started).
func (g *gen) claimAndStart(u *person, meta eventstore.Metadata, id string, start func(*workout.Workout) ([]domain.Event, error)) bool {
	if _, err := start(workout.New(id)); err != nil {
		return false
	}
	state := func(claimed string) workout.ClaimState { return g.workout(claimed).ClaimState() }
	open := ""
	execute(g, "inprogress-"+u.id, meta.Follow("claim "+id), func() *workout.Register { return workout.NewRegister(u.id) },
		func(r *workout.Register) ([]domain.Event, error) {
			events, got := r.Claim(id, state, g.now)
			open = got
			return events, nil
		})
	if open != "" && open != id {
		return false
	}
	if len(execute(g, workoutStream(id), meta, func() *workout.Workout { return workout.New(id) }, start)) == 0 {
		return false
	}
	g.label(id, "w")
	u.workouts = append(u.workouts, id)
	return true
}

// release ends the user's claim on a workout finished or deleted, as app's release.
func (g *gen) release(u *person, meta eventstore.Metadata, id string) {
	execute(g, "inprogress-"+u.id, meta.Follow("release "+id), func() *workout.Register { return workout.NewRegister(u.id) },
		func(r *workout.Register) ([]domain.Event, error) { return r.Release(id, g.now), nil })
}

func (g *gen) startWorkout(u *person) {
	meta := g.meta(u.id)
	id := meta.EntityID("workout", u.id)
	g.label(id, "w")
	in := g.startInput(u)
	g.claimAndStart(u, meta, id, func(w *workout.Workout) ([]domain.Event, error) { return w.Start(in, g.now) })
}

// copyWorkout starts a workout as a copy of one of the user's, its sets grown.
func (g *gen) copyWorkout(u *person) {
	from := g.someWorkout(u)
	if from == "" {
		return
	}
	meta := g.meta(u.id)
	id := meta.EntityID("workout", u.id)
	g.label(id, "w")
	in := g.startInput(u)
	in.FromWorkoutID = from
	ws, rs := workout.Increments(u.unit)
	c := workout.Copy{PlusWeight: pick(g, append(ws, 0)), PlusReps: pick(g, append(rs, 0))}
	source := g.workout(from).Sets()
	g.claimAndStart(u, meta, id, func(w *workout.Workout) ([]domain.Event, error) {
		return w.StartCopy(in, source, c, u.unit, func(i int) string {
			s := eventstore.DeriveID("set", id, strconv.Itoa(i))
			g.label(s, "s")
			return s
		}, g.now)
	})
}

// addPastWorkout records a workout done on a day gone by: its sets land before those of
// later days in the history of its exercises.
func (g *gen) addPastWorkout(u *person) {
	meta := g.meta(u.id)
	id := meta.EntityID("workout", u.id)
	g.label(id, "w")
	in := workout.StartInput{UserID: u.id, Date: g.now.AddDate(0, 0, -1-g.rng.IntN(60)).Format(time.DateOnly),
		StartTime: pick(g, []string{"06:30", "12:00", "18:45", "23:30"}), Name: pick(g, []string{"", "Catch-up", "Été"})}
	finish := pick(g, []string{"07:30", "13:10", "19:50", "01:15"})
	if len(execute(g, workoutStream(id), meta, func() *workout.Workout { return workout.New(id) },
		func(w *workout.Workout) ([]domain.Event, error) { return w.AddPast(in, finish, g.now) })) > 0 {
		u.workouts = append(u.workouts, id)
		for range g.rng.IntN(4) {
			g.logSetInto(u, id, g.meta(u.id), false)
		}
	}
}

// logSet logs a set into one of the user's workouts (starting one if they have none).
func (g *gen) logSet(u *person) {
	id := g.someWorkout(u)
	if id == "" {
		g.startWorkout(u)
		return
	}
	g.logSetInto(u, id, g.meta(u.id), false)
}

// logSetInto logs a strength or cardio set (done or to do) as app.SaveSet does: the set's id
// derives from the command and the workout, and a custom exercise's first use is recorded.
// A performed set (an imported row) is done, its RPE given or not.
// Now and then the id is one another workout holds already (ids sent by a client before they
// were scoped to their workout).
func (g *gen) logSetInto(u *person, workoutID string, meta eventstore.Metadata, performed bool) {
	setID := meta.EntityID("set", workoutID)
	if g.chance(25) {
		if other := g.anySetID(); other != "" {
			setID = other
		}
	}
	g.label(setID, "s")
	var logged []domain.Event
	name := ""
	if g.chance(4) {
		in := g.cardioInput()
		name = in.Exercise
		logged = g.changeWorkout(u, workoutID, meta, func(w *workout.Workout) ([]domain.Event, error) {
			if performed {
				return w.LogPerformedCardio(setID, in, g.now)
			}
			return w.LogCardio(setID, in, g.now)
		})
	} else {
		in := g.strengthInput()
		name = in.Exercise
		logged = g.changeWorkout(u, workoutID, meta, func(w *workout.Workout) ([]domain.Event, error) {
			if performed {
				return w.LogPerformedStrength(setID, in, u.unit, g.now)
			}
			return w.LogStrength(setID, in, u.unit, g.now)
		})
	}
	for _, e := range logged {
		if e, ok := e.(workout.SetLogged); ok {
			g.useExercise(u, meta.Follow("use exercise in "+setID), name, e.Category)
		}
	}
}

// useExercise records a custom exercise's first use in the user's exercises.
func (g *gen) useExercise(u *person, meta eventstore.Metadata, name, category string) {
	if _, ok := exercise.LookupBuiltin(name); ok {
		return
	}
	for _, e := range execute(g, "exercises-"+u.id, meta, func() *exercise.Catalogue { return exercise.NewCatalogue(u.id) },
		func(c *exercise.Catalogue) ([]domain.Event, error) { return c.Use(name, category, g.now), nil }) {
		u.custom = append(u.custom, e.(exercise.CustomExerciseDefined).Name)
	}
}

// chooseMuscleGroups sets the muscle groups of one of the user's custom exercises.
func (g *gen) chooseMuscleGroups(u *person) {
	name := pick(g, u.custom)
	if name == "" {
		return
	}
	groups := exercise.MuscleGroups()
	ids := []int{pick(g, groups).ID, pick(g, groups).ID}
	execute(g, "exercises-"+u.id, g.meta(u.id), func() *exercise.Catalogue { return exercise.NewCatalogue(u.id) },
		func(c *exercise.Catalogue) ([]domain.Event, error) { return c.ChooseMuscleGroups(name, ids, g.now) })
}

// strengthInput is a strength set as typed: now and then a zero weight, a decimal one, a
// warm-up, drop or failure set.
func (g *gen) strengthInput() workout.StrengthInput {
	w := float64(g.rng.IntN(40)) * 2.5
	if g.chance(5) {
		w = float64(g.rng.IntN(20000)) / 100
	}
	reps := float64(1 + g.rng.IntN(12))
	in := workout.StrengthInput{Exercise: pick(g, strengthNames), Weight: &w, Reps: &reps}
	if g.chance(6) {
		in.Category = pick(g, []string{exercise.FreeWeights, exercise.MachineWeights, exercise.Bodyweight})
	}
	if g.chance(2) {
		rpe := float64(1 + g.rng.IntN(10))
		in.RPE = &rpe
	}
	if g.chance(4) {
		in.Kind = pick(g, []string{workout.KindWarmUp, workout.KindWarmUp, workout.KindDrop, workout.KindFailure})
	}
	if g.chance(5) {
		in.Note = g.note()
	}
	return in
}

// cardioInput is a cardio set: a distance (maybe none, maybe zero) in some unit, a time.
func (g *gen) cardioInput() workout.CardioInput {
	in := workout.CardioInput{Exercise: pick(g, cardioNames), Unit: pick(g, []string{"", "km", "m", "mi"})}
	if !g.chance(4) {
		d := float64(g.rng.IntN(2000)) / 100
		in.Distance = &d
	}
	if !g.chance(4) {
		m, s := float64(g.rng.IntN(90)), float64(g.rng.IntN(60))
		in.Minutes, in.Seconds = &m, &s
	}
	if g.chance(2) {
		rpe := float64(1 + g.rng.IntN(10))
		in.RPE = &rpe
	}
	if g.chance(5) {
		in.Note = g.note()
	}
	return in
}

// note is a note as people type them: lines, tabs, Windows line ends, space around it, a
// formula a spreadsheet would run, another script, or nothing (an edit's note cleared).
func (g *gen) note() *string {
	s := pick(g, []string{"", "seat at 4", "left shoulder twinge\r\nstopped early", " \tpause at the chest ",
		"=HYPERLINK(\"x\")", "+1+1", "Été, \"lourd\"", "胸の日\n\n💪"})
	return &s
}

// anySetID is the id of some set of the history, in any workout of anyone.
func (g *gen) anySetID() string {
	var ids []string
	for _, name := range g.streamNames("workout-") {
		for _, s := range g.streams[name].agg.(*workout.Workout).Sets() {
			ids = append(ids, s.ID)
		}
	}
	return pick(g, ids)
}

// someSet is a set of one of the user's workouts.
func (g *gen) someSet(u *person) (workoutID string, s workout.Set, ok bool) {
	id := g.someWorkout(u)
	if id == "" {
		return "", workout.Set{}, false
	}
	sets := g.workout(id).Sets()
	if len(sets) == 0 {
		return "", workout.Set{}, false
	}
	return id, pick(g, sets), true
}

// editSet changes a set's fields (its RPE too, now and then).
func (g *gen) editSet(u *person) {
	id, s, ok := g.someSet(u)
	if !ok {
		return
	}
	meta := g.meta(u.id)
	if s.Category == exercise.Cardio {
		in := g.cardioInput()
		in.Exercise = s.Exercise
		g.changeWorkout(u, id, meta, func(w *workout.Workout) ([]domain.Event, error) { return w.EditCardio(s.ID, in, g.now) })
		return
	}
	in := g.strengthInput()
	if g.chance(2) {
		in.Exercise = s.Exercise
	}
	g.changeWorkout(u, id, meta, func(w *workout.Workout) ([]domain.Event, error) { return w.EditStrength(s.ID, in, u.unit, g.now) })
}

func (g *gen) markDone(u *person) {
	id, s, ok := g.someSet(u)
	if !ok {
		return
	}
	rpe := float64(1 + g.rng.IntN(10))
	g.changeWorkout(u, id, g.meta(u.id), func(w *workout.Workout) ([]domain.Event, error) { return w.MarkDone(s.ID, &rpe, g.now) })
}

func (g *gen) deleteSet(u *person) {
	id, s, ok := g.someSet(u)
	if !ok {
		return
	}
	g.changeWorkout(u, id, g.meta(u.id), func(w *workout.Workout) ([]domain.Event, error) { return w.DeleteSet(s.ID, g.now) })
}

// undoWorkout undoes the last change of a workout, and now and then the undo too (a redo).
func (g *gen) undoWorkout(u *person) {
	id := g.someWorkout(u)
	if id == "" {
		return
	}
	for range 1 + g.rng.IntN(2) {
		firstLogged := func(setID string) int64 { return g.logged[[2]string{workoutStream(id), setID}] }
		g.changeWorkout(u, id, g.meta(u.id), func(w *workout.Workout) ([]domain.Event, error) { return w.Undo(g.now, firstLogged) })
	}
}

// finishWorkout gives a workout in progress its finish time (its undone sets deleted).
func (g *gen) finishWorkout(u *person) {
	id := g.someWorkout(u)
	if id == "" || g.workout(id).Finished() {
		return
	}
	finish := g.now.Add(time.Duration(g.rng.IntN(120)) * time.Minute).In(time.UTC).Format("15:04")
	g.editDetails(u, id, workout.DetailsInput{FinishTime: &finish})
}

// editWorkout renames a workout, moves it to another day or time, or changes its finish.
func (g *gen) editWorkout(u *person) {
	id := g.someWorkout(u)
	if id == "" {
		return
	}
	var in workout.DetailsInput
	switch g.rng.IntN(5) {
	case 0:
		name := pick(g, []string{"", "Renamed", "Ünïcödé 🏋️", "Deload"})
		in.Name = &name
	case 4:
		in.Notes = g.note()
	case 1:
		start := pick(g, []string{"05:00", "09:15", "17:30", "22:45"})
		in.StartTime = &start
	default:
		date := g.now.AddDate(0, 0, g.rng.IntN(30)-20).Format(time.DateOnly)
		in.Date = &date
	}
	g.editDetails(u, id, in)
}

// editDetails edits a workout as app.EditWorkout does, releasing its claim when it finished.
func (g *gen) editDetails(u *person, id string, in workout.DetailsInput) {
	meta := g.meta(u.id)
	for _, e := range g.changeWorkout(u, id, meta, func(w *workout.Workout) ([]domain.Event, error) { return w.Edit(in, g.now) }) {
		if _, ok := e.(workout.WorkoutFinished); ok {
			g.release(u, meta, id)
		}
	}
}

// deleteWorkout deletes a workout and releases its claim.
func (g *gen) deleteWorkout(u *person) {
	id := g.someWorkout(u)
	if id == "" {
		return
	}
	meta := g.meta(u.id)
	if len(g.changeWorkout(u, id, meta, func(w *workout.Workout) ([]domain.Event, error) { return w.Delete(g.now) })) > 0 {
		g.release(u, meta, id)
	}
}

// importFile imports a small file as app.Import does: each workout added as a past one with
// its sets logged (ids derived from the file's keys), then weights and sizes.
func (g *gen) importFile(u *person) {
	file := strconv.Itoa(g.commands)
	importMeta := func(key ...string) eventstore.Metadata {
		cmd := eventstore.DeriveID(append([]string{"import", u.id, file}, key...)...)
		return eventstore.Metadata{ActorID: u.id, CommandID: cmd, CorrelationID: cmd}
	}
	for n := range 1 + g.rng.IntN(2) {
		key := strconv.Itoa(n)
		meta := importMeta("workout", key)
		id := meta.EntityID("workout", u.id)
		g.label(id, "w")
		in := workout.StartInput{UserID: u.id, Date: g.now.AddDate(0, 0, -1-g.rng.IntN(400)).Format(time.DateOnly),
			StartTime: "07:00", Name: pick(g, []string{"Imported", "Strong 💪", ""})}
		if len(execute(g, workoutStream(id), meta, func() *workout.Workout { return workout.New(id) },
			func(w *workout.Workout) ([]domain.Event, error) { return w.AddPast(in, "08:00", g.now) })) == 0 {
			continue
		}
		u.workouts = append(u.workouts, id)
		for s := range 1 + g.rng.IntN(5) {
			// Rows of Strong and Hevy exports are sets done; a Gymlog export's keep their state.
			g.logSetInto(u, id, importMeta("workout", key, "set", strconv.Itoa(s)), !g.chance(4))
		}
	}
	if g.chance(2) {
		meta := importMeta("weight", "0")
		entry := meta.EntityID("weight", u.id)
		g.label(entry, "b")
		w := 70.5
		if len(execute(g, "body-"+u.id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) {
			return l.LogWeight(entry, body.WeightInput{Date: g.now.AddDate(0, 0, -100).Format(time.DateOnly), Weight: &w}, u.unit, g.now)
		})) > 0 {
			u.weights = append(u.weights, entry)
		}
	}
}

// reuseWorkoutID has the user start a workout under the id of a workout erased with its
// owner's account (its stream is empty again): an id sent by a client, as ids were before
// they were scoped to their user. The domain takes it as any new workout.
func (g *gen) reuseWorkoutID(u *person) {
	id := pick(g, g.reusable)
	if id == "" {
		return
	}
	in := g.startInput(u)
	g.claimAndStart(u, g.meta(u.id), id, func(w *workout.Workout) ([]domain.Event, error) { return w.Start(in, g.now) })
}
