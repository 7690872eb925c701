package io.ordo.queue.bus;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.bus.QueueApi;
import io.ordo.model.Caller;
import io.ordo.model.QueueIds;
import io.ordo.model.QueueKind;
import io.ordo.model.Role;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;
import java.util.regex.Pattern;

/**
 * Reads an event-bus API request: the caller from its headers, the members from its body, with the
 * checks the HTTP API's OpenAPI document makes before a route sees a request. Every refusal is
 * {@code invalid_request}, as over HTTP.
 */
final class BusRequests {
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 1000;
  private static final Pattern TENANT = Pattern.compile("^[A-Za-z0-9_.-]{1,255}$");
  private static final int MAX_MESSAGE_ID_LENGTH = 64;

  private BusRequests() {}

  static QueueApi.Action action(MultiMap headers) {
    String name = headers.get(QueueApi.ACTION);
    QueueApi.Action action = QueueApi.Action.fromWireName(name);
    if (action == null) {
      throw invalid("unknown or missing action header: " + name);
    }
    return action;
  }

  /** The caller the trusted headers name: tenant required, role operator unless given. */
  static Caller caller(MultiMap headers) {
    String tenant = headers.get(QueueApi.TENANT);
    if (tenant == null || !TENANT.matcher(tenant).matches()) {
      throw invalid("the tenant header must be 1 to 255 letters, digits, '_', '.' or '-'");
    }
    String roleName = headers.get(QueueApi.ROLE);
    Role role;
    try {
      role = roleName == null ? Role.OPERATOR : Role.parse(roleName);
    } catch (IllegalArgumentException e) {
      throw invalid(e.getMessage());
    }
    String principal = headers.get(QueueApi.PRINCIPAL);
    return new Caller(tenant, role, principal == null ? QueueApi.DEFAULT_PRINCIPAL : principal);
  }

  static String queueId(JsonObject body) {
    return QueueIds.require(string(body, "queueId"));
  }

  static String messageId(JsonObject body) {
    String messageId = string(body, "messageId");
    if (messageId == null || messageId.isEmpty() || messageId.length() > MAX_MESSAGE_ID_LENGTH) {
      throw invalid("messageId must be 1 to " + MAX_MESSAGE_ID_LENGTH + " characters");
    }
    return messageId;
  }

  /** The {@code queue} member: a queue kind, or null for any. */
  static QueueKind queueKind(JsonObject body) {
    String queue = string(body, "queue");
    if (queue == null) {
      return null;
    }
    if (!queue.equals("parallel") && !queue.equals("serial")) {
      throw invalid("queue must be parallel or serial, got " + queue);
    }
    return QueueKind.fromApiName(queue);
  }

  static int limit(JsonObject body, String name, int fallback) {
    Object value = body.getValue(name);
    if (value == null) {
      return fallback;
    }
    int min = name.equals("limit") ? 0 : 1; // limit 0: the counts without lists, as over HTTP
    if (!(value instanceof Integer || value instanceof Long)
        || ((Number) value).longValue() < min
        || ((Number) value).longValue() > MAX_LIMIT) {
      throw invalid(
          name + " must be an integer from " + min + " to " + MAX_LIMIT + ", got " + value);
    }
    return ((Number) value).intValue();
  }

  static boolean bool(JsonObject body, String name, Boolean fallback) {
    Object value = body.getValue(name);
    if (value == null) {
      if (fallback == null) {
        throw invalid(name + " is required");
      }
      return fallback;
    }
    if (!(value instanceof Boolean flag)) {
      throw invalid(name + " must be a boolean, got " + value);
    }
    return flag;
  }

  static String string(JsonObject body, String name) {
    Object value = body.getValue(name);
    if (value != null && !(value instanceof String)) {
      throw invalid(name + " must be a string, got " + value);
    }
    return (String) value;
  }

  /**
   * Checks the types of a registration's members, which the registration service reads without
   * checking (the HTTP schema has done it there).
   */
  static JsonObject registration(JsonObject body) {
    for (String name : new String[] {"taskClassName", "jsPath", "sentTime", "idempotencyKey"}) {
      string(body, name);
    }
    object(body, "parameter");
    object(body, "timeouts");
    JsonObject context = object(body, "context");
    if (context != null) {
      string(context, "locale");
      string(context, "timeZone");
      object(context, "attributes");
    }
    if (body.containsKey("stopProgressOnError")) {
      bool(body, "stopProgressOnError", false);
    }
    return body;
  }

  private static JsonObject object(JsonObject body, String name) {
    Object value = body.getValue(name);
    if (value != null && !(value instanceof JsonObject)) {
      throw invalid(name + " must be an object or null");
    }
    return (JsonObject) value;
  }

  static TaskControlException invalid(String message) {
    return new TaskControlException(ErrorCode.INVALID_REQUEST, message);
  }
}
