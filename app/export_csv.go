package app

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// StrongColumns are the columns of Strong's CSV export, which the CSV download writes so that
// the tools that read Strong's files read Gymlog's.
var StrongColumns = []string{"Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Reps",
	"Distance", "Seconds", "Notes", "Workout Notes", "RPE"}

// WriteStrongCSV writes the workouts as Strong exports them: one row per set, the workout's
// start ("2006-01-02 15:04:05"), name and duration ("1h 5m") on each; the set's number among
// the exercise's working sets in the workout, or W, D or F for a warm-up, drop or failure set,
// as Strong numbers them; weights in unit (the user's) and 0 where nothing
// applies, as Strong writes them; distances in km, or miles for a user in lbs; a timed set's
// seconds; the set's note, and the workout's notes on each of its rows; the RPE or nothing.
func WriteStrongCSV(out io.Writer, workouts []ExportedWorkout, unit string) error {
	w := csv.NewWriter(out)
	if err := w.Write(StrongColumns); err != nil {
		return err
	}
	for _, wk := range workouts {
		date := wk.Date + " " + wk.StartTime + ":00"
		duration := strongDurationText(workout.Duration(wk.StartTime, wk.FinishTime))
		order := map[string]int{}
		for _, s := range wk.Sets {
			setOrder := workout.KindLetter(s.Kind)
			if setOrder == "" {
				order[exercise.Key(s.Exercise)]++
				setOrder = strconv.Itoa(order[exercise.Key(s.Exercise)])
			}
			weight, reps, distance, seconds := 0.0, 0, 0.0, 0
			if s.Weight != nil {
				weight = convertWeight(*s.Weight, s.Unit, unit)
			}
			if s.Reps != nil {
				reps = *s.Reps
			}
			if s.Distance != nil {
				distance = distanceIn(*s.Distance, s.DistanceUnit, unit)
			}
			if s.Minutes != nil {
				seconds += *s.Minutes * 60
			}
			if s.Seconds != nil {
				seconds += *s.Seconds
			}
			rpe := ""
			if s.RPE != nil {
				rpe = strconv.Itoa(*s.RPE)
			}
			if err := w.Write([]string{date, inertCell(wk.Name), duration, inertCell(s.Exercise), setOrder,
				formatNumber(weight), strconv.Itoa(reps), formatNumber(distance), strconv.Itoa(seconds), inertCell(s.Note),
				inertCell(wk.Notes), rpe}); err != nil {
				return err
			}
		}
	}
	w.Flush()
	return w.Error()
}

// formulaStarts are the characters with which a spreadsheet takes a cell for a formula
// (OWASP's CSV injection): =, +, -, @, a tab and a carriage return.
const formulaStarts = "=+-@\t\r"

// inertCell is a text cell that no spreadsheet runs: one that begins with a formula character
// is written after a single quote, which spreadsheets show as text and the importer takes off
// again (csvFile.get); so is one that begins with quotes and then such a character, so that
// every text comes back whole.
func inertCell(s string) string {
	if needsQuote(s) {
		return "'" + s
	}
	return s
}

// needsQuote reports whether inertCell writes s after a quote.
func needsQuote(s string) bool {
	t := strings.TrimLeft(s, "'")
	return t != "" && strings.IndexByte(formulaStarts, t[0]) >= 0
}

// strongDurationText is minutes as Strong writes a duration: "1h 5m", "45m".
func strongDurationText(minutes int) string {
	if minutes >= 60 {
		return strconv.Itoa(minutes/60) + "h " + strconv.Itoa(minutes%60) + "m"
	}
	return strconv.Itoa(minutes) + "m"
}

// distanceIn is a distance in its unit (km, m, mi or none, taken as km) as Strong writes it:
// in miles for a user who lifts in lbs, in km otherwise.
func distanceIn(d float64, from, weightUnit string) float64 {
	km := d
	switch from {
	case "m":
		km = d / 1000
	case "mi":
		km = d * 1.609344
	}
	if weightUnit == "lbs" {
		if from == "mi" {
			return d
		}
		return workout.RoundTo2(km / 1.609344)
	}
	if from == "km" || from == "" {
		return d
	}
	return workout.RoundTo2(km)
}

func formatNumber(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
