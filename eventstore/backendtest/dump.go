package backendtest

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Dump lists every row of tables, one line each ("table v1 v2 ..."), sorted: two read
// models built differently (live and rebuilt, say) hold the same rows when their dumps are
// equal.
func Dump(t testing.TB, db *sql.DB, tables ...string) []string {
	t.Helper()
	var out []string
	for _, table := range tables {
		rows, err := db.Query(`SELECT * FROM ` + table)
		if err != nil {
			t.Fatalf("dump %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			parts := []string{table}
			for _, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b) // text as text, so a dump can be searched for it
				}
				parts = append(parts, fmt.Sprint(v))
			}
			out = append(out, strings.Join(parts, " "))
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("dump %s: %v", table, err)
		}
		rows.Close()
	}
	slices.Sort(out)
	return out
}
