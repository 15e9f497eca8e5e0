package projections

import "context"

// CatchUpOnce applies the feed to the projector name as the runner's loop does, but leaves
// out what the loop does around it (the lease, the periodic and the final checkpoint
// flush): what a process that dies right after has left behind.
func CatchUpOnce(ctx context.Context, r *Runner, name string) error {
	w := r.byName[name]
	if err := r.prepare(ctx, w); err != nil {
		return err
	}
	return r.catchUp(ctx, w)
}
