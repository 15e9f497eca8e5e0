package plan

import (
	"testing"

	"github.com/gymlog/gymlog/domain"
)

// original is the plan "src" as its history leaves it.
func original(events ...domain.Event) *Plan {
	p := New("src")
	for _, e := range events {
		p.Apply(e)
	}
	return p
}

func copyID(id string) string { return "k-" + id }

func kept(role, reason string) PlanKept {
	return PlanKept{PlanID: pid, UserID: "buyer", FromPlanID: "src", Role: role, Reason: reason, Name: "Push A",
		Notes: "Heavy day", Exercises: []KeptExercise{{ExerciseID: "k-x1", ExerciseFields: squat("x1").ExerciseFields},
			{ExerciseID: "k-x2", ExerciseFields: running("x2").ExerciseFields}}, KeptAt: t1}
}

func TestKeepingAPlan(t *testing.T) {
	full := original(created(), squat("x1"), running("x2"), squat("x3"), ExerciseRemoved{ExerciseID: "x3", PlanID: pid, UserID: uid})
	keep := func(from *Plan, keeper, role, reason string) func(p *Plan) ([]domain.Event, error) {
		return func(p *Plan) ([]domain.Event, error) { return p.Keep(from, keeper, role, reason, copyID, t1) }
	}
	cases := []verdict{
		{"a buyer keeps the plan as it stands, its exercises under the copy's ids", nil,
			keep(full, "buyer", KeptBought, KeptClosed), []domain.Event{kept(KeptBought, KeptClosed)}, nil, nil},
		{"a client keeps a shared plan its owner deleted", nil,
			keep(full, "buyer", KeptShared, KeptDeleted), []domain.Event{kept(KeptShared, KeptDeleted)}, nil, nil},
		{"keeping it again records nothing", []domain.Event{kept(KeptBought, KeptClosed)},
			keep(full, "buyer", KeptBought, KeptClosed), nil, nil, nil},
		{"the copy's id is not another keeper's", []domain.Event{kept(KeptBought, KeptClosed)},
			keep(full, "someone", KeptBought, KeptClosed), nil, domain.ErrConflict, nil},
		{"a deleted plan is not kept", nil,
			keep(original(created(), PlanDeleted{PlanID: pid, UserID: uid}), "buyer", KeptBought, KeptClosed), nil,
			domain.ErrNotFound, nil},
		{"the owner does not keep their own plan", nil, keep(full, uid, KeptBought, KeptClosed), nil, domain.ErrInvalid,
			[]string{"userId"}},
		{"only a buyer or a client keeps it", nil, keep(full, "buyer", "owner", KeptClosed), nil, domain.ErrInvalid,
			[]string{"role"}},
		{"only a deletion or a closing gives it up", nil, keep(full, "buyer", KeptBought, "sold"), nil, domain.ErrInvalid,
			[]string{"reason"}},
		{"nobody changes a kept plan", []domain.Event{kept(KeptBought, KeptClosed)},
			func(p *Plan) ([]domain.Event, error) { return p.Edit(Details{Name: "Mine now"}, t1) }, nil, domain.ErrForbidden, nil},
		{"nor deletes it", []domain.Event{kept(KeptBought, KeptClosed)},
			func(p *Plan) ([]domain.Event, error) { return p.Delete(t1) }, nil, domain.ErrForbidden, nil},
	}
	runVerdicts(t, cases)
}

// TestAKeptPlanStartsWorkoutsAsTheOriginal: the copy's snapshot is the original's, exercise
// for exercise, and it has no owner, only its keeper.
func TestAKeptPlanStartsWorkoutsAsTheOriginal(t *testing.T) {
	from := original(created(), squat("x1"), running("x2"))
	p := New(pid)
	events, err := p.Keep(from, "buyer", KeptBought, KeptClosed, copyID, t1)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		p.Apply(e)
	}
	want, got := from.Snapshot(3, "kg"), p.Snapshot(3, "kg")
	want.ID = pid
	if len(got.Exercises) != 2 || got.Name != want.Name || got.Exercises[0].Exercise != "Front Squat" ||
		got.Exercises[1].Exercise != "Running" || *got.Exercises[0].Targets[0].Weight != 100 {
		t.Fatalf("the copy starts %+v, the original %+v", got, want)
	}
	if p.Owner() != "" || p.Keeper() != "buyer" || p.KeptAs() != KeptBought || !p.Exists() {
		t.Fatalf("owner %q, keeper %q as %q, exists %v", p.Owner(), p.Keeper(), p.KeptAs(), p.Exists())
	}
}
