package io.ordo.statemachine.language;

/** The {@code QueryLanguage} field: Ordo runs JSONPath definitions only, not JSONata. */
final class QueryLanguage {

  private static final String JSON_PATH = "JSONPath";

  private QueryLanguage() {}

  static void check(FieldReader fields) {
    fields
        .string("QueryLanguage")
        .filter(language -> !language.equals(JSON_PATH))
        .ifPresent(
            language ->
                fields.report(
                    "QueryLanguage",
                    "QueryLanguage '" + language + "' is not supported by Ordo; use JSONPath"));
  }
}
