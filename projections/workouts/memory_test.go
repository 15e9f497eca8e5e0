package workouts

import (
	"fmt"
	"testing"

	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// set is a logged set of user u's exercise "E<e>" into workout w, as a run starts from.
func set(w, u string, e int) loggedSet {
	return loggedSet{e: workout.SetLogged{WorkoutID: w, UserID: u, SetFields: workout.SetFields{Exercise: fmt.Sprint("E", e)}}}
}

// A user's standings go with one drop, whatever else is remembered, and the count of
// standings held follows, so that the bound empties the map only when it is really full.
func TestMemoryDropsAUsersStandingsAndKeepsCount(t *testing.T) {
	m := newMemory()
	best := 100.0
	b := newBasis()
	b.workouts["w1"] = &workoutRow{date: "2026-11-24", names: "[]", sets: 2}
	b.numbers[[2]string{"w1", "e0"}] = 2
	for u := range 3 {
		for e := range 4 {
			b.history[[2]string{fmt.Sprint("u", u), fmt.Sprint("e", e)}] = &standing{newest: "2026-11-24", best: &best}
		}
	}
	m.remember(b, nil)
	if m.count != 12 {
		t.Fatalf("count after remembering 12 standings: %d", m.count)
	}
	m.remember(b, nil) // the same ones again
	if m.count != 12 {
		t.Fatalf("count after remembering the same 12 again: %d", m.count)
	}
	if _, ok := m.recall([]loggedSet{set("w1", "u1", 0)}); !ok {
		t.Fatal("a remembered workout, number and standing were not recalled")
	}

	m.drop("", "u1")
	if m.count != 8 {
		t.Errorf("count after dropping a user of 4 standings: %d, want 8", m.count)
	}
	if _, ok := m.recall([]loggedSet{set("w1", "u1", 0)}); ok {
		t.Error("a dropped user's standing was recalled")
	}
	if _, ok := m.recall([]loggedSet{set("w1", "u2", 0)}); !ok {
		t.Error("another user's standing went with the drop")
	}

	// A recomputed exercise is forgotten: its best was written by the tables, not the run.
	m.remember(b, map[[2]string]string{{"u2", "e0"}: ""})
	if m.count != 11 {
		t.Errorf("count after remembering 12 with one recomputed: %d, want 11", m.count)
	}
	if _, ok := m.recall([]loggedSet{set("w1", "u2", 0)}); ok {
		t.Error("a recomputed standing was recalled")
	}

	m.drop("w1", "")
	if _, ok := m.recall([]loggedSet{set("w1", "u0", 0)}); ok {
		t.Errorf("a dropped workout was recalled")
	}
	m.forget()
	if m.count != 0 || len(m.standings) != 0 || len(m.workouts) != 0 {
		t.Errorf("forget left %d standings, %d workouts", m.count, len(m.workouts))
	}
}

// recall is all or nothing, and what it hands out is a copy: folding a run into it changes
// nothing remembered until the run is written and remembered.
func TestMemoryRecallsAllOfARunOrNothing(t *testing.T) {
	m := newMemory()
	b := newBasis()
	b.workouts["w1"] = &workoutRow{date: "2026-11-24", names: `["E0"]`, sets: 1}
	b.numbers[[2]string{"w1", "e0"}] = 1
	b.history[[2]string{"u0", "e0"}] = &standing{newest: "2026-11-24T09:00#1"}
	m.remember(b, nil)

	if _, ok := m.recall([]loggedSet{set("w1", "u0", 0), set("w1", "u0", 1)}); ok {
		t.Error("a run with an exercise new to its workout was recalled (its number is not known)")
	}
	got, ok := m.recall([]loggedSet{set("w1", "u0", 0), set("w1", "u0", 0)})
	if !ok {
		t.Fatal("a run of remembered sets was not recalled")
	}
	got.workouts["w1"].sets = 99
	got.history[[2]string{"u0", "e0"}].newest = "2099"
	again, _ := m.recall([]loggedSet{set("w1", "u0", 0)})
	if again.workouts["w1"].sets != 1 || again.history[[2]string{"u0", "e0"}].newest != "2026-11-24T09:00#1" {
		t.Errorf("changing a recalled basis changed memory: %+v, %+v", *again.workouts["w1"], *again.history[[2]string{"u0", "e0"}])
	}
}

// Only a set whose id derives from its workout and its command skips the held-id read.
func TestScopedSetIDs(t *testing.T) {
	n := set("w1", "u0", 0)
	n.commandID = "c1"
	n.e.SetID = eventstore.DeriveID("set", "w1", "c1")
	if !n.scoped() {
		t.Error("a set id derived from its workout and command is not scoped")
	}
	for name, id := range map[string]string{
		"another workout's":                            eventstore.DeriveID("set", "w2", "c1"),
		"the command's alone (before ids were scoped)": eventstore.DeriveID("set", "c1"),
		"random": eventstore.NewID(),
	} {
		n.e.SetID = id
		if n.scoped() {
			t.Errorf("a set id derived from %s is scoped", name)
		}
	}
	n.e.SetID, n.commandID = eventstore.DeriveID("set", "w1", ""), ""
	if n.scoped() {
		t.Error("a set without a command id is scoped")
	}
}
