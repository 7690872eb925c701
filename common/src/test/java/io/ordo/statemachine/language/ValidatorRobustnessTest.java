package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutates valid definitions at random (with a fixed seed) to check the contract between the
 * validator and the parser: validation never throws, and what it accepts always parses.
 */
class ValidatorRobustnessTest {

  private static final int MUTANTS_PER_DEFINITION = 1000;

  private static final Object[] ODD_VALUES = {
    null,
    true,
    false,
    0,
    -1,
    1.5,
    100000000000L,
    "",
    "x",
    "$",
    "$..a",
    "$.a[*]",
    "$$.x",
    "States.Format('{}', $.a)",
    "States.Nope(",
    "2016-03-14T01:59:00Z",
    "FULL",
    "INLINE",
    "States.ALL",
    "FunWithMath",
    "Add",
    "ordo:task:Echo",
    new JsonObject(),
    new JsonArray(),
    new JsonArray().add(new JsonObject()),
    new JsonObject().put("Type", "Pass").put("End", true)
  };

  private static final String[] KEYS = {
    "Type",
    "Next",
    "End",
    "Resource",
    "Branches",
    "States",
    "StartAt",
    "ResultPath",
    "InputPath",
    "Retry",
    "Catch",
    "ErrorEquals",
    "Choices",
    "Default",
    "Variable",
    "Seconds",
    "Parameters",
    "ItemProcessor",
    "Iterator",
    "ItemSelector",
    "Not",
    "And",
    "x.$",
    "Nxt"
  };

  @Test
  void validationNeverThrows_andEveryAcceptedMutantParses() {
    Random random = new Random(20240601);
    int accepted = 0;
    for (String text :
        List.of(
            Definitions.EVERYTHING, Definitions.FUN_WITH_MATH, Definitions.LOOKUP_CUSTOMER_INFO)) {
      for (int i = 0; i < MUTANTS_PER_DEFINITION; i++) {
        JsonObject mutant = new JsonObject(text);
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
          mutate(mutant, random);
        }
        List<ValidationError> errors =
            assertDoesNotThrow(
                () -> DefinitionValidator.validate(mutant, ResourceResolver.anyName()),
                mutant::encode);
        if (errors.isEmpty()) {
          accepted++;
          assertDoesNotThrow(() -> StateMachineDefinition.parse(mutant), mutant::encode);
        }
      }
    }
    assertTrue(accepted > 0, "no mutant was valid, so parsing was never exercised");
  }

  private static void mutate(JsonObject root, Random random) {
    List<Object> containers = new ArrayList<>();
    collect(root, containers);
    Object target = containers.get(random.nextInt(containers.size()));
    Object value = JsonValues.copy(ODD_VALUES[random.nextInt(ODD_VALUES.length)]);
    if (target instanceof JsonObject object) {
      List<String> names = new ArrayList<>(object.fieldNames());
      int operation = random.nextInt(3);
      if (operation == 0 && !names.isEmpty()) {
        object.remove(names.get(random.nextInt(names.size())));
      } else if (operation == 1 && !names.isEmpty()) {
        object.put(names.get(random.nextInt(names.size())), value);
      } else {
        object.put(KEYS[random.nextInt(KEYS.length)], value);
      }
    } else if (target instanceof JsonArray array) {
      if (!array.isEmpty() && random.nextBoolean()) {
        array.remove(random.nextInt(array.size()));
      } else {
        array.add(value);
      }
    }
  }

  private static void collect(Object node, List<Object> containers) {
    if (node instanceof JsonObject object) {
      containers.add(object);
      object.fieldNames().forEach(name -> collect(object.getValue(name), containers));
    } else if (node instanceof JsonArray array) {
      containers.add(array);
      array.forEach(element -> collect(element, containers));
    }
  }
}
