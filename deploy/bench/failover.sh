#!/usr/bin/env bash
# Failover: time from a runner's kill -9 to its tasks running on another runner, over RUNS farm
# runs (default 4) of 3 runners each; FailoverProbe prints each run's median. Set the lock
# settings in the environment, e.g. ORDO_LOCK_LEASE=4 ORDO_LOCK_RENEWAL_PERIOD=1 ORDO_ROUND_INTERVAL=1.
# Needs deploy/target/ordo.jar (mvn -B -q -DskipTests package). Port: ORDO_BENCH_PORT (18091).
set -u
cd "$(dirname "$0")/../.."
port=${ORDO_BENCH_PORT:-18091}
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is taken" >&2; exit 1; fi
work=$(mktemp -d)
keep=false
trap '$keep || rm -rf "$work"' EXIT
for run in $(seq "${RUNS:-4}"); do
  dir=$work/farm-$run
  ORDO_DEV_TOKEN=bench deploy/farm start --dir "$dir" --runners 3 --http-port "$port" \
    >/dev/null || { echo "farm start failed (logs in $dir/logs)" >&2; keep=true; exit 1; }
  java -cp deploy/target/ordo.jar io.ordo.deploy.load.FailoverProbe \
    "http://127.0.0.1:$port" bench "$dir" 1
  deploy/farm stop --dir "$dir" >/dev/null
done
