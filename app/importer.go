package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/exercises"
)

// The formats an import reads.
const (
	FormatStrong = "strong" // Strong's CSV export
	FormatHevy   = "hevy"   // Hevy's CSV export
	FormatNDJSON = "ndjson" // Gymlog's own export ("download my data")
)

// ImportOptions say how to read a file.
type ImportOptions struct {
	// Format is one of the formats, or "" to tell it from the file.
	Format string
	// FileUnit is the unit of the weights in a Strong file without a "Weight Unit" column
	// (kg or lbs; "" means the user's). Hevy names its unit in its columns, Gymlog's export in
	// every event.
	FileUnit string
	// UserUnit is the importing user's weight unit: weights are converted to it.
	UserUnit string
	// Now is when the file is read: a workout dated after today (in the latest time zone) is
	// not imported, as the domain refuses it. Zero means the time of the call.
	Now time.Time
	// Exercises are the person's choices of what a file's exercise name becomes, by the name
	// as the file writes it: a catalogue exercise (by any of its spellings), or a name of
	// their own. A name not chosen is recognised (exercise.Recognise).
	Exercises map[string]string
	// MuscleGroups are the person's choices of muscle groups (ids) for the file's exercise
	// names that become exercises of their own, by the name as the file writes it: set on
	// the exercise once its sets are imported.
	MuscleGroups map[string][]int
}

// MaxImportChoices bounds the exercise choices an import takes.
const MaxImportChoices = 2000

// ImportPlan is what an import of one file would do: the workouts with their sets and the
// body-log entries it adds, and every line it leaves out or changes, with why. Parsing a file
// only plans; Import carries the plan out.
type ImportPlan struct {
	Format   string
	Workouts []ImportWorkout
	Weights  []ImportWeight
	Sizes    []ImportSize
	Skipped  []ImportNote // lines not imported
	Adjusted []ImportNote // lines imported with a change (a unit, a rounded RPE, a note left out)
	// Exercises are the file's exercise names, in the order they first appear, with what each
	// becomes.
	Exercises []ImportExercise

	now       time.Time         // when the file is read: ImportOptions.Now
	exercises map[string]int    // Exercises' index by the name in the file
	choices   map[string]string // ImportOptions.Exercises
	groups    map[string][]int  // ImportOptions.MuscleGroups
}

// newImportPlan is an empty plan of a file read with opts.
func newImportPlan(opts ImportOptions) ImportPlan {
	return ImportPlan{now: opts.Now, choices: opts.Exercises, groups: opts.MuscleGroups}
}

// ImportExercise is one exercise name of a file and what its sets are logged as: a catalogue
// exercise the name stands for (exercise.Recognise: "Bench Press (Barbell)" is Barbell Bench
// Press), or the name itself, one of the person's own exercises (made on the first set when
// the account has none of that name).
type ImportExercise struct {
	Name      string `json:"name"`      // as the file writes it
	As        string `json:"as"`        // the exercise its sets are logged as
	Catalogue bool   `json:"catalogue"` // As is a catalogue exercise
	Line      int    `json:"line"`      // the line it first appears on
	Sets      int    `json:"sets"`      // the sets of it the file holds
	Chosen    bool   `json:"chosen"`    // As is the person's choice (ImportOptions.Exercises)
	// MuscleGroups are the muscle groups chosen for As, an exercise of the person's own
	// (ImportOptions.MuscleGroups), set on it once its sets are imported.
	MuscleGroups []int `json:"muscleGroups,omitempty"`
}

// exerciseFor is what the sets of a file's exercise name are logged as, counted for the
// preview's list of exercises.
func (p *ImportPlan) exerciseFor(name string, line int) ImportExercise {
	i := p.register(name, line)
	p.Exercises[i].Sets++
	return p.Exercises[i]
}

// register lists the file's exercise name (first seen at line) with what it becomes, once,
// and gives its place in the list; its sets are counted by exerciseFor.
func (p *ImportPlan) register(name string, line int) int {
	if p.exercises == nil {
		p.exercises = map[string]int{}
	}
	i, ok := p.exercises[name]
	if !ok {
		x := ImportExercise{Name: name, As: name, Line: line}
		if chosen := exercise.CleanName(p.choices[name]); chosen != "" {
			x.As, x.Chosen = chosen, true
			if b, found := exercise.LookupBuiltin(chosen); found {
				x.As, x.Catalogue = b.Name, true
			}
		} else if b, found := exercise.Recognise(name); found {
			x.As, x.Catalogue = b.Name, true
		}
		if ids := p.groups[name]; !x.Catalogue && len(ids) > 0 {
			x.MuscleGroups = ids
		}
		i = len(p.Exercises)
		p.exercises[name] = i
		p.Exercises = append(p.Exercises, x)
	}
	return i
}

// ImportNote says why a line of the file (from 1; 0 for the file as a whole) is left out or
// changed.
type ImportNote struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// ImportWorkout is a past workout to add. Key names it in the file: the import's command ids
// derive from it, so the same workout imported again names the same events.
type ImportWorkout struct {
	Key, Date, StartTime, FinishTime, Name string
	Notes                                  string
	Line                                   int
	Sets                                   []ImportSet
}

// ImportSet is a set to log into its workout: one of Strength and Cardio.
type ImportSet struct {
	Key      string
	Line     int
	Strength *workout.StrengthInput
	Cardio   *workout.CardioInput
	// Done says the set was performed: every row of a Strong or Hevy export (which lists
	// the sets done), and a set of a Gymlog export as it was.
	Done bool
}

// ImportWeight is a body weight to log, in the user's unit.
type ImportWeight struct {
	Key, Date string
	Line      int
	Weight    float64
}

// ImportSize is a body measurement to log, in centimetres.
type ImportSize struct {
	Key, Date, Category string
	Line                int
	Measurement         float64
}

// SetCount is the number of sets the plan logs.
func (p ImportPlan) SetCount() int {
	n := 0
	for _, w := range p.Workouts {
		n += len(w.Sets)
	}
	return n
}

// Items is the number of commands the plan gives (a workout with its sets counts once): the
// total its progress counts to.
func (p ImportPlan) Items() int { return len(p.Workouts) + len(p.Weights) + len(p.Sizes) }

// errNotAFormat answers a file that is none of the formats.
var errNotAFormat = domain.Invalid("content",
	"This file is not a Strong or Hevy CSV export, or a Gymlog export (NDJSON).")

// ParseImport reads a file into an import plan. A file it cannot read at all is a
// validation error on "content"; a line it cannot use is skipped, with why, in the plan.
func ParseImport(data []byte, opts ImportOptions) (ImportPlan, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !domain.CleanText(strings.NewReplacer("\n", "", "\r", "", "\t", "").Replace(string(data))) {
		return ImportPlan{}, domain.Invalid("content", "This file holds characters that are not text: please choose a CSV or NDJSON export.")
	}
	if opts.UserUnit != "lbs" {
		opts.UserUnit = "kg"
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	format := opts.Format
	if format == "" {
		format = detectFormat(data)
	}
	var plan ImportPlan
	var err error
	switch format {
	case FormatStrong:
		plan, err = parseStrong(data, opts)
	case FormatHevy:
		plan, err = parseHevy(data, opts)
	case FormatNDJSON:
		plan, err = parseNDJSON(data, opts)
	default:
		return ImportPlan{}, errNotAFormat
	}
	if err != nil {
		return ImportPlan{}, err
	}
	plan.Format = format
	// A name all of whose rows went elsewhere (weighted rows of a bodyweight exercise) is not
	// listed: nothing becomes of it.
	plan.Exercises = slices.DeleteFunc(plan.Exercises, func(x ImportExercise) bool { return x.Sets == 0 })
	if plan.Items() == 0 && len(plan.Skipped) == 0 {
		return ImportPlan{}, domain.Invalid("content", "This file holds no workouts.")
	}
	return plan, nil
}

// detectFormat tells a file's format from its first line.
func detectFormat(data []byte) string {
	first, _, _ := bytes.Cut(bytes.TrimSpace(data), []byte("\n"))
	header := strings.ToLower(string(first))
	switch {
	case strings.HasPrefix(header, "{"):
		return FormatNDJSON
	case strings.Contains(header, "exercise_title"):
		return FormatHevy
	case strings.Contains(header, "exercise name"):
		return FormatStrong
	}
	return ""
}

// addWorkout adds w to the plan when the domain would record it, and skips its line with the
// reasons otherwise.
func (p *ImportPlan) addWorkout(w ImportWorkout) {
	if len(w.Sets) == 0 {
		p.skip(w.Line, "The workout is not imported: none of its sets could be.")
		return
	}
	if !domain.CleanText(w.Name) {
		p.skip(w.Line, "The workout is not imported: its name contains characters that are not allowed.")
		return
	}
	_, err := workout.New("check").AddPast(workout.StartInput{Date: w.Date, StartTime: w.StartTime, Name: w.Name, Notes: w.Notes},
		w.FinishTime, p.now)
	if err != nil {
		p.skip(w.Line, "The workout is not imported: "+reasons(err))
		return
	}
	var sets []ImportSet
	for _, s := range w.Sets {
		if len(sets) == workout.MaxSets {
			p.skip(s.Line, "A workout can hold at most 1000 sets.")
			continue
		}
		sets = append(sets, s)
	}
	w.Sets = sets
	p.Workouts = append(p.Workouts, w)
}

func (p *ImportPlan) skip(line int, reason string) {
	p.Skipped = append(p.Skipped, ImportNote{line, reason})
}
func (p *ImportPlan) adjust(line int, reason string) {
	p.Adjusted = append(p.Adjusted, ImportNote{line, reason})
}

// Check reports the violations of the set's fields, weights in unit. A request's text is
// checked where it is decoded (domain.CleanText); a file's is checked here.
func (s ImportSet) Check(unit string) error {
	if s.Strength != nil {
		if !domain.CleanText(s.Strength.Exercise) || !domain.CleanText(s.Strength.Category) {
			return domain.Invalid("exercise", domain.TextProblem)
		}
		return workout.CheckStrength(*s.Strength, unit)
	}
	if !domain.CleanText(s.Cardio.Exercise) || !domain.CleanText(s.Cardio.Unit) {
		return domain.Invalid("exercise", domain.TextProblem)
	}
	return workout.CheckCardio(*s.Cardio)
}

// checkSet adds s to the workout's sets when its fields are valid, in the user's unit, and
// skips its line with the violations otherwise.
func (p *ImportPlan) checkSet(w *ImportWorkout, s ImportSet, unit string) {
	if err := s.Check(unit); err != nil {
		p.skip(s.Line, reasons(err))
		return
	}
	w.Sets = append(w.Sets, s)
}

// reasons is an error's messages, as a person reads them.
func reasons(err error) string {
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		msgs := make([]string, 0, len(ve.Violations))
		for _, v := range ve.Violations {
			msgs = append(msgs, v.Message)
		}
		return strings.Join(msgs, " ")
	}
	return "It could not be read."
}

// convertWeight turns a weight in from (kg or lbs) into to, rounded as weights are kept.
func convertWeight(w float64, from, to string) float64 {
	if from == to {
		return w
	}
	return body.FromKg(body.ToKg(w, from), to)
}

// ImportResult is what an import did: how many of the plan's workouts, sets and body-log
// entries it added, how many were there already (an earlier import of the same file), and
// what failed.
type ImportResult struct {
	Workouts        int          `json:"workouts"`
	Sets            int          `json:"sets"`
	Weights         int          `json:"weights"`
	Sizes           int          `json:"sizes"`
	AlreadyImported int          `json:"alreadyImported"`
	Failed          []ImportNote `json:"failed"`
}

// Import carries plan out for userID (weights in unit) through the use cases a person's
// requests go through: AddPastWorkout, then SaveSet for each set (a set with an RPE is logged
// done), LogWeight and LogSize. Every command's id derives from the user and the item's key
// in the file, so a retry, or the same file imported again, names the same events and the
// store's idempotency answers without acting: it adds nothing twice. progress is told after
// each item. A command the domain refuses is reported in the result and the import goes on;
// any other failure stops it.
func (a *App) Import(ctx context.Context, userID, unit string, plan ImportPlan, progress func(done, total int)) (ImportResult, error) {
	var res ImportResult
	seen := eventIDs{a: a, streams: map[string]map[string]bool{}}
	done, total := 0, plan.Items()
	step := func(line int, err error) error {
		done++
		if progress != nil {
			progress(done, total)
		}
		if err == nil || domain.KindOf(err) == domain.KindInternal {
			return err
		}
		res.Failed = append(res.Failed, ImportNote{line, reasons(err)})
		return nil
	}
	mine := func(owner string) error {
		if owner != userID {
			return domain.Forbidden("not your workout")
		}
		return nil
	}
	held, err := a.heldWorkouts(ctx, userID)
	if err != nil {
		return res, err
	}
	used := newExerciseUses(a.customExercise(ctx, userID))
	var position int64
	for _, w := range plan.Workouts {
		p, err := a.importWorkout(ctx, &seen, held, used, userID, unit, w, mine, &res)
		if err := step(w.Line, err); err != nil {
			return res, err
		}
		position = max(position, p)
	}
	for _, e := range plan.Weights {
		meta := importMeta(userID, "weight", e.Key)
		id := meta.EntityID("weight", userID)
		if err := step(e.Line, seen.once(ctx, BodyStream(userID), meta, &res.Weights, &res.AlreadyImported, func() error {
			return a.LogWeight(ctx, LogWeight{Meta: meta, UserID: userID, Unit: unit, EntryID: id,
				Input: body.WeightInput{Date: e.Date, Weight: &e.Weight}})
		})); err != nil {
			return res, err
		}
	}
	for _, e := range plan.Sizes {
		meta := importMeta(userID, "size", e.Key)
		id := meta.EntityID("size", userID)
		if err := step(e.Line, seen.once(ctx, BodyStream(userID), meta, &res.Sizes, &res.AlreadyImported, func() error {
			return a.LogSize(ctx, LogSize{Meta: meta, UserID: userID, EntryID: id,
				Input: body.SizeInput{Date: e.Date, Measurement: &e.Measurement, Category: e.Category}})
		})); err != nil {
			return res, err
		}
	}
	// The muscle groups chosen for the person's own exercises, now that their sets made them.
	for _, x := range plan.Exercises {
		if len(x.MuscleGroups) == 0 {
			continue
		}
		meta := importMeta(userID, "muscle groups", x.As, fmt.Sprint(x.MuscleGroups))
		err := a.ChooseMuscleGroups(ctx, ChooseMuscleGroups{Meta: meta, UserID: userID, Exercise: x.As, MuscleGroups: x.MuscleGroups})
		switch {
		case domain.KindOf(err) == domain.KindInternal:
			return res, err
		case err != nil:
			res.Failed = append(res.Failed, ImportNote{x.Line, "The muscle groups of " + x.As + " were not set: " + reasons(err)})
		}
	}
	// Done means every read model shows what the import stored.
	a.caughtUp(ctx, position)
	return res, nil
}

// heldWorkouts are the user's finished workouts, each as heldKey names it.
func (a *App) heldWorkouts(ctx context.Context, userID string) (map[string]bool, error) {
	finished, err := a.read.Workouts.Finished(ctx, userID)
	if err != nil {
		return nil, err
	}
	held := make(map[string]bool, len(finished))
	for _, w := range finished {
		held[heldKey(w.Date, w.StartTime, w.Name)] = true
	}
	return held, nil
}

// InAccount tells, for each workout of plan in turn, whether the account holds it already:
// one an earlier import of the file added (its id derives from the file's key), or a finished
// workout with its date, start and name (a CSV download of this account, imported back). The
// preview names them; the import leaves them as they are.
func (a *App) InAccount(ctx context.Context, userID string, plan ImportPlan) ([]bool, error) {
	held, err := a.heldWorkouts(ctx, userID)
	if err != nil {
		return nil, err
	}
	ids, err := a.read.Workouts.IDs(ctx, userID)
	if err != nil {
		return nil, err
	}
	mine := make(map[string]bool, len(ids))
	for _, id := range ids {
		mine[id] = true
	}
	in := make([]bool, len(plan.Workouts))
	for i, w := range plan.Workouts {
		_, id := importedWorkout(userID, w)
		in[i] = mine[id] || held[heldKey(w.Date, w.StartTime, w.Name)]
	}
	return in, nil
}

// importedWorkout is the metadata and the id an import gives the workout w of a file.
func importedWorkout(userID string, w ImportWorkout) (eventstore.Metadata, string) {
	meta := importMeta(userID, "workout", w.Key)
	return meta, meta.EntityID("workout", userID)
}

// heldKey names a workout by what a file says of it, its date, start (to the minute) and
// name, as an import recognises it in the account.
func heldKey(date, start, name string) string {
	return date + " " + start + " " + strings.ToLower(exercise.CleanName(name))
}

// importWorkout adds one workout and logs its sets: one batch on the workout's stream
// (ExecuteSteps), its past start and each set a step with the metadata of its own command, as
// AddPastWorkout and SaveSet would decide them one by one. A workout that no import added
// before but that the account holds (the same date, start and name: a CSV download imported
// back) is counted as there already and left as it is. The first use of a custom exercise is
// recorded in the user's exercises, as SaveSet records it, once the sets are stored.
func (a *App) importWorkout(ctx context.Context, seen *eventIDs, held map[string]bool, used *exerciseUses, userID, unit string, w ImportWorkout, mine Authorise, res *ImportResult) (int64, error) {
	meta, id := importedWorkout(userID, w)
	imported, err := seen.load(ctx, WorkoutStream(id))
	if err != nil {
		return 0, err
	}
	if len(imported) == 0 && held[heldKey(w.Date, w.StartTime, w.Name)] {
		res.AlreadyImported++
		return 0, nil
	}
	now := a.now()
	start := workout.StartInput{UserID: userID, Date: w.Date, StartTime: w.StartTime, Name: w.Name, Notes: w.Notes}
	steps := []Step[*workout.Workout]{{Meta: meta, Decide: func(wk *workout.Workout) ([]domain.Event, error) {
		return wk.AddPast(start, w.FinishTime, now)
	}}}
	cmds := make([]SaveSet, len(w.Sets))
	for i, s := range w.Sets {
		// A row of an export is a set that was done: imported done, with its RPE if it has
		// one, so the history counts (volume, bests) at once.
		cmd := SaveSet{Meta: importMeta(userID, "workout", w.Key, "set", s.Key), UserID: userID, Unit: unit, WorkoutID: id,
			Strength: s.Strength, Cardio: s.Cardio, Performed: s.Done, MayChange: mine}
		if cmd.Strength != nil {
			defaultCategory(cmd.Strength, used.custom)
		}
		cmds[i] = cmd
		steps = append(steps, Step[*workout.Workout]{Meta: cmd.Meta,
			Decide: ownWorkout(mine, nil, cmd.decide(cmd.newSetID(), now))})
	}
	results, stored, err := ExecuteSteps(ctx, a, WorkoutStream(id), func() *workout.Workout { return workout.New(id) }, steps)
	switch {
	case err != nil:
		return 0, err
	case results[0].Err != nil:
		return 0, results[0].Err
	case results[0].Stored:
		res.AlreadyImported++
	default:
		res.Workouts++
	}
	position := stored.Position
	for i, r := range results[1:] {
		s, cmd := w.Sets[i], cmds[i]
		switch {
		case r.Err != nil:
			res.Failed = append(res.Failed, ImportNote{s.Line, reasons(r.Err)})
			continue
		case !r.Stored:
			res.Sets++
		}
		if category := setCategory(r.Events); category != "" && !used.done[exercise.Key(cmd.exercise())] {
			p, err := used.record(ctx, a, cmd, category)
			if err != nil {
				return 0, err
			}
			position = max(position, p)
		}
	}
	return position, nil
}

// exerciseUses are the custom exercises whose use an import recorded, and the answers of the
// exercises read model it was given, by exercise: a file names a few exercises in thousands of
// rows.
type exerciseUses struct {
	done    map[string]bool
	answers map[string]customAnswer
	find    func(name string) (exercises.Custom, error)
}

type customAnswer struct {
	c   exercises.Custom
	err error
}

func newExerciseUses(find func(name string) (exercises.Custom, error)) *exerciseUses {
	return &exerciseUses{done: map[string]bool{}, answers: map[string]customAnswer{}, find: find}
}

// custom finds the user's custom exercise name, as the read model answered it last.
func (u *exerciseUses) custom(name string) (exercises.Custom, error) {
	k := exercise.Key(name)
	if x, ok := u.answers[k]; ok {
		return x.c, x.err
	}
	c, err := u.find(name)
	if domain.KindOf(err) == domain.KindInternal {
		return c, err // asked again next time
	}
	u.answers[k] = customAnswer{c, err}
	return c, err
}

// record records the use of cmd's custom exercise with category, as SaveSet does, and waits
// until the exercises read model has it: the next workouts' sets of the exercise without a
// category take the one it was given (defaultCategory), read anew.
func (u *exerciseUses) record(ctx context.Context, a *App, cmd SaveSet, category string) (int64, error) {
	p, err := a.useExercise(ctx, cmd.Meta.Follow("use exercise in "+cmd.newSetID()), cmd.UserID, cmd.exercise(), category)
	if err != nil {
		return 0, err
	}
	a.caughtUp(ctx, p, exercises.Name)
	k := exercise.Key(cmd.exercise())
	u.done[k] = true
	delete(u.answers, k)
	return p, nil
}

// load returns the ids of the events in stream as the import found it, reading it the first time.
func (e *eventIDs) load(ctx context.Context, stream string) (map[string]bool, error) {
	if ids, ok := e.streams[stream]; ok {
		return ids, nil
	}
	records, err := e.a.store.ReadStream(ctx, stream, 1)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(records))
	for _, r := range records {
		ids[r.ID] = true
	}
	e.streams[stream] = ids
	return ids, nil
}

// eventIDs are the ids of the events in the streams an import writes, each stream read once
// when the import first writes it.
type eventIDs struct {
	a       *App
	streams map[string]map[string]bool
}

// once runs a command with meta on stream, counting it as added, or as already imported
// when its first event is in the stream already (the command then answers from it, acting
// on nothing).
func (e *eventIDs) once(ctx context.Context, stream string, meta eventstore.Metadata, added, already *int, run func() error) error {
	ids, err := e.load(ctx, stream)
	if err != nil {
		return err
	}
	if err := run(); err != nil {
		return err
	}
	if ids[firstEventID(stream, meta)] {
		*already++
	} else {
		*added++
	}
	return nil
}

// importMeta is the metadata of the commands an import gives: the command id derives from
// the user and what the command is for in the file (key), so importing the file again names
// the same events, and the store's idempotency answers without acting.
func importMeta(userID string, key ...string) eventstore.Metadata {
	cmd := eventstore.DeriveID(append([]string{"import", userID}, key...)...)
	return eventstore.Metadata{ActorID: userID, CommandID: cmd, CorrelationID: cmd}
}
