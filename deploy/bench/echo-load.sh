# Sourced by the benchmark scripts that load a running node with wrk (cpu-split.sh,
# foreign-backlog.sh); needs $url and $token set, and defines:
#   echo_load NAME    writes wrk's script registering Echo tasks (parameter {NAME: true}) to a
#                     temporary file removed at exit, as $lua
#   register SECONDS  registers Echo tasks for SECONDS at 32 connections
#   active true|false makes the default tenant's parallel queue active or inactive
echo_load() {
  lua=$(mktemp)
  trap 'rm -f "$lua"' EXIT
  cat >"$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.body = '{"taskClassName": "Echo", "parameter": {"$1": true}}'
LUA
}
register() { wrk -t2 -c32 -d"${1}s" -s "$lua" "$url/api/v1/parallel-queue/tasks" >/dev/null; }
active() {
  curl -sf -X PUT -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"active\": $1}" "$url/api/v1/parallel-queue/active" >/dev/null
}
