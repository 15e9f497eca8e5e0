package workouts

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// compareHK orders history keys from their parts exactly as their text orders them, prefixes
// of one another, '#', digits and negative positions included.
func TestCompareHKIsTheOrderOfTheText(t *testing.T) {
	parts := []string{"", "2026-11-25", "2026-11-25T09:00", "2026-11-25T09:00#", "2026-11-25T09:00#0", "2026-11-25T09:00#1",
		"2026-11-25T09:00#00000000000000000012", "2026-11-25T09:00#00000000000000000012#", "2026-11-25T09", "2026-11-25T09:00 ",
		"2026-11-25T09:00/", "2026-11-25T09:00$", "T", "#", "é", "2026-11-2", "2026-11-25T090"}
	seqs := []int64{0, 1, 9, 10, 12, 99, 120, 1 << 40, math.MaxInt64, -1, -12, math.MinInt64}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		seqs = append(seqs, rng.Int64N(1<<50))
	}
	for _, pa := range parts {
		for _, pb := range parts {
			for _, sa := range seqs {
				for _, sb := range seqs {
					want := strings.Compare(historyKey(pa, "", sa)[:len(pa)]+historyKey(pa, "", sa)[len(pa)+1:],
						historyKey(pb, "", sb)[:len(pb)]+historyKey(pb, "", sb)[len(pb)+1:])
					if got := compareHK(pa, sa, pb, sb); got != want {
						t.Fatalf("compareHK(%q, %d, %q, %d) = %d, want %d", pa, sa, pb, sb, got, want)
					}
				}
			}
		}
	}
	s := &mSet{stamp: newStamp("2026-11-25", "09:00"), seq: 42}
	if got, want := s.hk(), historyKey("2026-11-25", "09:00", 42); got != want {
		t.Errorf("hk: %q, want %q", got, want)
	}
}

// A set rebuilt in memory stays in the 128-byte size class: a million-event log holds
// nearly 800,000 of them.
func TestASetInMemoryIsSmall(t *testing.T) {
	if size := unsafe.Sizeof(mSet{}); size > 128 {
		t.Errorf("mSet is %d bytes, want 128 at most", size)
	}
}
