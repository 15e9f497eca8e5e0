package workout

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
)

// Bounds of what a lifter can type; anything beyond is a typo, not a lift.
const (
	maxWeight      = 10000
	maxReps        = 1000
	maxMinutes     = 1440
	maxDistance    = 100000
	maxNameLength  = 100
	timeOfDay      = "15:04"
	rpeMin, rpeMax = 1, 10
)

// Bounds of a workout as a whole (docs/DOMAIN.md).
const (
	// MaxDurationMinutes is the longest workout: a finish that makes it longer is a typo (a
	// finish before the start read as the next day), not a session.
	MaxDurationMinutes = 6 * 60
	// MaxSets is the most sets one workout holds; a workout has tens. It bounds the set list
	// the screens read in one answer.
	MaxSets = 1000
)

// durationMessage is the finish time's violation when a workout would last too long.
const durationMessage = "A workout can last at most 6 hours: please check the start and finish times."

// checkDuration refuses a finish that makes the workout longer than MaxDurationMinutes.
func checkDuration(v *domain.Violations, start, finish string) {
	if start != "" && finish != "" && Duration(start, finish) > MaxDurationMinutes {
		v.Add("finishTime", durationMessage)
	}
}

// StrengthInput is a strength set as the user sent it; numbers not yet checked.
type StrengthInput struct {
	Exercise string
	Category string
	Weight   *float64
	Reps     *float64
	RPE      *float64
	// Kind is "" (a working set), warmup, drop or failure.
	Kind string
	// Note is the set's note; nil is none on a new set and keeps the set's note on an edit.
	Note *string
}

// CardioInput is a cardio set as the user sent it.
type CardioInput struct {
	Exercise string
	Distance *float64
	Unit     string
	Minutes  *float64
	Seconds  *float64
	RPE      *float64
	// Note is as StrengthInput's.
	Note *string
}

// DetailsInput is a workout's name, date and times as sent; nil keeps the current value.
type DetailsInput struct {
	Date       *string
	StartTime  *string
	FinishTime *string
	Name       *string
	Notes      *string
}

// RoundTo2 rounds to 2 decimals, as weights and distances are kept. A zero comes back as +0:
// a typed "-0" would otherwise be stored as a negative zero, which equals 0 but sorts and
// prints apart from it in read models (PostgreSQL's MAX keeps whichever it reads last).
func RoundTo2(x float64) float64 {
	r := math.Round(x*100) / 100
	if r == 0 {
		return 0
	}
	return r
}

// wholeNumber checks that x is an integer in [lo, hi]; nil stays nil.
func wholeNumber(v *domain.Violations, field string, x *float64, lo, hi int, message string) *int {
	if x == nil {
		return nil
	}
	if math.IsNaN(*x) || *x != math.Trunc(*x) || *x < float64(lo) || *x > float64(hi) {
		v.Add(field, message)
		return nil
	}
	n := int(*x)
	return &n
}

// RPE checks a rating of perceived exertion: a whole number from 1 to 10.
func RPE(v *domain.Violations, field string, x *float64) *int {
	return wholeNumber(v, field, x, rpeMin, rpeMax, "Please choose an RPE from 1 to 10.")
}

func exerciseName(v *domain.Violations, name string) string {
	name = exercise.CleanName(name)
	switch {
	case name == "":
		v.Add("exercise", "Please enter an exercise name.")
	case utf8.RuneCountInString(name) > maxNameLength:
		v.Add("exercise", "Please enter an exercise name of at most 100 characters.")
	}
	return name
}

// StrengthFields checks a strength set (or a plan's strength target, domain/plan) and returns it
// as stored, weights in unit.
func StrengthFields(in StrengthInput, unit string) (SetFields, error) {
	var v domain.Violations
	f := SetFields{Exercise: exerciseName(&v, in.Exercise), Unit: unit}
	f.Category = strings.TrimSpace(in.Category)
	if f.Category == "" {
		f.Category = exercise.FreeWeights
		if b, ok := exercise.LookupBuiltin(f.Exercise); ok && b.Category != exercise.Cardio {
			f.Category = b.Category
		}
	}
	if !exercise.IsCategory(f.Category) || f.Category == exercise.Cardio {
		v.Add("category", "Please choose free-weights, machine-weights or bodyweight.")
	}
	if f.Category != exercise.Bodyweight {
		switch w := in.Weight; {
		case w == nil:
			v.Add("weight", "Please enter a weight.")
		case math.IsNaN(*w) || *w < 0 || RoundTo2(*w) >= maxWeight:
			// The bound holds for the value stored: 9999.995 would be kept as 10000.
			v.Add("weight", "Please enter a weight from 0 to 10000.")
		default:
			r := RoundTo2(*w)
			f.Weight = &r
		}
	}
	if in.Reps == nil {
		v.Add("reps", "Please enter the reps.")
	} else {
		f.Reps = wholeNumber(&v, "reps", in.Reps, 1, maxReps, "Please enter whole reps from 1 to 1000.")
	}
	f.RPE = RPE(&v, "rpe", in.RPE)
	if f.Kind = in.Kind; !IsKind(f.Kind) {
		v.Add("kind", kindMessage)
		f.Kind = ""
	}
	f.Note = noteText(&v, "note", in.Note, setNoteMessage)
	return f, v.Err()
}

// CardioFields checks a cardio set (or a plan's cardio target) and returns it as stored.
func CardioFields(in CardioInput) (SetFields, error) {
	var v domain.Violations
	f := SetFields{Exercise: exerciseName(&v, in.Exercise), Category: exercise.Cardio}
	if d := in.Distance; d != nil {
		if math.IsNaN(*d) || *d < 0 || RoundTo2(*d) >= maxDistance {
			v.Add("distance", "Please enter a distance from 0 to 100000.")
		} else {
			r := RoundTo2(*d)
			f.Distance = &r
		}
	}
	switch u := strings.TrimSpace(in.Unit); u {
	case "", "km", "m", "mi":
		f.DistanceUnit = u
	default:
		v.Add("unit", "Please choose km, m, mi or no unit.")
	}
	f.Minutes = wholeNumber(&v, "minutes", in.Minutes, 0, maxMinutes, "Please enter whole minutes from 0 to 1440.")
	f.Seconds = wholeNumber(&v, "seconds", in.Seconds, 0, 59, "Please enter whole seconds from 0 to 59.")
	f.RPE = RPE(&v, "rpe", in.RPE)
	f.Note = noteText(&v, "note", in.Note, setNoteMessage)
	return f, v.Err()
}

// MaxNoteLength is the most characters a set's note or a workout's notes hold.
const MaxNoteLength = 1000

// The violations of a note over MaxNoteLength.
const (
	setNoteMessage     = "Please keep the note to at most 1000 characters."
	workoutNoteMessage = "Please keep the notes to at most 1000 characters."
)

// noteText checks a note (nil is none) and returns it as stored (domain.NoteText).
func noteText(v *domain.Violations, field string, s *string, tooLong string) string {
	if s == nil {
		return ""
	}
	n := domain.NoteText(*s)
	switch {
	case !domain.CleanNote(n):
		v.Add(field, domain.TextProblem)
		return ""
	case utf8.RuneCountInString(n) > MaxNoteLength:
		v.Add(field, tooLong)
		return ""
	}
	return n
}

// latestTimeZone is how far ahead of UTC a user's "today" can be (UTC+14, Kiribati): a date
// up to today there is not in the future.
const latestTimeZone = 14 * time.Hour

// Workout dates lie from 1900-01-01 to today.
const (
	dateTooEarly = "Please enter a date from 1900 on."
	dateInFuture = "The date cannot be in the future."
	earliestYear = 1900
)

// parseDate checks a YYYY-MM-DD date of a workout: from 1900 to today, in the latest time
// zone, at now.
func parseDate(v *domain.Violations, field, s string, now time.Time) string {
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	switch {
	case err != nil:
		v.Add(field, "Please enter a valid date.")
		return ""
	case d.Year() < earliestYear:
		v.Add(field, dateTooEarly)
		return ""
	case d.After(now.Add(latestTimeZone)):
		v.Add(field, dateInFuture)
		return ""
	}
	return d.Format(time.DateOnly)
}

// parseTime checks an HH:MM time of day (seconds, if sent, are dropped).
func parseTime(v *domain.Violations, field, s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 8 {
		s = s[:5]
	}
	t, err := time.Parse(timeOfDay, s)
	if err != nil {
		v.Add(field, "Please enter a valid time (HH:MM).")
		return ""
	}
	return t.Format(timeOfDay)
}

// cleanWorkoutName trims a workout name and bounds it.
func cleanWorkoutName(v *domain.Violations, s string) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > maxNameLength {
		v.Add("name", "Please enter a name of at most 100 characters.")
	}
	return s
}

// Duration is the whole minutes from start to finish (HH:MM); a finish before the start is
// on the next day. Workouts recorded before MaxDurationMinutes was a rule may be longer.
func Duration(start, finish string) int {
	s, err1 := time.Parse(timeOfDay, start)
	f, err2 := time.Parse(timeOfDay, finish)
	if err1 != nil || err2 != nil {
		return 0
	}
	d := f.Sub(s)
	if d < 0 {
		d += 24 * time.Hour
	}
	return int(d / time.Minute)
}

// CheckStrength reports the violations of a strength set's fields, before any workout is
// loaded, so they join the request's shape violations.
func CheckStrength(in StrengthInput, unit string) error {
	_, err := StrengthFields(in, unit)
	return err
}

// CheckCardio reports the violations of a cardio set's fields.
func CheckCardio(in CardioInput) error {
	_, err := CardioFields(in)
	return err
}
