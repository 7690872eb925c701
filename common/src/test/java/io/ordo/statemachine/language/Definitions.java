package io.ordo.statemachine.language;

import io.vertx.core.json.JsonObject;
import java.util.Optional;
import java.util.Set;

/** Definitions and resolvers the tests share. */
final class Definitions {

  /** The seed's Parallel example: FunWithMath on [3, 2] outputs [5, 1]. */
  static final String FUN_WITH_MATH =
      """
      { "Comment": "Parallel Example.", "StartAt": "FunWithMath", "States": { "FunWithMath": {
        "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "Add", "States": { "Add": { "Type": "Task",
            "Resource": "arn:aws:states:us-east-1:123456789012:activity:Add", "End": true } } },
          { "StartAt": "Subtract", "States": { "Subtract": { "Type": "Task",
            "Resource": "arn:aws:states:us-east-1:123456789012:activity:Subtract", "End": true } } }
        ] } } }
      """;

  /** The seed's first Parallel example, with Lambda function ARNs. */
  static final String LOOKUP_CUSTOMER_INFO =
      """
      { "Comment": "Parallel Example.", "StartAt": "LookupCustomerInfo", "States": {
        "LookupCustomerInfo": { "Type": "Parallel", "End": true, "Branches": [
          { "StartAt": "LookupAddress", "States": { "LookupAddress": { "Type": "Task",
            "Resource": "arn:aws:lambda:us-east-1:123456789012:function:AddressFinder",
            "End": true } } },
          { "StartAt": "LookupPhone", "States": { "LookupPhone": { "Type": "Task",
            "Resource": "arn:aws:lambda:us-east-1:123456789012:function:PhoneFinder",
            "End": true } } } ] } } }
      """;

  /** A machine using every state type and most fields, valid with {@link #SAMPLE_TASKS}. */
  static final String EVERYTHING =
      """
      { "Comment": "all of it", "StartAt": "Prepare", "TimeoutSeconds": 3600, "Version": "1.0",
        "States": {
          "Prepare": { "Type": "Pass", "Result": {"numbers": [3, 2], "items": [1, 2, 3]},
                       "ResultPath": "$.data", "Next": "Compute" },
          "Compute": { "Type": "Task", "Resource": "ordo:task:Add", "InputPath": "$.data.numbers",
                       "Parameters": { "input.$": "$", "label.$": "States.Format('sum of {}', $[0])",
                                       "execution.$": "$$.Execution.Id" },
                       "ResultSelector": { "sum.$": "$" }, "ResultPath": "$.sum",
                       "OutputPath": "$", "TimeoutSeconds": 60, "HeartbeatSeconds": 10,
                       "Retry": [ { "ErrorEquals": ["com.example.Flaky"], "IntervalSeconds": 2,
                                    "MaxAttempts": 5, "BackoffRate": 1.5, "MaxDelaySeconds": 30,
                                    "JitterStrategy": "FULL" },
                                  { "ErrorEquals": ["States.ALL"] } ],
                       "Catch": [ { "ErrorEquals": ["States.Timeout"], "Next": "Failed",
                                    "ResultPath": "$.error" },
                                  { "ErrorEquals": ["States.ALL"], "Next": "Failed",
                                    "ResultPath": null } ],
                       "Next": "Decide" },
          "Decide": { "Type": "Choice", "InputPath": "$", "OutputPath": "$",
                      "Choices": [
                        { "And": [ { "Variable": "$.sum.sum", "IsNumeric": true },
                                   { "Variable": "$.sum.sum", "NumericGreaterThan": 4 } ],
                          "Next": "Pause" },
                        { "Not": { "Variable": "$.sum.sum", "NumericEqualsPath": "$.data.numbers[0]" },
                          "Next": "EachItem" } ],
                      "Default": "Done" },
          "Pause": { "Type": "Wait", "SecondsPath": "$.data.numbers[1]", "Next": "EachItem" },
          "EachItem": { "Type": "Map", "ItemsPath": "$.data.items", "MaxConcurrency": 2,
                        "ItemSelector": { "value.$": "$$.Map.Item.Value", "index.$": "$$.Map.Item.Index" },
                        "ItemProcessor": { "ProcessorConfig": { "Mode": "INLINE" }, "StartAt": "Echo",
                          "States": { "Echo": { "Type": "Task", "Resource": "ordo:task:Echo", "End": true } } },
                        "ResultPath": "$.echoed", "Next": "Done" },
          "Done": { "Type": "Succeed", "OutputPath": "$.sum" },
          "Failed": { "Type": "Fail", "Error": "Computation.Failed", "Cause": "it broke" }
        } }
      """;

  /** Knows the task types Echo, Add and Subtract. */
  static final ResourceResolver SAMPLE_TASKS = known("Echo", "Add", "Subtract");

  private Definitions() {}

  static ResourceResolver known(String... names) {
    Set<String> known = Set.of(names);
    return name -> known.contains(name) ? Optional.of("io.ordo.sample." + name) : Optional.empty();
  }

  static JsonObject json(String text) {
    return new JsonObject(text);
  }
}
