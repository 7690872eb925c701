package io.ordo.statemachine.language;

/**
 * A path matched nothing in the document it was read from. Which States error this becomes depends
 * on where the path was used ({@code States.Runtime} for InputPath, {@code States.Runtime} in a
 * payload template too, ...), so callers translate it.
 */
public class PathFailure extends RuntimeException {

  private final String path;

  /**
   * @param path the path as written in the definition
   * @param reason why it matched nothing, e.g. "field 'b' is missing"
   */
  public PathFailure(String path, String reason) {
    // no stack trace: a missing field is an answer, not a fault, and a path with a selector
    // meets one at every node that lacks it
    super("Path '" + path + "' matched nothing: " + reason, null, false, false);
    this.path = path;
  }

  /** The path as written in the definition. */
  public String path() {
    return path;
  }
}
