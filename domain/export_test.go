package domain

import (
	"maps"
	"slices"
)

// RegisteredTypes lists the event types registered so far, sorted.
func RegisteredTypes() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return slices.Sorted(maps.Keys(registry))
}
