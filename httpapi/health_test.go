package httpapi_test

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/gymlog/gymlog/httpapi"
)

// A node rebuilding a read model serves its old tables meanwhile: /readyz answers 200 and
// says which read model is rebuilding and how far it has got; with none, it says only ok.
func TestReadyzSaysWhatIsRebuilding(t *testing.T) {
	t.Parallel()
	var rebuilding atomic.Pointer[[]string]
	rebuilding.Store(&[]string{})
	e := newEnv(t, "sqlite", func(d *httpapi.Deps) {
		d.Rebuilding = func(context.Context) ([]string, error) { return *rebuilding.Load(), nil }
	})
	c := e.client(t)
	res := c.do("GET", "/readyz", nil)
	if _, said := res.body["rebuilding"]; res.status != 200 || res.body["status"] != "ok" || said {
		t.Fatalf("/readyz with no rebuild: %d %s", res.status, res.raw)
	}
	line := "workouts: partition 2 of 7: 300 of 900 events"
	rebuilding.Store(&[]string{line})
	res = c.do("GET", "/readyz", nil)
	lines, _ := res.body["rebuilding"].([]any)
	if res.status != 200 || res.body["status"] != "ok" || !slices.Equal(lines, []any{line}) {
		t.Fatalf("/readyz while workouts is rebuilt: %d %s", res.status, res.raw)
	}
}
