package httpapi_test

import "testing"

func FuzzStartFromPlan(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/sessions/start/from-plan", `{"id":"{plan}","startTime":"09:30"}`,
		`{"id":"{plan}","startTime":"25:00","date":"2026-02-30"}`, `{"id":1}`, `{"id":"{planExercise}"}`, `{"id":null}`, `[]`)
}
