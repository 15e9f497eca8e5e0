package exercise

// Rules of the custom-exercise Catalogue aggregate (stream exercises-<userId>):
//   - A name that is not built in becomes the user's custom exercise the first time a set of
//     it is logged; names compare case-insensitively with spaces collapsed.
//   - A custom exercise has the category it was first logged with, and no muscle groups until
//     the user chooses them; built-in exercises' muscle groups are locked.
//   - Muscle groups are known ids, each at most once, at most all of them.

import (
	"time"

	"github.com/gymlog/gymlog/domain"
)

// Event type names as stored. Never rename or reuse one; add a new version instead.
const (
	TypeCustomExerciseDefined = "exercise.custom_defined.v1"
	TypeMuscleGroupsChosen    = "exercise.muscle_groups_chosen.v1"
)

// CustomExerciseDefined: the user logged an exercise that is not built in.
type CustomExerciseDefined struct {
	UserID    string    `json:"userId"`
	Name      string    `json:"name"`
	Category  string    `json:"category"`
	DefinedAt time.Time `json:"definedAt"`
}

// MuscleGroupsChosen: the user set the muscle groups of one of their custom exercises.
type MuscleGroupsChosen struct {
	UserID         string    `json:"userId"`
	Name           string    `json:"name"`
	MuscleGroupIDs []int     `json:"muscleGroupIds"`
	ChosenAt       time.Time `json:"chosenAt"`
}

// EventType implementations name each event as stored.
func (CustomExerciseDefined) EventType() string { return TypeCustomExerciseDefined }

// EventType names the event as stored.
func (MuscleGroupsChosen) EventType() string { return TypeMuscleGroupsChosen }

// OwnerID implementations name the user each event is about (domain.Owned).
func (e CustomExerciseDefined) OwnerID() string { return e.UserID }
func (e MuscleGroupsChosen) OwnerID() string    { return e.UserID }

func init() {
	domain.Register[CustomExerciseDefined](TypeCustomExerciseDefined)
	domain.Register[MuscleGroupsChosen](TypeMuscleGroupsChosen)
}

// Catalogue is one user's custom exercises.
type Catalogue struct {
	userID string
	custom map[string]string // key -> name as first logged
}

// NewCatalogue returns the empty catalogue of userID, ready to have its history applied.
func NewCatalogue(userID string) *Catalogue {
	return &Catalogue{userID: userID, custom: map[string]string{}}
}

// Apply is the one transition switch of the aggregate.
func (c *Catalogue) Apply(e domain.Event) {
	switch e := e.(type) {
	case CustomExerciseDefined:
		c.custom[Key(e.Name)] = e.Name
	case MuscleGroupsChosen:
	}
}

// Use records a custom exercise the first time a name outside the catalogue is logged;
// a built-in or known name records nothing.
func (c *Catalogue) Use(name, category string, now time.Time) []domain.Event {
	key := Key(name)
	if _, ok := builtinByKey[key]; ok || key == "" {
		return nil
	}
	if _, ok := c.custom[key]; ok {
		return nil
	}
	return []domain.Event{CustomExerciseDefined{UserID: c.userID, Name: CleanName(name), Category: category, DefinedAt: now}}
}

// ChooseMuscleGroups sets the muscle groups of one of the user's custom exercises.
func (c *Catalogue) ChooseMuscleGroups(name string, ids []int, now time.Time) ([]domain.Event, error) {
	if _, ok := LookupBuiltin(name); ok {
		return nil, domain.Invalid("exercise", "The muscle groups of this exercise are locked.")
	}
	stored, ok := c.custom[Key(name)]
	if !ok {
		return nil, domain.NotFound("Exercise not found.")
	}
	seen := map[int]bool{}
	clean := make([]int, 0, len(ids))
	for _, id := range ids {
		if _, ok := GroupByID(id); !ok {
			return nil, domain.Invalid("muscleGroups", "Please choose muscle groups from the list.")
		}
		if !seen[id] {
			seen[id] = true
			clean = append(clean, id)
		}
	}
	return []domain.Event{MuscleGroupsChosen{UserID: c.userID, Name: stored, MuscleGroupIDs: clean, ChosenAt: now}}, nil
}
