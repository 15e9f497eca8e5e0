package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gymlog/gymlog/projections"
)

// progressEvery is how often the progress line on a terminal is written again.
const progressEvery = 250 * time.Millisecond

// isTerminal reports whether out is a terminal, where a rebuild shows its progress on one
// line written over and over; elsewhere (a log) it writes its start and end lines alone.
func isTerminal(out io.Writer) bool {
	f, ok := out.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// rebuild rebuilds the read models named (every one when none is), together. On a terminal
// it shows the events done, the rate and the time left on one updating line, then what it
// rebuilt; in a log the runner's start and end lines say it.
func rebuild(ctx context.Context, r *projections.Runner, names []string, out io.Writer) error {
	if !isTerminal(out) {
		return r.RebuildAll(ctx, names, nil)
	}
	var last, done projections.RebuildProgress
	var shown time.Time
	started := time.Now()
	err := r.RebuildAll(ctx, names, func(p projections.RebuildProgress) {
		done = p
		if time.Since(shown) < progressEvery && !p.Writing {
			return
		}
		shown, last = time.Now(), p
		fmt.Fprintf(out, "\r\033[Krebuilding: %s", progressLine(p))
	})
	if last != (projections.RebuildProgress{}) {
		fmt.Fprintln(out)
	}
	if err != nil {
		return err
	}
	what := "every read model"
	if len(names) > 0 {
		what = strings.Join(names, ", ")
	}
	done.Elapsed = time.Since(started)
	fmt.Fprintf(out, "rebuilt %s: %d events in %s (%.0f events/s)\n", what, done.Done,
		done.Elapsed.Round(time.Millisecond), rate(done))
	return nil
}

// progressLine is "120000 of 1000000 events, 95000 events/s, 9s left", then "1000000
// events applied, writing the read models"; a rebuild in partitions of users says which
// step it is at (RebuildProgress.Step).
func progressLine(p projections.RebuildProgress) string {
	if p.Writing {
		return p.Step()
	}
	line := p.Step() + fmt.Sprintf(", %.0f events/s", rate(p))
	if r := rate(p); r > 0 && p.Partitions <= 1 {
		left := time.Duration(float64(p.Total-p.Done) / r * float64(time.Second))
		line += fmt.Sprintf(", %s left", left.Round(time.Second))
	}
	return line
}

// rate is the events a second so far.
func rate(p projections.RebuildProgress) float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Done) / p.Elapsed.Seconds()
}
