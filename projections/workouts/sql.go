package workouts

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gymlog/gymlog/projections"
)

// sqlSource reads rows of the tables into memory and writes rows back, in few statements:
// the storage of the live read model. It decides nothing.
type sqlSource struct {
	ctx                 context.Context
	tx                  projections.Tx
	workouts, sets, pbs string
}

func newSQLSource(ctx context.Context, tx projections.Tx) *sqlSource {
	return &sqlSource{ctx: ctx, tx: tx, workouts: tx.Table("workouts"), sets: tx.Table("workout_sets"),
		pbs: tx.Table("personal_bests")}
}

// The columns of each table, in the order rows are read, written and flushed.
var (
	workoutColumnList = []string{"id", "user_id", "name", "date", "start_time", "finish_time", "is_finished", "plan_name",
		"set_count", "done_count", "volume_kg", "exercise_names", "started_at", "plan_id", "plan_notes", "notes"}
	setColumnList = []string{"id", "workout_id", "user_id", "exercise", "exercise_key", "category", "weight",
		"weight_unit", "weight_kg", "reps", "rpe", "done", "pb", "distance", "distance_unit", "minutes", "seconds",
		"logged_at", "seq", "history_key", "set_number", "kind", "note"}
	bestColumnList = []string{"user_id", "exercise_key", "exercise", "set_id", "weight", "weight_unit", "weight_kg",
		"reps", "date", "previous_value", "history_key"}
	workoutCols, setCols, bestCols = strings.Join(workoutColumnList, ", "), strings.Join(setColumnList, ", "),
		strings.Join(bestColumnList, ", ")
)

// maxRowsPerStatement bounds the rows of one multi-row statement, and so its parameters (23
// a row at most): far below what SQLite and PostgreSQL accept.
const maxRowsPerStatement = 400

func (q *sqlSource) workoutRows(ids []string) ([]*workoutRow, error) {
	var out []*workoutRow
	for chunk := range slices.Chunk(ids, maxRowsPerStatement) {
		chunk = padded(slices.Clone(chunk))
		rows, err := q.tx.QueryContext(q.ctx, `SELECT `+workoutCols+` FROM `+q.workouts+` WHERE id IN (`+params(0, len(chunk))+`)`,
			anys(chunk)...)
		if err != nil {
			return nil, fmt.Errorf("read workouts: %w", err)
		}
		for rows.Next() {
			w, err := scanWorkoutRow(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out = append(out, w)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func scanWorkoutRow(rows *sql.Rows) (*workoutRow, error) {
	w := &workoutRow{}
	var names string
	if err := rows.Scan(&w.id, &w.user, &w.name, &w.date, &w.start, &w.finish, &w.finished, &w.planName, &w.setCount,
		&w.doneCount, &w.volume, &names, &w.startedAt, &w.planID, &w.planNotes, &w.notes); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(names), &w.names); err != nil {
		return nil, fmt.Errorf("exercise names of %s: %w", w.id, err)
	}
	if len(w.names) == 0 {
		w.names = nil
	}
	return w, nil
}

// setRows reads the sets of the workouts of workoutIDs and those refs names.
func (q *sqlSource) setRows(workoutIDs []string, refs []setRef) ([]*setRow, error) {
	var out []*setRow
	for len(workoutIDs) > 0 || len(refs) > 0 {
		w, x := workoutIDs[:min(len(workoutIDs), maxRowsPerStatement)], refs[:min(len(refs), maxRowsPerStatement)]
		workoutIDs, refs = workoutIDs[len(w):], refs[len(x):]
		var where []string
		var args []any
		if len(w) > 0 {
			w = padded(slices.Clone(w))
			where = append(where, `workout_id IN (`+params(0, len(w))+`)`)
			args = anys(w)
		}
		where, args = whereSets(where, args, x)
		sets, err := q.query(`SELECT `+setCols+` FROM `+q.sets+` WHERE `+strings.Join(where, " OR "), args...)
		if err != nil {
			return nil, err
		}
		out = append(out, sets...)
	}
	return out, nil
}

// whereSets adds to where, with their arguments, the conditions that find the sets refs
// names, one a user: "(user_id = $3 AND id IN ($4, $5))".
func whereSets(where []string, args []any, refs []setRef) ([]string, []any) {
	byUser := map[string][]string{}
	var users []string
	for _, r := range refs {
		if byUser[r.user] == nil {
			users = append(users, r.user)
		}
		byUser[r.user] = append(byUser[r.user], r.id)
	}
	for _, u := range users {
		ids := padded(byUser[u])
		where = append(where, `(user_id = $`+strconv.Itoa(len(args)+1)+` AND id IN (`+params(len(args)+1, len(ids))+`))`)
		args = append(append(args, u), anys(ids)...)
	}
	return where, args
}

func (q *sqlSource) query(query string, args ...any) ([]*setRow, error) {
	rows, err := q.tx.QueryContext(q.ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read sets: %w", err)
	}
	defer rows.Close()
	var out []*setRow
	for rows.Next() {
		x, err := scanSetRowAfter(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// histRange is the sets of a user's exercise to read: from history key from up to to (to
// the end when to is empty), and the newest two bests before from.
type histRange struct{ user, key, from, to string }

// histories reads ranges, all in one statement: the sets of each, and its bests before.
func (q *sqlSource) histories(ranges []histRange) (sets, before [][]*setRow, err error) {
	sets, before = make([][]*setRow, len(ranges)), make([][]*setRow, len(ranges))
	for start := 0; start < len(ranges); start += maxRowsPerStatement / 4 {
		chunk := ranges[start:min(len(ranges), start+maxRowsPerStatement/4)]
		var parts []string
		var args []any
		for i, r := range chunk {
			n := len(args)
			tag := strconv.Itoa(start + i)
			upper := ""
			args = append(args, r.user, r.key, r.from)
			if r.to != "" {
				upper = ` AND history_key < $` + strconv.Itoa(n+4)
				args = append(args, r.to)
			}
			parts = append(parts, `SELECT `+tag+`, 0, `+setCols+` FROM `+q.sets+` WHERE user_id = $`+strconv.Itoa(n+1)+
				` AND exercise_key = $`+strconv.Itoa(n+2)+` AND history_key >= $`+strconv.Itoa(n+3)+upper,
				`SELECT * FROM (SELECT `+tag+`, 1, `+setCols+` FROM `+q.sets+` WHERE user_id = $`+strconv.Itoa(n+1)+
					` AND exercise_key = $`+strconv.Itoa(n+2)+` AND pb = TRUE AND history_key < $`+strconv.Itoa(n+3)+
					` ORDER BY history_key DESC LIMIT 2) b`+tag)
		}
		rows, err := q.tx.QueryContext(q.ctx, strings.Join(parts, " UNION ALL "), args...)
		if err != nil {
			return nil, nil, fmt.Errorf("read histories: %w", err)
		}
		for rows.Next() {
			var i, part int
			x, err := scanSetRowAfter(rows, &i, &part)
			if err != nil {
				rows.Close()
				return nil, nil, err
			}
			if part == 0 {
				sets[i] = append(sets[i], x)
			} else {
				before[i] = append(before[i], x)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, err
		}
	}
	for i := range before {
		slices.SortFunc(before[i], func(a, b *setRow) int { return byHK(b, a) })
	}
	return sets, before, nil
}

// scanSetRowAfter reads a set's columns after the columns of first.
func scanSetRowAfter(rows *sql.Rows, first ...any) (*setRow, error) {
	x := &setRow{}
	var reps, rpe, minutes, seconds sql.NullInt64
	var distanceUnit sql.NullString
	if err := rows.Scan(append(first, &x.id, &x.workout, &x.user, &x.exercise, &x.key, &x.category, &x.weight, &x.unit,
		&x.kg, &reps, &rpe, &x.done, &x.pb, &x.distance, &distanceUnit, &minutes, &seconds, &x.loggedAt, &x.seq, &x.hk,
		&x.number, &x.kind, &x.note)...); err != nil {
		return nil, err
	}
	x.reps, x.rpe, x.minutes, x.seconds, x.distanceUnit = intPtr(reps), intPtr(rpe), intPtr(minutes), intPtr(seconds),
		distanceUnit.String
	return x, nil
}

func (q *sqlSource) closeAccount(user string) error {
	for _, t := range []string{q.sets, q.pbs, q.workouts} {
		if err := q.tx.Defer(q.ctx, `DELETE FROM `+t+` WHERE user_id = $1`, user); err != nil {
			return err
		}
	}
	return nil
}

// writeBack writes the rows changed since the last write-back: many rows to a statement,
// deferred so that on PostgreSQL they travel with the commit.
func (m *memory) writeBack() error {
	q := m.src
	var deletedSets []setRef
	var puts, inserts [][]any
	for _, r := range slices.SortedFunc(maps.Keys(m.dirtySets), compareSetRefs) {
		switch x := m.sets[r]; {
		case x == nil:
			deletedSets = append(deletedSets, r)
		case m.newSets[r]:
			inserts = append(inserts, setValues(make([]any, len(setColumnList)), x))
		default:
			puts = append(puts, setValues(make([]any, len(setColumnList)), x))
		}
	}
	if err := q.deleteSets(deletedSets); err != nil {
		return err
	}
	if err := q.upsert(q.sets, setColumnList, "", inserts); err != nil {
		return err
	}
	if err := q.upsert(q.sets, setColumnList, "id, user_id", puts); err != nil {
		return err
	}
	var deleted []string
	puts = puts[:0]
	var totals []*workoutRow
	for _, id := range slices.Sorted(maps.Keys(m.dirtyWorkouts)) {
		e := m.workouts[id]
		switch was := m.wasWorkouts[id]; {
		case e == nil || e.row == nil:
			deleted = append(deleted, id)
		case was != nil && sameButTotals(was, e.row):
			totals = append(totals, e.row)
		default:
			puts = append(puts, workoutValues(make([]any, len(workoutColumnList)), e.row))
		}
	}
	if err := q.delete(q.workouts, deleted); err != nil {
		return err
	}
	if err := q.updateTotals(totals); err != nil {
		return err
	}
	if err := q.upsert(q.workouts, workoutColumnList, "id", puts); err != nil {
		return err
	}
	puts = puts[:0]
	var none []any
	var where []string
	for _, k := range slices.SortedFunc(maps.Keys(m.dirtyBests), compareHistKeys) {
		if b := m.bestRows[k]; b != nil {
			puts = append(puts, bestValues(make([]any, len(bestColumnList)), b))
			continue
		}
		where = append(where, fmt.Sprintf("(user_id = $%d AND exercise_key = $%d)", len(none)+1, len(none)+2))
		if none = append(none, k.user, k.key); len(where) == maxRowsPerStatement {
			if err := q.tx.Defer(q.ctx, `DELETE FROM `+q.pbs+` WHERE `+strings.Join(where, " OR "), none...); err != nil {
				return err
			}
			none, where = nil, nil
		}
	}
	if len(where) > 0 {
		if err := q.tx.Defer(q.ctx, `DELETE FROM `+q.pbs+` WHERE `+strings.Join(where, " OR "), none...); err != nil {
			return err
		}
	}
	if err := q.upsert(q.pbs, bestColumnList, "user_id, exercise_key", puts); err != nil {
		return err
	}
	clear(m.dirtySets)
	clear(m.newSets)
	clear(m.dirtyWorkouts)
	clear(m.wasWorkouts)
	clear(m.dirtyBests)
	return nil
}

// sameButTotals reports whether two rows of a workout differ at most in its totals and
// exercise names, all that a set logged changes.
func sameButTotals(a, b *workoutRow) bool {
	// Every column but the totals, whichever columns a row gains: a list of them here missed
	// the notes when they came (the property test caught it).
	x, y := *a, *b
	for _, r := range []*workoutRow{&x, &y} {
		r.setCount, r.doneCount, r.volume, r.names, r.finish = 0, 0, 0, nil, nil
	}
	return eqPtr(a.finish, b.finish) && reflect.DeepEqual(x, y)
}

// updateTotals writes the totals and exercise names of workouts, many to a statement.
func (q *sqlSource) updateTotals(ws []*workoutRow) error {
	for chunk := range slices.Chunk(ws, maxRowsPerStatement) {
		args := make([]any, 0, 5*len(chunk))
		rows := make([]string, len(chunk))
		for i, w := range chunk {
			args = append(args, w.id, w.setCount, w.doneCount, w.volume, namesJSON(w.names))
			j := 5 * i
			rows[i] = fmt.Sprintf("($%d, CAST($%d AS BIGINT), CAST($%d AS BIGINT), CAST($%d AS DOUBLE PRECISION), $%d)",
				j+1, j+2, j+3, j+4, j+5)
		}
		if err := q.tx.Defer(q.ctx, `UPDATE `+q.workouts+` SET set_count = v.column2, done_count = v.column3,
			volume_kg = v.column4, exercise_names = v.column5 FROM (VALUES `+strings.Join(rows, ", ")+`) AS v
			WHERE `+q.workouts+`.id = v.column1`, args...); err != nil {
			return fmt.Errorf("write workouts' totals: %w", err)
		}
	}
	return nil
}

func compareHistKeys(a, b histKey) int {
	return cmp.Or(strings.Compare(a.user, b.user), strings.Compare(a.key, b.key))
}

// deleteSets deletes the sets refs names.
func (q *sqlSource) deleteSets(refs []setRef) error {
	for chunk := range slices.Chunk(refs, maxRowsPerStatement) {
		where, args := whereSets(nil, nil, chunk)
		if err := q.tx.Defer(q.ctx, `DELETE FROM `+q.sets+` WHERE `+strings.Join(where, " OR "), args...); err != nil {
			return err
		}
	}
	return nil
}

func (q *sqlSource) delete(table string, ids []string) error {
	for chunk := range slices.Chunk(ids, maxRowsPerStatement) {
		if err := q.tx.Defer(q.ctx, `DELETE FROM `+table+` WHERE id IN (`+params(0, len(chunk))+`)`, anys(chunk)...); err != nil {
			return err
		}
	}
	return nil
}

// upsert inserts rows or replaces the rows of their keys; with no key, it inserts rows new
// to the table (the cheaper statement).
func (q *sqlSource) upsert(table string, columns []string, key string, rows [][]any) error {
	conflict := ""
	if key != "" {
		set := make([]string, 0, len(columns))
		for _, c := range columns {
			if !slices.Contains(strings.Split(key, ", "), c) {
				set = append(set, c+" = excluded."+c)
			}
		}
		conflict = ` ON CONFLICT (` + key + `) DO UPDATE SET ` + strings.Join(set, ", ")
	}
	for chunk := range slices.Chunk(rows, maxRowsPerStatement) {
		args := make([]any, 0, len(chunk)*len(columns))
		for _, r := range chunk {
			args = append(args, r...)
		}
		if err := q.tx.Defer(q.ctx, `INSERT INTO `+table+` (`+strings.Join(columns, ", ")+`) VALUES `+
			placeholders(len(chunk), len(columns))+conflict, args...); err != nil {
			return fmt.Errorf("write %s: %w", table, err)
		}
	}
	return nil
}

// workoutValues fills row with the columns of w, typed as they are written.
func workoutValues(row []any, w *workoutRow) []any {
	var finish any
	if w.finish != nil {
		finish = *w.finish
	}
	row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7] = w.id, w.user, w.name, w.date, w.start, finish,
		w.finished, w.planName
	row[8], row[9], row[10], row[11], row[12], row[13], row[14] = w.setCount, w.doneCount, w.volume, namesJSON(w.names),
		w.startedAt, w.planID, w.planNotes
	row[15] = w.notes
	return row
}

// setValues fills row with the columns of x.
func setValues(row []any, x *setRow) []any {
	row[0], row[1], row[2], row[3], row[4], row[5] = x.id, x.workout, x.user, x.exercise, x.key, x.category
	row[6], row[7], row[8], row[9], row[10], row[11], row[12] = opt(x.weight), x.unit, opt(x.kg), optInt(x.reps),
		optInt(x.rpe), x.done, x.pb
	row[13], row[14], row[15], row[16] = opt(x.distance), x.distanceUnit, optInt(x.minutes), optInt(x.seconds)
	row[17], row[18], row[19], row[20], row[21], row[22] = x.loggedAt, x.seq, x.hk, x.number, x.kind, x.note
	return row
}

// bestValues fills row with the columns of b.
func bestValues(row []any, b *bestRow) []any {
	row[0], row[1], row[2], row[3], row[4], row[5] = b.user, b.key, b.exercise, b.setID, opt(b.weight), b.unit
	row[6], row[7], row[8], row[9], row[10] = opt(b.kg), optInt(b.reps), b.date, opt(b.previous), b.hk
	return row
}

func opt(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

func optInt(v *int) any {
	if v == nil {
		return nil
	}
	return int64(*v)
}

func anys(values []string) []any {
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = v
	}
	return out
}

// padded lengthens a list to the next power of two by repeating its last value (every
// statement here reads a repeated value as it does the value once), so that lists of any
// length share a few statement texts, each planned once per connection.
func padded(values []string) []string {
	n := len(values)
	if n == 0 {
		return values
	}
	size := 1
	for size < n {
		size *= 2
	}
	for range size - n {
		values = append(values, values[n-1])
	}
	return values
}

// placeholders returns n rows of width parameters each: "($1, $2), ($3, $4)".
func placeholders(n, width int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = "(" + params(i*width, width) + ")"
	}
	return strings.Join(rows, ", ")
}

// params returns n parameters after the first from: "$3, $4" for 2, 2.
func params(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(from+i+1)
	}
	return strings.Join(ps, ", ")
}
