package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"

	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/eventstore/sqlite"
	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/relay"
	"github.com/gymlog/gymlog/projections/relay/natstest"
)

// feedStream makes a JetStream stream of the test's own, as the relay's NATS broker would,
// and returns a publisher of feed events onto it as the relay publishes them.
func feedStream(t *testing.T) (nats.JetStreamContext, Source, func(rec projections.Event, msgID string)) {
	t.Helper()
	js := natstest.JetStream(t, natstest.URL(t))
	suffix := strings.ReplaceAll(uuid.NewString(), "-", "")[:12]
	prefix := "feedtest" + suffix + ".feed"
	src := Source{Stream: "FEEDTEST_" + suffix, Subjects: prefix + ".>", Durable: "example"}
	if _, err := js.AddStream(&nats.StreamConfig{Name: src.Stream, Subjects: []string{"feedtest" + suffix + ".>"},
		Storage: nats.MemoryStorage, Duplicates: 10 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = js.DeleteStream(src.Stream) })
	publish := func(rec projections.Event, msgID string) {
		t.Helper()
		ev, err := relay.NewFeedEvent(rec)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := js.Publish(relay.FeedSubject(prefix, rec.Type), payload, nats.MsgId(msgID)); err != nil {
			t.Fatal(err)
		}
	}
	return js, src, publish
}

func openTable(t *testing.T) *Table {
	t.Helper()
	db, err := sqlite.OpenDB(filepath.Join(t.TempDir(), "feed.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	table, err := NewTable(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// TestRebuildsSetsPerDayFromTheFeed: the example reads a feed holding sets logged, edited and
// deleted, a deleted workout, a closed account and a message published twice, and its table
// counts every set once; read again from the start by a new consumer, nothing changes.
func TestRebuildsSetsPerDayFromTheFeed(t *testing.T) {
	js, src, publish := feedStream(t)
	ctx := context.Background()
	var feed []projections.Event
	add := func(actor, stream, typ, data string) {
		feed = append(feed, projections.Event{ID: uuid.NewString(), Stream: stream, Type: typ, Position: int64(10 * (len(feed) + 1)),
			RecordedAt: time.Date(2026, 11, 24, 9, len(feed), 0, 0, time.UTC), Data: []byte(data),
			Metadata: eventstore.Metadata{ActorID: actor}})
	}
	set := func(actor, workout, id, exercise string) {
		add(actor, "workout-"+workout, "workout.set_logged.v1",
			fmt.Sprintf(`{"setId":%q,"workoutId":%q,"userId":%q,"exercise":%q,"reps":5}`, id, workout, actor, exercise))
	}
	started := func(actor, workout, day string) {
		add(actor, "workout-"+workout, "workout.started.v1",
			fmt.Sprintf(`{"workoutId":%q,"userId":%q,"date":%q,"name":"private"}`, workout, actor, day))
	}
	started("u1", "w1", "2026-11-24")
	set("u1", "w1", "s1", "Squat")
	set("u1", "w1", "s2", "Squat")
	set("u1", "w1", "s3", "Bench")
	started("u2", "w2", "2026-11-25")
	set("u2", "w2", "s4", "Squat")
	add("u1", "workout-w1", "workout.set_deleted.v1", `{"setId":"s2","workoutId":"w1"}`)
	add("u1", "workout-w1", "workout.set_edited.v1", `{"setId":"s3","workoutId":"w1","exercise":"Bench Press"}`)
	started("u2", "w4", "2026-11-25")
	set("u2", "w4", "s6", "Row")
	add("u2", "workout-w4", "workout.deleted.v1", `{"workoutId":"w4"}`)
	started("u3", "w3", "2026-11-25")
	set("u3", "w3", "s5", "Squat")
	add("u1", "user-u1", "account.user_verified.v1", `{"userId":"u1"}`)
	add("u3", "closed-u3", "account.closed.v1", `{"userId":"u3"}`)
	for _, rec := range feed {
		publish(rec, relay.FeedMessageID(rec.Position))
	}
	// The relay published one event again after JetStream's duplicate window.
	publish(feed[3], relay.FeedMessageID(feed[3].Position)+"-late")

	table := openTable(t)
	applied, err := Consume(ctx, js, src, table, true)
	if err != nil {
		t.Fatal(err)
	}
	if applied != len(feed) {
		t.Errorf("applied %d events, want %d: each once", applied, len(feed))
	}
	want := []Row{{"2026-11-24", "Bench Press", 1}, {"2026-11-24", "Squat", 1}, {"2026-11-25", "Squat", 1}}
	check := func(when string) {
		t.Helper()
		got, err := table.SetsPerDay(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: sets per day and exercise:\n got %v\nwant %v", when, got, want)
		}
	}
	check("first read")

	// A consumer that lost its place reads the feed from the start into the same table.
	src.Durable = "example-again"
	again, err := Consume(ctx, js, src, table, true)
	if err != nil || again != 0 {
		t.Errorf("second read: applied %d events, %v; want none", again, err)
	}
	check("second read")

	var out bytes.Buffer
	if err := printReport(ctx, table, &out); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "day\texercise\tsets\n2026-11-24\tBench Press\t1\n2026-11-24\tSquat\t1\n2026-11-25\tSquat\t1\n"; got != want {
		t.Errorf("report:\n%s\nwant:\n%s", got, want)
	}
}
