package domain_test

import (
	"testing"

	"github.com/gymlog/gymlog/domain"
	_ "github.com/gymlog/gymlog/domain/account"
	_ "github.com/gymlog/gymlog/domain/body"
	_ "github.com/gymlog/gymlog/domain/coaching"
	_ "github.com/gymlog/gymlog/domain/exercise"
	_ "github.com/gymlog/gymlog/domain/plan"
	_ "github.com/gymlog/gymlog/domain/workout"
)

// Every event of the domain names the user it is about, as its payload's userId, so that the
// ownership read model finds every stream closing an account must erase.
func TestEveryEventIsOwned(t *testing.T) {
	types := domain.RegisteredTypes()
	if len(types) < 30 {
		t.Fatalf("registered event types: got %d, want the domain's (30 or more)", len(types))
	}
	for _, typ := range types {
		ev, err := domain.DecodeEvent(typ, []byte(`{"userId":"u-1"}`))
		if err != nil {
			t.Errorf("%s: %v", typ, err)
			continue
		}
		o, ok := ev.(domain.Owned)
		if !ok {
			t.Errorf("%s: %T is not domain.Owned", typ, ev)
			continue
		}
		if got, want := o.OwnerID(), "u-1"; got != want {
			t.Errorf("%s: OwnerID() = %q, want %q", typ, got, want)
		}
		if got, want := ev.EventType(), typ; got != want {
			t.Errorf("%T: EventType() = %q, want %q", ev, got, want)
		}
	}
}
