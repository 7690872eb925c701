package io.ordo.statemachine.language;

import java.util.Arrays;
import java.util.Optional;

/** The {@code Type} of a state. */
public enum StateType {
  TASK("Task"),
  PARALLEL("Parallel"),
  MAP("Map"),
  PASS("Pass"),
  WAIT("Wait"),
  CHOICE("Choice"),
  SUCCEED("Succeed"),
  FAIL("Fail");

  private final String typeName;

  StateType(String typeName) {
    this.typeName = typeName;
  }

  /** The name as written in a definition, e.g. {@code "Task"}. */
  public String typeName() {
    return typeName;
  }

  /** The type a definition names, if it is one. */
  public static Optional<StateType> forName(String typeName) {
    return Arrays.stream(values()).filter(type -> type.typeName.equals(typeName)).findFirst();
  }

  /** Whether states of this type end their scope without Next or End (Choice, Succeed, Fail). */
  public boolean hasOwnTransitions() {
    return this == CHOICE || this == SUCCEED || this == FAIL;
  }
}
