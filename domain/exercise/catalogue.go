package exercise

import (
	"sort"
	"strings"
)

// The exercise categories as sent and stored (the category query values of spec 1).
const (
	FreeWeights    = "free-weights"
	MachineWeights = "machine-weights"
	Bodyweight     = "bodyweight"
	Cardio         = "cardio"
)

// CategoryLabel is how the screens name a category.
func CategoryLabel(category string) string {
	switch category {
	case FreeWeights:
		return "Free weights"
	case MachineWeights:
		return "Machine weights"
	case Bodyweight:
		return "Bodyweight"
	case Cardio:
		return "Cardio"
	}
	return ""
}

// IsCategory reports whether c is one of the four categories.
func IsCategory(c string) bool { return CategoryLabel(c) != "" }

// Builtin is an exercise every user has; its muscle groups are locked.
type Builtin struct {
	Name         string
	Category     string
	MuscleGroups []int
}

// Key is how exercise names are compared: trimmed, inner spaces collapsed, lower case, so
// "bench  press" and "Bench Press" are one exercise.
func Key(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }

// CleanName is a name as kept: trimmed with inner spaces collapsed.
func CleanName(name string) string { return strings.Join(strings.Fields(name), " ") }

// Builtins returns the built-in catalogue, by category (free weights, machine weights,
// bodyweight, cardio) then name.
func Builtins() []Builtin { return append([]Builtin(nil), builtins...) }

// LookupBuiltin finds a built-in exercise by name, case-insensitively.
func LookupBuiltin(name string) (Builtin, bool) {
	b, ok := builtinByKey[Key(name)]
	return b, ok
}

var (
	builtins     = sortedCatalogue()
	builtinByKey = indexCatalogue(builtins)
)

func sortedCatalogue() []Builtin {
	all := make([]Builtin, 0, 128)
	for _, c := range []struct {
		category string
		list     []Builtin
	}{{FreeWeights, freeWeights}, {MachineWeights, machineWeights}, {Bodyweight, bodyweight}, {Cardio, cardio}} {
		list := append([]Builtin(nil), c.list...)
		sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
		for _, b := range list {
			b.Category = c.category
			all = append(all, b)
		}
	}
	return all
}

func indexCatalogue(list []Builtin) map[string]Builtin {
	m := make(map[string]Builtin, len(list))
	for _, b := range list {
		m[Key(b.Name)] = b
	}
	return m
}

func ex(name string, groups ...int) Builtin { return Builtin{Name: name, MuscleGroups: groups} }

var freeWeights = []Builtin{
	ex("Barbell Bench Press", Chest, Triceps, Shoulders),
	ex("Incline Barbell Bench Press", Chest, Shoulders, Triceps),
	ex("Decline Barbell Bench Press", Chest, Triceps),
	ex("Close-Grip Bench Press", Triceps, Chest),
	ex("Dumbbell Bench Press", Chest, Triceps, Shoulders),
	ex("Incline Dumbbell Press", Chest, Shoulders),
	ex("Dumbbell Fly", Chest),
	ex("Dumbbell Pullover", Chest, Back),
	ex("Barbell Back Squat", Quadriceps, Glutes, Hamstrings),
	ex("Front Squat", Quadriceps, Glutes, Abs),
	ex("Goblet Squat", Quadriceps, Glutes),
	ex("Bulgarian Split Squat", Quadriceps, Glutes, Hamstrings),
	ex("Dumbbell Lunge", Quadriceps, Glutes),
	ex("Barbell Walking Lunge", Quadriceps, Glutes, Hamstrings),
	ex("Deadlift", Hamstrings, Glutes, LowerBack, Back),
	ex("Sumo Deadlift", Glutes, Adductors, Hamstrings, LowerBack),
	ex("Romanian Deadlift", Hamstrings, Glutes, LowerBack),
	ex("Stiff-Leg Deadlift", Hamstrings, LowerBack),
	ex("Trap Bar Deadlift", Quadriceps, Glutes, Hamstrings, Traps),
	ex("Barbell Hip Thrust", Glutes, Hamstrings),
	ex("Good Morning", Hamstrings, LowerBack),
	ex("Overhead Press", Shoulders, Triceps),
	ex("Seated Dumbbell Shoulder Press", Shoulders, Triceps),
	ex("Arnold Press", Shoulders, Triceps),
	ex("Dumbbell Lateral Raise", Shoulders),
	ex("Dumbbell Front Raise", Shoulders),
	ex("Rear Delt Fly", Shoulders, Back),
	ex("Barbell Upright Row", Shoulders, Traps),
	ex("Barbell Shrug", Traps),
	ex("Dumbbell Shrug", Traps),
	ex("Barbell Row", Back, Biceps),
	ex("Pendlay Row", Back, Biceps, LowerBack),
	ex("One-Arm Dumbbell Row", Back, Biceps),
	ex("T-Bar Row", Back, Biceps),
	ex("Barbell Curl", Biceps, Forearms),
	ex("EZ-Bar Curl", Biceps, Forearms),
	ex("Dumbbell Curl", Biceps),
	ex("Hammer Curl", Biceps, Forearms),
	ex("Incline Dumbbell Curl", Biceps),
	ex("Concentration Curl", Biceps),
	ex("Preacher Curl", Biceps),
	ex("Skull Crusher", Triceps),
	ex("Overhead Triceps Extension", Triceps),
	ex("Dumbbell Kickback", Triceps),
	ex("Wrist Curl", Forearms),
	ex("Farmer's Walk", Forearms, Traps, Abs),
	ex("Standing Calf Raise", Calves),
	ex("Kettlebell Swing", Glutes, Hamstrings, LowerBack),
	ex("Kettlebell Goblet Squat", Quadriceps, Glutes),
	ex("Power Clean", Quadriceps, Glutes, Hamstrings, Traps, Back),
	ex("Clean and Jerk", Quadriceps, Glutes, Shoulders, Triceps, Traps),
	ex("Snatch", Quadriceps, Glutes, Shoulders, Traps, Back),
	ex("Landmine Press", Shoulders, Chest, Triceps),
	ex("Russian Twist", Abs),
}

var machineWeights = []Builtin{
	ex("Machine Chest Press", Chest, Triceps, Shoulders),
	ex("Pec Deck", Chest),
	ex("Cable Crossover", Chest),
	ex("Smith Machine Bench Press", Chest, Triceps, Shoulders),
	ex("Smith Machine Squat", Quadriceps, Glutes),
	ex("Leg Press", Quadriceps, Glutes, Hamstrings),
	ex("Hack Squat", Quadriceps, Glutes),
	ex("Leg Extension", Quadriceps),
	ex("Lying Leg Curl", Hamstrings),
	ex("Seated Leg Curl", Hamstrings),
	ex("Hip Adduction Machine", Adductors),
	ex("Hip Abduction Machine", Abductors, Glutes),
	ex("Seated Calf Raise", Calves),
	ex("Calf Press on Leg Press", Calves),
	ex("Glute Kickback Machine", Glutes),
	ex("Lat Pulldown", Back, Biceps),
	ex("Close-Grip Lat Pulldown", Back, Biceps),
	ex("Seated Cable Row", Back, Biceps),
	ex("Machine Row", Back, Biceps),
	ex("Straight-Arm Pulldown", Back),
	ex("Machine Shoulder Press", Shoulders, Triceps),
	ex("Cable Lateral Raise", Shoulders),
	ex("Face Pull", Shoulders, Traps, Back),
	ex("Reverse Pec Deck", Shoulders, Back),
	ex("Cable Curl", Biceps),
	ex("Machine Preacher Curl", Biceps),
	ex("Triceps Pushdown", Triceps),
	ex("Rope Pushdown", Triceps),
	ex("Overhead Cable Triceps Extension", Triceps),
	ex("Cable Crunch", Abs),
	ex("Cable Woodchopper", Abs),
	ex("Back Extension Machine", LowerBack, Glutes),
	ex("Assisted Pull-Up Machine", Back, Biceps),
	ex("Assisted Dip Machine", Triceps, Chest),
	ex("Cable Pull-Through", Glutes, Hamstrings),
}

var bodyweight = []Builtin{
	ex("Push-Up", Chest, Triceps, Shoulders),
	ex("Diamond Push-Up", Triceps, Chest),
	ex("Pike Push-Up", Shoulders, Triceps),
	ex("Handstand Push-Up", Shoulders, Triceps),
	ex("Pull-Up", Back, Biceps),
	ex("Chin-Up", Back, Biceps),
	ex("Inverted Row", Back, Biceps),
	ex("Dip", Triceps, Chest, Shoulders),
	ex("Bench Dip", Triceps),
	ex("Bodyweight Squat", Quadriceps, Glutes),
	ex("Pistol Squat", Quadriceps, Glutes),
	ex("Walking Lunge", Quadriceps, Glutes),
	ex("Jump Squat", Quadriceps, Glutes, Calves),
	ex("Glute Bridge", Glutes, Hamstrings),
	ex("Nordic Hamstring Curl", Hamstrings),
	ex("Single-Leg Calf Raise", Calves),
	ex("Step-Up", Quadriceps, Glutes),
	ex("Plank", Abs, LowerBack),
	ex("Side Plank", Abs),
	ex("Crunch", Abs),
	ex("Sit-Up", Abs, HipFlexors),
	ex("Hanging Leg Raise", Abs, HipFlexors),
	ex("Lying Leg Raise", Abs, HipFlexors),
	ex("Mountain Climber", Abs, HipFlexors, Shoulders),
	ex("Burpee", Chest, Quadriceps, Shoulders, Abs),
	ex("Superman", LowerBack, Glutes),
	ex("Back Extension", LowerBack, Glutes, Hamstrings),
	ex("Muscle-Up", Back, Chest, Triceps),
}

var cardio = []Builtin{
	ex("Running", Quadriceps, Hamstrings, Calves),
	ex("Treadmill", Quadriceps, Hamstrings, Calves),
	ex("Walking", Quadriceps, Calves),
	ex("Cycling", Quadriceps, Hamstrings, Calves),
	ex("Stationary Bike", Quadriceps, Hamstrings),
	ex("Rowing Machine", Back, Quadriceps, Biceps),
	ex("Elliptical", Quadriceps, Glutes),
	ex("Stair Climber", Quadriceps, Glutes, Calves),
	ex("Swimming", Back, Shoulders),
	ex("Jump Rope", Calves, Shoulders),
	ex("Ski Erg", Back, Triceps, Abs),
	ex("Hiking", Quadriceps, Glutes, Calves),
}
