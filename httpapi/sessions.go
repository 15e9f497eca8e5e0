package httpapi

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/gymlog/gymlog/app"
)

// sessionCookie names the sign-in cookie.
const sessionCookie = "gymlog_session"

// sessions are the sign-in sessions (app.Sessions), with this node's cache of who is signed in,
// which is told of every session ended here and tells the other nodes.
type sessions struct {
	store    *app.Sessions
	signedIn *signedInCache
}

func hashToken(token string) string { return app.HashToken(token) }

// create starts a session for userID and returns its token.
func (s sessions) create(ctx context.Context, userID string, now time.Time) (string, error) {
	return s.store.Start(ctx, userID, now)
}

// end deletes one session.
func (s sessions) end(ctx context.Context, token string) error {
	hash := hashToken(token)
	err := s.store.End(ctx, hash)
	s.signedIn.ended(ctx, "token", hash)
	return err
}

// endAll ends every session of userID: after a password change or reset, and on closing.
func (s sessions) endAll(ctx context.Context, userID string) error {
	err := s.store.EndAll(ctx, userID)
	s.signedIn.ended(ctx, "user", userID)
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
