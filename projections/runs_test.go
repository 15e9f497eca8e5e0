package projections

import (
	"context"
	"iter"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// collect is a RowWriter that keeps what it is given.
type collect map[string][][]any

func (c collect) Write(_ context.Context, table string, _ []string, rows iter.Seq[[]any]) error {
	for row := range rows {
		c[table] = append(c[table], row)
	}
	return nil
}

// Every kind of value a projector's rows hold comes back from a run as it went in, Go type
// and all (pgx's COPY encodes by type).
func TestARunGivesBackItsValuesAsWritten(t *testing.T) {
	at := time.Date(2026, 11, 28, 5, 30, 0, 123456789, time.FixedZone("", 3600))
	row := []any{nil, true, false, 0, -7, int64(math.MaxInt64), int64(math.MinInt64), 0.1, math.Copysign(0, -1),
		math.Inf(1), "", "Ünïcödé 🏋", []byte{}, []byte{0, 1, 2}, at}
	rs := newRuns(t.TempDir())
	defer rs.close()
	columns := make([]string, len(row))
	for i := range columns {
		columns[i] = "c" + string(rune('a'+i))
	}
	if err := rs.Write(context.Background(), "t", columns, slices.Values([][]any{row, row})); err != nil {
		t.Fatal(err)
	}
	got := collect{}
	if err := rs.writeTo(context.Background(), got, func(string) ([]string, error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	if len(got["t"]) != 2 {
		t.Fatalf("%d rows back, 2 written", len(got["t"]))
	}
	for _, back := range got["t"] {
		for i := range row {
			if reflect.TypeOf(back[i]) != reflect.TypeOf(row[i]) {
				t.Errorf("value %d: %T back, %T written", i, back[i], row[i])
			}
		}
		if math.Signbit(back[8].(float64)) != true || !back[14].(time.Time).Equal(at) {
			t.Errorf("-0 or the time changed: %v, %v", back[8], back[14])
		}
		back[8], back[14] = row[8], row[14]
		if !reflect.DeepEqual(back, row) {
			t.Errorf("row back:\n%#v\nwritten:\n%#v", back, row)
		}
	}
}

// A value of a type a run cannot hold fails the write, naming it, rather than coming back as
// something else.
func TestARunRefusesAValueItCannotHold(t *testing.T) {
	rs := newRuns(t.TempDir())
	defer rs.close()
	err := rs.Write(context.Background(), "t", []string{"a"}, slices.Values([][]any{{float32(1)}}))
	if err == nil || !strings.Contains(err.Error(), "float32") {
		t.Fatalf("err %v", err)
	}
}

// A run cut short inside a row is damaged, not ended: the rows after the cut are not lost
// without a word.
func TestARunCutShortIsDamaged(t *testing.T) {
	rs := newRuns(t.TempDir())
	defer rs.close()
	rows := [][]any{{"a", int64(1)}, {"b", int64(300)}}
	if err := rs.Write(context.Background(), "t", []string{"k", "v"}, slices.Values(rows)); err != nil {
		t.Fatal(err)
	}
	f := rs.tables[0].files[0]
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(info.Size() - 1); err != nil {
		t.Fatal(err)
	}
	err = rs.writeTo(context.Background(), collect{}, func(string) ([]string, error) { return []string{"k"}, nil })
	if err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("err %v", err)
	}
}

// Runs written in their key's order, partition by partition, merge into one table in that
// order, every row once, for many random splits; a table's key named by the database is
// found among its columns wherever it stands, and rows tie on a key's first column.
func TestRunsMergeInKeyOrder(t *testing.T) {
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 1))
		parts := 1 + rng.IntN(9)
		rs := newRuns(t.TempDir())
		var all [][]any
		byPart := make([][][]any, parts)
		for i := range rng.IntN(500) {
			// columns: value, user, id; key (id, user)
			row := []any{rng.Float64(), "u" + string(rune('a'+rng.IntN(5))), int64(rng.IntN(100)*1000 + i)}
			all = append(all, row)
			p := rng.IntN(parts)
			byPart[p] = append(byPart[p], row)
		}
		key := func(a, b []any) int {
			return compareRows(a, b, []int{2, 1})
		}
		for _, rows := range byPart {
			slices.SortFunc(rows, key)
			if err := rs.Write(context.Background(), "sets", []string{"value", "user", "id"}, slices.Values(rows)); err != nil {
				t.Fatal(err)
			}
		}
		got := collect{}
		err := rs.writeTo(context.Background(), got, func(string) ([]string, error) { return []string{"id", "user"}, nil })
		rs.close()
		if err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(all, key)
		if !reflect.DeepEqual(got["sets"], all) && !(len(all) == 0 && len(got["sets"]) == 0) {
			t.Fatalf("seed %d, %d partitions: the merge is not every row in key order", seed, parts)
		}
	}
}

// close leaves no file behind.
func TestRunsCloseRemovesTheirFiles(t *testing.T) {
	dir := t.TempDir()
	rs := newRuns(dir)
	for range 3 {
		if err := rs.Write(context.Background(), "t", []string{"a"}, slices.Values([][]any{{"x"}})); err != nil {
			t.Fatal(err)
		}
	}
	rs.close()
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
