package io.ordo.statemachine.language;

/**
 * Checks a Fail state's Error and Cause, each given as text or as a path (or intrinsic function
 * call).
 */
final class FailChecks {

  private FailChecks() {}

  static void check(FieldReader fields) {
    for (String field : new String[] {"Error", "Cause"}) {
      String pathField = field + "Path";
      if (fields.has(field) && fields.has(pathField)) {
        fields.report(pathField, "use " + field + " or " + pathField + ", not both");
      }
      fields.string(field);
      PathChecks.expression(fields, pathField);
    }
  }
}
