package main

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/gymlog/gymlog/projections"
)

func TestRebuildProgressLine(t *testing.T) {
	for _, tt := range []struct {
		p    projections.RebuildProgress
		want string
	}{
		{projections.RebuildProgress{Done: 250_000, Total: 1_000_000, Elapsed: 5 * time.Second},
			"250000 of 1000000 events, 50000 events/s, 15s left"},
		{projections.RebuildProgress{Total: 10}, "0 of 10 events, 0 events/s"},
		{projections.RebuildProgress{Done: 10, Total: 10, Elapsed: time.Second, Writing: true},
			"10 events applied, writing the read models"},
		{projections.RebuildProgress{Done: 400, Total: 1000, Elapsed: time.Second, Partitions: 7},
			"reading the log into 7 partitions of users: 400 of 1000 events, 400 events/s"},
		{projections.RebuildProgress{Done: 300, Total: 900, Elapsed: 2 * time.Second, Partition: 2, Partitions: 7},
			"partition 2 of 7: 300 of 900 events, 150 events/s"},
		{projections.RebuildProgress{Done: 900, Total: 900, Elapsed: 3 * time.Second, Writing: true, Partition: 7, Partitions: 7},
			"partition 7 of 7: 900 events applied, writing the read models"},
	} {
		if got := progressLine(tt.p); got != tt.want {
			t.Errorf("progressLine(%+v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

// Output that is not a terminal (a log, a pipe, a buffer) gets no progress line.
func TestRebuildShowsProgressOnlyOnATerminal(t *testing.T) {
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is taken for a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a file is taken for a terminal")
	}
}
