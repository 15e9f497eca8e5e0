package coaching

// Rules of the Relationship aggregate (stream coaching-<id>, the id derived from the trainer
// and the address, so a second request to one address meets the first):
//   - A trainer asks the person at an e-mail address (valid, as sign-up checks it) to become
//     their client; not while a request to it waits, nor while it is their client.
//   - Only the person asked answers: the account that held the address when asked, or, when
//     nobody did, an account that signed up with it since (the use case checks the address).
//     They accept or reject a waiting request, once.
//   - After a rejection the trainer may ask the address again once AskAgainAfterDays days
//     have passed since it, not before: a no holds, and the person is not pestered.
//   - Either side ends a relationship: the trainer removes a client or withdraws a request,
//     the client removes their trainer. Then the trainer may ask again.
//   - Whether the trainer may add clients at all (a live subscription) is the use case's.

import (
	"fmt"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

// Status is where a relationship stands.
type Status string

// The statuses, as the API names them. Invited is a Requested whose address no account held
// when asked (the UI shows it as Requested).
const (
	None      Status = ""
	Invited   Status = "Invited"
	Requested Status = "Requested"
	Confirmed Status = "Confirmed"
	Rejected  Status = "Rejected"
	Over      Status = "Ended"
)

// AskAgainAfterDays is how many days after a rejection the trainer may ask again.
const AskAgainAfterDays = 30

// Relationship is the aggregate of one trainer's relationship with one address's owner.
type Relationship struct {
	id         string
	trainerID  string
	email      string
	clientID   string
	status     Status
	rejectedAt time.Time
}

// New returns the empty relationship id, ready to have its history applied.
func New(id string) *Relationship { return &Relationship{id: id} }

// Apply is the one transition switch of the aggregate.
func (r *Relationship) Apply(e domain.Event) {
	switch e := e.(type) {
	case ClientRequested:
		r.trainerID, r.email, r.clientID, r.status = e.TrainerID, e.Email, e.ClientID, Requested
	case RequestAccepted:
		r.clientID, r.status = e.ClientID, Confirmed
	case RequestRejected:
		r.clientID, r.status, r.rejectedAt = e.ClientID, Rejected, e.RejectedAt
	case Ended:
		r.status = Over
	}
}

// Status is where the relationship stands (None before any request).
func (r *Relationship) Status() Status { return r.status }

// TrainerID is the trainer's id.
func (r *Relationship) TrainerID() string { return r.trainerID }

// ClientID is the client's id, empty while the address has answered nothing and no account
// held it when asked.
func (r *Relationship) ClientID() string { return r.clientID }

// Email is the address the request went to.
func (r *Relationship) Email() string { return r.email }

// Request asks the person at email (normalised here) to become trainerID's client; clientID
// is the account holding the address now, or empty; trainerName is how the trainer is named.
func (r *Relationship) Request(trainerID, trainerName, email, clientID string, now time.Time) ([]domain.Event, error) {
	email = account.NormaliseEmail(email)
	if !account.ValidEmail(email) {
		return nil, domain.Invalid("email", "Enter a valid e-mail address.")
	}
	if clientID != "" && clientID == trainerID {
		return nil, domain.Invalid("email", "You cannot be your own client.")
	}
	switch r.status {
	case Requested:
		return nil, domain.Invalid("email", "A request to this address is already waiting for an answer.")
	case Confirmed:
		return nil, domain.Invalid("email", "This person is already your client.")
	case Rejected:
		if again := r.rejectedAt.AddDate(0, 0, AskAgainAfterDays); now.Before(again) {
			return nil, domain.Invalid("email", fmt.Sprintf("This person declined your request on %s. You can ask again from %s.",
				r.rejectedAt.Format("02/01/2006"), again.Format("02/01/2006")))
		}
	}
	return []domain.Event{ClientRequested{RelationshipID: r.id, TrainerID: trainerID, Email: email, ClientID: clientID,
		TrainerName: trainerName, RequestedAt: now}}, nil
}

// Answer records clientID's answer to a waiting request.
func (r *Relationship) Answer(clientID string, accept bool, now time.Time) ([]domain.Event, error) {
	if r.status == None || (r.clientID != "" && r.clientID != clientID) {
		return nil, domain.NotFound("Trainer request not found.")
	}
	if r.status != Requested {
		return nil, domain.Invalid("status", "This request has already been answered.")
	}
	if accept {
		return []domain.Event{RequestAccepted{RelationshipID: r.id, TrainerID: r.trainerID, ClientID: clientID, AcceptedAt: now}}, nil
	}
	return []domain.Event{RequestRejected{RelationshipID: r.id, TrainerID: r.trainerID, ClientID: clientID, RejectedAt: now}}, nil
}

// End ends the relationship on behalf of by, the trainer or the client.
func (r *Relationship) End(by string, now time.Time) ([]domain.Event, error) {
	if r.status == None || r.status == Over || (by != r.trainerID && (r.clientID == "" || by != r.clientID)) {
		return nil, domain.NotFound("Relationship not found.")
	}
	return []domain.Event{Ended{RelationshipID: r.id, TrainerID: r.trainerID, ClientID: r.clientID, EndedBy: by, EndedAt: now}}, nil
}
