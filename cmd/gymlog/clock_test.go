package main

import (
	"strings"
	"testing"
	"time"
)

func TestClockOffset(t *testing.T) {
	for _, tc := range []struct {
		name, env string
		want      time.Duration
	}{
		{name: "absent"},
		{name: "a week back", env: "-168h", want: -168 * time.Hour},
		{name: "a day and a half on", env: "36h", want: 36 * time.Hour},
		{name: "zero", env: "0s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.env != "" {
				t.Setenv("GYMLOG_CLOCK_OFFSET", tc.env)
			}
			cfg, _, err := parseConfig("serve", nil)
			if err != nil {
				t.Fatal(err)
			}
			now, offset, err := cfg.clock()
			if err != nil {
				t.Fatal(err)
			}
			if offset != tc.want {
				t.Fatalf("got offset %s, want %s", offset, tc.want)
			}
			if got := now().Sub(time.Now().Add(tc.want)); got < -time.Minute || got > time.Minute {
				t.Errorf("the moved clock is %s off the offset", got)
			}
		})
	}
}

func TestClockOffsetRejectsWhatIsNoDuration(t *testing.T) {
	for _, bad := range []string{"-7d", "a week", "168"} {
		cfg, _, err := parseConfig("serve", []string{"--clock-offset", bad})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = cfg.clock()
		if err == nil || !strings.Contains(err.Error(), "clock offset") || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: got %v, want an error naming the setting and the value", bad, err)
		}
	}
}

func TestServeRefusesABadClockOffset(t *testing.T) {
	t.Setenv("GYMLOG_CLOCK_OFFSET", "a week")
	t.Setenv("GYMLOG_DATABASE_URL", t.TempDir()+"/gymlog.db")
	err := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), `clock offset "a week"`) {
		t.Errorf("got %v, want serve to refuse the offset", err)
	}
}
