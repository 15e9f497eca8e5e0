package progress

// A rebuild holds the id of every logged set: one written the canonical way (a UUID in
// lower-case hex, dashed 8-4-4-4-12, as the app writes them) is held as its 16 bytes, not
// its 36 characters, and written back the same.

const hexDigits = "0123456789abcdef"

// isDash reports whether a canonical UUID has a dash at i.
func isDash(i int) bool { return i == 8 || i == 13 || i == 18 || i == 23 }

// parseUUID reads a canonical UUID; false for any other id.
func parseUUID(id string) (u [16]byte, ok bool) {
	if len(id) != 36 {
		return u, false
	}
	n := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		if isDash(i) {
			if c != '-' {
				return u, false
			}
			continue
		}
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		default:
			return u, false
		}
		u[n/2] |= v << (4 * (1 - n%2))
		n++
	}
	return u, true
}

// formatUUID writes u back as parseUUID read it.
func formatUUID(u [16]byte) string {
	var b [36]byte
	n := 0
	for i := range b {
		if isDash(i) {
			b[i] = '-'
			continue
		}
		b[i] = hexDigits[u[n/2]>>(4*(1-n%2))&0xf]
		n++
	}
	return string(b[:])
}
