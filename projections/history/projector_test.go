package history_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/history"
	"github.com/gymlog/gymlog/projections/projectiontest"
)

// The history read model writes a line per change with what it changed from, live and
// rebuilt alike; a change to something it does not hold (the payload has nothing but its
// owner, or names a set of another workout) is still a line, told from the event alone; a
// closed account's lines go, and the others' stay.
func TestHistoryLines(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
		kg := func(x float64) *float64 { return &x }
		n := func(x int) *int { return &x }
		n0 := 0
		appendTo := func(stream, actor string, events ...domain.Event) int64 {
			t.Helper()
			var res eventstore.AppendResult
			for _, e := range events {
				data, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				n0++
				res, err = b.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{
					ID: fmt.Sprintf("7d0c6f7e-5d55-4b0e-9a43-%012d", n0), Type: e.EventType(), Data: data,
					Metadata: eventstore.Metadata{ActorID: actor}})
				if err != nil {
					t.Fatal(err)
				}
			}
			return res.Position
		}
		row := workout.SetFields{Exercise: "Rowing", Category: "cardio", Distance: kg(2), DistanceUnit: "km", Minutes: n(8), Seconds: n(5)}
		faster := row
		faster.Minutes, faster.Seconds = n(7), n(58)
		appendTo("workout-w1", "u1",
			workout.WorkoutStarted{WorkoutID: "w1", UserID: "u1", Date: "2026-11-24", StartTime: "18:00", PlanName: "Push A", StartedAt: at},
			workout.SetLogged{SetID: "s1", WorkoutID: "w1", UserID: "u1", SetFields: row, LoggedAt: at},
			workout.SetEdited{SetID: "s1", WorkoutID: "w1", UserID: "u1", SetFields: faster, EditedAt: at},
			workout.SetEdited{SetID: "s9", WorkoutID: "w1", UserID: "u1", SetFields: row, EditedAt: at},
			workout.SetMarkedDone{UserID: "u1"},
			workout.WorkoutDetailsEdited{WorkoutID: "w1", UserID: "u1", Date: "2026-11-24", StartTime: "18:30", Name: "Cardio", EditedAt: at},
			workout.WorkoutFinished{WorkoutID: "w1", UserID: "u1", FinishTime: "19:00", FinishedAt: at})
		appendTo("plan-p1", "u1", plan.PlanCreated{PlanID: "p1", UserID: "u1", Name: "Push", CreatedAt: at},
			plan.ExerciseAdded{ExerciseID: "x1", PlanID: "p1", UserID: "u1", ExerciseFields: plan.ExerciseFields{Exercise: "Dip",
				Targets: []plan.Target{{Reps: n(8)}, {Reps: n(8)}}}, AddedAt: at},
			plan.ExerciseRemoved{ExerciseID: "x1", PlanID: "p1", UserID: "u1", RemovedAt: at},
			plan.ExerciseRemoved{ExerciseID: "x1", PlanID: "p1", UserID: "u1", RemovedAt: at},
			plan.PlanPublished{PlanID: "p1", UserID: "u1", PricePence: 999, Currency: "GBP", Tagline: "Strong", Level: "Beginner", PublishedAt: at},
			plan.PlanShared{PlanID: "p1", UserID: "u1", ClientID: "u2", SharedAt: at},
			plan.PlanUnpublished{PlanID: "p1", UserID: "u1", UnpublishedAt: at})
		appendTo("body-u2", "u2", body.SizeLogged{EntryID: "e1", UserID: "u2", Category: "Waist", Date: "2026-11-20", Measurement: 81.5, LoggedAt: at},
			body.SizeDeleted{EntryID: "e1", UserID: "u2", DeletedAt: at})
		head := appendTo("closed-u2", "u2", account.AccountClosed{UserID: "u2"})

		r := projectiontest.CatchUp(t, b, head, history.Projector{})
		q := history.NewQueries(b.DB)
		lines := func(subject string) []string {
			t.Helper()
			list, total, err := q.Of(ctx, subject, 1)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]string, len(list))
			for i, l := range list {
				out[i] = l.ActorID + ": " + l.Text
			}
			if total != len(out) {
				t.Errorf("%s: %d lines, total %d", subject, len(out), total)
			}
			return out
		}
		check := func(when string) {
			t.Helper()
			want := []string{
				"u1: Workout finished at 19:00",
				"u1: Workout edited: name none → Cardio, start 18:00 → 18:30",
				"u1: A set done at RPE 0",
				"u1: A set of Rowing edited: now 2 km in 8:05",
				"u1: Set 1 of Rowing edited: time 8:05 → 7:58",
				"u1: Set 1 of Rowing logged: 2 km in 8:05",
				"u1: Workout started from the plan “Push A” (2026-11-24 18:00)",
			}
			if got := lines("workout-w1"); !slices.Equal(got, want) {
				t.Errorf("%s: workout\n got %q\nwant %q", when, got, want)
			}
			want = []string{"u1: Plan taken off the catalogue", "u1: Plan shared with a client",
				"u1: Plan published in the catalogue at £9.99 (Beginner)", "u1: An exercise removed", "u1: Dip removed",
				"u1: Dip added: 2 sets", "u1: Plan “Push” created"}
			if got := lines("plan-p1"); !slices.Equal(got, want) {
				t.Errorf("%s: plan\n got %q\nwant %q", when, got, want)
			}
			if got := lines("body-u2"); len(got) != 0 {
				t.Errorf("%s: the closed account's lines: %q", when, got)
			}
		}
		check("live")
		if err := r.Rebuild(ctx, history.Name); err != nil {
			t.Fatal(err)
		}
		check("rebuilt")
	})
}
