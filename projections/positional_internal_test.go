package projections

import "testing"

// A query's numbered parameters are made anonymous only when that binds the same arguments:
// $1 … $n each once and in order, dollar signs that are no parameter (in a string, alone)
// left as they are.
func TestPositional(t *testing.T) {
	for query, want := range map[string]string{
		"SELECT 1": "SELECT 1",
		"INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)":                            "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)",
		"UPDATE t SET a = $2 WHERE b = $1":                                          "UPDATE t SET a = $2 WHERE b = $1",
		"INSERT INTO t VALUES ($1, $2) ON CONFLICT (a) DO UPDATE SET b = $2":        "INSERT INTO t VALUES ($1, $2) ON CONFLICT (a) DO UPDATE SET b = $2",
		"SELECT json_extract(s, '$.a'), '$1' FROM t WHERE a = $1 AND b = $2":        "SELECT json_extract(s, '$.a'), '$1' FROM t WHERE a = ? AND b = ?",
		"SELECT $ FROM t WHERE a = $1":                                              "SELECT $ FROM t WHERE a = ?",
		"SELECT * FROM t WHERE a = $1 LIMIT $3":                                     "SELECT * FROM t WHERE a = $1 LIMIT $3",
		"SELECT * FROM t WHERE a IN ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)": "SELECT * FROM t WHERE a IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
	} {
		if got := positional(query); got != want {
			t.Errorf("positional(%q)\n got %q\nwant %q", query, got, want)
		}
	}
}
