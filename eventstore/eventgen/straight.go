package eventgen

import (
	"math"
	"slices"
	"strings"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// Events written straight, without a command: no command of today's domain writes them, but
// the log holds them for good, and every read model must apply them alike live and rebuilt.
//   - Negative zeros: a set logged or edited with a weight or distance of -0 (typed "-0"
//     before the domain stored +0, commit acd288a). The domain decides the set with +0;
//     the sign is then flipped in the event.
//   - A workout id taken up by another user in the same stream: user p started and deleted
//     workout wz, then user q's start of wz and a set were appended to workout-wz (ids sent
//     by clients before they were scoped to their user). The domain refuses a second start,
//     so both events are written straight, and a set too. Closing either account then keeps
//     the stream (see heldWithOthers).

// writeStraight writes one of the cases above, when the history allows it.
func (g *gen) writeStraight(u *person) {
	if g.chance(2) {
		g.negativeZero(u)
		return
	}
	g.takeUpDeletedWorkout(u)
}

// negativeZero logs (or edits) a set of zero weight or distance stored as -0.
func (g *gen) negativeZero(u *person) {
	id := g.someWorkout(u)
	if id == "" {
		return
	}
	meta := g.meta(u.id)
	setID := meta.EntityID("set", id)
	g.label(setID, "s")
	zero := 0.0
	var decided []domain.Event
	w := g.workout(id)
	if sets := w.Sets(); len(sets) > 0 && g.chance(2) {
		s := pick(g, sets)
		setID = s.ID
		if s.Category == "cardio" {
			decided, _ = w.EditCardio(s.ID, workout.CardioInput{Exercise: s.Exercise, Distance: &zero, Unit: "km"}, g.now)
		} else {
			reps := 5.0
			decided, _ = w.EditStrength(s.ID, workout.StrengthInput{Exercise: s.Exercise, Category: s.Category, Weight: &zero, Reps: &reps}, u.unit, g.now)
		}
	} else if g.chance(2) {
		decided, _ = w.LogCardio(setID, workout.CardioInput{Exercise: "Running", Distance: &zero, Unit: "mi"}, g.now)
	} else {
		reps, rpe := 8.0, 7.0
		decided, _ = w.LogStrength(setID, workout.StrengthInput{Exercise: "Barbell Bench Press", Weight: &zero, Reps: &reps, RPE: &rpe}, u.unit, g.now)
	}
	negative := math.Copysign(0, -1)
	for i, e := range decided {
		switch e := e.(type) {
		case workout.SetLogged:
			flipZero(&e.SetFields, negative)
			decided[i] = e
		case workout.SetEdited:
			flipZero(&e.SetFields, negative)
			decided[i] = e
		}
	}
	if len(decided) > 0 {
		g.append(workoutStream(id), meta, true, decided...)
	}
}

func flipZero(f *workout.SetFields, negative float64) {
	if f.Weight != nil && *f.Weight == 0 {
		f.Weight = &negative
	}
	if f.Distance != nil && *f.Distance == 0 {
		f.Distance = &negative
	}
}

// takeUpDeletedWorkout has u start, under the id of another user's deleted workout, a
// workout in the same stream, and log a set into it.
func (g *gen) takeUpDeletedWorkout(u *person) {
	var deleted []string
	for _, other := range g.users {
		if other == u {
			continue
		}
		for _, id := range other.workouts {
			if s := g.streams[workoutStream(id)]; s != nil && !g.workout(id).Exists() && len(s.users) == 1 {
				deleted = append(deleted, id)
			}
		}
	}
	id := pick(g, deleted)
	if id == "" {
		return
	}
	meta := g.meta(u.id)
	in := g.startInput(u)
	started, err := workout.New(id).Start(in, g.now)
	if err != nil {
		return
	}
	setID := meta.EntityID("set", id)
	g.label(setID, "s")
	fresh := workout.New(id)
	fresh.Apply(started[0])
	set, err := fresh.LogStrength(setID, g.strengthInput(), u.unit, g.now)
	if err != nil {
		return
	}
	g.append(workoutStream(id), meta, true, append(started, set...)...)
	u.workouts = append(u.workouts, id)
}

// heldWithOthers reports whether a workout stream holds events of another user still there
// (a workout id taken up in the same stream): closing u's account keeps such a stream.
// The app erases it (app.CloseAccount erases every stream the ownership read model lists),
// which takes the other user's workout with it, and leaves live read models that cannot be
// rebuilt: that is a fault of the erasure, outside what the read models can agree on.
func (g *gen) heldWithOthers(name string, u *person) bool {
	if !strings.HasPrefix(name, "workout-") {
		return false
	}
	for id := range g.streams[name].users {
		if other := g.byID(id); id != u.id && other != nil && !other.closed {
			return true
		}
	}
	return false
}

// streamNames lists the names of the streams with prefix, sorted, so a history does not
// depend on the order of a map.
func (g *gen) streamNames(prefix string) []string {
	var out []string
	for name, s := range g.streams {
		if strings.HasPrefix(name, prefix) && s.agg != nil {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// sortedStreams lists every stream's name, sorted.
func (g *gen) sortedStreams() []string {
	var out []string
	for name := range g.streams {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// eventstoreDeriveCoaching is the relationship id of a trainer and an address, as
// app.CoachingID derives it.
func eventstoreDeriveCoaching(trainerID, email string) string {
	return eventstore.DeriveID("coaching", trainerID, strings.ToLower(strings.TrimSpace(email)))
}
