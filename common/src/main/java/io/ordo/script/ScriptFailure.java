package io.ordo.script;

/**
 * What a script threw, as the task's failure: the JavaScript error's name (e.g. {@code TypeError},
 * or the {@code name} of a thrown object) and message, and the script's stack.
 *
 * <p>The texts are kept as the script gave them; the runner's failure report shows a NUL or an
 * unpaired UTF-16 surrogate in them as its escape, as it does a Java task's.
 */
public final class ScriptFailure extends RuntimeException {
  private final String errorName;
  private final String scriptStack;

  public ScriptFailure(String errorName, String message, String scriptStack) {
    super(message, null, false, false);
    this.errorName = errorName;
    this.scriptStack = scriptStack;
  }

  /** The error name a task failure reports, like a Java task's exception class. */
  public String errorName() {
    return errorName;
  }

  public String scriptStack() {
    return scriptStack;
  }

  @Override
  public String toString() {
    return errorName + ": " + getMessage();
  }
}
