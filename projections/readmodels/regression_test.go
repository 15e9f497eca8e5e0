package readmodels_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
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
			t.Errorf("the read models differ:\n  %s\n%s", strings.Join(diff, "\n  "), h)
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

// Found by the property test (seed 3): user a logs set s into workout wa; user b logs a set
// under the same id into workout wb (an id from before set ids were scoped to their workout:
// the domain checks ids only within a workout); b closes the account, which erases wb; a
// logs another set of the same exercise into wa. The history read model used to let b's
// set overwrite a's row of s, so live it kept b's exercise (and numbered a's next set 1,
// not 2) after b's events were gone, which no rebuild can reproduce.
func TestASetIDLoggedIntoAnotherWorkoutLeavesTheFirstWorkoutsHistory(t *testing.T) {
	eachBackend(t, func(t *testing.T, rig *rig) {
		a, b := eventstore.DeriveID("regression", "a"), eventstore.DeriveID("regression", "b")
		wa, wb := eventstore.DeriveID("regression", "wa"), eventstore.DeriveID("regression", "wb")
		s := eventstore.DeriveID("regression", "s")
		at := time.Date(2024, 10, 25, 23, 30, 0, 0, time.UTC)
		kg, reps, km, rpe := 50.0, 7, 12.23, 10
		bench := workout.SetFields{Exercise: "Développé couché", Category: "free-weights", Weight: &kg, Unit: "kg", Reps: &reps}
		swim := workout.SetFields{Exercise: "Swimming", Category: "cardio", Distance: &km, DistanceUnit: "km", RPE: &rpe}
		h := history(1<<61,
			eventgen.Step{Stream: "workout-" + wa, Expected: eventstore.NoStream, Events: []domain.Event{
				workout.WorkoutStarted{WorkoutID: wa, UserID: a, Date: "2024-10-21", StartTime: "14:02", StartedAt: at},
				workout.SetLogged{SetID: s, WorkoutID: wa, UserID: a, SetFields: bench, LoggedAt: at},
			}},
			eventgen.Step{Stream: "workout-" + wb, Expected: eventstore.NoStream, Events: []domain.Event{
				workout.WorkoutStarted{WorkoutID: wb, UserID: b, Date: "2024-10-22", StartTime: "11:26", StartedAt: at},
				workout.SetLogged{SetID: s, WorkoutID: wb, UserID: b, SetFields: swim, Done: true, LoggedAt: at},
			}},
			eventgen.Step{Stream: "workout-" + wb, Delete: true},
			eventgen.Step{Stream: "closed-" + b, Expected: eventstore.NoStream, Events: []domain.Event{
				account.AccountClosed{UserID: b, ClosedAt: at},
			}},
			eventgen.Step{Stream: "workout-" + wa, Expected: eventstore.Exact(2), Events: []domain.Event{
				workout.SetLogged{SetID: eventstore.DeriveID("regression", "s2"), WorkoutID: wa, UserID: a, SetFields: bench, LoggedAt: at},
			}},
		)
		if diff := rig.check(t, []eventgen.History{h}); len(diff) > 0 {
			t.Errorf("the read models differ:\n  %s\n%s", strings.Join(diff, "\n  "), h)
		}
	})
}

// Set ids are chosen per user (a client sends them; the domain checks them only within a
// workout), so two users can hold one. Users a and b (in different partitions of three)
// each log set s into a workout of their own, mark it done and edit it; each is the other's
// only holder of s. Both users' rows must survive, live and rebuilt in one pass and in
// partitions: each user's workout_sets row of s, its history_entities row, its personal best
// and its edit's history line, told from its own set. Keyed by id alone, the second user's
// set was ignored (and a rebuild in partitions wrote s twice).
func TestTwoUsersHoldingOneSetIDKeepTheirOwnRows(t *testing.T) {
	eachBackend(t, func(t *testing.T, rig *rig) {
		a, b := eventstore.DeriveID("regression", "a"), eventstore.DeriveID("regression", "b")
		wa, wb := eventstore.DeriveID("regression", "wa"), eventstore.DeriveID("regression", "wb")
		s := eventstore.DeriveID("regression", "s")
		at := time.Date(2026, 5, 4, 18, 0, 0, 0, time.UTC)
		light, heavy, reps := 60.0, 70.0, 5
		bench := func(kg *float64) workout.SetFields {
			return workout.SetFields{Exercise: "Barbell Bench Press", Category: "free-weights", Weight: kg, Unit: "kg", Reps: &reps}
		}
		logged := func(user, wid string) []domain.Event {
			return []domain.Event{
				workout.WorkoutStarted{WorkoutID: wid, UserID: user, Date: "2026-05-04", StartTime: "18:00", StartedAt: at},
				workout.SetLogged{SetID: s, WorkoutID: wid, UserID: user, SetFields: bench(&light), LoggedAt: at},
				workout.SetMarkedDone{SetID: s, WorkoutID: wid, UserID: user, RPE: 8, DoneAt: at},
				workout.SetEdited{SetID: s, WorkoutID: wid, UserID: user, SetFields: bench(&heavy), Done: true, EditedAt: at},
			}
		}
		h := history(1<<60,
			eventgen.Step{Stream: "workout-" + wa, Expected: eventstore.NoStream, Events: logged(a, wa)},
			eventgen.Step{Stream: "workout-" + wb, Expected: eventstore.NoStream, Events: logged(b, wb)},
		)
		rig.expect = func(dump []string) []string {
			var missing []string
			for _, owner := range []struct{ user, workout string }{{a, wa}, {b, wb}} {
				for _, want := range [][]string{
					{"workout_sets " + s + " " + owner.workout + " " + owner.user + " "},
					{"history_entities " + s + " workout-" + owner.workout + " " + owner.user + " set "},
					{"personal_bests " + owner.user + " ", " " + s + " "},
					{"history_lines ", " workout-" + owner.workout + " ", "Set 1 of Barbell Bench Press edited: 60 → 70 kg"},
				} {
					if !slices.ContainsFunc(dump, func(row string) bool { return hasAll(row, want) }) {
						missing = append(missing, strings.Join(want, "…"))
					}
				}
			}
			return missing
		}
		if diff := rig.check(t, []eventgen.History{h}); len(diff) > 0 {
			t.Errorf("the read models differ:\n  %s\n%s", strings.Join(diff, "\n  "), h)
		}
	})
}

// hasAll reports whether row starts with parts[0] and holds every other part.
func hasAll(row string, parts []string) bool {
	if !strings.HasPrefix(row, parts[0]) {
		return false
	}
	for _, p := range parts[1:] {
		if !strings.Contains(row, p) {
			return false
		}
	}
	return true
}
