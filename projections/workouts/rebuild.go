package workouts

import (
	"context"
	"maps"
	"slices"

	"github.com/gymlog/gymlog/projections"
)

// NewRebuilding returns the workouts, workout_sets and personal_bests tables rebuilt in
// memory by the rules Apply applies. It needs no other user's events than those it is
// given: a user's rows follow from the user's events alone, so a rebuild may run in passes
// over parts of the users, each with its own Rebuilding.
func (Projector) NewRebuilding() projections.Rebuilding { return rebuilding{newMemory(nil)} }

type rebuilding struct{ m *memory }

func (r rebuilding) Apply(ev projections.Event) error { return apply(r.m, ev) }

// Flush writes the three tables, each in the order of its primary key: rows written in the
// order of a table's key fill its pages in turn, not all at once.
func (r rebuilding) Flush(ctx context.Context, w projections.RowWriter) error {
	if err := w.Write(ctx, "workouts", workoutColumnList, r.workoutRows); err != nil {
		return err
	}
	if err := w.Write(ctx, "workout_sets", setColumnList, r.setRows); err != nil {
		return err
	}
	return w.Write(ctx, "personal_bests", bestColumnList, r.bestRows)
}

// rowBlock hands out rows of width values from blocks of many, fewer allocations than one a
// row (a writer may hold rows until it writes them, so none is reused).
type rowBlock struct {
	width int
	block []any
}

func (rs *rowBlock) next() []any {
	if len(rs.block) < rs.width {
		rs.block = make([]any, rs.width*256)
	}
	row := rs.block[:rs.width:rs.width]
	rs.block = rs.block[rs.width:]
	return row
}

func (r rebuilding) workoutRows(yield func([]any) bool) {
	rs := rowBlock{width: len(workoutColumnList)}
	for _, id := range slices.Sorted(maps.Keys(r.m.workouts)) {
		if w := r.m.workouts[id].row; w != nil && !yield(workoutValues(rs.next(), w)) {
			return
		}
	}
}

func (r rebuilding) setRows(yield func([]any) bool) {
	rs := rowBlock{width: len(setColumnList)}
	sets := slices.SortedFunc(maps.Values(r.m.sets), func(a, b *setRow) int { return compareSetRefs(a.ref(), b.ref()) })
	for _, x := range sets {
		if !yield(setValues(rs.next(), x)) {
			return
		}
	}
}

func (r rebuilding) bestRows(yield func([]any) bool) {
	rs := rowBlock{width: len(bestColumnList)}
	for _, k := range slices.SortedFunc(maps.Keys(r.m.bestRows), compareHistKeys) {
		if b := r.m.bestRows[k]; b != nil && !yield(bestValues(rs.next(), b)) {
			return
		}
	}
}
