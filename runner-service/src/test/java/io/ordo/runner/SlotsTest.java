package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.ordo.runner.execution.TaskExecution;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A runner's slots, as the event loop and the task threads share them. */
class SlotsTest {
  private static final long SECOND = 1_000_000_000L;

  private final Slots slots = new Slots(2, 8);

  @Test
  void fill_givesAtMostMaxThreadsSlots_serialHeadsFirst() {
    TaskExecution a = execution();
    TaskExecution b = execution();
    TaskExecution head = execution();
    slots.add(a, false, 0);
    slots.add(b, false, 0);
    slots.add(head, true, 0);

    assertEquals(List.of(head, a), slots.fill(0));
    assertEquals(2, slots.busy());
    assertEquals(List.of(), slots.fill(0));
  }

  @Test
  void next_takesTheFirstWaitingMessageOnlyOnceASlotIsFree() {
    TaskExecution a = execution();
    TaskExecution b = execution();
    TaskExecution c = execution();
    slots.add(a, false, 0);
    slots.add(b, false, 0);
    slots.add(c, false, 0);
    slots.fill(0);

    assertNull(slots.next(0), "both slots are taken");
    slots.free(a, 1);
    assertSame(c, slots.next(1));
    assertNull(slots.next(1), "nothing waits any more");
    assertEquals(2, slots.busy());
  }

  @Test
  void close_handsTheWaitingBack_andNoSlotIsGivenAfterwards() {
    TaskExecution a = execution();
    TaskExecution b = execution();
    TaskExecution c = execution();
    slots.add(a, false, 0);
    slots.fill(0);
    slots.add(b, false, 0);
    slots.add(c, false, 0);

    assertEquals(List.of(b, c), slots.close());
    slots.free(a, 1);
    assertNull(slots.next(1));
    assertEquals(List.of(), slots.fill(1));
  }

  @Test
  void removeWaitingLongerThan_takesOnlyTheOverdueOutOfLine() {
    TaskExecution old = execution();
    TaskExecution young = execution();
    TaskExecution running = execution();
    TaskExecution other = execution();
    slots.add(running, false, 0);
    slots.add(other, false, 0);
    slots.fill(0);
    slots.add(old, false, 0);
    slots.add(young, false, 5 * SECOND);

    assertEquals(List.of(old), slots.removeWaitingLongerThan(3 * SECOND, 6 * SECOND));
    slots.free(running, 6 * SECOND);
    assertSame(young, slots.next(6 * SECOND), "the overdue message never gets a slot");
  }

  private static TaskExecution execution() {
    return new TaskExecution(null, null, null);
  }
}
