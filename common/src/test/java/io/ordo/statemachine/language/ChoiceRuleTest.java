package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChoiceRuleTest {

  private static final JsonObject INPUT =
      new JsonObject(
          """
          {"s": "banana", "n": 42, "d": 1.5, "b": true, "nil": null, "o": {"x": 1},
           "t": "2016-03-14T01:59:00Z", "later": "2016-03-14T03:59:00+01:00",
           "star": "a*b", "limit": 40, "same": "banana",
           "notTime": "2016-03-14 01:59:00"}
          """);

  private static boolean holds(String rule) {
    return ChoiceRuleParser.rule(new JsonObject(rule)).matches(INPUT, new JsonObject());
  }

  @Test
  void stringComparisons_compareLexicographically() {
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringEquals\": \"banana\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringEquals\": \"Banana\"}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringLessThan\": \"cherry\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringLessThan\": \"banana\"}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringLessThanEquals\": \"banana\"}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringGreaterThan\": \"apple\"}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringGreaterThanEquals\": \"banana\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringGreaterThanEquals\": \"cherry\"}"));
  }

  @Test
  void stringMatches_supportsWildcardsAndEscapedStars() {
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringMatches\": \"b*a\"}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringMatches\": \"*nan*\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringMatches\": \"b*x\"}"));
    assertTrue(holds("{\"Variable\": \"$.star\", \"StringMatches\": \"a\\\\*b\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringMatches\": \"b\\\\*a\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"StringMatches\": \"ban.na\"}"));
  }

  @Test
  void numericComparisons_compareByValueWhateverTheJsonType() {
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericEquals\": 42.0}"));
    assertTrue(holds("{\"Variable\": \"$.d\", \"NumericEquals\": 1.5}"));
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericLessThan\": 43}"));
    assertFalse(holds("{\"Variable\": \"$.n\", \"NumericLessThan\": 42}"));
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericLessThanEquals\": 42}"));
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericGreaterThan\": 41.9}"));
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericGreaterThanEquals\": 42}"));
    assertFalse(holds("{\"Variable\": \"$.n\", \"NumericGreaterThanEquals\": 42.01}"));
  }

  @Test
  void booleanAndTimestampComparisons() {
    assertTrue(holds("{\"Variable\": \"$.b\", \"BooleanEquals\": true}"));
    assertFalse(holds("{\"Variable\": \"$.b\", \"BooleanEquals\": false}"));
    assertTrue(
        holds("{\"Variable\": \"$.t\", \"TimestampEquals\": \"2016-03-14T02:59:00+01:00\"}"));
    assertTrue(holds("{\"Variable\": \"$.t\", \"TimestampLessThan\": \"2016-03-14T02:00:00Z\"}"));
    assertTrue(
        holds("{\"Variable\": \"$.t\", \"TimestampLessThanEquals\": \"2016-03-14T01:59:00Z\"}"));
    assertTrue(
        holds("{\"Variable\": \"$.t\", \"TimestampGreaterThan\": \"2016-03-14T01:58:59.999Z\"}"));
    assertFalse(
        holds("{\"Variable\": \"$.t\", \"TimestampGreaterThanEquals\": \"2016-03-15T00:00:00Z\"}"));
  }

  @Test
  void pathComparators_readTheirOperandFromTheInput() {
    assertTrue(holds("{\"Variable\": \"$.s\", \"StringEqualsPath\": \"$.same\"}"));
    assertTrue(holds("{\"Variable\": \"$.n\", \"NumericGreaterThanPath\": \"$.limit\"}"));
    assertFalse(holds("{\"Variable\": \"$.n\", \"NumericLessThanEqualsPath\": \"$.limit\"}"));
    assertTrue(holds("{\"Variable\": \"$.b\", \"BooleanEqualsPath\": \"$.b\"}"));
    assertTrue(holds("{\"Variable\": \"$.t\", \"TimestampLessThanPath\": \"$.later\"}"));
    assertFalse(holds("{\"Variable\": \"$.t\", \"TimestampEqualsPath\": \"$.later\"}"));
    assertTrue(holds("{\"Variable\": \"$.t\", \"TimestampGreaterThanEqualsPath\": \"$.t\"}"));
  }

  @Test
  void comparingAValueOfTheWrongTypeIsFalseNotAnError() {
    assertFalse(holds("{\"Variable\": \"$.n\", \"StringEquals\": \"42\"}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"NumericEquals\": 42}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"BooleanEquals\": true}"));
    assertFalse(holds("{\"Variable\": \"$.s\", \"TimestampEquals\": \"2016-03-14T01:59:00Z\"}"));
    assertFalse(
        holds("{\"Variable\": \"$.notTime\", \"TimestampLessThan\": \"2030-01-01T00:00:00Z\"}"));
    assertFalse(holds("{\"Variable\": \"$.o\", \"StringMatches\": \"*\"}"));
    assertFalse(holds("{\"Variable\": \"$.nil\", \"NumericLessThan\": 1}"));
    assertFalse(holds("{\"Variable\": \"$.n\", \"StringEqualsPath\": \"$.s\"}"));
  }

  @Test
  void typeTests() {
    assertTrue(holds("{\"Variable\": \"$.nil\", \"IsNull\": true}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"IsNull\": false}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"IsPresent\": true}"));
    assertTrue(holds("{\"Variable\": \"$.missing\", \"IsPresent\": false}"));
    assertFalse(holds("{\"Variable\": \"$.missing\", \"IsPresent\": true}"));
    assertTrue(holds("{\"Variable\": \"$.d\", \"IsNumeric\": true}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"IsNumeric\": false}"));
    assertTrue(holds("{\"Variable\": \"$.s\", \"IsString\": true}"));
    assertFalse(holds("{\"Variable\": \"$.n\", \"IsString\": true}"));
    assertTrue(holds("{\"Variable\": \"$.b\", \"IsBoolean\": true}"));
    assertTrue(holds("{\"Variable\": \"$.t\", \"IsTimestamp\": true}"));
    assertTrue(holds("{\"Variable\": \"$.notTime\", \"IsTimestamp\": false}"));
  }

  @Test
  void andOrNotCombineRules() {
    String isBanana = "{\"Variable\": \"$.s\", \"StringEquals\": \"banana\"}";
    String isSmall = "{\"Variable\": \"$.n\", \"NumericLessThan\": 10}";

    assertFalse(holds("{\"And\": [" + isBanana + ", " + isSmall + "]}"));
    assertTrue(holds("{\"Or\": [" + isBanana + ", " + isSmall + "]}"));
    assertTrue(holds("{\"Not\": " + isSmall + "}"));
    assertTrue(holds("{\"And\": [" + isBanana + ", {\"Not\": " + isSmall + "}]}"));
    assertFalse(holds("{\"Or\": [{\"Not\": " + isBanana + "}, " + isSmall + "]}"));
  }

  @Test
  void aMissingVariableOrPathOperandIsARuntimeError() {
    StatesException variable =
        assertThrows(
            StatesException.class,
            () -> holds("{\"Variable\": \"$.missing\", \"StringEquals\": \"x\"}"));
    StatesException operand =
        assertThrows(
            StatesException.class,
            () -> holds("{\"Variable\": \"$.n\", \"NumericEqualsPath\": \"$.missing\"}"));
    StatesException typeTest =
        assertThrows(
            StatesException.class, () -> holds("{\"Variable\": \"$.missing\", \"IsNull\": true}"));

    assertEquals(StatesError.RUNTIME, variable.error());
    assertEquals(StatesError.RUNTIME, operand.error());
    assertEquals(StatesError.RUNTIME, typeTest.error());
  }

  @Test
  void variablesMayReadTheContextObject() {
    ChoiceRule rule =
        ChoiceRuleParser.rule(
            new JsonObject("{\"Variable\": \"$$.Execution.Name\", \"StringEquals\": \"nightly\"}"));

    assertTrue(rule.matches(INPUT, new JsonObject("{\"Execution\": {\"Name\": \"nightly\"}}")));
  }

  @Test
  void choiceState_goesToTheFirstMatchingChoiceThenDefaultElseFails() {
    ChoiceRule big =
        ChoiceRuleParser.rule(
            new JsonObject("{\"Variable\": \"$.n\", \"NumericGreaterThan\": 100}"));
    ChoiceRule positive =
        ChoiceRuleParser.rule(new JsonObject("{\"Variable\": \"$.n\", \"NumericGreaterThan\": 0}"));
    ChoiceRule alsoPositive =
        ChoiceRuleParser.rule(new JsonObject("{\"Variable\": \"$.n\", \"NumericGreaterThan\": 1}"));
    List<Choice> choices =
        List.of(
            new Choice(big, "Big"),
            new Choice(positive, "Positive"),
            new Choice(alsoPositive, "Also"));
    ChoiceState withDefault =
        new ChoiceState("Pick", Optional.empty(), IoFields.DEFAULT, choices, Optional.of("Other"));
    ChoiceState withoutDefault =
        new ChoiceState(
            "Pick",
            Optional.empty(),
            IoFields.DEFAULT,
            List.of(new Choice(big, "Big")),
            Optional.empty());

    assertEquals("Positive", withDefault.nextState(INPUT, new JsonObject()));
    assertEquals("Other", withDefault.nextState(new JsonObject().put("n", -1), new JsonObject()));
    StatesException noMatch =
        assertThrows(
            StatesException.class, () -> withoutDefault.nextState(INPUT, new JsonObject()));
    assertEquals(StatesError.NO_CHOICE_MATCHED, noMatch.error());
  }
}
