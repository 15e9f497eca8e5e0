package eventstore

import (
	"strconv"

	"github.com/google/uuid"
)

// idNamespace scopes event ids derived from command ids.
var idNamespace = uuid.MustParse("1b0e3a40-4bd3-4c3e-9a52-6a3f0c2a7d11")

// DeriveID returns a UUID that depends only on its parts. Command handlers derive event and
// entity ids from the client's Idempotency-Key, so a retried request names the same things.
func DeriveID(parts ...string) string {
	key := ""
	for _, p := range parts {
		key += strconv.Itoa(len(p)) + ":" + p
	}
	return uuid.NewSHA1(idNamespace, []byte(key)).String()
}

// EntityID names a new thing of kind (a set, a weight entry, a user) created by the command
// in scope (what it belongs to: a workout, a user): derived from the command id, so a retry
// names the same thing and the same key in another scope names another.
func (m Metadata) EntityID(kind, scope string) string { return DeriveID(kind, scope, m.CommandID) }

// NewID returns a random UUID for commands sent without an Idempotency-Key.
func NewID() string { return uuid.NewString() }
