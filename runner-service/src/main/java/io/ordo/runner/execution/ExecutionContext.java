package io.ordo.runner.execution;

import io.ordo.bus.ClaimedTask;
import io.ordo.parameter.JavaParameters;
import io.ordo.task.TaskContext;
import io.vertx.core.json.JsonObject;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/** The {@link TaskContext} of one execution, bound to its run thread. */
final class ExecutionContext implements TaskContext {
  private final ClaimedTask claimed;
  private final TaskExecution execution;
  private final JsonObject context;

  ExecutionContext(ClaimedTask claimed, TaskExecution execution) {
    this.claimed = claimed;
    this.execution = execution;
    this.context = claimed.context() == null ? new JsonObject() : claimed.context();
  }

  @Override
  public String messageId() {
    return claimed.messageId();
  }

  @Override
  public String tenant() {
    return claimed.tenant();
  }

  @Override
  public String principal() {
    return context.getString("principal");
  }

  @Override
  public Locale locale() {
    String tag = context.getString("locale");
    return tag == null ? null : Locale.forLanguageTag(tag);
  }

  @Override
  public ZoneId timeZone() {
    String zone = context.getString("timeZone");
    try {
      return zone == null ? null : ZoneId.of(zone);
    } catch (DateTimeException e) {
      return null;
    }
  }

  @Override
  public String traceId() {
    return context.getString("traceId");
  }

  @Override
  public Map<String, Object> attributes() {
    Map<String, Object> attributes =
        JavaParameters.fromJson(context.getJsonObject("attributes", new JsonObject()));
    return attributes == null ? Map.of() : attributes;
  }

  @Override
  public int attempt() {
    return claimed.attempt();
  }

  @Override
  public long fencingToken() {
    return claimed.version();
  }

  @Override
  public void heartbeat(Object details) {
    execution.heartbeat(details);
  }

  @Override
  public void setResult(Object value) {
    execution.setResult(JavaParameters.toJsonValue(value, "result"));
  }

  @Override
  public boolean isReleased() {
    return execution.isReleased();
  }
}
