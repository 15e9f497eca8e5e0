package accounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
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
}

// Queries reads the accounts read model.
type Queries struct {
	db *sql.DB
}

// NewQueries returns the accounts queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: db} }

const userColumns = `id, email, password_hash, first_name, surname, date_of_birth, gender, unit,
	display_name, icon, dashboard_chart, height, is_verified, trainer`

// ByID returns the user with id, or a not-found error.
func (q *Queries) ByID(ctx context.Context, id string) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id)
}

// ByEmail returns the user holding the (normalised) e-mail address, or a not-found error.
func (q *Queries) ByEmail(ctx context.Context, email string) (User, error) {
	return q.one(ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, email)
}

func (q *Queries) one(ctx context.Context, query string, arg string) (User, error) {
	var u User
	err := q.db.QueryRowContext(ctx, query, arg).Scan(&u.ID, &u.Email, &u.PasswordHash, &u.FirstName,
		&u.Surname, &u.DateOfBirth, &u.Gender, &u.Unit, &u.DisplayName, &u.Icon, &u.DashboardChart,
		&u.Height, &u.Verified, &u.Trainer)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, domain.NotFound("User not found.")
	}
	if err != nil {
		return User{}, fmt.Errorf("query user: %w", err)
	}
	return u, nil
}
