package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/httpapi/paypal/paypaltest"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/reactors"
)

// errKilled stands for the process dying before a step.
var errKilled = errors.New("killed")

// TestAClosingCutShortIsFinished: a closing stopped before each of its steps, as a crash
// there would stop it, is finished by the relay's closing reactor (which a restarted node
// runs for every closing begun): afterwards the user's e-mail addresses, names and display
// name are nowhere in the database, the subscription is cancelled with PayPal once, the
// account cannot sign in, the client they shared a plan with keeps it, and their neighbour's
// data stays.
func TestAClosingCutShortIsFinished(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"sqlite", "postgres"} {
		for _, stop := range app.ClosingSteps {
			t.Run(backend+"/before "+stop, func(t *testing.T) {
				pp, withPP := withPayPal(t)
				killed := false
				hook := func(d *httpapi.Deps) {
					d.StepHook = func(process, step string) error {
						if process == "close" && step == stop && !killed {
							killed = true
							return errKilled
						}
						return nil
					}
				}
				e := newEnv(t, backend, withPP, hook)
				c, id := e.signUp(t, "yusuf.brightwater@example.com")
				c.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "Yusuf", "surname": "Brightwater",
					"displayName": "Kestrelwing", "icon": "fa-gem", "height": 180})
				sub := pp.Add(paypaltest.PlanID, "ACTIVE")
				c.mustStatus(200, "POST", "/api/users/subscribe", map[string]any{"subscriptionId": sub})
				c.mustStatus(201, "POST", "/api/weights/add", map[string]any{"weight": 81})
				neighbour, neighbourID := e.signUp(t, "neighbour@example.com")
				neighbour.mustStatus(201, "POST", "/api/weights/add", map[string]any{"weight": 64})
				leg := c.mustStatus(201, "POST", "/api/plans/add", map[string]any{"name": "Leg day"}).str("id")
				e.shareDirectly(t, id, leg, neighbourID)
				secrets := []string{"yusuf.brightwater@example.com", "yusuf", "brightwater", "kestrelwing"}

				// The closing is recorded before its first step: the answer says it will be finished,
				// and the session it came from has ended.
				if res := c.do("POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": true}); res.status != 202 ||
					res.body["closing"] != true {
					t.Fatalf("the closing cut short before %s answered %d %s, want 202 closing", stop, res.status, res.raw)
				}
				c.mustStatus(401, "GET", "/api/users/user/me", nil)
				if !killed {
					t.Fatal("the hook was not called")
				}
				// The relay hands the closing begun to its reactor, as it does after a restart.
				data, _ := json.Marshal(account.AccountClosingStarted{UserID: id, StartedAt: e.now})
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				ev := relay.Event{ID: "x", Type: account.TypeAccountClosingStarted, Stream: app.ClosedStream(id), Data: data}
				if err := reactors.NewClosing(e.api).React(ctx, ev); err != nil {
					t.Fatalf("the reactor finishing the closing: %v", err)
				}
				// Again, as a redelivery would: nothing left to do.
				if err := reactors.NewClosing(e.api).React(ctx, ev); err != nil {
					t.Fatalf("the reactor again: %v", err)
				}

				after := e.dump(t)
				for _, s := range secrets {
					if strings.Contains(after, s) {
						t.Errorf("after the closing was finished, %q is still in the database", s)
					}
				}
				if !strings.Contains(after, "neighbour@example.com") {
					t.Error("the neighbour's data went too")
				}
				if got, _ := pp.Get(sub); !got.Cancelled {
					t.Errorf("subscription: got %+v, want it cancelled with PayPal", got)
				}
				if got := login(e.client(t), "yusuf.brightwater@example.com", "Secret123"); got != 401 {
					t.Errorf("sign in after the closing: %d", got)
				}
				if kept := planNamed(neighbour, "Leg day"); kept == nil || kept["createdByDisplayName"] != "a former trainer" {
					t.Errorf("the client's plan: %v", kept)
				}
			})
		}
	}
}

// TestClosingsLeftUnfinishedAreFinished: a closing whose cancel keeps failing (PayPal down
// past the reactor's retries) stays begun; the sweep serve runs (FinishClosings) fails with
// it while it fails, finishes it once it works, and then finds nothing left.
func TestClosingsLeftUnfinishedAreFinished(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			pp, withPP := withPayPal(t)
			down := true
			e := newEnv(t, backend, withPP, func(d *httpapi.Deps) {
				d.StepHook = func(process, step string) error {
					if down && step == app.StepCancelSubscription {
						return errKilled
					}
					return nil
				}
			})
			c, id := e.signUp(t, "ottoline.farrowdale@example.com")
			c.mustStatus(200, "PUT", "/api/users/edit", map[string]any{"firstName": "Ottoline", "surname": "Farrowdale"})
			sub := pp.Add(paypaltest.PlanID, "ACTIVE")
			c.mustStatus(200, "POST", "/api/users/subscribe", map[string]any{"subscriptionId": sub})
			if res := c.do("POST", "/api/users/delete", map[string]any{"userId": id, "accountClose": true}); res.status != 202 {
				t.Fatalf("a closing whose cancel fails answered %d %s, want 202", res.status, res.raw)
			}
			ctx := context.Background()
			if n, err := e.api.FinishClosings(ctx); n != 0 || !errors.Is(err, errKilled) {
				t.Fatalf("the sweep while PayPal is down: %d %v", n, err)
			}
			down = false
			if n, err := e.api.FinishClosings(ctx); n != 1 || err != nil {
				t.Fatalf("the sweep once PayPal is back: %d %v", n, err)
			}
			if n, err := e.api.FinishClosings(ctx); n != 0 || err != nil {
				t.Fatalf("the sweep after: %d %v", n, err)
			}
			after := e.dump(t)
			for _, secret := range []string{"ottoline", "farrowdale"} {
				if strings.Contains(after, secret) {
					t.Errorf("%q is still in the database", secret)
				}
			}
			if got, _ := pp.Get(sub); !got.Cancelled {
				t.Errorf("subscription: %+v", got)
			}
			if got := login(e.client(t), "ottoline.farrowdale@example.com", "Secret123"); got != 401 {
				t.Errorf("sign in: %d", got)
			}
		})
	}
}
