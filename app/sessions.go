package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"
)

// SessionTTL is how long a sign-in lasts.
const SessionTTL = 30 * 24 * time.Hour

// Sessions keeps sign-in sessions server-side, in the read-model database's auth_sessions
// (read with the account by projections/accounts): the cookie holds a random token and the
// table only its SHA-256, so a leaked table signs nobody in. Sessions are not events: they
// are the server's, not the person's history, and go with a closing (EndAll is one of its
// erasers).
type Sessions struct {
	db *sql.DB
}

// NewSessions returns the sessions kept in db.
func NewSessions(db *sql.DB) *Sessions { return &Sessions{db: db} }

// HashToken is the form a session's token is kept and looked up in.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Start starts a session for userID at now and returns its token.
func (s *Sessions) Start(ctx context.Context, userID string, now time.Time) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	_, err := s.db.ExecContext(ctx, `INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)`, HashToken(token), userID, now.UnixMilli(), now.Add(SessionTTL).UnixMilli())
	if err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	return token, nil
}

// End ends the session of the token hashed as hash.
func (s *Sessions) End(ctx context.Context, hash string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM auth_sessions WHERE token_hash = $1`, hash); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}

// EndAll ends every session of userID: after a password change or reset, and on closing.
func (s *Sessions) EndAll(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM auth_sessions WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}
