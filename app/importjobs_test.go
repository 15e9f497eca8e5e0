package app_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections"
)

// clock is a time the test moves on by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func importJobs(t *testing.T, b backendtest.Backend, c *clock, node string) app.ImportJobs {
	t.Helper()
	if err := projections.Migrate(context.Background(), b.DB, projections.Dialect(b.Name)); err != nil {
		t.Fatal(err)
	}
	return app.NewImportJobs(b.DB, c.Now, node)
}

func TestAnImportJobRunsOnceAUserAndReportsItsEnd(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		c := &clock{now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
		jobs := importJobs(t, b, c, "node-a")

		job, started, err := jobs.Start(ctx, "job-1", "ann", 3)
		if err != nil || !started || job.Status != "running" || job.Total != 3 {
			t.Fatalf("start: %+v started %v err %v", job, started, err)
		}
		// The same file again, from this node or another: the running job, not started twice.
		if job, started, err := jobs.Start(ctx, "job-1", "ann", 3); err != nil || started || job.Status != "running" {
			t.Errorf("the same job again: %+v started %v err %v", job, started, err)
		}
		// Another file of the same user while the first runs: refused.
		if _, _, err := jobs.Start(ctx, "job-2", "ann", 1); domain.KindOf(err) != domain.KindConflict {
			t.Errorf("a second import of the user: %v, want a conflict", err)
		}
		// Another user's job is not this user's to read.
		if _, err := jobs.Get(ctx, "job-1", "bob"); domain.KindOf(err) != domain.KindNotFound {
			t.Errorf("another user reads the job: %v, want not found", err)
		}

		jobs.Run(ctx, "job-1", func(err error) { t.Errorf("run logged %v", err) }, func(progress func(done, total int)) (app.ImportResult, error) {
			for i := 1; i <= 3; i++ {
				progress(i, 3)
			}
			return app.ImportResult{Workouts: 2, Sets: 5, AlreadyImported: 1}, nil
		})
		job, err = jobs.Get(ctx, "job-1", "ann")
		if err != nil || job.Status != "done" || job.Done != 3 || job.Result == nil || job.Result.Workouts != 2 ||
			job.Result.Sets != 5 || job.Result.AlreadyImported != 1 || job.Result.Failed == nil {
			t.Fatalf("the job at its end: %+v %v", job, err)
		}
		// The user can import again once it has ended; closing the account erases the jobs.
		if _, started, err := jobs.Start(ctx, "job-2", "ann", 1); err != nil || !started {
			t.Errorf("an import after the first ended: started %v err %v", started, err)
		}
		if err := jobs.Erase(ctx, "ann"); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"job-1", "job-2"} {
			if _, err := jobs.Get(ctx, id, "ann"); domain.KindOf(err) != domain.KindNotFound {
				t.Errorf("%s after the account closed: %v, want not found", id, err)
			}
		}
	})
}

func TestAnImportJobWhoseNodeDiedIsCutShort(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		c := &clock{now: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
		jobs := importJobs(t, b, c, "node-a")
		if _, _, err := jobs.Start(ctx, "silent", "ann", 10); err != nil {
			t.Fatal(err)
		}
		if _, _, err := jobs.Start(ctx, "orphan", "bob", 10); err != nil {
			t.Fatal(err)
		}

		// Ann's job has said nothing for three heartbeats: its node is taken to be dead.
		c.Add(14 * time.Second)
		if job, err := jobs.Get(ctx, "silent", "ann"); err != nil || job.Status != "running" {
			t.Errorf("a job silent for 14 s: %+v %v, want still running", job, err)
		}
		c.Add(2 * time.Second)
		if job, err := jobs.Get(ctx, "silent", "ann"); err != nil || job.Status != "failed" || job.Error == "" {
			t.Errorf("a job silent for 16 s: %+v %v, want failed, cut short", job, err)
		}
		// And the same file posted again starts a new run.
		if _, started, err := jobs.Start(ctx, "silent", "ann", 10); err != nil || !started {
			t.Errorf("the file of a dead job again: started %v err %v", started, err)
		}

		// The node starts again: every job its earlier life left running fails at once, and no
		// other node's.
		other := app.NewImportJobs(b.DB, c.Now, "node-b")
		if _, _, err := other.Start(ctx, "elsewhere", "cy", 1); err != nil {
			t.Fatal(err)
		}
		if err := jobs.FailOrphans(ctx); err != nil {
			t.Fatal(err)
		}
		for _, j := range []struct{ id, user, want string }{{"orphan", "bob", "failed"}, {"silent", "ann", "failed"}, {"elsewhere", "cy", "running"}} {
			if job, err := jobs.Get(ctx, j.id, j.user); err != nil || job.Status != j.want {
				t.Errorf("%s after node-a started again: %+v %v, want %s", j.id, job, err, j.want)
			}
		}
	})
}
