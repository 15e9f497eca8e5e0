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
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/eventstore"
)

// maxImportBytes bounds an imported file (sent as the "content" of a JSON body): years of
// Strong or Hevy exports are a few megabytes.
const maxImportBytes = 8 << 20

// maxImportBodyBytes bounds the JSON body that carries the file: in JSON a file's quotes,
// newlines and tabs take two bytes each.
const maxImportBodyBytes = 2*maxImportBytes + 64<<10

// maxDrainedBytes bounds what is read of a body over the limit, to answer it: a server that
// answers before reading the body closes the connection under the browser, which then sees
// a reset instead of the answer.
const maxDrainedBytes = 64 << 20

// tooLargeToImport is the answer to a file over the limit.
var tooLargeToImport = domain.Invalid("content", "The file is too large: at most 8 MB can be imported at once.")

// maxNotesShown bounds the skipped and changed lines a preview lists (it counts them all).
const maxNotesShown = 500

// importTimeout bounds an import job.
const importTimeout = time.Hour

// mountImports mounts "Import workouts": a preview of what a file would add (nothing is
// written), and the import itself, which runs as a job the page polls for its progress.
func (s *Server) mountImports(r chi.Router) {
	r.Post("/imports/preview", s.handle(s.previewImport))
	r.Post("/imports", s.handle(s.startImport))
	r.Get("/imports/{id}", s.handle(s.importStatus))
}

// importRequest is a file to import and how to read it.
type importRequest struct {
	content []byte
	opts    app.ImportOptions
}

// decodeImport reads {"content": the file's text, "format": "strong"|"hevy"|"ndjson"|"" (tell
// from the file), "unit": "kg"|"lbs"|"" (a Strong file's weights; "" the user's), "exercises":
// {the file's exercise name: what it becomes} (optional), "muscleGroups": {the file's exercise
// name: [muscle group ids]} (optional)} and plans the import.
func decodeImport(r *http.Request, userUnit string, now time.Time) (importRequest, app.ImportPlan, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || (mt != "application/json" && mt != "application/ld+json") {
			return importRequest{}, app.ImportPlan{}, httpError(http.StatusUnsupportedMediaType, "Send the request body as application/json.")
		}
	}
	if r.ContentLength > maxImportBodyBytes {
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, maxDrainedBytes))
		return importRequest{}, app.ImportPlan{}, tooLargeToImport
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxImportBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, maxDrainedBytes))
		return importRequest{}, app.ImportPlan{}, tooLargeToImport
	}
	if err != nil {
		return importRequest{}, app.ImportPlan{}, httpError(http.StatusBadRequest, "The request body could not be read.")
	}
	f, err := parseObject(body)
	if err != nil {
		return importRequest{}, app.ImportPlan{}, err
	}
	req := importRequest{opts: app.ImportOptions{UserUnit: userUnit, Now: now}}
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
	req.opts.Exercises = exerciseChoices(f)
	req.opts.MuscleGroups = muscleGroupChoices(f)
	var content string
	if raw, ok := f.raw["content"]; !ok || isNull(raw) || json.Unmarshal(raw, &content) != nil || content == "" {
		f.v.Add("content", "Please choose a file to import.")
	} else if !utf8.Valid(raw) || !domain.StorableJSON(raw) {
		f.v.Add("content", "This file holds characters that are not text: please choose a CSV or NDJSON export.")
	}
	if err := f.Err(); err != nil {
		return importRequest{}, app.ImportPlan{}, err
	}
	if len(content) > maxImportBytes {
		return importRequest{}, app.ImportPlan{}, tooLargeToImport
	}
	req.content = []byte(content)
	plan, err := app.ParseImport(req.content, req.opts)
	return req, plan, err
}

// exerciseChoices reads the person's choices of what the file's exercise names become: at
// most app.MaxImportChoices, each a name of text, what it becomes at most 100 characters.
func exerciseChoices(f *fields) map[string]string {
	raw, ok := f.raw["exercises"]
	if !ok || isNull(raw) {
		return nil
	}
	var choices map[string]string
	switch {
	case json.Unmarshal(raw, &choices) != nil:
		f.v.Add("exercises", "Please send the exercises as the file's names, each with what it becomes.")
		return nil
	case len(choices) > app.MaxImportChoices:
		f.v.Add("exercises", "At most 2,000 exercises can be chosen at once.")
		return nil
	}
	for name, as := range choices {
		if !domain.CleanText(name) || !domain.CleanText(as) || len(name) > maxImportNameBytes ||
			utf8.RuneCountInString(exercise.CleanName(as)) > 100 {
			f.v.Add("exercises", "Please enter an exercise name of at most 100 characters.")
			return nil
		}
	}
	return choices
}

// muscleGroupChoices reads the person's choices of muscle groups for the file's exercise names
// that become their own exercises: at most app.MaxImportChoices, each a name of text with a
// list of the muscle groups' ids.
func muscleGroupChoices(f *fields) map[string][]int {
	raw, ok := f.raw["muscleGroups"]
	if !ok || isNull(raw) {
		return nil
	}
	var choices map[string][]int
	switch {
	case json.Unmarshal(raw, &choices) != nil:
		f.v.Add("muscleGroups", "Please send the muscle groups as the file's names, each with a list of muscle groups.")
		return nil
	case len(choices) > app.MaxImportChoices:
		f.v.Add("muscleGroups", "At most 2,000 exercises can be chosen at once.")
		return nil
	}
	for name, ids := range choices {
		if !domain.CleanText(name) || len(name) > maxImportNameBytes {
			f.v.Add("muscleGroups", "Please enter an exercise name of at most 100 characters.")
			return nil
		}
		for i, id := range ids {
			if _, ok := exercise.GroupByID(id); !ok || i >= maxChosenGroups {
				f.v.Add("muscleGroups", "Please choose muscle groups from the list.")
				return nil
			}
		}
	}
	return choices
}

// maxChosenGroups bounds the muscle groups chosen for one exercise: there are fewer.
const maxChosenGroups = 50

// maxImportNameBytes bounds an exercise name as a file writes it.
const maxImportNameBytes = 1000

// previewBody is what an import would do: its counts, the dates it spans, its workouts, the
// exercises it names with what each becomes, and the lines it leaves out or changes, with why.
type previewBody struct {
	resource
	Format        string               `json:"format"`
	Workouts      int                  `json:"workouts"`
	Sets          int                  `json:"sets"`
	Weights       int                  `json:"weights"`
	Sizes         int                  `json:"sizes"`
	From          string               `json:"from"`
	To            string               `json:"to"`
	Items         []previewWorkout     `json:"items"`
	InAccount     int                  `json:"inAccount"`
	Exercises     []app.ImportExercise `json:"exercises"`
	Skipped       []app.ImportNote     `json:"skipped"`
	SkippedCount  int                  `json:"skippedCount"`
	Adjusted      []app.ImportNote     `json:"adjusted"`
	AdjustedCount int                  `json:"adjustedCount"`
}

// previewWorkout is one workout of a preview's table.
type previewWorkout struct {
	Line       int    `json:"line"`
	Date       string `json:"date"`
	StartTime  string `json:"startTime"`
	FinishTime string `json:"finishTime"`
	Name       string `json:"name"`
	Sets       int    `json:"sets"`
	InAccount  bool   `json:"inAccount"`
}

// previewJSON is plan's preview; inAccount tells which of its workouts the account holds
// already (app.InAccount).
func previewJSON(plan app.ImportPlan, inAccount []bool) previewBody {
	p := previewBody{resource: resource{Context: "/api/contexts/ImportPreview", ID: "/api/imports/preview", Type: "ImportPreview"},
		Format: plan.Format, Workouts: len(plan.Workouts), Sets: plan.SetCount(), Weights: len(plan.Weights), Sizes: len(plan.Sizes),
		Items: []previewWorkout{}, Exercises: append([]app.ImportExercise{}, plan.Exercises...), Skipped: firstNotes(plan.Skipped), SkippedCount: len(plan.Skipped),
		Adjusted: firstNotes(plan.Adjusted), AdjustedCount: len(plan.Adjusted)}
	for i, w := range plan.Workouts {
		held := i < len(inAccount) && inAccount[i]
		p.Items = append(p.Items, previewWorkout{Line: w.Line, Date: w.Date, StartTime: w.StartTime, FinishTime: w.FinishTime,
			Name: w.Name, Sets: len(w.Sets), InAccount: held})
		if held {
			p.InAccount++
		}
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
	_, plan, err := decodeImport(r, u.Unit, s.now())
	if err != nil {
		return err
	}
	inAccount, err := s.app.InAccount(r.Context(), u.ID, plan)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, previewJSON(plan, inAccount))
	return nil
}

func (s *Server) startImport(w http.ResponseWriter, r *http.Request) error {
	jobs := s.importJobs
	u, _ := currentUser(r.Context())
	req, plan, err := decodeImport(r, u.Unit, s.now())
	if err != nil {
		return err
	}
	sum := sha256.Sum256(req.content)
	id := eventstore.DeriveID("import-job", u.ID, hex.EncodeToString(sum[:]), plan.Format, req.opts.FileUnit, u.Unit)
	job, started, err := jobs.Start(r.Context(), id, u.ID, plan.Items())
	if err != nil {
		return err
	}
	if started {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), importTimeout)
		go func() {
			defer cancel()
			jobs.Run(ctx, id, func(err error) {
				s.log.ErrorContext(ctx, "import", slog.String("user", u.ID), slog.Any("error", err))
			}, func(progress func(done, total int)) (app.ImportResult, error) {
				return s.app.Import(ctx, u.ID, u.Unit, plan, progress)
			})
		}()
	}
	writeJSON(w, http.StatusAccepted, importJobJSON(job))
	return nil
}

func (s *Server) importStatus(w http.ResponseWriter, r *http.Request) error {
	jobs := s.importJobs
	u, _ := currentUser(r.Context())
	job, err := jobs.Get(r.Context(), chi.URLParam(r, "id"), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, importJobJSON(job))
	return nil
}

// importJobBody is a job as the page polls it (docs/API.md).
type importJobBody struct {
	resource
	app.ImportJob
}

func importJobJSON(job app.ImportJob) importJobBody {
	return importJobBody{resource{Context: "/api/contexts/Import", ID: "/api/imports/" + job.ID, Type: "Import"}, job}
}
