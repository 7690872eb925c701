package io.ordo.statemachine.language;

import static io.ordo.statemachine.language.Definitions.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.json.JsonArray;
import java.util.List;
import org.junit.jupiter.api.Test;

class DefinitionValidatorTest {

  static List<ValidationError> validate(String definition) {
    return DefinitionValidator.validate(json(definition), Definitions.SAMPLE_TASKS);
  }

  /** A machine of the given states, starting at the first one named. */
  static List<ValidationError> states(String startAt, String states) {
    return validate("{\"StartAt\": \"" + startAt + "\", \"States\": {" + states + "}}");
  }

  /** Asserts exactly one error, at the path, whose message contains the words. */
  static void assertOnly(List<ValidationError> errors, String path, String words) {
    assertEquals(1, errors.size(), () -> "expected one error at " + path + " but got " + errors);
    assertError(errors, path, words);
  }

  private static void assertError(List<ValidationError> errors, String path, String words) {
    assertTrue(
        errors.stream().anyMatch(e -> e.path().equals(path) && e.message().contains(words)),
        () -> "no error at " + path + " saying '" + words + "' in " + errors);
  }

  private static final String END = "\"End\": true";
  private static final String PASS = "\"Type\": \"Pass\", ";

  @Test
  void validDefinitions_haveNoErrors() {
    assertEquals(List.of(), validate(Definitions.FUN_WITH_MATH));
    assertEquals(List.of(), validate(Definitions.EVERYTHING));
    assertEquals(
        List.of(),
        DefinitionValidator.validate(
            json(Definitions.LOOKUP_CUSTOMER_INFO),
            Definitions.known("AddressFinder", "PhoneFinder")));
  }

  @Test
  void funWithMath_failsAtTheSubtractResourceWhenOnlyAddIsRegistered() {
    List<ValidationError> errors =
        DefinitionValidator.validate(json(Definitions.FUN_WITH_MATH), Definitions.known("Add"));

    assertOnly(errors, "$.States.FunWithMath.Branches[1].States.Subtract.Resource", "Subtract");
    assertTrue(errors.get(0).message().contains("not registered"), errors::toString);
  }

  @Test
  void aDefinitionThatIsNotAnObjectIsRefusedAtTheRoot() {
    assertOnly(
        DefinitionValidator.validateValue(new JsonArray(), Definitions.SAMPLE_TASKS),
        "$",
        "JSON object");
    assertOnly(
        DefinitionValidator.validateValue("text", Definitions.SAMPLE_TASKS), "$", "JSON object");
    assertOnly(
        DefinitionValidator.validateValue(null, Definitions.SAMPLE_TASKS), "$", "JSON object");
  }

  @Test
  void startAt_mustBePresentAndNameAState() {
    assertOnly(validate("{\"States\": {\"A\": {" + PASS + END + "}}}"), "$.StartAt", "required");
    assertOnly(
        states("Nowhere", "\"A\": {" + PASS + END + "}"),
        "$.StartAt",
        "no state is named 'Nowhere'");
    assertOnly(
        validate("{\"StartAt\": 1, \"States\": {\"A\": {" + PASS + END + "}}}"),
        "$.StartAt",
        "must be a string");
  }

  @Test
  void states_mustBeANonEmptyObjectOfObjects() {
    assertOnly(validate("{\"StartAt\": \"A\"}"), "$.States", "required");
    assertOnly(validate("{\"StartAt\": \"A\", \"States\": {}}"), "$.States", "at least one state");
    assertOnly(validate("{\"StartAt\": \"A\", \"States\": []}"), "$.States", "must be an object");
    assertOnly(states("A", "\"A\": 3"), "$.States.A", "must be an object");
  }

  @Test
  void type_mustBeAKnownStateType() {
    assertOnly(
        states("A", "\"A\": {\"Type\": \"Lambda\", " + END + "}"),
        "$.States.A.Type",
        "unknown state type 'Lambda'");
    assertOnly(states("A", "\"A\": {" + END + "}"), "$.States.A.Type", "required");
  }

  @Test
  void aStateWithABadTypeStillLeadsToItsNextState() {
    List<ValidationError> errors =
        states("A", "\"A\": {\"Type\": \"Lambda\", \"Next\": \"B\"}, \"B\": {" + PASS + END + "}");

    assertOnly(errors, "$.States.A.Type", "unknown state type");
  }

  @Test
  void unknownAndMisspelledFields_areReportedWithASuggestion() {
    assertOnly(
        states("A", "\"A\": {" + PASS + END + ", \"Nxt\": \"B\"}"),
        "$.States.A.Nxt",
        "did you mean 'Next'?");
    assertOnly(
        states("A", "\"A\": {" + PASS + END + ", \"Colour\": \"red\"}"),
        "$.States.A.Colour",
        "unknown field 'Colour'");
    assertOnly(
        validate("{\"StartAt\": \"A\", \"Stats\": 1, \"States\": {\"A\": {" + PASS + END + "}}}"),
        "$.Stats",
        "did you mean 'States'?");
  }

  @Test
  void fieldsOfAnotherStateType_areNotAllowed() {
    assertOnly(
        states("F", "\"F\": {\"Type\": \"Fail\", \"ResultPath\": \"$.x\"}"),
        "$.States.F.ResultPath",
        "not allowed in a Fail state");
    assertOnly(
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"End\": true, \"Choices\": [{\"Variable\": \"$.a\", \"IsPresent\": true, \"Next\": \"D\"}]}, \"D\": {\"Type\": \"Succeed\"}"),
        "$.States.C.End",
        "not allowed in a Choice state");
    assertOnly(
        states("W", "\"W\": {\"Type\": \"Wait\", \"Seconds\": 1, \"Parameters\": {}, " + END + "}"),
        "$.States.W.Parameters",
        "not allowed in a Wait state");
    assertOnly(
        states("P", "\"P\": {" + PASS + "\"ResultSelector\": {}, " + END + "}"),
        "$.States.P.ResultSelector",
        "not allowed in a Pass state");
    assertOnly(
        states("S", "\"S\": {\"Type\": \"Succeed\", \"ResultPath\": \"$\"}"),
        "$.States.S.ResultPath",
        "not allowed");
  }

  @Test
  void stepFunctionsFeaturesOrdoDoesNotRun_areNamedAsUnsupported() {
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"Credentials\": {}, "
                + END
                + "}"),
        "$.States.T.Credentials",
        "not supported by Ordo");
    assertOnly(
        validate(
            "{\"QueryLanguage\": \"JSONata\", \"StartAt\": \"A\", \"States\": {\"A\": {"
                + PASS
                + END
                + "}}}"),
        "$.QueryLanguage",
        "JSONata");
  }

  @Test
  void fieldsOfTheWrongType_areReported() {
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"Next\": 3}"),
        "$.States.A.Next",
        "must be a string, not number 3");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"End\": \"yes\"}"),
        "$.States.A.End",
        "must be a boolean");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"Comment\": [], " + END + "}"),
        "$.States.A.Comment",
        "must be a string");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"Parameters\": \"x\", " + END + "}"),
        "$.States.A.Parameters",
        "must be an object");
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"TimeoutSeconds\": \"10\", "
                + END
                + "}"),
        "$.States.T.TimeoutSeconds",
        "must be an integer");
  }

  @Test
  void transitions_toUnknownStatesAreReportedWhereTheyAreWritten() {
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"Next\": \"Nowhere\"}"),
        "$.States.A.Next",
        "no state is named 'Nowhere'");
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", "
                + END
                + ", \"Catch\": [{\"ErrorEquals\": [\"States.ALL\"], \"Next\": \"Nowhere\"}]}"),
        "$.States.T.Catch[0].Next",
        "no state is named 'Nowhere'");
    List<ValidationError> choice =
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"Default\": \"Gone\", \"Choices\": ["
                + "{\"Variable\": \"$.a\", \"IsPresent\": true, \"Next\": \"D\"},"
                + "{\"Variable\": \"$.a\", \"IsNull\": true, \"Next\": \"Lost\"}]},"
                + "\"D\": {\"Type\": \"Succeed\"}");
    assertEquals(2, choice.size(), choice::toString);
    assertError(choice, "$.States.C.Choices[1].Next", "no state is named 'Lost'");
    assertError(choice, "$.States.C.Default", "no state is named 'Gone'");
  }

  @Test
  void aNonTerminalState_needsExactlyOneOfNextAndEnd() {
    assertOnly(
        states("A", "\"A\": {\"Type\": \"Pass\"}"), "$.States.A", "either Next or End: true");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"End\": false}"),
        "$.States.A",
        "either Next or End: true");
    assertOnly(
        states(
            "A", "\"A\": {" + PASS + "\"Next\": \"B\", " + END + "}, \"B\": {" + PASS + END + "}"),
        "$.States.A",
        "both Next and End");
    assertEquals(
        List.of(),
        states(
            "A",
            "\"A\": {" + PASS + "\"Next\": \"B\", \"End\": false}, \"B\": {" + PASS + END + "}"));
  }

  @Test
  void unreachableStates_areReportedButCatchAndChoiceTargetsAreReachable() {
    assertOnly(
        states("A", "\"A\": {" + PASS + END + "}, \"Orphan\": {" + PASS + END + "}"),
        "$.States.Orphan",
        "not reachable from StartAt 'A'");
    assertEquals(
        List.of(),
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"Next\": \"C\","
                + " \"Catch\": [{\"ErrorEquals\": [\"States.ALL\"], \"Next\": \"Handler\"}]},"
                + "\"Handler\": {\"Type\": \"Fail\"},"
                + "\"C\": {\"Type\": \"Choice\", \"Default\": \"Other\", \"Choices\": [{\"Variable\": \"$.x\", \"IsPresent\": true, \"Next\": \"Yes\"}]},"
                + "\"Yes\": {\"Type\": \"Succeed\"}, \"Other\": {\"Type\": \"Succeed\"}"));
  }

  @Test
  void unreachability_isJudgedPerBranch() {
    List<ValidationError> errors =
        states(
            "P",
            "\"P\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"StartAt\": \"B1\", \"States\": {"
                + "\"B1\": {"
                + PASS
                + END
                + "}, \"B2\": {"
                + PASS
                + END
                + "}}}]}");

    assertOnly(errors, "$.States.P.Branches[0].States.B2", "not reachable from StartAt 'B1'");
  }

  @Test
  void transitionsAcrossABranchBoundary_areReportedAsSuch() {
    String branch0 =
        "{\"StartAt\": \"B1\", \"States\": {\"B1\": {" + PASS + "\"Next\": \"After\"}}}";
    String branch1 = "{\"StartAt\": \"C1\", \"States\": {\"C1\": {" + PASS + "\"Next\": \"B1\"}}}";
    List<ValidationError> errors =
        states(
            "Start",
            "\"Start\": {"
                + PASS
                + "\"Next\": \"C1\"},"
                + "\"P\": {\"Type\": \"Parallel\", \"Next\": \"After\", \"Branches\": ["
                + branch0
                + ", "
                + branch1
                + "]},"
                + "\"After\": {"
                + PASS
                + END
                + "}");

    assertError(
        errors,
        "$.States.Start.Next",
        "'C1' crosses a branch boundary: it is a state of the branch at $.States.P.Branches[1], not of the top level");
    assertError(
        errors,
        "$.States.P.Branches[0].States.B1.Next",
        "'After' crosses a branch boundary: it is a state of the top level");
    assertError(
        errors,
        "$.States.P.Branches[1].States.C1.Next",
        "'B1' crosses a branch boundary: it is a state of the branch at $.States.P.Branches[0]");
  }

  @Test
  void aBranchStartAtOutsideTheBranch_crossesTheBoundary() {
    List<ValidationError> errors =
        states(
            "P",
            "\"P\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"StartAt\": \"P\", \"States\": {\"B\": {"
                + PASS
                + END
                + "}}}]}");

    assertError(errors, "$.States.P.Branches[0].StartAt", "crosses a branch boundary");
  }

  @Test
  void nestedParallelStates_areValidatedScopeByScope() {
    String inner =
        "\"Inner\": {\"Type\": \"Parallel\", "
            + END
            + ", \"Branches\": ["
            + "{\"StartAt\": \"X\", \"States\": {\"X\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Add\", "
            + END
            + "}}},"
            + "{\"StartAt\": \"Y\", \"States\": {\"Y\": {"
            + PASS
            + "\"Next\": \"Missing\"}, \"Z\": {"
            + PASS
            + END
            + "}}}]}";
    List<ValidationError> errors =
        states(
            "Outer",
            "\"Outer\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"StartAt\": \"Inner\", \"States\": {"
                + inner
                + "}}]}");

    assertEquals(2, errors.size(), errors::toString);
    assertError(
        errors,
        "$.States.Outer.Branches[0].States.Inner.Branches[1].States.Y.Next",
        "no state is named 'Missing'");
    assertError(
        errors,
        "$.States.Outer.Branches[0].States.Inner.Branches[1].States.Z",
        "not reachable from StartAt 'Y'");
  }

  @Test
  void nestedParallelStates_thatAreValid_haveNoErrors() {
    String inner =
        "\"Inner\": {\"Type\": \"Parallel\", \"Next\": \"Last\", \"Branches\": ["
            + "{\"StartAt\": \"X\", \"States\": {\"X\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Add\", "
            + END
            + "}}},"
            + "{\"StartAt\": \"Y\", \"States\": {\"Y\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Subtract\", "
            + END
            + "}}}]},"
            + "\"Last\": {\"Type\": \"Succeed\"}";

    assertEquals(
        List.of(),
        states(
            "Outer",
            "\"Outer\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"StartAt\": \"Inner\", \"States\": {"
                + inner
                + "}}]}"));
  }

  @Test
  void parallel_needsANonEmptyArrayOfBranchObjects() {
    assertOnly(
        states("P", "\"P\": {\"Type\": \"Parallel\", " + END + "}"),
        "$.States.P.Branches",
        "required");
    assertOnly(
        states("P", "\"P\": {\"Type\": \"Parallel\", " + END + ", \"Branches\": []}"),
        "$.States.P.Branches",
        "at least one branch");
    assertOnly(
        states("P", "\"P\": {\"Type\": \"Parallel\", " + END + ", \"Branches\": [1]}"),
        "$.States.P.Branches[0]",
        "must be an object");
    assertOnly(
        states(
            "P",
            "\"P\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"States\": {\"B\": {"
                + PASS
                + END
                + "}}}]}"),
        "$.States.P.Branches[0].StartAt",
        "required");
  }

  @Test
  void stateNames_mustBeUniqueAcrossBranchesAndAtMost80Characters() {
    List<ValidationError> duplicate =
        states(
            "B",
            "\"B\": {\"Type\": \"Parallel\", "
                + END
                + ", \"Branches\": [{\"StartAt\": \"B\", \"States\": {\"B\": {"
                + PASS
                + END
                + "}}}]}");
    assertOnly(duplicate, "$.States.B.Branches[0].States.B", "already used at $.States.B");

    String longName = "a".repeat(81);
    assertOnly(
        states(longName, "\"" + longName + "\": {" + PASS + END + "}"),
        "$.States." + longName,
        "1 to 80 characters");
    String okName = "b".repeat(80);
    assertEquals(List.of(), states(okName, "\"" + okName + "\": {" + PASS + END + "}"));
  }

  @Test
  void namesThatAreNotIdentifiers_areBracketedInPaths() {
    assertOnly(
        states("My State", "\"My State\": {" + PASS + "\"Next\": \"Nope\"}"),
        "$.States['My State'].Next",
        "Nope");
  }

  @Test
  void pathSyntax_isCheckedInEveryPathField() {
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"InputPath\": \"$.a.length()\", " + END + "}"),
        "$.States.A.InputPath",
        "not supported");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"OutputPath\": \"a.b\", " + END + "}"),
        "$.States.A.OutputPath",
        "must start with '$'");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"ResultPath\": \"$.a[*]\", " + END + "}"),
        "$.States.A.ResultPath",
        "wildcard");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"ResultPath\": \"$$.a\", " + END + "}"),
        "$.States.A.ResultPath",
        "context object");
    assertOnly(
        states("W", "\"W\": {\"Type\": \"Wait\", \"SecondsPath\": \"$.a[\", " + END + "}"),
        "$.States.W.SecondsPath",
        "bad reference path");
    assertOnly(
        states("W", "\"W\": {\"Type\": \"Wait\", \"TimestampPath\": \"$.t.*\", " + END + "}"),
        "$.States.W.TimestampPath",
        "wildcard");
    assertOnly(
        states(
            "M",
            "\"M\": {\"Type\": \"Map\", \"ItemsPath\": \"items\", "
                + END
                + ", \"ItemProcessor\": {\"StartAt\": \"E\", \"States\": {\"E\": {"
                + PASS
                + END
                + "}}}}"),
        "$.States.M.ItemsPath",
        "must start with '$'");
    assertEquals(
        List.of(),
        states(
            "A",
            "\"A\": {"
                + PASS
                + "\"InputPath\": null, \"ResultPath\": null, \"OutputPath\": null, "
                + END
                + "}"));
  }

  @Test
  void payloadTemplateExpressions_areCheckedWithTheirOwnPath() {
    assertOnly(
        states(
            "A",
            "\"A\": {" + PASS + "\"Parameters\": {\"size.$\": \"$.a.length()\"}, " + END + "}"),
        "$.States.A.Parameters['size.$']",
        "bad expression");
    assertOnly(
        states("A", "\"A\": {" + PASS + "\"Parameters\": {\"list\": [{\"v.$\": 3}]}, " + END + "}"),
        "$.States.A.Parameters.list[0]['v.$']",
        "as a string");
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"ResultSelector\": {\"x.$\": \"States.Frobnicate($.a)\"}, "
                + END
                + "}"),
        "$.States.T.ResultSelector['x.$']",
        "unknown intrinsic function 'States.Frobnicate'");
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"Parameters\": {\"x.$\": \"States.MathAdd(1)\"}, "
                + END
                + "}"),
        "$.States.T.Parameters['x.$']",
        "takes 2 arguments");
  }

  @Test
  void choiceRules_areCheckedForOperatorsVariablesAndOperands() {
    String choiceState =
        "\"C\": {\"Type\": \"Choice\", \"Choices\": [%s]}, \"D\": {\"Type\": \"Succeed\"}";
    assertOnly(
        states("C", String.format(choiceState, "{\"Variable\": \"$.a\", \"Next\": \"D\"}")),
        "$.States.C.Choices[0]",
        "needs a comparison");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"Variable\": \"$.a\", \"IsNull\": true, \"IsString\": true, \"Next\": \"D\"}")),
        "$.States.C.Choices[0]",
        "exactly one operator");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState, "{\"Variable\": \"$.a\", \"NumericEquals\": \"1\", \"Next\": \"D\"}")),
        "$.States.C.Choices[0].NumericEquals",
        "must be a number");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"Variable\": \"$.a\", \"TimestampEquals\": \"yesterday\", \"Next\": \"D\"}")),
        "$.States.C.Choices[0].TimestampEquals",
        "RFC 3339");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"Variable\": \"$.a.length()\", \"IsNull\": true, \"Next\": \"D\"}")),
        "$.States.C.Choices[0].Variable",
        "not supported");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"Variable\": \"$.a\", \"NumericEqualsPath\": \"b\", \"Next\": \"D\"}")),
        "$.States.C.Choices[0].NumericEqualsPath",
        "must start with '$'");
    assertOnly(
        states("C", String.format(choiceState, "{\"StringEquals\": \"x\", \"Next\": \"D\"}")),
        "$.States.C.Choices[0].Variable",
        "required");
    assertOnly(
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"Default\": \"D\", \"Choices\":"
                + " [{\"Variable\": \"$.a\", \"IsNull\": true}]}, \"D\": {\"Type\": \"Succeed\"}"),
        "$.States.C.Choices[0].Next",
        "required");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"And\": [{\"Variable\": \"$.a\", \"IsNull\": true, \"Next\": \"D\"}], \"Next\": \"D\"}")),
        "$.States.C.Choices[0].And[0].Next",
        "only allowed in a top-level choice rule");
    assertOnly(
        states(
            "C",
            String.format(
                choiceState,
                "{\"Not\": {\"Variable\": \"$.a\", \"StringMatchez\": \"*\"}, \"Next\": \"D\"}")),
        "$.States.C.Choices[0].Not.StringMatchez",
        "did you mean 'StringMatches'?");
    assertOnly(
        states(
            "C",
            "\"C\": {\"Type\": \"Choice\", \"Choices\": [], \"Default\": \"D\"}, \"D\": {\"Type\": \"Succeed\"}"),
        "$.States.C.Choices",
        "at least one choice rule");
  }

  @Test
  void retryAndCatch_rulesAreEnforced() {
    String task =
        "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"End\": true, %s}, \"H\": {\"Type\": \"Fail\"}";
    for (String name : StatesError.OF_OTHER_FEATURES) {
      // errors of Step Functions features Ordo does not run, named as a definition for it may
      assertEquals(
          List.of(),
          states(
              "T",
              String.format(
                  task, "\"Catch\": [{\"ErrorEquals\": [\"" + name + "\"], \"Next\": \"H\"}]")),
          name);
    }
    String catchH = ", \"Catch\": [{\"ErrorEquals\": [\"States.ALL\"], \"Next\": \"H\"}]";
    assertOnly(
        states(
            "T",
            String.format(
                task, "\"Retry\": [{\"ErrorEquals\": [\"X\", \"States.ALL\"]}]" + catchH)),
        "$.States.T.Retry[0].ErrorEquals[1]",
        "States.ALL must appear alone");
    assertOnly(
        states(
            "T",
            String.format(
                task,
                "\"Retry\": [{\"ErrorEquals\": [\"States.ALL\"]}, {\"ErrorEquals\": [\"X\"]}]"
                    + catchH)),
        "$.States.T.Retry[0].ErrorEquals[0]",
        "last retrier");
    assertOnly(
        states(
            "T",
            String.format(
                task,
                "\"Catch\": [{\"ErrorEquals\": [\"States.ALL\"], \"Next\": \"H\"}, {\"ErrorEquals\": [\"X\"], \"Next\": \"H\"}]")),
        "$.States.T.Catch[0].ErrorEquals[0]",
        "last catcher");
    assertOnly(
        states(
            "T",
            String.format(
                task, "\"Retry\": [{\"ErrorEquals\": [\"X\"], \"MaxAttempts\": -1}]" + catchH)),
        "$.States.T.Retry[0].MaxAttempts",
        "at least 0");
    assertOnly(
        states(
            "T",
            String.format(
                task, "\"Retry\": [{\"ErrorEquals\": [\"X\"], \"IntervalSeconds\": 0}]" + catchH)),
        "$.States.T.Retry[0].IntervalSeconds",
        "at least 1");
    assertOnly(
        states(
            "T",
            String.format(
                task, "\"Retry\": [{\"ErrorEquals\": [\"X\"], \"BackoffRate\": 0.5}]" + catchH)),
        "$.States.T.Retry[0].BackoffRate",
        "at least 1.0");
    assertOnly(
        states(
            "T",
            String.format(
                task, "\"Retry\": [{\"ErrorEquals\": [\"X\"], \"MaxDelaySeconds\": 0}]" + catchH)),
        "$.States.T.Retry[0].MaxDelaySeconds",
        "at least 1");
    assertOnly(
        states(
            "T",
            String.format(
                task,
                "\"Retry\": [{\"ErrorEquals\": [\"X\"], \"JitterStrategy\": \"HALF\"}]" + catchH)),
        "$.States.T.Retry[0].JitterStrategy",
        "FULL or NONE");
    assertOnly(
        states("T", String.format(task, "\"Retry\": [{\"MaxAttempts\": 1}]" + catchH)),
        "$.States.T.Retry[0].ErrorEquals",
        "required");
    assertOnly(
        states("T", String.format(task, "\"Retry\": [{\"ErrorEquals\": []}]" + catchH)),
        "$.States.T.Retry[0].ErrorEquals",
        "at least one error");
    assertOnly(
        states(
            "T",
            String.format(task, "\"Retry\": [{\"ErrorEquals\": [\"States.Timeot\"]}]" + catchH)),
        "$.States.T.Retry[0].ErrorEquals[0]",
        "did you mean 'States.Timeout'?");
    assertOnly(
        states(
            "T",
            String.format(
                task,
                "\"Catch\": [{\"ErrorEquals\": [\"X\"]}, {\"ErrorEquals\": [\"Y\"], \"Next\": \"H\"}]")),
        "$.States.T.Catch[0].Next",
        "required");
    assertOnly(
        states(
            "T",
            String.format(
                task,
                "\"Catch\": [{\"ErrorEquals\": [\"X\"], \"Next\": \"H\", \"ResultPath\": \"$.e[*]\"}]")),
        "$.States.T.Catch[0].ResultPath",
        "wildcard");
  }

  @Test
  void timeouts_arePositiveIntegersWithTheHeartbeatShorter() {
    String task =
        "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Echo\", \"End\": true, %s}";
    assertOnly(
        states("T", String.format(task, "\"TimeoutSeconds\": 0")),
        "$.States.T.TimeoutSeconds",
        "at least 1");
    assertOnly(
        states("T", String.format(task, "\"TimeoutSeconds\": 1.5")),
        "$.States.T.TimeoutSeconds",
        "must be an integer");
    assertOnly(
        states("T", String.format(task, "\"HeartbeatSeconds\": -1")),
        "$.States.T.HeartbeatSeconds",
        "at least 1");
    assertOnly(
        states("T", String.format(task, "\"TimeoutSeconds\": 10, \"HeartbeatSeconds\": 10")),
        "$.States.T.HeartbeatSeconds",
        "smaller than TimeoutSeconds (10)");
    assertOnly(
        states("T", String.format(task, "\"TimeoutSeconds\": 10, \"TimeoutSecondsPath\": \"$.t\"")),
        "$.States.T.TimeoutSecondsPath",
        "not both");
    assertOnly(
        validate(
            "{\"StartAt\": \"A\", \"TimeoutSeconds\": 0, \"States\": {\"A\": {"
                + PASS
                + END
                + "}}}"),
        "$.TimeoutSeconds",
        "at least 1");
  }

  @Test
  void resources_mustBeParseableAndRegistered() {
    assertOnly(
        states(
            "T",
            "\"T\": {\"Type\": \"Task\", \"Resource\": \"arn:aws:states:::lambda:invoke\", "
                + END
                + "}"),
        "$.States.T.Resource",
        "expected ordo:task:<name>");
    assertOnly(
        states(
            "T", "\"T\": {\"Type\": \"Task\", \"Resource\": \"ordo:task:Unknown\", " + END + "}"),
        "$.States.T.Resource",
        "'Unknown', which is not registered");
    assertOnly(
        states("T", "\"T\": {\"Type\": \"Task\", " + END + "}"), "$.States.T.Resource", "required");
  }

  @Test
  void waitStates_sayInExactlyOneWayWhatTheyWaitFor() {
    assertOnly(
        states("W", "\"W\": {\"Type\": \"Wait\", " + END + "}"),
        "$.States.W",
        "needs one of Seconds");
    assertOnly(
        states(
            "W",
            "\"W\": {\"Type\": \"Wait\", \"Seconds\": 1, \"Timestamp\": \"2016-03-14T01:59:00Z\", "
                + END
                + "}"),
        "$.States.W",
        "only one of Seconds, Timestamp");
    assertOnly(
        states(
            "W", "\"W\": {\"Type\": \"Wait\", \"Timestamp\": \"2016-03-14 01:59\", " + END + "}"),
        "$.States.W.Timestamp",
        "RFC 3339");
    assertOnly(
        states("W", "\"W\": {\"Type\": \"Wait\", \"Seconds\": -5, " + END + "}"),
        "$.States.W.Seconds",
        "at least 0");
  }

  @Test
  void mapStates_needOneItemProcessorWhoseStatesAreValidated() {
    String map = "\"M\": {\"Type\": \"Map\", \"End\": true%s}";
    assertOnly(states("M", String.format(map, "")), "$.States.M.ItemProcessor", "required");
    assertOnly(
        states(
            "M",
            String.format(
                map,
                ", \"ItemProcessor\": {\"StartAt\": \"E\", \"States\": {\"E\": {"
                    + PASS
                    + "\"Next\": \"Gone\"}}}")),
        "$.States.M.ItemProcessor.States.E.Next",
        "no state is named 'Gone'");
    assertOnly(
        states(
            "M",
            String.format(
                map,
                ", \"Iterator\": {\"StartAt\": \"E\", \"States\": {\"E\": {"
                    + PASS
                    + END
                    + "}}}, \"MaxConcurrency\": -1")),
        "$.States.M.MaxConcurrency",
        "at least 0");
    assertOnly(
        states(
            "M",
            String.format(
                map,
                ", \"ItemProcessor\": {\"ProcessorConfig\": {\"Mode\": \"DISTRIBUTED\"}, \"StartAt\": \"E\", \"States\": {\"E\": {"
                    + PASS
                    + END
                    + "}}}")),
        "$.States.M.ItemProcessor.ProcessorConfig.Mode",
        "use INLINE");
  }

  @Test
  void failStates_takeErrorAndCauseAsTextOrPathButNotBoth() {
    assertOnly(
        states("F", "\"F\": {\"Type\": \"Fail\", \"Error\": \"E\", \"ErrorPath\": \"$.e\"}"),
        "$.States.F.ErrorPath",
        "not both");
    assertOnly(
        states("F", "\"F\": {\"Type\": \"Fail\", \"CausePath\": \"$.c.length()\"}"),
        "$.States.F.CausePath",
        "not supported");
  }

  @Test
  void everyErrorIsReportedNotJustTheFirst() {
    List<ValidationError> errors =
        validate(
            """
            {"StartAt": "A", "TimeoutSeconds": -1, "States": {
              "A": {"Type": "Pass", "Next": "Nowhere", "InputPath": "x"},
              "B": {"Type": "Task", "Resource": "ordo:task:Unknown", "End": true},
              "C": {"Type": "Bogus"}}}
            """);

    assertError(errors, "$.TimeoutSeconds", "at least 1");
    assertError(errors, "$.States.A.Next", "no state is named 'Nowhere'");
    assertError(errors, "$.States.A.InputPath", "must start with '$'");
    assertError(errors, "$.States.B.Resource", "not registered");
    assertError(errors, "$.States.B", "not reachable");
    assertError(errors, "$.States.C.Type", "unknown state type 'Bogus'");
    assertError(errors, "$.States.C", "not reachable");
    assertEquals(7, errors.size(), errors::toString);
  }
}
