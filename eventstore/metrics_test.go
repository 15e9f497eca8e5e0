package eventstore_test

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
)

// The instrumented store the server uses keeps the backends' Scrub, without which closing
// an account would leave the user's bytes in the database files.
func TestInstrumentedStoreKeepsScrub(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		if _, ok := eventstore.Instrument(b.Store, prometheus.NewRegistry()).(eventstore.Scrubber); !ok {
			t.Errorf("the instrumented store cannot scrub")
		}
	})
}
