package io.ordo.runner.script;

import io.ordo.parameter.InputValues;
import io.ordo.parameter.JavaParameters;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.LambdaFunction;
import org.mozilla.javascript.NativeArray;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.SerializableCallable;
import org.mozilla.javascript.Symbol;
import org.mozilla.javascript.Undefined;

/**
 * Values between JavaScript and Ordo's parameter types (the seed's table for server-side
 * JavaScript): booleans, numbers, strings, arrays and objects whose keys are strings or integers
 * (integers become strings), null; no cycles. An array's holes become null, as in {@code
 * JSON.stringify}. Numbers arrive in scripts as JavaScript numbers.
 */
final class JsValues {
  private static final double MAX_SAFE_INTEGER = 9_007_199_254_740_991d;

  /**
   * The longest array taken: every element of a JSON array takes at least two bytes, and no value
   * Ordo stores may exceed 64 MiB ({@code limits.result-bytes}, {@code limits.parameter-bytes}), so
   * a longer one could never be stored. Refused before the walk, as holes cost a script nothing: a
   * {@code length} set to 4e9 would have become a list of four billion nulls.
   */
  static final int MAX_ARRAY_LENGTH = 32 << 20;

  private JsValues() {}

  /**
   * A JavaScript value as a parameter value ({@code Map}, {@code List}, {@code String}, {@code
   * Long} or {@code Double}, {@code Boolean}, null).
   *
   * @param what names the value for a refusal, e.g. "the result"; a refusal of a part of it names
   *     the part too ("the result.items[2]")
   * @throws IllegalArgumentException a function, symbol, class instance, a cycle, an array longer
   *     than {@link #MAX_ARRAY_LENGTH}, or a value nested deeper than {@link
   *     JavaParameters#MAX_DEPTH} (found before the walk exhausts the task thread's stack). A
   *     number Ordo cannot store ({@link #number}) and a text or key with a NUL or an unpaired
   *     surrogate are refused where every task's result and heartbeat details are checked, {@link
   *     JavaParameters#toJsonValue}.
   */
  static Object toJava(Object value, String what) {
    return toJava(value, what, what, new IdentityHashMap<>());
  }

  /** {@code where} is {@code what} with the path to {@code value} inside it. */
  private static Object toJava(
      Object value, String what, String where, IdentityHashMap<Object, Object> open) {
    if (value == null || value instanceof Undefined) {
      return null;
    }
    if (value instanceof Boolean) {
      return value;
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    if (value instanceof Number number) {
      return number(number.doubleValue());
    }
    if (value instanceof Function) {
      throw new IllegalArgumentException(where + " is a function");
    }
    if (!(value instanceof Scriptable object)) {
      throw new IllegalArgumentException(where + " is an unsupported value");
    }
    if (open.put(object, object) != null) {
      throw new IllegalArgumentException(what + " contains a reference cycle");
    }
    if (open.size() > JavaParameters.MAX_DEPTH) {
      open.remove(object);
      throw new IllegalArgumentException(
          what + " is nested more than " + JavaParameters.MAX_DEPTH + " levels deep");
    }
    try {
      if (object instanceof NativeArray array) {
        long length = array.getLength();
        if (length > MAX_ARRAY_LENGTH) {
          throw new IllegalArgumentException(
              where
                  + " has "
                  + length
                  + " elements, more than any value Ordo takes can hold ("
                  + MAX_ARRAY_LENGTH
                  + ")");
        }
        List<Object> list = new ArrayList<>((int) length);
        for (int i = 0; i < length; i++) {
          Object item = array.get(i, array);
          // a hole ([1, , 3], or a length set past the elements) is null, as JSON.stringify has it
          list.add(
              item == Scriptable.NOT_FOUND
                  ? null
                  : toJava(item, what, where + "[" + i + "]", open));
        }
        return list;
      }
      if (!"Object".equals(object.getClassName())) {
        throw new IllegalArgumentException(
            where + " is a " + object.getClassName() + ", which is not a parameter type");
      }
      Map<String, Object> map = new LinkedHashMap<>();
      for (Object id : object.getIds()) {
        if (id instanceof Integer index) {
          String inside = where + "[" + index + "]";
          map.put(String.valueOf(index), toJava(object.get(index, object), what, inside, open));
        } else if (id instanceof String key) {
          String inside = where + "." + key;
          map.put(key, toJava(object.get(key, object), what, inside, open));
        } else if (id instanceof Symbol) {
          throw new IllegalArgumentException(where + " has a symbol key");
        }
      }
      return map;
    } finally {
      open.remove(object);
    }
  }

  /**
   * A number as Ordo stores it: a whole one within 2^53 as a {@code Long}, any other as a {@code
   * Double}. NaN, the infinities (which JSON cannot hold) and a whole number past 64 bits
   * (JavaScript's {@code 1e19}) are refused where every task's result and heartbeat details are
   * checked, {@link JavaParameters#toJsonValue} ({@link InputValues#NUMBER_RANGE}).
   */
  private static Object number(double d) {
    if (d == Math.rint(d) && Math.abs(d) <= MAX_SAFE_INTEGER) {
      return (long) d;
    }
    return d;
  }

  /** A parameter value as a JavaScript value: objects, arrays, numbers, strings, booleans. */
  static Object toJs(Context cx, Scriptable scope, Object value) {
    if (value instanceof Map<?, ?> map) {
      Scriptable object = cx.newObject(scope);
      map.forEach((key, item) -> put(object, String.valueOf(key), toJs(cx, scope, item)));
      return object;
    }
    if (value instanceof List<?> list) {
      Object[] items = list.stream().map(item -> toJs(cx, scope, item)).toArray();
      return cx.newArray(scope, items);
    }
    if (value instanceof Number number) {
      return number.doubleValue();
    }
    return value; // String, Boolean, null
  }

  /** Sets a property; a key that is an array index goes where JavaScript looks for it. */
  static void put(Scriptable object, String key, Object value) {
    if (key.matches("0|[1-9][0-9]{0,8}")) {
      object.put(Integer.parseInt(key), object, value);
    } else {
      object.put(key, object, value);
    }
  }

  /** Defines a host function on an object. */
  static void function(
      Scriptable scope, Scriptable target, String name, int arity, SerializableCallable body) {
    ScriptableObject.putProperty(target, name, new LambdaFunction(scope, name, arity, body));
  }

  static String string(Object[] args, int index) {
    if (index >= args.length || args[index] == null || args[index] instanceof Undefined) {
      return null;
    }
    return Context.toString(args[index]);
  }

  static boolean bool(Object[] args, int index) {
    return index < args.length && Context.toBoolean(args[index]);
  }
}
