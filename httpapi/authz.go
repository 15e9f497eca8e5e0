package httpapi

import (
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections/accounts"
)

// Authorisation is decided here and only here, per resource: the owner may read and change
// it. (Trainers of a confirmed client will be allowed to read, when trainers exist.) A plan is
// seen in full by those who have it: its owner, a buyer, a client it was shared with
// (app.CanUsePlan); a published plan shows its preview to anyone else, and an unpublished one
// is not there (404); changing it is the owner's alone (403, canChange).

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
