package coaching

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
)

var (
	t0 = time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	t1 = t0.Add(time.Hour)
)

const (
	rid     = "r1"
	trainer = "trainer"
	client  = "client"
	other   = "other"
	addr    = "ada@example.com"
)

func requested(clientID string) ClientRequested {
	return ClientRequested{RelationshipID: rid, TrainerID: trainer, Email: addr, ClientID: clientID, TrainerName: "Tia", RequestedAt: t0}
}

func accepted() RequestAccepted {
	return RequestAccepted{RelationshipID: rid, TrainerID: trainer, ClientID: client, AcceptedAt: t1}
}

func TestRelationshipRules(t *testing.T) {
	cases := []struct {
		name    string
		given   []domain.Event
		when    func(r *Relationship) ([]domain.Event, error)
		then    []domain.Event
		wantErr error
	}{
		{"a trainer asks an account holder; the address is normalised", nil,
			func(r *Relationship) ([]domain.Event, error) {
				return r.Request(trainer, "Tia", " Ada@Example.com ", client, t0)
			},
			[]domain.Event{requested(client)}, nil},
		{"a trainer asks an address nobody has signed up with", nil,
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, "", t0) },
			[]domain.Event{requested("")}, nil},
		{"the address must be one", nil,
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", "ada@", "", t0) },
			nil, domain.ErrInvalid},
		{"a trainer cannot be their own client", nil,
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, trainer, t0) },
			nil, domain.ErrInvalid},
		{"not twice while the first waits", []domain.Event{requested(client)},
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, client, t1) },
			nil, domain.ErrInvalid},
		{"not while they are a client", []domain.Event{requested(client), accepted()},
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, client, t1) },
			nil, domain.ErrInvalid},
		{"not again within 30 days of a rejection", []domain.Event{requested(client),
			RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t0}},
			func(r *Relationship) ([]domain.Event, error) {
				return r.Request(trainer, "Tia", addr, client, t0.AddDate(0, 0, 30).Add(-time.Second))
			},
			nil, domain.ErrInvalid},
		{"again 30 days after a rejection", []domain.Event{requested(client),
			RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t0}},
			func(r *Relationship) ([]domain.Event, error) {
				return r.Request(trainer, "Tia", addr, client, t0.AddDate(0, 0, 30))
			},
			[]domain.Event{ClientRequested{RelationshipID: rid, TrainerID: trainer, Email: addr, ClientID: client, TrainerName: "Tia",
				RequestedAt: t0.AddDate(0, 0, 30)}}, nil},
		{"a request after the wait can be accepted", []domain.Event{requested(client),
			RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t0},
			ClientRequested{RelationshipID: rid, TrainerID: trainer, Email: addr, ClientID: client, TrainerName: "Tia",
				RequestedAt: t0.AddDate(0, 0, 31)}},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, true, t1) },
			[]domain.Event{accepted()}, nil},
		{"again at once after the relationship ended", []domain.Event{requested(client), accepted(),
			Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: client, EndedAt: t1}},
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, client, t1) },
			[]domain.Event{ClientRequested{RelationshipID: rid, TrainerID: trainer, Email: addr, ClientID: client, TrainerName: "Tia", RequestedAt: t1}}, nil},
		{"the person asked accepts", []domain.Event{requested(client)},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, true, t1) },
			[]domain.Event{accepted()}, nil},
		{"someone who signed up with the address since accepts", []domain.Event{requested("")},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, true, t1) },
			[]domain.Event{accepted()}, nil},
		{"the person asked rejects", []domain.Event{requested(client)},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, false, t1) },
			[]domain.Event{RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t1}}, nil},
		{"nobody else answers", []domain.Event{requested(client)},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(other, true, t1) },
			nil, domain.ErrNotFound},
		{"an answer is given once", []domain.Event{requested(client), accepted()},
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, false, t1) },
			nil, domain.ErrInvalid},
		{"nothing to answer before a request", nil,
			func(r *Relationship) ([]domain.Event, error) { return r.Answer(client, true, t1) },
			nil, domain.ErrNotFound},
		{"the trainer removes a client", []domain.Event{requested(client), accepted()},
			func(r *Relationship) ([]domain.Event, error) { return r.End(trainer, t1) },
			[]domain.Event{Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: trainer, EndedAt: t1}}, nil},
		{"the client removes their trainer", []domain.Event{requested(client), accepted()},
			func(r *Relationship) ([]domain.Event, error) { return r.End(client, t1) },
			[]domain.Event{Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: client, EndedAt: t1}}, nil},
		{"the trainer withdraws an invitation", []domain.Event{requested("")},
			func(r *Relationship) ([]domain.Event, error) { return r.End(trainer, t1) },
			[]domain.Event{Ended{RelationshipID: rid, TrainerID: trainer, EndedBy: trainer, EndedAt: t1}}, nil},
		{"a stranger ends nothing", []domain.Event{requested(client), accepted()},
			func(r *Relationship) ([]domain.Event, error) { return r.End(other, t1) },
			nil, domain.ErrNotFound},
		{"an ended relationship ends once", []domain.Event{requested(client), accepted(),
			Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: trainer, EndedAt: t1}},
			func(r *Relationship) ([]domain.Event, error) { return r.End(client, t1) },
			nil, domain.ErrNotFound},
		{"and the trainer may ask again", []domain.Event{requested(client), accepted(),
			Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: client, EndedAt: t1}},
			func(r *Relationship) ([]domain.Event, error) { return r.Request(trainer, "Tia", addr, client, t0) },
			[]domain.Event{requested(client)}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := New(rid)
			for _, e := range c.given {
				r.Apply(e)
			}
			got, err := c.when(r)
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				if got != nil {
					t.Fatalf("events with an error: %#v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestStatusFollowsTheEvents(t *testing.T) {
	r := New(rid)
	steps := []struct {
		ev   domain.Event
		want Status
	}{
		{requested(""), Requested},
		{accepted(), Confirmed},
		{Ended{RelationshipID: rid, TrainerID: trainer, ClientID: client, EndedBy: client, EndedAt: t1}, Over},
		{requested(client), Requested},
		{RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t1}, Rejected},
	}
	for _, s := range steps {
		r.Apply(s.ev)
		if r.Status() != s.want {
			t.Fatalf("after %T: %q, want %q", s.ev, r.Status(), s.want)
		}
	}
	if r.ClientID() != client || r.TrainerID() != trainer || r.Email() != addr {
		t.Fatalf("state %+v", r)
	}
}

// The refusal says when the person said no and from when the trainer may ask again.
func TestARejectionSaysWhenToAskAgain(t *testing.T) {
	r := New(rid)
	for _, e := range []domain.Event{requested(client), RequestRejected{RelationshipID: rid, TrainerID: trainer, ClientID: client, RejectedAt: t0}} {
		r.Apply(e)
	}
	_, err := r.Request(trainer, "Tia", addr, client, t0.AddDate(0, 0, 3))
	var v *domain.ValidationError
	if !errors.As(err, &v) || len(v.Violations) != 1 || v.Violations[0].PropertyPath != "email" ||
		v.Violations[0].Message != "This person declined your request on 25/11/2026. You can ask again from 25/12/2026." {
		t.Errorf("asking again 3 days after a rejection: %v", err)
	}
}
