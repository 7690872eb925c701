package io.ordo.statemachine.language;

import io.ordo.config.OrdoConfig.StateMachineOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The work one step of an execution may do reading paths and evaluating intrinsic functions: nodes
 * a path visits and copies, characters a filter's regular expression looks at, elements an
 * intrinsic goes through. Each costs a unit; past the step's units, what is being evaluated fails
 * with {@code States.Runtime}. Small definitions and inputs can ask for work out of all proportion
 * ({@code $..a..a..a} on nested data grows with the data's depth to the power of the scans, a
 * regular expression backtracks exponentially, a loop reads a large input thousands of times), and
 * a step runs on an event loop.
 *
 * <p>A step's budget is bound to the thread that runs the step ({@link #during}): the interpreter
 * runs a step on one thread, start to end, and the budget must reach every path read and intrinsic
 * deep inside the language's classes, which take the state's input and context object but no
 * budget. Outside a step (a test, a check) each path read or intrinsic gets a budget of its own.
 */
public final class StepWork {
  /** What a path read or intrinsic outside a step may do (a step's own is configured). */
  static final long UNITS_OUTSIDE_A_STEP = StateMachineOptions.DEFAULT_MAX_STEP_WORK;

  private static final ThreadLocal<StepWork> CURRENT = new ThreadLocal<>();

  private final long units;
  private long left;

  /** A step's budget of {@code units}. */
  public StepWork(long units) {
    this.units = units;
    this.left = units;
  }

  /** Runs (part of) the step on this thread, within this budget. */
  public void during(Runnable step) {
    StepWork outer = CURRENT.get();
    CURRENT.set(this);
    try {
      step.run();
    } finally {
      if (outer == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(outer);
      }
    }
  }

  /**
   * A deep copy of a JSON value, charged to the step this thread runs (each node a unit): the
   * interpreter's own copies (a branch's or item's input, an event's data).
   */
  public static Object copyOf(Object value) {
    return current().copy(value);
  }

  /** Charges the step this thread runs for reading or writing a text of {@code length}. */
  public static void spendOnText(long length) {
    current().spendText(length);
  }

  /** The budget of the step this thread runs, or a fresh one outside a step. */
  static StepWork current() {
    StepWork step = CURRENT.get();
    return step != null ? step : new StepWork(UNITS_OUTSIDE_A_STEP);
  }

  /**
   * Spends units of work.
   *
   * @throws StatesException {@code States.Runtime} once the step's units are spent
   */
  void spend(long work) {
    left -= work;
    if (left < 0) {
      throw spent("");
    }
  }

  /** The characters that cost a unit when a text is read or written whole. */
  static final int CHARACTERS_PER_UNIT = 16;

  /**
   * Spends the units of reading or writing a text of {@code length} characters.
   *
   * @throws StatesException {@code States.Runtime} once the step's units are spent
   */
  void spendText(long length) {
    spend(1 + length / CHARACTERS_PER_UNIT);
  }

  /**
   * A deep copy of a JSON value, each node a unit.
   *
   * @throws StatesException {@code States.Runtime} once the step's units are spent
   */
  Object copy(Object value) {
    spend(1);
    if (value instanceof JsonObject object) {
      JsonObject copy = new JsonObject(new LinkedHashMap<>(Math.max(16, object.size() * 2)));
      for (Map.Entry<String, Object> field : object) {
        copy.put(field.getKey(), copy(field.getValue()));
      }
      return copy;
    }
    if (value instanceof JsonArray array) {
      JsonArray copy = new JsonArray(new ArrayList<>(array.size()));
      for (Object element : array) {
        copy.add(copy(element));
      }
      return copy;
    }
    return value;
  }

  /**
   * Whether the whole text matches the pattern, each character the match looks at a unit.
   *
   * @param filter the filter's text, to name in a failure
   * @throws StatesException {@code States.Runtime} past the budget or out of stack
   */
  boolean matches(Pattern pattern, String text, String filter) {
    try {
      return pattern.matcher(new Counted(text)).matches();
    } catch (Spent spent) {
      throw spent(
          " (in filter "
              + JsonValues.quoted(filter)
              + ", the regular expression /"
              + pattern.pattern()
              + "/ backtracks: avoid nested repetitions such as (a*)*)");
    } catch (StackOverflowError tooDeep) {
      throw new StatesException(
          StatesError.RUNTIME,
          "filter "
              + JsonValues.quoted(filter)
              + ": the regular expression /"
              + pattern.pattern()
              + "/ recursed too deeply on a text of "
              + text.length()
              + " characters (a repeated group such as (a|b)+ recurses once per repetition)");
    }
  }

  private StatesException spent(String where) {
    left = -1; // stays spent: the rest of the step fails as soon as it asks for work
    return new StatesException(
        StatesError.RUNTIME,
        "one step of the execution did more than "
            + units
            + " units of work reading paths and evaluating intrinsic functions"
            + where
            + " (state-machines.max-step-work; a unit is a node visited or copied, a character a"
            + " regular expression looked at, or a few characters of a text read or written)");
  }

  /** The end of the budget inside a match; thrown without a stack trace. */
  private static final class Spent extends RuntimeException {
    Spent() {
      super(null, null, false, false);
    }
  }

  /** A text that spends a unit on each read of its characters. */
  private final class Counted implements CharSequence {
    private final String text;

    Counted(String text) {
      this.text = text;
    }

    @Override
    public char charAt(int index) {
      if (--left < 0) {
        throw new Spent();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return text.subSequence(start, end);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
