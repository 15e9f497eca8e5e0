// Package exercise holds the exercise catalogue: the muscle groups, the built-in exercises
// (their muscle groups locked) and each user's custom exercises in the stream
// exercises-<userId>.
package exercise

import "slices"

// Muscle-group categories as the screens show them.
const (
	UpperBody = "Upper body"
	LowerBody = "Lower body"
)

// MuscleGroup is one muscle group. Its id is stable: the screens place some ids' checkboxes
// on the right (spec 1: 6, 8, 7, 4, 12, 3, 2, 13, the lower-body groups).
type MuscleGroup struct {
	ID       int
	Name     string
	Category string
}

// The muscle-group ids, named so the catalogue below reads as anatomy, not numbers.
const (
	Chest      = 1
	Quadriceps = 2
	Hamstrings = 3
	Glutes     = 4
	Back       = 5
	Calves     = 6
	Adductors  = 7
	Abductors  = 8
	Shoulders  = 9
	Biceps     = 10
	Triceps    = 11
	HipFlexors = 12
	LowerBack  = 13
	Abs        = 14
	Forearms   = 15
	Traps      = 16
)

var muscleGroups = []MuscleGroup{
	{Chest, "Chest", UpperBody},
	{Quadriceps, "Quadriceps", LowerBody},
	{Hamstrings, "Hamstrings", LowerBody},
	{Glutes, "Glutes", LowerBody},
	{Back, "Back", UpperBody},
	{Calves, "Calves", LowerBody},
	{Adductors, "Adductors", LowerBody},
	{Abductors, "Abductors", LowerBody},
	{Shoulders, "Shoulders", UpperBody},
	{Biceps, "Biceps", UpperBody},
	{Triceps, "Triceps", UpperBody},
	{HipFlexors, "Hip flexors", LowerBody},
	{LowerBack, "Lower back", LowerBody},
	{Abs, "Abs", UpperBody},
	{Forearms, "Forearms", UpperBody},
	{Traps, "Traps", UpperBody},
}

// MuscleGroups returns every muscle group in id order.
func MuscleGroups() []MuscleGroup { return append([]MuscleGroup(nil), muscleGroups...) }

// GroupByID returns the muscle group with id, if there is one.
func GroupByID(id int) (MuscleGroup, bool) {
	for _, g := range muscleGroups {
		if g.ID == id {
			return g, true
		}
	}
	return MuscleGroup{}, false
}

// GroupNames names the muscle groups of ids, in the order given, skipping unknown ids.
func GroupNames(ids []int) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if g, ok := GroupByID(id); ok {
			out = append(out, g.Name)
		}
	}
	return out
}

// Unused returns the muscle groups not in used, in id order.
func Unused(used []int) []MuscleGroup {
	in := map[int]bool{}
	for _, id := range used {
		in[id] = true
	}
	var out []MuscleGroup
	for _, g := range muscleGroups {
		if !in[g.ID] {
			out = append(out, g)
		}
	}
	return out
}

// Covering names the built-in strength exercises that work group, by category then name:
// what a plan could add to cover a muscle group it misses.
func Covering(group int) []string {
	var out []string
	for _, b := range builtins {
		if b.Category != Cardio && slices.Contains(b.MuscleGroups, group) {
			out = append(out, b.Name)
		}
	}
	return out
}
