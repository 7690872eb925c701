package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/** The runs of a Map state: one per element of the array its ItemsPath selects. */
public final class MapIteration {

  private MapIteration() {}

  /**
   * The input of each run, in element order: the element itself, or what the ItemSelector builds
   * from the Map state's effective input ({@code $}) and a context object whose {@code
   * Map.Item.Index} and {@code Map.Item.Value} describe the element.
   *
   * @param effectiveInput the Map state's input after InputPath
   * @param context the context object of the Map state
   * @throws StatesException {@code States.Runtime} if ItemsPath matches nothing or no array; {@code
   *     States.Runtime} or {@code States.IntrinsicFailure} if the ItemSelector fails
   */
  public static List<Object> itemInputs(MapState state, Object effectiveInput, JsonObject context) {
    JsonArray items = items(state, effectiveInput, context);
    List<Object> inputs = new ArrayList<>();
    for (int index = 0; index < items.size(); index++) {
      Object item = items.getValue(index);
      if (state.itemSelector().isPresent()) {
        inputs.add(
            state.itemSelector().get().apply(effectiveInput, itemContext(context, index, item)));
      } else {
        inputs.add(JsonValues.copy(item));
      }
    }
    return inputs;
  }

  /**
   * The context object with {@code Map.Item.Index} and {@code Map.Item.Value} set: a new object
   * whose other members are the context's own (a context is only read, and a read copies what it
   * returns; a deep copy per item copied the execution's input once per item).
   */
  public static JsonObject itemContext(JsonObject context, int index, Object item) {
    JsonObject itemContext = new JsonObject(new LinkedHashMap<>(context.getMap()));
    itemContext.put(
        "Map",
        new JsonObject().put("Item", new JsonObject().put("Index", index).put("Value", item)));
    return itemContext;
  }

  private static JsonArray items(MapState state, Object effectiveInput, JsonObject context) {
    Object items;
    try {
      items = state.itemsPath().resolve(effectiveInput, context);
    } catch (PathFailure missing) {
      throw new StatesException(
          StatesError.RUNTIME,
          "Invalid ItemsPath '" + state.itemsPath() + "': " + missing.getMessage());
    }
    if (!(items instanceof JsonArray array)) {
      throw new StatesException(
          StatesError.RUNTIME,
          "ItemsPath '"
              + state.itemsPath()
              + "' must select an array, not "
              + JsonValues.typeOf(items));
    }
    return array;
  }
}
