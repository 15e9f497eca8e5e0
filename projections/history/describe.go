package history

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// workoutState is what a workout's details were, for the next edit's line. Entered is the
// day the workout was started or added to the log (a past workout, an import or a copy is
// entered after its date without being a change to it), and Zone the owner's time zone then,
// whose days a change to the workout is counted in.
type workoutState struct {
	Name, Date, StartTime, FinishTime string
	Notes                             string `json:",omitempty"`
	Entered                           string `json:",omitempty"`
	Zone                              string `json:",omitempty"`
}

// planState is what a plan's name and notes were.
type planState struct{ Name, Notes string }

// zoneState is the owner's time zone, kept under zoneID: the days that "after the day"
// counts are the owner's.
type zoneState struct{ Zone string }

// zoneID is the id the owner's time zone is kept under; no set, plan or entry id has a colon.
const zoneID = "zone:"

// entryState is a body-log entry, for its deletion's line.
type entryState struct {
	What string // "Weight 80 kg" or "Waist 81 cm"
	Date string
}

// model is what describe keeps the state of what was changed in, and reads it back from:
// the read model's tables (applier) or the read model being rebuilt in memory (memory). Its
// methods are those of applier, for the event being applied: each reads and writes the
// entities of the event's owner alone.
type model interface {
	keep(id, kind, name string, state any) error
	// keepAt is keep of an entity first kept at position (a restored set's first logging)
	// rather than the event's.
	keepAt(id, kind, name string, position int64, state any) error
	forget(id string) error
	recall(id string, v any) (name string, position int64, found bool, err error)
	setNumber(exercise string, position int64) (int, error)
	// zone reads the owner's zoneState, kept in another stream (the account's), into v.
	zone(v *zoneState) error
}

// said is an event's line: its text, and what it is about as it stood before the change
// (a workout's name and date, a plan's name); daysAfter, for a change to a workout made on
// a later day than both the workout's date and the day it was entered (in the owner's time
// zone when it was entered), is how many days after the workout's date it was made.
type said struct {
	text, about, aboutDate string
	daysAfter              int
}

// describe keeps in a what ev changed and returns its line (its text "" for none).
func describe(a model, ev *projections.Event) (said, error) {
	var line said
	switch id, kind := subjectOf(ev.Stream); kind {
	case "workout":
		var ws workoutState
		if _, _, found, err := a.recall(id, &ws); err != nil {
			return said{}, err
		} else if found {
			line.about, line.aboutDate = ws.Name, ws.Date
			line.daysAfter = daysAfter(ws, changedAt(ev))
		} else if e, ok := ev.Payload.(workout.WorkoutStarted); ok {
			line.about, line.aboutDate = e.Name, e.Date
		}
	case "plan":
		var ps planState
		if _, _, found, err := a.recall(id, &ps); err != nil {
			return said{}, err
		} else if found {
			line.about = ps.Name
		} else if e, ok := ev.Payload.(plan.PlanCreated); ok {
			line.about = e.Name
		} else if e, ok := ev.Payload.(plan.PlanKept); ok {
			line.about = e.Name
		}
	}
	text, err := describeText(a, ev)
	line.text = text
	return line, err
}

// subjectOf splits a stream into its entity's id and kind, workout or plan ("" for others).
func subjectOf(stream string) (id, kind string) {
	if id, ok := strings.CutPrefix(stream, "workout-"); ok {
		return id, "workout"
	}
	if id, ok := strings.CutPrefix(stream, "plan-"); ok {
		return id, "plan"
	}
	return "", ""
}

// changedAt is when a change to a workout was made, by the domain's clock.
func changedAt(ev *projections.Event) time.Time {
	switch e := ev.Payload.(type) {
	case workout.WorkoutStarted:
		return e.StartedAt
	case workout.WorkoutDetailsEdited:
		return e.EditedAt
	case workout.WorkoutFinished:
		return e.FinishedAt
	case workout.WorkoutDeleted:
		return e.DeletedAt
	case workout.SetLogged:
		return e.LoggedAt
	case workout.SetEdited:
		return e.EditedAt
	case workout.SetMarkedDone:
		return e.DoneAt
	case workout.SetDeleted:
		return e.DeletedAt
	case workout.PlanCopied:
		return e.CopiedAt
	}
	return ev.RecordedAt
}

// daysAfter is how many days after the workout's date a change made at was, when it was
// made on a later day (in the zone the workout was entered in) than both that date and the
// day the workout was entered; else 0.
func daysAfter(ws workoutState, at time.Time) int {
	if at.IsZero() {
		return 0
	}
	day := localDay(at, ws.Zone)
	if day <= ws.Date || day <= ws.Entered {
		return 0
	}
	date, err := time.Parse(time.DateOnly, ws.Date)
	if err != nil {
		return 0
	}
	changed, _ := time.Parse(time.DateOnly, day)
	return int(changed.Sub(date).Hours()) / 24
}

// enteredDay is the day a workout started at was entered in the log, "" when unknown.
func enteredDay(at time.Time, zone string) string {
	if at.IsZero() {
		return ""
	}
	return localDay(at, zone)
}

// localDay is the day (YYYY-MM-DD) at is in zone, UTC's for none or an unknown one.
func localDay(at time.Time, zone string) string {
	return at.In(account.Location(zone)).Format(time.DateOnly)
}

// describeText keeps in a what ev changed and returns its line's text ("" for none).
func describeText(a model, ev *projections.Event) (string, error) {
	switch e := ev.Payload.(type) {
	case account.TimeZoneSet:
		return "", a.keep(zoneID, "zone", "", zoneState{Zone: e.TimeZone})
	case workout.WorkoutStarted:
		text := "Workout started"
		switch {
		case e.PlanName != "":
			text = "Workout started from the plan " + quote(e.PlanName)
		case e.FromWorkoutID != "":
			text = "Workout started as a copy of an earlier one"
		case e.Name != "":
			text = "Workout " + quote(e.Name) + " started"
		}
		var z zoneState
		if err := a.zone(&z); err != nil {
			return "", err
		}
		return text + " (" + e.Date + " " + e.StartTime + ")", a.keep(e.WorkoutID, "workout", "",
			workoutState{Name: e.Name, Date: e.Date, StartTime: e.StartTime, Notes: e.Notes, Entered: enteredDay(e.StartedAt, z.Zone), Zone: z.Zone})
	case workout.WorkoutDetailsEdited:
		var was workoutState
		if _, _, _, err := a.recall(e.WorkoutID, &was); err != nil {
			return "", err
		}
		now := workoutState{Name: e.Name, Date: e.Date, StartTime: e.StartTime, FinishTime: e.FinishTime, Notes: e.Notes, Entered: was.Entered,
			Zone: was.Zone}
		if now.FinishTime == "" {
			now.FinishTime = was.FinishTime
		}
		changes := changed(nil, "name", was.Name, now.Name)
		changes = changed(changes, "date", was.Date, now.Date)
		changes = changed(changes, "start", was.StartTime, now.StartTime)
		changes = changed(changes, "finish", was.FinishTime, now.FinishTime)
		if was.Notes != now.Notes {
			changes = append(changes, "notes edited")
		}
		return sentence("Workout edited", changes), a.keep(e.WorkoutID, "workout", "", now)
	case workout.WorkoutFinished:
		var was workoutState
		if _, _, _, err := a.recall(e.WorkoutID, &was); err != nil {
			return "", err
		}
		was.FinishTime = e.FinishTime
		if e.Name != "" {
			was.Name = e.Name
		}
		return "Workout finished at " + e.FinishTime, a.keep(e.WorkoutID, "workout", "", was)
	case workout.WorkoutDeleted:
		return "Workout deleted", a.forget("")
	case workout.SetLogged:
		place := e.Place(ev.Position)
		n, err := a.setNumber(e.Exercise, place)
		if err != nil {
			return "", err
		}
		text := fmt.Sprintf("Set %d of %s logged: %s", n, e.Exercise, summary(e.SetFields))
		if e.Restored != nil {
			var z zoneState
			if err := a.zone(&z); err != nil {
				return "", err
			}
			text = fmt.Sprintf("Set %d of %s restored (undo of the delete at %s): %s", n, e.Exercise,
				e.Restored.DeletedAt.In(account.Location(z.Zone)).Format("02/01/2006 15:04"), summary(e.SetFields))
		}
		return text, a.keepAt(e.SetID, "set", e.Exercise, place, e.SetFields)
	case workout.SetEdited:
		var was workout.SetFields
		subject, err := setSubject(a, e.SetID, e.Exercise, &was)
		if err != nil {
			return "", err
		}
		text := sentence(subject+" edited", setChanges(was, e.SetFields))
		if was.Exercise == "" { // a set the read model does not hold: what it is now
			text = subject + " edited: now " + summary(e.SetFields)
		}
		return text, a.keep(e.SetID, "set", e.Exercise, e.SetFields)
	case workout.SetMarkedDone:
		var was workout.SetFields
		subject, err := setSubject(a, e.SetID, "", &was)
		if err != nil {
			return "", err
		}
		rpe := e.RPE
		was.RPE = &rpe
		return fmt.Sprintf("%s done at RPE %d", subject, e.RPE), a.keep(e.SetID, "set", was.Exercise, was)
	case workout.SetDeleted:
		var was workout.SetFields
		subject, err := setSubject(a, e.SetID, "", &was)
		if err != nil {
			return "", err
		}
		text := subject + " deleted"
		if was.Exercise != "" {
			text += " (was " + summary(was) + ")"
		}
		if e.Reason == workout.ReasonNotDone {
			text += " (not done when the workout finished)"
		}
		return text, a.forget(e.SetID)
	case plan.PlanCreated:
		return "Plan " + quote(e.Name) + " created", a.keep(e.PlanID, "plan", "", planState{Name: e.Name, Notes: e.Notes})
	case plan.PlanEdited:
		var was planState
		if _, _, _, err := a.recall(e.PlanID, &was); err != nil {
			return "", err
		}
		changes := changed(nil, "name", was.Name, e.Name)
		if was.Notes != e.Notes {
			changes = append(changes, "notes edited")
		}
		return sentence("Plan edited", changes), a.keep(e.PlanID, "plan", "", planState{Name: e.Name, Notes: e.Notes})
	case plan.PlanDeleted:
		return "Plan deleted", a.forget("")
	case plan.PlanKept:
		why := "its trainer closed their account"
		if e.Reason == plan.KeptDeleted {
			why = "its trainer deleted it"
		}
		return fmt.Sprintf("Plan %s kept with its %d exercise(s), as it stood when %s", quote(e.Name), len(e.Exercises), why),
			a.keep(e.PlanID, "plan", "", planState{Name: e.Name, Notes: e.Notes})
	case plan.ExerciseAdded:
		text := fmt.Sprintf("%s added: %s", e.Exercise, targets(e.ExerciseFields))
		if e.Restored != nil {
			var z zoneState
			if err := a.zone(&z); err != nil {
				return "", err
			}
			text = fmt.Sprintf("%s restored (undo of the removal at %s): %s", e.Exercise,
				e.Restored.RemovedAt.In(account.Location(z.Zone)).Format("02/01/2006 15:04"), targets(e.ExerciseFields))
		}
		return text, a.keep(e.ExerciseID, "plan_exercise", e.Exercise, e.ExerciseFields)
	case plan.ExerciseEdited:
		var was plan.ExerciseFields
		name, _, found, err := a.recall(e.ExerciseID, &was)
		if err != nil {
			return "", err
		}
		text := e.Exercise + " edited: " + targets(e.ExerciseFields)
		if found && name != e.Exercise {
			text = name + " edited: now " + e.Exercise + ", " + targets(e.ExerciseFields)
		} else if found && targets(was) != targets(e.ExerciseFields) {
			text = e.Exercise + " edited: " + targets(was) + " → " + targets(e.ExerciseFields)
		}
		return text, a.keep(e.ExerciseID, "plan_exercise", e.Exercise, e.ExerciseFields)
	case plan.ExerciseRemoved:
		var was plan.ExerciseFields
		name, _, found, err := a.recall(e.ExerciseID, &was)
		if err != nil {
			return "", err
		}
		if !found {
			name = "An exercise"
		}
		return name + " removed", a.forget(e.ExerciseID)
	case plan.PlanPublished:
		return fmt.Sprintf("Plan published in the catalogue at £%d.%02d (%s)", e.PricePence/100, e.PricePence%100, e.Level), nil
	case plan.PlanUnpublished:
		return "Plan taken off the catalogue", nil
	case plan.PlanShared:
		return "Plan shared with a client", nil
	case plan.WeeklyTargetSet:
		if e.TimesAWeek == 0 {
			return "Plan's weekly target taken away", nil
		}
		return fmt.Sprintf("Plan's weekly target set to %d a week", e.TimesAWeek), nil
	case workout.PlanCopied:
		return fmt.Sprintf("The plan's %d exercise(s) copied into the workout as the plan stood (version %d)",
			len(e.Exercises), e.PlanVersion), nil
	case body.WeightLogged:
		what := "Weight " + num(e.Weight) + " " + e.Unit
		return what + " logged for " + e.Date, a.keep(e.EntryID, "weight", "", entryState{What: what, Date: e.Date})
	case body.SizeLogged:
		what := e.Category + " " + num(e.Measurement) + " cm"
		return what + " logged for " + e.Date, a.keep(e.EntryID, "size", "", entryState{What: what, Date: e.Date})
	case body.WeightDeleted:
		return entryDeleted(a, e.EntryID, "A weight")
	case body.SizeDeleted:
		return entryDeleted(a, e.EntryID, "A measurement")
	}
	return "", nil
}

// setSubject names the set id as its line does ("Set 2 of Bench Press") and reads its last
// state into was; fallback names its exercise when the read model does not hold the set.
func setSubject(a model, id, fallback string, was *workout.SetFields) (string, error) {
	_, position, found, err := a.recall(id, was)
	if err != nil {
		return "", err
	}
	if !found {
		if fallback == "" {
			return "A set", nil
		}
		return "A set of " + fallback, nil
	}
	n, err := a.setNumber(was.Exercise, position)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Set %d of %s", n, was.Exercise), nil
}

func entryDeleted(a model, id, fallback string) (string, error) {
	var was entryState
	_, _, found, err := a.recall(id, &was)
	if err != nil {
		return "", err
	}
	if !found {
		return fallback + " deleted", nil
	}
	return was.What + " for " + was.Date + " deleted", a.forget(id)
}

// summary is a set as its log line shows it: "60 kg × 5 at RPE 8", "5 km in 25:30",
// "(warm-up) 40 kg × 10 reps".
func summary(f workout.SetFields) string {
	var parts []string
	if f.Kind != "" {
		parts = append(parts, "("+workout.KindName(f.Kind)+")")
	}
	if f.Distance != nil {
		parts = append(parts, num(*f.Distance)+unitSuffix(f.DistanceUnit))
	}
	if f.Minutes != nil || f.Seconds != nil {
		parts = append(parts, "in "+duration(f))
	}
	if f.Weight != nil {
		parts = append(parts, num(*f.Weight)+unitSuffix(f.Unit))
	}
	if f.Reps != nil {
		if f.Weight != nil {
			parts = append(parts, "×")
		}
		parts = append(parts, strconv.Itoa(*f.Reps)+" reps")
	}
	if f.RPE != nil {
		parts = append(parts, "at RPE "+strconv.Itoa(*f.RPE))
	}
	if len(parts) == 0 || (len(parts) == 1 && f.Kind != "") {
		return strings.Join(append(parts, "no values"), " ")
	}
	return strings.Join(parts, " ")
}

// setChanges lists what an edit changed of a set: "60 → 62.5 kg", "5 → 6 reps" ...
func setChanges(was, now workout.SetFields) []string {
	var out []string
	if was.Exercise != "" && was.Exercise != now.Exercise {
		out = append(out, "now "+now.Exercise)
	}
	if s := arrow(optNum(was.Weight), optNum(now.Weight)); s != "" {
		out = append(out, s+unitSuffix(now.Unit))
	}
	if s := arrow(optInt(was.Reps), optInt(now.Reps)); s != "" {
		out = append(out, s+" reps")
	}
	if s := arrow(optInt(was.RPE), optInt(now.RPE)); s != "" {
		out = append(out, "RPE "+s)
	}
	if s := arrow(optNum(was.Distance)+unitSuffix(was.DistanceUnit), optNum(now.Distance)+unitSuffix(now.DistanceUnit)); s != "" {
		out = append(out, s)
	}
	if s := arrow(duration(was), duration(now)); s != "" {
		out = append(out, "time "+s)
	}
	if was.Kind != now.Kind {
		out = append(out, workout.KindName(was.Kind)+" → "+workout.KindName(now.Kind))
	}
	if was.Note != now.Note {
		out = append(out, "note edited")
	}
	return out
}

// targets is a plan exercise's target rows in brief: "3 sets", "1 set".
func targets(f plan.ExerciseFields) string {
	if len(f.Targets) == 1 {
		return "1 set"
	}
	return strconv.Itoa(len(f.Targets)) + " sets"
}

func sentence(head string, changes []string) string {
	if len(changes) == 0 {
		return head
	}
	return head + ": " + strings.Join(changes, ", ")
}

func changed(out []string, what, was, now string) []string {
	if was == now {
		return out
	}
	if was == "" {
		was = "none"
	}
	if now == "" {
		now = "none"
	}
	return append(out, what+" "+was+" → "+now)
}

func arrow(was, now string) string {
	if was == now {
		return ""
	}
	if was == "" {
		was = "none"
	}
	if now == "" {
		now = "none"
	}
	return was + " → " + now
}

func quote(s string) string { return "“" + s + "”" }

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

func optNum(x *float64) string {
	if x == nil {
		return ""
	}
	return num(*x)
}

func optInt(x *int) string {
	if x == nil {
		return ""
	}
	return strconv.Itoa(*x)
}

func unitSuffix(unit string) string {
	if unit == "" {
		return ""
	}
	return " " + unit
}

// duration is a cardio set's time as m:ss, or "" without one.
func duration(f workout.SetFields) string {
	if f.Minutes == nil && f.Seconds == nil {
		return ""
	}
	m, s := 0, 0
	if f.Minutes != nil {
		m = *f.Minutes
	}
	if f.Seconds != nil {
		s = *f.Seconds
	}
	return fmt.Sprintf("%d:%02d", m, s)
}
