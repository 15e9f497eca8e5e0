package limits_test

import (
	"errors"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app/limits"
)

// A limiter allows its burst at once, then one attempt each period; a refund gives one back,
// never beyond the burst; keys are limited apart.
func TestALimiterAllowsItsBurstThenOneEachPeriod(t *testing.T) {
	l := limits.New(time.Minute, 3)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		if err := l.Take("a", now); err != nil {
			t.Fatalf("attempt %d of the burst: %v", i+1, err)
		}
	}
	err := l.Take("a", now)
	var exceeded *limits.Exceeded
	if !errors.As(err, &exceeded) || exceeded.Wait != time.Minute {
		t.Fatalf("the fourth attempt at once: %v, want a wait of a minute", err)
	}
	if err := l.Take("b", now); err != nil {
		t.Errorf("another key: %v", err)
	}
	if ok, wait := l.Allow("a", now.Add(30*time.Second)); ok || wait != 30*time.Second {
		t.Errorf("half a period later: %v %v, want a wait of 30s", ok, wait)
	}
	if err := l.Take("a", now.Add(time.Minute)); err != nil {
		t.Errorf("a period later: %v", err)
	}
	l.Refund("a", now.Add(time.Minute))
	if err := l.Take("a", now.Add(time.Minute)); err != nil {
		t.Errorf("after a refund: %v", err)
	}
	later := now.Add(time.Hour)
	for range 5 {
		l.Refund("b", later)
	}
	for i := range 4 {
		if err := l.Take("b", later); (err != nil) != (i == 3) {
			t.Errorf("attempt %d an hour later, after refunds beyond the burst: %v", i+1, err)
		}
	}
}
