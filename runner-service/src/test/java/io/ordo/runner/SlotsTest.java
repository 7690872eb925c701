package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.ordo.runner.execution.TaskExecution;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A runner's threads: each step of a task takes one of {@code maxThreads}; a task whose start is on
 * its way holds none; a started task's run step goes before any accept step; and the tasks in their
 * lifecycle are bounded by the threads, plus the prefetch room only while tasks are short.
 */
class SlotsTest {
  private static final int THREADS = 2;
  private static final int PREFETCH = 4;
  private static final long SECOND = 1_000_000_000L;

  private final Slots slots = new Slots(THREADS, PREFETCH);

  @Test
  void aThreadIsFreeWhileTheStartIsOnItsWay_andTheRunStepGoesFirst() {
    List<TaskExecution> claimed = claim(4, 0);
    List<Slots.Step> first = slots.fill(0);
    assertEquals(List.of(accept(claimed.get(0)), accept(claimed.get(1))), first);
    assertEquals(THREADS, slots.busy());
    assertTrue(slots.fill(0).isEmpty(), "no thread is free");

    slots.threadFree(claimed.get(0)); // its start is on its way
    assertEquals(List.of(accept(claimed.get(2))), slots.fill(0));

    assertTrue(slots.startRecorded(claimed.get(0)));
    slots.threadFree(claimed.get(1));
    // the started task's run step before the waiting message's accept step
    assertEquals(List.of(run(claimed.get(0))), slots.fill(0));
    assertEquals(THREADS, slots.busy());
  }

  @Test
  void shortTasks_moreInTheirLifecycleThanThreads_longTasks_noMoreThanThreads() {
    List<TaskExecution> claimed = claim(10, 0);
    int inLifecycle = 0;
    for (int round = 0; round < 10; round++) {
      for (Slots.Step step : slots.fill(0)) {
        inLifecycle++;
        slots.threadFree(step.execution()); // every start on its way
      }
    }
    assertEquals(THREADS + PREFETCH, inLifecycle, "threads plus the prefetch room while short");

    // a second later those tasks are long: with threads free, no accept step begins while as many
    // tasks as threads are in their lifecycle (each started one must find a thread)
    for (int i = 0; i < PREFETCH; i++) {
      assertTrue(slots.fill(SECOND).isEmpty(), "the lifecycle is full");
      slots.free(claimed.get(i), SECOND);
    }
    assertEquals(0, slots.busy(), "every thread is free");
    assertTrue(slots.fill(SECOND).isEmpty(), "two long tasks in their lifecycle, two threads");
    slots.free(claimed.get(PREFETCH), SECOND);
    List<Slots.Step> next = slots.fill(SECOND);
    assertEquals(List.of(accept(claimed.get(THREADS + PREFETCH))), next);
  }

  @Test
  void aStartRecordedAfterTheTaskWasFreed_isNotQueued() {
    List<TaskExecution> claimed = claim(1, 0);
    slots.fill(0);
    slots.threadFree(claimed.get(0));
    slots.free(claimed.get(0), 0); // lost its hold meanwhile
    assertFalse(slots.startRecorded(claimed.get(0)));
    assertTrue(slots.fill(0).isEmpty());
    assertEquals(0, slots.busy());
  }

  private List<TaskExecution> claim(int count, long now) {
    List<TaskExecution> claimed = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      TaskExecution execution = new TaskExecution(null, null, null);
      slots.add(execution, false, now);
      claimed.add(execution);
    }
    return claimed;
  }

  private static Slots.Step accept(TaskExecution execution) {
    return new Slots.Step(execution, false);
  }

  private static Slots.Step run(TaskExecution execution) {
    return new Slots.Step(execution, true);
  }
}
