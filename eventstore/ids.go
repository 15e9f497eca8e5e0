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

// NewID returns a random UUID for commands sent without an Idempotency-Key.
func NewID() string { return uuid.NewString() }
