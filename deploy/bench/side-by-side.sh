#!/usr/bin/env bash
# Ordo side by side with db-scheduler 16.12.0 on one throw-away PostgreSQL, in one run (issue 13):
#
#   1. pgbench: the machine's commit ceiling of the day, 8 clients, ~10 s per script: one small
#      INSERT per transaction (one commit per task) and 32 INSERTs per transaction (batched by 32);
#   2. db-scheduler (deploy/bench/db-scheduler, a standalone Maven project): drain N pre-inserted
#      no-op one-time tasks with 8 threads, lock-and-fetch, on database `dbs`: five warm-up drains
#      of N in the same JVM (BENCH_WARM_DRAINS), then three measured ones (BENCH_MEASURED_DRAINS),
#      of which the median is the figure;
#   3. Ordo's all-in-one node (java -jar $ORDO_JAR, defaults, database `ordo`), driven by the load
#      generator: 5,000 warm-up tasks end to end and five warm-up drains of N (BENCH_WARM_DRAINS);
#      (a) drain of N preloaded tasks, three times (BENCH_MEASURED_DRAINS; the median is the
#      figure); (b) end to end, N tasks registered over HTTP at 32 connections while they run;
#      (c) idle latency, 200 samples; (d) serial, 1,000 queues × 20 Record tasks, end to end
#      (registered while they run) and (e) preloaded (queues activated once every message is
#      registered); (f) as (e) with the drain's no-op Echo instead of Record
#      (whose run is an insert and a commit of its own): the serial queues' own cost, three times
#      (BENCH_MEASURED_DRAINS; the median is the figure);
#      (b') end to end again, registrations from Debian's wrk (installed like the other tools; 32
#      connections, BENCH_WRK_SECONDS=6), checked in the database (every registration completed,
#      each once);
#   4. optional (BENCH_MILLION=1): 1,000,000 waiting messages: the node's heap, and the drain rate
#      over the first 20,000 against (a).
# Then a summary table and one JSON line with every figure. A run in which not every task ran to
# completion exactly once fails the script (exit 1) and keeps its logs.
#
# Figures: db-scheduler's drain = N / (first execution began → N-th ended); Ordo's drain = the
# generator's processingTasksPerSecond (first TaskAccepted → last TaskCompleted, server clock), the
# same span; end to end and serial = endToEndTasksPerSecond (first TaskScheduled → last
# TaskCompleted; registration runs alongside); registration p50/p99 = request sent → 201 received
# (client); idle latency = TaskScheduled → TaskStarted of one task at a time (server clock). The
# million probe (deploy/bench/MillionProbe.java) reads the heap from /metrics after `jcmd PID
# GC.run` and the max sampled every second, and the drain rate from ordo_messages_completed_total.
#
# PostgreSQL runs with its defaults (fsync and synchronous_commit on) from Debian's
# /usr/lib/postgresql/*/bin (installed with apt-get if absent), on a free port, in a temporary
# directory; it is stopped at the end, as is everything else the script started (by PID).
#
# Usage: deploy/bench/side-by-side.sh    (from anywhere; needs java 17, mvn, curl, jq: the script
#        apt-gets jq, curl and postgresql when absent, through sudo when not root)
# Environment:
#   BENCH_N=20000                  tasks per drain / end-to-end run (and db-scheduler's drain)
#   ORDO_JAR=deploy/target/ordo.jar   the node to measure (build: mvn -B -q -DskipTests package)
#   BENCH_SKIP=                    comma list of parts to skip: pgbench, db-scheduler, warmup,
#                                  drain, e2e, e2e-wrk, latency, serial (or ordo: every Ordo part)
#   BENCH_WARMUP=5000              warm-up tasks before (a), end to end
#   BENCH_WARM_DRAINS=5            unmeasured drains of N before each side's measured drains, in the
#                                  same JVM (its JIT warm, as in a running service); the first
#                                  drain's figure is printed too (0: measure the first). Five,
#                                  because both sides keep warming up: on 2026-11-29 db-scheduler's
#                                  drains ran 4,302, 6,988, 7,272, 9,360, 9,339 and then 9,320
#                                  tasks/s, Ordo's 7,072, 6,603, 6,780, 8,651, 13,633, 10,055; with
#                                  one (the default until then) db-scheduler is measured cold
#   BENCH_MEASURED_DRAINS=3        measured drains of N a side after the warm-up, and runs of (f)
#                                  (at least 1); each figure is its median (the lower middle one
#                                  for an even count), every one printed beside it. Single drains
#                                  moved by 20-30 % from run to run (2026-11-29: Ordo's drain
#                                  0.95-1.59x db-scheduler's in five runs of one measured drain a
#                                  side)
#   BENCH_SERIAL_QUEUES=1000, BENCH_SERIAL_COUNT=20   the serial run's shape
#   BENCH_LATENCY_SAMPLES=200      the idle-latency samples
#   BENCH_PGBENCH_SECONDS=10       seconds per pgbench script
#   BENCH_MILLION=1                also run the 1,000,000-waiting probe (long; off by default);
#                                  BENCH_MILLION_COUNT (1000000) and BENCH_MILLION_MEASURE (20000)
#   BENCH_GEN_JAVA_OPTS=-XX:TieredStopAtLevel=1   the load generator's JVM options. The generator
#                                  is a fresh JVM per run, sharing the machine's cores with the node
#                                  and PostgreSQL: with the default tiered JIT its C2 compilations
#                                  took 11-12 s of CPU per 20,000-task end-to-end run, C1 alone 4 s
#                                  (the figures are the node's, on its clock, not the generator's)
#   BENCH_ORDO_JAVA_OPTS=          the node's JVM options (none: the defaults a user gets; set
#                                  them to compare, e.g. -XX:-DontCompileHugeMethods, README Measured)
#   BENCH_KEEP=1                   keep the temporary directory (logs, outputs) even on success
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
N=${BENCH_N:-20000}
ORDO_JAR=${ORDO_JAR:-$root/deploy/target/ordo.jar}
case $ORDO_JAR in /*) ;; *) ORDO_JAR=$(pwd)/$ORDO_JAR ;; esac
SKIP=",${BENCH_SKIP:-},"
WARMUP=${BENCH_WARMUP:-5000}
WARM_DRAINS=${BENCH_WARM_DRAINS:-5}
MEASURED_DRAINS=${BENCH_MEASURED_DRAINS:-3}
[[ $MEASURED_DRAINS =~ ^[1-9][0-9]*$ ]] || {
  echo "BENCH_MEASURED_DRAINS must be a whole number of at least 1, not '$MEASURED_DRAINS'" >&2
  exit 2
}
SERIAL_QUEUES=${BENCH_SERIAL_QUEUES:-1000}
SERIAL_COUNT=${BENCH_SERIAL_COUNT:-20}
LATENCY_SAMPLES=${BENCH_LATENCY_SAMPLES:-200}
PGBENCH_SECONDS=${BENCH_PGBENCH_SECONDS:-10}
MILLION=${BENCH_MILLION:-0}
WRK_SECONDS=${BENCH_WRK_SECONDS:-6}
read -r -a GEN_JAVA_OPTS <<<"${BENCH_GEN_JAVA_OPTS--XX:TieredStopAtLevel=1}"
read -r -a ORDO_JAVA_OPTS <<<"${BENCH_ORDO_JAVA_OPTS:-}"
MILLION_COUNT=${BENCH_MILLION_COUNT:-1000000}
MILLION_MEASURE=${BENCH_MILLION_MEASURE:-20000}
THREADS=8 # db-scheduler's threads: Ordo's default task-runner.max-threads
DB_USER=bench
TOKEN=bench

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() {
  log "FAILED: $*"
  failed=true
  exit 1
}
skip() { [[ $SKIP == *",$1,"* ]]; }
ordo_part() { ! skip ordo && ! skip "$1"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# --- state for the cleanup: only what this script started, by PID ----------------------------------
work=
failed=false
ordo_pid=
current_pid=
pg_started=false
pgbin=
pgdata=
pg_user=

stop_ordo() {
  [ -n "$ordo_pid" ] || return 0
  if kill -0 "$ordo_pid" 2>/dev/null; then
    kill -TERM "$ordo_pid" 2>/dev/null
    for _ in $(seq 90); do kill -0 "$ordo_pid" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$ordo_pid" 2>/dev/null; then
      log "the Ordo node ($ordo_pid) did not stop in 45 s; killing it"
      kill -KILL "$ordo_pid" 2>/dev/null
    fi
  fi
  wait "$ordo_pid" 2>/dev/null
  ordo_pid=
}

# A live (not zombie) postgres process with that PID.
postgres_alive() {
  [ -n "$1" ] && [ "$(cat /proc/"$1"/comm 2>/dev/null)" = postgres ] &&
    [ "$(awk '{print $3}' /proc/"$1"/stat 2>/dev/null)" != Z ]
}

as_pg() { if [ -n "$pg_user" ]; then runuser -u "$pg_user" -- "$@"; else "$@"; fi; }

stop_postgres() {
  $pg_started || return 0
  local pid
  pid=$(head -1 "$pgdata/postmaster.pid" 2>/dev/null)
  as_pg "$pgbin/pg_ctl" -D "$pgdata" -m fast -w -t 60 stop >/dev/null 2>&1
  for _ in $(seq 50); do postgres_alive "$pid" || break; sleep 0.2; done
  if postgres_alive "$pid"; then
    log "PostgreSQL ($pid) did not stop; killing it"
    kill -KILL "$pid" 2>/dev/null
  fi
  pg_started=false
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$current_pid" ] && kill -0 "$current_pid" 2>/dev/null; then
    kill -TERM "$current_pid" 2>/dev/null
    wait "$current_pid" 2>/dev/null
  fi
  stop_ordo
  stop_postgres
  if [ -n "$work" ] && [ -d "$work" ]; then
    if $failed || [ "$status" -ne 0 ] || [ "${BENCH_KEEP:-0}" = 1 ]; then
      log "logs and outputs kept in $work"
    else
      rm -rf "$work"
    fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'failed=true; log "interrupted"; exit 130' INT TERM

# Runs "$@" with a time limit, output to a file, in the background so that a signal to this
# script is handled at once (the trap stops it by its PID).
run_limited() {
  local seconds=$1 out=$2
  shift 2
  timeout -k 15 "$seconds" "$@" >"$out" 2>&1 &
  current_pid=$!
  wait "$current_pid"
  local rc=$?
  current_pid=
  return $rc
}

# A TCP port nothing listens on (probed).
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 12000)) # below the usual ephemeral range (32768-)
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
    if command -v ss >/dev/null && ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then continue; fi
    echo "$port"
    return 0
  done
  return 1
}

json_get() { [ -n "$1" ] && jq -r "$2 // empty" <<<"$1"; }

# --- tools ----------------------------------------------------------------------------------------
need_tools() {
  local missing=()
  command -v java >/dev/null || die "java (17+) is needed"
  command -v curl >/dev/null || missing+=(curl)
  command -v jq >/dev/null || missing+=(jq)
  command -v timeout >/dev/null || missing+=(coreutils)
  if ordo_part e2e-wrk && ! command -v wrk >/dev/null; then missing+=(wrk); fi
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pgbench" ]; then pgbin=$d; break; fi
  done
  [ -n "$pgbin" ] || missing+=(postgresql)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} with apt-get"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
      die "could not install ${missing[*]}"
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -V -r); do
      if [ -x "$d/initdb" ] && [ -x "$d/pgbench" ]; then pgbin=$d; break; fi
    done
    [ -n "$pgbin" ] || die "no PostgreSQL binaries under /usr/lib/postgresql/*/bin"
  fi
  if [ "$(id -u)" -eq 0 ]; then # initdb and postgres refuse to run as root
    id postgres >/dev/null 2>&1 || die "running as root needs the 'postgres' user for the server"
    pg_user=postgres
  fi
}

# --- PostgreSQL -------------------------------------------------------------------------------------
pg_port=
start_postgres() {
  pgdata=$work/pgdata
  mkdir -p "$pgdata" "$work/pgsocket"
  touch "$work/logs/postgres.log"
  if [ -n "$pg_user" ]; then
    chown "$pg_user" "$pgdata" "$work/pgsocket" "$work/logs/postgres.log"
    chmod 755 "$work"
  fi
  chmod 700 "$pgdata"
  as_pg "$pgbin/initdb" -D "$pgdata" -U "$DB_USER" --auth=trust -E UTF8 --no-locale \
    >"$work/logs/initdb.log" 2>&1 || die "initdb failed (see $work/logs/initdb.log)"
  local attempt
  for attempt in 1 2 3; do
    pg_port=$(free_port) || die "no free port for PostgreSQL"
    # The defaults (fsync, synchronous_commit, full_page_writes on; shared_buffers 128MB) except
    # the connection limit, set as Ordo's embedded database sets it. Its log (kept with
    # BENCH_KEEP=1) says when autovacuum ran on which table and when checkpoints ran, to tell
    # whether a slow drain had them beside it; logging them changes nothing else.
    if as_pg "$pgbin/pg_ctl" -D "$pgdata" -l "$work/logs/postgres.log" -w -t 60 \
      -o "-c port=$pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$work/pgsocket -c max_connections=300 -c fsync=on -c synchronous_commit=on -c log_autovacuum_min_duration=0 -c log_checkpoints=on" \
      start >/dev/null 2>&1; then
      pg_started=true
      break
    fi
    log "PostgreSQL did not start on port $pg_port (attempt $attempt)"
  done
  $pg_started || die "PostgreSQL did not start (see $work/logs/postgres.log)"
  for db in pgb dbs ordo; do
    psql_do postgres -c "CREATE DATABASE $db" >/dev/null || die "CREATE DATABASE $db failed"
  done
  pg_version=$(psql_do postgres -Atc "SHOW server_version")
  pg_settings=$(psql_do postgres -Atc "SELECT string_agg(name || '=' || setting, ' ' ORDER BY name) FROM pg_settings WHERE name IN ('fsync','synchronous_commit','full_page_writes','shared_buffers','wal_sync_method')")
  log "PostgreSQL $pg_version on 127.0.0.1:$pg_port ($pg_settings)"
}
psql_do() {
  local db=$1
  shift
  "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pg_port" -U "$DB_USER" -d "$db" "$@"
}

# --- 1. pgbench -------------------------------------------------------------------------------------
pgb_one_tps=
pgb_batch_tps=
run_pgbench() {
  psql_do pgb -c "CREATE TABLE bench_task (id bigserial PRIMARY KEY, payload text NOT NULL, created timestamptz NOT NULL DEFAULT now())" ||
    die "pgbench table"
  printf 'BEGIN;\nINSERT INTO bench_task (payload) VALUES (%s);\nCOMMIT;\n' "'task'" >"$work/one.sql"
  {
    echo 'BEGIN;'
    for _ in $(seq 32); do echo "INSERT INTO bench_task (payload) VALUES ('task');"; done
    echo 'COMMIT;'
  } >"$work/batch32.sql"
  local script
  for script in one batch32; do
    run_limited $((PGBENCH_SECONDS + 120)) "$work/out/pgbench-$script.txt" \
      "$pgbin/pgbench" -n -M prepared -c 8 -j 2 -T "$PGBENCH_SECONDS" -h 127.0.0.1 -p "$pg_port" \
      -U "$DB_USER" -f "$work/$script.sql" pgb || die "pgbench $script failed (see $work/out/pgbench-$script.txt)"
  done
  pgb_one_tps=$(grep -m1 -oP '^tps = \K[0-9.]+' "$work/out/pgbench-one.txt")
  pgb_batch_tps=$(grep -m1 -oP '^tps = \K[0-9.]+' "$work/out/pgbench-batch32.txt")
  [ -n "$pgb_one_tps" ] && [ -n "$pgb_batch_tps" ] || die "no tps in pgbench's output"
  log "pgbench: one commit per row $pgb_one_tps tps; 32 rows per commit $pgb_batch_tps tps ($(calc "$pgb_batch_tps * 32" 0) rows/s)"
}

calc() { awk "BEGIN { v = $1; printf \"%.${2:-1}f\", v }"; }

# --- 2. db-scheduler --------------------------------------------------------------------------------
dbs_json=
dbs_jar=$here/db-scheduler/target/db-scheduler-bench.jar
build_db_scheduler() {
  local newest
  newest=$(find "$here/db-scheduler/pom.xml" "$here/db-scheduler/src" -type f -newer "$dbs_jar" 2>/dev/null | head -1)
  if [ -f "$dbs_jar" ] && [ -z "$newest" ]; then return 0; fi
  command -v mvn >/dev/null || die "mvn is needed to build deploy/bench/db-scheduler"
  log "building deploy/bench/db-scheduler (db-scheduler 16.12.0 from Maven Central)"
  run_limited 900 "$work/logs/db-scheduler-build.log" \
    mvn -B -q -f "$here/db-scheduler/pom.xml" -DskipTests package ||
    die "building deploy/bench/db-scheduler failed (see $work/logs/db-scheduler-build.log)"
}
run_db_scheduler() {
  log "db-scheduler: drain of $N tasks, $THREADS threads"
  run_limited $((600 + N / 10)) "$work/out/db-scheduler.txt" \
    java -jar "$dbs_jar" --url "jdbc:postgresql://127.0.0.1:$pg_port/dbs" --user "$DB_USER" \
    --count "$N" --threads "$THREADS" --timeout-s $((300 + N / 10)) --warmup-rounds "$WARM_DRAINS" \
    --measured-rounds "$MEASURED_DRAINS"
  local rc=$?
  dbs_json=$(grep '^{' "$work/out/db-scheduler.txt" | tail -1)
  [ $rc -eq 0 ] && [ "$(json_get "$dbs_json" .ok)" = true ] ||
    die "db-scheduler: not every task ran exactly once, or the run failed (see $work/out/db-scheduler.txt)"
  log "db-scheduler: median $(json_get "$dbs_json" .tasksPerSecond) tasks/s of $(json_get "$dbs_json" '.measuredTasksPerSecond | map(tostring) | join(", ")') (warm-up drains: $(json_get "$dbs_json" '.warmupTasksPerSecond | map(tostring) | join(", ")') tasks/s), every task exactly once, table empty"
}

# --- 3. Ordo ----------------------------------------------------------------------------------------
ordo_port=
start_ordo() {
  [ -f "$ORDO_JAR" ] || die "no $ORDO_JAR (mvn -B -q -DskipTests package, or set ORDO_JAR)"
  ordo_port=$(free_port) || die "no free port for Ordo"
  mkdir -p "$work/node"
  log "Ordo: java ${ORDO_JAVA_OPTS[*]:+${ORDO_JAVA_OPTS[*]} }-jar $ORDO_JAR on http://127.0.0.1:$ordo_port (database ordo, defaults)"
  (cd "$work/node" && exec env ORDO_DB_URL="postgresql://$DB_USER@127.0.0.1:$pg_port/ordo" \
    ORDO_DEV_TOKEN="$TOKEN" ORDO_HTTP_PORT="$ordo_port" java "${ORDO_JAVA_OPTS[@]}" -jar "$ORDO_JAR") \
    >"$work/logs/ordo.log" 2>&1 &
  ordo_pid=$!
  local deadline=$((SECONDS + 180))
  until curl -sf --max-time 5 "http://127.0.0.1:$ordo_port/health/ready" >/dev/null 2>&1; do
    kill -0 "$ordo_pid" 2>/dev/null || die "the Ordo node exited (see $work/logs/ordo.log)"
    [ $SECONDS -lt $deadline ] || die "the Ordo node was not ready in 180 s (see $work/logs/ordo.log)"
    sleep 0.5
  done
  log "Ordo ready (pid $ordo_pid)"
}

# load NAME SECONDS generator-arguments…: runs the load generator, checks that every task ran to
# completion (and, for serial, in order), leaves its JSON line in $load_json.
load_json=
load() {
  local name=$1 seconds=$2
  shift 2
  local out=$work/out/ordo-$name.txt
  log "Ordo $name: $*"
  run_limited "$seconds" "$out" java "${GEN_JAVA_OPTS[@]}" -cp "$ORDO_JAR" \
    io.ordo.deploy.load.LoadGenerator \
    --url "http://127.0.0.1:$ordo_port" --token "$TOKEN" "$@"
  local rc=$?
  load_json=$(grep '^{' "$out" | tail -1)
  kill -0 "$ordo_pid" 2>/dev/null || die "the Ordo node died during $name (see $work/logs/ordo.log)"
  [ $rc -eq 0 ] && [ -n "$load_json" ] || die "Ordo $name failed (exit $rc; see $out)"
  case $(json_get "$load_json" .mode) in
  throughput | serial)
    local completed registered
    completed=$(json_get "$load_json" .completed)
    registered=$(json_get "$load_json" .registered)
    [ "$(json_get "$load_json" .allCompleted)" = true ] && [ "$completed" = "$registered" ] &&
      [ "$(json_get "$load_json" .registrationsRefused)" = 0 ] ||
      die "Ordo $name: not every task completed ($completed of $registered; see $out)"
    if [ "$(json_get "$load_json" .mode)" = serial ] && [ "$(json_get "$load_json" .serialOrderViolations)" != 0 ]; then
      die "Ordo $name: serial order violated (see $out)"
    fi
    local again
    again=$(json_get "$load_json" .startedMoreThanOnce)
    [ "${again:-0}" = 0 ] || log "warning: $again tasks of $name started more than once (at-least-once redelivery)"
    log "Ordo $name: $completed of $registered completed, each once; $(grep -E '^  (end to end|processing)' "$out" | tr -s ' ' | tr '\n' ';')"
    ;;
  latency)
    [ "$(json_get "$load_json" .failedSamples)" = 0 ] || die "Ordo $name: samples failed (see $out)"
    log "Ordo $name: $(grep -E 'received → started' "$out" | tr -s ' ')"
    ;;
  esac
}

# median_run JSON…: the generator's line of the run with the median processing rate (the lower
# middle one for an even count), with every run's rate beside it (measuredTasksPerSecond).
median_run() {
  printf '%s\n' "$@" | jq -sc '
    (map(.processingTasksPerSecond)) as $rates
    | (sort_by(.processingTasksPerSecond) | .[(length - 1) / 2 | floor])
    + {measuredTasksPerSecond: $rates}'
}

million_json=
run_million() {
  log "Ordo million: registering $MILLION_COUNT waiting messages, then draining $MILLION_MEASURE (long)"
  run_limited 14400 "$work/out/ordo-million.txt" java "$here/MillionProbe.java" \
    "http://127.0.0.1:$ordo_port" "$TOKEN" "$ordo_pid" "$MILLION_COUNT" "$MILLION_MEASURE"
  local rc=$?
  million_json=$(grep '^{' "$work/out/ordo-million.txt" | tail -1)
  [ $rc -eq 0 ] && [ -n "$million_json" ] || die "the million probe failed (see $work/out/ordo-million.txt)"
  log "Ordo million: $million_json"
}

# (b') end to end with wrk (Debian's `wrk`): the same registrations (Echo, 32
# connections) from a C load generator, which leaves the two cores more to the node and PostgreSQL
# than the JVM generator does; it runs WRK_SECONDS, so its count is what the node took in that time
# (wrk counts the answers it read; up to one registration per connection is still in flight then).
# Checked in the database afterwards: every registration completed, each once; the rate is the
# completions over first registration → last completion (server clocks, from the history).
wrk_json= wrk_rate=
run_wrk() {
  local out=$work/out/ordo-end-to-end-wrk.txt script=$work/register.lua since outstanding deadline
  cat >"$script" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $TOKEN"
wrk.body = '{"taskClassName": "Echo", "parameter": {"wrk": true}}'
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests": %d, "non2xx": %d, "socketErrors": %d, "p50": %.1f, "p99": %.1f}\\n',
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
LUA
  since=$(psql_do ordo -Atc "SELECT coalesce(max(event_time), '-infinity') FROM ordo_history_event")
  log "Ordo end-to-end-wrk: wrk -t2 -c32 -d${WRK_SECONDS}s (Echo)"
  run_limited $((WRK_SECONDS + 60)) "$out" wrk -t2 -c32 -d"${WRK_SECONDS}s" --latency -s "$script" \
    "http://127.0.0.1:$ordo_port/api/v1/parallel-queue/tasks" || die "wrk failed (see $out)"
  deadline=$((SECONDS + 120))
  until outstanding=$(psql_do ordo -Atc "SELECT count(*) FROM im_async_task_info") && [ "$outstanding" = 0 ]; do
    [ $SECONDS -lt $deadline ] || die "Ordo end-to-end-wrk: $outstanding messages left after 120 s"
    sleep 0.5
  done
  local wrk_line checked
  wrk_line=$(sed -n 's/^WRK //p' "$out")
  checked=$(psql_do ordo -Atc "
    WITH s AS (SELECT tenant, execution_id, event_time FROM ordo_history_event
               WHERE event_type = 'TaskScheduled' AND event_time > '$since'),
         c AS (SELECT e.execution_id, e.event_time FROM ordo_history_event e
               JOIN s ON e.tenant = s.tenant AND e.execution_id = s.execution_id
               WHERE e.event_type = 'TaskCompleted')
    SELECT json_build_object('registered', (SELECT count(*) FROM s),
      'completed', (SELECT count(*) FROM c), 'completedOnce', (SELECT count(DISTINCT execution_id) FROM c),
      'seconds', extract(epoch FROM (SELECT max(event_time) FROM c) - (SELECT min(event_time) FROM s)))")
  wrk_json=$(jq -cn --argjson w "$wrk_line" --argjson c "$checked" \
    '$w + $c + {tasksPerSecond: (if $c.seconds > 0 then ($c.completed / $c.seconds * 10 | round / 10) else null end)}')
  [ "$(json_get "$wrk_json" .non2xx)" = 0 ] && [ "$(json_get "$wrk_json" .socketErrors)" = 0 ] &&
    # wrk counts the answers it read: up to one request per connection was still in flight at the end
    [ "$(json_get "$wrk_json" '.registered >= .requests and .registered <= .requests + 32')" = true ] &&
    [ "$(json_get "$wrk_json" .completed)" = "$(json_get "$wrk_json" .registered)" ] &&
    [ "$(json_get "$wrk_json" .completedOnce)" = "$(json_get "$wrk_json" .completed)" ] ||
    die "Ordo end-to-end-wrk: not every registration completed exactly once: $wrk_json (see $out)"
  log "Ordo end-to-end-wrk: $wrk_json"
}

# --- summary ----------------------------------------------------------------------------------------
ratio() { # ratio A B: A/B with two decimals, empty if either is missing
  [ -n "${1:-}" ] && [ -n "${2:-}" ] && awk "BEGIN { if ($2 > 0) printf \"%.2f\", $1 / $2 }"
}
ratio_text() { # ratio_text A B WHAT: "  = A/B x WHAT", nothing if either is missing
  local r
  r=$(ratio "${1:-}" "${2:-}")
  [ -n "$r" ] && printf '  = %s x %s' "$r" "$3"
}
mib() { [ -n "${1:-}" ] && [ "$1" -ge 0 ] 2>/dev/null && awk "BEGIN { printf \"%.0f\", $1 / 1048576 }"; }
row() { printf '  %-62s %s\n' "$1" "${2:-—}"; }

# --- the run ----------------------------------------------------------------------------------------
need_tools
work=$(mktemp -d "${TMPDIR:-/tmp}/ordo-side-by-side.XXXXXX")
mkdir -p "$work/logs" "$work/out"
log "work directory $work; N=$N; $(nproc) cores; $(java -version 2>&1 | head -1); generator JVM options: ${GEN_JAVA_OPTS[*]:-none}; node JVM options: ${ORDO_JAVA_OPTS[*]:-none}"
skip db-scheduler || build_db_scheduler
start_postgres

skip pgbench || run_pgbench
skip db-scheduler || run_db_scheduler

warm_json= drain_json= e2e_json= latency_json= serial_json= serial_drain_json= serial_echo_json= first_drain_json=
if ! skip ordo && { ! skip warmup || ! skip drain || ! skip e2e || ! skip latency || ! skip serial || [ "$MILLION" = 1 ]; }; then
  start_ordo
  if ordo_part warmup; then load warm-up $((600 + WARMUP / 5)) --count "$WARMUP"; warm_json=$load_json; fi
  if ordo_part drain; then
    for ((i = 1; i <= WARM_DRAINS; i++)); do
      load "warm-up-drain-$i" $((600 + N / 5)) --preload --count "$N"
      [ $i = 1 ] && first_drain_json=$load_json
    done
    drains=()
    for ((i = 1; i <= MEASURED_DRAINS; i++)); do
      load "drain-$i" $((600 + N / 5)) --preload --count "$N"
      drains+=("$load_json")
    done
    drain_json=$(median_run "${drains[@]}")
  fi
  if ordo_part e2e; then load end-to-end $((600 + N / 5)) --count "$N" --concurrency 32; e2e_json=$load_json; fi
  if ordo_part e2e-wrk; then
    if command -v wrk >/dev/null; then run_wrk; else log "no wrk installed (apt-get install wrk): end to end with wrk skipped"; fi
  fi
  if ordo_part latency; then load latency $((600 + LATENCY_SAMPLES * 2)) --mode latency --count "$LATENCY_SAMPLES"; latency_json=$load_json; fi
  if ordo_part serial; then
    load serial $((900 + SERIAL_QUEUES * SERIAL_COUNT / 5)) --mode serial --queues "$SERIAL_QUEUES" --count "$SERIAL_COUNT"
    serial_json=$load_json
    load serial-preloaded $((900 + SERIAL_QUEUES * SERIAL_COUNT / 5)) --mode serial --preload --queues "$SERIAL_QUEUES" --count "$SERIAL_COUNT"
    serial_drain_json=$load_json
    # the drain's no-op task in the same queues: the serial queues' own cost, without Record's commit
    runs=()
    for ((i = 1; i <= MEASURED_DRAINS; i++)); do
      load "serial-preloaded-echo-$i" $((900 + SERIAL_QUEUES * SERIAL_COUNT / 5)) --mode serial --preload --task Echo --queues "$SERIAL_QUEUES" --count "$SERIAL_COUNT"
      runs+=("$load_json")
    done
    serial_echo_json=$(median_run "${runs[@]}")
  fi
  [ "$MILLION" = 1 ] && run_million
  stop_ordo
fi
stop_postgres

dbs_rate=$(json_get "$dbs_json" .tasksPerSecond)
drain_rate=$(json_get "$drain_json" .processingTasksPerSecond)
e2e_rate=$(json_get "$e2e_json" .endToEndTasksPerSecond)
serial_rate=$(json_get "$serial_json" .endToEndTasksPerSecond)
serial_drain_rate=$(json_get "$serial_drain_json" .processingTasksPerSecond)
serial_echo_rate=$(json_get "$serial_echo_json" .processingTasksPerSecond)
first_drain_rate=$(json_get "$first_drain_json" .processingTasksPerSecond)
dbs_first_rate=$(json_get "$dbs_json" '.warmupTasksPerSecond[0] // empty')
million_rate=$(json_get "$million_json" .drainTasksPerSecond)
pgb_batch_rows=$([ -n "$pgb_batch_tps" ] && calc "$pgb_batch_tps * 32" 0)

echo
echo "== side by side: N=$N, $(nproc) cores, PostgreSQL ${pg_version:-?} (fsync, synchronous_commit on), $(date -u +%F) =="
echo "   Ordo: $ORDO_JAR ($(date -u -r "$ORDO_JAR" +'%F %T' 2>/dev/null) UTC), JVM options: ${ORDO_JAVA_OPTS[*]:-none}"
[ -n "$pgb_one_tps" ] && row "pgbench, 1 INSERT per commit, 8 clients" "$(calc "$pgb_one_tps" 0) tx/s = $(calc "$pgb_one_tps" 0) rows/s"
[ -n "$pgb_batch_tps" ] && row "pgbench, 32 INSERTs per commit, 8 clients" "$(calc "$pgb_batch_tps" 0) tx/s = $pgb_batch_rows rows/s"
[ -n "$dbs_first_rate" ] && row "db-scheduler first drain (cold JVM; not the measured one)" "$(calc "$dbs_first_rate" 1) tasks/s"
[ -n "$dbs_rate" ] && row "db-scheduler 16.12.0 drain ($THREADS threads, lock-and-fetch), median" "$(calc "$dbs_rate" 1) tasks/s"
[ -n "$dbs_rate" ] && row "  measured drains" "$(json_get "$dbs_json" '.measuredTasksPerSecond | map(tostring) | join(", ")') tasks/s"
[ -n "$warm_json" ] && row "Ordo warm-up ($WARMUP, end to end)" "$(json_get "$warm_json" .endToEndTasksPerSecond) tasks/s"
[ -n "$first_drain_rate" ] && row "Ordo first drain (after the warm-up; not the measured one)" \
  "$first_drain_rate tasks/s$(ratio_text "$first_drain_rate" "$dbs_first_rate" "db-scheduler's first")"
[ -n "$drain_rate" ] && row "Ordo drain ($N preloaded; first accept to last completion), median" \
  "$drain_rate tasks/s$(ratio_text "$drain_rate" "$dbs_rate" "db-scheduler")"
[ -n "$drain_rate" ] && row "  measured drains" "$(json_get "$drain_json" '.measuredTasksPerSecond | map(tostring) | join(", ")') tasks/s"
if [ -n "$e2e_rate" ]; then
  row "Ordo end to end ($N registered over HTTP, 32 connections)" \
    "$e2e_rate tasks/s$(ratio_text "$e2e_rate" "$dbs_rate" "db-scheduler drain")"
  row "  registration round trip p50 / p99" \
    "$(json_get "$e2e_json" .registrationRoundTripMillis.p50) / $(json_get "$e2e_json" .registrationRoundTripMillis.p99) ms"
fi
if [ -n "$wrk_json" ]; then
  wrk_rate=$(json_get "$wrk_json" .tasksPerSecond)
  row "Ordo end to end, wrk ($(json_get "$wrk_json" .requests) in ${WRK_SECONDS} s, 32 connections)" \
    "$wrk_rate tasks/s$(ratio_text "$wrk_rate" "$dbs_rate" "db-scheduler drain")"
  row "  registration round trip p50 / p99 (wrk)" \
    "$(json_get "$wrk_json" .p50) / $(json_get "$wrk_json" .p99) ms"
fi
if [ -n "$latency_json" ]; then
  row "Ordo idle, received to started p50 / p99 (server clock)" \
    "$(json_get "$latency_json" .receivedToStartedMillis.p50) / $(json_get "$latency_json" .receivedToStartedMillis.p99) ms"
  row "  sent to started p50 / p99 (client clock)" \
    "$(json_get "$latency_json" .sentToStartedMillis.p50) / $(json_get "$latency_json" .sentToStartedMillis.p99) ms"
fi
[ -n "$serial_rate" ] && row "Ordo serial ($SERIAL_QUEUES queues x $SERIAL_COUNT Record, end to end)" \
  "$serial_rate tasks/s$(ratio_text "$serial_rate" "$drain_rate" "Ordo drain")"
[ -n "$serial_drain_rate" ] && row "Ordo serial ($SERIAL_QUEUES queues x $SERIAL_COUNT Record, preloaded)" \
  "$serial_drain_rate tasks/s$(ratio_text "$serial_drain_rate" "$drain_rate" "Ordo drain")"
[ -n "$serial_echo_rate" ] && row "Ordo serial ($SERIAL_QUEUES queues x $SERIAL_COUNT Echo, preloaded), median" \
  "$serial_echo_rate tasks/s$(ratio_text "$serial_echo_rate" "$drain_rate" "Ordo drain")"
[ -n "$serial_echo_rate" ] && row "  measured runs" "$(json_get "$serial_echo_json" '.measuredTasksPerSecond | map(tostring) | join(", ")') tasks/s"
if [ -n "$million_json" ]; then
  row "Ordo heap, $MILLION_COUNT waiting: after GC / max sampled" \
    "$(mib "$(json_get "$million_json" .heapUsedAfterGcBytes)") / $(mib "$(json_get "$million_json" .heapUsedMaxBytes)") MiB"
  row "Ordo drain of the first $MILLION_MEASURE, $MILLION_COUNT waiting" \
    "$million_rate tasks/s$(ratio_text "$million_rate" "$drain_rate" "the $N drain")"
fi

summary=$(jq -cn \
  --arg date "$(date -u +%FT%TZ)" --arg jar "$ORDO_JAR" --arg pg "${pg_version:-}" \
  --arg ordoJavaOpts "${ORDO_JAVA_OPTS[*]:-}" \
  --argjson n "$N" --argjson cores "$(nproc)" \
  --arg pgbOne "${pgb_one_tps:-}" --arg pgbBatch "${pgb_batch_tps:-}" \
  --argjson dbs "${dbs_json:-null}" --argjson warm "${warm_json:-null}" --argjson drain "${drain_json:-null}" \
  --argjson e2e "${e2e_json:-null}" --argjson lat "${latency_json:-null}" --argjson serial "${serial_json:-null}" \
  --argjson million "${million_json:-null}" --argjson serialDrain "${serial_drain_json:-null}" \
  --argjson wrk "${wrk_json:-null}" --arg wrkRatio "$(ratio "${wrk_rate:-}" "$dbs_rate")" \
  --argjson serialEcho "${serial_echo_json:-null}" --arg serialEchoRatio "$(ratio "$serial_echo_rate" "$drain_rate")" \
  --argjson firstDrain "${first_drain_json:-null}" --arg serialDrainRatio "$(ratio "$serial_drain_rate" "$drain_rate")" \
  --arg drainRatio "$(ratio "$drain_rate" "$dbs_rate")" --arg e2eRatio "$(ratio "$e2e_rate" "$dbs_rate")" \
  --arg serialRatio "$(ratio "$serial_rate" "$drain_rate")" --arg millionRatio "$(ratio "$million_rate" "$drain_rate")" '
  def num: if . == "" or . == null then null else tonumber end;
  {date: $date, n: $n, cores: $cores, postgresql: $pg, ordoJar: $jar, ordoJavaOptions: $ordoJavaOpts,
   pgbench: {onePerCommitTps: ($pgbOne | num), batch32Tps: ($pgbBatch | num),
             batch32RowsPerSecond: (if $pgbBatch == "" then null else ($pgbBatch | tonumber) * 32 end)},
   dbScheduler: (if $dbs == null then null else {tasksPerSecond: $dbs.tasksPerSecond, measuredTasksPerSecond: $dbs.measuredTasksPerSecond, warmupTasksPerSecond: $dbs.warmupTasksPerSecond, threads: $dbs.threads, executedOnce: $dbs.executedOnce} end),
   ordo: {
     warmupTasksPerSecond: $warm.endToEndTasksPerSecond, firstDrainTasksPerSecond: $firstDrain.processingTasksPerSecond,
     drainTasksPerSecond: $drain.processingTasksPerSecond, measuredDrainsTasksPerSecond: $drain.measuredTasksPerSecond, drainRatioToDbScheduler: ($drainRatio | num),
     endToEndTasksPerSecond: $e2e.endToEndTasksPerSecond, endToEndRatioToDbSchedulerDrain: ($e2eRatio | num),
     registrationP50Millis: $e2e.registrationRoundTripMillis.p50, registrationP99Millis: $e2e.registrationRoundTripMillis.p99,
     endToEndWrk: (if $wrk == null then null else $wrk + {ratioToDbSchedulerDrain: ($wrkRatio | num)} end),
     idleReceivedToStartedP50Millis: $lat.receivedToStartedMillis.p50, idleReceivedToStartedP99Millis: $lat.receivedToStartedMillis.p99,
     serialTasksPerSecond: $serial.endToEndTasksPerSecond, serialRatioToDrain: ($serialRatio | num),
     serialPreloadedTasksPerSecond: $serialDrain.processingTasksPerSecond, serialPreloadedRatioToDrain: ($serialDrainRatio | num),
     serialEchoPreloadedTasksPerSecond: $serialEcho.processingTasksPerSecond, serialEchoPreloadedRunsTasksPerSecond: $serialEcho.measuredTasksPerSecond, serialEchoPreloadedRatioToDrain: ($serialEchoRatio | num),
     million: (if $million == null then null else $million + {drainRatioTo20k: ($millionRatio | num)} end)}}')
echo "$summary"
