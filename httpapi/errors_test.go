package httpapi_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gymlog/gymlog/httpapi"
)

// lockedBuffer is a log destination that handlers may write from several goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestARequestItsClientLeftIsNotAnError(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			var logged lockedBuffer
			e := newEnv(t, backend, func(d *httpapi.Deps) { d.Logger = slog.New(slog.NewJSONHandler(&logged, nil)) })
			c, _ := e.signUp(t, "gone@example.com")
			var cookie string
			for _, ck := range c.http.Jar.Cookies(mustURL(e.srv.URL)) {
				cookie = ck.Name + "=" + ck.Value
			}
			for _, path := range []string{"/api/exercise_logs/personal-bests", "/api/users/progress", "/api/sessions/list"} {
				ctx, cancel := context.WithCancel(context.Background())
				cancel() // the page was left before the queries ran
				req := httptest.NewRequest("GET", path, nil).WithContext(ctx)
				req.Header.Set("Cookie", cookie)
				rec := httptest.NewRecorder()
				e.api.ServeHTTP(rec, req)
				if rec.Code != 499 {
					t.Errorf("%s, its client gone: %d %s, want 499 (Client Closed Request), not a 5xx", path, rec.Code, rec.Body.String())
				}
			}
			if strings.Contains(logged.String(), `"level":"ERROR"`) {
				t.Errorf("requests whose clients left were logged as errors:\n%s", logged.String())
			}
		})
	}
}
