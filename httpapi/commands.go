package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/eventstore"
)

// maxIdempotencyKey bounds the Idempotency-Key header.
const maxIdempotencyKey = 200

// commandMeta is the metadata of the command a request carries: who acts, the command id and
// the request's digest. With an Idempotency-Key the command id derives from the key and the
// operation (method and route), so a retried request does not act twice, and the same key
// sent to another operation names other events and things; event ids derive from the command
// id and the stream, so the key is scoped to the stream too. The digest (see digestRequest)
// tells a retry from a different request reusing the key (eventstore.ErrKeyReused).
func commandMeta(r *http.Request, actorID string) eventstore.Metadata {
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > maxIdempotencyKey {
		key = key[:maxIdempotencyKey]
	}
	cmd := eventstore.NewID()
	if key != "" {
		op := r.Method + " " + r.URL.Path
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			op = r.Method + " " + rc.RoutePattern()
		}
		cmd = eventstore.DeriveID("command", op, key)
	}
	digest, _ := r.Context().Value(digestKey{}).(string)
	return eventstore.Metadata{ActorID: actorID, CommandID: cmd, CorrelationID: cmd, CausationID: digest}
}

type digestKey struct{}

// digestRequest notes a digest of a mutation that carries an Idempotency-Key: its method,
// path, query and body. The body is read here (up to the decoders' bound) and handed on
// unchanged.
func digestRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Header.Get("Idempotency-Key") == "" || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
		r.Body = struct {
			io.Reader
			io.Closer
		}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
		if err != nil {
			next.ServeHTTP(w, r) // the handler reads the rest and reports the failure
			return
		}
		h := sha256.New()
		for _, part := range []string{r.Method, r.URL.Path, r.URL.RawQuery} {
			h.Write([]byte(part))
			h.Write([]byte{0})
		}
		h.Write(body)
		digest := "request:" + hex.EncodeToString(h.Sum(nil)[:16])
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), digestKey{}, digest)))
	})
}
