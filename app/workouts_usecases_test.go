package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// kinds names events by their Go type, in order: what a command appended, at a glance.
func kinds(events []domain.Event) string {
	names := make([]string, len(events))
	for i, e := range events {
		names[i] = strings.TrimPrefix(fmt.Sprintf("%T", e), "workout.")
	}
	return strings.Join(names, " ")
}

// A workout's life through its use cases, below HTTP, on both backends: each command appends
// what the workout decides and answers with it; a command someone else may not give appends
// nothing; a retried command (the same id) answers as the first without appending again.
func TestAWorkoutsCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
		expect := tail(t, b.Store, app.WorkoutStream("w1"))

		start := app.StartWorkout{Meta: meta("u1", "start"), ID: "w1", Input: workout.StartInput{UserID: "u1", Name: "Legs"}}
		if s, err := a.StartWorkout(ctx, start); err != nil || !s.Created || s.WorkoutID != "w1" {
			t.Fatalf("start: %+v %v", s, err)
		}
		expect("start", "WorkoutStarted")
		if s, err := a.StartWorkout(ctx, start); err != nil || s.WorkoutID != "w1" {
			t.Fatalf("the start again: %+v %v", s, err)
		}
		expect("the start again", "")

		kg, reps := 100.0, 5.0
		squat, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "squat"), UserID: "u1", Unit: "kg", WorkoutID: "w1",
			Strength: &workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: &kg, Reps: &reps}, MayChange: anyone})
		if err != nil || squat.Exercise != "Barbell Back Squat" || squat.Done {
			t.Fatalf("a strength set: %+v %v", squat, err)
		}
		expect("a strength set", "SetLogged")
		km, minutes := 5.0, 25.0
		run, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "run"), UserID: "u1", Unit: "kg", WorkoutID: "w1",
			Cardio: &workout.CardioInput{Exercise: "Running", Distance: &km, Unit: "km", Minutes: &minutes}, MayChange: anyone})
		if err != nil || run.Exercise != "Running" {
			t.Fatalf("a cardio set: %+v %v", run, err)
		}
		expect("a cardio set", "SetLogged")

		rpe := 8.0
		done, err := a.MarkSetDone(ctx, app.MarkSetDone{Meta: meta("u1", "done"), SetID: squat.ID, RPE: &rpe, MayChange: anyone})
		if err != nil || !done.Done {
			t.Fatalf("mark done: %+v %v", done, err)
		}
		expect("mark done", "SetMarkedDone")

		heavier := 102.5
		edited, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "edit"), UserID: "u1", Unit: "kg", WorkoutID: "w1", SetID: squat.ID,
			Strength: &workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: &heavier, Reps: &reps}, MayChange: anyone})
		if err != nil || !edited.Done {
			t.Fatalf("an edit: %+v %v", edited, err)
		}
		if e, ok := expect("an edit", "SetEdited")[0].(workout.SetEdited); !ok || *e.Weight != 102.5 || !e.Done || e.RPE == nil || *e.RPE != 8 {
			t.Fatalf("the edit appended %#v, want 102.5 kg, done, RPE 8 kept", e)
		}

		// Someone who may not change the workout changes nothing.
		notYours := func(string) error { return domain.Forbidden("This is not your workout.") }
		for name, refused := range map[string]func() error{
			"delete a set": func() error {
				return a.DeleteSet(ctx, app.DeleteSet{Meta: meta("u2", "delete"), SetID: run.ID, MayChange: notYours})
			},
			"edit a set": func() error {
				_, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u2", "edit"), UserID: "u2", Unit: "kg", WorkoutID: "w1", SetID: squat.ID,
					Strength: &workout.StrengthInput{Exercise: "Barbell Back Squat", Weight: &kg, Reps: &reps}, MayChange: notYours})
				return err
			},
			"rename the workout": func() error {
				name := "Mine"
				return a.EditWorkout(ctx, app.EditWorkout{Meta: meta("u2", "rename"), ID: "w1", Input: workout.DetailsInput{Name: &name}, MayChange: notYours})
			},
			"delete the workout": func() error {
				return a.DeleteWorkout(ctx, app.DeleteWorkout{Meta: meta("u2", "delete workout"), ID: "w1", MayChange: notYours})
			},
		} {
			if err := refused(); err == nil {
				t.Errorf("%s by someone else: no error", name)
			}
			expect(name+" by someone else", "")
		}

		if err := a.DeleteSet(ctx, app.DeleteSet{Meta: meta("u1", "delete"), SetID: run.ID, MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("delete a set", "SetDeleted")
		finish := "19:05"
		if err := a.EditWorkout(ctx, app.EditWorkout{Meta: meta("u1", "finish"), ID: "w1", Input: workout.DetailsInput{FinishTime: &finish},
			MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		expect("finish", "WorkoutFinished")
		// The user's register of the workout in progress: claimed on the start, released on the
		// finish, so the next start is free.
		if events, _ := appended(t, b.Store, app.RegisterStream("u1")); kinds(events) != "WorkoutClaimed WorkoutReleased" {
			t.Errorf("the register of the workout in progress: %q", kinds(events))
		}

		// A copy starts a workout of its own with the sets raised; deleting it leaves the first.
		copied, err := a.CopyWorkout(ctx, app.CopyWorkout{Meta: meta("u1", "copy"), ID: "w2", Unit: "kg", MayRead: anyone,
			Input: workout.StartInput{UserID: "u1", FromWorkoutID: "w1"}, Copy: workout.Copy{PlusWeight: 2.5}})
		if err != nil || !copied.Created {
			t.Fatalf("copy: %+v %v", copied, err)
		}
		events, _ := appended(t, b.Store, app.WorkoutStream("w2"))
		if set, ok := events[len(events)-1].(workout.SetLogged); !ok || *set.Weight != 105 || set.Done {
			t.Errorf("the copy appended %q, its set %#v: want 105 kg, not done", kinds(events), events[len(events)-1])
		}
		if err := a.DeleteWorkout(ctx, app.DeleteWorkout{Meta: meta("u1", "delete copy"), ID: "w2", MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		if events, _ := appended(t, b.Store, app.WorkoutStream("w2")); kinds(events[len(events)-1:]) != "WorkoutDeleted" {
			t.Errorf("the copy's delete appended %q", kinds(events))
		}

		// A set of an exercise of the user's own makes it theirs; they choose its muscle groups,
		// which a catalogue exercise's are not theirs to choose.
		twist := 10.0
		if _, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "twist"), UserID: "u1", Unit: "kg", WorkoutID: "w2b",
			Strength: &workout.StrengthInput{Exercise: "Landmine Twist", Weight: &twist, Reps: &reps}, MayChange: anyone}); err == nil {
			t.Error("a set logged into a workout that does not exist")
		}
		if _, err := a.StartWorkout(ctx, app.StartWorkout{Meta: meta("u1", "start 4"), ID: "w4", Input: workout.StartInput{UserID: "u1"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SaveSet(ctx, app.SaveSet{Meta: meta("u1", "twist"), UserID: "u1", Unit: "kg", WorkoutID: "w4",
			Strength: &workout.StrengthInput{Exercise: "Landmine Twist", Weight: &twist, Reps: &reps}, MayChange: anyone}); err != nil {
			t.Fatal(err)
		}
		if err := a.ChooseMuscleGroups(ctx, app.ChooseMuscleGroups{Meta: meta("u1", "groups"), UserID: "u1", Exercise: "landmine twist",
			MuscleGroups: []int{14, 9}}); err != nil {
			t.Fatal(err)
		}
		if err := a.ChooseMuscleGroups(ctx, app.ChooseMuscleGroups{Meta: meta("u1", "groups of squat"), UserID: "u1", Exercise: "Barbell Back Squat",
			MuscleGroups: []int{14}}); domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("muscle groups chosen for a catalogue exercise: %v, want refused", err)
		}
		if events, _ := appended(t, b.Store, app.ExercisesStream("u1")); !strings.HasSuffix(kinds(events), "exercise.MuscleGroupsChosen") {
			t.Errorf("the user's exercises: %q", kinds(events))
		}

		// A past workout is entered finished, without a claim on the workout in progress.
		if err := a.AddPastWorkout(ctx, app.AddPastWorkout{Meta: meta("u1", "past"), ID: "w3", FinishTime: "10:00",
			Input: workout.StartInput{UserID: "u1", Date: "2026-11-01", StartTime: "09:00", Name: "Early"}}); err != nil {
			t.Fatal(err)
		}
		if events, _ := appended(t, b.Store, app.WorkoutStream("w3")); kinds(events) != "WorkoutStarted WorkoutFinished" {
			t.Errorf("a past workout appended %q", kinds(events))
		}
		if events, _ := appended(t, b.Store, app.RegisterStream("u1")); len(events) != 5 {
			t.Errorf("the register after the copy, w4 and the past workout: %q, want the copy claimed and released, w4 claimed", kinds(events))
		}
	})
}
