package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A page of the task list.
 *
 * @param tasks newest received first
 * @param nextPageToken the token of the next page ({@link TaskQuery#next}); null on the last page
 */
public record TaskPage(List<Entry> tasks, String nextPageToken) {
  /**
   * One task of the list.
   *
   * @param info its task info (state DISPOSED with its outcome once finished)
   * @param status WAITING, RUNNING, or how it ended (COMPLETED, FAILED, ..., LEASE_EXPIRED)
   * @param error a failed task's error name; else null
   * @param endTime when it ended; null while live
   * @param durationMillis from its start (or reception, if it never started) to its end; null while
   *     live
   */
  public record Entry(
      RegisteredTaskInfo info, String status, String error, Instant endTime, Long durationMillis) {
    static Entry read(JsonNode json) {
      JsonNode duration = json.get("durationMillis");
      return new Entry(
          RegisteredTaskInfo.read(json),
          Json.text(json, "status"),
          Json.text(json, "error"),
          Json.instant(json, "endTime"),
          duration == null || duration.isNull() ? null : duration.asLong());
    }
  }

  /** Keeps an unmodifiable copy of the tasks. */
  public TaskPage {
    tasks = List.copyOf(tasks);
  }

  /** Whether a page follows this one. */
  public boolean hasNextPage() {
    return nextPageToken != null;
  }

  static TaskPage read(JsonNode json) {
    Json.object(json, "a page of tasks");
    List<Entry> tasks = new ArrayList<>();
    json.path("tasks").forEach(task -> tasks.add(Entry.read(task)));
    return new TaskPage(tasks, Json.text(json, "nextPageToken"));
  }
}
