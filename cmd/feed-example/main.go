// Command feed-example is an example consumer of Gymlog's outbound feed (docs/FEED.md): it
// reads the feed from NATS JetStream and keeps a small analytic table in SQLite, sets logged
// per day and exercise, applying each event once by its position. Run it with -report to
// print the table.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go"

	"github.com/gymlog/gymlog/eventstore/sqlite"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "feed-example:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("feed-example", flag.ContinueOnError)
	url := fs.String("nats-url", "nats://127.0.0.1:4222", "NATS server")
	var src Source
	fs.StringVar(&src.Stream, "stream", "GYMLOG", "JetStream stream holding the feed")
	fs.StringVar(&src.Subjects, "subjects", "gymlog.feed.>", "feed subjects to read")
	fs.StringVar(&src.Durable, "consumer", "feed-example", "durable consumer name (its progress is kept by the server)")
	dbPath := fs.String("db", "./data/feed-example.db", "SQLite file of the analytic table")
	caughtUp := fs.Bool("until-caught-up", false, "stop once nothing is pending, instead of following the feed")
	report := fs.Bool("report", false, "print sets per day and exercise, and stop")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := sqlite.OpenDB(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	table, err := NewTable(ctx, db)
	if err != nil {
		return err
	}
	if *report {
		return printReport(ctx, table, out)
	}
	conn, err := nats.Connect(*url, nats.Name("gymlog feed-example"), nats.MaxReconnects(-1))
	if err != nil {
		return err
	}
	defer conn.Close()
	js, err := conn.JetStream()
	if err != nil {
		return err
	}
	n, err := Consume(ctx, js, src, table, *caughtUp)
	fmt.Fprintf(out, "applied %d events\n", n)
	if ctx.Err() != nil {
		return nil
	}
	return err
}

func printReport(ctx context.Context, table *Table, out io.Writer) error {
	rows, err := table.SetsPerDay(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "day\texercise\tsets")
	for _, r := range rows {
		fmt.Fprintf(out, "%s\t%s\t%d\n", r.Day, r.Exercise, r.Sets)
	}
	return nil
}
