package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/eventstore"
)

// maxImportBytes bounds an imported file (sent as the "content" of a JSON body): years of
// Strong or Hevy exports are a few megabytes.
const maxImportBytes = 8 << 20

// maxNotesShown bounds the skipped and changed lines a preview lists (it counts them all).
const maxNotesShown = 500

// importJobLife is how long a finished import's result can be read.
const importJobLife = time.Hour

// importTimeout bounds an import job.
const importTimeout = time.Hour

// mountImports mounts "Import workouts": a preview of what a file would add (nothing is
// written), and the import itself, which runs as a job the page polls for its progress.
func (s *Server) mountImports(r chi.Router) {
	jobs := &importJobs{byID: map[string]*importJob{}}
	r.Post("/imports/preview", s.handle(s.previewImport))
	r.Post("/imports", s.handle(func(w http.ResponseWriter, r *http.Request) error { return s.startImport(w, r, jobs) }))
	r.Get("/imports/{id}", s.handle(func(w http.ResponseWriter, r *http.Request) error { return s.importStatus(w, r, jobs) }))
}

// importRequest is a file to import and how to read it.
type importRequest struct {
	content []byte
	opts    app.ImportOptions
}

// decodeImport reads {"content": the file's text, "format": "strong"|"hevy"|"ndjson"|"" (tell
// from the file), "unit": "kg"|"lbs"|"" (a Strong file's weights; "" the user's)} and plans
// the import.
func decodeImport(r *http.Request, userUnit string) (importRequest, app.ImportPlan, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || (mt != "application/json" && mt != "application/ld+json") {
			return importRequest{}, app.ImportPlan{}, httpError(http.StatusUnsupportedMediaType, "Send the request body as application/json.")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxImportBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return importRequest{}, app.ImportPlan{}, domain.Invalid("content", "The file is too large: at most 8 MB can be imported at once.")
	}
	if err != nil {
		return importRequest{}, app.ImportPlan{}, httpError(http.StatusBadRequest, "The request body could not be read.")
	}
	f, err := parseObject(body)
	if err != nil {
		return importRequest{}, app.ImportPlan{}, err
	}
	req := importRequest{opts: app.ImportOptions{UserUnit: userUnit}}
	switch format := f.String("format"); format {
	case "", "auto":
	case app.FormatStrong, app.FormatHevy, app.FormatNDJSON:
		req.opts.Format = format
	default:
		f.v.Add("format", "Please choose Strong, Hevy or Gymlog (NDJSON), or let the file tell.")
	}
	switch unit := f.String("unit"); unit {
	case "", "kg", "lbs":
		req.opts.FileUnit = unit
	default:
		f.v.Add("unit", "Please choose kg or lbs.")
	}
	var content string
	if raw, ok := f.raw["content"]; !ok || isNull(raw) || json.Unmarshal(raw, &content) != nil || content == "" {
		f.v.Add("content", "Please choose a file to import.")
	} else if !utf8.Valid(raw) || !domain.StorableJSON(raw) {
		f.v.Add("content", "This file holds characters that are not text: please choose a CSV or NDJSON export.")
	}
	if err := f.Err(); err != nil {
		return importRequest{}, app.ImportPlan{}, err
	}
	req.content = []byte(content)
	plan, err := app.ParseImport(req.content, req.opts)
	return req, plan, err
}

// previewBody is what an import would do: its counts, the dates it spans, its workouts, and
// the lines it leaves out or changes, with why.
type previewBody struct {
	resource
	Format        string           `json:"format"`
	Workouts      int              `json:"workouts"`
	Sets          int              `json:"sets"`
	Weights       int              `json:"weights"`
	Sizes         int              `json:"sizes"`
	From          string           `json:"from"`
	To            string           `json:"to"`
	Items         []previewWorkout `json:"items"`
	Skipped       []app.ImportNote `json:"skipped"`
	SkippedCount  int              `json:"skippedCount"`
	Adjusted      []app.ImportNote `json:"adjusted"`
	AdjustedCount int              `json:"adjustedCount"`
}

// previewWorkout is one workout of a preview's table.
type previewWorkout struct {
	Line       int    `json:"line"`
	Date       string `json:"date"`
	StartTime  string `json:"startTime"`
	FinishTime string `json:"finishTime"`
	Name       string `json:"name"`
	Sets       int    `json:"sets"`
}

func previewJSON(plan app.ImportPlan) previewBody {
	p := previewBody{resource: resource{Context: "/api/contexts/ImportPreview", ID: "/api/imports/preview", Type: "ImportPreview"},
		Format: plan.Format, Workouts: len(plan.Workouts), Sets: plan.SetCount(), Weights: len(plan.Weights), Sizes: len(plan.Sizes),
		Items: []previewWorkout{}, Skipped: firstNotes(plan.Skipped), SkippedCount: len(plan.Skipped),
		Adjusted: firstNotes(plan.Adjusted), AdjustedCount: len(plan.Adjusted)}
	for _, w := range plan.Workouts {
		p.Items = append(p.Items, previewWorkout{Line: w.Line, Date: w.Date, StartTime: w.StartTime, FinishTime: w.FinishTime,
			Name: w.Name, Sets: len(w.Sets)})
		if p.From == "" || w.Date < p.From {
			p.From = w.Date
		}
		if w.Date > p.To {
			p.To = w.Date
		}
	}
	return p
}

func firstNotes(notes []app.ImportNote) []app.ImportNote {
	if notes == nil {
		return []app.ImportNote{}
	}
	return notes[:min(len(notes), maxNotesShown)]
}

func (s *Server) previewImport(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	_, plan, err := decodeImport(r, u.Unit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, previewJSON(plan))
	return nil
}

// importJob is one import running, or run, in this process: the page polls its progress.
// A job lives on the node that started it; an import cut short (the node stopped) is
// started again by importing the file again, which adds only what is missing.
type importJob struct {
	id, userID string
	mu         sync.Mutex
	done       int
	total      int
	status     string // running, done or failed
	result     app.ImportResult
	failure    string
	finished   time.Time
}

// importJobs are this node's import jobs by id.
type importJobs struct {
	mu   sync.Mutex
	byID map[string]*importJob
}

// start returns the running job id, or starts it with run; a user runs one import at a time.
func (j *importJobs) start(id, userID string, total int, now time.Time, run func(*importJob)) (*importJob, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for k, job := range j.byID {
		job.mu.Lock()
		status, finished := job.status, job.finished
		job.mu.Unlock()
		switch {
		case status != "running" && now.Sub(finished) > importJobLife:
			delete(j.byID, k)
		case k == id && status == "running":
			return job, nil
		case job.userID == userID && status == "running":
			return nil, domain.Conflict("Another import is running: please wait until it has finished.")
		}
	}
	job := &importJob{id: id, userID: userID, total: total, status: "running"}
	j.byID[id] = job
	go run(job)
	return job, nil
}

func (j *importJobs) get(id, userID string) (*importJob, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	job, ok := j.byID[id]
	return job, ok && job.userID == userID
}

// importJobBody is a job as the page polls it.
type importJobBody struct {
	resource
	ID     string            `json:"id"`
	Status string            `json:"status"`
	Done   int               `json:"done"`
	Total  int               `json:"total"`
	Result *app.ImportResult `json:"result"`
	Error  string            `json:"error,omitempty"`
}

func (job *importJob) body() importJobBody {
	job.mu.Lock()
	defer job.mu.Unlock()
	b := importJobBody{resource: resource{Context: "/api/contexts/Import", ID: "/api/imports/" + job.id, Type: "Import"},
		ID: job.id, Status: job.status, Done: job.done, Total: job.total, Error: job.failure}
	if job.status == "done" {
		res := job.result
		if res.Failed == nil {
			res.Failed = []app.ImportNote{}
		}
		b.Result = &res
	}
	return b
}

func (s *Server) startImport(w http.ResponseWriter, r *http.Request, jobs *importJobs) error {
	u, _ := currentUser(r.Context())
	req, plan, err := decodeImport(r, u.Unit)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(req.content)
	id := eventstore.DeriveID("import-job", u.ID, hex.EncodeToString(sum[:]), plan.Format, req.opts.FileUnit, u.Unit)
	ctx := context.WithoutCancel(r.Context())
	job, err := jobs.start(id, u.ID, plan.Items(), s.now(), func(job *importJob) {
		ctx, cancel := context.WithTimeout(ctx, importTimeout)
		defer cancel()
		res, err := s.app.Import(ctx, u.ID, u.Unit, plan, func(done, total int) {
			job.mu.Lock()
			job.done, job.total = done, total
			job.mu.Unlock()
		})
		job.mu.Lock()
		defer job.mu.Unlock()
		job.result, job.status, job.finished = res, "done", s.now()
		if err != nil {
			s.log.ErrorContext(ctx, "import", slog.String("user", u.ID), slog.Any("error", err))
			job.status, job.failure = "failed", "The import stopped before the end. Import the file again to add the rest."
		}
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, job.body())
	return nil
}

func (s *Server) importStatus(w http.ResponseWriter, r *http.Request, jobs *importJobs) error {
	u, _ := currentUser(r.Context())
	job, ok := jobs.get(chi.URLParam(r, "id"), u.ID)
	if !ok {
		return domain.NotFound("Import not found.")
	}
	writeJSON(w, http.StatusOK, job.body())
	return nil
}
