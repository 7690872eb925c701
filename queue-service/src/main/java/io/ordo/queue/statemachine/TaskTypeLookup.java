package io.ordo.queue.statemachine;

import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.ordo.statemachine.language.Branch;
import io.ordo.statemachine.language.MapState;
import io.ordo.statemachine.language.ParallelState;
import io.ordo.statemachine.language.ResourceName;
import io.ordo.statemachine.language.State;
import io.ordo.statemachine.language.StateScope;
import io.ordo.statemachine.language.TaskState;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes sure the task-type catalog knows the types a definition's Task states name before the
 * decider (which cannot wait) looks them up.
 */
final class TaskTypeLookup {
  private final TaskTypeCatalog catalog;

  TaskTypeLookup(TaskTypeCatalog catalog) {
    this.catalog = catalog;
  }

  /**
   * Looks up every type the scope names (its scripts checked on a worker thread); answers a lookup
   * that needs no waiting.
   */
  Future<TaskTypes> prepare(StateScope scope) {
    return lookUp(resourceNames(scope))
        .map(
            valid ->
                name -> {
                  if (!name.startsWith(ResourceName.SCRIPT_PREFIX)) {
                    return catalog.cached(name);
                  }
                  String jsPath = name.substring(ResourceName.SCRIPT_PREFIX.length());
                  return valid.contains(jsPath) ? TaskTypeCatalog.SCRIPT : null;
                });
  }

  /**
   * Looks up every task type among resource names, and checks their scripts on a worker thread;
   * answers the valid scripts' paths once every lookup has ended: the catalog's cache then holds
   * each type a runner knows ({@link TaskTypeCatalog#cached}).
   */
  Future<Set<String>> lookUp(Set<String> names) {
    List<Future<TaskTypeInfo>> lookups = new ArrayList<>();
    for (String name : names) {
      if (!name.startsWith(ResourceName.SCRIPT_PREFIX)) {
        lookups.add(catalog.resolve(name).otherwiseEmpty());
      }
    }
    Future<Set<String>> scripts = catalog.validScripts(scriptPaths(names));
    return Future.join(lookups).transform(done -> scripts);
  }

  /** The scripts ({@code jsPath}s) among resource names ({@code ordo:js:<path>}). */
  static List<String> scriptPaths(Set<String> names) {
    return names.stream()
        .filter(name -> name.startsWith(ResourceName.SCRIPT_PREFIX))
        .map(name -> name.substring(ResourceName.SCRIPT_PREFIX.length()))
        .toList();
  }

  static Set<String> resourceNames(StateScope scope) {
    Set<String> names = new LinkedHashSet<>();
    collect(scope, names);
    return names;
  }

  private static void collect(StateScope scope, Set<String> names) {
    for (State state : scope.states().values()) {
      if (state instanceof TaskState task) {
        names.add(task.resourceName().name());
      } else if (state instanceof ParallelState parallel) {
        for (Branch branch : parallel.branches()) {
          collect(branch, names);
        }
      } else if (state instanceof MapState map) {
        collect(map.itemProcessor(), names);
      }
    }
  }
}
