// Package progress holds the rules of the dashboard and progress screens: what a chart's
// average and trend lines are, how a progress metric compares a start with a current value,
// and how the time widgets count days and weeks in the user's time zone.
package progress

import "math"

// Series is the data of one chart: a value for each label (a date), oldest first.
type Series struct {
	Labels []string
	Values []float64
}

// Average is the mean of the values, once for each label: the flat line a chart draws.
// Empty without values.
func (s Series) Average() []float64 {
	out := make([]float64, len(s.Values))
	if len(s.Values) == 0 {
		return out
	}
	sum := 0.0
	for _, v := range s.Values {
		sum += v
	}
	mean := Round(sum/float64(len(s.Values)), 2)
	for i := range out {
		out[i] = mean
	}
	return out
}

// Trend is the least-squares straight line through the values, taken one label apart: its
// value at each label. One value is its own trend.
func (s Series) Trend() []float64 {
	n := float64(len(s.Values))
	out := make([]float64, len(s.Values))
	if len(s.Values) == 0 {
		return out
	}
	var sumX, sumY, sumXY, sumXX float64
	for i, y := range s.Values {
		x := float64(i)
		sumX, sumY, sumXY, sumXX = sumX+x, sumY+y, sumXY+x*y, sumXX+x*x
	}
	slope := 0.0
	if d := n*sumXX - sumX*sumX; d != 0 {
		slope = (n*sumXY - sumX*sumY) / d
	}
	intercept := (sumY - slope*sumX) / n
	for i := range out {
		out[i] = Round(intercept+slope*float64(i), 2)
	}
	return out
}

// Round rounds v to places decimals, halves away from zero.
func Round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}
