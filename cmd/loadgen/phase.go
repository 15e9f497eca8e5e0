package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

// lifter is one simulated user: it logs its n-th set and reads it back.
type lifter interface {
	logAndRead(ctx context.Context, n int) (write, read time.Duration, err error)
}

// result is what one phase measured.
type result struct {
	sets    int
	elapsed time.Duration
	writes  []time.Duration
	reads   []time.Duration
}

func (r result) throughput() float64 { return float64(r.sets) / r.elapsed.Seconds() }

// p is the q-quantile of the write (log a set) latencies.
func (r result) p(q float64) time.Duration { return quantile(r.writes, q) }

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// load is what each phase runs.
type load struct {
	users, sets, warmup int
	maxTime             time.Duration
}

// phase signs up the users' lifters and has each log and read back its warm-up sets (not
// timed), then has each log and read back up to sets sets at once, stopping at maxTime.
func phase(ctx context.Context, l load, newLifter func(context.Context, int) (lifter, error)) (result, error) {
	lifters := make([]lifter, l.users)
	for i := range lifters {
		lf, err := newLifter(ctx, i)
		if err != nil {
			return result{}, err
		}
		lifters[i] = lf
	}
	if err := warmUp(ctx, lifters, l.warmup); err != nil {
		return result{}, err
	}
	sets := l.sets
	ctx, cancel := context.WithTimeout(ctx, l.maxTime)
	defer cancel()
	var (
		mu       sync.Mutex
		res      result
		firstErr error
		wg       sync.WaitGroup
	)
	start := time.Now()
	for _, lf := range lifters {
		wg.Go(func() {
			for n := l.warmup; n < l.warmup+sets; n++ {
				if ctx.Err() != nil {
					return
				}
				w, r, err := lf.logAndRead(ctx, n)
				mu.Lock()
				if err != nil {
					if firstErr == nil && ctx.Err() == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				res.sets++
				res.writes = append(res.writes, w)
				res.reads = append(res.reads, r)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res, firstErr
}

// warmUp has every lifter log and read back its first n sets at once, untimed and alike on
// both paths. A user's first set pays one-off costs (the workout folded into the server's
// cache, statements prepared on fresh connections) once per workout; the 32 users paying
// them at the same instant would otherwise be most of a short run's slowest 1%.
func warmUp(ctx context.Context, lifters []lifter, n int) error {
	var wg sync.WaitGroup
	errs := make(chan error, len(lifters))
	for _, lf := range lifters {
		wg.Go(func() {
			for i := range n {
				if _, _, err := lf.logAndRead(ctx, i); err != nil {
					errs <- fmt.Errorf("warm-up: %w", err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func report(name string, r result) {
	fmt.Printf("%-24s %6d sets in %6.2fs = %7.1f sets/s; log a set p50 %6.2f ms p99 %6.2f ms; read it back p50 %6.2f ms p99 %6.2f ms\n",
		name, r.sets, r.elapsed.Seconds(), r.throughput(), ms(r.p(0.5)), ms(r.p(0.99)), ms(quantile(r.reads, 0.5)), ms(quantile(r.reads, 0.99)))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// rss reads a memory figure (VmRSS, VmHWM) of this process from /proc.
func rss(field string) string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
