package io.ordo.runner.script;

import io.ordo.bus.ClaimedTask;
import io.ordo.client.EventBusTaskManager;
import io.ordo.client.impl.EventBusTransport;
import io.ordo.config.OrdoConfig.ScriptOptions;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.runner.tasktype.TaskFactory;
import io.ordo.script.ScriptEngine;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.time.Duration;

/** Makes the {@link ScriptTask}s of a runner: one engine (and script cache) per runner. */
public final class ScriptTasks {
  /** How long a WorkManager call waits for the queue service. */
  static final Duration WORK_MANAGER_TIMEOUT = Duration.ofSeconds(30);

  private final ScriptEngine engine;
  private final long maxInstructions;
  private final Vertx vertx;

  public ScriptTasks(ScriptOptions options, Vertx vertx) {
    this.engine = ScriptEngine.of(options);
    this.maxInstructions = options.maxInstructions();
    this.vertx = vertx;
  }

  /** The factory of a claimed JavaScript task's instance. */
  public TaskFactory factory(ClaimedTask claimed) {
    return () -> {
      JsWorkManager workManager = workManager(claimed);
      return new ScriptTask(engine, claimed.jsPath(), maxInstructions, workManager::create);
    };
  }

  /**
   * The script's WorkManager acts for its tenant, as the principal that registered it and with the
   * role it had (a submitter's script cannot manage queues).
   */
  private JsWorkManager workManager(ClaimedTask claimed) {
    JsonObject context = claimed.context() == null ? new JsonObject() : claimed.context();
    String role = context.getString("role");
    Caller caller =
        new Caller(
            claimed.tenant(),
            role == null ? Role.SUBMITTER : Role.parse(role),
            context.getString("principal"));
    return new JsWorkManager(
        EventBusTaskManager.create(vertx, caller, WORK_MANAGER_TIMEOUT),
        new EventBusTransport(vertx.eventBus(), caller, WORK_MANAGER_TIMEOUT),
        WORK_MANAGER_TIMEOUT);
  }
}
