package io.ordo.statemachine.language;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.Optional;

/** Checks the syntax of path fields and of the expressions inside payload templates. */
final class PathChecks {

  private PathChecks() {}

  /** A Path field (InputPath, OutputPath, ...); {@code nullable} if JSON null is allowed. */
  static void path(FieldReader fields, String name, boolean nullable) {
    text(fields, name, nullable)
        .ifPresent(
            path -> {
              try {
                JsonPath.parse(path);
              } catch (IllegalArgumentException bad) {
                fields.report(
                    name, "bad path " + JsonValues.quoted(path) + ": " + bad.getMessage());
              }
            });
  }

  /** A field holding a path or an intrinsic function call (ErrorPath, CausePath). */
  static void expression(FieldReader fields, String name) {
    text(fields, name, false)
        .ifPresent(
            expression -> {
              try {
                Expression.parse(expression);
              } catch (IllegalArgumentException bad) {
                fields.report(
                    name,
                    "bad expression " + JsonValues.quoted(expression) + ": " + bad.getMessage());
              }
            });
  }

  /** A reference path field (ItemsPath, SecondsPath, ...): a path without wildcards. */
  static void referencePath(FieldReader fields, String name) {
    text(fields, name, false)
        .ifPresent(
            path -> {
              try {
                JsonPath.parseReference(path);
              } catch (IllegalArgumentException bad) {
                fields.report(
                    name,
                    "bad reference path " + JsonValues.quoted(path) + ": " + bad.getMessage());
              }
            });
  }

  /** A ResultPath field: null, or a reference path on {@code $}. */
  static void resultPath(FieldReader fields, String name) {
    text(fields, name, true)
        .ifPresent(
            path -> {
              try {
                ResultPath.of(path);
              } catch (IllegalArgumentException bad) {
                fields.report(
                    name, "bad ResultPath " + JsonValues.quoted(path) + ": " + bad.getMessage());
              }
            });
  }

  /** A payload template field: an object whose {@code .$} fields hold valid expressions. */
  static void template(FieldReader fields, String name) {
    fields
        .jsonObject(name)
        .ifPresent(template -> walk(template, fields.at(name), fields.problems()));
  }

  private static void walk(Object node, Location at, Problems problems) {
    if (node instanceof JsonObject object) {
      for (String name : object.fieldNames()) {
        Object value = object.getValue(name);
        if (!PayloadTemplate.isExpressionField(name)) {
          walk(value, at.field(name), problems);
        } else if (object.containsKey(PayloadTemplate.target(name))) {
          problems.add(
              at.field(name),
              "'"
                  + name
                  + "' and '"
                  + PayloadTemplate.target(name)
                  + "' would both set the field '"
                  + PayloadTemplate.target(name)
                  + "'");
        } else if (!(value instanceof String expression)) {
          problems.add(
              at.field(name),
              "a field ending in .$ must hold a path or function call as a string, not "
                  + FieldReader.describe(value));
        } else {
          try {
            Expression.parse(expression);
          } catch (IllegalArgumentException bad) {
            problems.add(
                at.field(name),
                "bad expression " + JsonValues.quoted(expression) + ": " + bad.getMessage());
          }
        }
      }
    } else if (node instanceof JsonArray array) {
      for (int i = 0; i < array.size(); i++) {
        walk(array.getValue(i), at.index(i), problems);
      }
    }
  }

  // The field's text, or empty when absent, wrongly typed (reported) or an allowed null.
  private static Optional<String> text(FieldReader fields, String name, boolean nullable) {
    if (!fields.has(name) || (nullable && fields.object().getValue(name) == null)) {
      return Optional.empty();
    }
    return fields.string(name);
  }
}
