package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/projections"
)

// User is a row of the accounts read model.
type User struct {
	ID             string
	Email          string
	PasswordHash   string
	FirstName      string
	Surname        string
	DateOfBirth    *string
	Gender         *string
	Unit           string
	DisplayName    *string
	Icon           string
	DashboardChart string
	Height         *int64
	Verified       bool
	Trainer        bool
	// SubscriptionID is the trainer subscription (nil without one); SubscriptionCancelled
	// says the provider no longer bills it.
	SubscriptionID        *string
	SubscriptionCancelled bool
	// TimeZone is the IANA name of the user's zone, whose days and weeks progress counts in.
	TimeZone string
}

// Queries reads the accounts read model.
type Queries struct {
	db *projections.Prepared
}

// NewQueries returns the accounts queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

const userColumns = `id, email, password_hash, first_name, surname, date_of_birth, gender, unit,
	display_name, icon, dashboard_chart, height, is_verified, trainer, subscription_id, subscription_cancelled, time_zone`

// ByID returns the user with id, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id)
}

// BySession returns the user signed in with the session whose token hashes to tokenHash,
// if it is still open at now (Unix milliseconds), or a not-found error. One query: every
// signed-in request asks it.
func (q *Queries) BySession(ctx context.Context, tokenHash string, now int64) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users
		WHERE id = (SELECT user_id FROM auth_sessions WHERE token_hash = $1 AND expires_at > $2)`, tokenHash, now)
}

// ByEmail returns the user holding the (normalised) e-mail address, or a not-found error.
func (q *Queries) ByEmail(ctx context.Context, email string) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, email)
}

// BySubscription returns the user whose trainer subscription is subscriptionID, or a
// not-found error.
func (q *Queries) BySubscription(ctx context.Context, subscriptionID string) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users WHERE subscription_id = $1`, subscriptionID)
}

// Subscription is a trainer's subscription that the periodic re-check asks the provider about.
type Subscription struct {
	UserID, SubscriptionID string
}

// TrainerSubscriptions lists the subscriptions of every trainer: those still billed and
// those cancelled whose paid period may have ended.
func (q *Queries) TrainerSubscriptions(ctx context.Context) ([]Subscription, error) {
	rows, err := q.db.QueryContext(ctx, `SELECT id, subscription_id FROM users
		WHERE trainer = TRUE AND subscription_id IS NOT NULL ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list subscriptions: %w", err)
	}
	defer rows.Close()
	var out []Subscription
	for rows.Next() {
		var s Subscription
		if err := rows.Scan(&s.UserID, &s.SubscriptionID); err != nil {
			return nil, fmt.Errorf("list subscriptions: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func (q *Queries) one(ctx context.Context, query string, args ...any) (User, error) {
	var u User
	err := q.db.QueryRowContext(ctx, query, args...).Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FirstName,
		&u.Surname, &u.DateOfBirth, &u.Gender, &u.Unit, &u.DisplayName, &u.Icon, &u.DashboardChart,
		&u.Height, &u.Verified, &u.Trainer, &u.SubscriptionID, &u.SubscriptionCancelled, &u.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, domain.NotFound("User not found.")
	}
	if err != nil {
		return User{}, fmt.Errorf("query user: %w", err)
	}
	return u, nil
}
