package workout

// Suggestion is the next set suggested from the last done set of an exercise.
type Suggestion struct {
	Weight *float64
	Reps   int
	Advice string
}

// The advice of a suggestion.
const (
	AdviceAddWeight = "Add weight"
	AdviceAddRep    = "Add a rep"
	AdviceHold      = "Hold"
)

// SuggestNext turns the last done set (weight nil for bodyweight) and its RPE into the next
// set, in unit:
//
//	RPE 1-6  (reps in reserve: 4+)  add the unit's increment (kg 2.5, lbs 5), same reps;
//	                                bodyweight: add 2 reps
//	RPE 7-8  (2-3 in reserve)       same weight, add a rep
//	RPE 9-10 (0-1 in reserve)       same weight, same reps: hold
func SuggestNext(weight *float64, reps, rpe int, unit string) Suggestion {
	s := Suggestion{Weight: weight, Reps: reps}
	switch {
	case rpe <= 6:
		s.Advice = AdviceAddWeight
		if weight == nil {
			s.Reps = reps + 2
			break
		}
		inc := 2.5
		if unit != "kg" {
			inc = 5
		}
		w := RoundTo2(*weight + inc)
		s.Weight = &w
	case rpe <= 8:
		s.Advice, s.Reps = AdviceAddRep, reps+1
	default:
		s.Advice = AdviceHold
	}
	return s
}
