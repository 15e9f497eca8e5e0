#!/usr/bin/env bash
# serving.sh DB [MEMORY]: starts `gymlog serve` on a SQLite file whose read models are built
# (after `rebuildbench run`), with workouts, progress and history one version behind, as after
# a deploy that bumps them; polls /readyz and /healthz every second while the node rebuilds
# them (a line every ten seconds), and prints the slowest answer, then the node's peak RSS
# (GNU time) once the three are back at their versions. Run from the repository with bin/gymlog
# built (or the binary's path in $GYMLOG).
set -euo pipefail
db=$1
memory=${2:-512MiB}
gymlog=${GYMLOG:-bin/gymlog}
port=18090
versions() {
  sqlite3 "$db" "SELECT group_concat(name || ' ' || version, ', ') FROM (SELECT name, version FROM projection_checkpoints
    WHERE name IN ('workouts', 'progress', 'history') ORDER BY name)"
}
want=$(versions)
sqlite3 "$db" "UPDATE projection_checkpoints SET version = version - 1
  WHERE name IN ('workouts', 'progress', 'history')"
log=$(mktemp)
answers=$(mktemp -d)
trap 'rm -rf "$answers"' EXIT
/usr/bin/time -v "$gymlog" serve -database-url "$db" -addr "127.0.0.1:$port" -rebuild-memory "$memory" \
  -mailbox-dir "$(mktemp -d)" >"$log" 2>&1 &
timer=$!
start=$(date +%s)
slowest=0
while sleep 1; do
  for path in readyz healthz; do
    t=$(curl -s -o "$answers/$path" -w '%{time_total}' "http://127.0.0.1:$port/$path" || echo 0)
    slowest=$(awk -v a="$slowest" -v b="$t" 'BEGIN { print (b > a) ? b : a }')
  done
  body=$(cat "$answers/readyz" 2>/dev/null || true)
  now=$(($(date +%s) - start))
  if [[ $(versions) == "$want" ]]; then
    break
  elif ((now % 10 == 0)); then
    echo "${now}s: $body"
  fi
done
echo "rebuilt in about $(($(date +%s) - start)) s; slowest /readyz or /healthz answer ${slowest} s"
kill -TERM "$(pgrep -P "$timer")"
wait "$timer" || true
grep -E "Maximum resident|Elapsed" "$log"
grep -E "rebuilt|rebuilding projections" "$log" | cut -c1-300
