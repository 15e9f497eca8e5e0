package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// The body log through its use cases, below HTTP, on both backends: a weight is kept as typed
// with its unit, a size under its category, deletes append their events, a retried log (the
// same command) appends nothing more, and a refused entry (a weight past its bound after
// rounding) appends nothing.
func TestTheBodyLogsCommandsAppendWhatTheyDecide(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		a := useCases(t, b, time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC))
		expect := tail(t, b.Store, app.BodyStream("u1"))
		lbs := 176.37
		logWeight := app.LogWeight{Meta: meta("u1", "weight"), UserID: "u1", Unit: "lbs", EntryID: "e1",
			Input: body.WeightInput{Date: "2026-11-19", Weight: &lbs}}
		if err := a.LogWeight(ctx, logWeight); err != nil {
			t.Fatal(err)
		}
		if e, ok := expect("a weight", "body.WeightLogged")[0].(body.WeightLogged); !ok || e.Date != "2026-11-19" || e.Weight != 176.37 || e.Unit != "lbs" {
			t.Errorf("the weight logged: %#v", e)
		}
		if err := a.LogWeight(ctx, logWeight); err != nil {
			t.Fatal(err)
		}
		expect("the same weight again", "")
		tooHeavy := 999.999
		if err := a.LogWeight(ctx, app.LogWeight{Meta: meta("u1", "heavy"), UserID: "u1", Unit: "kg", EntryID: "e2",
			Input: body.WeightInput{Weight: &tooHeavy}}); domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("a weight of 999.999 kg: %v, want refused", err)
		}
		expect("a weight past its bound", "")
		cm := 35.5
		if err := a.LogSize(ctx, app.LogSize{Meta: meta("u1", "size"), UserID: "u1", EntryID: "s1",
			Input: body.SizeInput{Date: "2026-11-19", Measurement: &cm, Category: "Arms"}}); err != nil {
			t.Fatal(err)
		}
		expect("a size", "body.SizeLogged")
		if err := a.DeleteWeight(ctx, app.DeleteWeight{Meta: meta("u1", "delete weight"), UserID: "u1", EntryID: "e1"}); err != nil {
			t.Fatal(err)
		}
		expect("delete the weight", "body.WeightDeleted")
		if err := a.DeleteSize(ctx, app.DeleteSize{Meta: meta("u1", "delete size"), UserID: "u1", EntryID: "s1"}); err != nil {
			t.Fatal(err)
		}
		expect("delete the size", "body.SizeDeleted")
		if err := a.DeleteSize(ctx, app.DeleteSize{Meta: meta("u1", "delete size again"), UserID: "u1", EntryID: "s1"}); domain.KindOf(err) != domain.KindNotFound {
			t.Errorf("a size deleted twice: %v, want not found", err)
		}
		expect("delete the size again", "")
	})
}
