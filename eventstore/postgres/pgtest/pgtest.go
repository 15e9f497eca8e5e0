// Package pgtest gives tests a scratch PostgreSQL database. Tests that need a server skip
// when GYMLOG_TEST_POSTGRES_URL is unset, unless GYMLOG_REQUIRE_POSTGRES=1 (as in CI),
// which turns the skip into a failure.
package pgtest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The environment variables that choose the server and whether it is required.
const (
	URLVar     = "GYMLOG_TEST_POSTGRES_URL"
	RequireVar = "GYMLOG_REQUIRE_POSTGRES"
)

// NewDatabase creates a fresh, empty database on the server at $GYMLOG_TEST_POSTGRES_URL
// (connecting to the database that URL names) and returns its URL. The database is
// dropped when the test ends, even if connections to it are still open.
func NewDatabase(t testing.TB) string {
	t.Helper()
	server := os.Getenv(URLVar)
	if server == "" {
		if os.Getenv(RequireVar) == "1" {
			t.Fatalf("%s is unset but %s=1", URLVar, RequireVar)
		}
		t.Skipf("%s is unset: skipping a test that needs PostgreSQL", URLVar)
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("parse %s: %v", URLVar, err)
	}
	// Unquoted identifiers fold to lower case; lower it here so the URL names the same.
	name := "gymlog_test_" + strings.ToLower(rand.Text())

	exec(t, server, "CREATE DATABASE "+name)
	t.Cleanup(func() { exec(t, server, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })

	u.Path = "/" + name
	return u.String()
}

// exec runs one statement on a short-lived connection to the server's named database;
// CREATE and DROP DATABASE cannot run inside the test database itself.
func exec(t testing.TB, server, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatalf("connect to %s: %v", URLVar, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
