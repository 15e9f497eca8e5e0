package progress

// The directions of a metric's change.
const (
	Up   = "up"
	Down = "down"
)

// Metric is one card of /progress: a value at its start (From) and now (To).
type Metric struct {
	Name           string
	Start, Current float64
	From, To       string
	// Change is Up when Current is at least Start, Down otherwise; Difference is Current
	// minus Start.
	Change     string
	Difference float64
	Unit       string
}

// NewMetric compares current with start, rounding the values and their difference to places
// decimals.
func NewMetric(name, unit string, start, current float64, from, to string, places int) Metric {
	m := Metric{Name: name, Unit: unit, Start: Round(start, places), Current: Round(current, places), From: from, To: to}
	m.Difference = Round(m.Current-m.Start, places)
	m.Change = Up
	if m.Difference < 0 {
		m.Change = Down
	}
	return m
}
