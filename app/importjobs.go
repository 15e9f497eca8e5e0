package app

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gymlog/gymlog/domain"
)

const (
	// importJobLife is how long a finished import's result can be read.
	importJobLife = time.Hour
	// importHeartbeat is how often the node running an import says that it still does.
	importHeartbeat = 5 * time.Second
	// importStale is how long after its last word a running import is taken to have died
	// with its node: three heartbeats missed.
	importStale = 3 * importHeartbeat
	// importProgressEvery bounds how often an import writes its progress.
	importProgressEvery = time.Second
)

// importCutShort is what the page shows of an import that stopped before its end.
const importCutShort = "The import stopped before the end. Import the file again to add the rest."

// ImportJobs keeps import jobs in the read models' database (import_jobs), so that whichever
// node a poll reaches answers it: the node running an import writes its progress at most once
// a second and says every few seconds that it is still running; a job that has said nothing
// for importStale died with its node and is reported cut short (importing the file again adds
// only what is missing), and so is, at once, every job of a node that starts again.
type ImportJobs struct {
	db  *sql.DB
	now func() time.Time
	// node names this node on the jobs it runs; "" for none.
	node string
}

// NewImportJobs keeps import jobs in db, at the time now tells, naming node on the jobs this
// node runs ("" for none: a node without a name leaves its dead jobs to the heartbeat).
func NewImportJobs(db *sql.DB, now func() time.Time, node string) ImportJobs {
	return ImportJobs{db: db, now: now, node: node}
}

// ImportJob is a job as the page polls it.
type ImportJob struct {
	ID     string        `json:"id"`
	Status string        `json:"status"` // running, done or failed
	Done   int           `json:"done"`
	Total  int           `json:"total"`
	Result *ImportResult `json:"result"`
	Error  string        `json:"error,omitempty"`
}

// Start records job id of userID as running, or returns it when it already runs (the same
// file sent again, to this node or another): started reports whether the caller is to run it.
// A user runs one import at a time.
func (j ImportJobs) Start(ctx context.Context, id, userID string, total int) (job ImportJob, started bool, err error) {
	now := j.now()
	if _, err := j.db.ExecContext(ctx, `UPDATE import_jobs SET status = 'failed', error = $2
		WHERE user_id = $1 AND status = 'running' AND updated_at < $3`, userID, importCutShort, now.Add(-importStale).UnixMilli()); err != nil {
		return ImportJob{}, false, fmt.Errorf("import jobs cut short: %w", err)
	}
	if _, err := j.db.ExecContext(ctx, `DELETE FROM import_jobs WHERE status <> 'running' AND (updated_at < $1 OR id = $2)`,
		now.Add(-importJobLife).UnixMilli(), id); err != nil {
		return ImportJob{}, false, fmt.Errorf("import jobs ended: %w", err)
	}
	res, err := j.db.ExecContext(ctx, `INSERT INTO import_jobs (id, user_id, status, done, total, result, error, updated_at, node)
		VALUES ($1, $2, 'running', 0, $3, '', '', $4, $5) ON CONFLICT DO NOTHING`, id, userID, total, now.UnixMilli(), j.node)
	if err != nil {
		return ImportJob{}, false, fmt.Errorf("start import job: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return ImportJob{ID: id, Status: "running", Total: total}, err == nil, err
	}
	job, err = j.Get(ctx, id, userID)
	if err == nil && job.Status == "running" {
		return job, false, nil
	}
	return ImportJob{}, false, domain.Conflict("Another import is running: please wait until it has finished.")
}

// FailOrphans marks failed the jobs that this node's earlier life left running: called as the
// node starts, before it runs any.
func (j ImportJobs) FailOrphans(ctx context.Context) error {
	if j.node == "" {
		return nil
	}
	if _, err := j.db.ExecContext(ctx, `UPDATE import_jobs SET status = 'failed', error = $2, updated_at = $3
		WHERE node = $1 AND status = 'running'`, j.node, importCutShort, j.now().UnixMilli()); err != nil {
		return fmt.Errorf("import jobs of this node's earlier life: %w", err)
	}
	return nil
}

// Get returns userID's job id; a running job that has said nothing for importStale is
// reported cut short.
func (j ImportJobs) Get(ctx context.Context, id, userID string) (ImportJob, error) {
	job := ImportJob{ID: id}
	var result string
	var updated int64
	err := j.db.QueryRowContext(ctx, `SELECT status, done, total, result, error, updated_at FROM import_jobs
		WHERE id = $1 AND user_id = $2`, id, userID).Scan(&job.Status, &job.Done, &job.Total, &result, &job.Error, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return ImportJob{}, domain.NotFound("Import not found.")
	}
	if err != nil {
		return ImportJob{}, fmt.Errorf("import job: %w", err)
	}
	if job.Status == "running" && time.UnixMilli(updated).Before(j.now().Add(-importStale)) {
		job.Status, job.Error = "failed", importCutShort
	}
	if job.Status == "done" {
		job.Result = &ImportResult{}
		if err := json.Unmarshal([]byte(result), job.Result); err != nil {
			return ImportJob{}, fmt.Errorf("import job %s result: %w", id, err)
		}
		if job.Result.Failed == nil {
			job.Result.Failed = []ImportNote{}
		}
	}
	return job, nil
}

// Run runs import for job id, writing its progress, a heartbeat while it runs, and its end.
func (j ImportJobs) Run(ctx context.Context, id string, log func(error),
	imp func(progress func(done, total int)) (ImportResult, error)) {
	var mu sync.Mutex // the progress told last, and when it was written
	var done, total int
	var written time.Time
	write := func(force bool) {
		mu.Lock()
		d, t, due := done, total, force || j.now().Sub(written) >= importProgressEvery
		if due {
			written = j.now()
		}
		mu.Unlock()
		if !due {
			return
		}
		if _, err := j.db.ExecContext(ctx, `UPDATE import_jobs SET done = $2, total = $3, updated_at = $4
			WHERE id = $1 AND status = 'running'`, id, d, t, j.now().UnixMilli()); err != nil {
			log(fmt.Errorf("import progress: %w", err))
		}
	}
	beat, stop := time.NewTicker(importHeartbeat), make(chan struct{})
	defer beat.Stop()
	go func() {
		for {
			select {
			case <-beat.C:
				write(true)
			case <-stop:
				return
			}
		}
	}()
	res, err := imp(func(d, t int) {
		mu.Lock()
		done, total = d, t
		mu.Unlock()
		write(false)
	})
	close(stop)
	status, failure := "done", ""
	if err != nil {
		log(err)
		status, failure = "failed", importCutShort
	}
	js, jerr := json.Marshal(res)
	if jerr != nil {
		log(jerr)
	}
	mu.Lock()
	d, t := done, total
	mu.Unlock()
	// The end is written even when the import's own context has run out.
	end, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if _, err := j.db.ExecContext(end, `UPDATE import_jobs SET status = $2, done = $3, total = $4, result = $5, error = $6,
		updated_at = $7 WHERE id = $1`, id, status, d, t, string(js), failure, j.now().UnixMilli()); err != nil {
		log(fmt.Errorf("import end: %w", err))
	}
}

// Erase removes userID's jobs, on closing the account.
func (j ImportJobs) Erase(ctx context.Context, userID string) error {
	if _, err := j.db.ExecContext(ctx, `DELETE FROM import_jobs WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("erase import jobs: %w", err)
	}
	return nil
}
