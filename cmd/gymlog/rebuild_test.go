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
