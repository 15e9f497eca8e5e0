package workout

// Rules of the Register aggregate (stream inprogress-<userId>):
//   - A user has at most one workout in progress. Starting one claims it here; finishing or
//     deleting it releases it. Because every start is decided against this one stream at its
//     version, two devices starting at once cannot both claim.
//   - Starting while a workout is claimed answers that workout and records nothing, unless
//     the claim is stale: the claimed workout was finished or deleted (a release that never
//     got written), or its stream was never written and the claim is older than a minute
//     (the start that claimed it died half way).

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// staleClaim is how long a claim whose workout stream is still empty is trusted: a start
// writes its workout a moment after its claim.
const staleClaim = time.Minute

// Register is the user's workout in progress.
type Register struct {
	userID    string
	open      string
	claimedAt time.Time
}

// NewRegister returns the empty register of userID, ready to have its history applied.
func NewRegister(userID string) *Register { return &Register{userID: userID} }

// Apply is the one transition switch of the aggregate.
func (r *Register) Apply(e domain.Event) {
	switch e := e.(type) {
	case WorkoutClaimed:
		r.open, r.claimedAt = e.WorkoutID, e.ClaimedAt
	case WorkoutReleased:
		if r.open == e.WorkoutID {
			r.open = ""
		}
	}
}

// Open is the claimed workout, or "".
func (r *Register) Open() string { return r.open }

// ClaimState is what the caller knows of the claimed workout's own stream.
type ClaimState int

// The states of a claimed workout.
const (
	InProgress ClaimState = iota // started, not finished: the claim holds
	Ended                        // finished or deleted: the claim is stale
	Unwritten                    // no events yet: stale only after staleClaim
)

// ClaimState is what the workout's own stream says of a claim on it: no events yet (its owner
// unknown), deleted or finished, or in progress.
func (w *Workout) ClaimState() ClaimState {
	switch {
	case !w.Exists() && w.Owner() == "":
		return Unwritten
	case !w.Exists() || w.Finished():
		return Ended
	}
	return InProgress
}

// Claim makes workoutID the workout in progress. When another holds the claim it returns
// that one's id and no events. state tells what the claimed workout's stream shows.
func (r *Register) Claim(workoutID string, state func(claimed string) ClaimState, now time.Time) ([]domain.Event, string) {
	var events []domain.Event
	if r.open != "" && r.open != workoutID {
		switch state(r.open) {
		case InProgress:
			return nil, r.open
		case Unwritten:
			if now.Sub(r.claimedAt) < staleClaim {
				return nil, r.open
			}
		}
		events = append(events, WorkoutReleased{UserID: r.userID, WorkoutID: r.open, ReleasedAt: now})
	}
	if r.open == workoutID {
		return nil, workoutID
	}
	return append(events, WorkoutClaimed{UserID: r.userID, WorkoutID: workoutID, ClaimedAt: now}), workoutID
}

// Release ends workoutID's claim; nothing when it holds none.
func (r *Register) Release(workoutID string, now time.Time) []domain.Event {
	if r.open != workoutID || workoutID == "" {
		return nil
	}
	return []domain.Event{WorkoutReleased{UserID: r.userID, WorkoutID: workoutID, ReleasedAt: now}}
}
