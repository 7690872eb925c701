package io.ordo.queue.statemachine;

import io.ordo.statemachine.language.StateMachineDefinition;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parsed definitions by state machine and revision: a revision never changes, so each is parsed
 * once, not at every advance of every execution.
 */
final class ParsedDefinitions {
  private static final int MAX_ENTRIES = 256;

  private final Map<String, StateMachineDefinition> cache =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, StateMachineDefinition> eldest) {
          return size() > MAX_ENTRIES;
        }
      };

  synchronized StateMachineDefinition of(ExecutionRow row) {
    String key = row.tenant() + "\u0000" + row.stateMachine() + "\u0000" + row.revision();
    return cache.computeIfAbsent(key, k -> StateMachineDefinition.parse(row.definition()));
  }
}
