package httpapi

import (
	"context"
	"math"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/projections/plans"
)

// Compliance (issue #28): for each plan a trainer shares with a client and gives a weekly
// target, the workouts the client started from it over the last 7, 30 and 90 of the
// client's days against what the target asks; "needs attention" when the 30-day rate fell
// by a fifth or more against the 90-day one.

// periodBody is one period of a plan's compliance.
type periodBody struct {
	Days     int     `json:"days"`
	Done     int     `json:"done"`
	Expected float64 `json:"expected"`
	// Rate is Done against Expected, to 2 decimals.
	Rate float64 `json:"rate"`
}

// complianceBody is a client's compliance with one plan.
type complianceBody struct {
	PlanID         string       `json:"planId"`
	PlanName       string       `json:"planName"`
	TimesAWeek     int          `json:"timesAWeek"`
	Periods        []periodBody `json:"periods"`
	NeedsAttention bool         `json:"needsAttention"`
}

// rosterCompliance is a client's compliance over 30 days with all the trainer's plans shared
// with them that have a target, for the roster.
type rosterCompliance struct {
	Done           int     `json:"done"`
	Expected       float64 `json:"expected"`
	Rate           float64 `json:"rate"`
	NeedsAttention bool    `json:"needsAttention"`
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// complianceOf is clientID's compliance with ownerID's plans (any owner's when ""), counted
// up to the client's today.
func (s *Server) complianceOf(ctx context.Context, ownerID, clientID string) ([]plans.Compliance, error) {
	client, err := s.accounts.ByID(ctx, clientID)
	if err != nil {
		return nil, err
	}
	return s.planQueries.Compliance(ctx, ownerID, clientID, s.now().In(userZone(client)).Format(time.DateOnly))
}

// clientCompliance answers, for a client's confirmed trainer, the client's compliance with the
// trainer's plans; for the client themselves, with every plan shared with them.
func (s *Server) clientCompliance(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	clientID := chi.URLParam(r, "id")
	if err := s.canSee(r, u, clientID); err != nil {
		return err
	}
	owner := u.ID
	if u.ID == clientID {
		owner = ""
	}
	list, err := s.complianceOf(r.Context(), owner, clientID)
	if err != nil {
		return err
	}
	members := mapSlice(list, func(c plans.Compliance) complianceBody {
		b := complianceBody{PlanID: c.PlanID, PlanName: c.PlanName, TimesAWeek: c.TimesAWeek, NeedsAttention: c.NeedsAttention()}
		for _, p := range c.Periods {
			b.Periods = append(b.Periods, periodBody{Days: p.Days, Done: p.Done, Expected: round2(p.Expected), Rate: round2(p.Rate())})
		}
		return b
	})
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/Compliance", ID: r.URL.Path, Type: "hydra:Collection",
		Members: members, TotalItems: len(members)})
	return nil
}

// rosterComplianceOf sums clientID's 30-day compliance with trainerID's plans; nil when none
// of them has a target.
func (s *Server) rosterComplianceOf(ctx context.Context, trainerID, clientID string) (*rosterCompliance, error) {
	list, err := s.complianceOf(ctx, trainerID, clientID)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	var sum plans.Period
	out := &rosterCompliance{}
	for _, c := range list {
		sum.Done += c.Periods[1].Done
		sum.Expected += c.Periods[1].Expected
		out.NeedsAttention = out.NeedsAttention || c.NeedsAttention()
	}
	out.Done, out.Expected, out.Rate = sum.Done, round2(sum.Expected), round2(sum.Rate())
	return out, nil
}
