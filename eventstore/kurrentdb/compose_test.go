package kurrentdb

import (
	"os"
	"strings"
	"testing"
)

// TestComposeProfile keeps docker-compose.yml's kurrentdb profile (which cannot run on the
// development machines: no Docker engine) in line with what the docs and tests use: the
// server published on 2113 without TLS, and a gymlog node pointed at it.
func TestComposeProfile(t *testing.T) {
	b, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	services := composeServices(string(b))
	server, node := services["kurrentdb"], services["gymlog-kurrentdb"]
	for _, want := range []string{`profiles: ["kurrentdb"]`, `KURRENTDB_INSECURE: "true"`, `- "2113:2113"`} {
		if !strings.Contains(server, want) {
			t.Errorf("service kurrentdb lacks %s:\n%s", want, server)
		}
	}
	for _, want := range []string{`profiles: ["kurrentdb"]`, `GYMLOG_DATABASE_URL: "kurrentdb://kurrentdb:2113?tls=false"`,
		`GYMLOG_READ_MODELS_URL:`} {
		if !strings.Contains(node, want) {
			t.Errorf("service gymlog-kurrentdb lacks %s:\n%s", want, node)
		}
	}
	const url = "kurrentdb://kurrentdb:2113?tls=false"
	if !IsURL(url) {
		t.Errorf("IsURL(%q) = false: the node would not pick KurrentDB", url)
	}
}

// composeServices splits a compose file's services section by service (two-space indent).
func composeServices(compose string) map[string]string {
	out := make(map[string]string)
	name := ""
	for _, line := range strings.Split(compose, "\n") {
		if !strings.HasPrefix(line, " ") && line != "" {
			name = ""
		}
		if strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") && strings.HasSuffix(line, ":") {
			name = strings.TrimSuffix(strings.TrimSpace(line), ":")
		}
		if name != "" {
			out[name] += line + "\n"
		}
	}
	return out
}
