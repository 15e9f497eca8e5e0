package domain

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Text rules. Every string the user gives is stored in an event forever and copied into read
// models on every backend, so it must be one that every backend stores alike: valid UTF-8 with
// no NUL (PostgreSQL refuses NUL in text; SQLite keeps it), and no other control character,
// which no screen can show.

// CleanText reports whether s may be stored as text: valid UTF-8 without control
// characters (C0, DEL and C1). Notes (CleanNote) allow tab and newline too.
func CleanText(s string) bool { return cleanOf(s, false) }

// CleanNote reports whether s may be stored as a note: clean text that may also hold tabs
// and newlines (a note has lines). NoteText makes a typed note into one.
func CleanNote(s string) bool { return cleanOf(s, true) }

func cleanOf(s string, lines bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if (r < 0x20 && !(lines && (r == '\n' || r == '\t'))) || (r >= 0x7f && r < 0xa0) {
			return false
		}
	}
	return true
}

// NoteText is a note as stored: its line ends made "\n" (a note typed on Windows or read
// from a file ends its lines with "\r\n", an old Mac's with "\r") and the space around it
// trimmed. It changes nothing a screen shows.
func NoteText(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"))
}

// TextProblem is the message for a text that CleanText refuses.
const TextProblem = "This value contains characters that are not allowed."

// StorableJSON reports whether JSON data (already known to be valid JSON) holds only text
// that every backend stores alike: valid UTF-8, no \u0000 escape and no lone surrogate
// escape. It is the event store's last line of defence: the API refuses such text first.
func StorableJSON(data []byte) bool {
	if !utf8.Valid(data) {
		return false
	}
	if bytes.IndexByte(data, '\\') < 0 {
		return true // no escape at all, the common case
	}
	clean := true
	scanBadEscapes(data, func(int, bool) bool {
		clean = false
		return false
	})
	return clean
}

// RepairJSON returns data with what StorableJSON refuses taken out: invalid UTF-8 becomes
// U+FFFD, \u0000 escapes are dropped and lone surrogates become U+FFFD. Events stored before
// the store refused such text are read through it, so that no projector fails on them; a
// clean payload is returned as it is.
func RepairJSON(data []byte) []byte {
	if StorableJSON(data) {
		return data
	}
	data = bytes.ToValidUTF8(data, []byte("\uFFFD"))
	var out []byte
	last := 0
	scanBadEscapes(data, func(i int, nul bool) bool {
		out = append(out, data[last:i]...)
		if !nul {
			out = append(out, `\ufffd`...)
		}
		last = i + 6
		return true
	})
	return append(out, data[last:]...)
}

// scanBadEscapes calls f with the offset of every \u0000 escape (nul) and lone surrogate
// escape inside JSON strings, in order, until f returns false. data is valid JSON, so every
// escape is well formed.
func scanBadEscapes(data []byte, f func(i int, nul bool) bool) {
	in := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			in = !in
		case in && c == '\\' && data[i+1] == 'u':
			code := hex4(data[i+2:])
			switch {
			case code >= 0xd800 && code < 0xdc00 && i+11 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' &&
				isLow(hex4(data[i+8:])):
				i += 11 // a pair
			case code == 0 || (code >= 0xd800 && code < 0xe000):
				if !f(i, code == 0) {
					return
				}
				i += 5
			default:
				i += 5
			}
		case in && c == '\\':
			i++ // the escaped character, which may be a quote
		}
	}
}

func isLow(code rune) bool { return code >= 0xdc00 && code < 0xe000 }

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}
