package httpapi

import (
	"net/http"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/workout"
)

// startFromPlan serves POST /api/sessions/start/from-plan {id, startTime}: a workout started
// from the plan id as it stands, for whoever may use the plan (app.MayUsePlan decides); 201
// with the new workout, or 200 with the one already in progress.
func (s *workoutAPI) startFromPlan(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	planID := f.String("id")
	in := workout.StartInput{UserID: u.ID, Date: f.String("date"), StartTime: f.String("startTime")}
	if planID == "" && !f.v.Has("id") {
		f.v.Add("id", "Please choose a plan to start from.")
	}
	_, ruleErr := workout.New("").Start(in, s.now())
	if err := f.withRules(ruleErr); err != nil {
		return err
	}
	meta := commandMeta(r, u.ID)
	started, err := s.app.StartFromPlan(r.Context(), app.StartFromPlan{Meta: meta, ID: meta.EntityID("workout", u.ID),
		PlanID: planID, Input: in, Unit: u.Unit})
	return s.startAnswer(w, r, started, err)
}
