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

// TestKurrentDBConfig: with the event store on KurrentDB the read models live at
// GYMLOG_READ_MODELS_URL, and the development mailbox beside them when that is SQLite.
func TestKurrentDBConfig(t *testing.T) {
	for _, tt := range []struct{ database, readModels, mailbox string }{
		{"kurrentdb://127.0.0.1:2113?tls=false", "/tmp/k/read.db", "/tmp/k/mailbox"},
		{"esdb://127.0.0.1:2113?tls=false", "postgres://postgres@127.0.0.1:5432/gymlog", "./data/mailbox"},
	} {
		t.Setenv("GYMLOG_DATABASE_URL", tt.database)
		t.Setenv("GYMLOG_READ_MODELS_URL", tt.readModels)
		cfg, _, err := parseConfig("serve", nil)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.ReadModelsURL != tt.readModels || cfg.MailboxDir != tt.mailbox {
			t.Errorf("%s: got read models %q, mailbox %q; want %q, %q", tt.database, cfg.ReadModelsURL, cfg.MailboxDir,
				tt.readModels, tt.mailbox)
		}
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
	for _, want := range []string{"schemas are up to date", `"msg":"rebuilding projections"`,
		`"msg":"projections rebuilt"`, `"accounts","weights"`, "NAME", "accounts", "weights"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if err := run(ctx, []string{"nonsense"}, &out); err == nil {
		t.Error("unknown command: got no error")
	}
}
