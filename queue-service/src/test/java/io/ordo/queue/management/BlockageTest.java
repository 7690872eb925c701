package io.ordo.queue.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ordo.model.QueueKind;
import io.ordo.model.TaskInfo;
import io.ordo.queue.management.Blockage.Capacity;
import io.ordo.queue.management.Blockage.Capacity.RunnerRoom;
import io.ordo.queue.store.QueueRow;
import io.ordo.queue.store.TaskStore.Counts;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code blockedReason} NO_RUNNER by task type (which waiting messages no live runner runs), and
 * NO_CAPACITY: no room in the parallel queue's sense (threads and prefetch room), or in a serial
 * head's (a free thread of a runner of its type).
 */
class BlockageTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private static final QueueRow SERIAL = new QueueRow("t", QueueKind.SERIAL, "q", true, null);
  private static final QueueRow PARALLEL = new QueueRow("t", QueueKind.PARALLEL, "", true, null);
  private static final Counts ONE_WAITING = new Counts(1, 0);
  private static final Capacity RUNS_ECHO = capacity(runner(4, 2, "Echo"));

  @Test
  void serialHeadOfATypeNoLiveRunnerRuns_namesItsTypeAndMessage() {
    Blockage blockage = serial(head("Gone"), RUNS_ECHO);

    assertEquals("NO_RUNNER", blockage.reason());
    assertEquals(
        new JsonObject().put("messageId", "m1").put("taskClassName", "Gone"), blockage.details());
  }

  @Test
  void serialHeadThatALiveRunnerRuns_orAScript_isNotBlocked() {
    assertNull(serial(head("Echo"), RUNS_ECHO));
    assertNull(serial(head(null), RUNS_ECHO));
  }

  @Test
  void aRunnerThatNeverSaidItsTypes_mightRunAnyOfThem() {
    assertNull(serial(head("Gone"), capacity(new RunnerRoom(4, 2, Set.of(), true))));
  }

  @Test
  void noLiveRunnerAtAll_hasNoDetails() {
    Blockage blockage = serial(head(null), capacity());

    assertEquals("NO_RUNNER", blockage.reason());
    assertEquals(new JsonObject(), blockage.details());
  }

  @Test
  void parallelQueueOfTypesNoLiveRunnerRuns_namesThemAll() {
    Blockage blockage = parallel(Set.of("Gone", "Away"), RUNS_ECHO);

    assertEquals("NO_RUNNER", blockage.reason());
    assertEquals(
        new JsonObject().put("taskClassNames", new JsonArray(List.of("Away", "Gone"))),
        blockage.details());
  }

  @Test
  void parallelQueueWithOneTypeALiveRunnerRuns_isNotBlocked_whateverItsOldestMessage() {
    Set<String> withScripts = new HashSet<>(Set.of("Gone"));
    withScripts.add(null);

    assertNull(parallel(Set.of("Gone", "Echo"), RUNS_ECHO));
    assertNull(parallel(withScripts, RUNS_ECHO));
  }

  @Test
  void runnableTypesWithEveryRunnerFull_areNoCapacity() {
    assertEquals("NO_CAPACITY", parallel(Set.of("Echo"), capacity(runner(0, 0, "Echo"))).reason());
  }

  @Test
  void serialHeadWhileEveryThreadIsBusy_isNoCapacity_thoughPrefetchRoomIsLeft() {
    Capacity busyWithRoom = capacity(runner(2, 0, "Echo"));

    assertEquals("NO_CAPACITY", serial(head("Echo"), busyWithRoom).reason());
    assertEquals("NO_CAPACITY", serial(head(null), busyWithRoom).reason());
    assertEquals("NO_CAPACITY", serial(null, busyWithRoom).reason());
    assertNull(parallel(Set.of("Echo"), busyWithRoom));
  }

  @Test
  void serialHeadWithAFreeThreadOnlyOnARunnerOfOtherTypes_isNoCapacity() {
    Capacity elsewhere = capacity(runner(2, 0, "Echo"), runner(4, 2, "Sleep"));

    assertEquals("NO_CAPACITY", serial(head("Echo"), elsewhere).reason());
    assertNull(serial(head("Sleep"), elsewhere));
    assertNull(serial(head(null), elsewhere));
  }

  @Test
  void withoutRunner_namesTheWaitingTypesNoLiveRunnerRuns_evenWhileOthersRun_neverScripts() {
    Set<String> types = new HashSet<>(Set.of("Gone", "Echo", "Away"));
    types.add(null);

    assertEquals(List.of("Away", "Gone"), Blockage.withoutRunner(types, RUNS_ECHO));
    assertEquals(
        List.of(), Blockage.withoutRunner(types, capacity(new RunnerRoom(4, 2, Set.of(), true))));
    assertEquals(List.of("Away", "Echo", "Gone"), Blockage.withoutRunner(types, capacity()));
  }

  private static Capacity capacity(RunnerRoom... runners) {
    return new Capacity(List.of(runners));
  }

  private static RunnerRoom runner(int freeSlots, int freeThreads, String... taskTypes) {
    return new RunnerRoom(freeSlots, freeThreads, Set.of(taskTypes), false);
  }

  private static Blockage serial(TaskInfo head, Capacity capacity) {
    return Blockage.of(SERIAL, ONE_WAITING, List.of(), head, Set.of(), capacity, NOW);
  }

  private static Blockage parallel(Set<String> types, Capacity capacity) {
    // the parallel queue's oldest message is of a type no runner runs: it does not decide
    return Blockage.of(PARALLEL, ONE_WAITING, List.of(), head("Gone"), types, capacity, NOW);
  }

  private static TaskInfo head(String taskClassName) {
    return TaskInfo.fromJson(
        new JsonObject()
            .put("messageId", "m1")
            .put("queue", "serial")
            .put("state", "WAITING")
            .put("taskClassName", taskClassName)
            .put("jsPath", taskClassName == null ? "echo.js" : null));
  }
}
