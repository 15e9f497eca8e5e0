package httpapi

import (
	"net/http"
	"strings"

	"github.com/gymlog/gymlog/eventstore"
)

// maxIdempotencyKey bounds the Idempotency-Key header.
const maxIdempotencyKey = 200

// commandMeta is the metadata of the command a request carries: who acts, and the client's
// Idempotency-Key as the command id (so a retried request does not act twice).
func commandMeta(r *http.Request, actorID string) eventstore.Metadata {
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > maxIdempotencyKey {
		key = key[:maxIdempotencyKey]
	}
	cmd := key
	if cmd == "" {
		cmd = eventstore.NewID()
	}
	return eventstore.Metadata{ActorID: actorID, CommandID: cmd, CorrelationID: cmd}
}

// entityID names a new thing (a weight entry, a user) created by the command: derived from
// the command id when the client sent an Idempotency-Key, so a retry names the same thing.
func entityID(meta eventstore.Metadata, kind, scope string) string {
	return eventstore.DeriveID(kind, scope, meta.CommandID)
}
