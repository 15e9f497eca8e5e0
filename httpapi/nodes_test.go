package httpapi_test

import (
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/projections"
)

// twoNodes starts two nodes on one PostgreSQL database, as docker-compose runs them. Each
// takes whichever projector leases it gets first, so the projection work is shared.
func twoNodes(t *testing.T) (a, b *env) {
	t.Helper()
	url := pgtest.NewDatabase(t)
	return newNode(t, "postgres", url), newNode(t, "postgres", url)
}

// A set logged on one node is in the list the other node answers right after, whichever
// node runs the read models' projectors.
func TestReadYourWritesAcrossNodes(t *testing.T) {
	t.Parallel()
	a, b := twoNodes(t)
	nodes := []*env{a, b}
	c, _ := a.signUp(t, "lifter@example.com")
	workout := c.at(b).mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")
	var slowest time.Duration
	var logged []string
	for i := range 20 {
		write, read := c.at(nodes[i%2]), c.at(nodes[(i+1)%2])
		began := time.Now()
		set := addSet(write, workout, map[string]any{"exercise": "Squat", "weight": 100 + i, "reps": 5})
		logged = append(logged, set.str("id"))
		var listed []string
		for _, m := range members(read.mustStatus(http.StatusOK, "GET", "/api/exercise_logs/list/"+workout, nil)) {
			listed = append(listed, fmt.Sprint(m["id"]))
		}
		slowest = max(slowest, time.Since(began))
		if !slices.Equal(listed, logged) {
			t.Fatalf("set %d, logged on one node, read on the other:\n got %v\nwant %v", i+1, listed, logged)
		}
	}
	t.Logf("slowest set logged on one node and read on the other: %v", slowest)
}

// Verifying on one node lets the user act at once on the other, even though that node had
// just answered who the (unverified) user was.
func TestVerifyThenActOnEitherNode(t *testing.T) {
	t.Parallel()
	a, b := twoNodes(t)
	for i, pair := range [][2]*env{{a, b}, {b, a}} {
		verifyOn, actOn := pair[0], pair[1]
		c := verifyOn.client(t)
		res := c.mustStatus(http.StatusCreated, "POST", "/api/users/register", registration(fmt.Sprintf("ada%d@example.com", i)))
		id := res.str("id")
		if me := c.at(actOn).mustStatus(http.StatusOK, "GET", "/api/users/user/me", nil); me.body["verified"] == true {
			t.Fatalf("before verifying: got %s", me.raw)
		}
		c.mustStatus(http.StatusOK, "POST", "/api/users/verify", map[string]any{"userId": id, "authCode": verifyOn.verificationCode(t, id)})
		c.at(actOn).mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"})
	}
}

// A password changed, or a sign-out, on one node ends the session on the other node by the
// very next request there.
func TestSessionsEndOnEveryNode(t *testing.T) {
	t.Parallel()
	a, b := twoNodes(t)
	c, _ := a.signUp(t, "ada@example.com")
	phone := b.client(t)
	if got := login(phone, "ada@example.com", "Secret123"); got != http.StatusOK {
		t.Fatalf("second sign-in: got %d", got)
	}
	phone.mustStatus(http.StatusOK, "GET", "/api/users/user/me", nil) // node b keeps who it is
	c.mustStatus(http.StatusOK, "POST", "/api/users/change-password",
		map[string]any{"oldPassword": "Secret123", "newPassword": "Better456", "confirmPassword": "Better456"})
	if got := phone.do("GET", "/api/users/user/me", nil).status; got != http.StatusUnauthorized {
		t.Errorf("the other device's session on the other node after a password change: got %d, want 401", got)
	}

	if got := login(c, "ada@example.com", "Better456"); got != http.StatusOK {
		t.Fatalf("sign-in with the new password: got %d", got)
	}
	c.at(b).mustStatus(http.StatusOK, "GET", "/api/users/user/me", nil)
	c.mustStatus(http.StatusOK, "GET", "/logout", nil)
	if got := c.at(b).do("GET", "/api/users/user/me", nil).status; got != http.StatusUnauthorized {
		t.Errorf("a signed-out session on the other node: got %d, want 401", got)
	}
}

// When a node dies mid-load, the other takes over its projectors within seconds and every
// set that was acknowledged is there.
func TestANodeThatDiesHandsOverItsProjectors(t *testing.T) {
	t.Parallel()
	a, b := twoNodes(t)
	c, _ := a.signUp(t, "lifter@example.com")
	workout := c.mustStatus(http.StatusCreated, "POST", "/api/sessions/start", map[string]any{"startTime": "09:30"}).str("id")

	var (
		mu    sync.Mutex
		acked []string
	)
	logSets := func(node *env, n, from int) {
		for i := range n {
			res, err := c.at(node).send("POST", "/api/exercise_logs/add", map[string]any{"session": workout,
				"exercise": "Squat", "weight": from + i, "reps": 5}, "Idempotency-Key", fmt.Sprintf("set-%d", from+i))
			if err == nil && res.status == http.StatusCreated {
				mu.Lock()
				acked = append(acked, res.str("id"))
				mu.Unlock()
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); logSets(a, 15, 100) }()
	go func() { defer wg.Done(); logSets(b, 30, 200) }()
	time.Sleep(50 * time.Millisecond) // mid-load
	died := time.Now()
	a.stop()
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("no set was acknowledged")
	}

	deadline := time.Now().Add(20 * time.Second)
	for !allRunning(t, b) {
		if time.Now().After(deadline) {
			t.Fatal("node b did not take over every projector")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("node b runs every projector %v after node a died", time.Since(died))

	logSets(b, 1, 300)
	var listed []string
	for _, m := range members(c.at(b).mustStatus(http.StatusOK, "GET", "/api/exercise_logs/list/"+workout, nil)) {
		listed = append(listed, fmt.Sprint(m["id"]))
	}
	for _, id := range acked {
		if !slices.Contains(listed, id) {
			t.Errorf("acknowledged set %s is missing after node a died", id)
		}
	}
}

func allRunning(t *testing.T, e *env) bool {
	t.Helper()
	statuses, err := e.runner.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range statuses {
		if s.State != projections.StateRunning {
			return false
		}
	}
	return true
}

// An import started on one node is followed, and its result read, on the other; a job whose
// node has gone quiet (died) is reported cut short and lets its user import again, while a
// running one makes a second import wait.
func TestImportsAreFollowedOnEitherNode(t *testing.T) {
	t.Parallel()
	a, b := twoNodes(t)
	c, id := a.signUp(t, "importer@example.com")
	job := c.mustStatus(http.StatusAccepted, "POST", "/api/imports", map[string]any{"content": importSample(t, "strong.csv"), "format": "strong"})
	polled := job
	for polled.str("status") == "running" {
		time.Sleep(20 * time.Millisecond)
		polled = c.at(b).mustStatus(http.StatusOK, "GET", "/api/imports/"+job.str("id"), nil)
	}
	res, _ := polled.body["result"].(map[string]any)
	if polled.str("status") != "done" || res == nil || res["workouts"] == 0.0 {
		t.Fatalf("the import polled on the other node: %s", polled.raw)
	}
	if n := len(members(c.at(b).mustStatus(http.StatusOK, "GET", "/api/sessions/list", nil))); float64(n) != res["workouts"] {
		t.Errorf("workouts listed on the other node: %d, the import added %v", n, res["workouts"])
	}

	// A job its node stopped writing a minute ago, as if the node had died.
	quiet := a.now.Add(-time.Minute).UnixMilli()
	if _, err := a.db.Exec(`INSERT INTO import_jobs (id, user_id, status, done, total, result, error, updated_at)
		VALUES ('gone', $1, 'running', 3, 10, '', '', $2)`, id, quiet); err != nil {
		t.Fatal(err)
	}
	gone := c.at(b).mustStatus(http.StatusOK, "GET", "/api/imports/gone", nil)
	if gone.str("status") != "failed" || gone.str("error") == "" {
		t.Errorf("a job whose node went quiet: %s", gone.raw)
	}
	hevy := map[string]any{"content": importSample(t, "hevy.csv"), "format": "hevy"}
	again := importFile(t, c.at(b), hevy)

	// While one runs (fresh: marked so here, once it has run), another file waits.
	if _, err := a.db.Exec(`UPDATE import_jobs SET status = 'running', updated_at = $2 WHERE id = $1`, again.str("id"),
		a.now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	c.at(a).mustStatus(http.StatusConflict, "POST", "/api/imports", map[string]any{"content": importSample(t, "strong-android.csv"), "format": "strong"})
	if same := c.at(a).mustStatus(http.StatusAccepted, "POST", "/api/imports", hevy); same.str("id") != again.str("id") {
		t.Errorf("the same file sent again while it runs: job %s, want %s", same.str("id"), again.str("id"))
	}
}
