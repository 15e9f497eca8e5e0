package httpapi_test

import "testing"

func FuzzAddPlan(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/plans/add", `{"name":"Push","notes":"Heavy"}`, `{"name":7,"notes":[]}`, `{"name":""}`, `[]`)
}

func FuzzEditPlan(f *testing.F) {
	fuzzWorkoutDecoder(f, "PUT", "/api/plans/edit", `{"id":"{plan}","name":"Pull","notes":""}`, `{"id":"nope","name":"x"}`,
		`{"id":{},"name":null}`)
}

func FuzzSavePlanExercise(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/plan_exercises/add",
		`{"plan":"{plan}","exercise":"Front Squat","category":"free-weights","targets":[{"weight":100,"reps":5},{"weight":"102.555","reps":"5"}],"notes":"x","muscleGroups":[1]}`,
		`{"id":"{planExercise}","plan":"{plan}","exercise":"Dip","targets":[{"reps":8}]}`,
		`{"id":"{planExercise}","exercise":"Dip","targets":[{"reps":1e308},null,7,[]]}`,
		`{"plan":"{plan}","exercise":"My lift","targets":{"weight":1},"muscleGroups":["x"]}`)
}

func FuzzSavePlanCardio(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/plan_exercises/add-cardio",
		`{"plan":"{plan}","exercise":"Running","targets":[{"distance":5,"unit":"km","minutes":25,"seconds":30},{}],"notes":""}`,
		`{"id":"{planExercise}","plan":"{plan}","exercise":"Running","targets":[{"distance":"abc","unit":7,"minutes":-1}]}`,
		`{"plan":"{plan}","targets":[]}`)
}
