package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// floorSuffix names the empty copies floor fills.
const floorSuffix = "_floor"

// floor measures the least a rebuild of the read models rebuilt in memory can cost on this
// database: the raw scan, then, table by table, copying the rows a rebuild left in the live
// table into an empty copy with the database's own INSERT … SELECT (no client, no driver, no
// projection logic) and building the copy's secondary indexes over it, as a rebuild does.
// It needs read models rebuilt before (rebuildbench run) and leaves them as they are.
func floor(ctx context.Context, d *databases, out io.Writer) (rate float64, err error) {
	start := time.Now()
	scanned, err := rawScan(ctx, d.db)
	if err != nil {
		return 0, err
	}
	scan := time.Since(start)
	fmt.Fprintf(out, "%s: raw scan of %d events %s\n", d.dialect, scanned, scan.Round(time.Millisecond))
	total := scan
	var rows int64
	for _, p := range readmodels.All() {
		if _, ok := p.(projections.MemoryRebuilt); !ok {
			continue
		}
		for _, t := range p.Tables() {
			n, insert, index, err := floorTable(ctx, d, t)
			if err != nil {
				return 0, fmt.Errorf("floor %s: %w", t, err)
			}
			fmt.Fprintf(out, "%-18s %9d rows  insert %7s  indexes %7s\n", t, n, insert.Round(time.Millisecond),
				index.Round(time.Millisecond))
			total += insert + index
			rows += n
		}
	}
	rate = float64(scanned) / total.Seconds()
	fmt.Fprintf(out, "%s: %d rows; floor %s (raw scan + writes), %.0f events/s at most\n", d.dialect, rows,
		total.Round(time.Millisecond), rate)
	return rate, nil
}

// floorTable copies table t into an empty copy with its keys, then builds its other indexes,
// and drops the copy.
func floorTable(ctx context.Context, d *databases, t string) (n int64, insert, index time.Duration, err error) {
	c := t + floorSuffix
	if _, err := d.db.ExecContext(ctx, `DROP TABLE IF EXISTS `+c); err != nil {
		return 0, 0, 0, err
	}
	defer func() { _, _ = d.db.ExecContext(context.Background(), `DROP TABLE IF EXISTS `+c) }()
	// The copy as a rebuild in memory makes it: keys only, its other indexes built when full.
	indexes, err := projections.EmptyCopy(ctx, d.db, d.dialect, t, c, true)
	if err != nil {
		return 0, 0, 0, err
	}
	start := time.Now()
	res, err := d.db.ExecContext(ctx, `INSERT INTO `+c+` SELECT * FROM `+t)
	if err != nil {
		return 0, 0, 0, err
	}
	insert = time.Since(start)
	n, _ = res.RowsAffected()
	start = time.Now()
	for _, stmt := range indexes {
		if _, err := d.db.ExecContext(ctx, stmt); err != nil {
			return 0, 0, 0, err
		}
	}
	return n, insert, time.Since(start), nil
}
