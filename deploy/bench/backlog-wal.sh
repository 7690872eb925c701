#!/usr/bin/env bash
# Where the WAL of an old backlog's drain goes, relation by relation (measurement log, thirty-sixth
# session): on a running all-in-one node and its PostgreSQL,
#
#   1. registers COUNT no-op Echo tasks into the tenant's inactive parallel queue (MillionProbe.java,
#      32 requests in flight);
#   2. waits SETTLE seconds (autovacuum's visits), runs CHECKPOINT and notes the WAL position, so
#      that every page of the backlog is changed for the first time since a checkpoint;
#   3. activates the queue and waits until MEASURE more messages completed (the probe's drain rate);
#   4. reads that span of the WAL with pg_waldump and counts its block references and full-page
#      images by relation, and its records by kind.
#
# The rest of the backlog is left waiting (throw the database away). Run it on an otherwise idle
# node whose default tenant's parallel queue is empty, on a PostgreSQL this machine can read the
# WAL of (pg_waldump runs as the owner of --pgdata).
#
# Usage: deploy/bench/backlog-wal.sh --url http://127.0.0.1:8080 --token TOKEN \
#          --db postgresql://user@127.0.0.1:5432/ordo --pgdata /path/to/pgdata \
#          [--node-pid PID] [--settle 20]  COUNT MEASURE
# Needs java 17, psql, python3 and the server's own major version of pg_waldump: Debian's
# /usr/lib/postgresql/N/bin/pg_waldump, or PG_WALDUMP=/path/to/pg_waldump (the embedded
# PostgreSQL's binaries have none: run the node on a PostgreSQL of your own, ORDO_DB_URL).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
url= token= db= pgdata= node_pid=0 settle=20
while [ $# -gt 2 ]; do
  case $1 in
    --url) url=$2 ;;
    --token) token=$2 ;;
    --db) db=$2 ;;
    --pgdata) pgdata=$2 ;;
    --node-pid) node_pid=$2 ;;
    --settle) settle=$2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ $# -eq 2 ] && [ -n "$url" ] && [ -n "$token" ] && [ -n "$db" ] && [ -d "$pgdata/pg_wal" ] || {
  echo "usage: $0 --url URL --token TOKEN --db POSTGRESQL_URL --pgdata DIR [--node-pid PID] [--settle S] COUNT MEASURE" >&2
  exit 2
}
count=$1 measure=$2

work=$(mktemp -d)
chmod 755 "$work"
probe_pid=
cleanup() {
  [ -n "$probe_pid" ] && kill "$probe_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

version=$(psql "$db" -Atc "SHOW server_version_num")
waldump=${PG_WALDUMP:-/usr/lib/postgresql/$((version / 10000))/bin/pg_waldump}
[ -x "$waldump" ] || { echo "no pg_waldump of PostgreSQL $((version / 10000)) (set PG_WALDUMP)" >&2; exit 1; }
owner=$(stat -c %U "$pgdata")
as_owner() { if [ "$(id -un)" = "$owner" ]; then "$@"; else runuser -u "$owner" -- "$@"; fi; }

PROBE_ACTIVATE_AFTER=$work/go java "$here/MillionProbe.java" "$url" "$token" "$node_pid" "$count" \
  "$measure" >"$work/probe.txt" 2>&1 &
probe_pid=$!
until grep -q '^registered' "$work/probe.txt"; do
  kill -0 "$probe_pid" 2>/dev/null || { cat "$work/probe.txt" >&2; exit 1; }
  sleep 1
done
sleep "$settle"
psql "$db" -qc "CHECKPOINT"
start=$(psql "$db" -Atc "SELECT pg_current_wal_lsn()")
touch "$work/go"
wait "$probe_pid" || { cat "$work/probe.txt" >&2; exit 1; }
probe_pid=
end=$(psql "$db" -Atc "SELECT pg_current_wal_lsn()")
grep '^{' "$work/probe.txt"

psql "$db" -Atc "SELECT relfilenode, relname FROM pg_class WHERE relfilenode <> 0" >"$work/relations.txt"
as_owner "$waldump" -p "$pgdata/pg_wal" -s "$start" -e "$end" >"$work/wal.txt" 2>/dev/null || true
python3 - "$work/relations.txt" "$work/wal.txt" <<'EOF'
import collections, re, sys

names = dict(line.rstrip("\n").split("|", 1) for line in open(sys.argv[1]))
images, references, records = collections.Counter(), collections.Counter(), collections.Counter()
for line in open(sys.argv[2]):
    kind = re.search(r"rmgr: (\w+).*?desc: (\w+)", line)
    if kind:
        records[kind.group(1) + " " + kind.group(2)] += 1
    for block in re.finditer(r"blkref #\d+: rel \d+/\d+/(\d+)( fork \w+)? blk \d+( FPW)?", line):
        relation = names.get(block.group(1), block.group(1)) + (block.group(2) or "")
        references[relation] += 1
        if block.group(3):
            images[relation] += 1
print(f"full-page images: {sum(images.values())}")
for relation, n in images.most_common(15):
    print(f"{n:9d} images {references[relation]:9d} references  {relation}")
print("records:")
for kind, n in records.most_common(15):
    print(f"{n:9d}  {kind}")
EOF
