#!/usr/bin/env bash
# The drain of a running Ordo node's Echo tasks behind an older backlog of a task type that no
# runner runs any more (its runners are gone, or only other runners of the farm run it): the
# claim must not read that backlog on every claim (V27: one walk a task type; before it, one walk
# across types read every such message older than the runnable ones).
#
#   1. pauses the tenant's parallel queue and registers about BACKLOG Echo tasks with wrk
#      (32 connections), then renames their task class in the database to one no runner runs
#      (com.example.GoneTask: what remains when that type's runners are gone);
#   2. registers about N more Echo tasks, activates the queue, and measures until every Echo task
#      has left the task table: N / seconds, from the activation.
#
# The backlog is left waiting (remove it, or throw the database away). Run it on an otherwise idle
# node whose parallel queue of the default tenant is empty.
#
# Usage: deploy/bench/foreign-backlog.sh --url http://127.0.0.1:8080 --token TOKEN \
#          --db postgresql://user@127.0.0.1:5432/ordo  BACKLOG N
# Prints one JSON line: the backlog, the Echo tasks drained, seconds, tasks a second.
set -euo pipefail

url= token= db=
while [ $# -gt 2 ]; do
  case $1 in
    --url) url=$2 ;;
    --token) token=$2 ;;
    --db) db=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
backlog=${1:-} n=${2:-}
[ -n "$url" ] && [ -n "$token" ] && [ -n "$db" ] && [[ "$backlog" =~ ^[1-9][0-9]*$ ]] &&
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 2; }
for tool in psql wrk curl; do
  command -v $tool >/dev/null || { echo "foreign-backlog.sh needs $tool" >&2; exit 2; }
done

gone=com.example.GoneTask
q() { psql -X -q -At "$db" -c "$1"; }
# shellcheck source=echo-load.sh
. "$(dirname "$0")/echo-load.sh"
echo_load backlog
echo_waiting() {
  q "SELECT count(*) FROM im_async_task_info WHERE task_class_name IS DISTINCT FROM '$gone'"
}

active false
until [ "$(echo_waiting)" -ge "$backlog" ]; do register 2; done
q "UPDATE im_async_task_info SET task_class_name = '$gone' WHERE queue_kind = 'P'" >/dev/null
q "ANALYZE im_async_task_info" >/dev/null
until [ "$(echo_waiting)" -ge "$n" ]; do register 2; done
drained=$(echo_waiting)
held=$(q "SELECT count(*) FROM im_async_task_info WHERE task_class_name = '$gone'")
start=$(date +%s%N)
active true
while [ "$(echo_waiting)" != 0 ]; do sleep 0.1; done
end=$(date +%s%N)
awk -v b="$held" -v d="$drained" -v ns=$((end - start)) 'BEGIN {
  printf "{\"backlog\":%d,\"drained\":%d,\"seconds\":%.2f,\"tasksPerSecond\":%.0f}\n",
    b, d, ns / 1e9, d / (ns / 1e9) }'
