package eventgen

import (
	"strconv"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/eventstore"
)

// person is someone of a history, and what the history knows of them without reading the
// streams back: what they made, the codes mailed to them.
type person struct {
	id, email, name string
	unit            string
	timeZone        string
	closed          bool
	code, resetCode string
	workouts        []string // every workout id they started, deleted ones too
	plans           []string
	weights, sizes  []string
	custom          []string // custom exercises they logged
}

// People's names and addresses, some far from ASCII.
var (
	firstNames = []string{"Ada", "Zoë", "Łukasz", "Saoirse", "Björn", "Chloé", "美咲", "Олег", "Nguyễn", "Ana María"}
	surnames   = []string{"Lovelace", "Ørsted", "Müller-Lüdenscheidt", "O'Brien", "Çelik", "佐藤", "Ivanova", "Dvořák"}
	timeZones  = []string{"UTC", "Europe/London", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati",
		"Pacific/Pago_Pago", "Australia/Lord_Howe", "America/Los_Angeles", "Asia/Tokyo"}
)

// register signs someone up as app.Register does: the address claimed, the user registered
// with a code to mail, the weight given at sign-up logged.
func (g *gen) register() {
	n := len(g.users) + 1
	id := g.id("u", strconv.Itoa(n))
	u := &person{id: id, email: "lifter" + strconv.Itoa(n) + "." + strconv.FormatUint(g.seed, 10) + "@example.com",
		name: pick(g, firstNames), unit: account.UnitKg}
	if g.chance(3) {
		u.unit = account.UnitLbs
	}
	in := account.RegistrationInput{Email: u.email, Password: "Passw0rd!", ConfirmPassword: "Passw0rd!",
		FirstName: u.name, Surname: pick(g, surnames), Unit: u.unit}
	if g.chance(2) {
		in.DateOfBirth = "1988-02-29"
		in.Gender = pick(g, []string{account.GenderFemale, account.GenderMale})
	}
	if g.chance(2) {
		w := 50 + float64(g.rng.IntN(6000))/100
		in.Weight = &w
	}
	reg, err := account.NewRegistration(id, in, g.now)
	if err != nil {
		panic("eventgen: a registration the domain refuses: " + err.Error())
	}
	meta := g.meta(id)
	if !g.claimEmail(meta, u.email, id) {
		return
	}
	g.users = append(g.users, u)
	u.code = strconv.Itoa(100000 + g.rng.IntN(900000))
	execute(g, "user-"+id, meta, newUser, func(a *account.User) ([]domain.Event, error) {
		events, err := a.Register(reg, "$2a$10$hash", g.now)
		if err != nil {
			return nil, err
		}
		for _, e := range events {
			a.Apply(e)
		}
		issued, err := a.IssueVerificationCode(u.code, g.now)
		return append(events, issued...), err
	})
	if !g.chance(3) {
		g.verify(u)
	}
	if reg.Weight != nil {
		entry := meta.EntityID("weight", id)
		g.label(entry, "b")
		if len(execute(g, "body-"+id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) {
			return l.LogWeight(entry, body.WeightInput{Weight: reg.Weight}, reg.Unit, g.now)
		})) > 0 {
			u.weights = append(u.weights, entry)
		}
	}
}

func newUser() *account.User { return &account.User{} }

func (g *gen) bodyLog(u *person) func() *body.Log {
	return func() *body.Log { return body.NewLog(u.id) }
}

// claimEmail takes an address as app's claimEmail does: free, or held by someone gone.
func (g *gen) claimEmail(meta eventstore.Metadata, email, userID string) bool {
	claimed := false
	g.label(emailStream(email), "email")
	execute(g, emailStream(email), meta, func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) {
			gone := c.Holder() == ""
			if h := g.byID(c.Holder()); h != nil && (h.closed || h.email != email) {
				gone = true
			}
			events, err := c.Claim(userID, gone, g.now)
			claimed = err == nil
			return events, err
		})
	return claimed
}

// byID is the user with id, or nil.
func (g *gen) byID(id string) *person {
	for _, u := range g.users {
		if u.id == id {
			return u
		}
	}
	return nil
}

// account folds the user's account.
func (g *gen) account(u *person) *account.User { return fold(g, "user-"+u.id, newUser) }

// changeUser runs one behaviour of the user's account.
func (g *gen) changeUser(u *person, decide func(*account.User) ([]domain.Event, error)) []domain.Event {
	return execute(g, "user-"+u.id, g.meta(u.id), newUser, decide)
}

// verify enters a wrong code now and then (counted), or asks for a new code when the mailed
// one has expired and enters it.
func (g *gen) verify(u *person) {
	if g.chance(4) {
		g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.Verify("000000", g.now) })
		return
	}
	if _, err := g.account(u).Verify(u.code, g.now); err != nil || g.chance(5) {
		u.code = strconv.Itoa(100000 + g.rng.IntN(900000))
		g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.IssueVerificationCode(u.code, g.now) })
	}
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.Verify(u.code, g.now) })
}

// passwordReset asks for a reset code, enters a wrong one now and then, and resets with it.
func (g *gen) passwordReset(u *person) {
	u.resetCode = strconv.Itoa(100000 + g.rng.IntN(900000))
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.IssuePasswordResetCode(u.resetCode, g.now) })
	if g.chance(2) {
		g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.CheckPasswordResetCode("000000", g.now) })
	}
	if g.chance(2) {
		g.changeUser(u, func(a *account.User) ([]domain.Event, error) {
			return a.ResetPassword(u.resetCode, "$2a$10$new", g.now)
		})
	}
}

func (g *gen) changePassword(u *person) {
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.ChangePassword("$2a$10$changed", g.now) })
}

// changeEmail moves the account to a new address as app.ChangeEmail does: the new address
// claimed, the change with its code, the old address released.
func (g *gen) changeEmail(u *person) {
	email := "moved" + strconv.Itoa(g.commands) + "." + strconv.FormatUint(g.seed, 10) + "@example.com"
	if g.chance(3) {
		// An address someone else gave up, or holds: the claim decides.
		if other := pick(g, g.users); other != nil && other != u {
			email = "lifter" + strconv.Itoa(slicesIndex(g.users, other)+1) + "." + strconv.FormatUint(g.seed, 10) + "@example.com"
		}
	}
	meta := g.meta(u.id)
	if !g.claimEmail(meta, email, u.id) {
		return
	}
	old := u.email
	u.code = strconv.Itoa(100000 + g.rng.IntN(900000))
	if len(execute(g, "user-"+u.id, meta, newUser, func(a *account.User) ([]domain.Event, error) {
		return a.ChangeEmail(email, u.code, g.now)
	})) == 0 {
		return
	}
	u.email = email
	execute(g, emailStream(old), meta, func() *account.EmailClaim { return &account.EmailClaim{} },
		func(c *account.EmailClaim) ([]domain.Event, error) { return c.Release(u.id, g.now) })
}

func slicesIndex(us []*person, u *person) int {
	for i, x := range us {
		if x == u {
			return i
		}
	}
	return -1
}

// editProfile saves "Your Details", unicode and all.
func (g *gen) editProfile(u *person) {
	h := float64(150 + g.rng.IntN(60))
	in := account.ProfileInput{FirstName: pick(g, firstNames), Surname: pick(g, surnames),
		DisplayName: pick(g, []string{"", "Coach 🦾", "Ωmega", "la_bête"}), DashboardChart: pick(g, []string{"", account.ChartDuration}),
		Icon: pick(g, account.Icons), Height: &h}
	p, err := account.NewProfile(in, g.now)
	if err != nil {
		return
	}
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.EditProfile(p, g.now) })
}

// setTimeZone moves the user to another zone: their days (and so their workouts' days
// elsewhere) change.
func (g *gen) setTimeZone(u *person) {
	zone, err := account.NewTimeZone(pick(g, timeZones))
	if err != nil {
		return
	}
	if len(g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.SetTimeZone(zone, g.now) })) > 0 {
		u.timeZone = zone
	}
}

// trainerPlan is the payment provider's plan id of the trainer subscription.
const trainerPlan = "P-TRAINER"

// subscribe makes the user a trainer with an active subscription.
func (g *gen) subscribe(u *person) {
	sub := account.ProviderSubscription{ID: "I-" + strconv.Itoa(g.commands), PlanID: trainerPlan, Status: account.SubscriptionActive}
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) {
		return a.Subscribe(sub, trainerPlan, account.SubscriptionRequest{PaymentSource: "paypal", OrderID: "O-1"}, g.now)
	})
}

// subscriptionNews is the provider telling that the subscription was cancelled (paid until a
// day that may have passed), or later that nothing changed.
func (g *gen) subscriptionNews(u *person) {
	a := g.account(u)
	id := a.ActiveSubscription()
	if id == "" {
		if !a.Trainer() {
			return
		}
		id = "any"
	}
	until := g.now.Add(time.Duration(g.rng.IntN(96)-48) * time.Hour)
	sub := account.ProviderSubscription{ID: id, PlanID: trainerPlan, Status: pick(g, []string{account.SubscriptionCancelled,
		account.SubscriptionSuspended, account.SubscriptionExpired}), PaidUntil: &until}
	if id == "any" {
		sub.ID = subscriptionOf(g, u)
	}
	g.changeUser(u, func(a *account.User) ([]domain.Event, error) { return a.RecordSubscriptionStatus(sub, g.now) })
}

// subscriptionOf is the id of the user's last subscription, from their stream.
func subscriptionOf(g *gen, u *person) string {
	for i := len(g.steps) - 1; i >= 0; i-- {
		for _, e := range g.steps[i].Events {
			if s, ok := e.(account.TrainerSubscribed); ok && s.UserID == u.id {
				return s.SubscriptionID
			}
		}
	}
	return ""
}

// weighIn logs a body weight for today or a day gone by.
func (g *gen) weighIn(u *person) {
	meta := g.meta(u.id)
	entry := meta.EntityID("weight", u.id)
	g.label(entry, "b")
	w := 40 + float64(g.rng.IntN(9000))/100
	date := g.now.AddDate(0, 0, -g.rng.IntN(30)).Format(time.DateOnly)
	if len(execute(g, "body-"+u.id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) {
		return l.LogWeight(entry, body.WeightInput{Date: date, Weight: &w}, u.unit, g.now)
	})) > 0 {
		u.weights = append(u.weights, entry)
	}
}

// measure logs a body size.
func (g *gen) measure(u *person) {
	meta := g.meta(u.id)
	entry := meta.EntityID("size", u.id)
	g.label(entry, "b")
	cm := 20 + float64(g.rng.IntN(1000))/10
	in := body.SizeInput{Date: g.today(u), Measurement: &cm, Category: pick(g, body.Categories)}
	if len(execute(g, "body-"+u.id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) {
		return l.LogSize(entry, in, g.now)
	})) > 0 {
		u.sizes = append(u.sizes, entry)
	}
}

// deleteBodyEntry deletes a weight or a size (one deleted already is refused).
func (g *gen) deleteBodyEntry(u *person) {
	meta := g.meta(u.id)
	if g.chance(2) && len(u.weights) > 0 {
		id := pick(g, u.weights)
		execute(g, "body-"+u.id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) { return l.DeleteWeight(id, g.now) })
		return
	}
	id := pick(g, u.sizes)
	execute(g, "body-"+u.id, meta, g.bodyLog(u), func(l *body.Log) ([]domain.Event, error) { return l.DeleteSize(id, g.now) })
}

// requestClient has a trainer ask someone (an account, one closed, or an address nobody
// holds) to become their client, as app.RequestClient does.
func (g *gen) requestClient(u *person) {
	a := g.account(u)
	if !a.Trainer() {
		g.subscribe(u)
		return
	}
	other := pick(g, g.users)
	email, clientID := "nobody"+strconv.Itoa(g.rng.IntN(3))+"."+strconv.FormatUint(g.seed, 10)+"@example.com", ""
	if other != nil && other != u && !g.chance(4) {
		email = other.email
		if !other.closed {
			clientID = other.id
		}
	}
	// An address that belongs to someone who signs up later reaches them: the invitation
	// waits for whoever registers with it.
	id := eventstoreDeriveCoaching(u.id, email)
	g.label(id, "c")
	if clientID != "" && g.follows(u.id, clientID) {
		return
	}
	execute(g, "coaching-"+id, g.meta(u.id), func() *coaching.Relationship { return coaching.New(id) },
		func(r *coaching.Relationship) ([]domain.Event, error) {
			return r.Request(u.id, u.name, email, clientID, g.now)
		})
}

// follows reports whether trainer has client as a confirmed client.
func (g *gen) follows(trainer, client string) bool {
	for _, r := range g.relationships() {
		if r.TrainerID() == trainer && r.ClientID() == client && r.Status() == coaching.Confirmed {
			return true
		}
	}
	return false
}

// relationships lists the relationships the history holds (erased ones are gone).
func (g *gen) relationships() []*coaching.Relationship {
	var out []*coaching.Relationship
	for _, name := range g.streamNames("coaching-") {
		out = append(out, g.streams[name].agg.(*coaching.Relationship))
	}
	return out
}

// answerTrainer has the user accept or reject a request waiting for them (sent to their
// account, or to their address once verified), as app.AnswerTrainer does.
func (g *gen) answerTrainer(u *person) {
	verified := g.account(u).Verified()
	var waiting []*coaching.Relationship
	for _, r := range g.relationships() {
		if r.Status() == coaching.Requested && (r.ClientID() == u.id || r.ClientID() == "" && verified && r.Email() == u.email) {
			waiting = append(waiting, r)
		}
	}
	r := pick(g, waiting)
	if r == nil {
		return
	}
	accept := !g.chance(3)
	g.changeCoaching(u, r, func(r *coaching.Relationship) ([]domain.Event, error) { return r.Answer(u.id, accept, g.now) })
}

// endCoaching has the trainer or the client end a relationship (or withdraw a request).
func (g *gen) endCoaching(u *person) {
	var mine []*coaching.Relationship
	for _, r := range g.relationships() {
		if r.TrainerID() == u.id || r.ClientID() == u.id {
			mine = append(mine, r)
		}
	}
	if r := pick(g, mine); r != nil {
		g.changeCoaching(u, r, func(r *coaching.Relationship) ([]domain.Event, error) { return r.End(u.id, g.now) })
	}
}

func (g *gen) changeCoaching(u *person, r *coaching.Relationship, act func(*coaching.Relationship) ([]domain.Event, error)) {
	for _, name := range g.streamNames("coaching-") {
		if g.streams[name].agg == r {
			execute(g, name, g.meta(u.id), func() *coaching.Relationship { return r }, act)
			return
		}
	}
}

// closeAccount closes the user's account as app.CloseAccount does: the closing begun in
// closed-<id>, requests waiting for their address answered no, their plans handed over to
// those who have them, every stream that names them erased (an address now held by someone
// else kept), then account.closed.v1 in closed-<id>. Nothing of theirs follows.
func (g *gen) closeAccount(u *person) {
	meta := g.meta(u.id)
	g.append("closed-"+u.id, meta, false, account.AccountClosingStarted{UserID: u.id, StartedAt: g.now})
	if g.account(u).Verified() {
		for _, r := range g.relationships() {
			if r.Status() == coaching.Requested && r.ClientID() == "" && r.Email() == u.email {
				g.changeCoaching(u, r, func(r *coaching.Relationship) ([]domain.Event, error) { return r.Answer(u.id, false, g.now) })
			}
		}
	}
	erase := []string{"user-" + u.id, "body-" + u.id, emailStream(u.email)}
	for _, name := range g.sortedStreams() {
		if g.streams[name].users[u.id] && name != "closed-"+u.id {
			erase = append(erase, name)
		}
	}
	for _, name := range erase {
		if s := g.streams[name]; s == nil {
			continue
		} else if p, ok := s.agg.(*plan.Plan); ok && p.Owner() == u.id {
			g.handOver(name[len("plan-"):], plan.KeptClosed)
		}
	}
	seen := map[string]bool{}
	for _, name := range erase {
		s := g.streams[name]
		if seen[name] || s == nil {
			continue
		}
		seen[name] = true
		if c, ok := s.agg.(*account.EmailClaim); ok && c.Holder() != "" && c.Holder() != u.id {
			continue
		}
		if g.heldWithOthers(name, u) {
			continue
		}
		g.erase(name)
		if len(name) > 8 && name[:8] == "workout-" {
			g.reusable = append(g.reusable, name[8:])
		}
	}
	u.closed = true
	g.append("closed-"+u.id, meta, false, account.AccountClosed{UserID: u.id, ClosedAt: g.now})
}
