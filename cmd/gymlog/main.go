// Command gymlog is the Gymlog server and its administration commands.
//
//	gymlog serve                      serve the API and the app
//	gymlog migrate                    bring the database schemas up to date
//	gymlog projections rebuild [name...] rebuild read models (all by default) from the events
//	gymlog projections status         show each read model's checkpoint, head and lag
//	gymlog demo                       seed a year of a demo lifter's training and say how to sign in
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"

	// The time-zone database travels in the binary: users' days are counted in their own zone
	// on any host, with or without one installed.
	_ "time/tzdata"

	"github.com/gymlog/gymlog/projections"
	"github.com/gymlog/gymlog/projections/relay"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "gymlog:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage:
  gymlog serve [flags]
  gymlog migrate [flags]
  gymlog projections rebuild [flags] [name...]
  gymlog projections status [flags]
  gymlog demo [flags]
Run a command with -h for its flags.`

func run(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	switch args[0] {
	case "serve":
		cfg, _, err := parseConfig("serve", args[1:])
		if err != nil {
			return err
		}
		return serve(ctx, cfg, newLogger(cfg, out))
	case "migrate":
		cfg, _, err := parseConfig("migrate", args[1:])
		if err != nil {
			return err
		}
		a, err := open(ctx, cfg)
		if err != nil {
			return err
		}
		a.close()
		fmt.Fprintln(out, "schemas are up to date")
		return nil
	case "demo":
		cfg, _, err := parseConfig("demo", args[1:])
		if err != nil {
			return err
		}
		return demo(ctx, cfg, out)
	case "projections":
		if len(args) < 2 {
			return errors.New(usage)
		}
		return projectionsCommand(ctx, args[1], args[2:], out)
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

func newLogger(cfg config, out io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(out, &slog.HandlerOptions{Level: level}))
}

func projectionsCommand(ctx context.Context, sub string, args []string, out io.Writer) error {
	cfg, rest, err := parseConfig("projections "+sub, args)
	if err != nil {
		return err
	}
	a, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.close()
	// The relay is listed with the read models by status; it is never rebuilt.
	feed, err := relay.New(a.db, relay.WithLogger(newLogger(cfg, io.Discard)))
	if err != nil {
		return err
	}
	// A rebuild's start and end lines go to a log; a terminal shows its progress instead.
	log := newLogger(cfg, io.Discard)
	if sub == "rebuild" && !isTerminal(out) {
		log = newLogger(cfg, out)
	}
	r, err := a.runner(log, []projections.Projector{feed})
	if err != nil {
		return err
	}
	switch sub {
	case "rebuild":
		return rebuild(ctx, r, rest, out)
	case "status":
		statuses, err := r.Status(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tVERSION\tCHECKPOINT\tHEAD\tLAG\tSTATE\tERROR\tREBUILD")
		for _, s := range statuses {
			var rebuild string
			if s.Rebuild != nil {
				rebuild = s.Rebuild.Step()
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\n", s.Name, s.Version, s.Checkpoint, s.Head, s.Lag, s.State,
				s.LastError, rebuild)
		}
		return tw.Flush()
	}
	return fmt.Errorf("unknown projections command %q\n%s", sub, usage)
}
