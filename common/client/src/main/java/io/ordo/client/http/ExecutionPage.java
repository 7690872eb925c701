package io.ordo.client.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A page of executions across state machines.
 *
 * @param executions newest first (without their input and output)
 * @param nextPageToken the token of the next page ({@link ExecutionQuery#next}); null on the last
 */
public record ExecutionPage(List<Execution> executions, String nextPageToken) {
  /** Keeps an unmodifiable copy of the executions. */
  public ExecutionPage {
    executions = List.copyOf(executions);
  }

  /** Whether a page follows this one. */
  public boolean hasNextPage() {
    return nextPageToken != null;
  }

  static ExecutionPage read(JsonNode json) {
    Json.object(json, "a page of executions");
    List<Execution> executions = new ArrayList<>();
    json.path("executions").forEach(execution -> executions.add(Execution.read(execution)));
    return new ExecutionPage(executions, Json.text(json, "nextPageToken"));
  }
}
