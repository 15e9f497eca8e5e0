package app

import (
	"context"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore"
)

// BodyStream names a user's body log: weights and sizes.
func BodyStream(userID string) string { return "body-" + userID }

// The read models of the body log, for read-your-writes.
const (
	weightsReadModel = "weights"
	sizesReadModel   = "sizes"
)

// LogWeight records a body weight in the user's unit.
type LogWeight struct {
	Meta    eventstore.Metadata
	UserID  string
	Unit    string
	EntryID string // derived from the command
	Input   body.WeightInput
}

// LogWeight logs a weight.
func (a *App) LogWeight(ctx context.Context, cmd LogWeight) error {
	now := a.now()
	return a.changeBodyLog(ctx, cmd.Meta, cmd.UserID, weightsReadModel,
		func(l *body.Log) ([]domain.Event, error) { return l.LogWeight(cmd.EntryID, cmd.Input, cmd.Unit, now) })
}

// DeleteWeight removes a weight entry from the user's log.
type DeleteWeight struct {
	Meta    eventstore.Metadata
	UserID  string
	EntryID string
}

// DeleteWeight deletes a weight entry.
func (a *App) DeleteWeight(ctx context.Context, cmd DeleteWeight) error {
	now := a.now()
	return a.changeBodyLog(ctx, cmd.Meta, cmd.UserID, weightsReadModel,
		func(l *body.Log) ([]domain.Event, error) { return l.DeleteWeight(cmd.EntryID, now) })
}

// LogSize records a body measurement.
type LogSize struct {
	Meta    eventstore.Metadata
	UserID  string
	EntryID string
	Input   body.SizeInput
}

// LogSize logs a measurement.
func (a *App) LogSize(ctx context.Context, cmd LogSize) error {
	now := a.now()
	return a.changeBodyLog(ctx, cmd.Meta, cmd.UserID, sizesReadModel,
		func(l *body.Log) ([]domain.Event, error) { return l.LogSize(cmd.EntryID, cmd.Input, now) })
}

// DeleteSize removes a measurement from the user's log.
type DeleteSize struct {
	Meta    eventstore.Metadata
	UserID  string
	EntryID string
}

// DeleteSize deletes a measurement.
func (a *App) DeleteSize(ctx context.Context, cmd DeleteSize) error {
	now := a.now()
	return a.changeBodyLog(ctx, cmd.Meta, cmd.UserID, sizesReadModel,
		func(l *body.Log) ([]domain.Event, error) { return l.DeleteSize(cmd.EntryID, now) })
}

// changeBodyLog runs one behaviour of userID's body log and waits until readModel shows it.
func (a *App) changeBodyLog(ctx context.Context, meta eventstore.Metadata, userID, readModel string,
	decide func(*body.Log) ([]domain.Event, error)) error {
	res, err := Execute(ctx, a, BodyStream(userID), meta, func() *body.Log { return body.NewLog(userID) }, decide)
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, readModel)
	return nil
}
