package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"golang.org/x/crypto/bcrypt"

	usecases "github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain"
	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/body"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/eventstore"
	"github.com/gymlog/gymlog/projections/exercises"
	"github.com/gymlog/gymlog/projections/ownership"
	"github.com/gymlog/gymlog/projections/workouts"
)

// The demo account's sign-in: shown to whoever runs `gymlog demo`, on their own database.
const (
	demoEmail    = "demo@example.com"
	demoPassword = "Demo1234"
	demoZone     = "Europe/London"
)

// demo seeds the demo account on the configured database through the app's use cases and
// the workout aggregate, so every event is one the app itself records, waits for the read
// models to apply them, and says how to sign in. An account already holding the address is
// left as it is.
func demo(ctx context.Context, cfg config, out io.Writer) error {
	a, err := open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.close()
	runner, err := a.runner(newLogger(cfg, io.Discard), nil)
	if err != nil {
		return err
	}
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- runner.Run(runCtx) }()
	defer func() { stop(); <-done }()
	uses := usecases.New(a.store, usecases.Queries{Workouts: workouts.NewQueries(a.db), Exercises: exercises.NewQueries(a.db),
		Ownership: ownership.NewQueries(a.db)}, usecases.WithReadYourWrites(runner, time.Minute),
		usecases.WithPasswordCost(bcrypt.DefaultCost))

	s := seeder{uses: uses, store: a.store, now: time.Now().UTC()}
	created, err := s.account(ctx)
	if err != nil {
		return err
	}
	if created {
		year := newDemoYear(s.now)
		if err := s.workouts(ctx, year.workouts); err != nil {
			return err
		}
		if err := s.bodyLog(ctx, year); err != nil {
			return err
		}
		head, err := a.store.Head(ctx)
		if err != nil {
			return err
		}
		wait, cancel := context.WithTimeout(ctx, 5*time.Minute)
		defer cancel()
		if err := runner.WaitFor(wait, head); err != nil {
			return fmt.Errorf("read models catching up: %w", err)
		}
		fmt.Fprintf(out, "seeded the demo account: %d workouts, %d weigh-ins and %d measurements over a year\n",
			len(year.workouts), len(year.weights), len(year.sizes))
	} else {
		fmt.Fprintln(out, "the demo account already exists on this database: nothing was added")
	}
	fmt.Fprintf(out, "sign in with e-mail %s and password %s\n", demoEmail, demoPassword)
	return nil
}

// seeder records the demo account's history as the demo lifter, each command with an id
// derived from what it records, so that a retry records nothing twice.
type seeder struct {
	uses   *usecases.App
	store  eventstore.Store
	now    time.Time
	userID string
}

func (s *seeder) meta(step string) eventstore.Metadata {
	id := eventstore.DeriveID("demo", step)
	return eventstore.Metadata{ActorID: s.userID, CommandID: id, CorrelationID: id}
}

// account registers and verifies the demo lifter, with a display name and a time zone; false
// when the address is already registered.
func (s *seeder) account(ctx context.Context) (bool, error) {
	meta := s.meta("register")
	s.userID = meta.EntityID("user", demoEmail)
	meta.ActorID = s.userID
	if held, err := s.store.ReadStream(ctx, usecases.UserStream(s.userID), 1); err != nil || len(held) > 0 {
		return false, err // seeded before (on another day, whose year would differ)
	}
	reg, err := account.NewRegistration(s.userID, account.RegistrationInput{Email: demoEmail, Password: demoPassword,
		ConfirmPassword: demoPassword, FirstName: "Demo", Surname: "Lifter", DateOfBirth: "1992-04-18", Gender: "Female",
		Unit: "kg"}, s.now)
	if err != nil {
		return false, err
	}
	err = s.uses.Register(ctx, usecases.Register{Meta: meta, UserID: s.userID, Registration: reg})
	var invalid *domain.ValidationError
	if errors.As(err, &invalid) {
		return false, nil // the address is taken: the demo account is there already
	}
	if err != nil {
		return false, fmt.Errorf("register the demo account: %w", err)
	}
	code, err := s.verificationCode(ctx)
	if err != nil {
		return false, err
	}
	if err := s.uses.Verify(ctx, usecases.Verify{Meta: s.meta("verify"), UserID: s.userID, Code: code}); err != nil {
		return false, fmt.Errorf("verify the demo account: %w", err)
	}
	name := "Demo Lifter"
	if err := s.uses.EditProfile(ctx, usecases.EditProfile{Meta: s.meta("profile"), UserID: s.userID, Profile: account.Profile{
		FirstName: reg.FirstName, Surname: reg.Surname, DateOfBirth: reg.DateOfBirth, Gender: reg.Gender, DisplayName: &name,
		DashboardChart: account.ChartDuration, Icon: "fa-bolt"}}); err != nil {
		return false, fmt.Errorf("demo profile: %w", err)
	}
	if err := s.uses.SetTimeZone(ctx, usecases.SetTimeZone{Meta: s.meta("time zone"), UserID: s.userID, TimeZone: demoZone}); err != nil {
		return false, fmt.Errorf("demo time zone: %w", err)
	}
	return true, nil
}

// verificationCode reads the code issued to the demo lifter, as the mail would bring it.
func (s *seeder) verificationCode(ctx context.Context) (string, error) {
	events, err := s.store.ReadStream(ctx, usecases.UserStream(s.userID), 1)
	if err != nil {
		return "", err
	}
	for _, e := range events {
		if e.Type == account.TypeVerificationCodeIssued {
			var issued account.VerificationCodeIssued
			if err := json.Unmarshal(e.Data, &issued); err != nil {
				return "", err
			}
			return issued.Code, nil
		}
	}
	return "", errors.New("no verification code was issued to the demo account")
}

// workouts records each workout as the lifter would after the fact: added as a past workout,
// then every set logged with its RPE (done).
func (s *seeder) workouts(ctx context.Context, list []demoWorkout) error {
	for _, w := range list {
		meta := s.meta("workout " + w.date)
		id := meta.EntityID("workout", s.userID)
		_, err := usecases.Execute(ctx, s.uses, usecases.WorkoutStream(id), meta, func() *workout.Workout { return workout.New(id) },
			func(wk *workout.Workout) ([]domain.Event, error) {
				var events []domain.Event
				record := func(recorded []domain.Event, err error) error {
					for _, e := range recorded {
						wk.Apply(e)
					}
					events = append(events, recorded...)
					return err
				}
				if err := record(wk.AddPast(workout.StartInput{UserID: s.userID, Date: w.date, StartTime: w.start, Name: w.name},
					w.finish, s.now)); err != nil {
					return nil, err
				}
				for i, set := range w.sets {
					reps, rpe := set.reps, set.rpe
					if err := record(wk.LogStrength(meta.EntityID("set", fmt.Sprint(i)), workout.StrengthInput{Exercise: set.exercise,
						Category: set.category, Weight: set.weight, Reps: &reps, RPE: &rpe}, "kg", s.now)); err != nil {
						return nil, err
					}
				}
				return events, nil
			})
		if err != nil {
			return fmt.Errorf("demo workout of %s: %w", w.date, err)
		}
	}
	return nil
}

// bodyLog records the weigh-ins and measurements in the lifter's body log.
func (s *seeder) bodyLog(ctx context.Context, y demoYear) error {
	meta := s.meta("body log")
	_, err := usecases.Execute(ctx, s.uses, usecases.BodyStream(s.userID), meta, func() *body.Log { return body.NewLog(s.userID) },
		func(l *body.Log) ([]domain.Event, error) {
			var events []domain.Event
			record := func(logged []domain.Event, err error) error {
				for _, e := range logged {
					l.Apply(e)
				}
				events = append(events, logged...)
				return err
			}
			for i, w := range y.weights {
				kg := w.value
				if err := record(l.LogWeight(meta.EntityID("weight", fmt.Sprint(i)), body.WeightInput{Date: w.date, Weight: &kg}, "kg", s.now)); err != nil {
					return nil, err
				}
			}
			for i, m := range y.sizes {
				cm := m.value
				if err := record(l.LogSize(meta.EntityID("size", fmt.Sprint(i)), body.SizeInput{Date: m.date, Measurement: &cm, Category: m.category}, s.now)); err != nil {
					return nil, err
				}
			}
			return events, nil
		})
	if err != nil {
		return fmt.Errorf("demo body log: %w", err)
	}
	return nil
}
