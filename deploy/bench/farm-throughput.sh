#!/usr/bin/env bash
# Throughput of no-op tasks with 1, 2 and 3 runner JVMs (8 threads each) on this machine: per
# farm, 5,000 warm-up tasks, then two measured runs of 10,000 through the load generator.
# Needs deploy/target/ordo.jar (mvn -B -q -DskipTests package). Port: ORDO_BENCH_PORT (18092).
set -u
cd "$(dirname "$0")/../.."
port=${ORDO_BENCH_PORT:-18092}
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is taken" >&2; exit 1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
load() {
  java -cp deploy/target/ordo.jar io.ordo.deploy.load.LoadGenerator \
    --url "http://127.0.0.1:$port" --token bench --count "$1" 2>&1
}
for runners in 1 2 3; do
  dir=$work/farm-$runners
  ORDO_DEV_TOKEN=bench deploy/farm start --dir "$dir" --runners "$runners" --http-port "$port" \
    >/dev/null || { echo "farm start failed (logs in $dir/logs)" >&2; exit 1; }
  load 5000 >/dev/null
  for run in 1 2; do
    echo "runners=$runners run=$run $(load 10000 | grep -E 'end to end')"
  done
  deploy/farm stop --dir "$dir" >/dev/null
done
