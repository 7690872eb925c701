package io.ordo.deploy.load;

import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the histories of many messages with a bounded number of requests in flight and turns each
 * into a {@link TaskTimeline}. A history that cannot be read (after one retry) becomes a timeline
 * marked {@link TaskTimeline#FETCH_FAILED}, so it is reported rather than lost.
 */
final class HistoryReader {
  private final OrdoHttp http;
  private final int concurrency;

  HistoryReader(OrdoHttp http, int concurrency) {
    this.http = http;
    this.concurrency = concurrency;
  }

  Future<List<TaskTimeline>> read(List<String> messageIds) {
    return new BoundedParallel()
        .run(messageIds.size(), concurrency, i -> timeline(messageIds.get(i)))
        .map(
            results -> {
              List<TaskTimeline> timelines = new ArrayList<>(results.size());
              for (AsyncResult<TaskTimeline> result : results) {
                timelines.add(result.result());
              }
              return timelines;
            });
  }

  private Future<TaskTimeline> timeline(String messageId) {
    return http.history(messageId)
        .recover(first -> http.history(messageId))
        .map(events -> TaskTimeline.of(messageId, events))
        .otherwise(failure -> TaskTimeline.unreadable(messageId));
  }
}
