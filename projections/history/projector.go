// Package history is the history read model: a line for every change to a workout, a plan or
// a body log — when, by whom (the event's actor) and what, as a sentence written with the
// values before and after — behind each view's History panel and a trainer's Activity audit
// of a client.
package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name.
const Name = "history"

// Projector builds history_lines and history_entities.
type Projector struct{}

var _ projections.Paced = Projector{}

// Pace lets the history trail by a quarter of a second, so a run of logged sets is written
// in few transactions: the History panel is opened, not waited for.
func (Projector) Pace() time.Duration { return 250 * time.Millisecond }

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning (a sentence's wording included). 3: an entity
// is keyed by its owner and id, and an event reads and writes only its owner's entities.
// 4: a line names the workout or plan it is about and counts the days a change to a
// workout came after it; a deleted set's line says what the set was.
func (Projector) Version() int { return 4 }

// EventTypes lists the changes with a history, the time zone that dates them, and the
// account closing that erases it.
func (Projector) EventTypes() []string {
	return []string{workout.TypeWorkoutStarted, workout.TypeWorkoutDetailsEdited, workout.TypeWorkoutFinished,
		workout.TypeWorkoutDeleted, workout.TypeSetLogged, workout.TypeSetEdited, workout.TypeSetMarkedDone,
		workout.TypeSetDeleted, plan.TypePlanCreated, plan.TypePlanEdited, plan.TypePlanDeleted, plan.TypeExerciseAdded,
		plan.TypeExerciseEdited, plan.TypeExerciseRemoved, plan.TypePlanPublished, plan.TypePlanUnpublished,
		plan.TypePlanShared, plan.TypeWeeklyTargetSet, plan.TypePlanKept, workout.TypePlanCopied, body.TypeWeightLogged, body.TypeWeightDeleted,
		body.TypeSizeLogged, body.TypeSizeDeleted, account.TypeTimeZoneSet, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"history_lines", "history_entities"} }

// PartitionsByOwner marks history as rebuilt a partition of users at a time: a line and an
// entity belong to the owner of the event that wrote them (ownerOf), and an entity is keyed
// by its owner and id.
func (Projector) PartitionsByOwner() {}

var _ projections.OwnerPartitioned = Projector{}

// Apply writes the event's line, and keeps the state of what it changed for the next line.
// A change to something the read model does not hold (a set of a deleted workout) is still
// a line, told from the event alone.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	a := &applier{ctx: ctx, tx: tx, ev: ev, owner: ownerOf(ev), lines: tx.Table("history_lines"),
		entities: tx.Table("history_entities")}
	if closed, ok := ev.Payload.(account.AccountClosed); ok {
		if err := tx.Defer(ctx, `DELETE FROM `+a.entities+` WHERE owner_id = $1`, closed.UserID); err != nil {
			return err
		}
		return tx.Defer(ctx, `DELETE FROM `+a.lines+` WHERE owner_id = $1`, closed.UserID)
	}
	line, err := describe(a, &ev)
	if err != nil || line.text == "" {
		return err
	}
	return tx.Defer(ctx, `INSERT INTO `+a.lines+` (position, owner_id, subject, actor_id, at, text, about, about_date, days_after)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (position) DO NOTHING`, ev.Position, a.owner, ev.Stream,
		ev.Metadata.ActorID, ev.RecordedAt.UnixMilli(), line.text, line.about, line.aboutDate, line.daysAfter)
}

// ownerOf is the owner of ev's line: the user the event is about, "" for none.
func ownerOf(ev projections.Event) string {
	if o, ok := ev.Payload.(interface{ OwnerID() string }); ok {
		return o.OwnerID()
	}
	return ""
}

// applier applies one event. It reads and writes only the entities of the event's owner:
// ids are chosen per user, so another user's entity of the same id is, to it, none.
type applier struct {
	ctx             context.Context
	tx              projections.Tx
	ev              projections.Event
	owner           string // ownerOf(ev)
	lines, entities string
}

// keep records the state of the owner's entity id (of kind, named name) as of this event.
// An id another stream of the owner holds (a set id the owner logged into two workouts, from
// before ids were scoped to their workout) stays that stream's: were it overwritten, erasing
// that other stream would leave this stream's row holding what no event in the log says.
func (a *applier) keep(id, kind, name string, state any) error {
	return a.keepAt(id, kind, name, a.ev.Position, state)
}

// keepAt is keep, the entity first kept at position.
func (a *applier) keepAt(id, kind, name string, position int64, state any) error {
	js, err := json.Marshal(state)
	if err != nil {
		return err
	}
	return a.tx.Defer(a.ctx, `INSERT INTO `+a.entities+` (id, subject, owner_id, kind, name, position, state)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (owner_id, id) DO UPDATE SET name = $5, state = $7
		WHERE `+a.entities+`.subject = $2`,
		id, a.ev.Stream, a.owner, kind, name, position, string(js))
}

// forget drops the owner's entity id, or every entity of the owner in the event's stream
// when id is empty.
func (a *applier) forget(id string) error {
	if id == "" {
		return a.tx.Defer(a.ctx, `DELETE FROM `+a.entities+` WHERE owner_id = $1 AND subject = $2`, a.owner, a.ev.Stream)
	}
	return a.tx.Defer(a.ctx, `DELETE FROM `+a.entities+` WHERE owner_id = $1 AND id = $2 AND subject = $3`,
		a.owner, id, a.ev.Stream)
}

// recall reads the owner's entity id's state into v and returns its name and position;
// found is false when the read model does not hold it (in this stream).
func (a *applier) recall(id string, v any) (name string, position int64, found bool, err error) {
	var state string
	err = a.tx.QueryRowContext(a.ctx, `SELECT name, position, state FROM `+a.entities+`
		WHERE owner_id = $1 AND id = $2 AND subject = $3`, a.owner, id, a.ev.Stream).Scan(&name, &position, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, false, nil
	}
	if err != nil {
		return "", 0, false, fmt.Errorf("history of %s: %w", id, err)
	}
	return name, position, true, json.Unmarshal([]byte(state), v)
}

// zone reads the owner's time zone, whichever stream kept it.
func (a *applier) zone(v *zoneState) error {
	var state string
	err := a.tx.QueryRowContext(a.ctx, `SELECT state FROM `+a.entities+` WHERE owner_id = $1 AND id = $2`,
		a.owner, zoneID).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("time zone of %s: %w", a.owner, err)
	}
	return json.Unmarshal([]byte(state), v)
}

// setNumber is the number a set of exercise logged at position has in its workout now: one
// more than the owner's sets of that exercise logged before it and still there.
func (a *applier) setNumber(exercise string, position int64) (int, error) {
	var n int
	err := a.tx.QueryRowContext(a.ctx, `SELECT COUNT(*) FROM `+a.entities+` WHERE owner_id = $1 AND subject = $2
		AND kind = 'set' AND name = $3 AND position < $4`, a.owner, a.ev.Stream, exercise, position).Scan(&n)
	return n + 1, err
}
