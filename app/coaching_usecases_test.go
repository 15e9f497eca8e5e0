package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// A trainer and client relationship through its use cases, below HTTP, on both backends: only
// an active trainer asks; the request waits for an address nobody holds, and the person who
// proves it theirs accepts it; someone else cannot answer or end it; either side ends it.
func TestARelationshipsCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
		coach := app.Trainer{ID: "t1", Name: "Coach", Active: true}
		if _, err := a.RequestClient(ctx, app.RequestClient{Meta: meta("t1", "lapsed"), Trainer: app.Trainer{ID: "t1"},
			Email: "sam@example.com"}); domain.KindOf(err) != domain.KindForbidden {
			t.Errorf("a request by a lapsed trainer: %v, want forbidden", err)
		}
		id, err := a.RequestClient(ctx, app.RequestClient{Meta: meta("t1", "ask"), Trainer: coach, Email: " Sam@Example.com "})
		if err != nil || id != app.CoachingID("t1", "sam@example.com") {
			t.Fatalf("the request: %q %v", id, err)
		}
		expect := tail(t, b.Store, app.CoachingStream(id))
		expect("the request", "coaching.ClientRequested")

		// Someone whose address it is not cannot answer it.
		if _, err := a.AnswerTrainer(ctx, app.AnswerTrainer{Meta: meta("x", "accept"), Client: app.Client{ID: "x", VerifiedEmail: "x@example.com"},
			ID: id, Accept: true}); err == nil {
			t.Error("an answer by someone else was taken")
		}
		expect("an answer by someone else", "")
		if _, err := a.AnswerTrainer(ctx, app.AnswerTrainer{Meta: meta("c1", "accept"), Client: app.Client{ID: "c1", VerifiedEmail: "sam@example.com"},
			ID: id, Accept: true}); err != nil {
			t.Fatal(err)
		}
		expect("the answer", "coaching.RequestAccepted")
		if err := a.EndCoaching(ctx, app.EndCoaching{Meta: meta("x", "end"), UserID: "x", ID: id}); err == nil {
			t.Error("someone else ended the relationship")
		}
		expect("an end by someone else", "")
		if err := a.EndCoaching(ctx, app.EndCoaching{Meta: meta("c1", "end"), UserID: "c1", ID: id}); err != nil {
			t.Fatal(err)
		}
		expect("the client's end", "coaching.Ended")
	})
}
