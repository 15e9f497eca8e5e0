package progress_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain/progress"
)

func TestSeriesAverageAndTrend(t *testing.T) {
	tests := []struct {
		values, average, trend []float64
	}{
		{[]float64{}, []float64{}, []float64{}},
		{[]float64{80}, []float64{80}, []float64{80}},
		{[]float64{60, 70, 80}, []float64{70, 70, 70}, []float64{60, 70, 80}},
		{[]float64{70, 65, 60, 65}, []float64{65, 65, 65, 65}, []float64{68, 66, 64, 62}},
		{[]float64{1, 2, 2}, []float64{1.67, 1.67, 1.67}, []float64{1.17, 1.67, 2.17}},
	}
	for _, tt := range tests {
		s := progress.Series{Values: tt.values}
		if got := s.Average(); !reflect.DeepEqual(got, tt.average) {
			t.Errorf("average of %v: got %v, want %v", tt.values, got, tt.average)
		}
		if got := s.Trend(); !reflect.DeepEqual(got, tt.trend) {
			t.Errorf("trend of %v: got %v, want %v", tt.values, got, tt.trend)
		}
	}
}

func TestNewMetric(t *testing.T) {
	got := progress.NewMetric("Weight", "kg", 82.004, 79.5, "2026-01-02", "2026-11-20", 2)
	want := progress.Metric{Name: "Weight", Start: 82, Current: 79.5, From: "2026-01-02", To: "2026-11-20",
		Change: "down", Difference: -2.5, Unit: "kg"}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if m := progress.NewMetric("Arms", "cm", 35, 35, "a", "b", 1); m.Change != "up" || m.Difference != 0 {
		t.Errorf("no change: got %+v, want up by 0", m)
	}
}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Days are the user's: just before midnight UTC it is already tomorrow east of Greenwich and
// still today west of it; across a change of daylight saving time a day is still a day.
func TestDaysSinceInTheUsersZone(t *testing.T) {
	berlin, newYork, london := zone(t, "Europe/Berlin"), zone(t, "America/New_York"), zone(t, "Europe/London")
	tests := []struct {
		name string
		last string
		now  time.Time
		loc  *time.Location
		want int
	}{
		{"same day", "2026-11-21", time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC), time.UTC, 0},
		{"past midnight in Berlin", "2026-11-21", time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC), berlin, 1},
		{"before midnight in New York", "2026-11-21", time.Date(2026, 11, 22, 4, 30, 0, 0, time.UTC), newYork, 0},
		{"just after midnight in New York", "2026-11-21", time.Date(2026, 11, 22, 5, 0, 0, 0, time.UTC), newYork, 1},
		{"a week, red from 8", "2026-11-13", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), time.UTC, 8},
		// London springs forward on 29 March 2026: that day has 23 hours.
		{"across the spring change", "2026-03-28", time.Date(2026, 3, 29, 23, 30, 0, 0, time.UTC), london, 2},
		{"the spring change's evening", "2026-03-28", time.Date(2026, 3, 29, 22, 30, 0, 0, time.UTC), london, 1},
		// and falls back on 25 October 2026: 25 hours.
		{"across the autumn change", "2026-10-24", time.Date(2026, 10, 25, 23, 59, 0, 0, time.UTC), london, 1},
		{"a workout dated tomorrow", "2026-11-22", time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), time.UTC, 0},
	}
	for _, tt := range tests {
		got := progress.DaysSince(tt.last, tt.now, tt.loc)
		if got == nil || *got != tt.want {
			t.Errorf("%s: got %v, want %d", tt.name, got, tt.want)
		}
	}
	if got := progress.DaysSince("", time.Now(), time.UTC); got != nil {
		t.Errorf("no workout: got %v, want nil", *got)
	}
}

func TestAverageWeekCount(t *testing.T) {
	auckland := zone(t, "Pacific/Auckland")
	// Sunday 22 November 2026, 12:00 UTC: still Sunday in UTC, already Monday the 23rd in Auckland.
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		workouts int64
		first    string
		loc      *time.Location
		want     float64
	}{
		{"this week only", 3, "2026-11-16", time.UTC, 3},
		{"two weeks", 5, "2026-11-09", time.UTC, 2.5},
		{"a new week in Auckland", 3, "2026-11-16", auckland, 1.5},
		{"thirds", 10, "2026-11-02", time.UTC, 3.3},
	}
	for _, tt := range tests {
		got := progress.AverageWeekCount(tt.workouts, tt.first, now, tt.loc)
		if got == nil || *got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := progress.AverageWeekCount(0, "", now, time.UTC); got != nil {
		t.Errorf("none: got %v, want nil", *got)
	}
}

func TestAverageDurationAndPastMonth(t *testing.T) {
	if got := progress.AverageDuration(185, 3); got == nil || *got != 62 {
		t.Errorf("average duration: got %v, want 62", got)
	}
	if got := progress.AverageDuration(0, 0); got != nil {
		t.Errorf("no finished workout: got %v, want nil", *got)
	}
	now := time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC)
	if got := progress.PastMonthFrom(now, time.UTC); got != "2026-11-01" {
		t.Errorf("past month in UTC: got %s, want 2026-11-01", got)
	}
	if got := progress.PastMonthFrom(now, zone(t, "Asia/Tokyo")); got != "2026-11-02" {
		t.Errorf("past month in Tokyo (1 December there): got %s, want 2026-11-02", got)
	}
}
