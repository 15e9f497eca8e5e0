package httpapi

import (
	"encoding/json"
	"math"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/gymlog/gymlog/app"
	"github.com/gymlog/gymlog/domain/exercise"
)

// mountExercises mounts the exercise catalogue and muscle-group routes.
func (s *workoutAPI) mountExercises(r chi.Router) {
	r.Route("/exercise_details", func(r chi.Router) {
		r.Get("/list", s.handle(s.listExercises))
		r.Put("/edit", s.handle(s.chooseMuscleGroups))
		r.Get("/suggested/{name}", s.handle(s.suggestedMuscleGroups))
		r.Get("/recognised/{name}", s.handle(s.recognisedExercise))
		r.Get("/{name}", s.handle(s.getExercise))
	})
	r.Get("/muscle-groups/list", s.handle(s.listMuscleGroups))
}

// exerciseBody is one exercise of the catalogue (docs/API.md).
type exerciseBody struct {
	Context        string   `json:"@context,omitempty"`
	ID             string   `json:"@id,omitempty"`
	Type           string   `json:"@type,omitempty"`
	Name           string   `json:"name"`
	Category       string   `json:"category"`
	CategoryKey    string   `json:"categoryKey"`
	Upper          bool     `json:"upper"`
	Lower          bool     `json:"lower"`
	Unknown        bool     `json:"unknown"`
	Custom         bool     `json:"custom"`
	Cardio         bool     `json:"cardio"`
	Disabled       bool     `json:"disabled"`
	MuscleGroupIDs []int    `json:"muscleGroupIds"`
	MuscleGroups   []string `json:"muscleGroups"`
}

func exerciseJSON(name, category string, groups []int, custom bool) exerciseBody {
	if groups == nil {
		groups = []int{}
	}
	b := exerciseBody{Name: name, Category: exercise.CategoryLabel(category), CategoryKey: category, Custom: custom,
		Cardio: category == exercise.Cardio, Disabled: !custom, Unknown: len(groups) == 0,
		MuscleGroupIDs: groups, MuscleGroups: exercise.GroupNames(groups)}
	for _, id := range groups {
		if g, ok := exercise.GroupByID(id); ok {
			b.Upper = b.Upper || g.Category == exercise.UpperBody
			b.Lower = b.Lower || g.Category == exercise.LowerBody
		}
	}
	return b
}

func (s *workoutAPI) listExercises(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	custom, err := s.exercises.List(r.Context(), u.ID)
	if err != nil {
		return err
	}
	list := make([]exerciseBody, 0, len(exercise.Builtins())+len(custom))
	for _, b := range exercise.Builtins() {
		list = append(list, exerciseJSON(b.Name, b.Category, b.MuscleGroups, false))
	}
	for _, c := range custom {
		list = append(list, exerciseJSON(c.Name, c.Category, c.MuscleGroups, true))
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/ExerciseDetail", ID: "/api/exercise_details/list",
		Type: "hydra:Collection", Members: [][]exerciseBody{list}, TotalItems: 1})
	return nil
}

func (s *workoutAPI) exerciseDetail(r *http.Request, name string) (exerciseBody, error) {
	u, _ := currentUser(r.Context())
	var b exerciseBody
	if x, ok := exercise.LookupBuiltin(name); ok {
		b = exerciseJSON(x.Name, x.Category, x.MuscleGroups, false)
	} else {
		c, err := s.exercises.ByName(r.Context(), u.ID, name)
		if err != nil {
			return exerciseBody{}, err
		}
		b = exerciseJSON(c.Name, c.Category, c.MuscleGroups, true)
	}
	b.Context, b.ID, b.Type = "/api/contexts/ExerciseDetail", "/api/exercise_details/"+url.PathEscape(b.Name), "ExerciseDetail"
	return b, nil
}

func (s *workoutAPI) getExercise(w http.ResponseWriter, r *http.Request) error {
	b, err := s.exerciseDetail(r, nameParam(r, "name"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, b)
	return nil
}

func (s *workoutAPI) suggestedMuscleGroups(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	name := nameParam(r, "name")
	ids, err := s.exercises.Suggested(r.Context(), u.ID, name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		resource
		Name           string   `json:"name"`
		MuscleGroupIDs []int    `json:"muscleGroupIds"`
		MuscleGroups   []string `json:"muscleGroups"`
	}{resource{Context: "/api/contexts/MuscleGroupSuggestion", ID: "/api/exercise_details/suggested/" + url.PathEscape(name),
		Type: "MuscleGroupSuggestion"}, exercise.CleanName(name), ids, exercise.GroupNames(ids)})
	return nil
}

// recognisedExercise names the catalogue exercise another app's name stands for, as an import
// recognises it (exercise.Recognise: "Bench Press (Barbell)" is Barbell Bench Press), or null:
// the exercise pickers ask it before offering to create a custom exercise.
func (s *workoutAPI) recognisedExercise(w http.ResponseWriter, r *http.Request) error {
	name := exercise.CleanName(nameParam(r, "name"))
	var known *string
	if len(name) <= maxRecognisedName {
		if b, ok := exercise.Recognise(name); ok {
			known = &b.Name
		}
	}
	writeJSON(w, http.StatusOK, struct {
		resource
		Name       string  `json:"name"`
		Recognised *string `json:"recognised"`
	}{resource{Context: "/api/contexts/RecognisedExercise", ID: "/api/exercise_details/recognised/" + url.PathEscape(name),
		Type: "RecognisedExercise"}, name, known})
	return nil
}

// maxRecognisedName bounds the names recognisedExercise looks up: an exercise's name is at most
// 100 characters, with room for another app's equipment in brackets.
const maxRecognisedName = 200

// nameParam is the path parameter key (an exercise's name) as text. chi routes on the escaped
// path when the request's escaping differs from Go's own (a name with brackets sent as the
// browser's encodeURIComponent writes it), and then hands the parameter over escaped.
func nameParam(r *http.Request, key string) string {
	v := chi.URLParam(r, key)
	if r.URL.RawPath == "" {
		return v
	}
	if text, err := url.PathUnescape(v); err == nil {
		return text
	}
	return v
}

// intList reads a member that must be a list of whole numbers.
func intList(f *fields, name, message string) []int {
	m, ok := f.raw[name]
	if !ok || isNull(m) {
		return []int{}
	}
	var nums []float64
	if err := json.Unmarshal(m, &nums); err != nil || len(nums) > 100 {
		f.v.Add(name, message)
		return nil
	}
	out := make([]int, 0, len(nums))
	for _, n := range nums {
		if n != math.Trunc(n) || n < math.MinInt32 || n > math.MaxInt32 {
			f.v.Add(name, message)
			return nil
		}
		out = append(out, int(n))
	}
	return out
}

func (s *workoutAPI) chooseMuscleGroups(w http.ResponseWriter, r *http.Request) error {
	u, _ := currentUser(r.Context())
	f, err := decodeObject(r)
	if err != nil {
		return err
	}
	name := f.String("exercise")
	ids := intList(f, "muscleGroups", "Please choose muscle groups from the list.")
	if exercise.Key(name) == "" && !f.v.Has("exercise") {
		f.v.Add("exercise", "Please enter an exercise name.")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if err := s.app.ChooseMuscleGroups(r.Context(), app.ChooseMuscleGroups{Meta: commandMeta(r, u.ID), UserID: u.ID,
		Exercise: name, MuscleGroups: ids}); err != nil {
		return err
	}
	b, err := s.exerciseDetail(r, name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, b)
	return nil
}

// muscleGroupBody is one muscle group (docs/API.md).
type muscleGroupBody struct {
	ID       string `json:"@id"`
	Type     string `json:"@type"`
	GroupID  int    `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"`
}

func muscleGroupJSON(g exercise.MuscleGroup) muscleGroupBody {
	return muscleGroupBody{ID: "/api/muscle-groups/" + strconv.Itoa(g.ID), Type: "MuscleGroup", GroupID: g.ID, Name: g.Name, Category: g.Category}
}

func (s *workoutAPI) listMuscleGroups(w http.ResponseWriter, _ *http.Request) error {
	groups := exercise.MuscleGroups()
	members := make([]muscleGroupBody, len(groups))
	for i, g := range groups {
		members[i] = muscleGroupJSON(g)
	}
	writeJSON(w, http.StatusOK, collection{Context: "/api/contexts/MuscleGroup", ID: "/api/muscle-groups/list",
		Type: "hydra:Collection", Members: members, TotalItems: len(members)})
	return nil
}
