package io.ordo.client.it;

import static io.ordo.client.it.Await.failure;
import static io.ordo.client.it.Await.result;
import static io.ordo.client.it.Await.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.client.http.OrdoClient;
import io.ordo.client.http.OverlapPolicy;
import io.ordo.client.http.Schedule;
import io.ordo.client.http.ScheduleEvent;
import io.ordo.client.http.ScheduleManager;
import io.ordo.client.http.ScheduleSpec;
import io.ordo.client.http.TaskRegistration;
import io.ordo.client.http.TimeoutType;
import io.ordo.client.http.exception.ForbiddenException;
import io.ordo.client.http.exception.InvalidRequestException;
import io.ordo.client.http.exception.NotFoundException;
import io.ordo.client.http.exception.UnknownTaskTypeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every {@link ScheduleManager} method against a real node. */
@ExtendWith(SharedNode.class)
class ScheduleTest {
  /** A day: aligned on the epoch, so it does not fire while a test runs unless one is near. */
  private static final ScheduleSpec DAILY_ECHO =
      ScheduleSpec.every(Duration.ofDays(1))
          .parallelTask(
              TaskRegistration.builder("Echo")
                  .parameter(Map.of("n", 1))
                  .timeout(TimeoutType.START_TO_CLOSE, Duration.ofMinutes(5))
                  .retry(3, Duration.ofSeconds(1), 2.0, null)
                  .build())
          .build();

  private NodeProcess node;
  private OrdoClient ordo;
  private ScheduleManager schedules;
  private String id;

  @BeforeEach
  void connect(NodeProcess node) {
    this.node = node;
    ordo = TaskManagerTest.client(node, NodeProcess.OPERATOR);
    schedules = ordo.schedules();
    id = "it-" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Test
  void aSchedule_isPutReadPausedResumedTriggeredAndDeleted() throws Exception {
    Schedule created = schedules.putSchedule(id, DAILY_ECHO);
    assertEquals(id, created.scheduleId());
    assertEquals(86_400L, created.intervalSeconds());
    assertNull(created.cron());
    assertEquals("parallel", created.task().get("queue"));
    assertEquals(Map.of("n", 1), created.task().get("parameter"));
    assertEquals(OverlapPolicy.SKIP, created.overlapPolicy());
    assertEquals(300, created.catchupWindowSeconds());
    assertFalse(created.paused());
    assertEquals(5, created.nextFireTimes().size());
    assertNull(created.lastResult());

    ScheduleSpec replacement =
        ScheduleSpec.cron("0 3 * * *")
            .timeZone(ZoneId.of("Europe/Berlin"))
            .parallelTask(TaskRegistration.of("Echo", Map.of("n", 2)))
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .catchupWindow(Duration.ofMinutes(10))
            .build();
    Schedule replaced = result(schedules.putScheduleAsync(id, replacement));
    assertEquals("0 3 * * *", replaced.cron());
    assertNull(replaced.intervalSeconds());
    assertEquals("Europe/Berlin", replaced.timeZone());
    assertEquals(OverlapPolicy.ALLOW_ALL, replaced.overlapPolicy());
    assertEquals(600, replaced.catchupWindowSeconds());
    assertEquals(created.createdAt(), replaced.createdAt());

    assertEquals("0 3 * * *", schedules.getSchedule(id).cron());
    assertEquals(id, result(schedules.getScheduleAsync(id)).scheduleId());
    assertTrue(schedules.listSchedules().stream().anyMatch(s -> s.scheduleId().equals(id)));
    assertTrue(
        result(schedules.listSchedulesAsync()).stream().anyMatch(s -> s.scheduleId().equals(id)));

    Schedule paused = schedules.pauseSchedule(id);
    assertTrue(paused.paused());
    assertEquals(List.of(), paused.nextFireTimes());
    Schedule resumed = schedules.resumeSchedule(id);
    assertFalse(resumed.paused());
    assertEquals(5, resumed.nextFireTimes().size());
    assertFalse(result(schedules.resumeScheduleAsync(id)).paused());
    assertTrue(result(schedules.pauseScheduleAsync(id)).paused());

    // paused, so that only the triggers fire (a trigger ignores pause)
    ScheduleEvent fired = schedules.triggerSchedule(id);
    assertTrue(fired.isFired());
    assertEquals("trigger", fired.cause());
    assertNotNull(fired.fireTime());
    assertEquals(fired.messageId(), ordo.tasks().getTaskInfo(fired.messageId()).getMessageId());
    ScheduleEvent again = result(schedules.triggerScheduleAsync(id));
    assertTrue(again.isFired());

    Schedule afterFires = schedules.getSchedule(id);
    assertEquals(List.of(again, fired), afterFires.recentFires());
    assertEquals(again, afterFires.lastResult());
    assertEquals(List.of(), afterFires.recentSkips());

    assertTrue(schedules.deleteSchedule(id));
    assertFalse(schedules.deleteSchedule(id));
    assertFalse(result(schedules.deleteScheduleAsync(id)));
    assertThrows(NotFoundException.class, () -> schedules.getSchedule(id));
    assertInstanceOf(NotFoundException.class, failure(schedules.getScheduleAsync(id)));
    assertThrows(NotFoundException.class, () -> schedules.pauseSchedule(id));
    assertThrows(NotFoundException.class, () -> schedules.triggerSchedule(id));
  }

  @Test
  void aScheduleFiresOnItsOwn_intoASerialQueue() {
    String queueId = "it.schedule." + id;
    ordo.tasks().addSerializedTaskQueue(queueId, true);
    schedules.putSchedule(
        id,
        ScheduleSpec.every(Duration.ofSeconds(1))
            .serialTask(
                queueId,
                TaskRegistration.builder("Echo")
                    .parameter(Map.of("n", 3))
                    .stopProgressOnError(true)
                    .build())
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .build());
    try {
      Schedule fired =
          until(
              () -> schedules.getSchedule(id),
              s -> s.recentFires().stream().anyMatch(e -> e.cause().equals("schedule")),
              "a fire of the schedule");
      ScheduleEvent fire = fired.recentFires().get(fired.recentFires().size() - 1);
      assertEquals(queueId, fired.task().get("queueId"));
      assertEquals(true, fired.task().get("stopProgressOnError"));
      assertNotNull(ordo.tasks().getTaskInfo(fire.messageId()));
    } finally {
      schedules.deleteSchedule(id);
    }
  }

  @Test
  void aTriggerWithoutItsSerialQueue_isASkip() {
    schedules.putSchedule(
        id,
        ScheduleSpec.every(Duration.ofDays(1))
            .serialTask("it.schedule.missing." + id, TaskRegistration.of("Echo", null))
            .build());
    ScheduleEvent skipped = schedules.triggerSchedule(id);
    assertFalse(skipped.isFired());
    assertEquals("REFUSED", skipped.reason());
    assertNotNull(skipped.detail());
    assertEquals(List.of(skipped), schedules.getSchedule(id).recentSkips());
    assertTrue(schedules.deleteSchedule(id));
  }

  @Test
  void aScheduleStartsExecutions() {
    String machine = "it-schedule-" + id;
    ordo.stateMachines()
        .saveStateMachine(
            machine,
            Map.of(
                "StartAt", "Done", "States", Map.of("Done", Map.of("Type", "Pass", "End", true))));
    schedules.putSchedule(
        id, ScheduleSpec.cron("0 0 1 1 *").execution(machine, Map.of("year", 2030)).build());
    ScheduleEvent fired = schedules.triggerSchedule(id);
    assertNull(fired.messageId());
    Map<?, ?> input =
        (Map<?, ?>) ordo.stateMachines().describeExecution(fired.executionId()).input();
    assertEquals(Map.of("year", 2030), input);
    assertEquals(machine, schedules.getSchedule(id).task().get("stateMachine"));
    assertTrue(schedules.deleteSchedule(id));
  }

  @Test
  void invalidSchedules_areRefused_andNothingIsStored() throws Exception {
    InvalidRequestException badCron =
        assertThrows(
            InvalidRequestException.class,
            () ->
                schedules.putSchedule(
                    id,
                    ScheduleSpec.cron("not a cron")
                        .parallelTask(TaskRegistration.of("Echo", null))
                        .build()));
    assertTrue(badCron.detail().contains("cron"), badCron.detail());
    assertInstanceOf(
        UnknownTaskTypeException.class,
        failure(
            schedules.putScheduleAsync(
                id,
                ScheduleSpec.every(Duration.ofHours(1))
                    .parallelTask(TaskRegistration.of("NoSuchTask", null))
                    .build())));
    assertThrows(
        InvalidRequestException.class,
        () ->
            schedules.putSchedule(
                id,
                ScheduleSpec.every(Duration.ofHours(1))
                    .execution("it-no-such-machine-" + id, null)
                    .build()));
    assertThrows(NotFoundException.class, () -> schedules.getSchedule(id));
  }

  @Test
  void theSpec_refusesWhatAScheduleCannotRepeat() {
    ScheduleSpec.Builder hourly = ScheduleSpec.every(Duration.ofHours(1));
    assertThrows(
        IllegalArgumentException.class,
        () -> hourly.parallelTask(TaskRegistration.builder("Echo").idempotencyKey("k").build()));
    assertThrows(
        IllegalArgumentException.class,
        () -> hourly.parallelTask(TaskRegistration.builder("Echo").delay(Duration.ZERO).build()));
    assertThrows(IllegalArgumentException.class, () -> ScheduleSpec.every(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> ScheduleSpec.cron(" "));
    assertThrows(IllegalStateException.class, hourly::build);
  }

  @Test
  void aSubmitter_isForbidden() {
    ScheduleManager submitter = TaskManagerTest.client(node, NodeProcess.SUBMITTER).schedules();
    assertThrows(ForbiddenException.class, () -> submitter.putSchedule(id, DAILY_ECHO));
    assertThrows(ForbiddenException.class, submitter::listSchedules);
    assertThrows(ForbiddenException.class, () -> submitter.triggerSchedule(id));
  }
}
