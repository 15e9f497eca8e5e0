package progress

import "testing"

// Only a canonical UUID is held as bytes, and it is written back to the letter.
func TestSetIDs(t *testing.T) {
	for id, canonical := range map[string]bool{
		"0aa9c0e9-4f27-56d5-a369-d7e8026ebb0e": true, "00000000-0000-0000-0000-000000000000": true,
		"ffffffff-ffff-ffff-ffff-ffffffffffff": true, "0AA9C0E9-4F27-56D5-A369-D7E8026EBB0E": false,
		"0aa9c0e9-4f27-56d5-a369-d7e8026ebb0": false, "0aa9c0e9-4f27-56d5-a369-d7e8026ebb0e ": false,
		"0aa9c0e94f27-56d5-a369-d7e8026ebb0e-": false, "0aa9c0e9-4f27-56d5-a369-d7e8026ebbge": false,
		"{aa9c0e9-4f27-56d5-a369-d7e8026ebb0}": false, "": false, "s1": false,
	} {
		u, ok := parseUUID(id)
		if ok != canonical {
			t.Errorf("%q: canonical %v, want %v", id, ok, canonical)
		}
		if ok && formatUUID(u) != id {
			t.Errorf("%q: written back as %q", id, formatUUID(u))
		}
	}
}
