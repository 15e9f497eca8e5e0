package progress

import "time"

// PastMonthDays is how many days, today included, "the past month" spans.
const PastMonthDays = 30

// Today is the date (YYYY-MM-DD) it is at now in loc, the user's time zone.
func Today(now time.Time, loc *time.Location) string { return now.In(loc).Format(time.DateOnly) }

// PastMonthFrom is the first day of the past month at now in loc: today and the 29 days
// before it.
func PastMonthFrom(now time.Time, loc *time.Location) string {
	return day(Today(now, loc)).AddDate(0, 0, -(PastMonthDays - 1)).Format(time.DateOnly)
}

// DaysSince counts the days from last (YYYY-MM-DD) to today in loc: 0 on the same day, never
// below 0 (a workout dated later than today). Nil when last is empty or not a date.
func DaysSince(last string, now time.Time, loc *time.Location) *int {
	if !isDate(last) {
		return nil
	}
	n := max(0, daysBetween(day(last), day(Today(now, loc))))
	return &n
}

// AverageWeekCount is workouts spread over the weeks (Monday to Sunday) from first's week to
// this week in loc, both counted, to one decimal. Nil without workouts.
func AverageWeekCount(workouts int64, first string, now time.Time, loc *time.Location) *float64 {
	if workouts <= 0 || !isDate(first) {
		return nil
	}
	weeks := daysBetween(monday(day(first)), monday(day(Today(now, loc))))/7 + 1
	avg := Round(float64(workouts)/float64(max(1, weeks)), 1)
	return &avg
}

// AverageDuration is minutes spread over finished workouts, in whole minutes. Nil without
// any.
func AverageDuration(minutes, finished int64) *int {
	if finished <= 0 {
		return nil
	}
	n := int(Round(float64(minutes)/float64(finished), 0))
	return &n
}

// day reads a date as midnight UTC, so that days between dates are whole whatever the
// clocks did in between (a change of daylight saving time in the user's zone).
func day(date string) time.Time {
	t, _ := time.Parse(time.DateOnly, date)
	return t
}

func isDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

func daysBetween(from, to time.Time) int { return int(to.Sub(from).Hours() / 24) }

// monday is the Monday of d's week.
func monday(d time.Time) time.Time { return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7)) }
