package calculator_test

import (
	"errors"
	"testing"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/calculator"
)

func ptr(v float64) *float64 { return &v }

// The targets below are worked by hand:
//
//	Male 30 y, 170 cm, 70 kg, moderate, lose:
//	  10*70 + 6.25*170 - 5*30 + 5 = 700 + 1062.5 - 150 + 5 = 1617.5
//	  1617.5 * 1.55 = 2507.125 (2507); * 0.9 = 2256.4125 -> 2256
//	Female 40 y, 160 cm, 60 kg, sedentary, maintain:
//	  600 + 1000 - 200 - 161 = 1239; * 1.2 = 1486.8 -> 1487; * 1.0 -> 1487
//	No gender 25 y, 180 cm, 80 kg, veryActive, gain:
//	  800 + 1125 - 125 + 0 = 1800; * 1.9 = 3420; * 1.15 = 3933
//	Female 50 y, 165 cm, 65 kg, light, lose:
//	  650 + 1031.25 - 250 - 161 = 1270.25; * 1.375 = 1746.59375 (1747); * 0.9 = 1571.934375 -> 1572
//	Male 20 y, 190 cm, 90 kg, active, maintain:
//	  900 + 1187.5 - 100 + 5 = 1992.5; * 1.725 = 3437.0625 -> 3437
func TestTargets(t *testing.T) {
	tests := []struct {
		age, height, weight     float64
		gender, activity, goal  string
		maintenance, wantTarget int
	}{
		{30, 170, 70, "Male", "moderate", "lose", 2507, 2256},
		{40, 160, 60, "Female", "sedentary", "maintain", 1487, 1487},
		{25, 180, 80, "", "veryActive", "gain", 3420, 3933},
		{50, 165, 65, "Female", "light", "lose", 1747, 1572},
		{20, 190, 90, "Male", "active", "maintain", 3437, 3437},
	}
	for _, tt := range tests {
		got, err := calculator.Calculate(calculator.Input{Age: ptr(tt.age), Height: ptr(tt.height), Weight: ptr(tt.weight),
			Gender: tt.gender, ActivityLevel: tt.activity, Goal: tt.goal})
		if err != nil {
			t.Fatalf("%+v: %v", tt, err)
		}
		if got.MaintenanceCalories != tt.maintenance || got.TargetCalories != tt.wantTarget {
			t.Errorf("%+v: got maintenance %d target %d, want %d and %d", tt, got.MaintenanceCalories,
				got.TargetCalories, tt.maintenance, tt.wantTarget)
		}
	}
}

// TestMealsWorkedExample holds the visitor's fallbacks (Male, 30 y, 170 cm, 70 kg, the
// defaults moderate and lose: target 2256), worked by hand:
//
//	daily macros: protein 2256*0.3/4 = 169.2 -> 169, carbs 2256*0.4/4 = 225.6 -> 226,
//	fat 2256*0.3/9 = 75.2 -> 75
//	breakfast 22 % = 496.32 -> 496 kcal: protein 37.2 g, carbs 49.6 g, fat 16.533 g
//	  bread = 49.6 / 0.49 = 101.22 g -> 101 (brings protein 9.110, fat 3.239)
//	  eggs for protein (37.2 - 9.110) / 0.126 = 222.9; for fat (16.533 - 3.239) / 0.095 = 139.9
//	  -> 223 g; cheese 50 g
//	  bread 101 g: 267.65 -> 268 kcal, 9.1 protein, 49.5 carbs, 3.2 fat
//	  eggs 223 g: 318.89 -> 319 kcal, 28.1 protein, 1.6 carbs, 21.2 fat
//	lunch 28 % = 631.68 -> 632 kcal: protein 47.4, carbs 63.2, fat 21.067
//	  bread = 63.2 / 0.49 = 128.98 -> 129 (protein 11.608, fat 4.127)
//	  chicken for protein (47.4 - 11.608) / 0.31 = 115.5; for fat (21.067 - 4.127) / 0.036
//	  = 470.5 -> 471 g; mayo 15 g, salad 20 g
//	dinner 50 % = 1128 kcal: protein 84.6, carbs 112.8, fat 37.6
//	  rice = 112.8 / 0.28 = 402.86 -> 403 (protein 10.877, fat 1.209)
//	  mince for protein (84.6 - 10.877) / 0.2 = 368.6; for fat (37.6 - 1.209) / 0.1 = 363.9
//	  -> 369 g; sauce 150 ml, cheese 50 g
func TestMealsWorkedExample(t *testing.T) {
	got, err := calculator.Calculate(calculator.Input{Age: ptr(calculator.FallbackAge), Height: ptr(calculator.FallbackHeight),
		Weight: ptr(calculator.FallbackWeight), Gender: "Male", ActivityLevel: "moderate", Goal: "lose"})
	if err != nil {
		t.Fatal(err)
	}
	if want := (calculator.Macros{Protein: 169, Carbs: 226, Fat: 75}); got.Macros != want {
		t.Errorf("daily macros: got %+v, want %+v", got.Macros, want)
	}
	type amount struct {
		name   string
		amount float64
		unit   string
	}
	wantMeals := []struct {
		meal     string
		name     string
		calories int
		amounts  []amount
	}{
		{"breakfast", "Omelette with toast", 496, []amount{{"Bread", 101, "g"}, {"Eggs", 223, "g"}, {"Cheese", 50, "g"}}},
		{"lunch", "Chicken and salad sandwich", 632, []amount{{"Bread", 129, "g"}, {"Chicken breast", 471, "g"}, {"Mayo", 15, "g"}, {"Salad", 20, "g"}}},
		{"dinner", "Chilli con carne", 1128, []amount{{"Rice", 403, "g"}, {"Mince", 369, "g"}, {"Sauce", 150, "ml"}, {"Cheese", 50, "g"}}},
	}
	if len(got.Meals) != len(wantMeals) {
		t.Fatalf("meals: got %d, want %d", len(got.Meals), len(wantMeals))
	}
	for i, want := range wantMeals {
		m := got.Meals[i]
		if m.Meal != want.meal || m.Name != want.name || m.Calories != want.calories {
			t.Errorf("meal %d: got %s %q %d kcal, want %s %q %d", i, m.Meal, m.Name, m.Calories, want.meal, want.name, want.calories)
		}
		if len(m.Ingredients) != len(want.amounts) {
			t.Fatalf("%s: got %d ingredients, want %d", want.meal, len(m.Ingredients), len(want.amounts))
		}
		for j, a := range want.amounts {
			if g := m.Ingredients[j]; g.Name != a.name || g.Amount != a.amount || g.Unit != a.unit {
				t.Errorf("%s ingredient %d: got %s %v %s, want %s %v %s", want.meal, j, g.Name, g.Amount, g.Unit, a.name, a.amount, a.unit)
			}
		}
	}
	bread, eggs := got.Meals[0].Ingredients[0], got.Meals[0].Ingredients[1]
	if bread.Calories != 268 || bread.Protein != 9.1 || bread.Carbs != 49.5 || bread.Fat != 3.2 {
		t.Errorf("bread: got %+v, want 268 kcal, 9.1/49.5/3.2", bread)
	}
	if eggs.Calories != 319 || eggs.Protein != 28.1 || eggs.Carbs != 1.6 || eggs.Fat != 21.2 {
		t.Errorf("eggs: got %+v, want 319 kcal, 28.1/1.6/21.2", eggs)
	}
	if want := (calculator.Macros{Protein: 37, Carbs: 50, Fat: 17}); got.Meals[0].Macros != want {
		t.Errorf("breakfast macros: got %+v, want %+v", got.Meals[0].Macros, want)
	}
}

func TestInvalidInput(t *testing.T) {
	_, err := calculator.Calculate(calculator.Input{Age: ptr(0), Height: nil, Weight: ptr(70), Gender: "x",
		ActivityLevel: "lazy", Goal: ""})
	var ve *domain.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("got %v, want a validation error", err)
	}
	got := map[string]string{}
	for _, v := range ve.Violations {
		got[v.PropertyPath] = v.Message
	}
	want := map[string]string{"age": "Please enter an age between 1 and 120.", "height": "Please enter a number",
		"gender": "Gender must be Male or Female.", "activityLevel": "Please choose an activity level.", "goal": "Please choose a goal."}
	for f, m := range want {
		if got[f] != m {
			t.Errorf("%s: got %q, want %q", f, got[f], m)
		}
	}
	if _, ok := got["weight"]; ok {
		t.Errorf("weight: got %q, want no violation", got["weight"])
	}
}
