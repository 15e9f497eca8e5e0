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

// A line names the workout or plan it is about as it stood before the change, and a change
// to a workout made on a later day (in the owner's time zone) than both the workout's date
// and the day it was entered counts the days after its date, live and rebuilt alike; a
// deleted set's line says what the set was.
func TestLinesNameWhatTheyAreAboutAndChangesAfterTheDay(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		utc := func(s string) time.Time {
			t.Helper()
			at, err := time.Parse(time.RFC3339, s)
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		kg := func(x float64) *float64 { return &x }
		n := func(x int) *int { return &x }
		bench := workout.SetFields{Exercise: "Bench Press", Category: "Chest", Weight: kg(80), Unit: "kg", Reps: n(5)}
		heavier := bench
		heavier.Weight = kg(95)
		var head int64
		appendTo := func(stream string, events ...domain.Event) {
			t.Helper()
			for _, e := range events {
				data, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				res, err := b.Store.Append(ctx, stream, eventstore.Any, eventstore.EventData{ID: eventstore.NewID(),
					Type: e.EventType(), Data: data, Metadata: eventstore.Metadata{ActorID: "u1"}})
				if err != nil {
					t.Fatal(err)
				}
				head = res.Position
			}
		}
		// Los Angeles is UTC-8: 05:00 UTC on the 21st is still the 20th there.
		appendTo("user-u1", account.TimeZoneSet{UserID: "u1", TimeZone: "America/Los_Angeles", SetAt: utc("2026-11-01T00:00:00Z")})
		appendTo("workout-w1",
			workout.WorkoutStarted{WorkoutID: "w1", UserID: "u1", Date: "2026-11-20", StartTime: "10:00", Name: "Push day", StartedAt: utc("2026-11-20T18:00:00Z")},
			workout.SetLogged{SetID: "s1", WorkoutID: "w1", UserID: "u1", SetFields: bench, LoggedAt: utc("2026-11-20T18:10:00Z")},
			workout.SetLogged{SetID: "s2", WorkoutID: "w1", UserID: "u1", SetFields: bench, LoggedAt: utc("2026-11-20T18:15:00Z")},
			workout.SetEdited{SetID: "s1", WorkoutID: "w1", UserID: "u1", SetFields: heavier, EditedAt: utc("2026-11-21T05:00:00Z")},
			workout.SetEdited{SetID: "s2", WorkoutID: "w1", UserID: "u1", SetFields: heavier, EditedAt: utc("2026-11-27T20:00:00Z")},
			workout.SetDeleted{SetID: "s1", WorkoutID: "w1", UserID: "u1", DeletedAt: utc("2026-11-28T20:00:00Z")},
			workout.WorkoutDetailsEdited{WorkoutID: "w1", UserID: "u1", Date: "2026-11-19", StartTime: "10:00", Name: "Pull day", EditedAt: utc("2026-11-28T21:00:00Z")},
			workout.SetLogged{SetID: "s3", WorkoutID: "w1", UserID: "u1", SetFields: bench, LoggedAt: utc("2026-11-28T22:00:00Z")})
		// A past workout entered on the 27th: its entry is no change after the day; the next
		// day's edit is, 17 days after its date.
		appendTo("workout-w2",
			workout.WorkoutStarted{WorkoutID: "w2", UserID: "u1", Date: "2026-11-11", StartTime: "07:00", StartedAt: utc("2026-11-27T20:00:00Z")},
			workout.WorkoutFinished{WorkoutID: "w2", UserID: "u1", FinishTime: "08:00", FinishedAt: utc("2026-11-27T20:00:00Z")},
			workout.SetLogged{SetID: "s1", WorkoutID: "w2", UserID: "u1", SetFields: bench, LoggedAt: utc("2026-11-27T20:01:00Z")},
			workout.SetEdited{SetID: "s1", WorkoutID: "w2", UserID: "u1", SetFields: heavier, EditedAt: utc("2026-11-28T20:00:00Z")})
		appendTo("plan-p1", plan.PlanCreated{PlanID: "p1", UserID: "u1", Name: "Strength A", CreatedAt: utc("2026-11-01T00:00:00Z")},
			plan.PlanEdited{PlanID: "p1", UserID: "u1", Name: "Strength B", EditedAt: utc("2026-11-02T00:00:00Z")},
			plan.ExerciseAdded{ExerciseID: "x1", PlanID: "p1", UserID: "u1", ExerciseFields: plan.ExerciseFields{Exercise: "Dip",
				Targets: []plan.Target{{Reps: n(8)}}}, AddedAt: utc("2026-11-03T00:00:00Z")})

		r := projectiontest.CatchUp(t, b, head, history.Projector{})
		q := history.NewQueries(b.DB)
		lines := func(subject string) []string {
			t.Helper()
			list, _, err := q.Of(ctx, subject, 1)
			if err != nil {
				t.Fatal(err)
			}
			out := make([]string, len(list))
			for i, l := range list {
				out[i] = fmt.Sprintf("%s | %s %s | %d", l.Text, l.About, l.AboutDate, l.DaysAfter)
			}
			return out
		}
		check := func(when string) {
			t.Helper()
			want := []string{
				"Set 2 of Bench Press logged: 80 kg × 5 reps | Pull day 2026-11-19 | 9",
				"Workout edited: name Push day → Pull day, date 2026-11-20 → 2026-11-19 | Push day 2026-11-20 | 8",
				"Set 1 of Bench Press deleted (was 95 kg × 5 reps) | Push day 2026-11-20 | 8",
				"Set 2 of Bench Press edited: 80 → 95 kg | Push day 2026-11-20 | 7",
				"Set 1 of Bench Press edited: 80 → 95 kg | Push day 2026-11-20 | 0",
				"Set 2 of Bench Press logged: 80 kg × 5 reps | Push day 2026-11-20 | 0",
				"Set 1 of Bench Press logged: 80 kg × 5 reps | Push day 2026-11-20 | 0",
				"Workout “Push day” started (2026-11-20 10:00) | Push day 2026-11-20 | 0",
			}
			if got := lines("workout-w1"); !slices.Equal(got, want) {
				t.Errorf("%s: w1\n got %q\nwant %q", when, got, want)
			}
			want = []string{
				"Set 1 of Bench Press edited: 80 → 95 kg |  2026-11-11 | 17",
				"Set 1 of Bench Press logged: 80 kg × 5 reps |  2026-11-11 | 0",
				"Workout finished at 08:00 |  2026-11-11 | 0",
				"Workout started (2026-11-11 07:00) |  2026-11-11 | 0",
			}
			if got := lines("workout-w2"); !slices.Equal(got, want) {
				t.Errorf("%s: w2\n got %q\nwant %q", when, got, want)
			}
			want = []string{"Dip added: 1 set | Strength B  | 0", "Plan edited: name Strength A → Strength B | Strength A  | 0",
				"Plan “Strength A” created | Strength A  | 0"}
			if got := lines("plan-p1"); !slices.Equal(got, want) {
				t.Errorf("%s: plan\n got %q\nwant %q", when, got, want)
			}
		}
		check("live")
		if err := r.Rebuild(ctx, history.Name); err != nil {
			t.Fatal(err)
		}
		check("rebuilt")
	})
}
