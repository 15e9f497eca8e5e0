package exercise

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
)

func TestCatalogueHasTheBuiltins(t *testing.T) {
	counts := map[string]int{}
	for _, b := range Builtins() {
		counts[b.Category]++
		if len(b.MuscleGroups) == 0 {
			t.Errorf("%s has no muscle groups", b.Name)
		}
		for _, id := range b.MuscleGroups {
			if _, ok := GroupByID(id); !ok {
				t.Errorf("%s: unknown muscle group %d", b.Name, id)
			}
		}
	}
	if n := len(Builtins()); n < 100 || counts[FreeWeights] == 0 || counts[MachineWeights] == 0 || counts[Bodyweight] == 0 || counts[Cardio] == 0 {
		t.Errorf("got %d built-ins %v, want at least 100 over the four categories", n, counts)
	}
	for _, id := range []int{6, 8, 7, 4, 12, 3, 2, 13} {
		if _, ok := GroupByID(id); !ok {
			t.Errorf("muscle group %d of spec 1 is missing", id)
		}
	}
}

func TestCustomExercises(t *testing.T) {
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	defined := CustomExerciseDefined{UserID: "u1", Name: "Landmine Row", Category: FreeWeights, DefinedAt: now}
	cases := []struct {
		name    string
		given   []domain.Event
		when    func(c *Catalogue) ([]domain.Event, error)
		then    []domain.Event
		wantErr error
	}{
		{"a new name becomes custom", nil,
			func(c *Catalogue) ([]domain.Event, error) { return c.Use(" Landmine  Row", FreeWeights, now), nil },
			[]domain.Event{defined}, nil},
		{"a known name records nothing", []domain.Event{defined},
			func(c *Catalogue) ([]domain.Event, error) { return c.Use("landmine row", FreeWeights, now), nil }, nil, nil},
		{"a built-in records nothing", nil,
			func(c *Catalogue) ([]domain.Event, error) { return c.Use("deadlift", FreeWeights, now), nil }, nil, nil},
		{"choose muscle groups, once each", []domain.Event{defined},
			func(c *Catalogue) ([]domain.Event, error) {
				return c.ChooseMuscleGroups("LANDMINE ROW", []int{5, 10, 5}, now)
			},
			[]domain.Event{MuscleGroupsChosen{UserID: "u1", Name: "Landmine Row", MuscleGroupIDs: []int{5, 10}, ChosenAt: now}}, nil},
		{"built-ins are locked", nil,
			func(c *Catalogue) ([]domain.Event, error) { return c.ChooseMuscleGroups("Deadlift", []int{5}, now) }, nil, domain.ErrInvalid},
		{"unknown group", []domain.Event{defined},
			func(c *Catalogue) ([]domain.Event, error) {
				return c.ChooseMuscleGroups("Landmine Row", []int{99}, now)
			}, nil, domain.ErrInvalid},
		{"not the user's", nil,
			func(c *Catalogue) ([]domain.Event, error) { return c.ChooseMuscleGroups("Landmine Row", []int{5}, now) }, nil, domain.ErrNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCatalogue("u1")
			for _, e := range tc.given {
				c.Apply(e)
			}
			got, err := tc.when(c)
			if !errors.Is(err, tc.wantErr) && !(err == nil && tc.wantErr == nil) {
				t.Fatalf("got error %v, want %v", err, tc.wantErr)
			}
			if !reflect.DeepEqual(got, tc.then) {
				t.Fatalf("got %#v, want %#v", got, tc.then)
			}
		})
	}
}
