package exercise

import (
	"sort"
	"strings"
)

// Recognise finds the built-in exercise another app's name stands for: Strong and Hevy write
// "Bench Press (Barbell)", "Pull Up", "Bicep Curl (Dumbbell)" or "Seated Row (Cable)" where the
// catalogue has "Barbell Bench Press", "Pull-Up", "Dumbbell Curl" and "Seated Cable Row". Names
// are compared as sets of words, after spelling, hyphens, plurals and filler words are evened
// out (wordsKey); the equipment in brackets joins the words. A name that does not name the
// catalogue's exercise once so compared is tried through the aliases (names those apps use
// that no rule derives) and then without its equipment, where the equipment fits the exercise
// (equipmentFits). ok is false for anything else, and for "(Weighted)" or "(Assisted)" variants
// no alias names: those stay the person's own exercises.
func Recognise(name string) (b Builtin, ok bool) {
	if b, ok := LookupBuiltin(name); ok {
		return b, true
	}
	base, equipment := splitEquipment(name)
	whole := wordsKey(base + " " + equipment)
	if target, ok := aliasByKey[whole]; ok {
		b, ok := builtinByKey[Key(target)]
		return b, ok
	}
	if b, ok := builtinByWords[whole]; ok {
		return b, true
	}
	if equipment == "" {
		return Builtin{}, false
	}
	if target, ok := aliasByKey[wordsKey(base)]; ok {
		b, ok := builtinByKey[Key(target)]
		return b, ok && equipmentFits(equipment, b)
	}
	if b, ok := builtinByWords[wordsKey(base)]; ok && equipmentFits(equipment, b) {
		return b, true
	}
	return Builtin{}, false
}

// splitEquipment parts "Triceps Pushdown (Cable - Straight Bar)" into the name and the
// equipment ("cable"): the bracket's first part, lower case.
func splitEquipment(name string) (base, equipment string) {
	open := strings.LastIndex(name, "(")
	if open < 0 || !strings.HasSuffix(strings.TrimSpace(name), ")") {
		return name, ""
	}
	inner := strings.TrimSuffix(strings.TrimSpace(name[open+1:]), ")")
	if i := strings.IndexAny(inner, "-–/,"); i >= 0 {
		inner = inner[:i]
	}
	return name[:open], strings.ToLower(strings.TrimSpace(inner))
}

// equipmentFits says whether a name's bracketed equipment may be left out to find b: a
// machine or cable name finds a machine exercise, a bodyweight name a bodyweight one, a free
// weight a free-weights exercise whose name names no equipment and implies none other
// (Deadlift is a barbell lift: "Deadlift (Dumbbell)" is not it).
func equipmentFits(equipment string, b Builtin) bool {
	switch equipment {
	case "machine", "cable", "smith machine", "lever", "plate loaded":
		return b.Category == MachineWeights
	case "bodyweight", "body weight":
		return b.Category == Bodyweight
	case "barbell", "dumbbell", "kettlebell", "ez bar", "ez curl bar", "band", "plate", "other", "trap bar":
		if b.Category != FreeWeights || namesEquipment(b.Name) {
			return false
		}
		implied, ok := impliedEquipment[b.Name]
		return !ok || implied == equipment
	}
	return false
}

func namesEquipment(name string) bool {
	for _, w := range strings.Fields(strings.ToLower(strings.ReplaceAll(name, "-", " "))) {
		switch w {
		case "barbell", "dumbbell", "kettlebell", "ez", "cable", "machine", "smith", "landmine", "trap":
			return true
		}
	}
	return false
}

// impliedEquipment is the equipment a catalogue name implies without naming it.
var impliedEquipment = map[string]string{
	"Deadlift": "barbell", "Sumo Deadlift": "barbell", "Romanian Deadlift": "barbell",
	"Stiff-Leg Deadlift": "barbell", "Front Squat": "barbell", "Good Morning": "barbell",
	"Overhead Press": "barbell", "Pendlay Row": "barbell", "Close-Grip Bench Press": "barbell",
	"Power Clean": "barbell", "Clean and Jerk": "barbell", "Snatch": "barbell",
	"Hammer Curl": "dumbbell", "Concentration Curl": "dumbbell", "Arnold Press": "dumbbell",
	"Rear Delt Fly": "dumbbell", "Goblet Squat": "dumbbell", "Skull Crusher": "ez bar",
}

// wordsKey is a name as a sorted set of words: lower case; hyphens, slashes and brackets as
// spaces; apostrophes dropped; each word in one spelling and singular; filler words left out.
func wordsKey(name string) string {
	name = strings.ToLower(name)
	name = strings.NewReplacer("'", "", "’", "", "-", " ", "/", " ", "(", " ", ")", " ", ",", " ", "&", " and ", ".", " ").Replace(name)
	seen := map[string]bool{}
	var words []string
	for _, w := range strings.Fields(name) {
		for _, part := range strings.Fields(spelling(w)) {
			part = singular(part)
			if filler[part] || seen[part] {
				continue
			}
			seen[part] = true
			words = append(words, part)
		}
	}
	// "Bicep Curl", "Biceps Curl" and "Curl" are one curl; "Triceps Pushdown" keeps its triceps
	// (the catalogue names it so).
	if seen["curl"] && seen["bicep"] {
		words = remove(words, "bicep")
	}
	sort.Strings(words)
	return strings.Join(words, " ")
}

func remove(words []string, w string) []string {
	out := words[:0]
	for _, x := range words {
		if x != w {
			out = append(out, x)
		}
	}
	return out
}

// spelling evens out the ways one word is written: closed compounds, misspellings and
// British or American forms.
func spelling(w string) string {
	switch w {
	case "pullup", "pullups":
		return "pull up"
	case "pushup", "pushups", "pressup", "pressups":
		return "push up"
	case "chinup", "chinups":
		return "chin up"
	case "situp", "situps":
		return "sit up"
	case "stepup", "stepups":
		return "step up"
	case "muscleup", "muscleups":
		return "muscle up"
	case "pulldown", "pulldowns":
		return "pulldown"
	case "dumbell", "dumbells", "db":
		return "dumbbell"
	case "bb":
		return "barbell"
	case "kb":
		return "kettlebell"
	case "flye", "flyes", "flies", "flys":
		return "fly"
	case "ezbar":
		return "ez bar"
	case "tricep":
		return "triceps"
	case "biceps":
		return "bicep"
	case "skullcrusher", "skullcrushers":
		return "skull crusher"
	case "rdl":
		return "romanian deadlift"
	case "ohp":
		return "overhead press"
	}
	return w
}

// singular drops a plural ending: presses, crunches, curls, lunges; "triceps" and words that
// end in "ss" stay.
func singular(w string) string {
	switch {
	case w == "ups":
		return "up"
	case w == "triceps" || strings.HasSuffix(w, "ss") || len(w) <= 3:
		return w
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"):
		return strings.TrimSuffix(w, "es")
	case strings.HasSuffix(w, "s"):
		return strings.TrimSuffix(w, "s")
	}
	return w
}

var filler = map[string]bool{"the": true, "a": true, "with": true}

// aliases are names Strong and Hevy use (without their equipment, or with it where it
// matters) that no spelling rule turns into the catalogue's name.
var aliases = map[string]string{
	"Squat (Barbell)":                       "Barbell Back Squat",
	"Back Squat":                            "Barbell Back Squat",
	"Squat":                                 "Barbell Back Squat",
	"Bench Press":                           "Barbell Bench Press",
	"Incline Bench Press (Barbell)":         "Incline Barbell Bench Press",
	"Decline Bench Press (Barbell)":         "Decline Barbell Bench Press",
	"Incline Bench Press (Dumbbell)":        "Incline Dumbbell Press",
	"Incline Press (Dumbbell)":              "Incline Dumbbell Press",
	"Bench Press (Smith Machine)":           "Smith Machine Bench Press",
	"Squat (Smith Machine)":                 "Smith Machine Squat",
	"Bench Press - Close Grip (Barbell)":    "Close-Grip Bench Press",
	"Close Grip Bench Press (Barbell)":      "Close-Grip Bench Press",
	"Chest Fly (Dumbbell)":                  "Dumbbell Fly",
	"Chest Fly (Machine)":                   "Pec Deck",
	"Butterfly (Pec Deck)":                  "Pec Deck",
	"Cable Fly Crossovers":                  "Cable Crossover",
	"Cable Crossover (Cable)":               "Cable Crossover",
	"Pullover (Dumbbell)":                   "Dumbbell Pullover",
	"Lunge (Dumbbell)":                      "Dumbbell Lunge",
	"Walking Lunge (Barbell)":               "Barbell Walking Lunge",
	"Walking Lunge (Dumbbell)":              "Dumbbell Lunge",
	"Lunge":                                 "Walking Lunge",
	"Hip Thrust":                            "Barbell Hip Thrust",
	"Overhead Press (Dumbbell)":             "Seated Dumbbell Shoulder Press",
	"Shoulder Press (Dumbbell)":             "Seated Dumbbell Shoulder Press",
	"Seated Shoulder Press (Dumbbell)":      "Seated Dumbbell Shoulder Press",
	"Strict Military Press (Barbell)":       "Overhead Press",
	"Military Press":                        "Overhead Press",
	"Shoulder Press (Barbell)":              "Overhead Press",
	"Reverse Fly (Dumbbell)":                "Rear Delt Fly",
	"Rear Delt Reverse Fly (Dumbbell)":      "Rear Delt Fly",
	"Reverse Fly (Machine)":                 "Reverse Pec Deck",
	"Rear Delt Reverse Fly (Machine)":       "Reverse Pec Deck",
	"Upright Row (Barbell)":                 "Barbell Upright Row",
	"Bent Over Row (Barbell)":               "Barbell Row",
	"Bent Over Row":                         "Barbell Row",
	"Bent Over One Arm Row (Dumbbell)":      "One-Arm Dumbbell Row",
	"Dumbbell Row":                          "One-Arm Dumbbell Row",
	"Row (Dumbbell)":                        "One-Arm Dumbbell Row",
	"T Bar Row":                             "T-Bar Row",
	"Seated Row (Machine)":                  "Machine Row",
	"Preacher Curl (Barbell)":               "Preacher Curl",
	"Preacher Curl (Dumbbell)":              "Preacher Curl",
	"Preacher Curl (Machine)":               "Machine Preacher Curl",
	"Skullcrusher (Barbell)":                "Skull Crusher",
	"Lying Triceps Extension (Barbell)":     "Skull Crusher",
	"Triceps Extension (Dumbbell)":          "Overhead Triceps Extension",
	"Overhead Triceps Extension (Dumbbell)": "Overhead Triceps Extension",
	"Triceps Extension (Cable)":             "Overhead Cable Triceps Extension",
	"Overhead Triceps Extension (Cable)":    "Overhead Cable Triceps Extension",
	"Triceps Kickback (Dumbbell)":           "Dumbbell Kickback",
	"Triceps Rope Pushdown":                 "Rope Pushdown",
	"Wrist Curl (Barbell)":                  "Wrist Curl",
	"Wrist Curl (Dumbbell)":                 "Wrist Curl",
	"Farmers Walk":                          "Farmer's Walk",
	"Calf Raise (Machine)":                  "Standing Calf Raise",
	"Standing Calf Raise (Machine)":         "Standing Calf Raise",
	"Seated Calf Raise (Machine)":           "Seated Calf Raise",
	"Calf Press (Machine)":                  "Calf Press on Leg Press",
	"Lying Leg Curl (Machine)":              "Lying Leg Curl",
	"Leg Curl (Machine)":                    "Lying Leg Curl",
	"Seated Leg Curl (Machine)":             "Seated Leg Curl",
	"Hip Adduction (Machine)":               "Hip Adduction Machine",
	"Hip Abduction (Machine)":               "Hip Abduction Machine",
	"Glute Kickback (Machine)":              "Glute Kickback Machine",
	"Lat Pulldown - Close Grip (Cable)":     "Close-Grip Lat Pulldown",
	"Straight Arm Pulldown (Cable)":         "Straight-Arm Pulldown",
	"Back Extension (Machine)":              "Back Extension Machine",
	"Hyperextension":                        "Back Extension",
	"Pull Up (Assisted)":                    "Assisted Pull-Up Machine",
	"Chin Up (Assisted)":                    "Assisted Pull-Up Machine",
	"Assisted Pull Up":                      "Assisted Pull-Up Machine",
	"Dip (Assisted)":                        "Assisted Dip Machine",
	"Triceps Dip (Assisted)":                "Assisted Dip Machine",
	"Chest Dip (Assisted)":                  "Assisted Dip Machine",
	"Chest Dip":                             "Dip",
	"Triceps Dip":                           "Dip",
	"Bench Dip (Bodyweight)":                "Bench Dip",
	"Air Squat":                             "Bodyweight Squat",
	"Squat (Bodyweight)":                    "Bodyweight Squat",
	"Bodyweight Squats":                     "Bodyweight Squat",
	"Inverted Row (Bodyweight)":             "Inverted Row",
	"Leg Raise (Hanging)":                   "Hanging Leg Raise",
	"Hanging Knee Raise":                    "Hanging Leg Raise",
	"Leg Raise":                             "Lying Leg Raise",
	"Lying Leg Raise (Bodyweight)":          "Lying Leg Raise",
	"Crunch (Machine)":                      "Cable Crunch",
	"Crunch (Cable)":                        "Cable Crunch",
	"Cable Crunch (Kneeling)":               "Cable Crunch",
	"Torso Rotation (Cable)":                "Cable Woodchopper",
	"Wood Chop (Cable)":                     "Cable Woodchopper",
	"Swing (Kettlebell)":                    "Kettlebell Swing",
	"Goblet Squat (Kettlebell)":             "Kettlebell Goblet Squat",
	"Split Squat (Dumbbell)":                "Bulgarian Split Squat",
	"Bulgarian Split Squat (Dumbbell)":      "Bulgarian Split Squat",
	"Clean (Barbell)":                       "Power Clean",
	"Hang Clean (Barbell)":                  "Power Clean",
	"Clean and Jerk (Barbell)":              "Clean and Jerk",
	"Snatch (Barbell)":                      "Snatch",
	"Running (Outdoor)":                     "Running",
	"Running (Treadmill)":                   "Treadmill",
	"Treadmill Running":                     "Treadmill",
	"Walking (Treadmill)":                   "Walking",
	"Cycling (Indoor)":                      "Stationary Bike",
	"Cycling (Outdoor)":                     "Cycling",
	"Bike (Stationary)":                     "Stationary Bike",
	"Spinning":                              "Stationary Bike",
	"Rowing (Machine)":                      "Rowing Machine",
	"Rowing Machine (Machine)":              "Rowing Machine",
	"Elliptical Trainer":                    "Elliptical",
	"Elliptical Machine":                    "Elliptical",
	"Stair Machine":                         "Stair Climber",
	"Stair Stepper":                         "Stair Climber",
	"Skipping":                              "Jump Rope",
	"Jumping Rope":                          "Jump Rope",
	"Ski Ergometer":                         "Ski Erg",
	"Ski Machine":                           "Ski Erg",
	"Hike":                                  "Hiking",
	"Walk":                                  "Walking",
	"Run":                                   "Running",
	"Swim":                                  "Swimming",
	"Plank (Bodyweight)":                    "Plank",
	"Side Plank (Bodyweight)":               "Side Plank",
	"Landmine Press (Barbell)":              "Landmine Press",
	"Russian Twist (Bodyweight)":            "Russian Twist",
	"Russian Twist (Weighted)":              "Russian Twist",
	"Good Morning (Barbell)":                "Good Morning",
	"Sumo Deadlift (Barbell)":               "Sumo Deadlift",
	"Deadlift (Trap Bar)":                   "Trap Bar Deadlift",
	"Stiff Leg Deadlift (Barbell)":          "Stiff-Leg Deadlift",
	"Romanian Deadlift (Barbell)":           "Romanian Deadlift",
	"Face Pull (Cable)":                     "Face Pull",
	"Lateral Raise (Machine)":               "Cable Lateral Raise",
	"Chest Press (Machine)":                 "Machine Chest Press",
	"Iso-Lateral Chest Press (Machine)":     "Machine Chest Press",
	"Iso-Lateral Row (Machine)":             "Machine Row",
	"Shoulder Press (Machine Plates)":       "Machine Shoulder Press",
	"Reverse Grip Lat Pulldown (Cable)":     "Close-Grip Lat Pulldown",
	"Pull Through (Cable)":                  "Cable Pull-Through",
	"Hammer Curl (Cable)":                   "Cable Curl",
	"Single Arm Cable Curl":                 "Cable Curl",
	"EZ Bar Biceps Curl":                    "EZ-Bar Curl",
	"Bicep Curl (EZ Bar)":                   "EZ-Bar Curl",
	"Superman (Bodyweight)":                 "Superman",
	"Burpees":                               "Burpee",
	"Mountain Climbers":                     "Mountain Climber",
	"Glute Bridge (Bodyweight)":             "Glute Bridge",
	"Nordic Curl":                           "Nordic Hamstring Curl",
	"Calf Raise (Bodyweight)":               "Single-Leg Calf Raise",
	"Step Up (Bodyweight)":                  "Step-Up",
	"Muscle Up (Bodyweight)":                "Muscle-Up",
	"Handstand Push Up (Bodyweight)":        "Handstand Push-Up",
	"Diamond Push Up (Bodyweight)":          "Diamond Push-Up",
	"Pike Push Up (Bodyweight)":             "Pike Push-Up",
	"Hack Squat (Machine)":                  "Hack Squat",
	"Leg Press (Machine)":                   "Leg Press",
	"Leg Extension (Machine)":               "Leg Extension",
	"Front Raise (Cable)":                   "Cable Lateral Raise",
	"Shrug (Machine)":                       "Barbell Shrug",
	"Hip Thrust (Machine)":                  "Glute Kickback Machine",
	"Seated Cable Row - V Grip (Cable)":     "Seated Cable Row",
	"Seated Cable Row - Bar Grip (Cable)":   "Seated Cable Row",
	"Chin Up (Weighted)":                    "",
	"Pull Up (Weighted)":                    "",
	"Dip (Weighted)":                        "",
	"Chest Dip (Weighted)":                  "",
	"Push Up (Weighted)":                    "",
	"Incline Dumbbell Bench Press":          "Incline Dumbbell Press",
	"Flat Dumbbell Bench Press":             "Dumbbell Bench Press",
	"Flat Barbell Bench Press":              "Barbell Bench Press",
	"Conventional Deadlift":                 "Deadlift",
	"Barbell Deadlift":                      "Deadlift",
	"Barbell Squat":                         "Barbell Back Squat",
	"Barbell Overhead Press":                "Overhead Press",
	"Standing Overhead Press":               "Overhead Press",
	"Dumbbell Bicep Curl":                   "Dumbbell Curl",
	"Dumbbell Hammer Curl":                  "Hammer Curl",
	"Seated Dumbbell Press":                 "Seated Dumbbell Shoulder Press",
	"Dumbbell Shoulder Press":               "Seated Dumbbell Shoulder Press",
	"Cable Triceps Pushdown":                "Triceps Pushdown",
	"Cable Row":                             "Seated Cable Row",
	"Wide Grip Lat Pulldown":                "Lat Pulldown",
	"Lat Pull Down":                         "Lat Pulldown",
	"Lat Pulldown (Machine)":                "Lat Pulldown",
	"Lat Pulldown (Single Arm)":             "Lat Pulldown",
}

var (
	builtinByWords = indexWords(builtins)
	aliasByKey     = indexAliases(aliases)
)

func indexWords(list []Builtin) map[string]Builtin {
	m := make(map[string]Builtin, len(list))
	for _, b := range list {
		m[wordsKey(b.Name)] = b
	}
	return m
}

// indexAliases keys the aliases as Recognise keys a name; an alias to "" keeps a name out of
// the catalogue (a weighted variant the catalogue's bodyweight exercise would lose the weight of).
func indexAliases(list map[string]string) map[string]string {
	m := make(map[string]string, len(list))
	for from, to := range list {
		base, equipment := splitEquipment(from)
		m[wordsKey(base+" "+equipment)] = to
	}
	return m
}
