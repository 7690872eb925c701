package io.ordo.queue.tasktype;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.Timeouts;
import io.ordo.script.ScriptEngine;
import io.ordo.tasktype.TaskTypeInfo;
import io.ordo.tasktype.TaskTypeStore;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The task types the farm's runners have published, cached. A name the cache does not know is
 * looked up again (at most once a second) before it is refused, so a type a runner just deployed is
 * accepted at once. And the scripts of JavaScript tasks, in this node's scripts directory (every
 * node of a farm sees the same files): a script is checked (inside the directory, compiles) when a
 * message names it. Everything that touches the scripts (compiling one, walking the directory) runs
 * on a worker thread, never on the event loop.
 */
public final class TaskTypeCatalog {
  private static final Duration MISS_REFRESH_INTERVAL = Duration.ofSeconds(1);

  /** The type of every script: no class, no default timeouts. */
  public static final TaskTypeInfo SCRIPT = new TaskTypeInfo(null, List.of(), Timeouts.NONE_AT_ALL);

  private final Pool pool;
  private final TaskTypeStore store;
  private final Clock clock;
  private final ScriptEngine scripts;
  private final Vertx vertx;
  private volatile Snapshot snapshot = new Snapshot(List.of(), Map.of());
  private Instant lastRefresh = Instant.EPOCH;
  private Future<Snapshot> refreshing;

  private record Snapshot(List<TaskTypeInfo> types, Map<String, TaskTypeInfo> byName) {}

  public TaskTypeCatalog(
      Vertx vertx, Pool pool, TaskTypeStore store, Clock clock, ScriptEngine scripts) {
    this.vertx = vertx;
    this.pool = pool;
    this.store = store;
    this.clock = clock;
    this.scripts = scripts;
  }

  /**
   * The type of a script: no class, no default timeouts. The script is compiled (or found in the
   * engine's cache, which a changed file misses) on a worker thread.
   *
   * @throws TaskControlException {@code unknown_task_type} or {@code invalid_script} (as a failed
   *     future)
   */
  public Future<TaskTypeInfo> resolveScript(String jsPath) {
    return vertx.executeBlocking(
        () -> {
          scripts.load(jsPath);
          return SCRIPT;
        },
        false);
  }

  /**
   * Checks scripts on a worker thread; answers the ones that exist and compile, by {@code jsPath}
   * (the others are left out).
   */
  public Future<Set<String>> validScripts(Collection<String> jsPaths) {
    List<String> paths = List.copyOf(jsPaths);
    List<Future<TaskTypeInfo>> checks = paths.stream().map(this::resolveScript).toList();
    return Future.join(checks)
        .transform(
            done -> {
              Set<String> valid = new HashSet<>();
              for (int i = 0; i < paths.size(); i++) {
                if (checks.get(i).succeeded()) {
                  valid.add(paths.get(i));
                }
              }
              return Future.succeededFuture(Set.copyOf(valid));
            });
  }

  /**
   * The task types and the scripts, as {@code GET /api/v1/task-types} lists them; the scripts
   * directory is walked on a worker thread.
   */
  public Future<JsonArray> describe() {
    List<TaskTypeInfo> types = all();
    return vertx.executeBlocking(
        () -> {
          JsonArray described = new JsonArray();
          types.forEach(type -> described.add(type.toJson()));
          scripts
              .directory()
              .list()
              .forEach(
                  path ->
                      described.add(
                          new JsonObject()
                              .put("jsPath", path)
                              .put("aliases", new JsonArray())
                              .put("defaultTimeouts", Timeouts.NONE_AT_ALL.toJson())));
          return described;
        },
        false);
  }

  /** Re-reads the published types. */
  public Future<Void> refresh() {
    if (refreshing == null) {
      lastRefresh = clock.instant();
      refreshing =
          store
              .all(pool)
              .map(this::index)
              .onComplete(
                  done -> {
                    refreshing = null;
                    if (done.succeeded()) {
                      snapshot = done.result();
                    }
                  });
    }
    return refreshing.mapEmpty();
  }

  public List<TaskTypeInfo> all() {
    return snapshot.types();
  }

  /**
   * The type a message names, by class name or alias.
   *
   * @throws TaskControlException {@code unknown_task_type} (as a failed future)
   */
  public Future<TaskTypeInfo> resolve(String name) {
    TaskTypeInfo known = snapshot.byName().get(name);
    if (known != null) {
      return Future.succeededFuture(known);
    }
    boolean mayRefresh = clock.instant().isAfter(lastRefresh.plus(MISS_REFRESH_INTERVAL));
    Future<Void> refreshed =
        mayRefresh || refreshing != null ? refresh() : Future.succeededFuture();
    return refreshed.compose(
        v -> {
          TaskTypeInfo found = snapshot.byName().get(name);
          return found != null ? Future.succeededFuture(found) : Future.failedFuture(unknown(name));
        });
  }

  /** The type of a name if the cache knows it (no lookup); null otherwise. */
  public TaskTypeInfo cached(String name) {
    return snapshot.byName().get(name);
  }

  private Snapshot index(List<TaskTypeInfo> types) {
    Map<String, TaskTypeInfo> byName = new HashMap<>();
    for (TaskTypeInfo type : types) {
      byName.put(type.taskClassName(), type);
    }
    for (TaskTypeInfo type : types) {
      type.aliases().forEach(alias -> byName.putIfAbsent(alias, type));
    }
    return new Snapshot(List.copyOf(types), Map.copyOf(byName));
  }

  private TaskControlException unknown(String name) {
    String meant = meant(name);
    return new TaskControlException(
        ErrorCode.UNKNOWN_TASK_TYPE,
        "no runner knows the task type '"
            + name
            + "'"
            + (meant == null ? "" : " (did you mean '" + meant + "'?)")
            + "; GET /api/v1/task-types lists the known ones",
        new JsonObject().put("taskClassName", name));
  }

  /**
   * The known name a miss most likely meant: a class's simple name ({@code SleepTask} for {@code
   * io.ordo.samples.SleepTask}, whose alias is {@code Sleep}), or a class name or alias in another
   * case; null if none.
   */
  private String meant(String name) {
    for (TaskTypeInfo type : snapshot.types()) {
      String className = type.taskClassName();
      String simpleName = className.substring(className.lastIndexOf('.') + 1);
      if (simpleName.equalsIgnoreCase(name) || className.equalsIgnoreCase(name)) {
        return className;
      }
      for (String alias : type.aliases()) {
        if (alias.equalsIgnoreCase(name)) {
          return alias;
        }
      }
    }
    return null;
  }
}
