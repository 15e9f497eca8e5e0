package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// answerTime sends raw to a server with the app's limits and says how long until the
// server answers or hangs up (at most limit).
func answerTime(t *testing.T, raw string, limit time.Duration) time.Duration {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(ln.Addr().String(), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, "body not read", http.StatusRequestTimeout)
		}
	}))
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(start.Add(limit))
	_, err = bufio.NewReader(conn).ReadByte()
	var timeout net.Error
	if errors.As(err, &timeout) && timeout.Timeout() {
		t.Fatalf("no answer and no hang-up within %s", limit)
	}
	return time.Since(start)
}

func TestHeadersThatNeverEndAreDroppedWithinSeconds(t *testing.T) {
	t.Parallel()
	got := answerTime(t, "POST /api/login HTTP/1.1\r\nHost: gymlog\r\n", 8*time.Second)
	if got < readHeaderTimeout-time.Second {
		t.Errorf("answered after %s, before the %s header timeout", got, readHeaderTimeout)
	}
}

func TestBodyThatNeverArrivesIsDroppedWithinSeconds(t *testing.T) {
	t.Parallel()
	answerTime(t, "POST /api/login HTTP/1.1\r\nHost: gymlog\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", 15*time.Second)
}

// TestMetricsAreServedOnlyOnTheirOwnAddress runs `gymlog serve` with a metrics address: the
// API's listener does not answer the metrics, the metrics listener does and answers nothing else.
func TestMetricsAreServedOnlyOnTheirOwnAddress(t *testing.T) {
	addr, metricsAddr := freeAddress(t), freeAddress(t)
	cfg, _, err := parseConfig("serve", []string{"--addr", addr, "--metrics-addr", metricsAddr,
		"--database-url", filepath.Join(t.TempDir(), "gymlog.db")})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	waitForAnswer(t, "http://"+addr+"/healthz")

	if status, body := get(t, "http://"+addr+"/metrics"); strings.Contains(body, "go_goroutines") {
		t.Errorf("the API's /metrics: got %d with the metrics, want none", status)
	}
	if status, body := get(t, "http://"+metricsAddr+"/metrics"); status != http.StatusOK ||
		!strings.Contains(body, "go_goroutines") || !strings.Contains(body, "gymlog_http_request_duration_seconds") {
		t.Errorf("the metrics address's /metrics: got %d %.300s, want the metrics", status, body)
	}
	if status, _ := get(t, "http://"+metricsAddr+"/healthz"); status != http.StatusNotFound {
		t.Errorf("the metrics address's /healthz: got %d, want 404", status)
	}
}

func freeAddress(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func waitForAnswer(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(url)
		if err == nil {
			res.Body.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never answered: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}
