package io.ordo.queue.store;

/** Names one execution: its tenant and id. */
public record ExecutionKey(String tenant, String executionId) {

  @Override
  public String toString() {
    return tenant + "/" + executionId;
  }
}
