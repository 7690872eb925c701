#!/usr/bin/env bash
# Throughput of no-op tasks with 1, 2 and 3 runner JVMs (8 threads each) on this machine: per
# farm, 5,000 warm-up tasks, then two measured runs of 10,000 through the load generator.
# A run in which not every task completed is reported with the farm's logs kept (exit status 1).
# Needs deploy/target/ordo.jar (mvn -B -q -DskipTests package). Port: ORDO_BENCH_PORT (18092);
# farm sizes: ORDO_BENCH_RUNNERS ("1 2 3").
set -u
cd "$(dirname "$0")/../.."
port=${ORDO_BENCH_PORT:-18092}
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is taken" >&2; exit 1; fi
work=$(mktemp -d)
keep=false
trap '$keep || rm -rf "$work"' EXIT
load() {
  # C1 only: the generator's own C2 compilations would take cores from the farm (see side-by-side.sh)
  java -XX:TieredStopAtLevel=1 -cp deploy/target/ordo.jar io.ordo.deploy.load.LoadGenerator \
    --url "http://127.0.0.1:$port" --token bench --count "$1" >"$2" 2>&1
}
for runners in ${ORDO_BENCH_RUNNERS:-1 2 3}; do
  dir=$work/farm-$runners
  ORDO_DEV_TOKEN=bench deploy/farm start --dir "$dir" --runners "$runners" --http-port "$port" \
    >/dev/null || { echo "farm start failed (logs in $dir/logs)" >&2; keep=true; exit 1; }
  for run in warm-up 1 2; do
    out=$dir/load-$run.txt
    if [ "$run" = warm-up ]; then load 5000 "$out"; else load 10000 "$out"; fi
    if ! grep -q 'completed .*(all)' "$out"; then
      echo "runners=$runners run=$run: not every task completed; see $out and $dir/logs" >&2
      keep=true
      deploy/farm stop --dir "$dir" >/dev/null
      exit 1
    fi
    [ "$run" = warm-up ] || echo "runners=$runners run=$run $(grep -E 'end to end' "$out")"
  done
  deploy/farm stop --dir "$dir" >/dev/null
done
