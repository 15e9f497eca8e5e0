package httpapi_test

import "testing"

func FuzzAddClient(f *testing.F) {
	fuzzWorkoutDecoder(f, "POST", "/api/clients/add", `{"email":"ada@example.com"}`, `{"email":7}`, `{"email":"a\u0000@b.c"}`, `[]`)
}

func FuzzAnswerTrainer(f *testing.F) {
	fuzzWorkoutDecoder(f, "PUT", "/api/trainers/status", `{"id":"x","confirmed":true,"rejected":false}`,
		`{"id":"x","confirmed":"yes"}`, `{"id":{},"rejected":null}`, `{}`)
}
