package io.ordo.statemachine.language;

import java.util.Optional;
import java.util.OptionalInt;

/** Checks a Task state's own fields: its Resource and its timeouts. */
final class TaskChecks {

  private final FieldReader fields;
  private final ResourceResolver resolver;

  TaskChecks(FieldReader fields, ResourceResolver resolver) {
    this.fields = fields;
    this.resolver = resolver;
  }

  void check() {
    fields.requiredString("Resource").ifPresent(this::resource);
    OptionalInt timeout = seconds("TimeoutSeconds", "TimeoutSecondsPath");
    OptionalInt heartbeat = seconds("HeartbeatSeconds", "HeartbeatSecondsPath");
    if (timeout.isPresent()
        && heartbeat.isPresent()
        && heartbeat.getAsInt() >= timeout.getAsInt()) {
      fields.report(
          "HeartbeatSeconds",
          "HeartbeatSeconds ("
              + heartbeat.getAsInt()
              + ") must be smaller than TimeoutSeconds ("
              + timeout.getAsInt()
              + ")");
    }
  }

  private void resource(String resource) {
    Optional<ResourceName> name = ResourceName.parse(resource);
    if (name.isEmpty()) {
      fields.report(
          "Resource",
          "Resource '"
              + resource
              + "' names no task type: expected ordo:task:<name>, or an ARN ending in"
              + " activity:<name> or function:<name>");
    } else if (resolver.taskTypeFor(name.get().name()).isEmpty()
        && name.get().name().startsWith(ResourceName.SCRIPT_PREFIX)) {
      fields.report(
          "Resource",
          "Resource '"
              + resource
              + "' names a script that is not in the scripts directory, or does not compile and"
              + " define run(): registering it as a task message says which");
    } else if (resolver.taskTypeFor(name.get().name()).isEmpty()) {
      fields.report(
          "Resource",
          "Resource '"
              + resource
              + "' names task type '"
              + name.get().name()
              + "', which is not registered");
    }
  }

  private OptionalInt seconds(String field, String pathField) {
    if (fields.has(field) && fields.has(pathField)) {
      fields.report(pathField, "use " + field + " or " + pathField + ", not both");
    }
    PathChecks.referencePath(fields, pathField);
    return fields.integer(field, 1);
  }
}
