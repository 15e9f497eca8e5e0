// Package accounts is the accounts read model: who can sign in, and the user's details.
package accounts

import (
	"context"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections"
)

// Name is the projector's name, which commands wait for (read-your-writes).
const Name = "accounts"

// Projector builds the users table from the account events.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return Name }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 2 }

// EventTypes lists the account events the users table is made of.
func (Projector) EventTypes() []string {
	return []string{account.TypeUserRegistered, account.TypeUserVerified, account.TypePasswordChanged,
		account.TypePasswordReset, account.TypeEmailChanged, account.TypeProfileEdited,
		account.TypeTrainerSubscribed, account.TypeTrainerSubscriptionCancelled,
		account.TypeTrainerSubscriptionEnded, account.TypeTimeZoneSet, account.TypeAccountClosed}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"users"} }

// Apply turns one account event into users-table changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev projections.Event) error {
	users := tx.Table("users")
	exec := func(query string, args ...any) error {
		return tx.Defer(ctx, query, args...)
	}
	switch e := ev.Payload.(type) {
	case account.UserRegistered:
		return exec(`INSERT INTO `+users+`
			(id, email, password_hash, first_name, surname, date_of_birth, gender, unit, registered_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
			e.UserID, e.Email, e.PasswordHash, e.FirstName, e.Surname, e.DateOfBirth, e.Gender, e.Unit,
			e.RegisteredAt.UnixMilli())
	case account.UserVerified:
		return exec(`UPDATE `+users+` SET is_verified = TRUE WHERE id = $1`, e.UserID)
	case account.PasswordChanged:
		return exec(`UPDATE `+users+` SET password_hash = $2 WHERE id = $1`, e.UserID, e.PasswordHash)
	case account.PasswordReset:
		return exec(`UPDATE `+users+` SET password_hash = $2 WHERE id = $1`, e.UserID, e.PasswordHash)
	case account.EmailChanged:
		return exec(`UPDATE `+users+` SET email = $2, is_verified = FALSE WHERE id = $1`, e.UserID, e.Email)
	case account.ProfileEdited:
		return exec(`UPDATE `+users+` SET first_name = $2, surname = $3, date_of_birth = $4, gender = $5,
			display_name = $6, dashboard_chart = $7, icon = $8, height = $9 WHERE id = $1`,
			e.UserID, e.FirstName, e.Surname, e.DateOfBirth, e.Gender, e.DisplayName, e.DashboardChart, e.Icon, e.Height)
	case account.TrainerSubscribed:
		return exec(`UPDATE `+users+` SET trainer = TRUE, subscription_id = $2, subscription_cancelled = FALSE
			WHERE id = $1`, e.UserID, e.SubscriptionID)
	case account.TrainerSubscriptionCancelled:
		return exec(`UPDATE `+users+` SET subscription_cancelled = TRUE WHERE id = $1`, e.UserID)
	case account.TrainerSubscriptionEnded:
		return exec(`UPDATE `+users+` SET trainer = FALSE WHERE id = $1`, e.UserID)
	case account.TimeZoneSet:
		return exec(`UPDATE `+users+` SET time_zone = $2 WHERE id = $1`, e.UserID, e.TimeZone)
	case account.AccountClosed:
		return exec(`DELETE FROM `+users+` WHERE id = $1`, e.UserID)
	}
	return nil
}
