package workouts

// withCopies gives m, the memory of the live tables, its twin for a rebuild's copies: the
// runner's rebuild transactions write only the copies, and only they do, so what they wrote
// is what the copies hold, as m holds what the live transactions wrote. A run of logged sets
// into workouts a rebuild has seen then needs no read. The projector's Forget, which the
// runner calls after every rebuild and every transaction that failed, empties both.
func withCopies(m *memory) *memory {
	m.copies = newMemory()
	return m
}

// forCopies returns the memory of a rebuild's copies, nil when m is nil or has none.
func (m *memory) forCopies() *memory {
	if m == nil {
		return nil
	}
	return m.copies
}
