package httpapi_test

import "testing"

func FuzzImportPreview(f *testing.F) {
	fuzzDecoder(f, "/api/imports/preview", `{"content":"Date,Workout Name,Exercise Name,Reps\n2024-01-01 10:00:00,A,B,5\n"}`,
		`{"content":"\"title\",\"start_time\",\"exercise_title\"\n","format":"hevy","unit":"lbs"}`,
		`{"content":"{\"type\":\"workout.started.v1\",\"data\":{}}","format":"ndjson"}`, `{"content":["x"]}`, `{"format":1}`,
		`{"content":"Date,Workout Name,Exercise Name,Reps\n2024-01-01 10:00:00,A,B,5\n","exercises":{"B":"Barbell Back Squat","":""}}`,
		`{"exercises":{"B":7}}`, `{"exercises":null}`,
		`{"content":"Date,Workout Name,Exercise Name,Reps\n2024-01-01 10:00:00,A,B,5\n","muscleGroups":{"B":[1,2,99],"":[]}}`,
		`{"muscleGroups":{"B":"1"}}`, `{"muscleGroups":[1]}`, `{"muscleGroups":{"B":[-1e99]}}`)
}
