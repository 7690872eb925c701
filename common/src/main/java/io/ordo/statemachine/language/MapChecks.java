package io.ordo.statemachine.language;

import java.util.Set;

/** Checks a Map state's own fields; its item processor is validated as a scope of its own. */
final class MapChecks {

  private static final Set<String> PROCESSOR_CONFIG_FIELDS = Set.of("Mode", "ExecutionType");

  private MapChecks() {}

  static void check(FieldReader fields, ScopeValidator scopes) {
    PathChecks.referencePath(fields, "ItemsPath");
    PathChecks.template(fields, "ItemSelector");
    if (fields.has("ItemSelector") && fields.has("Parameters")) {
      fields.report("Parameters", "use ItemSelector or its older name Parameters, not both");
    }
    fields.integer("MaxConcurrency", 0);
    PathChecks.referencePath(fields, "MaxConcurrencyPath");
    if (fields.has("MaxConcurrency") && fields.has("MaxConcurrencyPath")) {
      fields.report("MaxConcurrencyPath", "use MaxConcurrency or MaxConcurrencyPath, not both");
    }
    boolean processor = fields.has("ItemProcessor");
    boolean iterator = fields.has("Iterator");
    if (processor && iterator) {
      fields.report("Iterator", "use ItemProcessor or its older name Iterator, not both");
    } else if (!processor && !iterator) {
      fields.report("ItemProcessor", "ItemProcessor is required");
    }
    fields
        .jsonObject("ItemProcessor")
        .ifPresent(
            json ->
                scopes.validate(
                    json, fields.at("ItemProcessor"), ScopeValidator.Kind.ITEM_PROCESSOR));
    fields
        .jsonObject("Iterator")
        .ifPresent(
            json ->
                scopes.validate(json, fields.at("Iterator"), ScopeValidator.Kind.ITEM_PROCESSOR));
  }

  /** An item processor's ProcessorConfig: Ordo runs inline Map states only. */
  static void processorConfig(FieldReader processor) {
    processor
        .jsonObject("ProcessorConfig")
        .ifPresent(
            json -> {
              FieldReader config =
                  new FieldReader(json, processor.at("ProcessorConfig"), processor.problems());
              config.allowOnly(PROCESSOR_CONFIG_FIELDS, name -> null);
              config
                  .string("Mode")
                  .filter(mode -> !mode.equals("INLINE"))
                  .ifPresent(
                      mode ->
                          config.report(
                              "Mode", "Mode '" + mode + "' is not supported by Ordo; use INLINE"));
              config.string("ExecutionType");
            });
  }
}
