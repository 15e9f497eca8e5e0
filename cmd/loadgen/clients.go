package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
)

// provisional counts the sets answered 202: stored before the read model had them.
var provisional atomic.Int64

// transport is shared by every simulated user: keep-alive connections, as browsers have.
var transport = &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512, IdleConnTimeout: time.Minute}

// answer is what the load generator reads of a JSON answer: the id of what it names. Only
// that is decoded, as a browser's code would pick out what it shows: decoding every field
// into maps cost the shared two cores more for gymlog's full set resources than for the
// baseline's bare rows, which measured the client instead of the servers.
type answer struct {
	ID string `json:"id"`
	// status is the answer's HTTP status.
	status int
}

// call sends one JSON request and decodes the id of its answer, which must have the status
// want.
func call(ctx context.Context, c *http.Client, method, url string, body any, want int, headers ...string) (answer, error) {
	return callAny(ctx, c, method, url, body, []int{want}, headers...)
}

// callAny is call for an answer that may have any of the statuses wants: any other, a 5xx
// or an unexpected 4xx above all, fails the run.
func callAny(ctx context.Context, c *http.Client, method, url string, body any, wants []int, headers ...string) (answer, error) {
	var out answer
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return out, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return out, err
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.Do(req)
	if err != nil {
		return out, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return out, err
	}
	out.status = res.StatusCode
	if !slices.Contains(wants, res.StatusCode) {
		return out, fmt.Errorf("%s %s: got %d %s, want %v", method, url, res.StatusCode, raw, wants)
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return out, fmt.Errorf("%s %s: %w", method, url, err)
	}
	return out, nil
}

// gymlogUser logs sets through the real API with its own session cookie, on the nodes in
// turn.
type gymlogUser struct {
	nodes   []string
	http    *http.Client
	session string
	run     string
}

// node is the base URL of the node that serves the user's request n.
func (u *gymlogUser) node(n int) string { return u.nodes[n%len(u.nodes)] }

func newGymlogUser(ctx context.Context, nodes []string, store eventstore.Store, i int) (*gymlogUser, error) {
	jar, _ := cookiejar.New(nil)
	u := &gymlogUser{nodes: nodes, http: &http.Client{Jar: jar, Transport: transport, Timeout: 30 * time.Second},
		run: strconv.FormatInt(time.Now().UnixNano(), 36)}
	base := u.node(i)
	me, err := call(ctx, u.http, "POST", base+"/api/users/register", map[string]any{"firstName": "Load", "surname": "Gen",
		"unit": "kg", "email": fmt.Sprintf("loadgen-%s-%d@example.com", u.run, i), "password": "Secret123",
		"confirmPassword": "Secret123"}, http.StatusCreated)
	if err != nil {
		return nil, err
	}
	id := me.ID
	code, err := verificationCode(ctx, store, id)
	if err != nil {
		return nil, err
	}
	// Code checks are rate-limited per address, and every simulated user shares 127.0.0.1:
	// sign-up (not measured) waits its turn, a bounded number of times.
	for attempt := 1; ; attempt++ {
		_, err := call(ctx, u.http, "POST", base+"/api/users/verify", map[string]any{"userId": id, "authCode": code}, http.StatusOK)
		if err == nil {
			break
		}
		if attempt == 20 || !strings.Contains(err.Error(), "got 429") {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	w, err := call(ctx, u.http, "POST", base+"/api/sessions/start", map[string]any{}, http.StatusCreated)
	if err != nil {
		return nil, err
	}
	u.session = w.ID
	return u, nil
}

// verificationCode reads the code issued to userID from its stream, as the mail reactor does.
func verificationCode(ctx context.Context, store eventstore.Store, userID string) (string, error) {
	evs, err := store.ReadStream(ctx, "user-"+userID, 1)
	if err != nil {
		return "", err
	}
	for _, ev := range evs {
		if ev.Type == account.TypeVerificationCodeIssued {
			var issued account.VerificationCodeIssued
			if err := json.Unmarshal(ev.Data, &issued); err == nil {
				return issued.Code, nil
			}
		}
	}
	return "", fmt.Errorf("no verification code for %s", userID)
}

func (u *gymlogUser) logAndRead(ctx context.Context, n int) (time.Duration, time.Duration, error) {
	t0 := time.Now()
	// 201, or 202 when the server stored the set before its read model had it.
	set, err := callAny(ctx, u.http, "POST", u.node(n)+"/api/exercise_logs/add", map[string]any{"session": u.session,
		"exercise": "Barbell Bench Press", "weight": 60 + float64(n%20)*2.5, "reps": 5, "rpe": 8},
		[]int{http.StatusCreated, http.StatusAccepted}, "Idempotency-Key", u.run+"-"+strconv.Itoa(n))
	if err != nil {
		return 0, 0, err
	}
	t1 := time.Now()
	wants := []int{http.StatusOK}
	if set.status == http.StatusAccepted {
		provisional.Add(1)
		wants = append(wants, http.StatusNotFound) // the read model may not have it yet either
	}
	read, err := callAny(ctx, u.http, "GET", u.node(n+1)+"/api/exercise_logs/"+set.ID, nil, wants)
	for set.status == http.StatusAccepted && err == nil && read.status == http.StatusNotFound {
		if ctx.Err() != nil || time.Since(t1) > time.Minute {
			return 0, 0, fmt.Errorf("set %s, answered 202, not readable a minute later", set.ID)
		}
		time.Sleep(50 * time.Millisecond)
		read, err = callAny(ctx, u.http, "GET", u.node(n+1)+"/api/exercise_logs/"+set.ID, nil, wants)
	}
	if err != nil {
		return 0, 0, err
	}
	if read.ID != set.ID {
		return 0, 0, fmt.Errorf("read back set %s, got %q", set.ID, read.ID)
	}
	return t1.Sub(t0), time.Since(t1), nil
}

// baselineUser logs sets through the plain-CRUD handler.
type baselineUser struct {
	base, userID, workoutID string
	http                    *http.Client
}

func newBaselineUser(base string, i int) *baselineUser {
	return &baselineUser{base: base, userID: eventstore.NewID(), workoutID: eventstore.NewID(),
		http: &http.Client{Transport: transport, Timeout: 30 * time.Second}}
}

func (u *baselineUser) logAndRead(ctx context.Context, n int) (time.Duration, time.Duration, error) {
	t0 := time.Now()
	set, err := call(ctx, u.http, "POST", u.base+"/sets", map[string]any{"userId": u.userID, "session": u.workoutID,
		"exercise": "Barbell Bench Press", "weight": 60 + float64(n%20)*2.5, "reps": 5, "rpe": 8}, http.StatusCreated)
	if err != nil {
		return 0, 0, err
	}
	t1 := time.Now()
	read, err := call(ctx, u.http, "GET", u.base+"/sets/"+set.ID, nil, http.StatusOK)
	if err != nil {
		return 0, 0, err
	}
	if read.ID != set.ID {
		return 0, 0, fmt.Errorf("read back set %s, got %q", set.ID, read.ID)
	}
	return t1.Sub(t0), time.Since(t1), nil
}
