package domain

import (
	"encoding/json"
	"testing"
)

func TestCleanText(t *testing.T) {
	for _, tt := range []struct {
		in   string
		text bool
	}{
		{"Bench press", true},
		{"Ünïcødé 🏋️ 日本", true},
		{"", true},
		{"Eve\x00", false},
		{"line\nbreak", false},
		{"tab\there", false},
		{"crlf\r\n", false},
		{"bell\a", false},
		{"del\x7f", false},
		{"c1\u0085", false},
		{"bad\xff", false},
		{"\xed\xa0\x80", false}, // a surrogate encoded as UTF-8
	} {
		if got := CleanText(tt.in); got != tt.text {
			t.Errorf("CleanText(%q) = %v, want %v", tt.in, got, tt.text)
		}
	}
}

func TestStorableAndRepairedJSON(t *testing.T) {
	for _, tt := range []struct {
		in, repaired string
	}{
		{`{"firstName":"Eve"}`, `{"firstName":"Eve"}`},
		{`{"firstName":"Eve\u0000"}`, `{"firstName":"Eve"}`},
		{`{"a":"\u0000x\u0000","b":["\u0000"]}`, `{"a":"x","b":[""]}`},
		{`{"a":"\\u0000"}`, `{"a":"\\u0000"}`},             // an escaped backslash, then text
		{`{"a":"\\\u0000"}`, `{"a":"\\"}`},                 // a backslash, then a NUL
		{`{"a":"\"\u0000\""}`, `{"a":"\"\""}`},             // escaped quotes around it
		{`{"a":"\ud83d\ude00"}`, `{"a":"\ud83d\ude00"}`},   // a pair is fine
		{`{"a":"\ud83d"}`, `{"a":"\ufffd"}`},               // a lone high surrogate
		{`{"a":"\ude00x"}`, `{"a":"\ufffdx"}`},             // a lone low surrogate
		{`{"a":"\\ud83d\ude00"}`, `{"a":"\\ud83d\ufffd"}`}, // text, then a lone low one
		{"{\"a\":\"N\xff\"}", "{\"a\":\"N\uFFFD\"}"},
		{`{"u0000":1}`, `{"u0000":1}`},
	} {
		storable := tt.in == tt.repaired
		if got := StorableJSON([]byte(tt.in)); got != storable {
			t.Errorf("StorableJSON(%s) = %v, want %v", tt.in, got, storable)
		}
		if got := string(RepairJSON([]byte(tt.in))); got != tt.repaired {
			t.Errorf("RepairJSON(%s) = %s, want %s", tt.in, got, tt.repaired)
		}
	}
}

// FuzzRepairJSON checks that a repaired payload is always valid, storable JSON that decodes to
// the same shape, so a projector reading it cannot fail where it did not before.
func FuzzRepairJSON(f *testing.F) {
	for _, s := range []string{`{"a":"\u0000"}`, `{"a":"\ud800"}`, "{\"a\":\"\xff\"}", `["\\", "\\u0000"]`, `{"a":{"b":"\udc00\ud800"}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		got := RepairJSON(data)
		if !json.Valid(got) {
			t.Fatalf("RepairJSON(%q) = %q: not JSON", data, got)
		}
		if !StorableJSON(got) {
			t.Fatalf("RepairJSON(%q) = %q: not storable", data, got)
		}
		var before, after any
		if json.Unmarshal(data, &before) == nil && json.Unmarshal(got, &after) != nil {
			t.Fatalf("RepairJSON(%q) = %q: no longer decodes", data, got)
		}
	})
}
