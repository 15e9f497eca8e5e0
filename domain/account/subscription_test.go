package account_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
)

const plan = "P-TRAINER"

func subscribed(id string) account.TrainerSubscribed {
	return account.TrainerSubscribed{UserID: "u1", SubscriptionID: id, PlanID: plan, PaymentSource: "paypal",
		OrderID: "O1", SubscribedAt: t0}
}

func TestSubscribe(t *testing.T) {
	req := account.SubscriptionRequest{PaymentSource: "paypal", OrderID: "O1"}
	active := account.ProviderSubscription{ID: "S1", PlanID: plan, Status: "ACTIVE"}
	paidUntil := t0.Add(24 * time.Hour)
	tests := []struct {
		name    string
		given   []domain.Event
		sub     account.ProviderSubscription
		want    []domain.Event
		wantErr string // "conflict" or the subscriptionId violation
	}{
		{"an active subscription to the plan", []domain.Event{registered()}, active, []domain.Event{subscribed("S1")}, ""},
		{"the same again changes nothing", []domain.Event{registered(), subscribed("S1")}, active, nil, ""},
		{"not active", []domain.Event{registered()}, account.ProviderSubscription{ID: "S1", PlanID: plan, Status: "APPROVAL_PENDING"},
			nil, "The subscription is not active."},
		{"another plan", []domain.Event{registered()}, account.ProviderSubscription{ID: "S1", PlanID: "P-OTHER", Status: "ACTIVE"},
			nil, "The subscription is not for the trainer plan."},
		{"a second one while billed", []domain.Event{registered(), subscribed("S0")}, active, nil, "conflict"},
		{"a new one after a cancelled one", []domain.Event{registered(), subscribed("S0"),
			account.TrainerSubscriptionCancelled{UserID: "u1", SubscriptionID: "S0", Status: "CANCELLED", PaidUntil: &paidUntil, CancelledAt: t0}},
			active, []domain.Event{subscribed("S1")}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given(tt.given...).Subscribe(tt.sub, plan, req, t0)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events: got %#v, want %#v", got, tt.want)
			}
			switch {
			case tt.wantErr == "conflict":
				if !errors.Is(err, domain.ErrConflict) {
					t.Errorf("error: got %v, want conflict", err)
				}
			case violation(err, "subscriptionId") != tt.wantErr || (tt.wantErr == "" && err != nil):
				t.Errorf("error: got %v, want %q", err, tt.wantErr)
			}
		})
	}
}

func TestRecordSubscriptionStatus(t *testing.T) {
	later := t0.Add(10 * 24 * time.Hour)
	cancelled := account.TrainerSubscriptionCancelled{UserID: "u1", SubscriptionID: "S1", Status: "CANCELLED", PaidUntil: &later, CancelledAt: t0}
	tests := []struct {
		name  string
		given []domain.Event
		sub   account.ProviderSubscription
		at    time.Time
		want  []domain.Event
	}{
		{"cancelled in the paid period stays a trainer", []domain.Event{registered(), subscribed("S1")},
			account.ProviderSubscription{ID: "S1", Status: "CANCELLED", PaidUntil: &later}, t0, []domain.Event{cancelled}},
		{"suspended with nothing paid ends at once", []domain.Event{registered(), subscribed("S1")},
			account.ProviderSubscription{ID: "S1", Status: "SUSPENDED"}, t0, []domain.Event{
				account.TrainerSubscriptionCancelled{UserID: "u1", SubscriptionID: "S1", Status: "SUSPENDED", CancelledAt: t0},
				account.TrainerSubscriptionEnded{UserID: "u1", SubscriptionID: "S1", EndedAt: t0}}},
		{"the paid period over ends it", []domain.Event{registered(), subscribed("S1"), cancelled},
			account.ProviderSubscription{ID: "S1", Status: "CANCELLED", PaidUntil: &later}, later,
			[]domain.Event{account.TrainerSubscriptionEnded{UserID: "u1", SubscriptionID: "S1", EndedAt: later}}},
		{"cancelled again in the paid period changes nothing", []domain.Event{registered(), subscribed("S1"), cancelled},
			account.ProviderSubscription{ID: "S1", Status: "CANCELLED", PaidUntil: &later}, t0, nil},
		{"still active changes nothing", []domain.Event{registered(), subscribed("S1")},
			account.ProviderSubscription{ID: "S1", Status: "ACTIVE"}, t0, nil},
		{"another subscription changes nothing", []domain.Event{registered(), subscribed("S1")},
			account.ProviderSubscription{ID: "S9", Status: "CANCELLED"}, t0, nil},
		{"ended already changes nothing", []domain.Event{registered(), subscribed("S1"), cancelled,
			account.TrainerSubscriptionEnded{UserID: "u1", SubscriptionID: "S1", EndedAt: later}},
			account.ProviderSubscription{ID: "S1", Status: "EXPIRED"}, later, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := given(tt.given...).RecordSubscriptionStatus(tt.sub, tt.at)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v, %v; want %#v", got, err, tt.want)
			}
		})
	}
}
