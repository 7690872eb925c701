package io.ordo.queue.registration;

import io.ordo.model.RetryPolicy;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.json.JsonObject;

/**
 * The retry policy a registration gets: its own {@code retry} (validated) if it sets one, else its
 * task type's default, else none: a failure ends the message, as it did before retry policies
 * existed. A message opts out of its type's default with {@code "retry": {"maximumAttempts": 1}}.
 */
final class RetryPolicies {
  private RetryPolicies() {}

  static RetryPolicy effective(JsonObject retry, TaskTypeInfo type) {
    RetryPolicy own = RetryPolicy.fromJson("retry", retry);
    return own != null ? own : type.defaultRetry();
  }
}
