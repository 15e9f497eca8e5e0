package history

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gymlog/gymlog/domain/account"
	"github.com/gymlog/gymlog/domain/plan"
	"github.com/gymlog/gymlog/domain/workout"
	"github.com/gymlog/gymlog/projections"
)

var _ projections.MemoryRebuilt = Projector{}

// NewRebuilding returns history_lines and history_entities rebuilt in memory.
func (Projector) NewRebuilding() projections.Rebuilding {
	m := &memory{ids: newIDs(), others: map[uint32]any{}, interned: map[string]uint32{}, places: map[[2]uint32]uint32{}}
	m.intern("") // 0 is the empty string
	return m
}

// memory holds the read model as Apply leaves it, built by describe as Apply does it, with
// the SQL of applier done on these structures:
//
//   - entities, indexed by owner and id. An entity is one row of history_entities: what its
//     first keep inserted (subject, owner, kind, position) and what its last one set (name,
//     state). A row the SQL would have deleted with others (a workout's or a plan's deletion
//     deletes its owner's rows of its stream, an account closing its owner's) is deleted
//     lazily: it is dead when its place's (owner and subject's) last deletion or its owner's
//     last closing came after the position it was inserted at, which every look-up checks.
//   - lines, in log order: appended, never changed; those an account closing deleted are
//     left out when written (their owner closed after them).
//
// Every text but the lines' is interned: the rows hold indexes into strs.
type memory struct {
	ids ids
	// entities holds every entity ever inserted, in blocks that never move; others the
	// state of those whose state is not a set's, by entity.
	entities [][]entity
	others   map[uint32]any
	// sets holds, by place, the entities of kind set inserted there, which setNumber
	// counts; dead ones are dropped as it meets them.
	sets [][]*entity
	// deleted holds, by place, the position of its last deletion of all its entities;
	// closed, by owner, that of their last account closing (0: none).
	deleted, closed []int64

	strs     []string
	interned map[string]uint32
	// places numbers each owner and subject (interned) that entities were kept in: an
	// entity's place. placeSubjects holds the subject of each.
	places        map[[2]uint32]uint32
	placeSubjects []uint32

	lines []line
	texts textArena

	// The event being applied: its owner, subject and place, and its position.
	owner, subject, place uint32
	position              int64
}

// kinds are the kinds of history_entities, by the code an entity holds.
var kinds = [...]string{"set", "plan_exercise", "workout", "plan", "weight", "size", "zone"}

const kindSet = 0

func kindCode(kind string) (uint8, error) {
	for i, k := range kinds {
		if k == kind {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("history: entity kind %q", kind)
}

// entity is one row of history_entities. Its state is set (the state of nearly every
// entity), unless other: then it is in memory.others, a workoutState, planState, entryState
// or plan.ExerciseFields, as keep was given it. It holds no pointer, so that the garbage
// collector need not look into the blocks of entities.
type entity struct {
	// position is the row's position column (what setNumber orders by); born is the position
	// of the event that inserted it, which the deletions of many rows are checked against. They
	// differ for a restored set, whose position is its first logging's.
	position, born     int64
	place, owner, name uint32
	kind               uint8
	dead               bool // deleted by id
	other              bool
	set                setState
}

// entityBlock is how many entities a block of memory.entities holds.
const entityBlock = 1 << 12

// entity returns entity i.
func (m *memory) entity(i uint32) *entity { return &m.entities[i/entityBlock][i%entityBlock] }

// insert adds e and returns its index.
func (m *memory) insert(e entity) uint32 {
	n := len(m.entities)
	if n == 0 || len(m.entities[n-1]) == entityBlock {
		m.entities = append(m.entities, make([]entity, 0, entityBlock))
		n++
	}
	m.entities[n-1] = append(m.entities[n-1], e)
	return uint32((n-1)*entityBlock + len(m.entities[n-1]) - 1)
}

// setState is a workout.SetFields, its texts interned.
type setState struct {
	weight, distance                       float64
	reps, rpe, minutes, seconds            int
	exercise, category, unit, distanceUnit uint32
	kind                                   uint32
	note                                   textRef // in memory.texts
	has                                    uint8   // which of the optional fields are set
}

const (
	hasWeight = 1 << iota
	hasReps
	hasRPE
	hasDistance
	hasMinutes
	hasSeconds
)

// line is one row of history_lines, its text in the arena.
type line struct {
	position, at                           int64
	owner, subject, actor, about, aboutDay uint32
	daysAfter                              int32
	text                                   textRef
}

func (m *memory) intern(s string) uint32 {
	if i, ok := m.interned[s]; ok {
		return i
	}
	i := uint32(len(m.strs))
	m.strs = append(m.strs, s)
	m.interned[s] = i
	return i
}

// at returns the value of index i of s, 0 past its end.
func at(s []int64, i uint32) int64 {
	if int(i) < len(s) {
		return s[i]
	}
	return 0
}

// put sets index i of s to v, growing s.
func put(s []int64, i uint32, v int64) []int64 {
	if int(i) >= len(s) {
		s = append(s, make([]int64, int(i)+1-len(s))...)
	}
	s[i] = v
	return s
}

// placeOf returns the place of owner's entities in subject.
func (m *memory) placeOf(owner, subject uint32) uint32 {
	k := [2]uint32{owner, subject}
	if p, ok := m.places[k]; ok {
		return p
	}
	p := uint32(len(m.placeSubjects))
	m.places[k] = p
	m.placeSubjects = append(m.placeSubjects, subject)
	return p
}

// alive reports whether no deletion of many rows deleted e since it was inserted.
func (m *memory) alive(e *entity) bool {
	return !e.dead && at(m.deleted, e.place) <= e.born && at(m.closed, e.owner) <= e.born
}

// lookup returns the event's owner's row of id and its index, nil when there is none.
func (m *memory) lookup(id string) (*entity, uint32) {
	i, ok := m.ids.get(m.owner, id)
	if !ok {
		return nil, 0
	}
	e := m.entity(i)
	if !m.alive(e) {
		m.drop(id, i)
		return nil, 0
	}
	return e, i
}

// drop deletes the row of id, entity i.
func (m *memory) drop(id string, i uint32) {
	e := m.entity(i)
	e.dead = true
	if e.other {
		delete(m.others, i)
	}
	m.ids.del(e.owner, id)
}

func (m *memory) Apply(ev projections.Event) error {
	if closed, ok := ev.Payload.(account.AccountClosed); ok {
		m.closed = put(m.closed, m.intern(closed.UserID), ev.Position)
		return nil
	}
	m.owner, m.subject, m.position = m.intern(ownerOf(ev)), m.intern(ev.Stream), ev.Position
	m.place = m.placeOf(m.owner, m.subject)
	said, err := describe(m, &ev)
	if err != nil || said.text == "" {
		return err
	}
	m.lines = append(m.lines, line{position: ev.Position, at: ev.RecordedAt.UnixMilli(), owner: m.owner,
		subject: m.subject, actor: m.intern(ev.Metadata.ActorID), about: m.intern(said.about),
		aboutDay: m.intern(said.aboutDate), daysAfter: int32(said.daysAfter), text: m.texts.add(said.text)})
	return nil
}

// keep inserts the owner's row of id, or sets its name and state when this subject holds it.
func (m *memory) keep(id, kind, name string, state any) error {
	return m.keepAt(id, kind, name, m.position, state)
}

// keepAt is keep, the row inserted at position.
func (m *memory) keepAt(id, kind, name string, position int64, state any) error {
	e, i := m.lookup(id)
	if e != nil && e.place != m.place {
		return nil // another stream's, as applier.keep leaves it
	}
	if e == nil {
		k, err := kindCode(kind)
		if err != nil {
			return err
		}
		i = m.insert(entity{position: position, born: m.position, place: m.place, owner: m.owner, kind: k})
		e = m.entity(i)
		m.ids.set(m.owner, id, i)
		if k == kindSet {
			for int(m.place) >= len(m.sets) {
				m.sets = append(m.sets, nil)
			}
			m.sets[m.place] = append(m.sets[m.place], e)
		}
	}
	e.name = m.intern(name)
	if f, ok := state.(workout.SetFields); ok {
		e.set = m.pack(f)
		if e.other {
			e.other = false
			delete(m.others, i)
		}
	} else {
		e.set, e.other, m.others[i] = setState{}, true, state
	}
	return nil
}

// forget deletes the owner's row of id when it is the subject's, or every row of the
// owner's in the subject.
func (m *memory) forget(id string) error {
	if id == "" {
		m.deleted = put(m.deleted, m.place, m.position)
		if int(m.place) < len(m.sets) {
			m.sets[m.place] = nil
		}
		return nil
	}
	if e, i := m.lookup(id); e != nil && e.place == m.place {
		m.drop(id, i)
	}
	return nil
}

// recall reads id's state into v as the SQL does, through JSON unless v has the state's type.
func (m *memory) recall(id string, v any) (name string, position int64, found bool, err error) {
	e, i := m.lookup(id)
	if e == nil || e.place != m.place {
		return "", 0, false, nil
	}
	other := m.others[i]
	name, position = m.strs[e.name], e.position
	switch v := v.(type) {
	case *workout.SetFields:
		if !e.other {
			*v = m.unpack(e.set)
			return name, position, true, nil
		}
	case *workoutState:
		if s, ok := other.(workoutState); ok {
			*v = s
			return name, position, true, nil
		}
	case *planState:
		if s, ok := other.(planState); ok {
			*v = s
			return name, position, true, nil
		}
	case *zoneState:
		if s, ok := other.(zoneState); ok {
			*v = s
			return name, position, true, nil
		}
	case *entryState:
		if s, ok := other.(entryState); ok {
			*v = s
			return name, position, true, nil
		}
	case *plan.ExerciseFields:
		if s, ok := other.(plan.ExerciseFields); ok {
			*v = s
			return name, position, true, nil
		}
	}
	js, err := m.stateJSON(nil, i)
	if err != nil {
		return "", 0, false, err
	}
	return name, position, true, json.Unmarshal(js, v)
}

// zone reads the owner's time zone, whichever place holds it.
func (m *memory) zone(v *zoneState) error {
	e, i := m.lookup(zoneID)
	if e == nil {
		return nil
	}
	if s, ok := m.others[i].(zoneState); ok {
		*v = s
		return nil
	}
	js, err := m.stateJSON(nil, i)
	if err != nil {
		return err
	}
	return json.Unmarshal(js, v)
}

// setNumber counts the owner's rows in the subject of sets of exercise inserted before
// position, plus one.
func (m *memory) setNumber(exercise string, position int64) (int, error) {
	if int(m.place) >= len(m.sets) {
		return 1, nil
	}
	name, ok := m.interned[exercise]
	list := m.sets[m.place]
	n, kept := 1, list[:0]
	for _, e := range list {
		if !m.alive(e) {
			continue
		}
		kept = append(kept, e)
		if ok && e.name == name && e.position < position {
			n++
		}
	}
	clear(list[len(kept):])
	m.sets[m.place] = kept
	return n, nil
}

func (m *memory) pack(f workout.SetFields) setState {
	s := setState{exercise: m.intern(f.Exercise), category: m.intern(f.Category), unit: m.intern(f.Unit),
		distanceUnit: m.intern(f.DistanceUnit), kind: m.intern(f.Kind)}
	if f.Note != "" {
		s.note = m.texts.add(f.Note)
	}
	if f.Weight != nil {
		s.weight, s.has = *f.Weight, s.has|hasWeight
	}
	if f.Reps != nil {
		s.reps, s.has = *f.Reps, s.has|hasReps
	}
	if f.RPE != nil {
		s.rpe, s.has = *f.RPE, s.has|hasRPE
	}
	if f.Distance != nil {
		s.distance, s.has = *f.Distance, s.has|hasDistance
	}
	if f.Minutes != nil {
		s.minutes, s.has = *f.Minutes, s.has|hasMinutes
	}
	if f.Seconds != nil {
		s.seconds, s.has = *f.Seconds, s.has|hasSeconds
	}
	return s
}

func (m *memory) unpack(s setState) workout.SetFields {
	f := workout.SetFields{Exercise: m.strs[s.exercise], Category: m.strs[s.category], Unit: m.strs[s.unit],
		DistanceUnit: m.strs[s.distanceUnit], Kind: m.strs[s.kind]}
	if s.note.len != 0 {
		f.Note = m.texts.get(s.note)
	}
	if s.has&hasWeight != 0 {
		f.Weight = &s.weight
	}
	if s.has&hasReps != 0 {
		f.Reps = &s.reps
	}
	if s.has&hasRPE != 0 {
		f.RPE = &s.rpe
	}
	if s.has&hasDistance != 0 {
		f.Distance = &s.distance
	}
	if s.has&hasMinutes != 0 {
		f.Minutes = &s.minutes
	}
	if s.has&hasSeconds != 0 {
		f.Seconds = &s.seconds
	}
	return f
}

// stateJSON is entity i's state column, as keep marshals it, appended to b.
func (m *memory) stateJSON(b []byte, i uint32) ([]byte, error) {
	if e := m.entity(i); !e.other {
		return appendSetJSON(b, m.unpack(e.set)), nil
	}
	js, err := json.Marshal(m.others[i])
	return append(b, js...), err
}

func (m *memory) Flush(ctx context.Context, w projections.RowWriter) error {
	var failed error
	var buf []byte
	err := w.Write(ctx, "history_entities", []string{"id", "subject", "owner_id", "kind", "name", "position", "state"},
		func(yield func([]any) bool) {
			for _, r := range m.entityRows() {
				id, e := r.id, m.entity(r.i)
				js, err := m.stateJSON(buf[:0], r.i)
				buf = js
				if err != nil {
					failed = err
					return
				}
				if !yield([]any{id, m.strs[m.placeSubjects[e.place]], r.owner, kinds[e.kind], m.strs[e.name], e.position, string(js)}) {
					return
				}
			}
		})
	if err == nil {
		err = failed
	}
	if err != nil {
		return err
	}
	return w.Write(ctx, "history_lines", []string{"position", "owner_id", "subject", "actor_id", "at", "text", "about",
		"about_date", "days_after"}, m.liveLines())
}

// entityRow is a row of history_entities to write.
type entityRow struct {
	owner, id string
	i         uint32
}

// entityRows lists the rows of history_entities in the order of its primary key (owner and
// id), the one index the copy keeps while it is written (its others are built over it
// afterwards): each row goes at the key's end, so a transaction dirties the key's last pages,
// not most of them.
func (m *memory) entityRows() []entityRow {
	rows := make([]entityRow, 0, m.ids.len())
	for id, i := range m.ids.all() {
		if e := m.entity(i); m.alive(e) {
			rows = append(rows, entityRow{m.strs[e.owner], id, i})
		}
	}
	slices.SortFunc(rows, func(a, b entityRow) int {
		return cmp.Or(strings.Compare(a.owner, b.owner), strings.Compare(a.id, b.id))
	})
	return rows
}

// liveLines yields the lines no account closing deleted.
func (m *memory) liveLines() iter.Seq[[]any] {
	return func(yield func([]any) bool) {
		for i := range m.lines {
			l := &m.lines[i]
			if at(m.closed, l.owner) > l.position {
				continue
			}
			if !yield([]any{l.position, m.strs[l.owner], m.strs[l.subject], m.strs[l.actor], l.at, m.texts.get(l.text),
				m.strs[l.about], m.strs[l.aboutDay], int64(l.daysAfter)}) {
				return
			}
		}
	}
}

// textArena keeps the lines' texts in large blocks rather than a string each.
type textArena struct{ blocks [][]byte }

// textRef is a text of the arena: len bytes at off of block.
type textRef struct{ block, off, len uint32 }

const textBlock = 1 << 20

func (a *textArena) add(s string) textRef {
	n := len(a.blocks)
	if n == 0 || len(a.blocks[n-1])+len(s) > cap(a.blocks[n-1]) {
		a.blocks = append(a.blocks, make([]byte, 0, max(textBlock, len(s))))
		n++
	}
	b := a.blocks[n-1]
	r := textRef{block: uint32(n - 1), off: uint32(len(b)), len: uint32(len(s))}
	a.blocks[n-1] = append(b, s...)
	return r
}

func (a *textArena) get(r textRef) string {
	return string(a.blocks[r.block][r.off : r.off+r.len])
}

// appendSetJSON appends the JSON of f as json.Marshal writes it: the fields in order, those
// with omitempty left out when empty, each value written as encoding/json writes it.
func appendSetJSON(b []byte, f workout.SetFields) []byte {
	b = appendJSONString(append(b, `{"exercise":`...), f.Exercise)
	b = appendJSONString(append(b, `,"category":`...), f.Category)
	if f.Weight != nil {
		b = appendJSONFloat(append(b, `,"weight":`...), *f.Weight)
	}
	b = appendJSONString(append(b, `,"unit":`...), f.Unit)
	if f.Reps != nil {
		b = strconv.AppendInt(append(b, `,"reps":`...), int64(*f.Reps), 10)
	}
	if f.RPE != nil {
		b = strconv.AppendInt(append(b, `,"rpe":`...), int64(*f.RPE), 10)
	}
	if f.Distance != nil {
		b = appendJSONFloat(append(b, `,"distance":`...), *f.Distance)
	}
	if f.DistanceUnit != "" {
		b = appendJSONString(append(b, `,"distanceUnit":`...), f.DistanceUnit)
	}
	if f.Minutes != nil {
		b = strconv.AppendInt(append(b, `,"minutes":`...), int64(*f.Minutes), 10)
	}
	if f.Seconds != nil {
		b = strconv.AppendInt(append(b, `,"seconds":`...), int64(*f.Seconds), 10)
	}
	if f.Kind != "" {
		b = appendJSONString(append(b, `,"kind":`...), f.Kind)
	}
	if f.Note != "" {
		b = appendJSONString(append(b, `,"note":`...), f.Note)
	}
	return append(b, '}')
}

// appendJSONString appends s quoted as encoding/json quotes it: as is when it has nothing
// to escape (printable ASCII but for ", \, <, > and &), through encoding/json otherwise.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			js, _ := json.Marshal(s) // a string always marshals
			return append(b, js...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendJSONFloat appends x as encoding/json writes a float64: the shortest decimal that
// reads back as x, in exponent form below 1e-6 and from 1e21, the exponent without a
// leading zero. (No decoded payload holds a NaN or an infinity, which JSON cannot.)
func appendJSONFloat(b []byte, x float64) []byte {
	format := byte('f')
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, x, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
