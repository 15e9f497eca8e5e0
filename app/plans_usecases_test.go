package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	domainplan "github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/plans"
)

// A plan's life through its use cases, below HTTP, on both backends (a strength and a cardio
// exercise among them): each command appends what
// the plan decides and the plans read model shows it; someone who may not change the plan,
// and a non-trainer publishing, change nothing; undo takes back the last change.
func TestAPlansCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
		read := plans.NewQueries(b.DB)
		expect := tail(t, b.Store, app.PlanStream("p1"))
		if err := a.CreatePlan(ctx, app.CreatePlan{Meta: meta("t1", "plan"), ID: "p1", UserID: "t1", Input: domainplan.Details{Name: "Strength A"}}); err != nil {
			t.Fatal(err)
		}
		expect("create", "plan.PlanCreated")
		if err := a.EditPlan(ctx, app.EditPlan{Meta: meta("t1", "rename"), ID: "p1", Input: domainplan.Details{Name: "Strength B", Notes: "Heavy"},
			MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("rename", "plan.PlanEdited")
		if p, err := read.ByID(ctx, "p1"); err != nil || p.Name != "Strength B" || p.Notes != "Heavy" {
			t.Errorf("the renamed plan as read: %+v %v", p, err)
		}

		reps := 5.0
		x, err := a.SavePlanExercise(ctx, app.SavePlanExercise{Meta: meta("t1", "squat"), PlanID: "p1", Unit: "kg", MayChange: anyone,
			Input: domainplan.StrengthInput{Exercise: "Front Squat", Targets: []domainplan.StrengthTarget{{Reps: &reps}}}})
		if err != nil || x.Exercise != "Front Squat" {
			t.Fatalf("an exercise: %+v %v", x, err)
		}
		expect("an exercise", "plan.ExerciseAdded")
		km, minutes := 5.0, 25.0
		run, err := a.SavePlanCardio(ctx, app.SavePlanCardio{Meta: meta("t1", "run"), PlanID: "p1", MayChange: anyone,
			Input: domainplan.CardioInput{Exercise: "Running", Targets: []domainplan.CardioTarget{{Distance: &km, Unit: "km", Minutes: &minutes}}}})
		if err != nil || run.Exercise != "Running" || run.Category != "cardio" {
			t.Fatalf("a cardio exercise: %+v %v", run, err)
		}
		expect("a cardio exercise", "plan.ExerciseAdded")

		notYours := func(string) error { return domain.Forbidden("This is not your plan.") }
		for name, refused := range map[string]func() error{
			"rename": func() error {
				return a.EditPlan(ctx, app.EditPlan{Meta: meta("x", "rename"), ID: "p1", Input: domainplan.Details{Name: "Mine"}, MayChange: notYours})
			},
			"remove the exercise": func() error {
				return a.DeletePlanExercise(ctx, app.DeletePlanExercise{Meta: meta("x", "remove"), ExerciseID: x.ID, MayChange: notYours})
			},
			"undo": func() error {
				return a.UndoPlan(ctx, app.UndoPlan{Meta: meta("x", "undo"), ID: "p1", MayChange: notYours})
			},
			"delete": func() error {
				return a.DeletePlan(ctx, app.DeletePlan{Meta: meta("x", "delete"), ID: "p1", MayChange: notYours})
			},
		} {
			if err := refused(); domain.KindOf(err) != domain.KindForbidden {
				t.Errorf("%s by someone else: %v, want forbidden", name, err)
			}
			expect(name+" by someone else", "")
		}

		price := 9.99
		listing := domainplan.Listing{Price: &price, Tagline: "Get strong", Level: "Beginner"}
		if err := a.PublishPlan(ctx, app.PublishPlan{Meta: meta("t1", "publish as nobody"), ID: "p1", Listing: listing, MayChange: anyone}); err == nil {
			t.Error("a plan published by its owner who is not a trainer")
		}
		expect("publish by a non-trainer", "")
		if err := a.PublishPlan(ctx, app.PublishPlan{Meta: meta("t1", "publish"), ID: "p1", Trainer: true, Listing: listing, MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("publish", "plan.PlanPublished")
		if err := a.UnpublishPlan(ctx, app.UnpublishPlan{Meta: meta("t1", "unpublish"), ID: "p1", MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("unpublish", "plan.PlanUnpublished")

		if err := a.DeletePlanExercise(ctx, app.DeletePlanExercise{Meta: meta("t1", "remove"), ExerciseID: x.ID, MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("remove the exercise", "plan.ExerciseRemoved")
		if err := a.UndoPlan(ctx, app.UndoPlan{Meta: meta("t1", "undo"), ID: "p1", MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		restored := expect("undo", "plan.ExerciseAdded")[0].(domainplan.ExerciseAdded)
		if restored.Restored == nil || restored.Restored.Position == 0 {
			t.Errorf("the undo's exercise does not name its first adding: %+v", restored.Restored)
		}
		// The exercise removed goes back to its place, first, as a set's restoring does.
		if xs, err := read.Exercises(ctx, "p1"); err != nil || len(xs) != 2 || xs[0].Exercise+xs[1].Exercise != "Front SquatRunning" {
			t.Errorf("the exercises after the undo: %+v %v, want Front Squat then Running", xs, err)
		}
	})
}
