package io.ordo.queue.statemachine;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/** Copies of JSON values, so that no two runs share a mutable document. */
final class Values {
  private Values() {}

  static Object copy(Object value) {
    if (value instanceof JsonObject object) {
      return object.copy();
    }
    if (value instanceof JsonArray array) {
      return array.copy();
    }
    return value;
  }
}
