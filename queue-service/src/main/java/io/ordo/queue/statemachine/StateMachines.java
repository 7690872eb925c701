package io.ordo.queue.statemachine;

import io.ordo.ErrorCode;
import io.ordo.TaskControlException;
import io.ordo.model.Caller;
import io.ordo.model.Role;
import io.ordo.parameter.InputValues;
import io.ordo.parameter.StrictJson;
import io.ordo.queue.management.Access;
import io.ordo.queue.tasktype.TaskTypeCatalog;
import io.ordo.statemachine.language.DefinitionValidator;
import io.ordo.statemachine.language.ResourceName;
import io.ordo.statemachine.language.ResourceResolver;
import io.ordo.statemachine.language.ValidationError;
import io.ordo.tasktype.TaskTypeInfo;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * A tenant's state machines ({@code PUT/GET /state-machines/{name}}): a definition is validated
 * against the task types the runners know before it is stored, and refused with every problem and
 * its JSON path if it is invalid, so nothing invalid is ever stored.
 */
public final class StateMachines {
  private final Vertx vertx;
  private final Pool pool;
  private final Clock clock;
  private final TaskTypeCatalog catalog;
  private final StateMachineStore store = new StateMachineStore();
  private final TaskTypeLookup lookup;

  StateMachines(Vertx vertx, Pool pool, Clock clock, TaskTypeCatalog catalog) {
    this.vertx = vertx;
    this.pool = pool;
    this.clock = clock;
    this.catalog = catalog;
    this.lookup = new TaskTypeLookup(catalog);
  }

  /** What a PUT stored, and whether it created the state machine. */
  public record Saved(JsonObject stateMachine, boolean created) {}

  /**
   * Creates or replaces a state machine.
   *
   * @param definition the definition as a JSON object, or as a string holding one
   * @throws TaskControlException {@code invalid_definition} with {@code errors: [{path, message}]}
   */
  public Future<Saved> put(Caller caller, String name, Object definition) {
    Access.require(caller, Role.OPERATOR);
    Object decoded;
    try {
      decoded = definition instanceof String text ? fromText(text) : definition;
    } catch (DecodeException e) {
      String twice = StrictJson.namedTwice(e);
      return Future.failedFuture(
          invalid(
              List.of(
                  new ValidationError(
                      "$",
                      twice != null
                          ? twice
                          : "not valid JSON (or nested more than 1000 levels deep)"))));
    } catch (TaskControlException e) {
      return Future.failedFuture(e);
    }
    return validate(decoded)
        .compose(
            errors ->
                errors.isEmpty()
                    ? store.put(pool, caller.tenant(), name, (JsonObject) decoded, clock.instant())
                    : Future.failedFuture(invalid(errors)))
        .map(stored -> new Saved(stored.toJson(), stored.created()));
  }

  /**
   * A definition sent as a string, decoded as a request's body is and held to the same values (no
   * NUL, no unpaired surrogate, no number out of range), which the body's checks did not see inside
   * the string.
   *
   * @throws DecodeException if it is no JSON or names a member twice
   * @throws TaskControlException {@code invalid_request} naming a value it may not hold
   */
  private static Object fromText(String text) {
    Object decoded = StrictJson.decode(Buffer.buffer(text));
    InputValues.checkJson("/definition", decoded);
    return decoded;
  }

  /** A stored state machine: its definition, revision and dates. */
  public Future<JsonObject> get(Caller caller, String name) {
    Access.require(caller, Role.SUBMITTER);
    return store
        .find(pool, caller.tenant(), name)
        .map(found -> found.orElseThrow(() -> notFound(name)).toJson());
  }

  /**
   * The tenant's state machines ({@code GET /state-machines}): name, revision and dates, by name.
   */
  public Future<JsonArray> list(Caller caller, int limit) {
    Access.require(caller, Role.SUBMITTER);
    return store.list(pool, caller.tenant(), limit);
  }

  Future<StateMachineStore.Stored> find(String tenant, String name) {
    return store.find(pool, tenant, name).map(found -> found.orElseThrow(() -> notFound(name)));
  }

  /**
   * Validates twice: once to learn which task types the Task states name, then, once the catalog
   * has looked those up, against the types the runners really know.
   */
  private Future<List<ValidationError>> validate(Object definition) {
    Set<String> names = new LinkedHashSet<>(); // filled on a worker, read after it completed
    return off(() ->
            DefinitionValidator.validateValue(
                definition,
                name -> {
                  names.add(name);
                  return Optional.of(name);
                }))
        .compose(
            structural ->
                !structural.isEmpty() && names.isEmpty()
                    ? Future.succeededFuture(structural)
                    : validateAgainstCatalog(definition, names));
  }

  /**
   * Validation off the event loop: linear in the definition, but a definition of up to the body
   * limit (2 MiB: a chain of 20,000 states) costs about a tenth of a second each time, and the
   * event loop also serves the lease's renewals and the runners' claims.
   */
  private <T> Future<T> off(Callable<T> work) {
    return vertx.executeBlocking(work, false);
  }

  private Future<List<ValidationError>> validateAgainstCatalog(
      Object definition, Set<String> names) {
    return lookup
        .lookUp(names)
        .<ResourceResolver>map(
            valid -> {
              // read on the event loop, which owns the catalog's cache; the worker gets a copy
              Map<String, String> classNames = new HashMap<>();
              for (String name : names) {
                TaskTypeInfo type =
                    name.startsWith(ResourceName.SCRIPT_PREFIX) ? null : catalog.cached(name);
                if (type != null) {
                  classNames.put(name, type.taskClassName());
                }
              }
              return name ->
                  name.startsWith(ResourceName.SCRIPT_PREFIX)
                      ? Optional.of(name)
                          .filter(
                              n -> valid.contains(n.substring(ResourceName.SCRIPT_PREFIX.length())))
                      : Optional.ofNullable(classNames.get(name));
            })
        .compose(known -> off(() -> DefinitionValidator.validateValue(definition, known)));
  }

  /**
   * A stored definition that does not parse any more (stored before a check it fails was added): no
   * execution of it starts until a valid definition is saved.
   */
  static TaskControlException storedInvalid(List<ValidationError> errors) {
    return invalid(
        "the state machine's stored definition",
        errors,
        "; save a valid definition to start executions");
  }

  private static TaskControlException invalid(List<ValidationError> errors) {
    return invalid("the definition", errors, "");
  }

  /** {@code invalid_definition}: what has how many problems, the first of them, then the rest. */
  private static TaskControlException invalid(
      String what, List<ValidationError> errors, String then) {
    JsonArray list = new JsonArray();
    errors.forEach(
        e -> list.add(new JsonObject().put("path", e.path()).put("message", e.message())));
    return new TaskControlException(
        ErrorCode.INVALID_DEFINITION,
        what
            + " has "
            + errors.size()
            + (errors.size() == 1 ? " problem: " : " problems, the first: ")
            + errors.get(0)
            + then,
        new JsonObject().put("errors", list));
  }

  static TaskControlException notFound(String name) {
    return new TaskControlException(
        ErrorCode.NOT_FOUND,
        "no state machine '" + name + "'",
        new JsonObject().put("stateMachine", name));
  }
}
