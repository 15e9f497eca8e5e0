package eventstore

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// instrumented is a Store that records append latency and outcomes.
type instrumented struct {
	Store
	latency *prometheus.HistogramVec
}

// Instrument wraps store so that every Append is timed on reg, by outcome (ok, conflict,
// error).
func Instrument(store Store, reg prometheus.Registerer) Store {
	latency := prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "gymlog_eventstore_append_duration_seconds",
		Help:    "Event store append latency by outcome.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
	}, []string{"outcome"})
	reg.MustRegister(latency)
	i := &instrumented{Store: store, latency: latency}
	if sc, ok := store.(Scrubber); ok {
		return scrubbing{i, sc} // keep what closing an account needs of the store
	}
	return i
}

// scrubbing is an instrumented store that can scrub.
type scrubbing struct {
	*instrumented
	Scrubber
}

// Append appends through the wrapped store and records how long it took.
func (s *instrumented) Append(ctx context.Context, stream string, expected ExpectedVersion, events ...EventData) (AppendResult, error) {
	start := time.Now()
	res, err := s.Store.Append(ctx, stream, expected, events...)
	outcome := "ok"
	switch {
	case IsWrongVersion(err):
		outcome = "conflict"
	case err != nil:
		outcome = "error"
	}
	s.latency.WithLabelValues(outcome).Observe(time.Since(start).Seconds())
	return res, err
}
