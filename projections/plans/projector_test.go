package plans_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/plans"
	"github.com/gymlog/gymlog/projections/projectiontest"
)

// The plans read model follows a plan's history, live and rebuilt alike; events about a plan
// or exercise it does not hold (a plan deleted, an exercise of another plan, a payload with
// nothing but its owner) change nothing and stop nothing; closing an account erases the
// user's plans and leaves the others'.
func TestPlansReadModel(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
		reps := func(n int) *int { return &n }
		kg := func(x float64) *float64 { return &x }
		squat := plan.ExerciseFields{Exercise: "Front Squat", Category: "free-weights", WeightUnit: "kg",
			Targets: []plan.Target{{Weight: kg(100), Reps: reps(5)}}, MuscleGroupIDs: []int{2, 4}}
		dip := plan.ExerciseFields{Exercise: "Dip", Category: "bodyweight", Targets: []plan.Target{{Reps: reps(8)}},
			MuscleGroupIDs: []int{1, 11}}
		appendTo := appender(t, b)
		appendTo("plan-p1",
			plan.PlanCreated{PlanID: "p1", UserID: "u1", Name: "Push", CreatedAt: at},
			plan.ExerciseAdded{ExerciseID: "x1", PlanID: "p1", UserID: "u1", ExerciseFields: squat, AddedAt: at},
			plan.ExerciseAdded{ExerciseID: "x2", PlanID: "p1", UserID: "u1", ExerciseFields: dip, AddedAt: at},
			plan.ExerciseAdded{ExerciseID: "x3", PlanID: "p1", UserID: "u1", ExerciseFields: dip, AddedAt: at},
			plan.ExerciseRemoved{ExerciseID: "x3", PlanID: "p1", UserID: "u1", RemovedAt: at},
			plan.PlanEdited{PlanID: "p1", UserID: "u1", Name: "Push A", Notes: "Heavy", EditedAt: at})
		appendTo("plan-p2",
			plan.PlanCreated{PlanID: "p2", UserID: "u1", Name: "Gone", CreatedAt: at},
			plan.ExerciseAdded{ExerciseID: "x4", PlanID: "p2", UserID: "u1", ExerciseFields: dip, AddedAt: at},
			plan.PlanDeleted{PlanID: "p2", UserID: "u1", DeletedAt: at},
			plan.ExerciseAdded{ExerciseID: "x5", PlanID: "p2", UserID: "u1", ExerciseFields: dip, AddedAt: at},
			plan.ExerciseEdited{ExerciseID: "x1", PlanID: "p2", UserID: "u1", ExerciseFields: dip, EditedAt: at},
			plan.ExerciseRemoved{ExerciseID: "x1", PlanID: "p2", UserID: "u1", RemovedAt: at},
			plan.PlanEdited{UserID: "u1"}, plan.ExerciseAdded{UserID: "u1"}, plan.PlanDeleted{UserID: "u1"})
		appendTo("plan-p3", plan.PlanCreated{PlanID: "p3", UserID: "u2", Name: "Legs", CreatedAt: at},
			plan.ExerciseAdded{ExerciseID: "x6", PlanID: "p3", UserID: "u2", ExerciseFields: squat, AddedAt: at},
			plan.PlanPublished{PlanID: "p3", UserID: "u2", PricePence: 500, Currency: "GBP", Tagline: "Legs", Level: "Beginner"})
		// A trainer's plan on sale, bought by u1 and shared with u4; another published then
		// taken off; events about plans the read model does not hold.
		appendTo("plan-p4", plan.PlanCreated{PlanID: "p4", UserID: "u3", Name: "Strong", CreatedAt: at},
			plan.PlanPublished{PlanID: "p4", UserID: "u3", PricePence: 999, Currency: "GBP", Tagline: "Old", Level: "Beginner"},
			plan.PlanPublished{PlanID: "p4", UserID: "u3", PricePence: 1999, Currency: "GBP", Tagline: "Get strong", Level: "Advanced"},
			plan.PlanShared{PlanID: "p4", UserID: "u3", ClientID: "u4"}, plan.PlanShared{PlanID: "p4", UserID: "u3", ClientID: "u4"})
		appendTo("order-O1", plan.PlanBought{OrderID: "O1", PlanID: "p4", UserID: "u1", SellerID: "u3", PricePence: 1999})
		appendTo("plan-p5", plan.PlanCreated{PlanID: "p5", UserID: "u3", Name: "Off", CreatedAt: at},
			plan.PlanPublished{PlanID: "p5", UserID: "u3", PricePence: 99, Currency: "GBP", Tagline: "x", Level: "Beginner"},
			plan.PlanUnpublished{PlanID: "p5", UserID: "u3"}, plan.PlanShared{PlanID: "p2", UserID: "u3", ClientID: "u4"},
			plan.PlanPublished{UserID: "u3"}, plan.PlanUnpublished{UserID: "u3"}, plan.PlanShared{UserID: "u3"})
		appendTo("order-O2", plan.PlanBought{OrderID: "O2", PlanID: "p2", UserID: "u1"}, plan.PlanBought{UserID: "u1"})
		head := appendTo("closed-u2", account.AccountClosed{UserID: "u2"})

		r := projectiontest.CatchUp(t, b, head, plans.Projector{})
		q := plans.NewQueries(b.DB)
		check := func(when string) {
			t.Helper()
			list, total, err := q.Page(ctx, "u1", 1)
			if err != nil {
				t.Fatal(err)
			}
			price := int64(1999)
			strong := plans.Plan{ID: "p4", UserID: "u3", Name: "Strong", ExerciseNames: []string{}, MuscleGroups: []int{},
				PricePence: &price, Tagline: "Get strong", Level: "Advanced", CreatedFor: []string{"u4"}}
			want := []plans.Plan{strong, {ID: "p1", UserID: "u1", Name: "Push A", Notes: "Heavy",
				ExerciseNames: []string{"Front Squat", "Dip"}, MuscleGroups: []int{2, 4, 1, 11}, CreatedFor: []string{}}}
			if total != 2 || !reflect.DeepEqual(list, want) {
				t.Errorf("%s: got %d plans %+v, want %+v", when, total, list, want)
			}
			xs, err := q.Exercises(ctx, "p1")
			if err != nil {
				t.Fatal(err)
			}
			if len(xs) != 2 || xs[0].ID != "x1" || !reflect.DeepEqual(xs[0].Targets, squat.Targets) || xs[1].ID != "x2" {
				t.Errorf("%s: exercises of p1: got %+v", when, xs)
			}
			for _, id := range []string{"x4", "x5", "x6"} {
				if _, err := q.ExerciseByID(ctx, id); err == nil {
					t.Errorf("%s: plan exercise %s is still there", when, id)
				}
			}
			if others, _, _ := q.Page(ctx, "u2", 1); len(others) != 0 {
				t.Errorf("%s: the closed account's plans: %+v", when, others)
			}
			catalogue, total, err := q.Catalogue(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			if total != 1 || !reflect.DeepEqual(catalogue, []plans.Plan{strong}) {
				t.Errorf("%s: catalogue: got %d %+v, want p4 alone", when, total, catalogue)
			}
			for _, c := range []struct{ plan, user, want string }{{"p4", "u3", plans.RoleOwner}, {"p4", "u1", plans.RoleBought},
				{"p4", "u4", plans.RoleShared}, {"p4", "u2", ""}, {"p2", "u1", ""}, {"p2", "u4", ""}, {"p3", "u2", ""}} {
				if got, err := q.Role(ctx, c.plan, c.user); err != nil || got != c.want {
					t.Errorf("%s: role of %s in %s: got %q, %v; want %q", when, c.user, c.plan, got, err, c.want)
				}
			}
		}
		check("live")
		if err := r.Rebuild(ctx, plans.Name); err != nil {
			t.Fatal(err)
		}
		check("rebuilt")
	})
}

// A client who closes their account leaves no trace in the plans shared with them: their id
// goes from each plan's clients (created_for) along with their membership, live and rebuilt;
// the other clients stay.
func TestAClosedClientLeavesThePlansSharedWithThem(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
		appendTo := appender(t, b)
		// c_1 and c%1 are ids LIKE would take for other ids without escaping.
		appendTo("plan-p1", plan.PlanCreated{PlanID: "p1", UserID: "tr", Name: "Push", CreatedAt: at},
			plan.PlanShared{PlanID: "p1", UserID: "tr", ClientID: "c_1"}, plan.PlanShared{PlanID: "p1", UserID: "tr", ClientID: "cx1"},
			plan.PlanShared{PlanID: "p1", UserID: "tr", ClientID: "c%1"})
		appendTo("plan-p2", plan.PlanCreated{PlanID: "p2", UserID: "tr", Name: "Pull", CreatedAt: at},
			plan.PlanShared{PlanID: "p2", UserID: "tr", ClientID: "cx1"})
		head := appendTo("closed-cx1", account.AccountClosed{UserID: "cx1"})

		r := projectiontest.CatchUp(t, b, head, plans.Projector{})
		q := plans.NewQueries(b.DB)
		check := func(when string) {
			t.Helper()
			list, _, err := q.Page(ctx, "tr", 1)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, p := range list {
				got[p.ID] = p.CreatedFor
			}
			if want := map[string][]string{"p1": {"c_1", "c%1"}, "p2": {}}; !reflect.DeepEqual(got, want) {
				t.Errorf("%s: clients of the trainer's plans: %v, want %v", when, got, want)
			}
			for _, p := range []string{"p1", "p2"} {
				if role, err := q.Role(ctx, p, "cx1"); err != nil || role != "" {
					t.Errorf("%s: the closed client's role in %s: %q, %v", when, p, role, err)
				}
			}
		}
		check("live")
		if err := r.Rebuild(ctx, plans.Name); err != nil {
			t.Fatal(err)
		}
		check("rebuilt")
	})
}

// appender returns a function that appends events to a stream of b's store, each with an id of
// its own, and returns the position of the last.
func appender(t *testing.T, b backendtest.Backend) func(stream string, events ...domain.Event) int64 {
	n := 0
	return func(stream string, events ...domain.Event) int64 {
		t.Helper()
		var res eventstore.AppendResult
		for _, e := range events {
			data, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			n++
			res, err = b.Store.Append(context.Background(), stream, eventstore.Any, eventstore.EventData{
				ID: fmt.Sprintf("7d0c6f7e-5d55-4b0e-9a43-%012d", n), Type: e.EventType(), Data: data})
			if err != nil {
				t.Fatal(err)
			}
		}
		return res.Position
	}
}
