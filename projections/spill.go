package projections

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/gymlog/gymlog/eventstore"
)

// spill keeps the records of a rebuild's log sorted into partitions, a file each, in the
// log's order within a partition: the log is read once, and each partition's events are
// read back from its file alone, however many partitions there are.
type spill struct {
	dir   string
	files []*os.File
	out   []*bufio.Writer
	count []int64
}

func newSpill(partitions int) (*spill, error) {
	dir, err := os.MkdirTemp("", "gymlog-rebuild-")
	if err != nil {
		return nil, fmt.Errorf("projections: rebuild spill: %w", err)
	}
	s := &spill{dir: dir, count: make([]int64, partitions)}
	for i := range partitions {
		f, err := os.CreateTemp(dir, fmt.Sprintf("partition-%d-", i))
		if err != nil {
			s.close()
			return nil, fmt.Errorf("projections: rebuild spill: %w", err)
		}
		s.files = append(s.files, f)
		s.out = append(s.out, bufio.NewWriterSize(f, 64<<10))
	}
	return s, nil
}

// close removes the files.
func (s *spill) close() {
	for _, f := range s.files {
		_ = f.Close()
	}
	_ = os.RemoveAll(s.dir)
}

// write appends rec to partition p.
func (s *spill) write(p int, rec eventstore.RecordedEvent) error {
	at, err := rec.RecordedAt.MarshalBinary()
	if err != nil {
		return err
	}
	b := make([]byte, 0, 64+len(rec.Data))
	b = binary.AppendVarint(b, rec.Position)
	b = binary.AppendVarint(b, rec.Version)
	for _, s := range [...]string{rec.ID, rec.Stream, rec.Type, rec.Metadata.ActorID, rec.Metadata.CommandID,
		rec.Metadata.CorrelationID, rec.Metadata.CausationID, string(at)} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(rec.Data)))
	b = append(b, rec.Data...)
	var size [binary.MaxVarintLen64]byte
	if _, err := s.out[p].Write(size[:binary.PutUvarint(size[:], uint64(len(b)))]); err != nil {
		return fmt.Errorf("projections: rebuild spill: %w", err)
	}
	if _, err := s.out[p].Write(b); err != nil {
		return fmt.Errorf("projections: rebuild spill: %w", err)
	}
	s.count[p]++
	return nil
}

// reader returns partition p's records, in the order written, n at a time through next (an
// empty slice once done). Writing is over once a reader is asked for.
func (s *spill) reader(p int) (next func(n int) ([]eventstore.RecordedEvent, error), err error) {
	if err := s.out[p].Flush(); err != nil {
		return nil, fmt.Errorf("projections: rebuild spill: %w", err)
	}
	if _, err := s.files[p].Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("projections: rebuild spill: %w", err)
	}
	in := bufio.NewReaderSize(s.files[p], 256<<10)
	return func(n int) ([]eventstore.RecordedEvent, error) {
		var recs []eventstore.RecordedEvent
		for len(recs) < n {
			size, err := binary.ReadUvarint(in)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("projections: rebuild spill: %w", err)
			}
			b := make([]byte, size)
			if _, err := io.ReadFull(in, b); err != nil {
				return nil, fmt.Errorf("projections: rebuild spill: %w", err)
			}
			rec, err := decodeSpilled(b)
			if err != nil {
				return nil, err
			}
			recs = append(recs, rec)
		}
		return recs, nil
	}, nil
}

// decodeSpilled reads back a record write wrote.
func decodeSpilled(b []byte) (eventstore.RecordedEvent, error) {
	var rec eventstore.RecordedEvent
	bad := fmt.Errorf("projections: rebuild spill: a damaged record")
	varint := func() int64 {
		v, n := binary.Varint(b)
		if n <= 0 {
			b = nil
			return 0
		}
		b = b[n:]
		return v
	}
	bytes := func() []byte {
		size, n := binary.Uvarint(b)
		if n <= 0 || uint64(len(b)-n) < size {
			b = nil
			return nil
		}
		v := b[n : n+int(size) : n+int(size)]
		b = b[n+int(size):]
		return v
	}
	rec.Position = varint()
	rec.Version = varint()
	fields := [...]*string{&rec.ID, &rec.Stream, &rec.Type, &rec.Metadata.ActorID, &rec.Metadata.CommandID,
		&rec.Metadata.CorrelationID, &rec.Metadata.CausationID}
	for _, f := range fields {
		*f = string(bytes())
	}
	var at time.Time
	if err := at.UnmarshalBinary(bytes()); err != nil {
		return rec, bad
	}
	rec.RecordedAt = at
	rec.Data = bytes()
	if b == nil || len(b) != 0 {
		return rec, bad
	}
	return rec, nil
}

// counts is how many records each partition holds; nil for no spill.
func (s *spill) counts() []int64 {
	if s == nil {
		return nil
	}
	return s.count
}
