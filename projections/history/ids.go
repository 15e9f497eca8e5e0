package history

import "iter"

// ids indexes the entities of a read model rebuilt in memory by owner (interned) and id: an
// id that is a UUID as the app writes them (lowercase, hyphenated) by its 16 bytes, any other
// by its text, so that the index of a large log holds neither a string nor a pointer per
// entity.
type ids struct {
	uuids  map[uuidKey]uint32
	others map[otherKey]uint32
}

type uuidKey struct {
	owner uint32
	id    [16]byte
}

type otherKey struct {
	owner uint32
	id    string
}

func newIDs() ids { return ids{uuids: map[uuidKey]uint32{}, others: map[otherKey]uint32{}} }

func (x ids) get(owner uint32, id string) (uint32, bool) {
	if u, ok := parseUUID(id); ok {
		i, ok := x.uuids[uuidKey{owner, u}]
		return i, ok
	}
	i, ok := x.others[otherKey{owner, id}]
	return i, ok
}

func (x ids) set(owner uint32, id string, i uint32) {
	if u, ok := parseUUID(id); ok {
		x.uuids[uuidKey{owner, u}] = i
	} else {
		x.others[otherKey{owner, id}] = i
	}
}

func (x ids) del(owner uint32, id string) {
	if u, ok := parseUUID(id); ok {
		delete(x.uuids, uuidKey{owner, u})
	} else {
		delete(x.others, otherKey{owner, id})
	}
}

func (x ids) len() int { return len(x.uuids) + len(x.others) }

// all yields every id with its entity, the id as it was given (the entity holds its owner).
func (x ids) all() iter.Seq2[string, uint32] {
	return func(yield func(string, uint32) bool) {
		for k, i := range x.uuids {
			if !yield(formatUUID(k.id), i) {
				return
			}
		}
		for k, i := range x.others {
			if !yield(k.id, i) {
				return
			}
		}
	}
}

// uuidDigits are the offsets in a UUID's text of the digits of its 16 bytes, two each.
var uuidDigits = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// parseUUID returns the bytes of s when s is a UUID that formatUUID writes as s again.
func parseUUID(s string) (u [16]byte, ok bool) {
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, false
	}
	for i, d := range uuidDigits {
		hi, ok1 := fromHex(s[d])
		lo, ok2 := fromHex(s[d+1])
		if !ok1 || !ok2 {
			return u, false
		}
		u[i] = hi<<4 | lo
	}
	return u, true
}

func fromHex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

func formatUUID(u [16]byte) string {
	const hex = "0123456789abcdef"
	b := []byte("00000000-0000-0000-0000-000000000000")
	for i, d := range uuidDigits {
		b[d], b[d+1] = hex[u[i]>>4], hex[u[i]&15]
	}
	return string(b)
}
