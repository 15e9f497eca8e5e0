package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigFromEnvironmentAndFlags(t *testing.T) {
	t.Setenv("GYMLOG_ADDR", ":9999")
	t.Setenv("GYMLOG_DATABASE_URL", "/tmp/x/gymlog.db")
	cfg, rest, err := parseConfig("serve", []string{"--addr", ":7777", "extra"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":7777" {
		t.Errorf("addr: got %q, want the flag's :7777", cfg.Addr)
	}
	if cfg.DatabaseURL != "/tmp/x/gymlog.db" {
		t.Errorf("database: got %q, want the variable's", cfg.DatabaseURL)
	}
	if cfg.MailboxDir != "/tmp/x/mailbox" {
		t.Errorf("mailbox: got %q, want beside the database", cfg.MailboxDir)
	}
	if len(rest) != 1 || rest[0] != "extra" {
		t.Errorf("rest: got %v", rest)
	}
}

func TestMigrateStatusAndRebuild(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gymlog.db")
	ctx := context.Background()
	var out bytes.Buffer
	for _, args := range [][]string{
		{"migrate", "--database-url", db},
		{"projections", "rebuild", "--database-url", db},
		{"projections", "status", "--database-url", db},
	} {
		if err := run(ctx, args, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	for _, want := range []string{"schemas are up to date", "rebuilt accounts", "rebuilt weights", "NAME", "accounts", "weights"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := run(ctx, []string{"nonsense"}, &out); err == nil {
		t.Error("unknown command: got no error")
	}
}
