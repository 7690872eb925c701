// Sample JavaScript task that reports progress: give it a HEARTBEAT timeout and it stays alive
// as long as it heartbeats. parameter.steps (default 5) heartbeats, one per step.
let steps = 5;

function setParameter(p) {
  if (p && typeof p.steps === 'number') {
    steps = p.steps;
  }
}

function run() {
  for (let step = 1; step <= steps; step++) {
    context.heartbeat({step: step, of: steps});
  }
  context.setResult({steps: steps});
}
