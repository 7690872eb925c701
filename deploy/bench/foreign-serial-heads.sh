#!/usr/bin/env bash
# A serial run of a running Ordo node behind QUEUES serial queues whose heads no claim can take:
# their task type no runner runs any more (its runners are gone, or only other runners of the farm
# run it), or, with --delayed, their time has not come (a delay or a retry's back-off, which holds
# the queue). The claim must not read those queues on every claim (V28: the runnable heads' index is
# keyed by task type and has the heads with a time apart; before it, one walk passed every such
# queue whose head was older than the runnable ones, a queue row and a head lookup each, on every
# claim).
#
#   1. inserts QUEUES active serial queues of the tenant `elsewhere` into the database, each with
#      one waiting message received an hour ago: of com.example.GoneTask (what remains of a type
#      whose runners are gone; written straight into the tables, since no registration accepts a
#      type no runner ever published), or with --delayed of Echo, not before an hour from now: the
#      triggers give each queue its runnable-head hint;
#   2. runs the load generator's serial run (1,000 queues × 20 preloaded Echo tasks) RUNS times and
#      prints each run's processing rate.
#
# The foreign queues are left waiting (remove them, or throw the database away).
#
# Usage: deploy/bench/foreign-serial-heads.sh --url http://127.0.0.1:8080 --token TOKEN \
#          --db postgresql://user@127.0.0.1:5432/ordo --jar deploy/target/ordo.jar [--delayed] \
#          QUEUES RUNS
set -euo pipefail

url= token= db= jar= delayed=
while [ $# -gt 2 ]; do
  case $1 in
    --delayed) delayed=1; shift; continue ;;
    --url) url=$2 ;;
    --token) token=$2 ;;
    --db) db=$2 ;;
    --jar) jar=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
queues=${1:-} runs=${2:-}
[ -n "$url" ] && [ -n "$token" ] && [ -n "$db" ] && [ -r "$jar" ] &&
  [[ "$queues" =~ ^[1-9][0-9]*$ ]] && [[ "$runs" =~ ^[1-9][0-9]*$ ]] ||
  { sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 2; }
command -v psql >/dev/null || { echo "foreign-serial-heads.sh needs psql" >&2; exit 2; }

if [ -n "$delayed" ]; then
  type=io.ordo.samples.EchoTask not_before="now() + interval '1 hour'"
else
  type=com.example.GoneTask not_before=NULL
fi
psql -X -q -v ON_ERROR_STOP=1 "$db" <<SQL
INSERT INTO im_async_queue_info (tenant, queue_kind, queue_id, active, created_at)
  SELECT 'elsewhere', 'S', 'gone-' || i, true, now() FROM generate_series(1, $queues) AS i;
INSERT INTO im_async_task_info (tenant, message_id, queue_kind, queue_id, position, state,
    task_class_name, timeouts, sent_at, received_at, last_event_id, scheduled_event_id, not_before)
  SELECT 'elsewhere', gen_random_uuid(), 'S', 'gone-' || i, 1, 'WAITING', '$type',
    '{}'::jsonb, now() - interval '1 hour', now() - interval '1 hour' + i * interval '1 ms', 1, 1,
    $not_before
  FROM generate_series(1, $queues) AS i;
ANALYZE im_async_task_info, im_async_queue_info;
SQL
for run in $(seq "$runs"); do
  # C1 only: the generator shares the machine's cores with the node (side-by-side.sh does the same)
  java -XX:TieredStopAtLevel=1 -cp "$jar" io.ordo.deploy.load.LoadGenerator --url "$url" \
    --token "$token" --mode serial --preload --task Echo --queues 1000 --count 20 2>/dev/null |
    tail -1 | sed "s/^/{\"foreignQueues\":$queues,\"delayed\":${delayed:-0},\"run\":$run,\"report\":/; s/\$/}/"
done
