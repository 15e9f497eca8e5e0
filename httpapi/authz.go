package httpapi

import (
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections/accounts"
)

// Authorisation is decided here and only here, per resource: the owner may read and change
// it. (Trainers of a confirmed client will be allowed to read, when trainers exist.) A plan is
// seen by its owner only, until plans are shared and bought (issue #13): to anyone else it is
// not there (404); changing it is the owner's alone (403, canChange).

// canRead checks that actor may read a resource owned by ownerID.
func canRead(actor accounts.User, ownerID string) error {
	if actor.ID == ownerID {
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

// canFollow checks that actor may see the progress of the user that the optional
// user.displayName filter names (empty: the actor's own). Only their own for now: a trainer
// follows a confirmed client once trainers exist.
func canFollow(actor accounts.User, displayName string) error {
	if displayName == "" || (actor.DisplayName != nil && *actor.DisplayName == displayName) {
		return nil
	}
	return domain.Forbidden("You cannot see this.")
}

// canReadPlan checks that actor may see a plan owned by ownerID; to anyone else the plan is
// not found, so its existence is not told.
func canReadPlan(actor accounts.User, ownerID string) error {
	if actor.ID == ownerID {
		return nil
	}
	return domain.NotFound("Plan not found.")
}
