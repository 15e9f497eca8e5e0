// Package plan holds the rules of training plans: a Plan aggregate per stream plan-<id>,
// holding the plan's name and notes and its exercises, each with its target rows.
package plan

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypePlanCreated     = "plan.created.v1"
	TypePlanEdited      = "plan.edited.v1"
	TypePlanDeleted     = "plan.deleted.v1"
	TypeExerciseAdded   = "plan.exercise_added.v1"
	TypeExerciseEdited  = "plan.exercise_edited.v1"
	TypeExerciseRemoved = "plan.exercise_removed.v1"
)

// PlanCreated: a user made a plan.
type PlanCreated struct {
	PlanID    string    `json:"planId"`
	UserID    string    `json:"userId"`
	Name      string    `json:"name"`
	Notes     string    `json:"notes,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
}

// PlanEdited: the plan's name or notes changed.
type PlanEdited struct {
	PlanID   string    `json:"planId"`
	UserID   string    `json:"userId"`
	Name     string    `json:"name"`
	Notes    string    `json:"notes,omitempty"`
	EditedAt time.Time `json:"editedAt"`
}

// PlanDeleted: the plan and its exercises are gone.
type PlanDeleted struct {
	PlanID    string    `json:"planId"`
	UserID    string    `json:"userId"`
	DeletedAt time.Time `json:"deletedAt"`
}

// Target is one row of a plan exercise's target table: Weight (absent for bodyweight, in the
// exercise's WeightUnit) and Reps for strength; Distance, DistanceUnit, Minutes and Seconds,
// each optional, for cardio.
type Target struct {
	Weight       *float64 `json:"weight,omitempty"`
	Reps         *int     `json:"reps,omitempty"`
	Distance     *float64 `json:"distance,omitempty"`
	DistanceUnit string   `json:"distanceUnit,omitempty"`
	Minutes      *int     `json:"minutes,omitempty"`
	Seconds      *int     `json:"seconds,omitempty"`
}

// ExerciseFields is what a plan exercise holds, as checked.
type ExerciseFields struct {
	Exercise string `json:"exercise"`
	// Category is free-weights, machine-weights, bodyweight or cardio.
	Category string `json:"category"`
	// WeightUnit is the unit the targets' weights were typed in (the owner's unit then).
	WeightUnit     string   `json:"weightUnit,omitempty"`
	Targets        []Target `json:"targets"`
	Notes          string   `json:"notes,omitempty"`
	MuscleGroupIDs []int    `json:"muscleGroupIds,omitempty"`
}

// ExerciseAdded: an exercise with its targets was added to the plan. Restored marks an
// exercise put back by the undo of its removal.
type ExerciseAdded struct {
	ExerciseID string `json:"exerciseId"`
	PlanID     string `json:"planId"`
	UserID     string `json:"userId"`
	ExerciseFields
	AddedAt  time.Time `json:"addedAt"`
	Restored *Restored `json:"restored,omitempty"`
}

// Restored is an exercise's return by the undo of its removal: it goes back to its place.
// Position is the log position of the exercise's first adding, which read models order it by
// (0 when unknown: it goes last); RemovedAt is when it was removed.
type Restored struct {
	Position  int64     `json:"position"`
	RemovedAt time.Time `json:"removedAt"`
}

// Place is the log position an exercise added at position orders by among its plan's
// exercises: a restored exercise's first adding's, when that came before.
func (e ExerciseAdded) Place(position int64) int64 {
	if e.Restored != nil && e.Restored.Position > 0 && e.Restored.Position < position {
		return e.Restored.Position
	}
	return position
}

// ExerciseEdited: a plan exercise's fields were replaced.
type ExerciseEdited struct {
	ExerciseID string `json:"exerciseId"`
	PlanID     string `json:"planId"`
	UserID     string `json:"userId"`
	ExerciseFields
	EditedAt time.Time `json:"editedAt"`
}

// ExerciseRemoved: an exercise was taken out of the plan.
type ExerciseRemoved struct {
	ExerciseID string    `json:"exerciseId"`
	PlanID     string    `json:"planId"`
	UserID     string    `json:"userId"`
	RemovedAt  time.Time `json:"removedAt"`
}

// EventType names the event as stored.
func (PlanCreated) EventType() string { return TypePlanCreated }

// EventType names the event as stored.
func (PlanEdited) EventType() string { return TypePlanEdited }

// EventType names the event as stored.
func (PlanDeleted) EventType() string { return TypePlanDeleted }

// EventType names the event as stored.
func (ExerciseAdded) EventType() string { return TypeExerciseAdded }

// EventType names the event as stored.
func (ExerciseEdited) EventType() string { return TypeExerciseEdited }

// EventType names the event as stored.
func (ExerciseRemoved) EventType() string { return TypeExerciseRemoved }

// OwnerID implementations name the user each event is about (domain.Owned): the plan's owner.
func (e PlanCreated) OwnerID() string     { return e.UserID }
func (e PlanEdited) OwnerID() string      { return e.UserID }
func (e PlanDeleted) OwnerID() string     { return e.UserID }
func (e ExerciseAdded) OwnerID() string   { return e.UserID }
func (e ExerciseEdited) OwnerID() string  { return e.UserID }
func (e ExerciseRemoved) OwnerID() string { return e.UserID }

func init() {
	domain.Register[PlanCreated](TypePlanCreated)
	domain.Register[PlanEdited](TypePlanEdited)
	domain.Register[PlanDeleted](TypePlanDeleted)
	domain.Register[ExerciseAdded](TypeExerciseAdded)
	domain.Register[ExerciseEdited](TypeExerciseEdited)
	domain.Register[ExerciseRemoved](TypeExerciseRemoved)
}

// Catalogue, sharing and purchase events (issue #13).
const (
	TypePlanPublished   = "plan.published.v1"
	TypePlanUnpublished = "plan.unpublished.v1"
	TypePlanShared      = "plan.shared.v1"
	TypePlanBought      = "plan.bought.v1"
)

// PlanPublished: the plan's owner, a trainer, put it in the catalogue (or changed its
// listing) at PricePence pence in Currency (GBP), with a tagline and a level.
type PlanPublished struct {
	PlanID      string    `json:"planId"`
	UserID      string    `json:"userId"`
	PricePence  int64     `json:"pricePence"`
	Currency    string    `json:"currency"`
	Tagline     string    `json:"tagline"`
	Level       string    `json:"level"`
	PublishedAt time.Time `json:"publishedAt"`
}

// PlanUnpublished: the plan left the catalogue; those who bought it keep it.
type PlanUnpublished struct {
	PlanID        string    `json:"planId"`
	UserID        string    `json:"userId"`
	UnpublishedAt time.Time `json:"unpublishedAt"`
}

// PlanShared: the plan's owner, a trainer, gave the plan to ClientID, a confirmed client.
type PlanShared struct {
	PlanID   string    `json:"planId"`
	UserID   string    `json:"userId"`
	ClientID string    `json:"clientId"`
	SharedAt time.Time `json:"sharedAt"`
}

// PlanBought: UserID bought the plan with the payment provider's order OrderID, which the
// server read back from the provider: captured, PricePence pence in Currency. Stored in
// the order's stream (order-<orderId>), so an order buys one plan once.
type PlanBought struct {
	OrderID    string    `json:"orderId"`
	PlanID     string    `json:"planId"`
	UserID     string    `json:"userId"`
	SellerID   string    `json:"sellerId"`
	PricePence int64     `json:"pricePence"`
	Currency   string    `json:"currency"`
	BoughtAt   time.Time `json:"boughtAt"`
}

// EventType names the event as stored.
func (PlanPublished) EventType() string { return TypePlanPublished }

// EventType names the event as stored.
func (PlanUnpublished) EventType() string { return TypePlanUnpublished }

// EventType names the event as stored.
func (PlanShared) EventType() string { return TypePlanShared }

// EventType names the event as stored.
func (PlanBought) EventType() string { return TypePlanBought }

// OwnerID implementations (domain.Owned): the plan's owner, and for a purchase the buyer,
// whose closing erases the order's stream.
func (e PlanPublished) OwnerID() string   { return e.UserID }
func (e PlanUnpublished) OwnerID() string { return e.UserID }
func (e PlanShared) OwnerID() string      { return e.UserID }
func (e PlanBought) OwnerID() string      { return e.UserID }

func init() {
	domain.Register[PlanPublished](TypePlanPublished)
	domain.Register[PlanUnpublished](TypePlanUnpublished)
	domain.Register[PlanShared](TypePlanShared)
	domain.Register[PlanBought](TypePlanBought)
}
