#!/usr/bin/env bash
# The CPU a task costs, split by who spends it: a running Ordo node's JVM and each of its
# PostgreSQL backends, grouped by what the backend runs (claims, registrations, report batches),
# over one measured workload on that node:
#
#   drain N    registers about N Echo tasks with wrk while the tenant's parallel queue is paused,
#              then activates it and measures until the task table is empty;
#   wrk S      registers Echo tasks with wrk at 32 connections for S seconds (end to end), and
#              measures until the task table is empty again.
#
# Read from /proc (utime + stime of the node's process and of every backend of the node's database
# that lives through the run), not from pg_stat_statements: on a machine whose cores are all busy,
# a statement's time counts the time its backend waited for a core, so it shrinks or grows with the
# contention, not only with the work (deploy/bench/MEASUREMENTS.md, tenth session). Backends are
# counted by the pool they serve, which each connection names as its application_name:
# ordo-queue-claim (claims), ordo-queue-hot (registrations and report batches), ordo-queue (the
# rest of the queue service), ordo-history-read, ordo-runner...; the psql connections of this
# script are left out. Run it on the machine of the node and PostgreSQL.
#
# Usage: deploy/bench/cpu-split.sh --url http://127.0.0.1:8080 --token TOKEN --pid NODE_PID \
#          --db postgresql://user@127.0.0.1:5432/ordo  drain 40000 | wrk 10
# Prints one JSON line: tasks, seconds, node and backend CPU in µs a task, and by kind; the
# machine's busy CPU time in µs a task (all cores and processes, /proc/stat: the node and backends,
# PostgreSQL's background processes such as autovacuum and the WAL writer, wrk, the kernel) and the
# share of its CPU time that was idle or waiting for I/O.
set -euo pipefail

url= token= pid= db=
while [ $# -gt 2 ]; do
  case $1 in
    --url) url=$2 ;;
    --token) token=$2 ;;
    --pid) pid=$2 ;;
    --db) db=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
mode=${1:-} amount=${2:-}
[ -n "$url" ] && [ -n "$token" ] && [ -n "$pid" ] && [ -n "$db" ] && [ -n "$amount" ] &&
  { [ "$mode" = drain ] || [ "$mode" = wrk ]; } ||
  { sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 2; }
for tool in psql wrk curl jq; do
  command -v $tool >/dev/null || { echo "cpu-split.sh needs $tool" >&2; exit 2; }
done
[ -r "/proc/$pid/stat" ] || { echo "no process $pid" >&2; exit 2; }

q() { psql -X -q -At "$db" -c "$1"; }
dbname=$(q "SELECT current_database()")
# shellcheck source=echo-load.sh
. "$(dirname "$0")/echo-load.sh"
echo_load split
empty() { [ "$(q "SELECT NOT EXISTS (SELECT 1 FROM im_async_task_info)")" = t ]; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
closed() { q "SELECT count(*) FROM ordo_history_execution WHERE kind = 'task'"; }
# the node's backends, pid and pool (a connection names its pool as its application_name; an Ordo
# before that: what the backend ran last)
backends() {
  psql -X -q -At -F' ' "$db" -c "SELECT pid, CASE
      WHEN application_name LIKE 'ordo-%' THEN application_name
      WHEN query LIKE 'WITH owner AS%' THEN 'claims'
      WHEN query LIKE 'WITH t AS (SELECT * FROM unnest%' OR query = 'COMMIT' THEN 'hot'
      ELSE 'other' END
    FROM pg_stat_activity WHERE datname = '$dbname' AND backend_type = 'client backend'
      AND pid <> pg_backend_pid() AND application_name NOT LIKE 'psql%'"
}

until empty; do sleep 0.2; done
if [ "$mode" = drain ]; then
  active false
  until [ "$(q "SELECT count(*) FROM im_async_task_info")" -ge "$amount" ]; do register 1; done
fi
declare -A before
while read -r b _; do before[$b]=$(ticks "$b"); done < <(backends)
# the machine's idle and busy time (all cores), to tell a run bound by CPU from one bound by waits
machine() { awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $7 + $8 + $9 }' /proc/stat; }
read -r idle0 busy0 < <(machine)
node0=$(ticks "$pid") closed0=$(closed) start=$(date +%s%N)
if [ "$mode" = drain ]; then active true; else register "$amount"; fi
until empty; do sleep 0.2; done
end=$(date +%s%N) node1=$(ticks "$pid") tasks=$(($(closed) - closed0))
read -r idle1 busy1 < <(machine)
[ "$tasks" -gt 0 ] || { echo "no task ended" >&2; exit 1; }
hz=$(getconf CLK_TCK)
declare -A kinds
total=0
while read -r b kind; do
  [ -n "${before[$b]:-}" ] || continue # a backend that came during the run: not measured whole
  d=$(($(ticks "$b") - before[$b]))
  kinds[$kind]=$((${kinds[$kind]:-0} + d))
  total=$((total + d))
done < <(backends)
per() { awk -v t="$1" -v n="$tasks" -v hz="$hz" 'BEGIN { printf "%.1f", t * 1e6 / hz / n }'; }
byKind=$(for k in "${!kinds[@]}"; do printf '"%s": %s\n' "$k" "$(per "${kinds[$k]}")"; done | paste -sd, -)
jq -cn --arg mode "$mode" --argjson tasks "$tasks" \
  --argjson seconds "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')" \
  --argjson node "$(per $((node1 - node0)))" --argjson backends "$(per "$total")" \
  --argjson byKind "{${byKind}}" \
  --argjson busy "$(per $((busy1 - busy0)))" \
  --argjson idle "$(awk -v i=$((idle1 - idle0)) -v b=$((busy1 - busy0)) 'BEGIN { printf "%.3f", i / (i + b) }')" \
  '{mode: $mode, tasks: $tasks, seconds: $seconds, tasksPerSecond: ($tasks / $seconds | . * 10 | round / 10),
    nodeMicrosPerTask: $node, backendMicrosPerTask: $backends, backendMicrosPerTaskByKind: $byKind,
    machineBusyMicrosPerTask: $busy, machineIdleShare: $idle}'
