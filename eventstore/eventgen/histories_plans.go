package eventgen

import (
	"strconv"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/domain/exercise"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
)

// planStream names a plan's stream, as app.PlanStream does.
func planStream(id string) string { return "plan-" + id }

func (g *gen) plan(id string) *plan.Plan {
	return fold(g, planStream(id), func() *plan.Plan { return plan.New(id) })
}

// changePlan runs one behaviour of the user's plan id, as app's changePlan.
func (g *gen) changePlanBy(u *person, id string, act func(*plan.Plan) ([]domain.Event, error)) []domain.Event {
	return execute(g, planStream(id), g.meta(u.id), func() *plan.Plan { return plan.New(id) },
		func(p *plan.Plan) ([]domain.Event, error) {
			if !p.Exists() || p.Owner() != u.id {
				return nil, domain.NotFound("Plan not found.")
			}
			return act(p)
		})
}

// makePlan creates a plan with an exercise or two.
func (g *gen) makePlan(u *person) {
	meta := g.meta(u.id)
	id := meta.EntityID("plan", u.id)
	g.label(id, "pl")
	name := pick(g, []string{"5×5", "Programme d'été", "筋トレ", "PPL"})
	if len(execute(g, planStream(id), meta, func() *plan.Plan { return plan.New(id) },
		func(p *plan.Plan) ([]domain.Event, error) {
			return p.Create(u.id, plan.Details{Name: name, Notes: "ℹ️ notes"}, g.now)
		})) == 0 {
		return
	}
	u.plans = append(u.plans, id)
	for range 1 + g.rng.IntN(2) {
		g.addPlanExercise(u, id)
	}
}

// addPlanExercise adds a strength or a cardio exercise with a few target rows.
func (g *gen) addPlanExercise(u *person, id string) {
	meta := g.meta(u.id)
	x := meta.EntityID("planexercise", id)
	g.label(x, "px")
	if g.chance(4) {
		in := g.planCardio()
		g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.AddCardio(x, in, g.now) })
		return
	}
	in := g.planStrength(u)
	g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.AddStrength(x, in, u.unit, g.now) })
}

func (g *gen) planStrength(u *person) plan.StrengthInput {
	in := plan.StrengthInput{Exercise: pick(g, strengthNames), Notes: pick(g, []string{"", "Tempo 3-1-1", "Pause ⏸"})}
	if _, ok := exercise.LookupBuiltin(in.Exercise); !ok {
		in.Category = pick(g, []string{exercise.FreeWeights, exercise.MachineWeights, exercise.Bodyweight})
		in.MuscleGroups = []int{pick(g, exercise.MuscleGroups()).ID}
	}
	for range 1 + g.rng.IntN(3) {
		w, r := float64(g.rng.IntN(30))*2.5, float64(1+g.rng.IntN(10))
		t := plan.StrengthTarget{Weight: &w, Reps: &r}
		if g.chance(5) {
			t.Weight = nil
		}
		in.Targets = append(in.Targets, t)
	}
	return in
}

func (g *gen) planCardio() plan.CardioInput {
	in := plan.CardioInput{Exercise: pick(g, cardioNames)}
	for range 1 + g.rng.IntN(2) {
		d, m := float64(g.rng.IntN(1000))/100, float64(g.rng.IntN(60))
		in.Targets = append(in.Targets, plan.CardioTarget{Distance: &d, Unit: pick(g, []string{"", "km", "mi"}), Minutes: &m})
	}
	return in
}

// changePlan edits one of the user's plans: its details, an exercise edited, removed or
// added, or the plan deleted.
func (g *gen) changePlan(u *person) {
	id := pick(g, u.plans)
	if id == "" || !g.plan(id).Exists() {
		g.makePlan(u)
		return
	}
	xs := g.plan(id).Exercises()
	switch g.rng.IntN(6) {
	case 0:
		d := plan.Details{Name: pick(g, []string{"Renamed ✏️", "Block 2", "PPL"}), Notes: pick(g, []string{"", "new notes"})}
		g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Edit(d, g.now) })
	case 1:
		if x := pick(g, xs); x.ID != "" {
			g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.RemoveExercise(x.ID, g.now) })
		}
	case 2:
		if x := pick(g, xs); x.ID != "" {
			if x.Category == exercise.Cardio {
				in := g.planCardio()
				g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.EditCardio(x.ID, in, g.now) })
			} else {
				in := g.planStrength(u)
				g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.EditStrength(x.ID, in, u.unit, g.now) })
			}
		}
	case 3:
		if g.chance(3) {
			g.handOver(id, plan.KeptDeleted)
			g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Delete(g.now) })
			return
		}
		fallthrough
	default:
		g.addPlanExercise(u, id)
	}
}

// deleteHeldPlan has someone delete a plan of theirs that others bought or were given, who
// then keep a copy (handOver); when nobody has one, the user changes a plan.
func (g *gen) deleteHeldPlan(u *person) {
	for _, owner := range g.open() {
		for _, id := range owner.plans {
			if keepers, _ := g.keepers(id); g.plan(id).Exists() && len(keepers) > 0 {
				g.handOver(id, plan.KeptDeleted)
				g.changePlanBy(owner, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Delete(g.now) })
				return
			}
		}
	}
	g.changePlan(u)
}

// handOver gives each buyer of the plan id and each client it was shared with (in the role
// they got it in first) a copy of their own, as app's handOver does before its owner deletes
// it or closes their account.
func (g *gen) handOver(id, reason string) {
	p := g.plan(id)
	if !p.Exists() {
		return
	}
	keepers, role := g.keepers(id)
	for _, k := range keepers {
		if k == p.Owner() {
			continue
		}
		ids := plan.KeepingFor(id, k, eventstore.DeriveID)
		g.label(ids.PlanID, "pk")
		meta := eventstore.Metadata{CommandID: ids.CommandID}
		execute(g, planStream(ids.PlanID), meta, func() *plan.Plan { return plan.New(ids.PlanID) },
			func(c *plan.Plan) ([]domain.Event, error) {
				return c.Keep(p, k, role[k], reason, ids.ExerciseID, g.now)
			})
	}
}

// keepers lists who has the plan id other than by owning it, open accounts in the order
// they got it, with the role they got it in first (as the plans read model's members).
func (g *gen) keepers(id string) ([]string, map[string]string) {
	role := map[string]string{}
	var keepers []string
	for _, step := range g.steps {
		for _, e := range step.Events {
			var who, as string
			switch e := e.(type) {
			case plan.PlanBought:
				who, as = e.UserID, plan.KeptBought
				if e.PlanID != id {
					who = ""
				}
			case plan.PlanShared:
				who, as = e.ClientID, plan.KeptShared
				if e.PlanID != id {
					who = ""
				}
			}
			if who != "" && role[who] == "" {
				role[who] = as
				if u := g.byID(who); u != nil && !u.closed {
					keepers = append(keepers, who)
				}
			}
		}
	}
	return keepers, role
}

// undoPlan undoes the last change of a plan (twice: a redo).
func (g *gen) undoPlan(u *person) {
	id := pick(g, u.plans)
	if id == "" {
		return
	}
	for range 1 + g.rng.IntN(2) {
		firstAdded := func(exerciseID string) int64 { return g.logged[[2]string{planStream(id), exerciseID}] }
		g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Undo(g.now, firstAdded) })
	}
}

// publishPlan puts a trainer's plan in the catalogue, changes its listing, or takes it out.
func (g *gen) publishPlan(u *person) {
	id := pick(g, u.plans)
	if id == "" {
		g.makePlan(u)
		return
	}
	if !g.account(u).Trainer() {
		g.subscribe(u)
	}
	trainer := g.account(u).Trainer()
	if g.plan(id).Published() && g.chance(2) {
		g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Unpublish(g.now) })
		return
	}
	price := pick(g, []float64{0.99, 9.99, 19.5, 199.99})
	l := plan.Listing{Price: &price, Tagline: pick(g, []string{"Get strong", "Fort et fier 💪"}), Level: pick(g, plan.Levels)}
	g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Publish(trainer, l, g.now) })
}

// buyPlan has the user buy someone's published plan with a completed order, as app.BuyPlan.
func (g *gen) buyPlan(u *person) {
	var forSale []string
	for _, name := range g.streamNames("plan-") {
		if p := g.streams[name].agg.(*plan.Plan); p.Published() && p.Owner() != u.id {
			forSale = append(forSale, name[len("plan-"):])
		}
	}
	id := pick(g, forSale)
	if id == "" {
		return
	}
	p := g.plan(id)
	order := plan.Order{ID: "ORDER-" + strconv.FormatUint(g.seed, 10) + "-" + strconv.Itoa(g.commands), Status: plan.OrderCompleted,
		Currency: plan.Currency, Amount: strconv.FormatFloat(float64(p.PricePence())/100, 'f', 2, 64)}
	g.label(order.ID, "o")
	if _, err := plan.NewPurchase(order.ID).Buy(u.id, p, false, order, g.now); err != nil {
		return
	}
	meta := g.meta(u.id)
	claimed := execute(g, "bought-"+u.id+"-"+id, meta.Follow("claim "+id), func() *plan.Claim { return plan.NewClaim(u.id, id) },
		func(c *plan.Claim) ([]domain.Event, error) { return c.Take(order.ID, g.now) })
	if len(claimed) == 0 {
		return // bought before (by another order: refunded)
	}
	execute(g, "order-"+order.ID, meta, func() *plan.Purchase { return plan.NewPurchase(order.ID) },
		func(o *plan.Purchase) ([]domain.Event, error) { return o.Buy(u.id, p, false, order, g.now) })
}

// sharePlan has a trainer give a plan to one of their confirmed clients; a trainer without
// one asks someone, who says yes at once.
func (g *gen) sharePlan(u *person) {
	id := pick(g, u.plans)
	if id == "" || !g.account(u).Trainer() {
		g.publishPlan(u)
		return
	}
	var clients []string
	for _, r := range g.relationships() {
		if r.TrainerID() == u.id && r.Status() == "Confirmed" {
			clients = append(clients, r.ClientID())
		}
	}
	client := pick(g, clients)
	if client == "" {
		g.requestClient(u)
		for _, r := range g.relationships() {
			if c := g.byID(r.ClientID()); r.TrainerID() == u.id && r.Status() == "Requested" && c != nil && !c.closed {
				g.changeCoaching(c, r, func(r *coaching.Relationship) ([]domain.Event, error) { return r.Answer(c.id, true, g.now) })
				client = c.id
			}
		}
		if client == "" {
			return
		}
	}
	g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.Share(true, client, true, g.now) })
	if g.chance(2) {
		times := float64(g.rng.IntN(plan.MaxTimesAWeek + 1))
		g.changePlanBy(u, id, func(p *plan.Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, &times, g.now) })
	}
}

// startFromPlan starts a workout from a plan the user may use (theirs, bought or shared with
// them), as app.StartFromPlan does: the plan as it stands, at its version.
func (g *gen) startFromPlan(u *person) {
	var usable []string
	for _, name := range g.streamNames("plan-") {
		p := g.streams[name].agg.(*plan.Plan)
		id := name[len("plan-"):]
		if p.Exists() && (p.Owner() == u.id || p.Keeper() == u.id || p.SharedWith(u.id) || g.bought(u, id)) {
			usable = append(usable, id)
		}
	}
	id := pick(g, usable)
	if id == "" {
		g.makePlan(u)
		return
	}
	p := g.plan(id)
	snapshot := p.Snapshot(g.streams[planStream(id)].version, u.unit)
	meta := g.meta(u.id)
	wid := meta.EntityID("workout", u.id)
	g.label(wid, "w")
	in := g.startInput(u)
	g.claimAndStart(u, meta, wid, func(w *workout.Workout) ([]domain.Event, error) {
		return w.StartFromPlan(in, snapshot, func(i int) string {
			s := eventstore.DeriveID("set", wid, strconv.Itoa(i))
			g.label(s, "s")
			return s
		}, g.now)
	})
}

// bought reports whether the user bought the plan id (its order stream is theirs).
func (g *gen) bought(u *person, id string) bool {
	for _, name := range g.streamNames("order-") {
		s := g.streams[name]
		if s.users[u.id] {
			for _, step := range g.steps {
				if step.Stream != name {
					continue
				}
				for _, e := range step.Events {
					if b, ok := e.(plan.PlanBought); ok && b.PlanID == id && b.UserID == u.id {
						return true
					}
				}
			}
		}
	}
	return false
}
