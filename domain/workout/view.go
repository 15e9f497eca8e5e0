package workout

// View is a workout's details as a read-only view shows them (as it stood on a date).
type View struct {
	Date, StartTime, FinishTime, Name string
	Notes                             string
	Finished                          bool
}

// View returns the workout's details.
func (w *Workout) View() View {
	return View{Date: w.date, StartTime: w.startTime, FinishTime: w.finishTime, Name: w.name, Notes: w.notes, Finished: w.finished}
}
