package httpapi

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"time"
)

// sessionCookie names the sign-in cookie.
const sessionCookie = "gymlog_session"

// sessionTTL is how long a sign-in lasts.
const sessionTTL = 30 * 24 * time.Hour

// sessions keeps sign-in sessions server-side; the cookie holds a random token and the
// database only its SHA-256, so a leaked table signs nobody in.
type sessions struct {
	db *sql.DB
	// signedIn is told of every session ended here, and tells the other nodes.
	signedIn *signedInCache
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// create starts a session for userID and returns its token.
func (s sessions) create(ctx context.Context, userID string, now time.Time) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	_, err := s.db.ExecContext(ctx, `INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)`, hashToken(token), userID, now.UnixMilli(), now.Add(sessionTTL).UnixMilli())
	if err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	return token, nil
}

// end deletes one session.
func (s sessions) end(ctx context.Context, token string) error {
	hash := hashToken(token)
	_, err := s.db.ExecContext(ctx, `DELETE FROM auth_sessions WHERE token_hash = $1`, hash)
	s.signedIn.ended(ctx, "token", hash)
	return err
}

// setCookie sends the session cookie: HttpOnly, SameSite=Lax, and Secure unless the app is
// served from this machine over plain HTTP (development and tests).
func setCookie(w http.ResponseWriter, r *http.Request, token string, maxAge int) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: !isLocal(r),
	})
}

func isLocal(r *http.Request) bool {
	if r.TLS != nil {
		return false
	}
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
