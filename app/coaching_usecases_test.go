package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	domainplan "github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/coaching"
)

// A trainer and client relationship through its use cases, below HTTP, on both backends: only
// an active trainer asks; the request waits for an address nobody holds, and the person who
// proves it theirs accepts it; the trainer shares a plan with them (only with a client), which
// they start a workout from (a stranger cannot); someone else cannot answer or end it; either
// side ends it.
func TestARelationshipsCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC), app.WithClients(coaching.NewQueries(b.DB)))
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

		// The trainer shares a plan with the client, who starts a workout from it; someone the
		// plan was not shared with cannot, and a plan is shared with confirmed clients only.
		if err := a.CreatePlan(ctx, app.CreatePlan{Meta: meta("t1", "plan"), ID: "p1", UserID: "t1", Input: domainplan.Details{Name: "Strength A"}}); err != nil {
			t.Fatal(err)
		}
		reps := 5.0
		if _, err := a.SavePlanExercise(ctx, app.SavePlanExercise{Meta: meta("t1", "squat"), PlanID: "p1", Unit: "kg", MayChange: anyone,
			Input: domainplan.StrengthInput{Exercise: "Front Squat", Targets: []domainplan.StrengthTarget{{Reps: &reps}}}}); err != nil {
			t.Fatal(err)
		}
		plan := tail(t, b.Store, app.PlanStream("p1"))
		plan("the plan", "plan.PlanCreated plan.ExerciseAdded")
		if err := a.SharePlan(ctx, app.SharePlan{Meta: meta("t1", "share x"), ID: "p1", TrainerID: "t1", Trainer: true, ClientID: "x",
			MayChange: anyone}); err == nil {
			t.Error("a plan shared with someone who is not a client")
		}
		plan("a share with a stranger", "")
		if err := a.SharePlan(ctx, app.SharePlan{Meta: meta("t1", "share"), ID: "p1", TrainerID: "t1", Trainer: true, ClientID: "c1",
			MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		plan("the share", "plan.PlanShared")
		if _, err := a.StartFromPlan(ctx, app.StartFromPlan{Meta: meta("x", "start"), ID: "wx", PlanID: "p1", Unit: "kg",
			Input: workout.StartInput{UserID: "x"}}); err == nil {
			t.Error("a stranger started a workout from the plan")
		}
		if _, err := a.StartFromPlan(ctx, app.StartFromPlan{Meta: meta("c1", "start"), ID: "wc", PlanID: "p1", Unit: "kg",
			Input: workout.StartInput{UserID: "c1"}}); err != nil {
			t.Fatal(err)
		}
		started, _ := appended(t, b.Store, app.WorkoutStream("wc"))
		if kinds(started) != "WorkoutStarted PlanCopied SetLogged" || started[1].(workout.PlanCopied).PlanID != "p1" {
			t.Errorf("the client's workout from the plan appended %q: %#v", kinds(started), started)
		}
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
