package coaching

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/coaching"
	"github.com/gymlog/gymlog/projections"
)

// PageSize is the number of clients or trainers on one page (spec 2 section 9).
const PageSize = 9

// maxAll bounds the unpaged list of a trainer's clients: no trainer coaches more.
const maxAll = 1000

// Relationship is one row of a trainer's client list or a client's trainer list, as the
// other side is seen: Person is the client (for the trainer) or the trainer (for the client).
type Relationship struct {
	ID        string
	TrainerID string
	// PersonID is the other side's account; empty for an address nobody has signed up with.
	PersonID string
	// PersonName is the other side's display name, their first name and surname when they
	// have none, or the address a request went to when nobody holds it.
	PersonName string
	Status     coaching.Status
	// RecentActivity is the client's latest workout day (YYYY-MM-DD), if any.
	RecentActivity *string
}

// Queries reads the coaching read model (with the users and workout days it names).
type Queries struct{ db *projections.Prepared }

// NewQueries returns the queries over the read-model database.
func NewQueries(db *sql.DB) *Queries { return &Queries{db: projections.NewPrepared(db)} }

// The client of a row is its client_id's account, or while that is empty the account now
// holding the address.
const clientJoin = ` LEFT JOIN users ui ON ui.id = c.client_id
	LEFT JOIN users ue ON c.client_id = '' AND ue.email = c.email `

const name = `COALESCE(NULLIF(%[1]s.display_name, ''), %[1]s.first_name || ' ' || %[1]s.surname)`

var clientColumns = `c.id, c.trainer_id, COALESCE(ui.id, ue.id, ''), COALESCE(` + fmt.Sprintf(name, "ui") + `, ` +
	fmt.Sprintf(name, "ue") + `, c.email), c.status,
	(SELECT MAX(d.date) FROM workout_days d WHERE d.user_id = COALESCE(ui.id, ue.id))`

func scan(s projections.Scanner) (Relationship, error) {
	var r Relationship
	var status string
	if err := s.Scan(&r.ID, &r.TrainerID, &r.PersonID, &r.PersonName, &status, &r.RecentActivity); err != nil {
		return Relationship{}, err
	}
	r.Status = coaching.Status(status)
	if r.Status == coaching.Requested && r.PersonID == "" {
		r.Status = coaching.Invited
	}
	return r, nil
}

// Clients returns page (from 1) of the trainer's clients, newest request first, and how many
// there are.
func (q *Queries) Clients(ctx context.Context, trainerID string, page int) ([]Relationship, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM coaching WHERE trainer_id = $1`, trainerID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count clients: %w", err)
	}
	out, err := q.clients(ctx, trainerID, PageSize, (page-1)*PageSize)
	return out, total, err
}

// AllClients returns the trainer's clients, newest request first (at most maxAll).
func (q *Queries) AllClients(ctx context.Context, trainerID string) ([]Relationship, error) {
	return q.clients(ctx, trainerID, maxAll, 0)
}

func (q *Queries) clients(ctx context.Context, trainerID string, limit, offset int) ([]Relationship, error) {
	return projections.QueryAll(ctx, q.db, "list clients", scan, `SELECT `+clientColumns+` FROM coaching c`+clientJoin+`
		WHERE c.trainer_id = $1 ORDER BY c.position DESC LIMIT $2 OFFSET $3`, trainerID, limit, offset)
}

// The rows where userID is the client: those naming them, and the unanswered requests to
// their address (verified: an address not proven theirs matches nothing) that name nobody.
const mine = `(c.client_id = $1 OR (c.client_id = '' AND c.email = $2 AND $2 <> ''))`

// Trainers returns page (from 1) of the user's trainers, newest request first, and how many
// there are; verifiedEmail is the user's address if verified, else empty.
func (q *Queries) Trainers(ctx context.Context, userID, verifiedEmail string, page int) ([]Relationship, int, error) {
	var total int
	if err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM coaching c WHERE `+mine, userID, verifiedEmail).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count trainers: %w", err)
	}
	out, err := projections.QueryAll(ctx, q.db, "list trainers", func(s projections.Scanner) (Relationship, error) {
		var r Relationship
		var status string
		if err := s.Scan(&r.ID, &r.TrainerID, &r.PersonID, &r.PersonName, &status); err != nil {
			return Relationship{}, err
		}
		r.Status = coaching.Status(status)
		return r, nil
	}, `SELECT c.id, c.trainer_id, t.id, `+fmt.Sprintf(name, "t")+`, c.status FROM coaching c
		JOIN users t ON t.id = c.trainer_id WHERE `+mine+` ORDER BY c.position DESC LIMIT $3 OFFSET $4`,
		userID, verifiedEmail, PageSize, (page-1)*PageSize)
	return out, total, err
}

// Standing tells how the user stands as a client: whether any trainer follows them
// (confirmed) and how many requests wait for their answer.
func (q *Queries) Standing(ctx context.Context, userID, verifiedEmail string) (client bool, pending int, err error) {
	var confirmed int
	err = q.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN c.status = $3 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN c.status = $4 THEN 1 ELSE 0 END), 0) FROM coaching c WHERE `+mine,
		userID, verifiedEmail, string(coaching.Confirmed), string(coaching.Requested)).Scan(&confirmed, &pending)
	if err != nil {
		return false, 0, fmt.Errorf("client standing: %w", err)
	}
	return confirmed > 0, pending, nil
}

// Follows reports whether trainerID is the confirmed trainer of clientID.
func (q *Queries) Follows(ctx context.Context, trainerID, clientID string) (bool, error) {
	var n int
	err := q.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM coaching WHERE trainer_id = $1 AND client_id = $2 AND status = $3`,
		trainerID, clientID, string(coaching.Confirmed)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("follows: %w", err)
	}
	return n > 0, nil
}

// IsConfirmedClient reports whether clientID is a confirmed client of trainerID (app.Clients).
func (q *Queries) IsConfirmedClient(ctx context.Context, trainerID, clientID string) (bool, error) {
	return q.Follows(ctx, trainerID, clientID)
}

// ConfirmedClients lists the ids of trainerID's confirmed clients (app.Clients), newest
// first.
func (q *Queries) ConfirmedClients(ctx context.Context, trainerID string) ([]string, error) {
	return projections.QueryAll(ctx, q.db, "confirmed clients", func(s projections.Scanner) (string, error) {
		var id string
		return id, s.Scan(&id)
	}, `SELECT client_id FROM coaching WHERE trainer_id = $1 AND status = $2 ORDER BY position DESC LIMIT $3`,
		trainerID, string(coaching.Confirmed), maxAll)
}

// ClientNamed returns the id of the trainer's confirmed client named displayName as the
// client list names them (their display name, else first name and surname: the user filter
// of the screens), or a not-found error.
func (q *Queries) ClientNamed(ctx context.Context, trainerID, displayName string) (string, error) {
	var id string
	err := q.db.QueryRowContext(ctx, `SELECT u.id FROM coaching c JOIN users u ON u.id = c.client_id
		WHERE c.trainer_id = $1 AND c.status = $2 AND `+fmt.Sprintf(name, "u")+` = $3 ORDER BY c.position DESC LIMIT 1`,
		trainerID, string(coaching.Confirmed), displayName).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.NotFound("Client not found.")
	}
	if err != nil {
		return "", fmt.Errorf("client named: %w", err)
	}
	return id, nil
}

// WaitingFor lists the relationships whose unanswered request went to email and names
// nobody (what closing the account at that address answers).
func (q *Queries) WaitingFor(ctx context.Context, email string) ([]string, error) {
	return projections.QueryAll(ctx, q.db, "requests waiting", func(s projections.Scanner) (string, error) {
		var id string
		return id, s.Scan(&id)
	}, `SELECT id FROM coaching WHERE email = $1 AND client_id = '' AND status = $2`, email, string(coaching.Requested))
}
