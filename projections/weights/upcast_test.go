package weights_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/backendtest"
	"github.com/gymlog/gymlog/projections/projectiontest"
	"github.com/gymlog/gymlog/projections/weights"
)

// typeWeightLoggedV0 is an older shape of a logged weight, as a store may hold it: its own
// field names, always in pounds.
const typeWeightLoggedV0 = "test.weight_logged.v0"

type weightLoggedV0 struct {
	Entry  string    `json:"entry"`
	User   string    `json:"user"`
	On     string    `json:"on"`
	Pounds float64   `json:"pounds"`
	At     time.Time `json:"at"`
}

// The v0 shape is upcast to body.WeightLogged when read, as the domain does with any old
// shape.
func init() {
	domain.RegisterUpcaster(typeWeightLoggedV0, func(data []byte) (domain.Event, error) {
		var old weightLoggedV0
		if err := json.Unmarshal(data, &old); err != nil {
			return nil, err
		}
		return body.WeightLogged{EntryID: old.Entry, UserID: old.User, Date: old.On, Weight: old.Pounds, Unit: "lbs",
			LoggedAt: old.At}, nil
	})
}

// withV0 is the weights projector wanting the v0 type too, as it would once such events
// were stored: it applies what it is handed, whichever shape it was stored in.
type withV0 struct{ weights.Projector }

func (withV0) EventTypes() []string {
	return append(weights.Projector{}.EventTypes(), typeWeightLoggedV0)
}

// A weight stored in an old shape reaches the weights read model upcast: the runner decodes
// it through the domain's registry, so the projector, which reads the payload's Go value,
// builds the same row from it as from the current shape, live and rebuilt.
func TestWeightsBuildFromUpcastEvents(t *testing.T) {
	backendtest.Each(t, func(t *testing.T, b backendtest.Backend) {
		ctx := context.Background()
		projectiontest.Migrate(t, b)
		at := time.Date(2019, 3, 4, 7, 30, 0, 0, time.UTC)
		old, err := json.Marshal(weightLoggedV0{Entry: "e-old", User: "u-1", On: "2019-03-04", Pounds: 176.37, At: at})
		if err != nil {
			t.Fatal(err)
		}
		current, err := json.Marshal(body.WeightLogged{EntryID: "e-new", UserID: "u-1", Date: "2019-03-05",
			Weight: 80, Unit: "kg", LoggedAt: at.Add(24 * time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		res, err := b.Store.Append(ctx, "body-u-1", eventstore.NoStream,
			eventstore.EventData{ID: "7d0c6f7e-5d55-4b0e-9a43-000000000001", Type: typeWeightLoggedV0, Data: old},
			eventstore.EventData{ID: "7d0c6f7e-5d55-4b0e-9a43-000000000002", Type: body.TypeWeightLogged, Data: current})
		if err != nil {
			t.Fatal(err)
		}

		r := projectiontest.CatchUp(t, b, res.Position, withV0{})
		q := weights.NewQueries(b.DB)
		check := func(when string) {
			t.Helper()
			got, total, err := q.Page(ctx, "u-1", "kg", 1)
			if err != nil {
				t.Fatal(err)
			}
			if total != 2 || len(got) != 2 {
				t.Fatalf("%s: got %d entries (%+v), want 2", when, total, got)
			}
			// 176.37 lbs is 80.00 kg.
			want := weights.Entry{ID: "e-old", UserID: "u-1", DateWeighed: "2019-03-04", Weight: 80, Unit: "kg"}
			o := got[1]
			if o.ID != want.ID || o.UserID != want.UserID || o.DateWeighed != want.DateWeighed ||
				o.Weight != want.Weight || o.Unit != want.Unit || math.Abs(o.WeightKg-80) > 0.001 {
				t.Errorf("%s: the v0 entry: got %+v, want %+v (80 kg)", when, o, want)
			}
			lbs, err := q.ByID(ctx, "e-old", "lbs")
			if err != nil {
				t.Fatal(err)
			}
			if lbs.Weight != 176.37 {
				t.Errorf("%s: the v0 entry in lbs: got %v, want 176.37 as logged", when, lbs.Weight)
			}
		}
		check("live")
		if err := r.Rebuild(ctx, "weights"); err != nil {
			t.Fatal(err)
		}
		check("rebuilt")
	})
}
