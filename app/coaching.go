package app

import (
	"context"
	"errors"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/eventstore"
	coachingrm "github.com/gymlog/gymlog/projections/coaching"
)

// CoachingStream names a trainer-client relationship's stream.
func CoachingStream(id string) string { return "coaching-" + id }

// CoachingID is the relationship of trainerID with the person at email (normalised): one per
// trainer and address, so a second request to the address meets the first.
func CoachingID(trainerID, email string) string {
	return eventstore.DeriveID("coaching", trainerID, account.NormaliseEmail(email))
}

// Trainer is the acting trainer as the use cases need them.
type Trainer struct {
	ID   string
	Name string
	// Active is whether they may take on clients (a personal trainer whose subscription is
	// live). A lapsed trainer keeps their clients, read-only, and may remove them.
	Active bool
}

// RequestClient is a trainer asking the person at Email to become their client.
type RequestClient struct {
	Meta    eventstore.Metadata
	Trainer Trainer
	Email   string
}

// RequestClient records the request (the relay then e-mails the address) and returns the
// relationship's id. The address need not have an account yet: the request then waits for
// whoever signs up with it.
func (a *App) RequestClient(ctx context.Context, cmd RequestClient) (string, error) {
	if !cmd.Trainer.Active {
		return "", domain.Forbidden("Only personal trainers can add clients.")
	}
	email := account.NormaliseEmail(cmd.Email)
	clientID := ""
	if holder, err := a.read.Accounts.ByEmail(ctx, email); err == nil {
		clientID = holder.ID
		// One person, one relationship, even when asked at an address they used before.
		if follows, err := a.read.Coaching.Follows(ctx, cmd.Trainer.ID, clientID); err != nil {
			return "", err
		} else if follows {
			return "", domain.Invalid("email", "This person is already your client.")
		}
	} else if !errors.Is(err, domain.ErrNotFound) {
		return "", err
	}
	id := CoachingID(cmd.Trainer.ID, email)
	now := a.now()
	res, err := Execute(ctx, a, CoachingStream(id), cmd.Meta, func() *coaching.Relationship { return coaching.New(id) },
		func(r *coaching.Relationship) ([]domain.Event, error) {
			return r.Request(cmd.Trainer.ID, cmd.Trainer.Name, email, clientID, now)
		})
	if err != nil {
		return "", err
	}
	a.caughtUp(ctx, res.Position, coachingrm.Name)
	return id, nil
}

// Client is the acting client as the use cases need them.
type Client struct {
	ID string
	// VerifiedEmail is their address once proven theirs, else empty: only then do requests
	// sent to it before they signed up reach them.
	VerifiedEmail string
}

// AnswerTrainer is a client accepting or rejecting a trainer's request.
type AnswerTrainer struct {
	Meta   eventstore.Metadata
	Client Client
	ID     string
	Accept bool
}

// AnswerTrainer records the answer and returns the relationship's status after it.
func (a *App) AnswerTrainer(ctx context.Context, cmd AnswerTrainer) (coaching.Status, error) {
	now := a.now()
	var status coaching.Status
	err := a.changeCoaching(ctx, cmd.Meta, cmd.ID, func(r *coaching.Relationship) ([]domain.Event, error) {
		if r.ClientID() == "" && (cmd.Client.VerifiedEmail == "" || r.Email() != cmd.Client.VerifiedEmail) {
			return nil, domain.NotFound("Trainer request not found.")
		}
		events, err := r.Answer(cmd.Client.ID, cmd.Accept, now)
		status = coaching.Rejected
		if cmd.Accept {
			status = coaching.Confirmed
		}
		return events, err
	})
	return status, err
}

// EndCoaching is the trainer removing a client (or withdrawing a request), or the client
// removing their trainer.
type EndCoaching struct {
	Meta   eventstore.Metadata
	UserID string
	ID     string
}

// EndCoaching ends the relationship.
func (a *App) EndCoaching(ctx context.Context, cmd EndCoaching) error {
	now := a.now()
	return a.changeCoaching(ctx, cmd.Meta, cmd.ID, func(r *coaching.Relationship) ([]domain.Event, error) {
		return r.End(cmd.UserID, now)
	})
}

func (a *App) changeCoaching(ctx context.Context, meta eventstore.Metadata, id string,
	act func(*coaching.Relationship) ([]domain.Event, error)) error {
	if id == "" {
		return domain.NotFound("Relationship not found.")
	}
	res, err := Execute(ctx, a, CoachingStream(id), meta, func() *coaching.Relationship { return coaching.New(id) }, act)
	if err != nil {
		return err
	}
	a.caughtUp(ctx, res.Position, coachingrm.Name)
	return nil
}

// rejectWaitingRequests answers no, for the user at email, to every request sent to that
// address before they signed up that they have not answered: the answer names them, so
// closing their account finds and erases those streams with the rest of theirs.
func (a *App) rejectWaitingRequests(ctx context.Context, meta eventstore.Metadata, userID, email string) error {
	if a.read.Coaching == nil || a.read.Accounts == nil || email == "" {
		return nil
	}
	if u, err := a.read.Accounts.ByID(ctx, userID); err != nil || !u.Verified {
		return nil // an address never proven theirs answers nothing
	}
	ids, err := a.read.Coaching.WaitingFor(ctx, account.NormaliseEmail(email))
	if err != nil {
		return err
	}
	now := a.now()
	for _, id := range ids {
		_, err := Execute(ctx, a, CoachingStream(id), meta.Follow("reject "+id), func() *coaching.Relationship { return coaching.New(id) },
			func(r *coaching.Relationship) ([]domain.Event, error) {
				if r.Status() != coaching.Requested || r.ClientID() != "" {
					return nil, nil
				}
				return r.Answer(userID, false, now)
			})
		if err != nil {
			return err
		}
	}
	return nil
}
