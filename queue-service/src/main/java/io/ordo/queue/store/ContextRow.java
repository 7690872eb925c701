package io.ordo.queue.store;

import io.vertx.core.json.JsonObject;

/**
 * A message's registration context (SPEC 3.6), as stored in {@code im_async_context_info}.
 *
 * @param principal who registered the message
 * @param locale the caller's locale (BCP 47), if given
 * @param timeZone the caller's time zone (IANA id), if given
 * @param traceId the W3C trace id, if the request carried a {@code traceparent}
 * @param traceparent the whole {@code traceparent} header
 * @param attributes free attributes given by the caller
 * @param role the role of whoever registered the message ({@code submitter}, {@code operator},
 *     {@code admin}); null when unknown (the least privilege is meant)
 */
public record ContextRow(
    String principal,
    String locale,
    String timeZone,
    String traceId,
    String traceparent,
    JsonObject attributes,
    String role) {

  /** No context at all. */
  public static final ContextRow NONE = new ContextRow(null, null, null, null, null, null, null);

  public JsonObject toJson(String tenant) {
    return new JsonObject()
        .put("tenant", tenant)
        .put("principal", principal)
        .put("locale", locale)
        .put("timeZone", timeZone)
        .put("traceId", traceId)
        .put("traceparent", traceparent)
        .put("attributes", attributes == null ? new JsonObject() : attributes)
        .put("role", role);
  }

  public static ContextRow fromJson(JsonObject json) {
    return new ContextRow(
        json.getString("principal"),
        json.getString("locale"),
        json.getString("timeZone"),
        json.getString("traceId"),
        json.getString("traceparent"),
        json.getJsonObject("attributes"),
        json.getString("role"));
  }
}
