package calculator

import "math"

// Food is an ingredient's values per 100 g (per 100 ml for the sauce). The spec fixes the
// meals but not the values; these are typical UK supermarket figures:
//
//	ingredient              kcal  protein  carbs  fat
//	Eggs (whole, raw)        143    12.6     0.7   9.5
//	Bread (white)            265     9.0    49.0   3.2
//	Cheese (cheddar)         403    25.0     1.3  33.0
//	Chicken breast (cooked)  165    31.0     0.0   3.6
//	Mayo                     680     1.0     0.6  75.0
//	Salad (mixed leaves)      15     1.4     2.9   0.2
//	Mince (beef, 10 % fat)   176    20.0     0.0  10.0
//	Rice (boiled, white)     130     2.7    28.0   0.3
//	Chilli sauce (per 100 ml) 40     1.5     7.0   0.5
type Food struct {
	Name                          string
	Unit                          string // "g", or "ml" for the sauce
	Calories, Protein, Carbs, Fat float64
}

var (
	eggs    = Food{"Eggs", "g", 143, 12.6, 0.7, 9.5}
	bread   = Food{"Bread", "g", 265, 9.0, 49.0, 3.2}
	cheese  = Food{"Cheese", "g", 403, 25.0, 1.3, 33.0}
	chicken = Food{"Chicken breast", "g", 165, 31.0, 0, 3.6}
	mayo    = Food{"Mayo", "g", 680, 1.0, 0.6, 75.0}
	salad   = Food{"Salad", "g", 15, 1.4, 2.9, 0.2}
	mince   = Food{"Mince", "g", 176, 20.0, 0, 10.0}
	rice    = Food{"Rice", "g", 130, 2.7, 28.0, 0.3}
	sauce   = Food{"Sauce", "ml", 40, 1.5, 7.0, 0.5}
)

// fixed is an extra whose amount never changes.
type fixed struct {
	food   Food
	amount float64
}

// mealPlan is one of the three fixed meals: a carb source sized from the meal's carb target,
// a protein/fat source sized from what protein and fat still need, and fixed extras.
type mealPlan struct {
	meal, name    string
	share         float64
	carbSource    Food
	proteinSource Food
	extras        []fixed
}

// meals are the spec's fixed meal data with the 22/28/50 split.
var meals = []mealPlan{
	{"breakfast", "Omelette with toast", 0.22, bread, eggs, []fixed{{cheese, 50}}},
	{"lunch", "Chicken and salad sandwich", 0.28, bread, chicken, []fixed{{mayo, 15}, {salad, 20}}},
	{"dinner", "Chilli con carne", 0.50, rice, mince, []fixed{{sauce, 150}, {cheese, 50}}},
}

// Meal is one suggested meal sized to its share of the target.
type Meal struct {
	Meal        string       `json:"meal"`
	Name        string       `json:"name"`
	Calories    int          `json:"calories"`
	Macros      Macros       `json:"macros"`
	Ingredients []Ingredient `json:"ingredients"`
}

// Ingredient is an amount of a food and what it brings.
type Ingredient struct {
	Name     string  `json:"name"`
	Amount   float64 `json:"amount"`
	Unit     string  `json:"unit"`
	Calories float64 `json:"calories"`
	Protein  float64 `json:"protein"`
	Carbs    float64 `json:"carbs"`
	Fat      float64 `json:"fat"`
}

// sized works the meal out for kcal: the meal's macro targets split 30/40/30; the carb
// source's amount gives the carb target; the protein/fat source's amount is the larger of
// what the protein target and the fat target still need after the carb source's share.
// Amounts are whole grams (rounded at the end, from exact figures).
func (m mealPlan) sized(kcal int) Meal {
	target := macrosFor(float64(kcal))
	carbAmount := 100 * target.Carbs / m.carbSource.Carbs
	forProtein := 100 * (target.Protein - carbAmount*m.carbSource.Protein/100) / m.proteinSource.Protein
	forFat := 100 * (target.Fat - carbAmount*m.carbSource.Fat/100) / m.proteinSource.Fat
	proteinAmount := math.Max(0, math.Max(forProtein, forFat))
	out := Meal{Meal: m.meal, Name: m.name, Calories: kcal, Macros: roundMacros(target, 0)}
	out.Ingredients = append(out.Ingredients, ingredient(m.carbSource, carbAmount), ingredient(m.proteinSource, proteinAmount))
	for _, x := range m.extras {
		out.Ingredients = append(out.Ingredients, ingredient(x.food, x.amount))
	}
	return out
}

// ingredient is amount of f, rounded to whole grams, with what that rounded amount brings.
func ingredient(f Food, amount float64) Ingredient {
	a := math.Round(amount)
	return Ingredient{Name: f.Name, Amount: a, Unit: f.Unit, Calories: math.Round(a * f.Calories / 100),
		Protein: round(a*f.Protein/100, 1), Carbs: round(a*f.Carbs/100, 1), Fat: round(a*f.Fat/100, 1)}
}
