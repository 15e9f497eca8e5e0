package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/gymlog/gymlog/app"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/eventstore"
)

func closedStream(userID string) string { return "closed-" + userID }

// erasureWait bounds how long closing an account waits for every read model to drop the
// user's rows before the scrub: longer than a plain write's wait, because rows deleted after
// the scrub leave their bytes behind until the next one.
const erasureWait = 10 * time.Second

// scrubTimeout bounds the scrub, which runs even if the client has gone: it is part of
// erasing the account, not of answering.
const scrubTimeout = 2 * time.Minute

// closeAccount erases the signed-in user: it cancels a billed subscription with PayPal,
// deletes every stream holding the user's events (found through the ownership read model),
// records account.closed.v1 in closed-<userId> so every read model drops the user's rows,
// ends the user's sessions and dead letters, and, once every read model has dropped the
// user's rows, scrubs the database files so that no byte of them is left there either.
func (s *Server) closeAccount(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	userID := f.String("userId")
	if userID == "" && !f.v.Has("userId") {
		f.v.Add("userId", "Please give the id of your account.")
	}
	if m := f.raw["accountClose"]; string(m) != "true" {
		f.v.Add("accountClose", "Please confirm that you want to close your account.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := canChange(u, userID); err != nil {
		return err
	}
	ctx := r.Context()
	if err := s.cancelSubscriptionOnClose(ctx, u.ID); err != nil {
		return err
	}
	if err := s.eraseStreams(ctx, u.ID, u.Email); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	data, err := json.Marshal(account.AccountClosed{UserID: u.ID, ClosedAt: s.now()})
	if err != nil {
		return err
	}
	// The event id derives from the user alone: closing twice records one closure.
	res, err := s.store.Append(ctx, closedStream(u.ID), eventstore.Any, eventstore.EventData{
		ID: eventstore.DeriveID("account-closed", u.ID), Type: account.TypeAccountClosed, Data: data, Metadata: meta})
	if err != nil {
		return fmt.Errorf("record closure: %w", err)
	}
	if err := s.sessions.endAll(ctx, u.ID); err != nil {
		return err
	}
	if _, err := s.sessions.db.ExecContext(ctx, `DELETE FROM relay_dead_letters WHERE payload LIKE $1`,
		"%"+u.ID+"%"); err != nil {
		return fmt.Errorf("erase dead letters: %w", err)
	}
	s.scrubAfter(ctx, res.Position)
	setCookie(w, r, "", -1)
	writeJSON(w, http.StatusOK, map[string]bool{"closed": true})
	return nil
}

// cancelSubscriptionOnClose cancels the user's billed subscription with PayPal, so nobody
// pays for an account that is gone.
func (s *Server) cancelSubscriptionOnClose(ctx context.Context, userID string) error {
	if s.area.payments == nil {
		return nil
	}
	u := newUser()
	if _, err := app.Load(ctx, s.store, userStream(userID), u); err != nil {
		return err
	}
	if id := u.ActiveSubscription(); id != "" {
		if err := s.area.payments.Cancel(ctx, id, "Account closed"); err != nil {
			return fmt.Errorf("cancel subscription %s: %w", id, err)
		}
	}
	return nil
}

// eraseStreams deletes every stream of the user. The ownership read model is brought up to
// the store's head first, so a stream written just before is not missed. An e-mail claim
// is deleted only while it is the user's (or no one's): an address they gave up may be
// another user's now.
func (s *Server) eraseStreams(ctx context.Context, userID, email string) error {
	head, err := s.store.Head(ctx)
	if err != nil {
		return err
	}
	s.caughtUp(ctx, head, "ownership")
	streams, err := s.area.ownership.Streams(ctx, userID)
	if err != nil {
		return err
	}
	streams = append(streams, userStream(userID), bodyStream(userID), emailStream(email))
	seen := map[string]bool{}
	for _, stream := range streams {
		if seen[stream] {
			continue
		}
		seen[stream] = true
		if strings.HasPrefix(stream, "email-") {
			holder, err := s.claimHolder(ctx, stream)
			if err != nil {
				return err
			}
			if holder != "" && holder != userID {
				continue
			}
		}
		if err := s.store.DeleteStream(ctx, stream); err != nil {
			return fmt.Errorf("erase %s: %w", stream, err)
		}
		s.app.Forget(stream)
	}
	return nil
}

func (s *Server) claimHolder(ctx context.Context, stream string) (string, error) {
	c := &account.EmailClaim{}
	if _, err := app.Load(ctx, s.store, stream, c); err != nil {
		return "", err
	}
	return c.Holder(), nil
}

// scrubAfter waits until every read model has applied the closure recorded at position, so
// the user's rows are deleted everywhere, then has the store scrub the database files. A
// failure is logged, not answered: the account is closed and its sessions are gone, and
// the next scrub wipes what this one left.
func (s *Server) scrubAfter(ctx context.Context, position int64) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), scrubTimeout)
	defer cancel()
	if s.waiter != nil {
		wctx, cancel := context.WithTimeout(ctx, erasureWait)
		err := s.waiter.WaitFor(wctx, position)
		cancel()
		if err != nil {
			s.log.ErrorContext(ctx, "closing an account: the read models had not dropped the user's rows when the files were scrubbed",
				slog.Int64("position", position), slog.Any("error", err))
		}
	}
	sc, ok := s.store.(eventstore.Scrubber)
	if !ok {
		s.log.WarnContext(ctx, "closing an account: the event store cannot scrub its files, so deleted bytes stay until their space is reused")
		return
	}
	start := time.Now()
	if err := sc.Scrub(ctx); err != nil {
		s.log.ErrorContext(ctx, "closing an account: scrub the database files", slog.Any("error", err))
		return
	}
	s.log.InfoContext(ctx, "closing an account: database files scrubbed", slog.Duration("took", time.Since(start)))
}
