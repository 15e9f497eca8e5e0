package projections

import (
	"fmt"
	"testing"
)

func TestNotesAreTakenOnceAndTheOldestGoFirst(t *testing.T) {
	n := newNotes()
	n.keep("workouts", []note{{key: "a", value: 1}})
	n.keep("other", []note{{key: "a", value: 2}})
	if v, ok := n.take("workouts", "a"); !ok || v != 1 {
		t.Errorf("take workouts a: got %v, %v; want 1", v, ok)
	}
	if v, ok := n.take("workouts", "a"); ok {
		t.Errorf("take workouts a again: got %v, want nothing", v)
	}
	if v, ok := n.take("other", "a"); !ok || v != 2 {
		t.Errorf("take other a: got %v, %v; want 2 (notes are per projector)", v, ok)
	}
	for i := range maxNotes + 10 {
		n.keep("workouts", []note{{key: fmt.Sprint(i), value: i}})
	}
	if _, ok := n.take("workouts", "9"); ok {
		t.Error("note 9 of many more than maxNotes is still kept")
	}
	if v, ok := n.take("workouts", "10"); !ok || v != 10 {
		t.Errorf("note 10: got %v, %v; want 10", v, ok)
	}
	// A key kept again is the newer note: pushing out the older one's slot leaves it.
	n.keep("workouts", []note{{key: "again", value: "old"}, {key: "again", value: "new"}})
	for i := range maxNotes - 1 { // the last pushes out the old note's slot
		n.keep("workouts", []note{{key: fmt.Sprint("fill", i), value: i}})
	}
	if v, ok := n.take("workouts", "again"); !ok || v != "new" {
		t.Errorf("a key kept again, after its first slot was pushed out: got %v, %v; want new", v, ok)
	}
	if len(n.byKey) > maxNotes {
		t.Errorf("%d notes kept, more than %d", len(n.byKey), maxNotes)
	}
}

func TestARebuildNotesNothing(t *testing.T) {
	live, rebuild := &txn{}, &txn{tables: map[string]string{"sets": "sets" + copySuffix}}
	live.Note("a", 1)
	rebuild.Note("a", 1)
	if len(live.notes) != 1 || len(rebuild.notes) != 0 {
		t.Errorf("live transaction noted %d, a rebuild's %d; want 1 and 0", len(live.notes), len(rebuild.notes))
	}
}
