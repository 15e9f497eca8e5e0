package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/gymlog/gymlog/eventstore/kurrentdb"
	"github.com/gymlog/gymlog/httpapi/paypal"
	"github.com/gymlog/gymlog/projections"
)

// config is the app's configuration: every setting is an environment variable with a flag
// to match; a flag given on the command line wins.
type config struct {
	Addr        string
	MetricsAddr string
	// TrustedProxies lists the proxies in front of the app (addresses and CIDR ranges).
	TrustedProxies string
	DatabaseURL    string
	// ReadModelsURL is where the read models live when the event store is on KurrentDB.
	ReadModelsURL string
	SMTPURL       string
	MailFrom      string
	NATSURL       string
	MailboxDir    string
	LogLevel      string

	PayPalAPIURL    string
	PayPalSDKURL    string
	PayPalClientID  string
	PayPalSecret    string
	PayPalPlanID    string
	PayPalWebhookID string
	// PayPalRecheck is how often every trainer's subscription is checked with PayPal.
	PayPalRecheck string
	// RebuildMemory is the memory a rebuild of the read models keeps within ("512MiB").
	RebuildMemory string
	// ClockOffset moves the server's clock by a Go duration ("-168h"), for tests and demos.
	ClockOffset string
}

// settings lists every setting once: its flag, its variable, its default and what it is for.
// The README's configuration table mirrors this list.
func (c *config) settings() []setting {
	return []setting{
		{&c.Addr, "addr", "GYMLOG_ADDR", ":8080", "listen address"},
		{&c.MetricsAddr, "metrics-addr", "GYMLOG_METRICS_ADDR", "",
			"listen address of the Prometheus /metrics, apart from the API (e.g. 127.0.0.1:9090); empty serves no metrics"},
		{&c.TrustedProxies, "trusted-proxies", "GYMLOG_TRUSTED_PROXIES", "",
			"comma-separated addresses or CIDR ranges of the load balancers in front of the app, whose X-Forwarded-For and X-Forwarded-Proto are believed"},
		{&c.DatabaseURL, "database-url", "GYMLOG_DATABASE_URL", "./data/gymlog.db",
			"SQLite file path, a postgres:// URL, or a kurrentdb:// (or esdb://) URL for the event store alone"},
		{&c.ReadModelsURL, "read-models-url", "GYMLOG_READ_MODELS_URL", "./data/gymlog.db",
			"with a kurrentdb:// database URL: the read models' SQLite file path or postgres:// URL"},
		{&c.SMTPURL, "smtp-url", "GYMLOG_SMTP_URL", "", "smtp://[user:pass@]host:port; empty writes mail to the development mailbox"},
		{&c.MailFrom, "mail-from", "GYMLOG_MAIL_FROM", "Gymlog <no-reply@gymlog.local>", "sender of e-mails"},
		{&c.NATSURL, "nats-url", "GYMLOG_NATS_URL", "", "NATS JetStream URL for the outbound event feed; empty uses an in-process channel"},
		{&c.MailboxDir, "mailbox-dir", "GYMLOG_MAILBOX_DIR", "", "development mailbox folder (default: mailbox beside the SQLite file, else ./data/mailbox)"},
		{&c.LogLevel, "log-level", "GYMLOG_LOG_LEVEL", "info", "debug, info, warn or error"},
		{&c.PayPalAPIURL, "paypal-api-url", "GYMLOG_PAYPAL_API_URL", "https://api-m.paypal.com",
			"PayPal REST API base URL (the sandbox is https://api-m.sandbox.paypal.com)"},
		{&c.PayPalSDKURL, "paypal-sdk-url", "GYMLOG_PAYPAL_SDK_URL", "https://www.paypal.com/sdk/js", "PayPal JS SDK URL the browser loads"},
		{&c.PayPalClientID, "paypal-client-id", "GYMLOG_PAYPAL_CLIENT_ID", "", "PayPal REST app client id; empty turns payments off"},
		{&c.PayPalSecret, "paypal-secret", "GYMLOG_PAYPAL_SECRET", "", "PayPal REST app secret"},
		{&c.PayPalPlanID, "paypal-plan-id", "GYMLOG_PAYPAL_PLAN_ID", "", "PayPal plan id of the GBP 10 a month trainer subscription"},
		{&c.PayPalWebhookID, "paypal-webhook-id", "GYMLOG_PAYPAL_WEBHOOK_ID", "", "PayPal webhook id, to verify notifications' signatures"},
		{&c.PayPalRecheck, "paypal-recheck", "GYMLOG_PAYPAL_RECHECK", "1h", "how often trainers' subscriptions are re-checked with PayPal"},
		{&c.RebuildMemory, "rebuild-memory", "GYMLOG_REBUILD_MEMORY", "512MiB",
			"the memory a rebuild of the read models keeps within (the command's, or a serving node's after a projector's version rose), e.g. 512MiB or 2GiB"},
		{&c.ClockOffset, "clock-offset", "GYMLOG_CLOCK_OFFSET", "",
			"for tests and demos only: moves the server's clock by a duration such as -168h (a week back); every change is stamped with the moved time"},
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
		if file := c.sqliteFile(); file != "" {
			c.MailboxDir = filepath.Join(filepath.Dir(file), "mailbox")
		}
	}
	return c, fs.Args(), nil
}

// sqliteFile is the SQLite file the app keeps its read models in, "" on PostgreSQL.
func (c config) sqliteFile() string {
	file := c.DatabaseURL
	if kurrentdb.IsURL(file) {
		file = c.ReadModelsURL
	}
	if isPostgres(file) {
		return ""
	}
	return file
}

func isPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// rebuildMemory is RebuildMemory in bytes (projections.DefaultRebuildMemory when unset).
func (c config) rebuildMemory() (int64, error) {
	if c.RebuildMemory == "" {
		return projections.DefaultRebuildMemory, nil
	}
	n, err := humanize.ParseBytes(c.RebuildMemory)
	if err != nil || n < 64<<20 || n > 1<<50 {
		return 0, fmt.Errorf("rebuild memory %q: give a size of at least 64MiB, such as 512MiB or 2GiB", c.RebuildMemory)
	}
	return int64(n), nil
}

// clock is the server's clock, moved by ClockOffset, and the offset (0 when unset). Tests and
// demos move it to make a change "a week later" without waiting a week.
func (c config) clock() (func() time.Time, time.Duration, error) {
	if c.ClockOffset == "" {
		return time.Now, 0, nil
	}
	offset, err := time.ParseDuration(c.ClockOffset)
	if err != nil {
		return nil, 0, fmt.Errorf("clock offset %q: give a duration such as -168h (a week back) or 36h", c.ClockOffset)
	}
	if offset == 0 {
		return time.Now, 0, nil
	}
	return func() time.Time { return time.Now().Add(offset) }, offset, nil
}

// payPal is the payments configuration; payments are off without a client id, secret and plan.
func (c config) payPal() paypal.Config {
	return paypal.Config{APIURL: c.PayPalAPIURL, SDKURL: c.PayPalSDKURL, ClientID: c.PayPalClientID,
		Secret: c.PayPalSecret, PlanID: c.PayPalPlanID, WebhookID: c.PayPalWebhookID}
}
