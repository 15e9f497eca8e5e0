package main

import (
	"context"
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rssWatch samples the process's resident memory and the Go heap's every 50 ms, and keeps the
// highest of each with the rebuild's step at the time, to tell where a rebuild's memory goes.
type rssWatch struct {
	mu                sync.Mutex
	now               string
	rss, heap         uint64
	rssStep, heapStep string
	// goAtRSS is what the Go runtime held from the system (less what it gave back) at the
	// RSS peak: the rest of the RSS is SQLite's (its allocator is outside the Go heap), the
	// binary's and the C library's.
	goAtRSS uint64
}

func watchRSS(ctx context.Context) *rssWatch {
	w := &rssWatch{now: "starting"}
	go func() {
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"},
			{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			rss := residentBytes()
			w.mu.Lock()
			if rss > w.rss {
				w.rss, w.rssStep = rss, w.now
				w.goAtRSS = sample[1].Value.Uint64() - sample[2].Value.Uint64()
			}
			if h := sample[0].Value.Uint64(); h > w.heap {
				w.heap, w.heapStep = h, w.now
			}
			w.mu.Unlock()
		}
	}()
	return w
}

func (w *rssWatch) step(s string) {
	w.mu.Lock()
	w.now = s
	w.mu.Unlock()
}

func (w *rssWatch) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return fmt.Sprintf("sampled peaks: RSS %d MB at %q (the Go runtime's %d MB of it); Go heap objects %d MB at %q",
		w.rss>>20, w.rssStep, w.goAtRSS>>20, w.heap>>20, w.heapStep)
}

// residentBytes is the process's resident set now, 0 where /proc does not tell.
func residentBytes() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}
