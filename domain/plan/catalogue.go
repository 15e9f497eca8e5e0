package plan

// Rules of the catalogue and of sharing (the Plan aggregate, stream plan-<id>):
//   - Only the owner changes a plan's listing (httpapi/authz.go), and only while a trainer:
//     a plan is published with a price in GBP from £0.99 to £199.99 in whole pence, a tagline
//     (required, at most 150 characters) and a level, one of Levels. Publishing again with
//     another listing changes it; the same listing records nothing. Unpublishing takes the
//     plan out of the catalogue; those who bought it keep it.
//   - Only the owner, while a trainer, shares a plan, and only with a confirmed client of
//     theirs (the app asks the relationships); sharing again with the same client records
//     nothing.

import (
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
)

// Bounds of a listing. Prices are kept in pence so that no amount is a binary fraction.
const (
	Currency          = "GBP"
	MinPricePence     = 99
	MaxPricePence     = 19999
	MaxTaglineLength  = 150
	LevelBeginner     = "Beginner"
	LevelIntermediate = "Intermediate"
	LevelAdvanced     = "Advanced"
)

// Levels are the levels a published plan is for, easiest first.
var Levels = []string{LevelBeginner, LevelIntermediate, LevelAdvanced}

// Listing is a plan's catalogue entry as sent: Price in pounds.
type Listing struct {
	Price   *float64
	Tagline string
	Level   string
}

// listing is a checked listing.
type listing struct {
	pence          int64
	tagline, level string
}

func checkListing(v *domain.Violations, in Listing) listing {
	out := listing{tagline: strings.TrimSpace(in.Tagline), level: strings.TrimSpace(in.Level)}
	switch {
	case in.Price == nil:
		v.Add("price", "Please enter a price.")
	case math.IsNaN(*in.Price) || *in.Price*100 < MinPricePence-1e-6 || *in.Price*100 > MaxPricePence+1e-6:
		v.Add("price", "Please enter a price from £0.99 to £199.99.")
	case math.Abs(*in.Price*100-math.Round(*in.Price*100)) > 1e-6:
		v.Add("price", "Please enter a price in pounds and pence, e.g. 9.99.")
	default:
		out.pence = int64(math.Round(*in.Price * 100))
	}
	switch {
	case out.tagline == "":
		v.Add("tagline", "Please enter a tagline.")
	case utf8.RuneCountInString(out.tagline) > MaxTaglineLength:
		v.Add("tagline", "Please enter a tagline of at most 150 characters.")
	}
	known := false
	for _, l := range Levels {
		if strings.EqualFold(l, out.level) {
			out.level, known = l, true
		}
	}
	if !known {
		v.Add("level", "Please choose a level: Beginner, Intermediate or Advanced.")
	}
	return out
}

// CheckListing reports the violations of a listing before any plan is loaded.
func CheckListing(in Listing) error {
	var v domain.Violations
	checkListing(&v, in)
	return v.Err()
}

// Published reports whether the plan is in the catalogue.
func (p *Plan) Published() bool { return p.Exists() && p.published }

// PricePence is the plan's price in pence while published, else 0.
func (p *Plan) PricePence() int64 {
	if !p.Published() {
		return 0
	}
	return p.listing.pence
}

// Publish puts the plan in the catalogue with in; trainer says whether the owner is one now.
func (p *Plan) Publish(trainer bool, in Listing, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	if !trainer {
		return nil, domain.Forbidden("Only trainers can publish plans.")
	}
	var v domain.Violations
	l := checkListing(&v, in)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if p.published && l == p.listing {
		return nil, nil
	}
	return []domain.Event{PlanPublished{PlanID: p.id, UserID: p.userID, PricePence: l.pence, Currency: Currency,
		Tagline: l.tagline, Level: l.level, PublishedAt: now}}, nil
}

// Unpublish takes the plan out of the catalogue; an unpublished plan records nothing.
func (p *Plan) Unpublish(now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	if !p.published {
		return nil, nil
	}
	return []domain.Event{PlanUnpublished{PlanID: p.id, UserID: p.userID, UnpublishedAt: now}}, nil
}

// SharedWith reports whether the plan was shared with userID.
func (p *Plan) SharedWith(userID string) bool { return p.shared[userID] }

// Share gives the plan to clientID; trainer says whether the owner is one now, isClient
// whether clientID is their confirmed client.
func (p *Plan) Share(trainer bool, clientID string, isClient bool, now time.Time) ([]domain.Event, error) {
	if err := p.mustExist(); err != nil {
		return nil, err
	}
	switch {
	case !trainer:
		return nil, domain.Forbidden("Only trainers can share plans.")
	case clientID == "":
		return nil, domain.Invalid("clientId", "Please choose a client.")
	case clientID == p.userID || !isClient:
		return nil, domain.Invalid("clientId", "This user is not your client.")
	case p.shared[clientID]:
		return nil, nil
	}
	return []domain.Event{PlanShared{PlanID: p.id, UserID: p.userID, ClientID: clientID, SharedAt: now}}, nil
}
