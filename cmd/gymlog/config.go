package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
)

// config is the app's configuration: every setting is an environment variable with a flag
// to match; a flag given on the command line wins.
type config struct {
	Addr        string
	DatabaseURL string
	SMTPURL     string
	MailFrom    string
	NATSURL     string
	MailboxDir  string
	LogLevel    string
}

// settings lists every setting once: its flag, its variable, its default and what it is for.
// The README's configuration table mirrors this list.
func (c *config) settings() []setting {
	return []setting{
		{&c.Addr, "addr", "GYMLOG_ADDR", ":8080", "listen address"},
		{&c.DatabaseURL, "database-url", "GYMLOG_DATABASE_URL", "./data/gymlog.db",
			"SQLite file path, or a postgres:// URL"},
		{&c.SMTPURL, "smtp-url", "GYMLOG_SMTP_URL", "", "smtp://[user:pass@]host:port; empty writes mail to the development mailbox"},
		{&c.MailFrom, "mail-from", "GYMLOG_MAIL_FROM", "Gymlog <no-reply@gymlog.local>", "sender of e-mails"},
		{&c.NATSURL, "nats-url", "GYMLOG_NATS_URL", "", "NATS JetStream URL for the outbound event feed; empty uses an in-process channel"},
		{&c.MailboxDir, "mailbox-dir", "GYMLOG_MAILBOX_DIR", "", "development mailbox folder (default: mailbox beside the SQLite file, else ./data/mailbox)"},
		{&c.LogLevel, "log-level", "GYMLOG_LOG_LEVEL", "info", "debug, info, warn or error"},
	}
}

type setting struct {
	value      *string
	flag, env  string
	def, usage string
}

// parseConfig reads the environment, then the flags in args.
func parseConfig(name string, args []string) (config, []string, error) {
	var c config
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	for _, s := range c.settings() {
		def := s.def
		if v, ok := os.LookupEnv(s.env); ok {
			def = v
		}
		fs.StringVar(s.value, s.flag, def, s.usage+" ($"+s.env+")")
	}
	if err := fs.Parse(args); err != nil {
		return c, nil, err
	}
	if c.MailboxDir == "" {
		c.MailboxDir = "./data/mailbox"
		if !isPostgres(c.DatabaseURL) {
			c.MailboxDir = filepath.Join(filepath.Dir(c.DatabaseURL), "mailbox")
		}
	}
	return c, fs.Args(), nil
}

func isPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}
