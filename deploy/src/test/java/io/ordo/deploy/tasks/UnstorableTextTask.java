package io.ordo.deploy.tasks;

import io.ordo.task.AbstractTask;
import io.ordo.task.TaskContext;
import io.ordo.task.TaskType;
import java.util.List;
import java.util.Map;

/**
 * Reports a text PostgreSQL's {@code jsonb} cannot hold (a NUL) or UTF-8 cannot write (an unpaired
 * UTF-16 surrogate), chosen by its parameter {@code case}: {@code nul-result}, {@code
 * surrogate-result}, {@code nul-key}, {@code nul-details}, {@code caught} (catches the refusal and
 * sets its message as the result) or {@code nul-error} (throws with a NUL in its message).
 */
@TaskType(aliases = "UnstorableText")
public class UnstorableTextTask extends AbstractTask {

  @Override
  public void run() {
    TaskContext context = TaskContext.current();
    switch (String.valueOf(getParameter().get("case"))) {
      case "nul-result" -> context.setResult(Map.of("text", "a\u0000b"));
      case "surrogate-result" -> context.setResult(List.of(1, "x\uD800"));
      case "nul-key" -> context.setResult(Map.of("inner", Map.of("k\u0000", 1)));
      case "nul-details" -> context.heartbeat(Map.of("s", "\u0000"));
      case "caught" -> {
        try {
          context.setResult(Map.of("s", "x\uDFFF"));
        } catch (IllegalArgumentException e) {
          context.setResult(e.getMessage());
        }
      }
      case "nul-error" -> throw new IllegalStateException("bad \u0000 byte");
      default -> throw new IllegalArgumentException("no such case");
    }
  }
}
