// Package httpapi maps HTTP to commands and queries: decoding, validation of shapes, sign-in,
// authorisation, JSON-LD (hydra) responses and the one error mapping. It holds no business
// rules: those live in domain.
package httpapi

import (
	"context"
	"database/sql"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/accounts"
	"github.com/gymlog/gymlog/projections/coaching"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/history"
	"github.com/gymlog/gymlog/projections/ownership"
	"github.com/gymlog/gymlog/projections/plans"
	"github.com/gymlog/gymlog/projections/weights"
	"github.com/gymlog/gymlog/projections/workouts"
)

// Deps is what the API is built on; cmd/gymlog wires it.
type Deps struct {
	Store  eventstore.Store
	DB     *sql.DB        // the read-model database (also holds sign-in sessions)
	Waiter app.ReadModels // the projection runner: read-your-writes and what projectors noted
	// Ready reports whether the app can serve: the database answers, projections run.
	Ready func(context.Context) error
	// Rebuilding lists the read models being rebuilt and how far each has got, for /readyz:
	// a node rebuilding one serves the old tables meanwhile, and is ready. Nil lists none.
	Rebuilding func(context.Context) ([]string, error)
	// UI is the built single-page app (index.html at its root); nil serves none.
	UI fs.FS
	// Now is the clock; nil means time.Now.
	Now    func() time.Time
	Logger *slog.Logger
	// Registry receives the HTTP metrics and is served by Metrics; nil makes a new one.
	Registry *prometheus.Registry
	// NodeName names this node among those on the database, the same each time it starts
	// (serve: its host and address); "" for none. The import jobs it left running when it
	// stopped are marked failed as it starts again.
	NodeName string
	// Peers reaches the other nodes on the database (nil for a single node): the sessions
	// a node ends are told to the others at once.
	Peers projections.Peers
	// TrustedProxies are the proxies whose X-Forwarded-For and X-Forwarded-Proto are believed.
	TrustedProxies Proxies
	// PasswordCost is the bcrypt cost; zero means bcrypt's recommended default.
	PasswordCost int
	// Payments configures the PayPal trainer subscription (off when not configured);
	// PaymentsHTTP is the client that calls PayPal (nil: a default with a timeout).
	Payments     paypal.Config
	PaymentsHTTP *http.Client
	// StepHook is called before each step of a long process (app.WithStepHook): tests stop a
	// closing there, as a crash would. Nil in production.
	StepHook func(process, step string) error
}

// readYourWritesTimeout bounds how long a mutation waits for its read models.
const readYourWritesTimeout = 3 * time.Second

// Server is the HTTP API and the UI's file server.
type Server struct {
	ready func(context.Context) error
	// rebuilding lists the rebuilds under way (Deps.Rebuilding).
	rebuilding func(context.Context) ([]string, error)
	ui         fs.FS
	now        func() time.Time
	log        *slog.Logger
	registry   *prometheus.Registry

	// db is the read models' database, which the areas' queries read.
	db       *sql.DB
	accounts *accounts.Queries
	weights  *weights.Queries
	sessions sessions
	// workoutQueries is built once: its statements are prepared once.
	workoutQueries *workouts.Queries
	planQueries    *plans.Queries
	coaching       *coaching.Queries
	history        *history.Queries
	// app runs the use cases.
	app *app.App

	area accountArea

	importJobs app.ImportJobs

	proxies Proxies

	router chi.Router
}

// cachedWorkouts bounds the workouts kept folded in memory: those of a thousand people
// training at once, a few megabytes.
const cachedWorkouts = 1024

// New builds the server and its routes.
func New(d Deps) *Server {
	s := &Server{
		ready: d.Ready, rebuilding: d.Rebuilding, ui: d.UI, now: d.Now, log: d.Logger,
		registry: d.Registry, proxies: d.TrustedProxies,
		db: d.DB, accounts: accounts.NewQueries(d.DB), weights: weights.NewQueries(d.DB), sessions: sessions{store: app.NewSessions(d.DB), signedIn: newSignedInCache(d.Waiter, d.Peers)},
		workoutQueries: workouts.NewQueries(d.DB),
		planQueries:    plans.NewQueries(d.DB),
		coaching:       coaching.NewQueries(d.DB),
		history:        history.NewQueries(d.DB),
	}
	s.area = newAccountArea(d)
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.importJobs = app.NewImportJobs(d.DB, func() time.Time { return s.now() }, d.NodeName)
	orphans, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.importJobs.FailOrphans(orphans); err != nil {
		s.log.Error("import jobs", slog.Any("error", err))
	}
	if s.registry == nil {
		s.registry = prometheus.NewRegistry()
	}
	if s.ready == nil {
		s.ready = func(context.Context) error { return nil }
	}
	opts := []app.Option{app.WithAggregateCache(cachedWorkouts), app.WithReadYourWrites(d.Waiter, readYourWritesTimeout),
		app.WithClients(s.coaching), app.WithPasswordCost(d.PasswordCost),
		app.WithClock(func() time.Time { return s.now() }), app.WithLogger(s.log), app.WithUserErasers(s.userErasers(d.DB)...)}
	if d.StepHook != nil {
		opts = append(opts, app.WithStepHook(d.StepHook))
	}
	if s.area.payments != nil {
		opts = append(opts, app.WithPayments(paypal.Payments{Client: s.area.payments}))
	}
	s.app = app.New(d.Store, app.Queries{Workouts: s.workoutQueries, Exercises: exercises.NewQueries(d.DB),
		Ownership: ownership.NewQueries(d.DB), Plans: s.planQueries, Accounts: s.accounts, Coaching: s.coaching}, opts...)
	s.router = s.routes()
	return s
}

// ServeHTTP serves the API and the UI.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// Metrics serves the registry's metrics to Prometheus. It is not among the API's routes:
// cmd/gymlog serves it on a listener of its own, which the world cannot reach.
func (s *Server) Metrics() http.Handler { return s.metricsHandler() }

func (s *Server) routes() chi.Router {
	r := chi.NewRouter()
	r.Use(s.proxies.identifyClient, s.recoverer, s.requestLog(newHTTPMetrics(s.registry)), securityHeaders(s.area.csp), s.cleanURL, digestRequest, s.csrf, s.authenticate)

	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	r.Get("/logout", s.handle(s.logout))

	r.Route("/api", func(r chi.Router) {
		r.Use(compressJSON())
		// Each resource mounts its own routes from its own file. Public routes first;
		// then those for any signed-in user; then those that need a verified e-mail.
		r.Group(func(r chi.Router) {
			s.mountAccountsPublic(r)
			s.mountPayments(r)
			s.mountCalculator(r)
		})
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			s.mountAccounts(r)
		})
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser, s.requireVerified)
			s.mountWeights(r)
			s.mountWorkouts(r)
			s.mountPlans(r)
			s.mountProfile(r)
			s.mountSubscription(r)
			s.mountSizes(r)
			s.mountProgress(r)
			s.mountCoaching(r)
			s.workoutAPI().mountHistory(r)
			s.mountExportImport(r)
		})
		r.NotFound(s.handle(func(http.ResponseWriter, *http.Request) error {
			return httpError(http.StatusNotFound, "Not Found")
		}))
		r.MethodNotAllowed(s.handle(func(http.ResponseWriter, *http.Request) error {
			return httpError(http.StatusMethodNotAllowed, "Method Not Allowed")
		}))
	})
	r.NotFound(s.serveUI)
	return r
}

// handle adapts a handler that returns an error to http.HandlerFunc; the error goes through
// the one error mapping.
func (s *Server) handle(h func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}

// Routes lists every route as "METHOD pattern", sorted: the authorisation matrix checks that
// each has its rows.
func (s *Server) Routes() []string {
	var out []string
	_ = chi.Walk(s.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		out = append(out, method+" "+strings.TrimSuffix(strings.ReplaceAll(route, "/*/", "/"), "/"))
		return nil
	})
	slices.Sort(out)
	return slices.Compact(out)
}
