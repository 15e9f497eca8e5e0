// Package coaching holds the rules of a personal trainer's relationship with one client: a
// Relationship aggregate per stream coaching-<id>, where the id derives from the trainer and
// the e-mail address the trainer sent the request to.
package coaching

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeClientRequested = "coaching.client_requested.v1"
	TypeRequestAccepted = "coaching.request_accepted.v1"
	TypeRequestRejected = "coaching.request_rejected.v1"
	TypeEnded           = "coaching.ended.v1"
)

// ClientRequested: a trainer asked the person at Email to become their client. ClientID is
// the account that held the address then; empty when nobody had signed up with it yet (the
// request waits, shown as Invited, for whoever signs up with it).
type ClientRequested struct {
	RelationshipID string `json:"relationshipId"`
	TrainerID      string `json:"userId"` // the owner, as in every event: the trainer
	Email          string `json:"email"`
	ClientID       string `json:"clientId,omitempty"`
	// TrainerName is how the trainer was named when asking (for the e-mail to the client).
	TrainerName string    `json:"trainerName"`
	RequestedAt time.Time `json:"requestedAt"`
}

// RequestAccepted: the client said yes; from now on the trainer follows them.
type RequestAccepted struct {
	RelationshipID string    `json:"relationshipId"`
	TrainerID      string    `json:"userId"` // the owner, as in every event: the trainer
	ClientID       string    `json:"clientId"`
	AcceptedAt     time.Time `json:"acceptedAt"`
}

// RequestRejected: the client said no.
type RequestRejected struct {
	RelationshipID string    `json:"relationshipId"`
	TrainerID      string    `json:"userId"` // the owner, as in every event: the trainer
	ClientID       string    `json:"clientId"`
	RejectedAt     time.Time `json:"rejectedAt"`
}

// Ended: the trainer removed the client, or the client their trainer (EndedBy names which),
// or a request was withdrawn. The trainer may send a new request later.
type Ended struct {
	RelationshipID string    `json:"relationshipId"`
	TrainerID      string    `json:"userId"` // the owner, as in every event: the trainer
	ClientID       string    `json:"clientId,omitempty"`
	EndedBy        string    `json:"endedBy"`
	EndedAt        time.Time `json:"endedAt"`
}

// EventType names the event as stored.
func (ClientRequested) EventType() string { return TypeClientRequested }

// EventType names the event as stored.
func (RequestAccepted) EventType() string { return TypeRequestAccepted }

// EventType names the event as stored.
func (RequestRejected) EventType() string { return TypeRequestRejected }

// EventType names the event as stored.
func (Ended) EventType() string { return TypeEnded }

// OwnerID implementations name the trainer, whose request it is (domain.Owned); SharedWith
// names the client once known (domain.Shared), so closing either account erases the stream.
func (e ClientRequested) OwnerID() string { return e.TrainerID }
func (e RequestAccepted) OwnerID() string { return e.TrainerID }
func (e RequestRejected) OwnerID() string { return e.TrainerID }
func (e Ended) OwnerID() string           { return e.TrainerID }

func (e ClientRequested) SharedWith() string { return e.ClientID }
func (e RequestAccepted) SharedWith() string { return e.ClientID }
func (e RequestRejected) SharedWith() string { return e.ClientID }
func (e Ended) SharedWith() string           { return e.ClientID }

func init() {
	domain.Register[ClientRequested](TypeClientRequested)
	domain.Register[RequestAccepted](TypeRequestAccepted)
	domain.Register[RequestRejected](TypeRequestRejected)
	domain.Register[Ended](TypeEnded)
}
