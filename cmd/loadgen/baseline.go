package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/eventstore"
)

// baseline is the plain-CRUD comparison: a chi handler that INSERTs the set row directly
// into the same database and reads it back by id, with no events, projections or checks
// beyond decoding.
type baseline struct {
	db *sql.DB
	// writer serialises the inserts on SQLite, whose one writer otherwise answers
	// SQLITE_BUSY to some of 128 users inserting at once once its busy timeout runs out, as
	// any SQLite application must (the event store serialises its appends too).
	writer *sync.Mutex
}

func newBaseline(ctx context.Context, db *sql.DB, oneWriter bool) (*baseline, error) {
	for _, q := range []string{
		`CREATE TABLE IF NOT EXISTS loadgen_sets (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, workout_id TEXT NOT NULL,
			exercise TEXT NOT NULL, weight DOUBLE PRECISION, reps BIGINT, rpe BIGINT, created BIGINT NOT NULL)`,
		`CREATE INDEX IF NOT EXISTS loadgen_sets_workout ON loadgen_sets (workout_id, created)`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return nil, err
		}
	}
	b := &baseline{db: db}
	if oneWriter {
		b.writer = &sync.Mutex{}
	}
	return b, nil
}

type baselineSet struct {
	ID       string  `json:"id"`
	UserID   string  `json:"userId"`
	Session  string  `json:"session"`
	Exercise string  `json:"exercise"`
	Weight   float64 `json:"weight"`
	Reps     int     `json:"reps"`
	RPE      int     `json:"rpe"`
}

func (b *baseline) routes() http.Handler {
	r := chi.NewRouter()
	r.Post("/sets", func(w http.ResponseWriter, r *http.Request) {
		var s baselineSet
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&s); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		s.ID = eventstore.NewID()
		if b.writer != nil {
			b.writer.Lock()
			defer b.writer.Unlock()
		}
		if _, err := b.db.ExecContext(r.Context(), `INSERT INTO loadgen_sets (id, user_id, workout_id, exercise, weight, reps, rpe, created)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, s.ID, s.UserID, s.Session, s.Exercise, s.Weight, s.Reps, s.RPE, time.Now().UnixMilli()); err != nil {
			http.Error(w, "insert failed: "+err.Error(), http.StatusInternalServerError)
			return
		}
		writeJSON(w, http.StatusCreated, s)
	})
	r.Get("/sets/{id}", func(w http.ResponseWriter, r *http.Request) {
		var s baselineSet
		err := b.db.QueryRowContext(r.Context(), `SELECT id, user_id, workout_id, exercise, weight, reps, rpe FROM loadgen_sets WHERE id = $1`,
			chi.URLParam(r, "id")).Scan(&s.ID, &s.UserID, &s.Session, &s.Exercise, &s.Weight, &s.Reps, &s.RPE)
		if errors.Is(err, sql.ErrNoRows) {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		if err != nil {
			http.Error(w, "select failed", http.StatusInternalServerError)
			return
		}
		writeJSON(w, http.StatusOK, s)
	})
	return r
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
