package workouts

import "github.com/gymlog/gymlog/projections"

var _ projections.RebuildRemembering = Projector{}

// ForRebuild returns the projector a rebuild applies events through: one whose memory holds
// what it wrote to the rebuild's copies, which only the rebuild writes, as New's holds what
// it wrote to the live tables. A run of logged sets into workouts the rebuild has seen then
// needs no read.
func (p Projector) ForRebuild() projections.Projector {
	if p.mem == nil {
		return p
	}
	m := newMemory()
	m.copies = true
	return Projector{mem: m}
}
