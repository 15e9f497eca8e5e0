package readmodels_test

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/eventgen"
)

// Issue #25's history: user p starts workout wz, logs a set and deletes it; user q starts a
// workout under the same id in the same stream (an id from before ids were scoped to their
// user, written straight: the domain refuses a second start) and logs a set; p closes the
// account. Rebuilt, q's workout must stay as live: the rebuild of progress once dropped it
// with p's rows, as it forgot which user now held the id (the guard `held.user == id` in
// progress's accountClosed).
func TestAWorkoutIDTakenUpByAnotherUserSurvivesTheFirstUsersClosing(t *testing.T) {
	eachBackend(t, func(t *testing.T, rig *rig) {
		p, q := eventstore.DeriveID("regression", "p"), eventstore.DeriveID("regression", "q")
		wz := eventstore.DeriveID("regression", "wz")
		at := time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC)
		kg, reps, rpe := 100.0, 5, 8
		set := func(user, id string) workout.SetLogged {
			return workout.SetLogged{SetID: id, WorkoutID: wz, UserID: user, Done: true, LoggedAt: at,
				SetFields: workout.SetFields{Exercise: "Barbell Back Squat", Category: "free-weights", Weight: &kg, Unit: "kg", Reps: &reps, RPE: &rpe}}
		}
		h := history(1<<62,
			eventgen.Step{Stream: "workout-" + wz, Expected: eventstore.NoStream, Events: []domain.Event{
				workout.WorkoutStarted{WorkoutID: wz, UserID: p, Date: "2026-03-29", StartTime: "00:30", StartedAt: at},
				set(p, eventstore.DeriveID("regression", "set p")),
				workout.WorkoutDeleted{WorkoutID: wz, UserID: p, DeletedAt: at},
			}},
			eventgen.Step{Stream: "workout-" + wz, Expected: eventstore.Exact(3), Straight: true, Events: []domain.Event{
				workout.WorkoutStarted{WorkoutID: wz, UserID: q, Date: "2026-03-29", StartTime: "09:00", StartedAt: at},
				set(q, eventstore.DeriveID("regression", "set q")),
			}},
			eventgen.Step{Stream: "closed-" + p, Expected: eventstore.NoStream, Events: []domain.Event{
				account.AccountClosed{UserID: p, ClosedAt: at},
			}},
		)
		if diff := rig.check(t, []eventgen.History{h}); len(diff) > 0 {
			rig.report(t, []eventgen.History{h}, diff)
		}
	})
}

// history makes a history of steps written by hand, each event encoded with an id of its own.
func history(seed uint64, steps ...eventgen.Step) eventgen.History {
	n := 0
	for i, s := range steps {
		for _, e := range s.Events {
			data, err := json.Marshal(e)
			if err != nil {
				panic(err)
			}
			n++
			id := eventstore.DeriveID("regression", strconv.FormatUint(seed, 10), strconv.Itoa(n))
			actor := e.(domain.Owned).OwnerID()
			steps[i].Data = append(steps[i].Data, eventstore.EventData{ID: id, Type: e.EventType(), Data: data,
				Metadata: eventstore.Metadata{ActorID: actor, CommandID: id, CorrelationID: id}})
		}
	}
	return eventgen.History{Seed: seed, Steps: steps}
}
