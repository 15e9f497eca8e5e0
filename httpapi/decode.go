package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gymlog/gymlog/domain"
)

// maxBodyBytes bounds a request body; no Gymlog payload comes near it.
const maxBodyBytes = 1 << 20

// fields is a decoded JSON object whose members are read one by one, each read recording a
// violation on its own field when the value has the wrong shape. It lets every decoder
// report all shape errors at once, per field, as the spec's 422 wants, whatever arrives.
type fields struct {
	raw map[string]json.RawMessage
	v   domain.Violations
}

// decodeObject reads the request body as one JSON object.
func decodeObject(r *http.Request) (*fields, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err != nil || (mt != "application/json" && mt != "application/ld+json") {
			return nil, httpError(http.StatusUnsupportedMediaType, "Send the request body as application/json.")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxBodyBytes))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, httpError(http.StatusRequestEntityTooLarge, "The request body is too large.")
	}
	if err != nil {
		return nil, httpError(http.StatusBadRequest, "The request body could not be read.")
	}
	return parseObject(body)
}

// parseObject parses body as a JSON object; an empty body is an empty object.
func parseObject(body []byte) (*fields, error) {
	f := &fields{raw: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(body)) == 0 {
		return f, nil
	}
	if err := json.Unmarshal(body, &f.raw); err != nil || f.raw == nil {
		// Not a field's fault: a 400 with no violation to pin on a field.
		return nil, httpError(http.StatusBadRequest, "The request body must be a JSON object.")
	}
	return f, nil
}

func isNull(m json.RawMessage) bool { return len(m) == 0 || string(m) == "null" }

// String reads a string member; absent or null is "". Other JSON types are violations, and
// so is text that is not clean (domain.CleanText): it would be stored in an event forever.
// The raw member is checked too, since decoding turns invalid UTF-8 into U+FFFD silently.
func (f *fields) String(name string) string { return f.text(name, domain.CleanText) }

// Note reads a note, text that may hold lines (domain.CleanNote), as String reads a string;
// absent or null is nil, so that an edit keeps the note it does not send.
func (f *fields) Note(name string) *string {
	if m, ok := f.raw[name]; !ok || isNull(m) {
		return nil
	}
	s := f.NoteText(name)
	return &s
}

// NoteText reads a note as Note does, absent or null being "". Its line ends may be "\r\n"
// or "\r": the domain stores them as "\n" (domain.NoteText).
func (f *fields) NoteText(name string) string {
	return f.text(name, func(s string) bool { return domain.CleanNote(domain.NoteText(s)) })
}

func (f *fields) text(name string, clean func(string) bool) string {
	m, ok := f.raw[name]
	if !ok || isNull(m) {
		return ""
	}
	var s string
	if err := json.Unmarshal(m, &s); err != nil {
		f.v.Add(name, "This value should be a string.")
		return ""
	}
	if !utf8.Valid(m) || !domain.StorableJSON(m) || !clean(s) {
		f.v.Add(name, domain.TextProblem)
		return ""
	}
	if len(s) > 10_000 {
		f.v.Add(name, "This value is too long.")
		return ""
	}
	return s
}

// Number reads a number member, also accepting a numeric string as a form sends it; absent,
// null or "" is nil. Anything else is the spec's "Please enter a number".
func (f *fields) Number(name string) *float64 {
	m, ok := f.raw[name]
	if !ok || isNull(m) {
		return nil
	}
	var n float64
	if err := json.Unmarshal(m, &n); err == nil {
		return &n
	}
	var s string
	if err := json.Unmarshal(m, &s); err == nil {
		s = strings.TrimSpace(s)
		if s == "" {
			return nil
		}
		if n, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(n, 0) && !math.IsNaN(n) {
			return &n
		}
	}
	f.v.Add(name, "Please enter a number")
	return nil
}

// Bool reads a boolean member; absent or null is false, another JSON type a violation.
func (f *fields) Bool(name string) bool {
	m, ok := f.raw[name]
	if !ok || isNull(m) {
		return false
	}
	var b bool
	if err := json.Unmarshal(m, &b); err != nil {
		f.v.Add(name, "This value should be true or false.")
		return false
	}
	return b
}

// Err is the violations found while reading, or nil.
func (f *fields) Err() error { return f.v.Err() }

// withRules adds the violations of the domain's rules (ruleErr) to the shape violations read
// so far, so the user sees every problem at once; a field with a shape problem keeps only
// that one. Any other error from the rules is returned as it is.
func (f *fields) withRules(ruleErr error) error {
	var ve *domain.ValidationError
	if ruleErr != nil && !errors.As(ruleErr, &ve) {
		return ruleErr
	}
	if ve != nil {
		shaped := map[string]bool{}
		for _, v := range f.v.List() {
			shaped[v.PropertyPath] = true
		}
		for _, v := range ve.Violations {
			if !shaped[v.PropertyPath] {
				f.v.Add(v.PropertyPath, v.Message)
			}
		}
	}
	return f.Err()
}

// Rows reads a member that must be a list of at most max objects (more is message on the
// member) and calls row with each object's fields in order. A violation on a member of row i
// is reported as member_N, N = i+1 (weight_1, reps_2 ...), as the domain names them.
func (f *fields) Rows(name string, max int, message string, row func(i int, r *fields)) {
	m, ok := f.raw[name]
	if !ok || isNull(m) {
		return
	}
	var items []json.RawMessage
	if err := json.Unmarshal(m, &items); err != nil {
		f.v.Add(name, "This value should be a list.")
		return
	}
	if len(items) > max {
		f.v.Add(name, message)
		return
	}
	for i, item := range items {
		r, err := parseObject(item)
		if err != nil {
			if !f.v.Has(name) {
				f.v.Add(name, "Each row should be an object.")
			}
			continue
		}
		row(i, r)
		for _, v := range r.v.List() {
			f.v.Add(v.PropertyPath+"_"+strconv.Itoa(i+1), v.Message)
		}
	}
}
