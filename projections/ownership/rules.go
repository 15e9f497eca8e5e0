package ownership

import (
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/projections"
)

// store is where the rules keep user_streams: the database as events come (sqlStore), or
// memory for a rebuild (memoryStore). It decides nothing.
type store interface {
	// add records that stream is user's, shared or not, unless a row of the pair is there.
	add(user, stream string, shared bool) error
	// dropOthers deletes the rows of stream that are not user's.
	dropOthers(stream, user string) error
	// dropShared deletes every shared row, whoever's, of the streams user shares.
	dropShared(user string) error
	// dropUser deletes every row of user's.
	dropUser(user string) error
}

// apply is the read model's one set of rules, whichever store holds it. ev's stream is the
// user's its payload names (and the second user's a domain.Shared event names).
//
// Closing an account erases the user's streams (app.CloseAccount), so the user's rows go,
// and every row of the streams they share: the other user's stream is gone too.
//
// Claiming an address makes its stream the claimer's alone: the stream is erased with the
// account of whoever holds it, never with that of an earlier holder, who has given it up
// (app.eraseStreams). Earlier holders' rows go, so that the rows of a stream erased with the
// holder's account go with it, and the read model rebuilt from what the log keeps is the
// same as the one built as events came.
func apply(s store, ev projections.Event) error {
	o, ok := ev.Payload.(domain.Owned)
	if !ok || o.OwnerID() == "" {
		// An event without an owner belongs to no user.
		return nil
	}
	user := o.OwnerID()
	switch o.(type) {
	case account.AccountClosed:
		if err := s.dropShared(user); err != nil {
			return err
		}
		return s.dropUser(user)
	case account.EmailClaimed:
		if err := s.dropOthers(ev.Stream, user); err != nil {
			return err
		}
	}
	sh, shared := o.(domain.Shared)
	if err := s.add(user, ev.Stream, shared); err != nil {
		return err
	}
	if shared && sh.SharedWith() != "" {
		return s.add(sh.SharedWith(), ev.Stream, true)
	}
	return nil
}
