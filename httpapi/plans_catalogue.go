package httpapi

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/projections/plans"
)

// mountPlanCatalogue mounts the catalogue, buying, publishing and sharing routes under
// /plans (docs/API.md).
func (s *Server) mountPlanCatalogue(r chi.Router) {
	r.Get("/catalogue", s.handle(s.planCatalogue))
	r.Get("/checkout-config", s.handle(s.checkoutConfig))
	r.Post("/buy", s.handle(s.buyPlan))
	r.Put("/{id}/publish", s.handle(s.publishPlan))
	r.Delete("/{id}/publish", s.handle(s.unpublishPlan))
	r.Post("/{id}/share", s.handle(s.sharePlan))
	r.Put("/{id}/target", s.handle(s.setPlanTarget))
	r.Get("/{id}/clients-without", s.handle(s.clientsWithoutPlan))
}

// planPreviewBody is what anyone sees of a published plan they do not have: its listing and
// its exercises' names, never their targets or notes, nor the plan's notes.
type planPreviewBody struct {
	resource
	PlanID               string   `json:"planId"`
	ID                   string   `json:"id"`
	Name                 string   `json:"name"`
	CreatedByDisplayName *string  `json:"createdByDisplayName"`
	Price                *float64 `json:"price"`
	Tagline              string   `json:"tagline"`
	Level                string   `json:"level"`
	Exercises            []string `json:"exercises"`
	Preview              bool     `json:"preview"`
}

// planPreviewJSON is the preview of p, a published plan.
func planPreviewJSON(p plans.Plan) planPreviewBody {
	b := planPreviewBody{resource: resource{ID: "/api/plans/" + p.ID, Type: "Plan"}, PlanID: p.ID, ID: p.ID, Name: p.Name,
		CreatedByDisplayName: p.OwnerDisplayName, Tagline: p.Tagline, Level: p.Level, Exercises: p.ExerciseNames, Preview: true}
	if p.PricePence != nil {
		b.Price = pounds(*p.PricePence)
	}
	return b
}

// catalogueEntryBody is one row of the catalogue: the preview, and whether the reader has
// the plan already (owner, buyer, client), when the row offers View instead of Buy.
type catalogueEntryBody struct {
	planPreviewBody
	Owned bool `json:"owned"`
}

func (s *Server) planCatalogue(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	page := pageParam(r)
	list, total, err := s.planQueries.Catalogue(r.Context(), page)
	if err != nil {
		return err
	}
	members := make([]catalogueEntryBody, len(list))
	for i, p := range list {
		has, err := s.app.CanUsePlan(r.Context(), u.ID, p.ID)
		if err != nil {
			return err
		}
		members[i] = catalogueEntryBody{planPreviewJSON(p), has}
		members[i].Preview = !has
	}
	writeJSON(w, http.StatusOK, newCollection("/api/contexts/Plan", "/api/plans/catalogue", r.URL.Query(), members, total, page,
		plans.PageSize))
	return nil
}

// checkoutConfig tells the catalogue's Buy buttons how to load PayPal's JS SDK: one-off
// capture in GBP.
func (s *Server) checkoutConfig(w http.ResponseWriter, _ *http.Request) error {
	body := map[string]any{"configured": false, "clientId": nil, "sdkUrl": nil, "currency": plan.Currency}
	if c := s.area.paymentsC; s.area.payments != nil {
		body["configured"], body["clientId"], body["sdkUrl"] = true, c.ClientID, c.CheckoutScriptURL(plan.Currency)
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// maxPlanID bounds a plan id read from a body: ids are UUIDs.
const maxPlanID = 100

// bodyPlanID reads the plan id field name of a body.
func bodyPlanID(f *fields, name string) string {
	id := strings.TrimSpace(f.String(name))
	switch {
	case f.v.Has(name):
	case id == "":
		f.v.Add(name, "Please choose a plan.")
	case len(id) > maxPlanID:
		f.v.Add(name, "Plan not found.")
	}
	return id
}

func (s *Server) publishPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	in := plan.Listing{Price: f.Number("price"), Tagline: f.String("tagline"), Level: f.String("level")}
	if err := f.withRules(plan.CheckListing(in)); err != nil {
		return err
	}
	id := chi.URLParam(r, "id")
	if err := s.app.PublishPlan(r.Context(), app.PublishPlan{Meta: commandMeta(r, u.ID), ID: id, Trainer: u.Trainer,
		Listing: in, MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}

func (s *Server) unpublishPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	id := chi.URLParam(r, "id")
	if err := s.app.UnpublishPlan(r.Context(), app.UnpublishPlan{Meta: commandMeta(r, u.ID), ID: id,
		MayChange: mayChange(u)}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, id)
}

// buyPlan records a purchase the browser made with PayPal's one-off button. The browser's
// order id is only a name: the server reads the order from PayPal, and the domain accepts it
// only when captured in GBP for the plan's price and not used before.
func (s *Server) buyPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	planID := bodyPlanID(f, "planId")
	orderID := strings.TrimSpace(f.String("orderId"))
	switch {
	case f.v.Has("orderId"):
	case orderID == "":
		f.v.Add("orderId", "Please give the order id.")
	case plan.CheckOrderID(orderID) != nil:
		f.v.Add("orderId", "The order could not be found.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.app.BuyPlan(r.Context(), app.BuyPlan{Meta: commandMeta(r, u.ID), PlanID: planID, BuyerID: u.ID,
		OrderID: orderID}); err != nil {
		return err
	}
	return s.writePlan(w, r, http.StatusOK, planID)
}
