package plan

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gymlog/gymlog/domain"
)

func published() PlanPublished {
	return PlanPublished{PlanID: pid, UserID: uid, PricePence: 999, Currency: "GBP", Tagline: "Get strong", Level: "Beginner",
		PublishedAt: t0}
}

func listed(price float64, tagline, level string) Listing {
	return Listing{Price: &price, Tagline: tagline, Level: level}
}

// verdict is one given/when/then case: the events a behaviour records on the history given,
// or the error it answers with, and which fields the violations name.
type verdict struct {
	name    string
	given   []domain.Event
	when    func(p *Plan) ([]domain.Event, error)
	then    []domain.Event
	wantErr error
	fields  []string
}

// runVerdicts runs each case on a plan folded from its given events.
func runVerdicts(t *testing.T, cases []verdict) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := New(pid)
			for _, e := range tc.given {
				p.Apply(e)
			}
			got, err := tc.when(p)
			tc.check(t, got, err)
		})
	}
}

func (tc verdict) check(t *testing.T, got []domain.Event, err error) {
	t.Helper()
	if tc.wantErr != nil {
		if !errors.Is(err, tc.wantErr) {
			t.Fatalf("got %v, %v; want %v", got, err, tc.wantErr)
		}
		if tc.fields != nil {
			var ve *domain.ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("got %v, want violations on %v", err, tc.fields)
			}
			var paths []string
			for _, v := range ve.Violations {
				paths = append(paths, v.PropertyPath)
			}
			if !reflect.DeepEqual(paths, tc.fields) {
				t.Fatalf("got violations on %v (%v), want %v", paths, err, tc.fields)
			}
		}
		return
	}
	if err != nil {
		t.Fatalf("got error %v", err)
	}
	if !reflect.DeepEqual(got, tc.then) {
		t.Fatalf("got  %#v\nwant %#v", got, tc.then)
	}
}

func TestCatalogueAndSharingRules(t *testing.T) {
	cases := []verdict{
		{"a trainer publishes a plan", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.Publish(true, listed(9.99, " Get strong ", "beginner"), t0)
			},
			[]domain.Event{published()}, nil, nil},
		{"only a trainer publishes", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.Publish(false, listed(9.99, "Get strong", "Beginner"), t0)
			},
			nil, domain.ErrForbidden, nil},
		{"the same listing again records nothing", []domain.Event{created(), published()},
			func(p *Plan) ([]domain.Event, error) {
				return p.Publish(true, listed(9.99, "Get strong", "Beginner"), t1)
			},
			nil, nil, nil},
		{"a new price changes the listing", []domain.Event{created(), published()},
			func(p *Plan) ([]domain.Event, error) {
				return p.Publish(true, listed(199.99, "Get strong", "Advanced"), t1)
			},
			[]domain.Event{PlanPublished{PlanID: pid, UserID: uid, PricePence: 19999, Currency: "GBP", Tagline: "Get strong",
				Level: "Advanced", PublishedAt: t1}}, nil, nil},
		{"every field of a listing is checked", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Publish(true, Listing{Level: "Expert"}, t0) },
			nil, domain.ErrInvalid, []string{"level", "price", "tagline"}},
		{"a price below 0.99 is refused", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Publish(true, listed(0.98, "x", "Advanced"), t0) },
			nil, domain.ErrInvalid, []string{"price"}},
		{"a price above 199.99 is refused", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Publish(true, listed(1e308, "x", "Advanced"), t0) },
			nil, domain.ErrInvalid, []string{"price"}},
		{"a price is in whole pence", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Publish(true, listed(9.995, "x", "Advanced"), t0) },
			nil, domain.ErrInvalid, []string{"price"}},
		{"a tagline is bounded", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) {
				return p.Publish(true, listed(5, strings.Repeat("é", 151), "Intermediate"), t0)
			},
			nil, domain.ErrInvalid, []string{"tagline"}},
		{"a deleted plan is not published", []domain.Event{created(), PlanDeleted{PlanID: pid, UserID: uid}},
			func(p *Plan) ([]domain.Event, error) { return p.Publish(true, listed(5, "x", "Advanced"), t0) },
			nil, domain.ErrNotFound, nil},
		{"unpublishing", []domain.Event{created(), published()},
			func(p *Plan) ([]domain.Event, error) { return p.Unpublish(t1) },
			[]domain.Event{PlanUnpublished{PlanID: pid, UserID: uid, UnpublishedAt: t1}}, nil, nil},
		{"unpublishing an unpublished plan records nothing", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Unpublish(t1) }, nil, nil, nil},
		{"a trainer shares with a client", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Share(true, "c1", true, t0) },
			[]domain.Event{PlanShared{PlanID: pid, UserID: uid, ClientID: "c1", SharedAt: t0}}, nil, nil},
		{"sharing again records nothing", []domain.Event{created(), PlanShared{PlanID: pid, UserID: uid, ClientID: "c1"}},
			func(p *Plan) ([]domain.Event, error) { return p.Share(true, "c1", true, t1) }, nil, nil, nil},
		{"only with a client", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Share(true, "c1", false, t0) },
			nil, domain.ErrInvalid, []string{"clientId"}},
		{"never with oneself", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Share(true, uid, true, t0) },
			nil, domain.ErrInvalid, []string{"clientId"}},
		{"only a trainer shares", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.Share(false, "c1", true, t0) },
			nil, domain.ErrForbidden, nil},
		{"a trainer sets a weekly target", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(3), t0) },
			[]domain.Event{WeeklyTargetSet{PlanID: pid, UserID: uid, TimesAWeek: 3, SetAt: t0}}, nil, nil},
		{"the same target again records nothing", []domain.Event{created(), WeeklyTargetSet{PlanID: pid, UserID: uid, TimesAWeek: 3}},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(3), t1) }, nil, nil, nil},
		{"0 takes the target away", []domain.Event{created(), WeeklyTargetSet{PlanID: pid, UserID: uid, TimesAWeek: 3}},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(0), t1) },
			[]domain.Event{WeeklyTargetSet{PlanID: pid, UserID: uid, TimesAWeek: 0, SetAt: t1}}, nil, nil},
		{"14 a week at most", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(15), t0) }, nil, domain.ErrInvalid, []string{"timesAWeek"}},
		{"a whole number", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(2.5), t0) }, nil, domain.ErrInvalid, []string{"timesAWeek"}},
		{"not below 0", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, num(-1), t0) }, nil, domain.ErrInvalid, []string{"timesAWeek"}},
		{"a number is needed", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(true, nil, t0) }, nil, domain.ErrInvalid, []string{"timesAWeek"}},
		{"only a trainer sets a target", []domain.Event{created()},
			func(p *Plan) ([]domain.Event, error) { return p.SetWeeklyTarget(false, num(3), t0) }, nil, domain.ErrForbidden, nil},
	}
	runVerdicts(t, cases)
}

func TestPurchaseRules(t *testing.T) {
	const order, buyer = "5O190127TN364715T", "b1"
	paid := Order{ID: order, Status: OrderCompleted, Currency: "GBP", Amount: "9.99"}
	bought := PlanBought{OrderID: order, PlanID: pid, UserID: buyer, SellerID: uid, PricePence: 999, Currency: "GBP", BoughtAt: t0}
	onSale := []domain.Event{created(), published()}
	cases := []struct {
		verdict
		used  []domain.Event // the order's history
		buyer string
		order Order
		has   bool
	}{
		{verdict{name: "a captured order for the price buys the plan", given: onSale, then: []domain.Event{bought}}, nil, buyer, paid, false},
		{verdict{name: "an amount finer than pence is refused", given: onSale, wantErr: domain.ErrInvalid}, nil, buyer,
			Order{ID: order, Status: OrderCompleted, Currency: "GBP", Amount: "9.990"}, false},
		{verdict{name: "the same order again records nothing", given: onSale}, []domain.Event{bought}, buyer, paid, false},
		{verdict{name: "the order for another buyer is refused", given: onSale, wantErr: domain.ErrInvalid,
			fields: []string{"orderId"}}, []domain.Event{bought}, "b2", paid, false},
		{verdict{name: "an order not captured is refused", given: onSale, wantErr: domain.ErrInvalid, fields: []string{"orderId"}},
			nil, buyer, Order{ID: order, Status: "APPROVED", Currency: "GBP", Amount: "9.99"}, false},
		{verdict{name: "another order's capture is refused", given: onSale, wantErr: domain.ErrInvalid, fields: []string{"orderId"}},
			nil, buyer, Order{ID: "OTHER", Status: OrderCompleted, Currency: "GBP", Amount: "9.99"}, false},
		{verdict{name: "another amount is refused", given: onSale, wantErr: domain.ErrInvalid, fields: []string{"orderId"}},
			nil, buyer, Order{ID: order, Status: OrderCompleted, Currency: "GBP", Amount: "0.99"}, false},
		{verdict{name: "another currency is refused", given: onSale, wantErr: domain.ErrInvalid, fields: []string{"orderId"}},
			nil, buyer, Order{ID: order, Status: OrderCompleted, Currency: "USD", Amount: "9.99"}, false},
		{verdict{name: "an amount PayPal would not write is refused", given: onSale, wantErr: domain.ErrInvalid},
			nil, buyer, Order{ID: order, Status: OrderCompleted, Currency: "GBP", Amount: "9.99e0"}, false},
		{verdict{name: "an unpublished plan is not for sale", given: append(onSale, PlanUnpublished{PlanID: pid, UserID: uid}),
			wantErr: domain.ErrNotFound}, nil, buyer, paid, false},
		{verdict{name: "the owner does not buy their own plan", given: onSale, wantErr: domain.ErrInvalid,
			fields: []string{"planId"}}, nil, uid, paid, false},
		{verdict{name: "a buyer who has the plan already is refused, to be refunded", given: onSale, wantErr: ErrHaveItAlready,
			fields: []string{"orderId"}}, nil, buyer, paid, true},
		{verdict{name: "the order that bought it, again, still records nothing", given: onSale}, []domain.Event{bought}, buyer, paid, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := New(pid)
			for _, e := range tc.given {
				p.Apply(e)
			}
			o := NewPurchase(order)
			for _, e := range tc.used {
				o.Apply(e)
			}
			got, err := o.Buy(tc.buyer, p, tc.has, tc.order, t0)
			tc.check(t, got, err)
		})
	}
}

func TestCheckOrderID(t *testing.T) {
	for id, ok := range map[string]bool{"5O190127TN364715T": true, "ORDER-1": true, "": false, "a/b": false,
		strings.Repeat("A", 65): false, "plan-x\x00": false} {
		if got := CheckOrderID(id) == nil; got != ok {
			t.Errorf("CheckOrderID(%q): got ok %v, want %v", id, got, ok)
		}
	}
}

func num(x float64) *float64 { return &x }

// The first order to claim a plan for a buyer buys it; the same order again records nothing;
// another order is refused, to be refunded.
func TestClaim(t *testing.T) {
	taken := []domain.Event{PurchaseClaimed{PlanID: pid, UserID: "b1", OrderID: "O-1", ClaimedAt: t0}}
	for _, c := range []struct {
		name    string
		given   []domain.Event
		order   string
		then    []domain.Event
		wantErr error
	}{
		{"the first order claims it", nil, "O-1", taken, nil},
		{"the same order again records nothing", taken, "O-1", nil, nil},
		{"another order is refused", taken, "O-2", nil, ErrHaveItAlready},
	} {
		t.Run(c.name, func(t *testing.T) {
			claim := NewClaim("b1", pid)
			for _, e := range c.given {
				claim.Apply(e)
			}
			got, err := claim.Take(c.order, t0)
			if !errors.Is(err, c.wantErr) || !reflect.DeepEqual(got, c.then) {
				t.Errorf("got %v %v, want %v %v", got, err, c.then, c.wantErr)
			}
		})
	}
}
