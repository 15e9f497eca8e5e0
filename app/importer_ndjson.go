package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/workout"
)

// parseNDJSON reads Gymlog's own export: one ExportedEvent a line, in order. Each payload is
// decoded through the domain's registry (old versions upcast); the workout events are folded
// into the workouts they leave and the body-log events into the entries they leave, and
// those are what the import adds, keyed by their ids in the file. The account's other events
// (details, plans, trainers) are not imported.
func parseNDJSON(data []byte, opts ImportOptions) (ImportPlan, error) {
	plan := ImportPlan{now: opts.Now}
	folded := map[string]*workout.Workout{}
	firstLine := map[string]int{}
	setLine := map[string]int{} // where each set was logged
	var order []string
	weights := newEntries[ImportWeight]()
	sizes := newEntries[ImportSize]()
	others := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var e ExportedEvent
		if err := json.Unmarshal(text, &e); err != nil || e.Type == "" || len(e.Data) == 0 {
			plan.skip(line, "The line is not an event of a Gymlog export.")
			continue
		}
		ev, err := domain.DecodeEvent(e.Type, e.Data)
		if err != nil {
			plan.skip(line, "The event \""+e.Type+"\" could not be read: it is unknown to this version of Gymlog, or damaged.")
			continue
		}
		switch sub := ev.(type) {
		case workout.Subject:
			id, _ := sub.Subject()
			w := folded[id]
			if w == nil {
				w = workout.New(id)
				folded[id], firstLine[id] = w, line
				order = append(order, id)
			}
			if logged, ok := ev.(workout.SetLogged); ok {
				setLine[logged.SetID] = line
			}
			w.Apply(ev)
		case body.WeightLogged:
			weights.put(sub.EntryID, ImportWeight{Key: sub.EntryID, Line: line, Date: sub.Date,
				Weight: convertWeight(sub.Weight, sub.Unit, opts.UserUnit)})
		case body.WeightDeleted:
			weights.drop(sub.EntryID)
		case body.SizeLogged:
			sizes.put(sub.EntryID, ImportSize{Key: sub.EntryID, Line: line, Date: sub.Date, Category: sub.Category, Measurement: sub.Measurement})
		case body.SizeDeleted:
			sizes.drop(sub.EntryID)
		default:
			others++
		}
	}
	if err := sc.Err(); err != nil {
		return ImportPlan{}, domain.Invalid("content", "Line "+strconv.Itoa(line+1)+" of the file is longer than any event of a Gymlog export.")
	}
	if line > 0 && len(order) == 0 && weights.len() == 0 && sizes.len() == 0 && others == 0 && len(plan.Skipped) == line {
		return ImportPlan{}, errNotAFormat
	}
	for _, id := range order {
		w := folded[id]
		switch {
		case !w.Exists():
			continue // deleted: nothing to import
		case !w.Finished():
			plan.skip(firstLine[id], "The workout in progress is not imported: finish it first.")
			continue
		}
		v := w.View()
		iw := ImportWorkout{Key: id, Line: firstLine[id], Date: v.Date, StartTime: v.StartTime, FinishTime: v.FinishTime, Name: v.Name,
			Notes: v.Notes}
		for _, s := range w.Sets() {
			set := importedSet(s, opts.UserUnit)
			set.Line = setLine[s.ID]
			plan.checkSet(&iw, set, opts.UserUnit)
		}
		plan.addWorkout(iw)
	}
	plan.Weights, plan.Sizes = weights.list(), sizes.list()
	if others > 0 {
		plan.adjust(0, strconv.Itoa(others)+" events of the account (its details, plans, trainers) are not imported: an import adds workouts and the body log.")
	}
	return plan, nil
}

// importedSet is a set of an exported workout as the command that logs it again takes it:
// weights in the user's unit, its RPE and whether it was done kept.
func importedSet(s workout.Set, userUnit string) ImportSet {
	f := func(x *int) *float64 {
		if x == nil {
			return nil
		}
		v := float64(*x)
		return &v
	}
	out := ImportSet{Key: s.ID, Done: s.Done}
	var note *string
	if s.Note != "" {
		note = &s.Note
	}
	if s.Category == exercise.Cardio {
		out.Cardio = &workout.CardioInput{Exercise: s.Exercise, Distance: s.Distance, Unit: s.DistanceUnit,
			Minutes: f(s.Minutes), Seconds: f(s.Seconds), RPE: f(s.RPE), Note: note}
		return out
	}
	in := workout.StrengthInput{Exercise: s.Exercise, Category: s.Category, Reps: f(s.Reps), RPE: f(s.RPE), Kind: s.Kind,
		Note: note}
	if s.Weight != nil {
		w := convertWeight(*s.Weight, s.Unit, userUnit)
		in.Weight = &w
	}
	out.Strength = &in
	return out
}

// entries are body-log entries by id, in the order first logged.
type entries[E any] struct {
	order []string
	by    map[string]E
}

func newEntries[E any]() *entries[E] { return &entries[E]{by: map[string]E{}} }

func (e *entries[E]) put(id string, x E) {
	if _, ok := e.by[id]; !ok {
		e.order = append(e.order, id)
	}
	e.by[id] = x
}

func (e *entries[E]) drop(id string) { delete(e.by, id) }

func (e *entries[E]) len() int { return len(e.by) }

func (e *entries[E]) list() []E {
	var out []E
	for _, id := range e.order {
		if x, ok := e.by[id]; ok {
			out = append(out, x)
		}
	}
	return out
}
