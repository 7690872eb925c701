package io.ordo.deploy;

import io.ordo.testing.TestDatabase;
import java.sql.PreparedStatement;

/**
 * Task types that a runner elsewhere in the farm published and that no live runner runs now: the
 * row such a runner leaves in {@code ordo_task_type} (types are never forgotten, so registrations
 * of them are accepted). A node started after {@link #publish} knows the type at once.
 */
public final class GoneTaskTypes {
  private GoneTaskTypes() {}

  /** Publishes a task class as a runner that is gone now would have. */
  public static void publish(String taskClassName) {
    TestDatabase.execute(
        connection -> {
          try (PreparedStatement insert =
              connection.prepareStatement(
                  "INSERT INTO ordo_task_type (task_class_name, aliases, default_timeouts,"
                      + " updated_at) VALUES (?, '[]', '{}', now())")) {
            insert.setString(1, taskClassName);
            return insert.executeUpdate();
          }
        });
  }
}
