package io.ordo.runner.tasktype;

import io.ordo.model.RetryPolicy;
import io.ordo.task.Retry;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** A task class's default retry policy, from its {@link Retry} annotation (null without one). */
final class RetryDefaults {
  private RetryDefaults() {}

  static RetryPolicy of(Class<?> type) {
    Retry retry = type.getAnnotation(Retry.class);
    if (retry == null) {
      return null;
    }
    JsonObject json =
        new JsonObject()
            .put("maximumAttempts", retry.maximumAttempts())
            .put("initialIntervalSeconds", retry.initialIntervalSeconds())
            .put("backoffCoefficient", retry.backoffCoefficient())
            .put(
                "nonRetryableErrors", new JsonArray(java.util.List.of(retry.nonRetryableErrors())));
    if (retry.maximumIntervalSeconds() > 0) {
      json.put("maximumIntervalSeconds", retry.maximumIntervalSeconds());
    }
    try {
      return RetryPolicy.fromJson("@Retry", json);
    } catch (RuntimeException e) {
      throw new InvalidTaskClassException(
          type.getName() + " declares a bad retry policy: " + e.getMessage(), e);
    }
  }
}
