// Package accounts is the accounts read model: who can sign in, and the user's details.
package accounts

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

// Projector builds the users table from the account events.
type Projector struct{}

// Name identifies the projector's checkpoint.
func (Projector) Name() string { return "accounts" }

// Version changes when Apply changes meaning.
func (Projector) Version() int { return 1 }

// EventTypes lists the account events the users table is made of.
func (Projector) EventTypes() []string {
	return []string{account.TypeUserRegistered, account.TypeUserVerified}
}

// Tables lists the read-model tables this projector owns.
func (Projector) Tables() []string { return []string{"users"} }

// Apply turns one account event into users-table changes.
func (Projector) Apply(ctx context.Context, tx projections.Tx, ev eventstore.RecordedEvent) error {
	switch ev.Type {
	case account.TypeUserRegistered:
		var e account.UserRegistered
		if err := json.Unmarshal(ev.Data, &e); err != nil {
			return fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO `+tx.Table("users")+`
			(id, email, password_hash, first_name, surname, date_of_birth, gender, unit, registered_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			e.UserID, e.Email, e.PasswordHash, e.FirstName, e.Surname, e.DateOfBirth, e.Gender, e.Unit,
			e.RegisteredAt.UnixMilli())
		return err
	case account.TypeUserVerified:
		var e account.UserVerified
		if err := json.Unmarshal(ev.Data, &e); err != nil {
			return fmt.Errorf("decode %s: %w", ev.Type, err)
		}
		_, err := tx.ExecContext(ctx, `UPDATE `+tx.Table("users")+` SET is_verified = TRUE WHERE id = $1`, e.UserID)
		return err
	}
	return nil
}
