package io.ordo.deploy.load;

import io.vertx.core.json.JsonArray;
import java.util.List;

/**
 * Checks, from the histories, what a serial queue promises (SPEC 3.4): in each queue, listed in
 * registration order, every message started no earlier than the previous one ended, so no two ran
 * at once and none overtook an earlier one. Times have millisecond resolution, so two neighbours
 * sharing one millisecond count as ordered.
 */
final class SerialOrderCheck {
  private static final int SAMPLES = 5;

  private int violations;
  private final JsonArray samples = new JsonArray();

  /** Checks one queue's timelines, given in registration order. */
  void checkQueue(String queueId, List<TaskTimeline> inOrder) {
    for (int i = 1; i < inOrder.size(); i++) {
      TaskTimeline previous = inOrder.get(i - 1);
      TaskTimeline current = inOrder.get(i);
      if (current.started() == TaskTimeline.NONE || previous.ended() == TaskTimeline.NONE) {
        continue;
      }
      if (current.started() < previous.ended()) {
        violations++;
        if (samples.size() < SAMPLES) {
          samples.add(
              queueId
                  + ": #"
                  + i
                  + " started "
                  + (previous.ended() - current.started())
                  + " ms before #"
                  + (i - 1)
                  + " ended");
        }
      }
    }
  }

  void describeInto(Report report) {
    report.line(
        "serial order (no overlap, FIFO)",
        violations == 0 ? "kept" : violations + " violations, e.g. " + samples.encode());
    report.figures().put("serialOrderViolations", violations);
  }
}
