package plans_test

import (
	"testing"

	"github.com/gymlog/gymlog/projections/plans"
)

// A client needs attention when their 30-day rate fell by a fifth or more against their
// 90-day one; a plan never done in 90 days has no rate to fall from.
func TestNeedsAttention(t *testing.T) {
	of := func(done30, done90 int) plans.Compliance {
		c := plans.Compliance{TimesAWeek: 3}
		for i, days := range plans.CompliancePeriods {
			c.Periods[i] = plans.Period{Days: days, Expected: float64(3*days) / 7}
		}
		c.Periods[1].Done, c.Periods[2].Done = done30, done90
		return c
	}
	for _, c := range []struct {
		done30, done90 int
		want           bool
	}{
		{13, 39, false}, // on target
		{10, 36, false}, // 0.78 against 0.93: a sixth less
		{9, 36, true},   // 0.70 against 0.93: a quarter less
		{0, 0, false},   // never done
		{0, 5, true},
		{12, 12, false}, // better than ever
	} {
		if got := of(c.done30, c.done90).NeedsAttention(); got != c.want {
			t.Errorf("%d in 30 days, %d in 90: needs attention %v, want %v", c.done30, c.done90, got, c.want)
		}
	}
}
