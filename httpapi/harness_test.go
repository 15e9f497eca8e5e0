package httpapi_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	"golang.org/x/crypto/bcrypt"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/postgres"
	"github.com/gymlog/gymlog/eventstore/postgres/pgtest"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/httpapi"
	"github.com/gymlog/gymlog/projections"
	pgprojections "github.com/gymlog/gymlog/projections/postgres"
	"github.com/gymlog/gymlog/projections/readmodels"
)

// backends runs a test on SQLite, and on PostgreSQL when a test database is configured.
func backends(t *testing.T, test func(t *testing.T, env *env)) {
	t.Run("sqlite", func(t *testing.T) { test(t, newEnv(t, "sqlite")) })
	t.Run("postgres", func(t *testing.T) { test(t, newEnv(t, "postgres")) })
}

// env is a running API over real stores, with the projection runner feeding its read models.
type env struct {
	srv     *httptest.Server
	store   eventstore.Store
	api     *httpapi.Server
	db      *sql.DB
	dialect projections.Dialect
	runner  *projections.Runner
	now     time.Time
	// stop ends the node as if its process died: its server, runner and connections go.
	stop func()
}

// newEnv starts an env on backend; opts adjust the API's dependencies (payments, say).
func newEnv(t testing.TB, backend string, opts ...func(*httpapi.Deps)) *env {
	t.Helper()
	url := ""
	if backend == "postgres" {
		url = pgtest.NewDatabase(t)
	}
	return newNode(t, backend, url, opts...)
}

// newNode starts an env on backend; on PostgreSQL, as one of the nodes serving the database
// at url, which tell each other what they must (projections.Peers) as serve's nodes do.
func newNode(t testing.TB, backend, url string, opts ...func(*httpapi.Deps)) *env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var peers projections.Peers
	closePeers := func() {}
	var store eventstore.Store
	var db *sql.DB
	var dialect projections.Dialect
	var txs projections.Transactions // the runner's own, or PostgreSQL's pipelined ones as the app takes them
	switch backend {
	case "sqlite":
		var err error
		db, err = sqlite.OpenDB(filepath.Join(t.TempDir(), "gymlog.db"))
		if err != nil {
			t.Fatal(err)
		}
		store, err = sqlite.New(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		dialect = projections.SQLite
	case "postgres":
		cfg, err := postgres.PoolConfig(url)
		if err != nil {
			t.Fatal(err)
		}
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		store, err = postgres.New(ctx, pool)
		if err != nil {
			t.Fatal(err)
		}
		db = postgres.OpenDB(cfg)
		dialect = projections.Postgres
		txs = pgprojections.NewTransactions(db)
		p, err := pgprojections.NewPeers(db, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		closePeers = p.Close
		peers = p
	}
	if err := projections.Migrate(ctx, db, dialect); err != nil {
		t.Fatal(err)
	}
	runner, err := projections.NewRunner(db, dialect, store,
		readmodels.All(),
		projections.WithPollInterval(50*time.Millisecond), projections.WithLogger(slog.New(slog.DiscardHandler)),
		projections.WithTransactions(txs), projections.WithPeers(peers))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); _ = runner.Run(ctx) }()
	e := &env{store: store, db: db, dialect: dialect, runner: runner, now: time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)}
	deps := httpapi.Deps{Store: store, DB: db, Waiter: runner, Now: func() time.Time { return e.now },
		PasswordCost: bcrypt.MinCost, Logger: slog.New(slog.DiscardHandler), Peers: peers}
	for _, opt := range opts {
		opt(&deps)
	}
	e.api = httpapi.New(deps)
	e.srv = httptest.NewServer(e.api)
	var once sync.Once
	e.stop = func() {
		once.Do(func() {
			e.srv.Close()
			cancel()
			<-done
			closePeers()
			_ = store.Close()
			_ = db.Close()
		})
	}
	t.Cleanup(e.stop)
	return e
}

// client is one browser: its own cookie jar.
type client struct {
	t    testing.TB
	e    *env
	http *http.Client
}

func (e *env) client(t testing.TB) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, e: e, http: &http.Client{Jar: jar}}
}

// at returns the same browser (its cookies) sending its requests to node e, as a load
// balancer in front of several nodes would.
func (c *client) at(e *env) *client { return &client{t: c.t, e: e, http: c.http} }

// response is a decoded answer.
type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (c *client) do(method, path string, body any, headers ...string) response {
	c.t.Helper()
	res, err := c.send(method, path, body, headers...)
	if err != nil {
		c.t.Fatal(err)
	}
	return res
}

// send is do for a node that may be down: a request that reaches no server is an error.
func (c *client) send(method, path string, body any, headers ...string) (response, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, _ := json.Marshal(b)
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, c.e.srv.URL+path, rd)
	if err != nil {
		return response{}, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := response{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out, nil
}

func (r response) str(key string) string { s, _ := r.body[key].(string); return s }

// violation is the message on field in a 422 answer, or "".
func (r response) violation(field string) string {
	vs, _ := r.body["violations"].([]any)
	for _, v := range vs {
		m, _ := v.(map[string]any)
		if m["propertyPath"] == field {
			s, _ := m["message"].(string)
			return s
		}
	}
	return ""
}

func registration(email string) map[string]any {
	return map[string]any{"firstName": "Ada", "surname": "Lovelace", "unit": "kg", "gender": "Female",
		"dateOfBirth": "1990-12-10", "weight": "72.456", "email": email,
		"password": "Secret123", "confirmPassword": "Secret123"}
}

// verificationCode reads the newest code issued to userID from the event store, as the mail
// reactor would.
func (e *env) verificationCode(t testing.TB, userID string) string {
	t.Helper()
	evs, err := e.store.ReadStream(context.Background(), "user-"+userID, 1)
	if err != nil {
		t.Fatal(err)
	}
	code := ""
	for _, ev := range evs {
		if ev.Type == account.TypeVerificationCodeIssued {
			var issued account.VerificationCodeIssued
			_ = json.Unmarshal(ev.Data, &issued)
			code = issued.Code
		}
	}
	if code == "" {
		t.Fatalf("no verification code issued to %s", userID)
	}
	return code
}

// signUp registers and verifies a new user and returns its signed-in client and id.
func (e *env) signUp(t testing.TB, email string) (*client, string) {
	t.Helper()
	c := e.client(t)
	res := c.do("POST", "/api/users/register", registration(email))
	if res.status != http.StatusCreated {
		t.Fatalf("register: got %d %s, want 201", res.status, res.raw)
	}
	id := res.str("id")
	if res := c.do("POST", "/api/users/verify", map[string]any{"userId": id, "authCode": e.verificationCode(t, id)}); res.status != http.StatusOK {
		t.Fatalf("verify: got %d %s, want 200", res.status, res.raw)
	}
	return c, id
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
