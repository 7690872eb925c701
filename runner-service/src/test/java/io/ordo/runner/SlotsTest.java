package io.ordo.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.ordo.runner.execution.TaskExecution;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A runner's slots, as the event loop and the task threads share them. */
class SlotsTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long MILLISECOND = 1_000_000L;
  private static final Instant RECEIVED = Instant.parse("2026-11-30T09:00:00Z");

  private final Slots slots = new Slots(2, 8);

  @Test
  void fill_givesAtMostMaxThreadsSlots_oldestReceivedFirst() {
    TaskExecution a = execution();
    TaskExecution b = execution();
    TaskExecution older = execution();
    slots.add(a, RECEIVED.plusMillis(2), 0);
    slots.add(b, RECEIVED.plusMillis(3), 0);
    slots.add(older, RECEIVED.plusMillis(1), 0);

    assertEquals(List.of(older, a), slots.fill(0));
    assertEquals(2, slots.busy());
    assertEquals(List.of(), slots.fill(0));
  }

  @Test
  void add_aMessageReceivedAfterThoseWaiting_waitsBehindThem() {
    Slots one = new Slots(1, 8);
    TaskExecution running = execution();
    TaskExecution prefetched = execution();
    TaskExecution head = execution();
    one.add(running, RECEIVED, 0);
    one.fill(0);
    one.add(prefetched, RECEIVED.plusMillis(1), 0);
    // a serial head claimed later, received after the prefetched message
    one.add(head, RECEIVED.plusMillis(2), 0);

    one.free(running, 1);
    assertSame(prefetched, one.next(1));
    one.free(prefetched, 2);
    assertSame(head, one.next(2));
  }

  @Test
  void next_takesTheFirstWaitingMessageOnlyOnceASlotIsFree() {
    TaskExecution a = execution();
    TaskExecution b = execution();
    TaskExecution c = execution();
    slots.add(a, RECEIVED, 0);
    slots.add(b, RECEIVED, 0);
    slots.add(c, RECEIVED, 0);
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
    slots.add(a, RECEIVED, 0);
    slots.fill(0);
    slots.add(b, RECEIVED, 0);
    slots.add(c, RECEIVED, 0);

    assertEquals(List.of(b, c), slots.close());
    slots.free(a, 1);
    assertNull(slots.next(1));
    assertEquals(List.of(), slots.fill(1));
  }

  @Test
  void add_afterClose_takesNothingInLine() {
    TaskExecution late = execution();
    slots.close();

    assertFalse(slots.add(late, RECEIVED, 0), "the caller hands it back");
    assertEquals(List.of(), slots.close());
    assertNull(slots.next(0));
  }

  @Test
  void removeWaitingLongerThan_takesOnlyTheOverdueOutOfLine() {
    TaskExecution old = execution();
    TaskExecution young = execution();
    TaskExecution running = execution();
    TaskExecution other = execution();
    slots.add(running, RECEIVED, 0);
    slots.add(other, RECEIVED, 0);
    slots.fill(0);
    slots.add(old, RECEIVED, 0);
    slots.add(young, RECEIVED, 5 * SECOND);

    assertEquals(List.of(old), slots.removeWaitingLongerThan(3 * SECOND, 6 * SECOND));
    slots.free(running, 6 * SECOND);
    assertSame(young, slots.next(6 * SECOND), "the overdue message never gets a slot");
  }

  @Test
  void claimRoom_beforeAnyTaskEnded_prefetchesOnePerThread() {
    Slots wide = new Slots(2, 100);

    assertEquals(2 + 2, wide.claimRoom(0, 0));
  }

  @Test
  void claimRoom_shortTasks_prefetchUpToTheConfiguredRoom() {
    Slots wide = new Slots(2, 100);
    endOneTask(wide, MILLISECOND);

    // 2 threads run 200 one-millisecond tasks in the prefetch wait; the configuration caps it
    assertEquals(2 + 100, wide.claimRoom(0, 2 * MILLISECOND));
  }

  @Test
  void claimRoom_longerTasks_prefetchWhatTheThreadsRunInThePrefetchWait() {
    Slots wide = new Slots(2, 100);
    endOneTask(wide, 50 * MILLISECOND);

    // 2 threads × (100 ms / 50 ms) = 4 may wait
    assertEquals(2 + 4, wide.claimRoom(0, 60 * MILLISECOND));
    assertEquals(0, wide.claimRoom(6, 60 * MILLISECOND), "the room is taken");
  }

  @Test
  void capacity_isTheThreadsPlusThePrefetchRoomNow() {
    Slots wide = new Slots(2, 100);
    assertEquals(2 + 2, wide.capacity(0), "one per thread before any task ended");
    endOneTask(wide, 50 * MILLISECOND);
    assertEquals(2 + 4, wide.capacity(60 * MILLISECOND));
    wide.add(execution(), RECEIVED, 0);
    wide.fill(0);
    assertEquals(2, wide.capacity(2 * SECOND), "a task held its slot for a second");
  }

  @Test
  void claimRoom_aTaskHoldingItsSlotLong_stopsPrefetching() {
    Slots wide = new Slots(2, 100);
    endOneTask(wide, MILLISECOND);
    wide.add(execution(), RECEIVED, 0);
    wide.fill(0);

    assertEquals(2 - 1, wide.claimRoom(1, 2 * SECOND), "free threads only");
  }

  /** One task takes a slot at 0 and ends after {@code hold}. */
  private static void endOneTask(Slots slots, long hold) {
    TaskExecution task = execution();
    slots.add(task, RECEIVED, 0);
    slots.fill(0);
    slots.free(task, hold);
  }

  private static TaskExecution execution() {
    return new TaskExecution(null, null, null);
  }
}
