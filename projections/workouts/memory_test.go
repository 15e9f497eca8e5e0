package workouts

import (
	"fmt"
	"testing"

	"github.com/gymlog/gymlog/domain/workout"
)

// A user's standings go with one drop, whatever else is remembered, and the count of
// standings held follows, so that the bound empties the map only when it is really full.
func TestMemoryDropsAUsersStandingsAndKeepsCount(t *testing.T) {
	m := newMemory()
	best := 100.0
	history := map[[2]string]*standing{}
	for u := range 3 {
		for e := range 4 {
			history[[2]string{fmt.Sprint("u", u), fmt.Sprint("e", e)}] = &standing{newest: "2026-11-24", best: &best}
		}
	}
	workouts := map[string]*workoutRow{"w1": {date: "2026-11-24", names: "[]", sets: 2}}
	m.remember(workouts, map[[2]string]int64{{"w1", "e0"}: 2}, history)
	if m.count != 12 {
		t.Fatalf("count after remembering 12 standings: %d", m.count)
	}
	m.remember(workouts, nil, history) // the same ones again
	if m.count != 12 {
		t.Fatalf("count after remembering the same 12 again: %d", m.count)
	}

	m.drop("", "u1")
	if m.count != 8 {
		t.Errorf("count after dropping a user of 4 standings: %d, want 8", m.count)
	}
	again := map[[2]string]*standing{{"u1", "e0"}: {}, {"u2", "e0"}: {}}
	numbers := map[[2]string]int64{{"w1", "e0"}: 0, {"w1", "e9"}: 0}
	row := map[string]*workoutRow{"w1": {}}
	ids, numbered, standings := m.recall(row, numbers, again, nil)
	if len(ids) != 0 || row["w1"].sets != 2 {
		t.Errorf("the workout: left to read %v, recalled %+v", ids, *row["w1"])
	}
	if len(numbered) != 1 || numbered[0] != [2]string{"w1", "e9"} || numbers[[2]string{"w1", "e0"}] != 2 {
		t.Errorf("set numbers: left to read %v, recalled %v", numbered, numbers)
	}
	if len(standings) != 1 || standings[0] != [2]string{"u1", "e0"} || again[[2]string{"u2", "e0"}].best == nil {
		t.Errorf("standings: left to read %v; want the dropped user's only", standings)
	}

	// A set that cannot be a best (not done) still moves its exercise's newest set: a
	// remembered standing of its exercise joins the run's history.
	notDone := loggedSet{e: workout.SetLogged{UserID: "u2", SetFields: workout.SetFields{Exercise: "E1"}}}
	joined := map[[2]string]*standing{}
	m.recall(map[string]*workoutRow{}, nil, joined, []loggedSet{notDone})
	if h := joined[[2]string{"u2", "e1"}]; h == nil || h.newest != "2026-11-24" {
		t.Errorf("a remembered standing of a set that cannot be a best: got %v", joined)
	}

	m.drop("w1", "")
	if ids, _, _ := m.recall(map[string]*workoutRow{"w1": {}}, nil, nil, nil); len(ids) != 1 {
		t.Errorf("a dropped workout was recalled")
	}
	m.forget()
	if m.count != 0 || len(m.standings) != 0 || len(m.workouts) != 0 {
		t.Errorf("forget left %d standings, %d workouts", m.count, len(m.workouts))
	}
}
