package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections/accounts"
)

// Authorisation is decided here and only here, per resource: the owner may read and change
// it; the owner and their confirmed trainer read workouts, sets and progress (canSee,
// followed). A plan is seen in full by those who have it: its owner, a buyer, a client it was
// shared with (app.CanUsePlan); a published plan shows its preview to anyone else, and an
// unpublished one is not there (404); changing it is the owner's alone (403, canChange).

// canRead checks that actor may read a resource owned by ownerID.
func canRead(actor accounts.User, ownerID string) error {
	if actor.ID == ownerID {
		return nil
	}
	return domain.Forbidden("You cannot see this.")
}

// canSee checks that actor may read a workout or set owned by ownerID: the owner, or a
// trainer of theirs while they are a confirmed client.
func (s *Server) canSee(r *http.Request, actor accounts.User, ownerID string) error {
	if actor.ID == ownerID {
		return nil
	}
	follows, err := s.coaching.Follows(r.Context(), actor.ID, ownerID)
	if err != nil {
		return err
	}
	if follows {
		return nil
	}
	return domain.Forbidden("You cannot see this.")
}

// canChange checks that actor may change or delete a resource owned by ownerID.
func canChange(actor accounts.User, ownerID string) error {
	if actor.ID == ownerID {
		return nil
	}
	return domain.Forbidden("You cannot change this.")
}

// followed is the user whose data a read shows under the optional user.displayName filter
// (or userFilter, as the screens carry it): the signed-in user when it is absent or names them, a confirmed
// client of theirs whom it names; to anyone else 403. A trainer of a pending, rejected or
// ended relationship follows nobody.
func (s *Server) followed(r *http.Request) (accounts.User, error) {
	u, _ := currentUser(r.Context())
	name := r.URL.Query().Get("user.displayName")
	if name == "" {
		name = strings.TrimSpace(r.URL.Query().Get("userFilter")) // as the screens carry it
	}
	if name == "" || (u.DisplayName != nil && *u.DisplayName == name) || name == personName(u) {
		return u, nil
	}
	id, err := s.coaching.ClientNamed(r.Context(), u.ID, name)
	if errors.Is(err, domain.ErrNotFound) {
		return accounts.User{}, domain.Forbidden("You cannot see this.")
	}
	if err != nil {
		return accounts.User{}, err
	}
	return s.accounts.ByID(r.Context(), id)
}

// canReadPlan decides what a user sees of a plan: all of it when they have it (has), the
// preview of a published plan otherwise; an unpublished plan not theirs is not found, so its
// existence is not told.
func canReadPlan(has, published bool) (preview bool, err error) {
	switch {
	case has:
		return false, nil
	case published:
		return true, nil
	}
	return false, domain.NotFound("Plan not found.")
}

// errPreviewOnly refuses what only those who have a plan see (its exercises) to a reader of
// its preview.
var errPreviewOnly = domain.Forbidden("Buy this plan to see all of it.")
