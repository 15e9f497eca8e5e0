// Package workout holds the rules of workouts and their sets: a Workout aggregate per stream
// workout-<id>, and the Register (stream inprogress-<userId>) that keeps one workout in
// progress per user.
package workout

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeWorkoutStarted       = "workout.started.v1"
	TypeWorkoutDetailsEdited = "workout.details_edited.v1"
	TypeWorkoutFinished      = "workout.finished.v1"
	TypeWorkoutDeleted       = "workout.deleted.v1"
	TypeSetLogged            = "workout.set_logged.v1"
	TypeSetEdited            = "workout.set_edited.v1"
	TypeSetMarkedDone        = "workout.set_marked_done.v1"
	TypeSetDeleted           = "workout.set_deleted.v1"
	TypeWorkoutClaimed       = "workout.claimed.v1"
	TypeWorkoutReleased      = "workout.released.v1"
	TypePlanCopied           = "workout.plan_copied.v1"
)

// WorkoutStarted: a workout began (from scratch, as a duplicate of FromWorkoutID, or as a
// past workout that a WorkoutFinished follows at once).
type WorkoutStarted struct {
	WorkoutID     string    `json:"workoutId"`
	UserID        string    `json:"userId"`
	Date          string    `json:"date"`
	StartTime     string    `json:"startTime"`
	Name          string    `json:"name,omitempty"`
	Notes         string    `json:"notes,omitempty"`
	FromWorkoutID string    `json:"fromWorkoutId,omitempty"`
	PlanName      string    `json:"planName,omitempty"`
	StartedAt     time.Time `json:"startedAt"`
}

// WorkoutDetailsEdited: the name, notes, date or times of a workout changed; each field is
// its value after the edit. FinishTime only changes on a workout already finished.
type WorkoutDetailsEdited struct {
	WorkoutID  string    `json:"workoutId"`
	UserID     string    `json:"userId"`
	Date       string    `json:"date"`
	StartTime  string    `json:"startTime"`
	FinishTime string    `json:"finishTime,omitempty"`
	Name       string    `json:"name,omitempty"`
	Notes      string    `json:"notes,omitempty"`
	EditedAt   time.Time `json:"editedAt"`
}

// WorkoutFinished: the workout ended at FinishTime; its undone sets were deleted just before.
type WorkoutFinished struct {
	WorkoutID  string    `json:"workoutId"`
	UserID     string    `json:"userId"`
	FinishTime string    `json:"finishTime"`
	Name       string    `json:"name,omitempty"`
	FinishedAt time.Time `json:"finishedAt"`
}

// WorkoutDeleted: the workout and its sets are gone.
type WorkoutDeleted struct {
	WorkoutID string    `json:"workoutId"`
	UserID    string    `json:"userId"`
	DeletedAt time.Time `json:"deletedAt"`
}

// SetFields is what a set holds; strength sets use Weight and Reps, cardio sets the rest.
type SetFields struct {
	Exercise string   `json:"exercise"`
	Category string   `json:"category"`
	Weight   *float64 `json:"weight,omitempty"`
	Unit     string   `json:"unit"`
	Reps     *int     `json:"reps,omitempty"`
	RPE      *int     `json:"rpe,omitempty"`
	Distance *float64 `json:"distance,omitempty"`
	// DistanceUnit is "", km, m or mi.
	DistanceUnit string `json:"distanceUnit,omitempty"`
	Minutes      *int   `json:"minutes,omitempty"`
	Seconds      *int   `json:"seconds,omitempty"`
	// Kind is "" (a working set), warmup, drop or failure (kind.go); strength sets only.
	Kind string `json:"kind,omitempty"`
	// Note is the lifter's note on the set ("seat at 4"); it may hold lines (domain.CleanNote).
	Note string `json:"note,omitempty"`
}

// SetLogged: a set was added to the workout; Done when it came with an RPE. Restored marks
// a set put back by the undo of its deletion.
type SetLogged struct {
	SetID     string `json:"setId"`
	WorkoutID string `json:"workoutId"`
	UserID    string `json:"userId"`
	SetFields
	Done     bool      `json:"done"`
	LoggedAt time.Time `json:"loggedAt"`
	Restored *Restored `json:"restored,omitempty"`
}

// Restored is a set's return by the undo of its deletion: it goes back to its place. Position
// is the log position of the set's first logging, which read models order it by (0 when
// unknown: it goes last); DeletedAt is when it was deleted.
type Restored struct {
	Position  int64     `json:"position"`
	DeletedAt time.Time `json:"deletedAt"`
}

// Place is the log position a set logged at position orders by among its workout's sets:
// a restored set's first logging's, when that came before.
func (e SetLogged) Place(position int64) int64 {
	if e.Restored != nil && e.Restored.Position > 0 && e.Restored.Position < position {
		return e.Restored.Position
	}
	return position
}

// SetEdited: a set's fields were changed; Done as it is after the edit.
type SetEdited struct {
	SetID     string `json:"setId"`
	WorkoutID string `json:"workoutId"`
	UserID    string `json:"userId"`
	SetFields
	Done     bool      `json:"done"`
	EditedAt time.Time `json:"editedAt"`
}

// SetMarkedDone: the lifter did the set and rated it.
type SetMarkedDone struct {
	SetID     string    `json:"setId"`
	WorkoutID string    `json:"workoutId"`
	UserID    string    `json:"userId"`
	RPE       int       `json:"rpe"`
	DoneAt    time.Time `json:"doneAt"`
}

// SetDeleted: a set was removed, by the lifter or because it was not done at the finish.
type SetDeleted struct {
	SetID     string    `json:"setId"`
	WorkoutID string    `json:"workoutId"`
	UserID    string    `json:"userId"`
	Reason    string    `json:"reason,omitempty"`
	DeletedAt time.Time `json:"deletedAt"`
}

// WorkoutClaimed: in the user's register, WorkoutID became the workout in progress.
type WorkoutClaimed struct {
	UserID    string    `json:"userId"`
	WorkoutID string    `json:"workoutId"`
	ClaimedAt time.Time `json:"claimedAt"`
}

// PlanCopied: a workout just started (its WorkoutStarted names the plan) took the plan PlanID
// as it stood at PlanVersion: each of its exercises with its notes, and the sets to do that
// its target rows became (the SetLogged events that follow, not done, hold the targets).
// Later changes to the plan leave the workout as it is.
type PlanCopied struct {
	WorkoutID   string           `json:"workoutId"`
	UserID      string           `json:"userId"`
	PlanID      string           `json:"planId"`
	PlanVersion int64            `json:"planVersion"`
	Exercises   []CopiedExercise `json:"exercises"`
	CopiedAt    time.Time        `json:"copiedAt"`
}

// CopiedExercise is one exercise of a copied plan: its notes and the ids of its sets to do.
type CopiedExercise struct {
	Exercise string   `json:"exercise"`
	Category string   `json:"category"`
	Notes    string   `json:"notes,omitempty"`
	SetIDs   []string `json:"setIds"`
}

// WorkoutReleased: in the user's register, WorkoutID is no longer in progress.
type WorkoutReleased struct {
	UserID     string    `json:"userId"`
	WorkoutID  string    `json:"workoutId"`
	ReleasedAt time.Time `json:"releasedAt"`
}

// EventType names the event as stored.
func (WorkoutStarted) EventType() string { return TypeWorkoutStarted }

// EventType names the event as stored.
func (WorkoutDetailsEdited) EventType() string { return TypeWorkoutDetailsEdited }

// EventType names the event as stored.
func (WorkoutFinished) EventType() string { return TypeWorkoutFinished }

// EventType names the event as stored.
func (WorkoutDeleted) EventType() string { return TypeWorkoutDeleted }

// EventType names the event as stored.
func (SetLogged) EventType() string { return TypeSetLogged }

// EventType names the event as stored.
func (SetEdited) EventType() string { return TypeSetEdited }

// EventType names the event as stored.
func (SetMarkedDone) EventType() string { return TypeSetMarkedDone }

// EventType names the event as stored.
func (SetDeleted) EventType() string { return TypeSetDeleted }

// EventType names the event as stored.
func (PlanCopied) EventType() string { return TypePlanCopied }

// EventType names the event as stored.
func (WorkoutClaimed) EventType() string { return TypeWorkoutClaimed }

// EventType names the event as stored.
func (WorkoutReleased) EventType() string { return TypeWorkoutReleased }

// Subject is what an event of a workout's stream is about: the workout, and its owner, as
// the workout and set events name them (the register's events are the user's own).
type Subject interface {
	Subject() (workoutID, ownerID string)
}

// Subject names the workout and its owner.
func (e WorkoutStarted) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e WorkoutDetailsEdited) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e WorkoutFinished) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e WorkoutDeleted) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e SetLogged) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e SetEdited) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e SetMarkedDone) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e SetDeleted) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// Subject names the workout and its owner.
func (e PlanCopied) Subject() (workoutID, ownerID string) { return e.WorkoutID, e.UserID }

// OwnerID implementations name the user each event is about (domain.Owned).
func (e WorkoutStarted) OwnerID() string       { return e.UserID }
func (e WorkoutDetailsEdited) OwnerID() string { return e.UserID }
func (e WorkoutFinished) OwnerID() string      { return e.UserID }
func (e WorkoutDeleted) OwnerID() string       { return e.UserID }
func (e SetLogged) OwnerID() string            { return e.UserID }
func (e SetEdited) OwnerID() string            { return e.UserID }
func (e SetMarkedDone) OwnerID() string        { return e.UserID }
func (e SetDeleted) OwnerID() string           { return e.UserID }
func (e PlanCopied) OwnerID() string           { return e.UserID }
func (e WorkoutClaimed) OwnerID() string       { return e.UserID }
func (e WorkoutReleased) OwnerID() string      { return e.UserID }

func init() {
	domain.Register[WorkoutStarted](TypeWorkoutStarted)
	domain.Register[WorkoutDetailsEdited](TypeWorkoutDetailsEdited)
	domain.Register[WorkoutFinished](TypeWorkoutFinished)
	domain.Register[WorkoutDeleted](TypeWorkoutDeleted)
	domain.Register[SetLogged](TypeSetLogged)
	domain.Register[SetEdited](TypeSetEdited)
	domain.Register[SetMarkedDone](TypeSetMarkedDone)
	domain.Register[SetDeleted](TypeSetDeleted)
	domain.Register[WorkoutClaimed](TypeWorkoutClaimed)
	domain.Register[WorkoutReleased](TypeWorkoutReleased)
	domain.Register[PlanCopied](TypePlanCopied)
}
