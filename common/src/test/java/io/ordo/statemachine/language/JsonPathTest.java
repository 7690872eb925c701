package io.ordo.statemachine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonPathTest {

  private final JsonObject document =
      new JsonObject(
          """
          {"a": {"b": 1, "list": [10, 20, {"c": "deep"}]},
           "with space": "spaced", "it's": "quoted",
           "items": [{"id": 1}, {"id": 2}, {"other": 3}],
           "nothing": null}
          """);

  @Test
  void read_rootReturnsTheWholeDocumentAsACopy() {
    Object read = JsonPath.parse("$").read(document);

    assertEquals(document, read);
    assertNotSame(document, read);
  }

  @Test
  void read_followsFieldsAndIndices() {
    assertEquals(1, JsonPath.parse("$.a.b").read(document));
    assertEquals(20, JsonPath.parse("$.a.list[1]").read(document));
    assertEquals("deep", JsonPath.parse("$.a.list[2].c").read(document));
    assertEquals("deep", JsonPath.parse("$['a']['list'][2][\"c\"]").read(document));
  }

  @Test
  void read_bracketNotationReachesNamesWithSpacesAndQuotes() {
    assertEquals("spaced", JsonPath.parse("$['with space']").read(document));
    assertEquals("quoted", JsonPath.parse("$['it\\'s']").read(document));
  }

  @Test
  void read_explicitNullIsAValueNotAMiss() {
    assertEquals(null, JsonPath.parse("$.nothing").read(document));
  }

  @Test
  void read_missingFieldFailsNamingThePath() {
    PathFailure failure =
        assertThrows(PathFailure.class, () -> JsonPath.parse("$.a.missing").read(document));

    assertEquals("$.a.missing", failure.path());
    assertTrue(failure.getMessage().contains("'missing'"), failure.getMessage());
  }

  @Test
  void read_indexOutOfBoundsAndWrongContainerTypesFail() {
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.a.list[3]").read(document));
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.a[0]").read(document));
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.a.b.c").read(document));
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.x").read(new JsonArray()));
  }

  @Test
  void read_wildcardCollectsMatchesAndSkipsElementsWithoutTheField() {
    assertEquals(new JsonArray("[1, 2]"), JsonPath.parse("$.items[*].id").read(document));
    assertEquals(new JsonArray("[1, 2]"), JsonPath.parse("$.items.*.id").read(document));
    assertEquals(
        new JsonArray("[10, 20, {\"c\": \"deep\"}]"), JsonPath.parse("$.a.list[*]").read(document));
  }

  @Test
  void read_aPathWithASelectorOnMissingDataIsEmptyNotAFailure() {
    // Step Functions (paths page, issue 15): $.items[*] on {} is [].
    assertEquals(new JsonArray(), JsonPath.parse("$.items[*]").read(new JsonObject()));
    assertEquals(new JsonArray(), JsonPath.parse("$.missing[*].id").read(document));
    assertEquals(new JsonArray(), JsonPath.parse("$.a.b[1:2]").read(document));
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.missing.id").read(document));
  }

  // The example document of the Step Functions paths page, with the book list of Jayway's README.
  private final JsonObject stores =
      new JsonObject(
          """
          {"foo": 123, "bar": ["a", "b", "c"],
           "car": {"cdr": true},
           "book": [{"author": "A", "price": 8.95, "isbn": "1"},
                    {"author": "B", "price": 12.99},
                    {"author": "C", "price": 8.99, "isbn": "3"},
                    {"author": "D", "price": 22.99, "isbn": "4"}]}
          """);

  @Test
  void read_slicesUnionsAndNegativeIndices() {
    assertEquals(new JsonArray("[\"b\", \"c\"]"), JsonPath.parse("$.bar[1:]").read(stores));
    assertEquals(new JsonArray("[\"a\", \"b\"]"), JsonPath.parse("$.bar[:2]").read(stores));
    assertEquals(new JsonArray("[\"b\", \"c\"]"), JsonPath.parse("$.bar[-2:]").read(stores));
    assertEquals(new JsonArray("[\"a\", \"c\"]"), JsonPath.parse("$.bar[0,2]").read(stores));
    assertEquals("c", JsonPath.parse("$.bar[-1]").read(stores));
  }

  @Test
  void read_severalNamesAtTheEndOfAPath_readAsOneObjectOfTheFieldsThatAreThere() {
    JsonObject data = new JsonObject("{\"x\": 1, \"y\": {\"z\": 2}, \"w\": 3}");

    // as Jayway merges several properties of a path's last step
    assertEquals(
        new JsonObject("{\"y\": {\"z\": 2}, \"x\": 1}"),
        JsonPath.parse("$['y','x','missing']").read(data));
    assertEquals(new JsonObject(), JsonPath.parse("$['p','q']").read(data));
    assertThrows(PathFailure.class, () -> JsonPath.parse("$.x['a','b']").read(data));
    // before another step, each field in turn: an array of what the rest matched
    assertEquals(new JsonArray("[2]"), JsonPath.parse("$['y','x'].z").read(data));
    // after a selector, one object per match
    assertEquals(
        new JsonArray("[{\"id\": 1}, {\"id\": 2}, {}]"),
        JsonPath.parse("$.items[*]['id','nope']").read(document));
    // after a deep scan, the objects that have every field
    assertEquals(
        new JsonArray("[{\"b\": 1, \"list\": [10, 20, {\"c\": \"deep\"}]}]"),
        JsonPath.parse("$..['b','list']").read(document));
    assertFalse(JsonPath.parse("$['x','y']").isReferencePath());
    assertThrows(IllegalArgumentException.class, () -> JsonPath.parseReference("$['x','y']"));
  }

  @Test
  void read_dotNotationNames_runToTheNextStepAsJaywayReadsThem() {
    JsonObject data =
        new JsonObject(
            "{\"@timestamp\": \"t\", \"$metadata\": {\"code\": 200}, \"ok?\": true, \"a,b\": 4}");

    assertEquals("t", JsonPath.parse("$.@timestamp").read(data));
    assertEquals(200, JsonPath.parse("$.$metadata.code").read(data));
    assertEquals(true, JsonPath.parse("$.ok?").read(data));
    assertEquals(4, JsonPath.parse("$.a,b").read(data));
    assertTrue(JsonPath.parseReference("$.$metadata.code").isReferencePath());
  }

  @Test
  void read_deepScanFindsAFieldAtAnyDepth() {
    assertEquals(
        new JsonArray("[\"A\", \"B\", \"C\", \"D\"]"), JsonPath.parse("$..author").read(stores));
    assertEquals(new JsonArray("[true]"), JsonPath.parse("$..cdr").read(stores));
  }

  @Test
  void read_filtersSelectTheElementsForWhichTheConditionHolds() {
    assertEquals(
        new JsonArray("[\"A\", \"C\"]"),
        JsonPath.parse("$.book[?(@.price < 10)].author").read(stores));
    assertEquals(
        new JsonArray("[\"A\", \"C\", \"D\"]"),
        JsonPath.parse("$.book[?(@.isbn)].author").read(stores));
    assertEquals(
        new JsonArray("[\"B\", \"D\"]"),
        JsonPath.parse("$.book[?(@.price > 10 && @.author != 'Z')].author").read(stores));
    assertEquals(
        new JsonArray("[\"A\", \"D\"]"),
        JsonPath.parse("$.book[?(@.author == 'A' || @.isbn == \"4\")].author").read(stores));
    assertEquals(
        new JsonArray("[\"B\"]"), JsonPath.parse("$.book[?(!(@.isbn))].author").read(stores));
    assertEquals(
        new JsonArray("[\"C\"]"),
        JsonPath.parse("$.book[?(@.author =~ /c/i)].author").read(stores));
    assertEquals(
        new JsonArray("[\"A\"]"),
        JsonPath.parse("$.book[?(@.price < $.book[2].price)].author").read(stores));
  }

  @Test
  void read_aFilterOfThousandsOfAndedOrOredComparisons_doesNotOverflowTheStack() {
    JsonObject rows = new JsonObject("{\"a\": [{\"x\": 1}, {\"x\": 2}]}");
    String ands = String.join(" && ", Collections.nCopies(20_000, "@.x == 1"));
    String ors = String.join(" || ", Collections.nCopies(20_000, "@.x == 3")) + " || @.x == 2";
    assertEquals(new JsonArray("[{\"x\": 1}]"), JsonPath.parse("$.a[?(" + ands + ")]").read(rows));
    assertEquals(new JsonArray("[{\"x\": 2}]"), JsonPath.parse("$.a[?(" + ors + ")]").read(rows));
  }

  @Test
  void read_aRegularExpressionThatBacktracksWithoutEnd_failsTheRead_insteadOfHoldingIt() {
    JsonObject rows =
        new JsonObject()
            .put("a", new JsonArray().add(new JsonObject().put("x", "a".repeat(30) + "!")))
            .put("b", new JsonArray().add(new JsonObject().put("x", "a".repeat(50_000))));
    StatesException exponential =
        assertThrows(
            StatesException.class, () -> JsonPath.parse("$.a[?(@.x =~ /((a*)*)*b/)]").read(rows));
    assertEquals(StatesError.RUNTIME, exponential.error());
    assertTrue(
        exponential.getMessage().contains("the regular expression /((a*)*)*b/ backtracks"),
        exponential.getMessage());
    assertTrue(exponential.getMessage().contains("units of work"), exponential.getMessage());
    StatesException deep =
        assertThrows(
            StatesException.class, () -> JsonPath.parse("$.b[?(@.x =~ /(a|aa)+$/)]").read(rows));
    assertEquals(StatesError.RUNTIME, deep.error());
    assertTrue(deep.getMessage().contains("recursed too deeply"), deep.getMessage());
    // a regular expression that does not backtrack matches a long text all the same
    assertEquals(1, ((JsonArray) JsonPath.parse("$.b[?(@.x =~ /a+/)]").read(rows)).size());
  }

  @Test
  void read_deepScansInARow_onDeeplyNestedData_failWithinTheBudget_insteadOfGrowingWithoutEnd() {
    // the matches grow as depth^scans: 200 levels and four scans were minutes on an event loop
    JsonObject nested = new JsonObject();
    for (int i = 0; i < 200; i++) {
      nested = new JsonObject().put("a", nested);
    }
    JsonObject document = nested;
    StatesException spent =
        assertThrows(
            StatesException.class, () -> JsonPath.parse("$..a..a..a..a.zz").read(document));
    assertEquals(StatesError.RUNTIME, spent.error());
    assertTrue(spent.getMessage().contains("units of work"), spent.getMessage());
    // one scan of the same data is well within it
    assertEquals(200, ((JsonArray) JsonPath.parse("$..a").read(document)).size());
  }

  @Test
  void parse_aFilterWhoseRegularExpressionIsBad_saysWhatIsWrong_inOneLine() {
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> JsonPath.parse("$.a[?(@.x =~ /[/)]"));
    assertEquals(
        "filter '@.x =~ /[/': /[/ is not a regular expression: Unclosed character class at index 0",
        bad.getMessage());
  }

  @Test
  void read_filterReadsAnEscapedQuoteInAQuotedNameAsPartOfTheName() {
    JsonObject rows = new JsonObject("{\"rows\": [{\"it's\": \"a)\"}, {\"it's\": \"b\"}]}");

    assertEquals(
        new JsonArray("[{\"it's\": \"a)\"}]"),
        JsonPath.parse("$.rows[?(@['it\\'s'] == 'a)')]").read(rows));
  }

  @Test
  void read_filterOperatorsThatAreWords_selectAsJaywayReadsThem() {
    JsonObject shop =
        new JsonObject(
            "{\"items\": ["
                + "{\"id\": 1, \"size\": \"S\", \"tags\": [\"a\", \"b\"], \"name\": \"ab\"},"
                + "{\"id\": 2, \"size\": \"M\", \"tags\": [\"c\"], \"name\": \"\"},"
                + "{\"id\": 3, \"size\": \"XL\", \"tags\": [], \"name\": \"xyz\"},"
                + "{\"id\": 4}],"
                + " \"allowed\": [\"S\", \"XL\"]}");
    Map<String, String> selections = new LinkedHashMap<>();
    selections.put("$.items[?(@.size in ['S', \"M\"])].id", "[1, 2]");
    // an element without the field is not in the array
    selections.put("$.items[?(@.size nin ['S', 'M'])].id", "[3, 4]");
    selections.put("$.items[?(@.size in $.allowed)].id", "[1, 3]");
    selections.put("$.items[?(@.id IN [1, 4.0])].id", "[1, 4]");
    selections.put("$.items[?(@.tags subsetof ['a', 'b', 'c'])].id", "[1, 2, 3]");
    selections.put("$.items[?(@.tags anyof ['b', 'c'])].id", "[1, 2]");
    selections.put("$.items[?(@.tags noneof ['b', 'c'])].id", "[3]");
    selections.put("$.items[?(@.tags size 1)].id", "[2]");
    selections.put("$.items[?(@.name size 3)].id", "[3]");
    selections.put("$.items[?(@.tags all ['b', 'a'])].id", "[1]");
    selections.put("$.items[?(@.tags contains 'c' || @.name contains 'y')].id", "[2, 3]");
    selections.put("$.items[?(@.id === 2 || @.size !== @.size)].id", "[2, 4]");
    selections.put("$.items[?(@.name empty true)].id", "[2]");
    selections.put("$.items[?(@.tags empty false && @.size in ['M', 'XL'])].id", "[2]");
    // a side that is not there is unequal to anything, itself too, as Jayway's != reads it
    selections.put("$.items[?(@.size != 'S')].id", "[2, 3, 4]");
    selections.forEach(
        (path, ids) -> assertEquals(new JsonArray(ids), JsonPath.parse(path).read(shop), path));
  }

  @Test
  void read_filterOperatorsThatAreWords_takeNullElementsAsValues() {
    JsonObject lists =
        new JsonObject("{\"a\": [{\"t\": [null]}, {\"t\": [\"y\"]}, {\"t\": null}]}");
    assertEquals(
        new JsonArray("[{\"t\": [null]}]"),
        JsonPath.parse("$.a[?(@.t subsetof ['x', null])]").read(lists));
    assertEquals(
        new JsonArray("[{\"t\": [null]}]"), JsonPath.parse("$.a[?(@.t all [null])]").read(lists));
    assertEquals(
        new JsonArray("[{\"t\": null}]"), JsonPath.parse("$.a[?(@.t in [null, 1])]").read(lists));
  }

  @Test
  void parse_refusesAWordOperatorWithTheWrongKindOfRightSide_orAnUnknownWord() {
    Map<String, String> refusals = new LinkedHashMap<>();
    refusals.put("$.a[?(@.b in 'x')]", "in needs an array on its right");
    refusals.put("$.a[?(@.b size 'x')]", "size needs a number on its right");
    refusals.put("$.a[?(@.b empty 1)]", "empty needs true or false on its right");
    refusals.put("$.a[?(@.b matches 'x')]", "unknown operator 'matches'");
    refusals.put("$.a[?(@.b in [1,)]", "expected a path, a string, a number");
    refusals.put("$.a[?(@.b in [1 2])]", "expected ']'");
    refusals.forEach(
        (path, reason) -> {
          IllegalArgumentException refused =
              assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(path), path);
          assertTrue(refused.getMessage().contains(reason), refused.getMessage());
        });
  }

  @Test
  void parse_refusesAPathNestedTooDeep_butReadsARunOfNegations() {
    String deep = "the path nests brackets and parentheses more than 32 levels deep";
    for (String path :
        List.of(
            "$.a[?(" + "(".repeat(50_000) + "@.b" + ")".repeat(50_000) + ")]",
            "$.a[?(@.b in " + "[".repeat(50_000) + "]".repeat(50_000) + ")]",
            "$.a[?(@.b == " + "$.c[?(".repeat(3_000) + "@.d" + ")]".repeat(3_000) + ")]")) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(path));
      assertTrue(refused.getMessage().contains(deep), refused.getMessage());
    }
    JsonObject items = new JsonObject("{\"a\": [{\"b\": 1}, {\"c\": 2}]}");
    assertEquals(
        new JsonArray("[{\"c\": 2}]"),
        JsonPath.parse("$.a[?(" + "!".repeat(50_001) + "@.b)]").read(items));
    assertEquals(
        new JsonArray("[{\"b\": 1}]"),
        JsonPath.parse("$.a[?(" + "(".repeat(29) + "@.b" + ")".repeat(29) + ")]").read(items));
  }

  @Test
  void resolve_readsContextPathsFromTheContextObject() {
    JsonObject context = new JsonObject().put("Execution", new JsonObject().put("Id", "exec-1"));

    assertEquals("exec-1", JsonPath.parse("$$.Execution.Id").resolve(document, context));
    assertEquals(1, JsonPath.parse("$.a.b").resolve(document, context));
    assertTrue(JsonPath.parse("$$.Execution.Id").isContextPath());
  }

  @Test
  void parse_rejectsWhatStepFunctionsPathsCannotSayOrWeDoNotSupport() {
    for (String bad :
        new String[] {
          "",
          "a.b",
          "$.",
          "$..",
          "$[",
          "$[1",
          "$[-]",
          "$['a",
          "$.a[1:x]",
          "$.a[0,]",
          "$.a[?(@.b >)]",
          "$.a[?(@.b > 1]",
          "$.a[(@.length-1)]",
          "$.a.length()",
          "$ .a",
          "$.a b",
          "$x"
        }) {
      assertThrows(IllegalArgumentException.class, () -> JsonPath.parse(bad), bad);
    }
  }

  @Test
  void parseReference_rejectsWildcards() {
    assertThrows(IllegalArgumentException.class, () -> JsonPath.parseReference("$.a[*]"));
    assertTrue(JsonPath.parseReference("$.a[0].b").isReferencePath());
    assertFalse(JsonPath.parse("$.a.*").isReferencePath());
  }

  @Test
  void write_rootReplacesTheDocument() {
    assertEquals("result", JsonPath.parse("$").write(document, "result"));
  }

  @Test
  void write_createsIntermediateObjectsAndLeavesTheInputUntouched() {
    JsonObject before = document.copy();

    Object written = JsonPath.parse("$.new.nested.value").write(document, 42);

    assertEquals(before, document);
    assertEquals(42, JsonPath.parse("$.new.nested.value").read(written));
    assertEquals(1, JsonPath.parse("$.a.b").read(written));
  }

  @Test
  void write_replacesAnExistingFieldAndAnExistingArrayElement() {
    Object written = JsonPath.parse("$.a.b").write(document, "replaced");
    Object element = JsonPath.parse("$.a.list[0]").write(document, 11);

    assertEquals("replaced", JsonPath.parse("$.a.b").read(written));
    assertEquals(11, JsonPath.parse("$.a.list[0]").read(element));
  }

  @Test
  void write_intoANonObjectIsAResultPathMatchFailure() {
    StatesException scalar =
        assertThrows(StatesException.class, () -> JsonPath.parse("$.a.b.c").write(document, 1));
    StatesException array =
        assertThrows(StatesException.class, () -> JsonPath.parse("$.x").write(new JsonArray(), 1));
    StatesException pastTheEnd =
        assertThrows(StatesException.class, () -> JsonPath.parse("$.a.list[5]").write(document, 1));

    assertEquals(StatesError.RESULT_PATH_MATCH_FAILURE, scalar.error());
    assertEquals(StatesError.RESULT_PATH_MATCH_FAILURE, array.error());
    assertEquals(StatesError.RESULT_PATH_MATCH_FAILURE, pastTheEnd.error());
    // the causes name the kind of value with its article: "an array", not "a array"
    assertEquals(
        "Unable to apply ResultPath '$.x': field 'x' cannot be set in an array",
        array.getMessage());
    assertEquals(
        "Unable to apply ResultPath '$.x[0]': no element 0 in an object",
        assertThrows(
                StatesException.class, () -> JsonPath.parse("$.x[0]").write(new JsonObject(), 1))
            .getMessage());
    assertTrue(
        assertThrows(PathFailure.class, () -> JsonPath.parse("$.a[0]").read(document))
            .getMessage()
            .endsWith("index 0 read from an object, not an array"));
  }

  @Test
  void write_refusesContextAndWildcardPaths() {
    assertThrows(IllegalStateException.class, () -> JsonPath.parse("$$.a").write(document, 1));
    assertThrows(IllegalStateException.class, () -> JsonPath.parse("$.a[*]").write(document, 1));
  }
}
