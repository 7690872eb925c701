package io.ordo.queue.statemachine;

import static io.ordo.db.SqlTimes.instant;
import static io.ordo.db.SqlTimes.utc;

import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.time.Instant;
import java.util.Optional;

/** The SQL of {@code ordo_state_machine}: a tenant's definitions by name. */
final class StateMachineStore {

  private static final String UPSERT =
      "INSERT INTO ordo_state_machine (tenant, name, definition, revision, created_at, updated_at)"
          // $1 tenant, $2 name, $3 the validated definition, $4 now
          + " VALUES ($1, $2, $3, 1, $4, $4)"
          + " ON CONFLICT (tenant, name) DO UPDATE SET definition = EXCLUDED.definition,"
          + " revision = ordo_state_machine.revision + 1, updated_at = EXCLUDED.updated_at"
          + " RETURNING definition, revision, created_at, updated_at, (xmax = 0) AS created";

  private static final String SELECT =
      "SELECT definition, revision, created_at, updated_at FROM ordo_state_machine"
          // $1 tenant, $2 name
          + " WHERE tenant = $1 AND name = $2";

  private static final String LIST =
      "SELECT name, revision, created_at, updated_at FROM ordo_state_machine"
          // $1 tenant, $2 the most to answer
          + " WHERE tenant = $1 ORDER BY name LIMIT $2";

  /**
   * A stored state machine.
   *
   * @param created whether the write that answered it created the machine (rather than updated it)
   */
  record Stored(
      String name,
      JsonObject definition,
      int revision,
      Instant createdAt,
      Instant updatedAt,
      boolean created) {

    JsonObject toJson() {
      return new JsonObject()
          .put("name", name)
          .put("definition", definition)
          .put("revision", revision)
          .put("creationDate", createdAt.toString())
          .put("updateDate", updatedAt.toString());
    }
  }

  Future<Stored> put(
      SqlClient client, String tenant, String name, JsonObject definition, Instant now) {
    return client
        .preparedQuery(UPSERT)
        .execute(Tuple.of(tenant, name, definition, utc(now)))
        .map(
            rows ->
                stored(name, rows.iterator().next(), rows.iterator().next().getBoolean("created")));
  }

  Future<Optional<Stored>> find(SqlClient client, String tenant, String name) {
    return client
        .preparedQuery(SELECT)
        .execute(Tuple.of(tenant, name))
        .map(
            rows ->
                rows.size() == 0
                    ? Optional.empty()
                    : Optional.of(stored(name, rows.iterator().next(), false)));
  }

  /** A tenant's state machines by name, without their definitions. */
  Future<JsonArray> list(SqlClient client, String tenant, int limit) {
    return client
        .preparedQuery(LIST)
        .execute(Tuple.of(tenant, limit))
        .map(
            rows -> {
              JsonArray list = new JsonArray();
              for (Row row : rows) {
                list.add(
                    new JsonObject()
                        .put("name", row.getString("name"))
                        .put("revision", row.getInteger("revision"))
                        .put(
                            "creationDate", instant(row.getOffsetDateTime("created_at")).toString())
                        .put(
                            "updateDate", instant(row.getOffsetDateTime("updated_at")).toString()));
              }
              return list;
            });
  }

  private static Stored stored(String name, Row row, boolean created) {
    return new Stored(
        name,
        (JsonObject) row.getValue("definition"),
        row.getInteger("revision"),
        instant(row.getOffsetDateTime("created_at")),
        instant(row.getOffsetDateTime("updated_at")),
        created);
  }
}
