package relay

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections"
)

func TestFeedSubject(t *testing.T) {
	for typ, want := range map[string]string{
		"workout.set_logged.v1":    "gymlog.feed.workout.set_logged",
		"account.user_verified.v2": "gymlog.feed.account.user_verified",
		"test.unversioned":         "gymlog.feed.test.unversioned",
	} {
		if got := FeedSubject(DefaultFeedPrefix, typ); got != want {
			t.Errorf("FeedSubject(%q) = %q, want %q", typ, got, want)
		}
	}
}

// TestFeedEventCarriesOnlyListedFields: the feed keeps what analysis needs and drops what
// identifies a person: a set keeps its exercise and numbers, an account event its envelope.
func TestFeedEventCarriesOnlyListedFields(t *testing.T) {
	at := time.Date(2026, 11, 25, 9, 30, 0, 0, time.FixedZone("CET", 3600))
	for _, tt := range []struct {
		name         string
		rec          projections.Event
		stream, data string
	}{
		{"a set keeps its exercise and numbers, not its owner",
			projections.Event{Stream: "workout-w1", Type: "workout.set_logged.v1",
				Data: []byte(`{"setId":"s1","workoutId":"w1","userId":"u1","exercise":"Bench Press","category":"strength",` +
					`"weight":62.5,"unit":"kg","reps":5,"done":false,"loggedAt":"2026-11-25T08:30:00Z"}`)},
			"workout-w1",
			`{"category":"strength","done":false,"exercise":"Bench Press","reps":5,"setId":"s1","unit":"kg","weight":62.5,"workoutId":"w1"}`},
		{"a workout keeps its date, not its name",
			projections.Event{Stream: "workout-w1", Type: "workout.started.v1",
				Data: []byte(`{"workoutId":"w1","userId":"u1","date":"2026-11-25","startTime":"09:30","name":"Leg day with Anna"}`)},
			"workout-w1", `{"date":"2026-11-25","startTime":"09:30","userId":"u1","workoutId":"w1"}`},
		{"an account event carries no payload",
			projections.Event{Stream: "user-u1", Type: "account.user_registered.v1",
				Data: []byte(`{"userId":"u1","email":"eve@example.com","passwordHash":"$argon2id$..."}`)},
			"user-u1", ``},
		{"a body weight is health data",
			projections.Event{Stream: "body-u1", Type: "body.weight_logged.v1", Data: []byte(`{"weight":80.2}`)},
			"body-u1", ``},
		{"an e-mail stream is named by its category alone",
			projections.Event{Stream: "email-5e884898da28", Type: "account.email_claimed.v1", Data: []byte(`{"userId":"u1"}`)},
			"email", ``},
		{"a closed account names the user, for consumers to erase",
			projections.Event{Stream: "closed-u1", Type: "account.closed.v1", Data: []byte(`{"userId":"u1","closedAt":"2026-11-25T08:30:00Z"}`)},
			"closed-u1", `{"userId":"u1"}`},
	} {
		rec := tt.rec
		rec.ID, rec.Position, rec.RecordedAt = "e1", 42, at
		rec.Metadata = eventstore.Metadata{ActorID: "u1", CommandID: "cmd", CorrelationID: "corr"}
		got, err := NewFeedEvent(rec)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got.Stream != tt.stream || string(got.Data) != tt.data {
			t.Errorf("%s: got stream %q data %s, want %q %s", tt.name, got.Stream, got.Data, tt.stream, tt.data)
		}
		if got.ID != "e1" || got.Position != 42 || got.Actor != "u1" || got.Version != 1 || !got.Time.Equal(at) || got.Time.Location() != time.UTC {
			t.Errorf("%s: got envelope %+v", tt.name, got)
		}
		b, err := json.Marshal(got)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeFeedEvent(b)
		if err != nil || back.Position != got.Position || string(back.Data) != string(got.Data) {
			t.Errorf("%s: %s decoded as %+v, %v", tt.name, b, back, err)
		}
	}
}

func TestFeedMessage(t *testing.T) {
	rec := projections.Event{ID: "e1", Stream: "workout-w1", Type: "workout.deleted.v1", Position: 7,
		Data: []byte(`{"workoutId":"w1","userId":"u1"}`)}
	subject, msg, err := newFeedMessage("gymlog.feed", rec)
	if err != nil {
		t.Fatal(err)
	}
	if subject != "gymlog.feed.workout.deleted" || msg.UUID != "gymlog-feed-7" || msg.Metadata.Get(MetadataPosition) != "7" {
		t.Errorf("got subject %q, id %q, position %q", subject, msg.UUID, msg.Metadata.Get(MetadataPosition))
	}
	if _, _, err := newFeedMessage("gymlog.feed", projections.Event{Type: "workout.deleted.v1", Data: []byte(`[1]`)}); err == nil {
		t.Error("a listed type whose payload is not an object: got no error")
	}
}
