package app

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// The CSV exports of Strong and Hevy, as they publish them: one row per set, the workout's
// columns repeated on each of its rows.
//
// Strong: Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,
// Notes,Workout Notes,RPE. Date is the workout's start "2006-01-02 15:04:05"; Duration "1h 5m"
// or "45m"; Set Order a number, or W, D or F for a warm-up, drop or failure set; Weight in
// the app's display unit with no unit column (newer exports add "Weight Unit" and "Distance
// Unit", and Android writes them with semicolons); 0 where nothing applies (a bodyweight set's
// weight, a plank's reps); Distance in km or miles; Seconds of a timed set; RPE empty or
// 6 to 10 in halves.
//
// Hevy: "title","start_time","end_time","description","exercise_title","superset_id",
// "exercise_notes","set_index","set_type","weight_kg" (or "weight_lbs"),"reps","distance_km"
// (or "distance_miles"),"duration_seconds","rpe". Times are "2 Jan 2006, 15:04"; the unit is
// in the column's name; an empty weight is a bodyweight set.

// csvFile is a CSV file's rows with the line each starts on, its columns by lower-case name.
type csvFile struct {
	columns map[string]int
	rows    [][]string
	lines   []int
}

// maxImportRows bounds the rows a file may hold: years of training are tens of thousands.
const maxImportRows = 200_000

// readCSV reads a CSV file whose first row names its columns; a header with semicolons and
// no commas is read with semicolons, as Strong's Android export writes it.
func readCSV(data []byte) (*csvFile, error) {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(data))
	if bytes.Contains(first, []byte(";")) && !bytes.Contains(first, []byte(",")) {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil, domain.Invalid("content", "The first line of the file should name its columns.")
	}
	f := &csvFile{columns: map[string]int{}}
	for i, h := range header {
		f.columns[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, domain.Invalid("content", "Line "+strconv.Itoa(pe.StartLine)+" of the file is not valid CSV: "+pe.Err.Error()+".")
		}
		if err != nil {
			return nil, domain.Invalid("content", "The file could not be read as CSV.")
		}
		if len(f.rows) == maxImportRows {
			return nil, domain.Invalid("content", "The file holds more than 200,000 rows: please import it in parts.")
		}
		line, _ := r.FieldPos(0)
		f.rows = append(f.rows, rec)
		f.lines = append(f.lines, line)
	}
}

// has reports whether the file has any of the columns.
func (f *csvFile) has(names ...string) bool {
	for _, n := range names {
		if _, ok := f.columns[n]; ok {
			return true
		}
	}
	return false
}

// get is row i's value in the first of the columns the file has, trimmed ("" if none); a cell
// that the CSV download made inert (inertCell) comes back as the text it was.
func (f *csvFile) get(i int, names ...string) string {
	for _, n := range names {
		if c, ok := f.columns[n]; ok && c < len(f.rows[i]) {
			cell := f.rows[i][c]
			if strings.HasPrefix(cell, "'") && needsQuote(cell[1:]) {
				cell = cell[1:]
			}
			return strings.TrimSpace(cell)
		}
	}
	return ""
}

// require refuses a file without the columns.
func (f *csvFile) require(format string, names ...string) error {
	var missing []string
	for _, n := range names {
		if !f.has(n) {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		return domain.Invalid("content", "This is not a "+format+" export: it has no "+strings.Join(missing, ", ")+" column.")
	}
	return nil
}

// number reads a CSV number: "" is nil; a decimal comma (an Android export) is read as a
// point. ok is false for anything else.
func number(s string) (x *float64, ok bool) {
	if s == "" {
		return nil, true
	}
	n, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
		return nil, false
	}
	return &n, true
}

// setRow is one set row of a CSV export, its numbers read, weights in weightUnit.
type setRow struct {
	line                               int
	exercise, setOrder                 string
	weight, reps, distance, secs, rpe  *float64
	weightUnit, distanceUnit, setNotes string
	// kind is the set's kind as the file marks it: Strong's W, D or F in Set Order, Hevy's
	// set_type; "" for a working set (or a mark not known, with its line).
	kind string
	// zeroIsNone: the file writes 0 for what does not apply (Strong), not an empty cell.
	zeroIsNone bool
}

// toSet turns a row into a set in the user's unit, or skips its line with why.
func (p *ImportPlan) toSet(w *ImportWorkout, r setRow, key, userUnit string) {
	nonzero := func(x *float64) *float64 {
		if x == nil || (*x == 0 && r.zeroIsNone) {
			return nil
		}
		return x
	}
	weight, reps, distance, secs := nonzero(r.weight), nonzero(r.reps), nonzero(r.distance), nonzero(r.secs)
	if weight != nil || reps != nil {
		// A zero distance or time beside a weight or reps is not what was done: Hevy writes 0
		// there on a strength set (weighted lunges: a weight, reps and a distance of 0).
		if distance != nil && *distance == 0 {
			distance = nil
		}
		if secs != nil && *secs == 0 {
			secs = nil
		}
	}
	name := strings.ToLower(r.exercise)
	switch {
	case r.exercise == "":
		p.skip(r.line, "The row names no exercise.")
		return
	case name == "rest timer" || strings.EqualFold(r.setOrder, "rest timer"):
		p.skip(r.line, "A rest timer, not a set.")
		return
	case weight == nil && reps == nil && distance == nil && secs == nil:
		p.skip(r.line, "Nothing was logged in this row.")
		return
	}
	var note *string
	if n := p.noteCell(r.line, r.setNotes, "The set's note"); n != "" {
		note = &n
	}
	// A weight on a row of the catalogue's bodyweight exercise is added load: the set goes to
	// the person's own weighted variant, which keeps it (the catalogue's carries no weight).
	named := p.Exercises[p.register(r.exercise, r.line)]
	if b, builtin := exercise.LookupBuiltin(named.As); builtin && b.Category == exercise.Bodyweight && weight != nil && *weight > 0 &&
		distance == nil && secs == nil {
		variant := p.exerciseFor(b.Name+" (Weighted)", r.line)
		p.adjust(r.line, b.Name+" with "+strconv.FormatFloat(*weight, 'f', -1, 64)+" "+r.weightUnit+" goes to your exercise "+
			variant.As+": the catalogue's "+b.Name+" is a bodyweight exercise, whose sets carry no weight.")
		r.exercise = variant.As
	} else {
		r.exercise = p.exerciseFor(r.exercise, r.line).As
	}
	rpe := p.rpe(r)
	s := ImportSet{Key: key, Line: r.line, Done: true}
	if distance != nil || (secs != nil && reps == nil) {
		if weight != nil && *weight != 0 {
			p.adjust(r.line, "The weight "+strconv.FormatFloat(*weight, 'f', -1, 64)+" "+r.weightUnit+
				" is not imported: Gymlog keeps a set with a distance or a time without a weight.")
		}
		in := workout.CardioInput{Exercise: r.exercise, Distance: distance, Unit: r.distanceUnit, RPE: rpe, Note: note}
		if distance == nil {
			in.Unit = ""
		}
		if secs != nil {
			total := math.Round(*secs)
			m, sec := math.Floor(total/60), math.Mod(total, 60)
			in.Minutes, in.Seconds = &m, &sec
		}
		s.Cardio = &in
		if r.kind != "" {
			p.adjust(r.line, "The set is kept as an ordinary set, not a "+workout.KindName(r.kind)+
				": Gymlog marks warm-up, drop and failure sets on strength sets only.")
		}
	} else {
		in := workout.StrengthInput{Exercise: r.exercise, Reps: reps, RPE: rpe, Kind: r.kind, Note: note}
		if weight == nil {
			// No weight is a bodyweight set; a built-in exercise lifted with weights keeps its
			// category, at 0.
			zero := 0.0
			if b, builtin := exercise.LookupBuiltin(exercise.CleanName(r.exercise)); !builtin {
				in.Category = exercise.Bodyweight
			} else if b.Category != exercise.Bodyweight {
				in.Weight = &zero
			}
		} else if b, builtin := exercise.LookupBuiltin(r.exercise); builtin && b.Category == exercise.Bodyweight && *weight != 0 {
			// A negative weight is assistance (a band, a partner), which Gymlog keeps none of; a
			// positive one is here only when the person chose the bodyweight exercise for it.
			what := "The weight " + strconv.FormatFloat(*weight, 'f', -1, 64)
			if *weight < 0 {
				what = "The assistance of " + strconv.FormatFloat(-*weight, 'f', -1, 64)
			}
			p.adjust(r.line, what+" "+r.weightUnit+" is not imported: "+b.Name+" is a bodyweight exercise, kept without a weight.")
		} else {
			x := convertWeight(*weight, r.weightUnit, userUnit)
			if r.weightUnit != userUnit {
				p.adjust(r.line, "The weight "+strconv.FormatFloat(*weight, 'f', -1, 64)+" "+r.weightUnit+" is kept as "+
					strconv.FormatFloat(x, 'f', -1, 64)+" "+userUnit+".")
			}
			in.Weight = &x
		}
		s.Strength = &in
	}
	p.checkSet(w, s, userUnit)
}

// hevySetTypes are the kinds Hevy's set_type names, "normal" a working set.
var hevySetTypes = map[string]string{"": "", "normal": "", "warmup": workout.KindWarmUp, "warm_up": workout.KindWarmUp,
	"dropset": workout.KindDrop, "drop_set": workout.KindDrop, "failure": workout.KindFailure}

// hevySetType reads a Hevy row's set_type; one it does not know is a working set, with a note.
func (p *ImportPlan) hevySetType(line int, t string) string {
	kind, ok := hevySetTypes[strings.ToLower(strings.TrimSpace(t))]
	if !ok {
		p.adjust(line, "The set type \""+t+"\" is not one Gymlog knows (warmup, dropset, failure, normal): the set is kept as a working set.")
	}
	return kind
}

// rpe reads a row's RPE: Gymlog keeps whole numbers from 1 to 10, so a half is rounded up
// and anything else left out, each with a note.
func (p *ImportPlan) rpe(r setRow) *float64 {
	x := r.rpe
	if x == nil || *x == 0 {
		return nil
	}
	shown := strconv.FormatFloat(*x, 'f', -1, 64)
	if *x < 1 || *x > 10 {
		p.adjust(r.line, "The RPE "+shown+" is left out: Gymlog rates sets from 1 to 10.")
		return nil
	}
	if *x != math.Trunc(*x) {
		whole := math.Round(*x)
		p.adjust(r.line, "The RPE "+shown+" is kept as "+strconv.FormatFloat(whole, 'f', -1, 64)+": Gymlog rates sets in whole numbers.")
		return &whole
	}
	return x
}

// numberCell is a cell to read as a number: its column as a person calls it, its text, and
// where the number goes.
type numberCell struct {
	name, text string
	into       **float64
}

// readNumbers reads a row's numbers, or skips its line naming the first that is not one.
func (p *ImportPlan) readNumbers(line int, cells ...numberCell) bool {
	for _, c := range cells {
		x, ok := number(c.text)
		if !ok {
			p.skip(line, "The "+c.name+" \""+c.text+"\" is not a number.")
			return false
		}
		*c.into = x
	}
	return true
}

// noteCell is a note of a file as Gymlog keeps it (domain.NoteText), "" for none; one over
// workout.MaxNoteLength is cut, with a line naming what (the set's note, the workout's
// notes). Its characters are clean: ParseImport refuses a file holding others.
func (p *ImportPlan) noteCell(line int, s, what string) string {
	s = domain.NoteText(s)
	if n := []rune(s); len(n) > workout.MaxNoteLength {
		s = strings.TrimSpace(string(n[:workout.MaxNoteLength]))
		p.adjust(line, what+" is cut to its first "+strconv.Itoa(workout.MaxNoteLength)+" characters: Gymlog keeps no longer notes.")
	}
	return s
}

// workoutGroups gathers rows into workouts by a key, in the order they first appear.
type workoutGroups struct {
	order []string
	by    map[string]*ImportWorkout
	count map[string]int // sets seen so far per workout, for their keys
	// exerciseNotes is the note last given to an exercise in a workout (Hevy repeats an
	// exercise's note on each of its sets), by workout key and exercise.
	exerciseNotes map[[2]string]string
}

func newWorkoutGroups() *workoutGroups {
	return &workoutGroups{by: map[string]*ImportWorkout{}, count: map[string]int{}, exerciseNotes: map[[2]string]string{}}
}

// onceAnExercise is the note of a row of exercise in the workout of key: the exercise's note
// on its first set, and on a later set only when it says something else.
func (g *workoutGroups) onceAnExercise(key, exercise, note string) string {
	at := [2]string{key, exercise}
	if g.exerciseNotes[at] == note {
		return ""
	}
	g.exerciseNotes[at] = note
	return note
}

// add returns the workout of key, made by mk the first time.
func (g *workoutGroups) add(key string, mk func() ImportWorkout) *ImportWorkout {
	if w, ok := g.by[key]; ok {
		return w
	}
	w := mk()
	w.Key = key
	g.by[key] = &w
	g.order = append(g.order, key)
	return &w
}

// setKey names the next set of workout key by its place and content, so re-reading the same
// file names the same set.
func (g *workoutGroups) setKey(key string, row []string) string {
	g.count[key]++
	return eventstore.DeriveID(append([]string{strconv.Itoa(g.count[key])}, row...)...)
}

// finish adds every workout to the plan, in order.
func (g *workoutGroups) finish(p *ImportPlan) {
	for _, k := range g.order {
		p.addWorkout(*g.by[k])
	}
}

// strongDuration reads Strong's "1h 5m", "45m", "30s" or plain seconds.
var strongDuration = regexp.MustCompile(`^\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?\s*$`)

func parseStrongDuration(s string) (time.Duration, bool) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	m := strongDuration.FindStringSubmatch(s)
	if m == nil || s == "" {
		return 0, false
	}
	var d time.Duration
	for i, unit := range []time.Duration{time.Hour, time.Minute, time.Second} {
		if m[i+1] != "" {
			n, err := strconv.Atoi(m[i+1])
			if err != nil || n > 100_000 {
				return 0, false
			}
			d += time.Duration(n) * unit
		}
	}
	return d, true
}

// pastWorkout is the workout name that started at start and lasted d, capped at the longest
// workout the domain records.
func (p *ImportPlan) pastWorkout(line int, start time.Time, d time.Duration, name string) ImportWorkout {
	longest := workout.MaxDurationMinutes * time.Minute
	if d > longest {
		p.adjust(line, "The workout lasted more than 6 hours: it is kept as 6 hours long.")
		d = longest
	}
	return ImportWorkout{Line: line, Date: start.Format(time.DateOnly), StartTime: start.Format("15:04"),
		FinishTime: start.Add(d).Format("15:04"), Name: name}
}

// parseStrong reads Strong's CSV export.
func parseStrong(data []byte, opts ImportOptions) (ImportPlan, error) {
	f, err := readCSV(data)
	if err != nil {
		return ImportPlan{}, err
	}
	if err := f.require("Strong", "date", "workout name", "exercise name"); err != nil {
		return ImportPlan{}, err
	}
	fileUnit := opts.FileUnit
	if fileUnit != "lbs" && fileUnit != "kg" {
		fileUnit = opts.UserUnit
	}
	plan := newImportPlan(opts)
	groups := newWorkoutGroups()
	for i, row := range f.rows {
		line := f.lines[i]
		start, err := parseTimeIn(f.get(i, "date"), "2006-01-02 15:04:05", "2006-01-02 15:04", time.RFC3339)
		if err != nil {
			plan.skip(line, "The date \""+f.get(i, "date")+"\" is not a date and time such as 2024-03-04 18:30:00.")
			continue
		}
		name := exercise.CleanName(f.get(i, "workout name"))
		key := eventstore.DeriveID(FormatStrong, start.Format(time.DateTime), name)
		w := groups.add(key, func() ImportWorkout {
			d, ok := parseStrongDuration(f.get(i, "duration", "workout duration"))
			if !ok {
				plan.adjust(line, "The duration \""+f.get(i, "duration", "workout duration")+"\" is not one: the workout is kept with no length.")
			}
			return plan.pastWorkout(line, start, d, name)
		})
		if w.Notes == "" { // on each row of the workout, or on one
			w.Notes = plan.noteCell(line, f.get(i, "workout notes"), "The workout's notes")
		}
		r := setRow{line: line, exercise: exercise.CleanName(f.get(i, "exercise name")), setOrder: f.get(i, "set order"),
			setNotes: f.get(i, "notes"), zeroIsNone: true, weightUnit: fileUnit, distanceUnit: "km"}
		r.kind, _ = workout.KindOfLetter(strings.ToUpper(strings.TrimSpace(r.setOrder)))
		if u := strings.ToLower(f.get(i, "weight unit")); u == "kg" || u == "lbs" {
			r.weightUnit = u
		}
		switch u := strings.ToLower(f.get(i, "distance unit")); {
		case u == "miles" || u == "mi":
			r.distanceUnit = "mi"
		case u == "" && r.weightUnit == "lbs":
			r.distanceUnit = "mi"
		case u == "m":
			r.distanceUnit = "m"
		}
		if !plan.readNumbers(line, numberCell{"weight", f.get(i, "weight"), &r.weight}, numberCell{"reps", f.get(i, "reps"), &r.reps},
			numberCell{"distance", f.get(i, "distance"), &r.distance}, numberCell{"seconds", f.get(i, "seconds"), &r.secs},
			numberCell{"RPE", f.get(i, "rpe"), &r.rpe}) {
			continue
		}
		plan.toSet(w, r, groups.setKey(key, row), opts.UserUnit)
	}
	groups.finish(&plan)
	return plan, nil
}

// parseHevy reads Hevy's CSV export.
func parseHevy(data []byte, opts ImportOptions) (ImportPlan, error) {
	f, err := readCSV(data)
	if err != nil {
		return ImportPlan{}, err
	}
	if err := f.require("Hevy", "title", "start_time", "exercise_title"); err != nil {
		return ImportPlan{}, err
	}
	weightUnit, distanceUnit := "kg", "km"
	if f.has("weight_lbs") {
		weightUnit = "lbs"
	}
	if f.has("distance_miles") {
		distanceUnit = "mi"
	}
	const layout = "2 Jan 2006, 15:04"
	plan := newImportPlan(opts)
	groups := newWorkoutGroups()
	for i, row := range f.rows {
		line := f.lines[i]
		start, err := parseTimeIn(f.get(i, "start_time"), layout, time.RFC3339, "2006-01-02 15:04:05")
		if err != nil {
			plan.skip(line, "The start time \""+f.get(i, "start_time")+"\" is not a date and time such as 22 Dec 2025, 08:00.")
			continue
		}
		end, endErr := parseTimeIn(f.get(i, "end_time"), layout, time.RFC3339, "2006-01-02 15:04:05")
		title := exercise.CleanName(f.get(i, "title"))
		key := eventstore.DeriveID(FormatHevy, start.Format(time.DateTime), f.get(i, "end_time"), title)
		w := groups.add(key, func() ImportWorkout {
			d := end.Sub(start)
			if endErr != nil || d < 0 {
				plan.adjust(line, "The end time \""+f.get(i, "end_time")+"\" is not one after the start: the workout is kept with no length.")
				d = 0
			}
			return plan.pastWorkout(line, start, d, title)
		})
		if w.Notes == "" {
			w.Notes = plan.noteCell(line, f.get(i, "description"), "The workout's description")
		}
		r := setRow{line: line, exercise: exercise.CleanName(f.get(i, "exercise_title")), weightUnit: weightUnit,
			distanceUnit: distanceUnit}
		r.setNotes = groups.onceAnExercise(key, r.exercise, f.get(i, "exercise_notes"))
		r.kind = plan.hevySetType(line, f.get(i, "set_type"))
		if !plan.readNumbers(line, numberCell{"weight", f.get(i, "weight_kg", "weight_lbs"), &r.weight},
			numberCell{"reps", f.get(i, "reps"), &r.reps}, numberCell{"distance", f.get(i, "distance_km", "distance_miles"), &r.distance},
			numberCell{"duration", f.get(i, "duration_seconds"), &r.secs}, numberCell{"RPE", f.get(i, "rpe"), &r.rpe}) {
			continue
		}
		if r.reps != nil && *r.reps == 0 {
			r.reps = nil
		}
		plan.toSet(w, r, groups.setKey(key, row), opts.UserUnit)
	}
	groups.finish(&plan)
	return plan, nil
}

// parseTimeIn parses s in the first layout that fits.
func parseTimeIn(s string, layouts ...string) (time.Time, error) {
	var err error
	for _, l := range layouts {
		var t time.Time
		if t, err = time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, err
}
