package relay

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// deadLetterTable keeps poisoned messages in relay_dead_letters, for brokers without a
// durable dead-letter topic. A message poisoned again (after a crash) replaces its row.
type deadLetterTable struct {
	db *sql.DB
}

func (d deadLetterTable) Publish(topic string, messages ...*message.Message) error {
	for _, m := range messages {
		meta, err := json.Marshal(m.Metadata)
		if err != nil {
			return fmt.Errorf("relay: encode dead letter %s: %w", m.UUID, err)
		}
		_, err = d.db.ExecContext(m.Context(), `INSERT INTO relay_dead_letters
			(message_id, handler, topic, payload, metadata, reason, poisoned_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (message_id, handler) DO UPDATE
			SET reason = excluded.reason, poisoned_at = excluded.poisoned_at`,
			m.UUID, m.Metadata.Get(middleware.PoisonedHandlerKey), topic, string(m.Payload), string(meta),
			m.Metadata.Get(middleware.ReasonForPoisonedKey), time.Now().UTC().Format(time.RFC3339Nano))
		if err != nil {
			return fmt.Errorf("relay: store dead letter %s: %w", m.UUID, err)
		}
	}
	return nil
}

func (d deadLetterTable) Close() error { return nil }

// EraseDeadLetters deletes the dead letters whose message names userID: closing an account
// erases what the relay kept of its events. User ids are UUIDs, which hold no LIKE wildcard.
func EraseDeadLetters(ctx context.Context, db *sql.DB, userID string) error {
	if _, err := db.ExecContext(ctx, `DELETE FROM relay_dead_letters WHERE payload LIKE $1`, "%"+userID+"%"); err != nil {
		return fmt.Errorf("erase dead letters: %w", err)
	}
	return nil
}

// loggedDeadLetters logs every poisoned message where operators look first.
type loggedDeadLetters struct {
	message.Publisher
	log *slog.Logger
}

func (l loggedDeadLetters) Publish(topic string, messages ...*message.Message) error {
	for _, m := range messages {
		l.log.ErrorContext(m.Context(), "reactor gave up on an event; sent to the dead letters",
			"topic", topic, "event", m.UUID, "type", m.Metadata.Get(MetadataType),
			"reactor", m.Metadata.Get(middleware.PoisonedHandlerKey),
			"reason", m.Metadata.Get(middleware.ReasonForPoisonedKey))
	}
	return l.Publisher.Publish(topic, messages...)
}
