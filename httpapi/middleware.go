package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections/accounts"
)

// recoverer turns a panic into a logged internal error instead of a dropped connection.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.writeError(w, r, fmt.Errorf("panic: %v\n%s", v, debug.Stack()))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type httpMetrics struct {
	duration *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) httpMetrics {
	m := httpMetrics{duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "gymlog_http_request_duration_seconds",
		Help:    "HTTP request latency by route, method and status.",
		Buckets: prometheus.DefBuckets,
	}, []string{"route", "method", "status"})}
	reg.MustRegister(m.duration)
	return m
}

// requestLog logs one structured line per request and records its latency by route pattern.
func (s *Server) requestLog(m httpMetrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			next.ServeHTTP(ww, r)
			elapsed := time.Since(start)
			route := "ui"
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" && rc.RoutePattern() != "/*" {
				route = rc.RoutePattern()
			}
			status := ww.Status()
			if status == 0 {
				status = http.StatusOK
			}
			m.duration.WithLabelValues(route, r.Method, strconv.Itoa(status)).Observe(elapsed.Seconds())
			s.log.InfoContext(r.Context(), "request", slog.String("method", r.Method), slog.String("route", route),
				slog.String("path", r.URL.Path), slog.Int("status", status), slog.Duration("duration", elapsed))
		})
	}
}

// contentSecurityPolicy allows the app's own scripts only, plus the PayPal SDK's origin when
// payments are configured (its script, its frames, its calls and images; live PayPal also
// serves from its other domains); styles inline because Chakra UI and the SDK inject them.
func contentSecurityPolicy(sdkOrigin string) string {
	extra := ""
	if sdkOrigin != "" {
		extra = " " + sdkOrigin
		if strings.HasSuffix(sdkOrigin, ".paypal.com") {
			extra += " https://*.paypal.com https://*.paypalobjects.com"
		}
	}
	return "default-src 'self'; script-src 'self'" + extra + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data:" + extra + "; font-src 'self' data:; connect-src 'self'" + extra +
		"; frame-src 'self'" + extra + "; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}

// strictTransportSecurity keeps browsers on HTTPS for two years once they have seen it. It
// names no subdomains: the app cannot know what else is served under its domain.
const strictTransportSecurity = "max-age=63072000"

// securityHeaders sets the security headers on every response, and Strict-Transport-Security
// on those whose client came over HTTPS: to the app, or to a trusted proxy that says so
// (Proxies).
func securityHeaders(csp string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			if requestClient(r).https {
				h.Set("Strict-Transport-Security", strictTransportSecurity)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// csrf refuses mutations (and the GET /logout) that a browser says come from another site.
// Together with SameSite cookies and JSON-only bodies this keeps other sites from acting for
// a signed-in user.
func (s *Server) csrf(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		safe := (r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions) &&
			r.URL.Path != "/logout"
		if !safe && crossSite(r) {
			s.writeError(w, r, domain.Forbidden("Cross-site request refused"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// crossSite reports whether the browser says the request comes from another site: an
// Origin other than this host (a foreign Origin wins over a Sec-Fetch-Site that says
// otherwise), or a Sec-Fetch-Site of cross-site or same-site.
func crossSite(r *http.Request) bool {
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || u.Host != r.Host {
			return true
		}
	}
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site":
		return true
	}
	return false
}

type ctxKey int

const (
	userKey ctxKey = iota
	tokenKey
)

// authenticate loads the signed-in user, if any, into the request context.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(sessionCookie)
		if err != nil || c.Value == "" || len(c.Value) > 100 {
			next.ServeHTTP(w, r)
			return
		}
		ctx := context.WithValue(r.Context(), tokenKey, c.Value)
		hash, now := hashToken(c.Value), s.now()
		u, known := s.sessions.signedIn.get(hash, now)
		if known {
			next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, userKey, u)))
			return
		}
		version := s.sessions.signedIn.version()
		u, err = s.accounts.BySession(ctx, hash, now.UnixMilli())
		switch {
		case err == nil:
			s.sessions.signedIn.put(hash, u, version, now)
			ctx = context.WithValue(ctx, userKey, u)
		case domain.KindOf(err) != domain.KindNotFound:
			s.writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func currentUser(ctx context.Context) (accounts.User, bool) {
	u, ok := ctx.Value(userKey).(accounts.User)
	return u, ok
}

func sessionToken(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey).(string)
	return t
}

// requireUser answers 401 to anyone not signed in.
func (s *Server) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := currentUser(r.Context()); !ok {
			s.writeError(w, r, domain.Unauthorized("Full authentication is required to access this resource."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireVerified answers 403 to a signed-in user who has not verified their e-mail yet.
func (s *Server) requireVerified(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, _ := currentUser(r.Context()); !u.Verified {
			s.writeError(w, r, domain.Forbidden("Account not verified"))
			return
		}
		next.ServeHTTP(w, r)
	})
}
