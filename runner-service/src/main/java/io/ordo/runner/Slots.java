package io.ordo.runner;

import io.ordo.runner.execution.TaskExecution;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A runner's slots: at most {@code maxThreads} tasks in their lifecycle at once, and the claimed
 * messages waiting for a slot, oldest received first whichever claim brought them (SPEC 3.4: among
 * the heads, the oldest received time wins; a serial head claimed after prefetched messages that
 * were received before it waits behind them, for a moment, as they are short). Decides how much the
 * next claim may take: prefetching goes on only while tasks are short, so that a prefetched message
 * waits a moment, not behind long runs.
 *
 * <p>Thread-safe: the event loop adds claimed messages and hands out slots, and a task thread whose
 * task ended frees its slot and takes the next waiting message itself ({@link #next}), without a
 * round trip through the event loop.
 */
final class Slots {
  /** Tasks holding their slots longer than this (now, or on average lately) stop prefetching. */
  static final long SHORT_NANOS = 1_000_000_000L;

  /**
   * How long the last prefetched message should wait for a slot, at the recent average hold: the
   * prefetch room shrinks as tasks get longer (the configured prefetch is its upper bound).
   */
  static final long PREFETCH_WAIT_NANOS = 100_000_000L;

  private static final double WEIGHT = 0.2;

  private final int maxThreads;
  private final int prefetch;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private final Map<TaskExecution, Long> slotTaken = new HashMap<>();
  private final AtomicInteger busy = new AtomicInteger();
  private double averageHoldNanos;
  private boolean holdSampled;
  private boolean closed;

  /** A claimed message waiting for a slot, when it was received, and since when it waits. */
  private record Waiting(TaskExecution execution, Instant receivedAt, long since) {}

  Slots(int maxThreads, int prefetch) {
    this.maxThreads = maxThreads;
    this.prefetch = prefetch;
  }

  /** How many tasks may be in their lifecycle at once. */
  int maxThreads() {
    return maxThreads;
  }

  /**
   * A claimed message waits for a slot, behind those received before it (claims answer in received
   * order, so it nearly always goes last). Once the slots are closed nothing waits any more:
   * answers false, and the caller hands it back.
   */
  synchronized boolean add(TaskExecution execution, Instant receivedAt, long now) {
    if (closed) {
      return false;
    }
    // those received after it step aside (none, nearly always: nothing is allocated then)
    ArrayDeque<Waiting> younger = null;
    while (!waiting.isEmpty() && waiting.peekLast().receivedAt().isAfter(receivedAt)) {
      if (younger == null) {
        younger = new ArrayDeque<>();
      }
      younger.addFirst(waiting.pollLast());
    }
    waiting.addLast(new Waiting(execution, receivedAt, now));
    if (younger != null) {
      waiting.addAll(younger);
    }
    return true;
  }

  /** Gives free slots to waiting messages; answers those that got one, in order. */
  synchronized List<TaskExecution> fill(long now) {
    List<TaskExecution> started = new ArrayList<>();
    for (TaskExecution next = next(now); next != null; next = next(now)) {
      started.add(next);
    }
    return started;
  }

  /** Gives one free slot to the first waiting message, if there are both; else null. */
  synchronized TaskExecution next(long now) {
    if (closed || slotTaken.size() >= maxThreads || waiting.isEmpty()) {
      return null;
    }
    TaskExecution execution = waiting.poll().execution();
    slotTaken.put(execution, now);
    busy.set(slotTaken.size());
    return execution;
  }

  /** The execution is over on this runner: its slot, or its place in line, is free. */
  synchronized void free(TaskExecution execution, long now) {
    if (waiting.removeIf(w -> w.execution() == execution)) {
      return;
    }
    Long taken = slotTaken.remove(execution);
    if (taken != null) {
      long hold = now - taken;
      averageHoldNanos = holdSampled ? averageHoldNanos + WEIGHT * (hold - averageHoldNanos) : hold;
      holdSampled = true;
    }
    busy.set(slotTaken.size());
  }

  /**
   * How many messages the next claim may take, given {@code held} in hand (waiting, in a slot, or
   * still to be freed): free slots, plus the prefetch room while tasks are short. Zero while enough
   * prefetched messages wait: one claim of many rows costs about what a claim of one costs.
   */
  synchronized int claimRoom(int held, long now) {
    int prefetchRoom = prefetchRoom(now);
    int room = maxThreads + prefetchRoom - held;
    if (room <= 0 || (waiting.size() >= maxThreads && room < prefetchRoom)) {
      return 0;
    }
    return room;
  }

  /**
   * How many messages may wait for a slot: none while a task holds its slot long (now or on
   * average); else as many as the threads run in {@link #PREFETCH_WAIT_NANOS} at the recent average
   * hold, at most the configured prefetch, and one per thread until a task has ended here.
   */
  private int prefetchRoom(long now) {
    if (!prefetching(now)) {
      return 0;
    }
    if (!holdSampled) {
      return Math.min(prefetch, maxThreads);
    }
    double perThread = PREFETCH_WAIT_NANOS / Math.max(averageHoldNanos, 1.0);
    return (int) Math.min(prefetch, maxThreads * perThread);
  }

  /**
   * How many messages the runner takes at once now: its threads plus the prefetch room its tasks'
   * pace allows (reported with each lease renewal, for the queue info's {@code NO_CAPACITY}).
   */
  synchronized int capacity(long now) {
    return maxThreads + prefetchRoom(now);
  }

  /** Free slots no waiting message is promised: how many serial heads a claim may take. */
  int freeSlots(int held) {
    return Math.max(0, maxThreads - held);
  }

  /**
   * Takes out of line the waiting messages that have waited longer than {@code limitNanos} for a
   * slot (to be handed back): none of them gets a slot any more.
   */
  synchronized List<TaskExecution> removeWaitingLongerThan(long limitNanos, long now) {
    return takeOutOfLine(w -> now - w.since() > limitNanos);
  }

  /**
   * No waiting message gets a slot from now on (the runner is stopping): takes those waiting out of
   * line, to be handed back.
   */
  synchronized List<TaskExecution> close() {
    closed = true;
    return takeOutOfLine(w -> true);
  }

  private List<TaskExecution> takeOutOfLine(Predicate<Waiting> which) {
    List<TaskExecution> taken = new ArrayList<>();
    waiting.removeIf(
        w -> {
          boolean take = which.test(w);
          if (take) {
            taken.add(w.execution());
          }
          return take;
        });
    return taken;
  }

  /** The recent average time a slot was held, or -1 while no task has ended here. */
  synchronized double averageHoldNanos() {
    return holdSampled ? averageHoldNanos : -1;
  }

  int busy() {
    return busy.get();
  }

  private boolean prefetching(long now) {
    if (averageHoldNanos >= SHORT_NANOS) {
      return false;
    }
    for (long taken : slotTaken.values()) {
      if (now - taken >= SHORT_NANOS) {
        return false;
      }
    }
    return true;
  }
}
