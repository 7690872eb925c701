package io.ordo.queue.statemachine;

/** Names one execution: its tenant and id. */
record ExecutionKey(String tenant, String executionId) {

  @Override
  public String toString() {
    return tenant + "/" + executionId;
  }
}
