// Package natstest finds and connects to the NATS JetStream server the tests that need one use.
package natstest

import (
	"os"
	"testing"

	"github.com/nats-io/nats.go"
)

// URL returns $GYMLOG_TEST_NATS_URL. Without it the test is skipped, unless
// GYMLOG_REQUIRE_NATS=1 (as in CI) makes that a failure.
func URL(t testing.TB) string {
	t.Helper()
	url := os.Getenv("GYMLOG_TEST_NATS_URL")
	if url == "" {
		if os.Getenv("GYMLOG_REQUIRE_NATS") == "1" {
			t.Fatal("GYMLOG_TEST_NATS_URL is unset but GYMLOG_REQUIRE_NATS=1")
		}
		t.Skip("GYMLOG_TEST_NATS_URL is unset: skipping a test that needs NATS JetStream")
	}
	return url
}

// JetStream connects to the server at url for the test's lifetime.
func JetStream(t testing.TB, url string) nats.JetStreamContext {
	t.Helper()
	conn, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	js, err := conn.JetStream()
	if err != nil {
		t.Fatal(err)
	}
	return js
}
