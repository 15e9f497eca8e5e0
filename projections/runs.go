package projections

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"slices"
	"time"
)

// runs keeps what a partitioned read model's partitions write, in files: a run for each
// partition and table, its rows in the order Flush wrote them (each table's key order). Once
// the last partition is written, each table's runs are merged in the order of its primary key
// and written into its copy once. Written partition by partition into the copies instead, every
// partition's rows would land all over each key's B-tree (a partition is some users, a key
// starts with an id), and each transaction would write most of the key's pages again.
type runs struct {
	dir    string
	tables []*tableRuns // in the order first written
}

// tableRuns is one table's runs.
type tableRuns struct {
	name    string
	columns []string
	files   []*os.File
}

func newRuns(dir string) *runs { return &runs{dir: dir} }

// close removes the files.
func (rs *runs) close() {
	for _, t := range rs.tables {
		for _, f := range t.files {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}
}

// Write adds a run of rows to table: a RowWriter for one partition's Flush.
func (rs *runs) Write(ctx context.Context, table string, columns []string, rows iter.Seq[[]any]) error {
	i := slices.IndexFunc(rs.tables, func(t *tableRuns) bool { return t.name == table })
	if i < 0 {
		rs.tables = append(rs.tables, &tableRuns{name: table, columns: slices.Clone(columns)})
		i = len(rs.tables) - 1
	}
	t := rs.tables[i]
	if !slices.Equal(t.columns, columns) {
		return fmt.Errorf("projections: %s written with columns %v, then %v", table, t.columns, columns)
	}
	f, err := os.CreateTemp(rs.dir, "run-")
	if err != nil {
		return fmt.Errorf("projections: rebuild run: %w", err)
	}
	t.files = append(t.files, f)
	out := bufio.NewWriterSize(f, 64<<10)
	var b []byte
	for row := range rows {
		if err := ctx.Err(); err != nil {
			return err
		}
		if len(row) != len(columns) {
			return fmt.Errorf("projections: a row of %s has %d values for %d columns", table, len(row), len(columns))
		}
		if b, err = appendRow(b[:0], row); err != nil {
			return fmt.Errorf("projections: a row of %s: %w", table, err)
		}
		if _, err := out.Write(b); err != nil {
			return fmt.Errorf("projections: rebuild run: %w", err)
		}
	}
	if err := out.Flush(); err != nil {
		return fmt.Errorf("projections: rebuild run: %w", err)
	}
	return nil
}

// writeTo writes every table's runs, merged in the order of key (the columns of each table's
// primary key, by name), through w.
func (rs *runs) writeTo(ctx context.Context, w RowWriter, key func(table string) ([]string, error)) error {
	for _, t := range rs.tables {
		names, err := key(t.name)
		if err != nil {
			return err
		}
		var at []int
		for _, n := range names {
			if i := slices.Index(t.columns, n); i >= 0 {
				at = append(at, i)
			}
		}
		var merr error
		merged := func(yield func([]any) bool) { merr = t.merge(at, yield) }
		if err := w.Write(ctx, t.name, t.columns, merged); err != nil {
			return err
		}
		if merr != nil {
			return merr
		}
	}
	return nil
}

// merge yields the rows of t's runs, each run read in its order, the next row always the
// least by the values at key (a run's rows in that order, the merge is in that order).
func (t *tableRuns) merge(key []int, yield func([]any) bool) error {
	type head struct {
		in  *bufio.Reader
		row []any
	}
	var heads []*head
	next := func(h *head) (bool, error) {
		row, err := readRow(h.in, len(t.columns))
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		h.row = row
		return err == nil, err
	}
	for _, f := range t.files {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("projections: rebuild run: %w", err)
		}
		h := &head{in: bufio.NewReaderSize(f, 64<<10)}
		ok, err := next(h)
		if err != nil {
			return err
		}
		if ok {
			heads = append(heads, h)
		}
	}
	// Few runs (a partition each): the least head is found by a walk.
	for len(heads) > 0 {
		least := 0
		for i := 1; i < len(heads); i++ {
			if compareRows(heads[i].row, heads[least].row, key) < 0 {
				least = i
			}
		}
		h := heads[least]
		if !yield(h.row) {
			return nil
		}
		ok, err := next(h)
		if err != nil {
			return err
		}
		if !ok {
			heads = slices.Delete(heads, least, least+1)
		}
	}
	return nil
}

// compareRows orders two rows by their values at key, as the databases order those keys'
// values: numbers by value, text by its bytes.
func compareRows(a, b []any, key []int) int {
	for _, i := range key {
		if c := compareValues(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

func compareValues(a, b any) int {
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok {
			return cmp.Compare(x, y)
		}
	case int64:
		if y, ok := b.(int64); ok {
			return cmp.Compare(x, y)
		}
	case int:
		if y, ok := b.(int); ok {
			return cmp.Compare(x, y)
		}
	case float64:
		if y, ok := b.(float64); ok {
			return cmp.Compare(x, y)
		}
	case []byte:
		if y, ok := b.([]byte); ok {
			return bytes.Compare(x, y)
		}
	}
	return cmp.Compare(valueTag(a), valueTag(b))
}

// The tags of the values a run holds: each row is its values, each a tag and what it needs.
const (
	tagNil byte = iota
	tagFalse
	tagTrue
	tagInt
	tagInt64
	tagFloat
	tagString
	tagBytes
	tagTime
	tagOther
)

func valueTag(v any) byte {
	switch x := v.(type) {
	case nil:
		return tagNil
	case bool:
		if x {
			return tagTrue
		}
		return tagFalse
	case int:
		return tagInt
	case int64:
		return tagInt64
	case float64:
		return tagFloat
	case string:
		return tagString
	case []byte:
		return tagBytes
	case time.Time:
		return tagTime
	}
	return tagOther
}

// appendRow appends row's values to b, each as its tag and its value.
func appendRow(b []byte, row []any) ([]byte, error) {
	for _, v := range row {
		tag := valueTag(v)
		b = append(b, tag)
		switch x := v.(type) {
		case int:
			b = binary.AppendVarint(b, int64(x))
		case int64:
			b = binary.AppendVarint(b, x)
		case float64:
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		case string:
			b = binary.AppendUvarint(b, uint64(len(x)))
			b = append(b, x...)
		case []byte:
			b = binary.AppendUvarint(b, uint64(len(x)))
			b = append(b, x...)
		case time.Time:
			t, err := x.MarshalBinary()
			if err != nil {
				return nil, err
			}
			b = binary.AppendUvarint(b, uint64(len(t)))
			b = append(b, t...)
		default:
			if tag == tagOther {
				return nil, fmt.Errorf("a value of type %T", v)
			}
		}
	}
	return b, nil
}

// readRow reads back a row of width values appendRow wrote; io.EOF at the end of the run.
func readRow(in *bufio.Reader, width int) ([]any, error) {
	row := make([]any, width)
	for i := range row {
		tag, err := in.ReadByte()
		if err != nil {
			if i == 0 && errors.Is(err, io.EOF) {
				return nil, io.EOF
			}
			return nil, damagedRun(err)
		}
		switch tag {
		case tagNil:
		case tagFalse, tagTrue:
			row[i] = tag == tagTrue
		case tagInt, tagInt64:
			v, err := binary.ReadVarint(in)
			if err != nil {
				return nil, damagedRun(err)
			}
			if row[i] = v; tag == tagInt {
				row[i] = int(v)
			}
		case tagFloat:
			var f [8]byte
			if _, err := io.ReadFull(in, f[:]); err != nil {
				return nil, damagedRun(err)
			}
			row[i] = math.Float64frombits(binary.LittleEndian.Uint64(f[:]))
		case tagString, tagBytes, tagTime:
			n, err := binary.ReadUvarint(in)
			if err != nil {
				return nil, damagedRun(err)
			}
			v := make([]byte, n)
			if _, err := io.ReadFull(in, v); err != nil {
				return nil, damagedRun(err)
			}
			switch tag {
			case tagString:
				row[i] = string(v)
			case tagBytes:
				row[i] = v
			default:
				var t time.Time
				if err := t.UnmarshalBinary(v); err != nil {
					return nil, damagedRun(err)
				}
				row[i] = t
			}
		default:
			return nil, damagedRun(fmt.Errorf("tag %d", tag))
		}
	}
	return row, nil
}

func damagedRun(err error) error {
	// Not wrapped: a run that ends inside a row is damaged, not at its end.
	return fmt.Errorf("projections: rebuild run: a damaged row: %v", err)
}
