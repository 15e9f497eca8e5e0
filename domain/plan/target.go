package plan

// Rules of a plan's weekly target (issue #28, the trainer's compliance):
//   - Only the owner, while a trainer, sets how many times a week the plan is meant to be
//     done: a whole number from 0 (no target) to MaxTimesAWeek. The same number again records
//     nothing.
//   - Compliance is read, not decided: the workouts a client started from the plan over a
//     period against the target's share of it (projections/plans.Compliance).

import (
	"math"
	"time"

	"github.com/gymlog/gymlog/domain"
)

// MaxTimesAWeek is the most a plan's weekly target may ask: twice a day.
const MaxTimesAWeek = 14

// TypeWeeklyTargetSet names WeeklyTargetSet as stored.
const TypeWeeklyTargetSet = "plan.weekly_target_set.v1"

// WeeklyTargetSet: the plan's owner, a trainer, set how many times a week the plan is meant
// to be done (0: no target).
type WeeklyTargetSet struct {
	PlanID     string    `json:"planId"`
	UserID     string    `json:"userId"`
	TimesAWeek int       `json:"timesAWeek"`
	SetAt      time.Time `json:"setAt"`
}

// EventType names the event as stored.
func (WeeklyTargetSet) EventType() string { return TypeWeeklyTargetSet }

// OwnerID is the plan's owner (domain.Owned).
func (e WeeklyTargetSet) OwnerID() string { return e.UserID }

func init() { domain.Register[WeeklyTargetSet](TypeWeeklyTargetSet) }

// TimesAWeek is how many times a week the plan is meant to be done, 0 for no target.
func (p *Plan) TimesAWeek() int { return p.timesAWeek }

// SetWeeklyTarget sets how many times a week the plan is meant to be done; trainer says
// whether the owner is one now. times is as sent (nil: none given).
func (p *Plan) SetWeeklyTarget(trainer bool, times *float64, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	if !trainer {
		return nil, domain.Forbidden("Only trainers can set a plan's weekly target.")
	}
	const message = "Please enter a whole number of times a week from 0 to 14."
	if times == nil || math.IsNaN(*times) || *times != math.Trunc(*times) || *times < 0 || *times > MaxTimesAWeek {
		return nil, domain.Invalid("timesAWeek", message)
	}
	n := int(*times)
	if n == p.timesAWeek {
		return nil, nil
	}
	return []domain.Event{WeeklyTargetSet{PlanID: p.id, UserID: p.userID, TimesAWeek: n, SetAt: now}}, nil
}
