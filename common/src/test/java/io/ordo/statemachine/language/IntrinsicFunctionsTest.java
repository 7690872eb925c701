package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntrinsicFunctionsTest {

  private final JsonObject input =
      new JsonObject(
          """
          {"name": "Ada", "n": 3, "list": [1, 2, 2, 3, 1], "json": "{\\"a\\": [1, true]}",
           "obj": {"a": 1, "nested": {"x": 1}}, "other": {"b": 2, "nested": {"y": 2}}}
          """);

  private Object eval(String expression) {
    return Expression.parse(expression).evaluate(input, new JsonObject());
  }

  private String failure(String expression) {
    StatesException failure = assertThrows(StatesException.class, () -> eval(expression));
    assertEquals(StatesError.INTRINSIC_FAILURE, failure.error());
    return failure.getMessage();
  }

  @Test
  void format_fillsPlaceholdersWithStringsNumbersBooleansAndNull() {
    assertEquals(
        "Ada has 3 items, true, null",
        eval("States.Format('{} has {} items, {}, {}', $.name, $.n, true, null)"));
    assertEquals("it's {here}", eval("States.Format('it\\'s \\{here\\}')"));
  }

  @Test
  void format_readsAPathArgumentWhoseQuotedNameHasAnEscapedQuoteAndAComma() {
    JsonObject named = new JsonObject().put("it's, here", "v");

    assertEquals(
        "[v]",
        Expression.parse("States.Format('[{}]', $['it\\'s, here'])")
            .evaluate(named, new JsonObject()));
  }

  @Test
  void format_failsWhenPlaceholdersAndArgumentsDisagree() {
    assertTrue(failure("States.Format('{} {}', $.name)").contains("more {}"));
    assertTrue(failure("States.Format('{}', $.name, $.n)").contains("fewer {}"));
  }

  @Test
  void format_printsObjectsAndArraysAsStepFunctionsDoesJavaStyle() {
    JsonObject args = new JsonObject("{\"Arg1\": 1, \"Arg2\": [], \"Arg3\": {\"s\": \"x\"}}");
    assertEquals(
        "{Arg1=1, Arg2=[], Arg3={s=x}} and [1, 2, 2, 3, 1]",
        Expression.parse("States.Format('{} and {}', $.args, $.list)")
            .evaluate(input.copy().put("args", args), new JsonObject()));
  }

  @Test
  void array_buildsAnArrayOfItsArguments() {
    assertEquals(
        new JsonArray().add("Ada").add(3L).add(new JsonArray("[1,2,2,3,1]")).add("x"),
        eval("States.Array($.name, 3, $.list, 'x')"));
    assertEquals(new JsonArray(), eval("States.Array()"));
  }

  @Test
  void mathAdd_addsIntegers() {
    // The documentation's example: {"value1": 111, "step": -1} gives 110.
    assertEquals(110L, eval("States.MathAdd(111, -1)"));
    assertEquals(114L, eval("States.MathAdd(111, $.n)"));
    assertEquals(-1L, eval("States.MathAdd(-4, $.n)"));
    failure("States.MathAdd($.name, 1)");
  }

  @Test
  void mathAdd_roundsEachArgumentToAnIntegerFirstAsStepFunctionsDoes() {
    assertEquals(3L, eval("States.MathAdd(1.49, 1.5)"));
    assertEquals(1L, eval("States.MathAdd(-0.5, 0.5)"));
    assertEquals(5L, eval("States.MathAdd(1.5, $.n)"));
  }

  @Test
  void mathRandom_isAnIntegerFromStartUpToEndAndTheSameForTheSameSeed() {
    // The documentation's example: {"start": 1, "end": 999}, with and without a seed.
    for (int i = 0; i < 50; i++) {
      long random = (Long) eval("States.MathRandom(1, 999)");
      assertTrue(random >= 1 && random < 999, String.valueOf(random));
    }
    assertEquals(eval("States.MathRandom(1, 999, 7)"), eval("States.MathRandom(1, 999, 7)"));
    assertEquals(4L, eval("States.MathRandom(4, 5)"));
    failure("States.MathRandom(5, 5)");
    assertThrows(IllegalArgumentException.class, () -> Expression.parse("States.MathRandom(1)"));
  }

  @Test
  void mathRandom_spansTheWholeLongRange_withoutOverflow() {
    // end - start is past a long: the range was computed as one and refused by Random
    for (int i = 0; i < 20; i++) {
      long random = (Long) eval("States.MathRandom(-9223372036854775807, 9223372036854775807)");
      assertTrue(random < Long.MAX_VALUE, String.valueOf(random));
    }
    JsonObject bounds =
        new JsonObject().put("a", -9_000_000_000_000_000_000L).put("b", 9_000_000_000_000_000_000L);
    long fromPaths =
        (Long) Expression.parse("States.MathRandom($.a, $.b)").evaluate(bounds, new JsonObject());
    assertTrue(fromPaths >= bounds.getLong("a") && fromPaths < bounds.getLong("b"));
    assertEquals(eval("States.MathRandom(1, 999, 7)"), eval("States.MathRandom(1, 999, 7)"));
  }

  @Test
  void arrayUnique_keepsTheFirstOfEachValue_comparingNumbersByValueAndObjectsWhateverTheirOrder() {
    JsonObject values =
        new JsonObject(
            "{\"a\": [1, 1.0, 1e0, 2, \"1\", {\"x\": 1, \"y\": [2]}, {\"y\": [2.0], \"x\": 1},"
                + " null, null, [1, 2], [2, 1], true]}");
    assertEquals(
        new JsonArray("[1, 2, \"1\", {\"x\": 1, \"y\": [2]}, null, [1, 2], [2, 1], true]"),
        Expression.parse("States.ArrayUnique($.a)").evaluate(values, new JsonObject()));
  }

  @Test
  void arrayUnique_ofManyDistinctValues_isOnePass() {
    JsonArray many = new JsonArray();
    for (int i = 0; i < 50_000; i++) {
      many.add(i);
    }
    JsonObject values = new JsonObject().put("a", many.copy().addAll(many));
    // compared pairwise this was 1.25 billion comparisons, past the step's budget
    assertEquals(
        many, Expression.parse("States.ArrayUnique($.a)").evaluate(values, new JsonObject()));
  }

  @Test
  void jsonToStringAndHash_ofAValueNestedPastJsonsLimit_areIntrinsicFailures() {
    String deep = "[".repeat(999) + "]".repeat(999);
    JsonObject values = new JsonObject().put("s", deep);
    for (String call :
        List.of(
            "States.JsonToString(States.Array(States.Array(States.StringToJson($.s))))",
            "States.Hash(States.Array(States.Array(States.StringToJson($.s))), 'MD5')")) {
      StatesException failure =
          assertThrows(
              StatesException.class,
              () -> Expression.parse(call).evaluate(values, new JsonObject()),
              call);
      assertEquals(StatesError.INTRINSIC_FAILURE, failure.error(), call);
      assertTrue(failure.getMessage().contains("1,000 levels"), failure.getMessage());
    }
  }

  @Test
  void parse_refusesANumberLiteralOutOfRange_asStateDataRefusesIt() {
    for (String literal : new String[] {"1e400", "-1e309", "1e19", "99999999999999999999"}) {
      IllegalArgumentException refused =
          assertThrows(
              IllegalArgumentException.class,
              () -> Expression.parse("States.MathAdd(" + literal + ", 1)"),
              literal);
      assertTrue(refused.getMessage().contains("out of range"), refused.getMessage());
    }
    assertEquals(1_000_000_000_000_000_001L, eval("States.MathAdd(1e18, 1)"));
  }

  @Test
  void parse_allowsUpToTenIntrinsicFunctionsInAField() {
    // Nine nested, like the documentation's example.
    String nine =
        "States.Format('{}.{}', States.ArrayGetItem(States.StringSplit(States.ArrayGetItem("
            + "States.StringSplit($.ImageRecipe.Arn, '/'), 2), '.'), 0), States.ArrayGetItem("
            + "States.StringSplit(States.ArrayGetItem(States.StringSplit($.ImageRecipe.Arn, '/'),"
            + " 2), '.'), 1))";
    JsonObject recipe =
        new JsonObject()
            .put(
                "ImageRecipe",
                new JsonObject()
                    .put(
                        "Arn",
                        "arn:aws:imagebuilder:us-east-1:123456789012:image-recipe/recipe/1.0.2"));
    assertEquals("1.0", Expression.parse(nine).evaluate(recipe, new JsonObject()));
    Expression.parse("States.Array(" + nine + ")");
    assertThrows(
        IllegalArgumentException.class,
        () -> Expression.parse("States.Array(States.Array(" + nine + "))"));
  }

  @Test
  void stringToJson_ofAnEmptyOrBlankStringIsNull() {
    assertEquals(null, eval("States.StringToJson('')"));
    assertEquals(null, eval("States.StringToJson('  ')"));
  }

  @Test
  void stringToJson_ofTextThatIsNotJson_failsInOrdosWords_notTheParsers() {
    String bad = failure("States.StringToJson('{bad')");
    assertTrue(bad.endsWith("the string is not JSON (line 1, column 2)"), bad);
    String deep = failure("States.StringToJson('" + "[".repeat(2_000) + "')");
    assertTrue(
        deep.endsWith(
            "the string is not JSON: it nests deeper than JSON text may here" + " (1,000 levels)"),
        deep);
    for (String message : List.of(bad, deep)) {
      assertFalse(message.contains("Unexpected") || message.contains("Stream"), message);
    }
  }

  @Test
  void parse_refusesIllegalEscapesInStringLiterals() {
    // Only ' { } and \\ are reserved characters that may be escaped.
    assertEquals("a'{}\\", eval("States.Format('a\\'\\{\\}\\\\')"));
    assertEquals("{} Ada", eval("States.Format('\\{\\} {}', $.name)"));
    for (String bad :
        new String[] {"States.Format('\\n')", "States.Format('a\\x')", "States.Format('\\')"}) {
      assertThrows(IllegalArgumentException.class, () -> Expression.parse(bad), bad);
    }
  }

  @Test
  void parse_refusesLiteralArgumentsOfTheWrongTypeBeforeRunning() {
    IllegalArgumentException wrong =
        assertThrows(
            IllegalArgumentException.class, () -> Expression.parse("States.MathAdd(1,'-1')"));
    assertTrue(wrong.getMessage().contains("argument 2 must be a number"), wrong.getMessage());
    for (String bad :
        new String[] {
          "States.ArrayLength('abc')",
          "States.JsonMerge('a', $.b, false)",
          "States.StringSplit(1, ',')",
          "States.ArrayRange(1, '9', 1)",
          "States.Base64Encode(true)"
        }) {
      assertThrows(IllegalArgumentException.class, () -> Expression.parse(bad), bad);
    }
    // Paths are typed only when they run.
    Expression.parse("States.MathAdd($.a, $.b)");
  }

  @Test
  void jsonToStringAndStringToJson_roundTrip() {
    assertEquals("{\"a\":1,\"nested\":{\"x\":1}}", eval("States.JsonToString($.obj)"));
    assertEquals(new JsonObject("{\"a\": [1, true]}"), eval("States.StringToJson($.json)"));
    assertEquals(
        new JsonObject("{\"a\":1,\"nested\":{\"x\":1}}"),
        eval("States.StringToJson(States.JsonToString($.obj))"));
    failure("States.StringToJson('{not json')");
  }

  @Test
  void jsonMerge_shallowReplacesNestedObjectsDeepMergesThem() {
    assertEquals(
        new JsonObject("{\"a\": 1, \"b\": 2, \"nested\": {\"y\": 2}}"),
        eval("States.JsonMerge($.obj, $.other, false)"));
    assertEquals(
        new JsonObject("{\"a\": 1, \"b\": 2, \"nested\": {\"x\": 1, \"y\": 2}}"),
        eval("States.JsonMerge($.obj, $.other, true)"));
  }

  @Test
  void arrayFunctions_behaveAsDocumented() {
    assertEquals(new JsonArray("[[1,2],[2,3],[1]]"), eval("States.ArrayPartition($.list, 2)"));
    assertEquals(true, eval("States.ArrayContains($.list, 3)"));
    assertEquals(false, eval("States.ArrayContains($.list, 4)"));
    assertEquals(new JsonArray("[1,3,5,7,9]"), eval("States.ArrayRange(1, 9, 2)"));
    assertEquals(new JsonArray("[3,2,1]"), eval("States.ArrayRange(3, 1, -1)"));
    assertEquals(3, eval("States.ArrayGetItem($.list, 3)"));
    assertEquals(5, eval("States.ArrayLength($.list)"));
    assertEquals(new JsonArray("[1,2,3]"), eval("States.ArrayUnique($.list)"));
    failure("States.ArrayGetItem($.list, 5)");
    failure("States.ArrayRange(1, 5000, 1)");
    failure("States.ArrayPartition($.list, 0)");
  }

  @Test
  void stringFunctions_behaveAsDocumented() {
    assertEquals(
        new JsonArray("[\"This\",\"is\",\"a\",\"test\",\"string\"]"),
        eval("States.StringSplit('This.is+a,test=string', '.+,=')"));
    assertEquals("RGF0YSB0byBlbmNvZGU=", eval("States.Base64Encode('Data to encode')"));
    assertEquals("Data to encode", eval("States.Base64Decode('RGF0YSB0byBlbmNvZGU=')"));
    assertEquals(
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        eval("States.Hash('test', 'SHA-256')"));
    assertEquals("098f6bcd4621d373cade4e832627b4f6", eval("States.Hash('test', 'MD5')"));
    failure("States.Hash('test', 'SHA-999')");
    String notBase64 = failure("States.Base64Decode('!!!')");
    assertTrue(notBase64.contains("not Base64") && !notBase64.contains("character 21"), notBase64);
    assertTrue(
        ((String) eval("States.UUID()"))
            .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"));
  }

  @Test
  void parse_rejectsUnknownFunctionsWrongArityAndBadSyntax() {
    for (String bad :
        new String[] {
          "States.Nope(1)",
          "States.MathAdd(1)",
          "States.UUID(1)",
          "States.Format()",
          "States.Array(1",
          "States.Array('open)",
          "States.Array(1) trailing",
          "States.Array($.a.length())",
          "not a call"
        }) {
      assertThrows(IllegalArgumentException.class, () -> Expression.parse(bad), bad);
    }
  }

  @Test
  void parse_pathArgumentsMayContainCommasAndParenthesesInsideQuotes() {
    JsonObject odd = new JsonObject().put("a,b)", "tricky");

    Object value = Expression.parse("States.Array($['a,b)'])").evaluate(odd, new JsonObject());

    assertEquals(new JsonArray().add("tricky"), value);
  }
}
