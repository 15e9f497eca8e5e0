package plan

// Rules of a kept plan (issue #29: what was paid for stays):
//   - Those who have a plan its owner gives up — bought from the catalogue or shared with them
//     as a client — keep it, in full, as it stood: when the owner deletes the plan or closes
//     their account, each of them gets a copy of their own, a new plan (its own stream),
//     made by plan.kept.v1. While the owner keeps the plan, they follow its changes, and an
//     unpublished plan stays theirs as it is.
//   - A kept plan names nobody else: not the owner (whose personal data the closing erases),
//     only its keeper, who uses it as they used the original (read it, start workouts from
//     it) and cannot change it; it is shown "By a former trainer". It is erased with the
//     keeper's account.
//   - A plan is kept once per keeper: the copy's id derives from the plan and the keeper, and
//     keeping it again records nothing.

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// TypePlanKept names PlanKept as stored.
const TypePlanKept = "plan.kept.v1"

// Why a plan was kept: its owner deleted it, or closed their account.
const (
	KeptDeleted = "deleted"
	KeptClosed  = "closed"
)

// Kept roles: how the keeper had the plan.
const (
	KeptBought = "bought"
	KeptShared = "shared"
)

// Keeping names keeperID's copy of the plan planID: the copy's plan id, the id of the command
// that makes it, and its exercises' ids from the original's. Every id derives from the plan and
// the keeper (derive is the store's derivation, eventstore.DeriveID), so whoever retries names
// the same copy.
type Keeping struct {
	PlanID     string
	CommandID  string
	ExerciseID func(originalExerciseID string) string
}

// KeepingFor names keeperID's copy of the plan planID.
func KeepingFor(planID, keeperID string, derive func(parts ...string) string) Keeping {
	id := derive("plan-kept", planID, keeperID)
	return Keeping{
		PlanID:     id,
		CommandID:  derive("keep", planID, keeperID),
		ExerciseID: func(x string) string { return derive("plan-kept-exercise", id, x) },
	}
}

// KeptExercise is one exercise of a kept plan, under an id of the copy's own.
type KeptExercise struct {
	ExerciseID string `json:"exerciseId"`
	ExerciseFields
}

// PlanKept: UserID keeps, as PlanID, their own copy of the plan FromPlanID as it stood when
// its owner gave it up (Reason), which they had as Role.
type PlanKept struct {
	PlanID     string         `json:"planId"`
	UserID     string         `json:"userId"`
	FromPlanID string         `json:"fromPlanId"`
	Role       string         `json:"role"`
	Reason     string         `json:"reason"`
	Name       string         `json:"name"`
	Notes      string         `json:"notes,omitempty"`
	Exercises  []KeptExercise `json:"exercises"`
	KeptAt     time.Time      `json:"keptAt"`
}

// EventType names the event as stored.
func (PlanKept) EventType() string { return TypePlanKept }

// OwnerID is the keeper (domain.Owned): their closing erases the copy.
func (e PlanKept) OwnerID() string { return e.UserID }

func init() { domain.Register[PlanKept](TypePlanKept) }

// Keeper is the user who keeps this plan, a copy of a plan they had ("" for a plan made here).
func (p *Plan) Keeper() string { return p.keeper }

// KeptAs is how the keeper had the plan this one copies (KeptBought, KeptShared; "" for a
// plan made here).
func (p *Plan) KeptAs() string { return p.keptAs }

// Keep makes this plan, new, keeperID's copy of from as it stands, when from's owner gives it
// up for reason; exerciseID names each of from's exercises in the copy.
func (p *Plan) Keep(from *Plan, keeperID, role, reason string, exerciseID func(string) string, now time.Time) ([]domain.Event, error) {
	if p.created {
		if p.keeper == keeperID {
			return nil, nil
		}
		return nil, domain.Conflict("plan %s exists already", p.id)
	}
	switch {
	case !from.Exists():
		return nil, domain.NotFound("Plan not found.")
	case keeperID == "" || keeperID == from.userID:
		return nil, domain.Invalid("userId", "Only those the plan was bought by or shared with keep it.")
	case role != KeptBought && role != KeptShared:
		return nil, domain.Invalid("role", "A plan is kept by a buyer or a client.")
	case reason != KeptDeleted && reason != KeptClosed:
		return nil, domain.Invalid("reason", "A plan is kept when its owner deletes it or closes their account.")
	}
	kept := PlanKept{PlanID: p.id, UserID: keeperID, FromPlanID: from.id, Role: role, Reason: reason, Name: from.name,
		Notes: from.notes, Exercises: []KeptExercise{}, KeptAt: now}
	for _, x := range from.Exercises() {
		kept.Exercises = append(kept.Exercises, KeptExercise{ExerciseID: exerciseID(x.ID), ExerciseFields: x.ExerciseFields})
	}
	return []domain.Event{kept}, nil
}
