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

  /** Looks up every type the scope names; answers a lookup that needs no waiting. */
  Future<TaskTypes> prepare(StateScope scope) {
    List<Future<TaskTypeInfo>> lookups = new ArrayList<>();
    for (String name : resourceNames(scope)) {
      if (name.startsWith(ResourceName.SCRIPT_PREFIX)) {
        continue; // scripts are looked up in the scripts directory, at once
      }
      lookups.add(catalog.resolve(name).otherwiseEmpty());
    }
    TaskTypes types =
        name ->
            name.startsWith(ResourceName.SCRIPT_PREFIX)
                ? catalog.script(name.substring(ResourceName.SCRIPT_PREFIX.length()))
                : catalog.cached(name);
    return Future.join(lookups).transform(done -> Future.succeededFuture(types));
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
