package workout

// Set kinds. A strength set is a working set (Kind "") unless the lifter marks it otherwise,
// as Strong's W, D and F and Hevy's set types do. A warm-up counts towards nothing: no volume,
// no personal best, no progress; a drop set and a set to failure count as working sets do.
const (
	KindWarmUp  = "warmup"
	KindDrop    = "drop"
	KindFailure = "failure"
)

// kindMessage is the kind field's violation.
const kindMessage = "Please choose a normal, warm-up, drop or failure set."

type kindRow struct{ kind, letter, name string }

// kinds are the kinds a set may have, each with its letter in Strong's "Set Order" column and
// its name in words.
var kinds = []kindRow{
	{"", "", "working set"},
	{KindWarmUp, "W", "warm-up"},
	{KindDrop, "D", "drop set"},
	{KindFailure, "F", "failure set"},
}

// Counts reports whether a set of these fields counts towards volume, personal bests and
// progress: every set but a warm-up.
func (f SetFields) Counts() bool { return f.Kind != KindWarmUp }

// kindOf is the row of kinds for kind; ok is false for a kind Gymlog does not know.
func kindOf(kind string) (kindRow, bool) {
	for _, k := range kinds {
		if k.kind == kind {
			return k, true
		}
	}
	return kindRow{}, false
}

// IsKind reports whether kind is a set kind ("" included).
func IsKind(kind string) bool {
	_, ok := kindOf(kind)
	return ok
}

// KindLetter is kind's letter in Strong's "Set Order" column (W, D, F), "" for a working set
// or an unknown kind.
func KindLetter(kind string) string {
	k, _ := kindOf(kind)
	return k.letter
}

// KindOfLetter is the kind a Strong "Set Order" letter stands for; ok is false for anything
// else (a set number).
func KindOfLetter(letter string) (kind string, ok bool) {
	for _, k := range kinds[1:] {
		if k.letter == letter {
			return k.kind, true
		}
	}
	return "", false
}

// KindName is kind in words: "warm-up", "drop set", "failure set", "working set"; an unknown
// kind as it is.
func KindName(kind string) string {
	if k, ok := kindOf(kind); ok {
		return k.name
	}
	return kind
}
