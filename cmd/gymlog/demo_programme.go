package main

import (
	"math"
	"math/rand/v2"
	"time"
)

// The demo lifter's year: three workouts a week on a full-body programme (squat, a press and a
// pull every time, deadlifts once a week), the weights climbing by small steps with a lighter
// week every eighth, some workouts missed; a weigh-in every week and the sizes every month.
// Everything derives from a fixed seed and the last day, so two runs make the same year.

// demoWeeks is how much history the demo account gets.
const demoWeeks = 52

// demoLift is one exercise of a programme day: where its working weight starts, how much it
// climbs a week, and its sets of reps (bodyweight lifts start and climb in reps).
type demoLift struct {
	exercise, category string
	start, perWeek     float64
	sets, reps         int
}

// demoDays are the programme's three days, Monday, Wednesday and Friday.
var demoDays = []struct {
	name  string
	lifts []demoLift
}{
	{"Full body A", []demoLift{
		{"Barbell Back Squat", "free-weights", 60, 1.25, 3, 5},
		{"Barbell Bench Press", "free-weights", 45, 0.75, 3, 5},
		{"Barbell Row", "free-weights", 40, 0.75, 3, 8},
		{"Pull-Up", "bodyweight", 4, 0.1, 3, 0},
	}},
	{"Full body B", []demoLift{
		{"Deadlift", "free-weights", 80, 1.75, 1, 5},
		{"Overhead Press", "free-weights", 30, 0.5, 3, 5},
		{"Lat Pulldown", "machine-weights", 40, 0.5, 3, 10},
		{"Dip", "bodyweight", 6, 0.12, 3, 0},
	}},
	{"Full body C", []demoLift{
		{"Barbell Back Squat", "free-weights", 55, 1.25, 3, 8},
		{"Incline Barbell Bench Press", "free-weights", 35, 0.6, 3, 8},
		{"Romanian Deadlift", "free-weights", 50, 1, 3, 8},
		{"Barbell Curl", "free-weights", 20, 0.3, 3, 10},
	}},
}

// demoSet is one set of a demo workout, in kg (no weight for bodyweight).
type demoSet struct {
	exercise, category string
	weight             *float64
	reps, rpe          float64
}

// demoWorkout is one workout of the demo year.
type demoWorkout struct {
	date, start, finish, name string
	sets                      []demoSet
}

// demoEntry is one weigh-in (kg) or measurement (cm; category set).
type demoEntry struct {
	date, category string
	value          float64
}

// demoYear is the demo lifter's workouts, weigh-ins and measurements up to last (UTC).
type demoYear struct {
	workouts []demoWorkout
	weights  []demoEntry
	sizes    []demoEntry
}

// newDemoYear makes the year ending on last.
func newDemoYear(last time.Time) demoYear {
	rng := rand.New(rand.NewPCG(2026, 12))
	var y demoYear
	first := last.AddDate(0, 0, -7*demoWeeks)
	first = first.AddDate(0, 0, -((int(first.Weekday()) + 6) % 7)) // a Monday
	kg, arms, waist, chest, thighs := 84.0, 35.0, 90.0, 100.0, 58.0
	for week := 0; week < demoWeeks+1; week++ {
		monday := first.AddDate(0, 0, 7*week)
		lighter := week%8 == 7
		for i, day := range demoDays {
			d := monday.AddDate(0, 0, 2*i)
			if d.After(last) || rng.IntN(10) == 0 {
				continue // not yet, or missed
			}
			y.workouts = append(y.workouts, demoWorkoutOn(rng, d, day.name, day.lifts, week, lighter))
		}
		weighIn := monday.AddDate(0, 0, 6)
		if weighIn.After(last) {
			continue
		}
		kg += -0.08 + rng.Float64()*0.1 - 0.05
		y.weights = append(y.weights, demoEntry{date: weighIn.Format(time.DateOnly), value: round(kg+rng.Float64()*0.6-0.3, 1)})
		if week%4 == 0 {
			arms, waist, chest, thighs = arms+0.12, waist-0.2, chest+0.15, thighs+0.1
			for _, m := range []struct {
				category string
				cm       float64
			}{{"Arms", arms}, {"Waist", waist}, {"Chest", chest}, {"Thighs", thighs}} {
				y.sizes = append(y.sizes, demoEntry{date: weighIn.Format(time.DateOnly), category: m.category,
					value: round(m.cm+rng.Float64()*0.4-0.2, 1)})
			}
		}
	}
	return y
}

// demoWorkoutOn is one programme day's workout in its week: each lift at its week's weight
// (less in a lighter week), its last set the hardest.
func demoWorkoutOn(rng *rand.Rand, d time.Time, name string, lifts []demoLift, week int, lighter bool) demoWorkout {
	startMinute := 17*60 + 30 + rng.IntN(6)*15
	if d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		startMinute = 10 * 60
	}
	w := demoWorkout{date: d.Format(time.DateOnly), start: clock(startMinute), name: name}
	for _, l := range lifts {
		level := l.start + l.perWeek*float64(week)
		if lighter {
			level *= 0.85
		}
		for s := 0; s < l.sets; s++ {
			set := demoSet{exercise: l.exercise, category: l.category, reps: float64(l.reps), rpe: float64(6 + s + rng.IntN(2))}
			if l.category == "bodyweight" {
				set.reps = math.Max(1, math.Floor(level)-float64(s))
			} else {
				kg := math.Round(level/2.5) * 2.5
				set.weight = &kg
			}
			w.sets = append(w.sets, set)
		}
	}
	w.finish = clock(startMinute + 50 + rng.IntN(31))
	return w
}

func clock(minute int) string {
	minute %= 24 * 60
	return time.Date(2000, 1, 1, minute/60, minute%60, 0, 0, time.UTC).Format("15:04")
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
