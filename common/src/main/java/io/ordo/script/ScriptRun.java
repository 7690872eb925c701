package io.ordo.script;

/**
 * The instruction budget and the abort switch of one task's script, shared by all its callbacks.
 * The engine's instruction observer calls {@link #spend} every few thousand instructions on the
 * script's thread; that is where a runaway script is ended.
 */
public final class ScriptRun {
  private final long maxInstructions;
  private long used;
  private volatile String abortReason;

  /**
   * @param maxInstructions the most instructions the script may run in all; 0 for no limit
   */
  public ScriptRun(long maxInstructions) {
    this.maxInstructions = maxInstructions;
  }

  /** Ends the script at its next instruction check (any thread). */
  public void abort(String reason) {
    abortReason = reason;
  }

  /** Lets the script run again after an abort (its next callback is still called). */
  public void resume() {
    abortReason = null;
  }

  public boolean aborted() {
    return abortReason != null;
  }

  void spend(int instructions) {
    String reason = abortReason;
    if (reason != null) {
      throw new ScriptAborted(reason);
    }
    used += instructions;
    if (maxInstructions > 0 && used > maxInstructions) {
      throw new ScriptAborted("the script used its budget of " + maxInstructions + " instructions");
    }
  }
}
