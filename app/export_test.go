package app

// CachedStreams is how many streams a's aggregate cache holds.
func CachedStreams(a *App) int { return a.cache.Len() }
