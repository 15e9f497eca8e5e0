package app

// CachedStreams is how many streams a's aggregate cache holds.
func CachedStreams(a *App) int { return a.cache.Len() }

// SetClosingsAtOnce makes FinishClosings read n closings a page, until the test ends.
func SetClosingsAtOnce(t interface{ Cleanup(func()) }, n int) {
	was := closingsAtOnce
	closingsAtOnce = n
	t.Cleanup(func() { closingsAtOnce = was })
}
