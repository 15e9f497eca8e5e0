// Package calculator is the public calorie calculator of spec 3 section 9: maintenance
// energy by Mifflin-St Jeor, the target for a goal, the daily macros and three fixed meals
// sized to the target. It is pure: the same input always gives the same answer.
package calculator

import (
	"math"

	"github.com/gymlog/gymlog/domain"
)

// Activity levels and their factors on the resting energy.
const (
	Sedentary  = "sedentary"
	Light      = "light"
	Moderate   = "moderate"
	Active     = "active"
	VeryActive = "veryActive"
)

// Goals.
const (
	Lose     = "lose"
	Gain     = "gain"
	Maintain = "maintain"
)

// Fallbacks for a visitor who is not signed in; the UI fills them in.
const (
	FallbackAge    = 30
	FallbackHeight = 170
	FallbackWeight = 70
)

var activityFactors = map[string]float64{
	Sedentary: 1.2, Light: 1.375, Moderate: 1.55, Active: 1.725, VeryActive: 1.9,
}

var goalFactors = map[string]float64{Lose: 0.9, Gain: 1.15, Maintain: 1.0}

// Macro split of the energy and the energy per gram of each macro.
const (
	proteinShare, carbsShare, fatShare = 0.30, 0.40, 0.30
	kcalPerGProtein, kcalPerGCarbs     = 4.0, 4.0
	kcalPerGFat                        = 9.0
)

// Input is what the calculator asks for. Gender is "Male", "Female" or "" (counts 0).
type Input struct {
	Age, Height, Weight *float64
	Gender              string
	ActivityLevel, Goal string
}

// Macros are grams of protein, carbohydrate and fat.
type Macros struct {
	Protein float64 `json:"protein"`
	Carbs   float64 `json:"carbs"`
	Fat     float64 `json:"fat"`
}

// Result is the calculator's answer.
type Result struct {
	MaintenanceCalories int    `json:"maintenanceCalories"`
	TargetCalories      int    `json:"targetCalories"`
	Macros              Macros `json:"macros"`
	Meals               []Meal `json:"meals"`
}

// Calculate checks the input (every broken rule at once) and computes the result.
func Calculate(in Input) (Result, error) {
	var v domain.Violations
	age := bounded(&v, "age", in.Age, 1, 120, "Please enter an age between 1 and 120.")
	height := bounded(&v, "height", in.Height, 50, 300, "Please enter a height between 50 and 300 cm.")
	weight := bounded(&v, "weight", in.Weight, 1, 700, "Please enter a weight between 1 and 700 kg.")
	if in.Gender != "" && in.Gender != "Male" && in.Gender != "Female" {
		v.Add("gender", "Gender must be Male or Female.")
	}
	activity, ok := activityFactors[in.ActivityLevel]
	if !ok {
		v.Add("activityLevel", "Please choose an activity level.")
	}
	goal, ok := goalFactors[in.Goal]
	if !ok {
		v.Add("goal", "Please choose a goal.")
	}
	if err := v.Err(); err != nil {
		return Result{}, err
	}
	maintenance := Maintenance(weight, height, age, in.Gender, activity)
	target := int(math.Round(maintenance * goal))
	res := Result{
		MaintenanceCalories: int(math.Round(maintenance)),
		TargetCalories:      target,
		Macros:              roundMacros(macrosFor(float64(target)), 0),
	}
	for _, m := range meals {
		res.Meals = append(res.Meals, m.sized(int(math.Round(float64(target)*m.share))))
	}
	return res, nil
}

func bounded(v *domain.Violations, field string, x *float64, lo, hi float64, msg string) float64 {
	switch {
	case x == nil:
		v.Add(field, "Please enter a number")
		return 0
	case math.IsNaN(*x) || *x < lo || *x > hi:
		v.Add(field, msg)
		return 0
	}
	return *x
}

// Maintenance is the daily energy need in kcal: Mifflin-St Jeor (10 x weight kg + 6.25 x
// height cm - 5 x age, +5 for Male, -161 for Female, 0 for no gender) times the activity
// factor.
func Maintenance(weightKg, heightCm, age float64, gender string, activityFactor float64) float64 {
	bmr := 10*weightKg + 6.25*heightCm - 5*age
	switch gender {
	case "Male":
		bmr += 5
	case "Female":
		bmr -= 161
	}
	return bmr * activityFactor
}

// macrosFor splits kcal 30/40/30 into grams of protein, carbs and fat.
func macrosFor(kcal float64) Macros {
	return Macros{Protein: kcal * proteinShare / kcalPerGProtein, Carbs: kcal * carbsShare / kcalPerGCarbs,
		Fat: kcal * fatShare / kcalPerGFat}
}

func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

func roundMacros(m Macros, decimals int) Macros {
	return Macros{Protein: round(m.Protein, decimals), Carbs: round(m.Carbs, decimals), Fat: round(m.Fat, decimals)}
}
